#include "tournament/affinity_plan.hpp"

#include "process/cpu_affinity.hpp"

#include <arbiter/protocol/numbers.hpp>
#include <arbiter/ugi/option_spec.hpp>

#include <algorithm>

namespace arb::tournament {

std::optional<long> configured_threads(const engine::EngineConfig &engine) {
    for (const auto &[name, value] : engine.ugi_options) {
        if (!ugi::same_option_name(name, "Threads") && !ugi::same_option_name(name, "USI_Threads") &&
            !ugi::same_option_name(name, "Cores"))
            continue;
        if (auto n = protocol::parse_integer<long>(value)) return n;
    }
    return std::nullopt;
}

AffinityPlan affinity_plan(const config::AffinitySection &section, const std::vector<engine::EngineConfig> &engines) {
    using Mode = config::AffinitySection::Mode;
    AffinityPlan plan;
    if (section.mode == Mode::Off) return plan;
    auto single = [](const engine::EngineConfig &e) { return configured_threads(e) == 1L; };
    if (section.mode == Mode::Auto && (engines.empty() || !std::all_of(engines.begin(), engines.end(), single)))
        return plan;
    plan.cpus = section.cpus.empty() ? process::usable_cpus() : section.cpus;
    for (const auto &e : engines) plan.engines.push_back(configured_threads(e).value_or(1) <= 1);
    return plan;
}

}  // namespace arb::tournament

// affinity: which games are kept on one CPU and which engines go with them
// (tournament/affinity_plan.hpp), from the config key and fastchess's rule
// (its AffinityManager turns pinning off for engines of more than one thread).
#include "config/config_loader.hpp"
#include "process/cpu_affinity.hpp"
#include "tournament/affinity_plan.hpp"

#include "support/temp_dir.hpp"

#include <catch2/catch.hpp>

using arb::config::AffinitySection;
using arb::engine::EngineConfig;
using arb::tournament::affinity_plan;

namespace {

EngineConfig engine(std::vector<std::pair<std::string, std::string>> options) {
    EngineConfig e;
    e.name = "e";
    e.ugi_options = std::move(options);
    return e;
}

AffinitySection mode(AffinitySection::Mode m, std::vector<int> cpus = {}) {
    AffinitySection a;
    a.mode = m;
    a.cpus = std::move(cpus);
    return a;
}

arb::config::LoadOptions options_for(const std::filesystem::path &dir) {
    arb::config::LoadOptions o;
    o.plugin_dirs = {ARBITER_PLUGIN_DIR};
    o.base_dir = dir;
    o.out_base_dir = dir;
    o.default_out_dir = "out";
    return o;
}

}  // namespace

TEST_CASE("a CPU list is read as taskset writes it", "[affinity]") {
    using arb::process::parse_cpu_list;
    CHECK(parse_cpu_list("0-3,8") == std::vector<int>{0, 1, 2, 3, 8});
    CHECK(parse_cpu_list("5") == std::vector<int>{5});
    CHECK(parse_cpu_list("2-2,0") == std::vector<int>{2, 0});
    for (const char *bad : {"", "x", "3-1", "0,", ",1", "1-", "-1", "0-99999"}) {
        INFO(bad);
        CHECK_FALSE(parse_cpu_list(bad));
    }
}

TEST_CASE("auto pins only when every engine is configured with one thread", "[affinity]") {
    const auto one = engine({{"Hash", "16"}, {"Threads", "1"}});
    const auto usi = engine({{"usi_threads", "1"}});  // any case, as engines match option names
    const auto unknown = engine({{"Hash", "16"}});
    const auto four = engine({{"Threads", "4"}});
    const auto Auto = mode(AffinitySection::Mode::Auto);

    auto plan = affinity_plan(Auto, {one, usi});
    REQUIRE(plan.active());
    CHECK(plan.cpus == arb::process::usable_cpus());
    CHECK(plan.engines == std::vector<bool>{true, true});
    // An engine of unknown thread count (lc0 and KataGo use many by default) is never pinned by default.
    CHECK_FALSE(affinity_plan(Auto, {one, unknown}).active());
    CHECK_FALSE(affinity_plan(Auto, {one, four}).active());
    CHECK_FALSE(affinity_plan(Auto, {one, engine({{"Threads", "one"}})}).active());
}

TEST_CASE("on pins every game and every engine not configured with more threads, off nothing", "[affinity]") {
    const auto four = engine({{"Threads", "4"}});
    const auto unknown = engine({});
    auto plan = affinity_plan(mode(AffinitySection::Mode::On, {1, 3}), {four, unknown});
    CHECK(plan.cpus == std::vector<int>{1, 3});
    CHECK(plan.engines == std::vector<bool>{false, true});
    CHECK_FALSE(affinity_plan(mode(AffinitySection::Mode::Off), {engine({{"Threads", "1"}})}).active());
}

TEST_CASE("the affinity key: auto, on, off or a CPU list, and a bad value named with its place", "[affinity][config]") {
    arb::test::TempDir dir;
    auto load = [&](const std::string &value) {
        return arb::config::load_config_text("game: {id: tictactoe}\nengines:\n  - {name: a, command: sh}\n"
                                             "  - {name: b, command: sh}\naffinity: " + value + "\n",
                                             "t.yaml", options_for(dir.path()));
    };
    auto on = load("on");
    REQUIRE(on.has_value());
    CHECK(on->config.affinity.mode == AffinitySection::Mode::On);
    auto listed = load("\"0-1\"");
    REQUIRE(listed.has_value());
    CHECK(listed->config.affinity.cpus == std::vector<int>{0, 1});
    CHECK(arb::config::to_yaml(listed->config).find("affinity: 0,1\n") != std::string::npos);
    auto off = load("off");
    REQUIRE(off.has_value());
    CHECK(off->config.affinity.mode == AffinitySection::Mode::Off);
    auto bad = load("sometimes");
    REQUIRE_FALSE(bad.has_value());
    CHECK(bad.error().message ==
          "t.yaml:5:11: affinity: 'sometimes' is none of auto, on, off or a CPU list such as 0-3,8");
}

// The translation: UGI from arbiter, NBoard protocol version 2 to the engine
// (docs in README.md beside this file). Synchronous: each UGI line is handled
// to the end before the next is read.
#pragma once

#include "engine_link.hpp"
#include "settings.hpp"
#include "stop_lag.hpp"
#include "ugi_session.hpp"

#include <functional>

namespace arb::nboard {

class NBoardAdapter final : public adapter::UgiFrontEnd {
public:
    // `out` receives the UGI replies, `log` diagnostics (our stderr).
    NBoardAdapter(adapter::EngineLink &engine, Settings settings, std::ostream &out, std::ostream &log);

private:
    Expected<void> start() override;
    Expected<void> sync() override;
    Expected<void> go(const adapter::UgiPosition &position, const adapter::GoLimits &limits) override;

    // Sends 'ping n' and reads until 'pong n'; `lines` sees every other line.
    Expected<void> ping_pong(const std::function<void(const std::string &)> &lines = {});
    Expected<void> send(const std::string &line);
    Expected<void> set_depth(int depth);
    Error engine_gone(const std::string &waiting_for);

    adapter::EngineLink &engine_;
    const Settings settings_;
    long long next_ping_ = 1;
    int engine_depth_ = 0;  // the depth last set (0: none yet)
    StopLag stop_lag_;
};

}  // namespace arb::nboard

// The host's context as the SDK hands it to a game (ABI 1.1 create_ex): log
// lines, the plugin's own file and the seed of this game. A plain value that
// a game may keep: the arb_host behind it lives as long as the library.
#pragma once

#include <arbiter/game.h>

#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <string_view>

namespace arb::sdk {

class Host {
public:
    // What a game gets from a 1.0 host (create without a context): no log,
    // no path, seed 0.
    Host() noexcept = default;
    Host(const arb_host *host, uint64_t seed) noexcept : host_(host), seed_(seed) {}

    // The library file of this plugin, e.g. "/usr/lib/arbiter/plugins/gess.so";
    // empty under a 1.0 host.
    [[nodiscard]] std::string_view plugin_path() const noexcept {
        if (host_ == nullptr || !ARB_STRUCT_HAS(arb_host, host_, plugin_path) || host_->plugin_path == nullptr)
            return {};
        return host_->plugin_path;
    }

    // The seed the host chose for this game; a random setup must depend on
    // nothing else (and the options).
    [[nodiscard]] uint64_t seed() const noexcept { return seed_; }

    // Whether log() reaches anyone.
    [[nodiscard]] bool can_log() const noexcept {
        return host_ != nullptr && ARB_STRUCT_HAS(arb_host, host_, log) && host_->log != nullptr;
    }

    // One printf-style line to the host's log; dropped under a 1.0 host.
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    void log(arb_log_level level, const char *format, ...) const noexcept {
        if (!can_log()) return;
        char line[ARB_ERROR_SIZE];
        va_list args;
        va_start(args, format);
        std::vsnprintf(line, sizeof line, format, args);
        va_end(args);
        host_->log(host_, level, line);
    }

private:
    const arb_host *host_ = nullptr;
    uint64_t seed_ = 0;
};

}  // namespace arb::sdk

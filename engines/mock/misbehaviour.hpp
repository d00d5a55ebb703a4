// The ways arbiter-mock-engine breaks the protocol on purpose, by name.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace arb::engines {

enum class Misbehaviour {
    None,           // behaves: random legal moves
    Illegal,        // a well-formed but illegal move
    Unlisted,       // a move parse_move accepts but legal_moves does not list (a plugin defect)
    Garbage,        // "bestmove @@garbage@@"
    EmptyBestmove,  // "bestmove" alone
    Crash,          // exit status 3 without answering
    Abort,          // SIGABRT
    Hang,           // never answers the go, keeps reading
    Slow,           // answers after --delay-ms
    NoUgiok,        // never answers "ugi"
    NoReadyok,      // never answers "isready" from the Nth on
    IgnoreQuit,     // ignores "quit", end of input and SIGTERM
    SpawnChild,     // starts "sleep 1000" in its process group, then behaves
    EscapeChild,    // starts "sleep 1000" that leaves the group (setsid), then behaves
    DoubleFork,     // starts "sleep 1000" through a double fork + setsid (orphaned at once), then behaves
    LongLine,       // a 100 KiB info line before bestmove
    PidHop,         // starts a descendant that keeps changing its pid (fork, exit, setsid), then behaves
    NoGameOption,   // declares no 'game' option (an engine of one game), then behaves
    IgnoreRule,     // "ignore-rule=RULE": lacks one rule the plugin's rule edges name (ignore_rule.hpp)
};

inline constexpr std::pair<std::string_view, Misbehaviour> kMisbehaviours[] = {
    {"none", Misbehaviour::None},
    {"illegal", Misbehaviour::Illegal},
    {"unlisted", Misbehaviour::Unlisted},
    {"garbage", Misbehaviour::Garbage},
    {"empty-bestmove", Misbehaviour::EmptyBestmove},
    {"crash", Misbehaviour::Crash},
    {"abort", Misbehaviour::Abort},
    {"hang", Misbehaviour::Hang},
    {"slow", Misbehaviour::Slow},
    {"no-ugiok", Misbehaviour::NoUgiok},
    {"no-readyok", Misbehaviour::NoReadyok},
    {"ignore-quit", Misbehaviour::IgnoreQuit},
    {"spawn-child", Misbehaviour::SpawnChild},
    {"escape-child", Misbehaviour::EscapeChild},
    {"double-fork", Misbehaviour::DoubleFork},
    {"long-line", Misbehaviour::LongLine},
    {"pid-hop", Misbehaviour::PidHop},
    {"no-game-option", Misbehaviour::NoGameOption},
    {"ignore-rule=RULE", Misbehaviour::IgnoreRule},
};

// The RULE of "ignore-rule=RULE".
inline constexpr std::string_view kIgnoreRulePrefix = "ignore-rule=";

inline std::optional<Misbehaviour> parse_misbehaviour(std::string_view name) {
    if (name.substr(0, kIgnoreRulePrefix.size()) == kIgnoreRulePrefix)
        return name.size() > kIgnoreRulePrefix.size() ? std::optional(Misbehaviour::IgnoreRule) : std::nullopt;
    for (const auto &[text, value] : kMisbehaviours)
        if (text == name) return value;
    return std::nullopt;
}

inline std::string misbehaviour_names() {
    std::string out;
    for (const auto &[text, value] : kMisbehaviours) out += (out.empty() ? "" : ", ") + std::string(text);
    return out;
}

}  // namespace arb::engines

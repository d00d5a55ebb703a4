#include "tournament/config_identity.hpp"

#include "core/line_reader.hpp"

#include <fmt/format.h>

#include <cstdint>

namespace arb::tournament {

std::string tournament_identity_text(const config::LoadedConfig &loaded) {
    config::TournamentConfig c = loaded.config;
    const config::TournamentConfig defaults;
    c.shard.reset();
    c.shared_dir.clear();  // where the shards meet, not which games
    c.out_dir.clear();
    c.concurrency = defaults.concurrency;
    c.isolate_plugins = defaults.isolate_plugins;  // where the rules run, not which games
    c.progress_interval = defaults.progress_interval;
    c.on_interrupt = defaults.on_interrupt;
    c.standings_layout = defaults.standings_layout;      // how standings are printed, not which games
    c.report_labels = defaults.report_labels;            // how the report draws pieces, not which games
    c.wait_between_games = defaults.wait_between_games;
    std::string openings;
    if (!c.openings.file.empty()) {
        // Each folder keeps its own copy of the openings: compare what they say, not where they are.
        // Unreadable (the book was read once already): the error stands in, so no two folders match on it.
        auto text = read_text_file(c.openings.file, kBookFileLimit, kTextLineLimit);
        openings = text ? *text : "(unreadable: " + text.error().message + ")\n";
        c.openings.file = "openings.txt";
    }
    return config::to_yaml(c) + "# openings\n" + openings;
}

std::string fingerprint_of(const std::string &text) {
    uint64_t hash = 14695981039346656037ULL;
    for (unsigned char ch : text) {
        hash ^= ch;
        hash *= 1099511628211ULL;
    }
    return fmt::format("{:016x}", hash);
}

std::string tournament_fingerprint(const config::LoadedConfig &loaded) {
    return fingerprint_of(tournament_identity_text(loaded));
}

}  // namespace arb::tournament

// The effective config written back as YAML, in the same format the loader
// reads, so that `--resume` sees exactly what the first run used.
#include "config/config_loader.hpp"

#include <yaml-cpp/yaml.h>

namespace arb::config {

namespace {

// One entry of `engines:`.
void emit_engine(YAML::Emitter &out, const engine::EngineConfig &e) {
    out << YAML::BeginMap;
    out << YAML::Key << "name" << YAML::Value << YAML::DoubleQuoted << e.name;
    out << YAML::Key << "command" << YAML::Value << YAML::DoubleQuoted << e.command;
    if (!e.args.empty()) {
        out << YAML::Key << "args" << YAML::Value << YAML::Flow << YAML::BeginSeq;
        for (const auto &a : e.args) out << YAML::DoubleQuoted << a;
        out << YAML::EndSeq;
    }
    if (!e.working_dir.empty()) out << YAML::Key << "working_dir" << YAML::Value << YAML::DoubleQuoted << e.working_dir;
    if (!e.env.empty()) {
        out << YAML::Key << "env" << YAML::Value << YAML::BeginMap;
        for (const auto &[k, v] : e.env) out << YAML::Key << k << YAML::Value << YAML::DoubleQuoted << v;
        out << YAML::EndMap;
    }
    if (!e.ugi_options.empty()) {
        out << YAML::Key << "options" << YAML::Value << YAML::BeginMap;
        for (const auto &[k, v] : e.ugi_options) out << YAML::Key << k << YAML::Value << YAML::DoubleQuoted << v;
        out << YAML::EndMap;
    }
    if (e.protocol != protocol::Dialect::Ugi)
        out << YAML::Key << "protocol" << YAML::Value << engine::protocol_choice_name(e.protocol);
    if (e.time_control) out << YAML::Key << "time_control" << YAML::Value << YAML::DoubleQuoted << e.time_control->to_string();
    if (e.restart) out << YAML::Key << "restart" << YAML::Value << true;
    if (e.ignore_false_claims) out << YAML::Key << "false_claims" << YAML::Value << "ignore";
    out << YAML::EndMap;
}

// output.pgn: only what is on, so that a config without it prints as before.
void write_pgn_comments(YAML::Emitter &out, const PgnCommentSection &pc) {
    if (!pc.nodes && !pc.seldepth && !pc.nps && pc.match_lines.empty()) return;
    out << YAML::Key << "pgn" << YAML::Value << YAML::BeginMap;
    if (pc.nodes) out << YAML::Key << "nodes" << YAML::Value << true;
    if (pc.seldepth) out << YAML::Key << "seldepth" << YAML::Value << true;
    if (pc.nps) out << YAML::Key << "nps" << YAML::Value << true;
    if (!pc.match_lines.empty()) {
        out << YAML::Key << "match_lines" << YAML::Value << YAML::BeginSeq;
        for (const auto &m : pc.match_lines) out << YAML::DoubleQuoted << m;
        out << YAML::EndSeq;
    }
    out << YAML::EndMap;
}

// The output map: the folder, and of the rest only what differs from the defaults.
void write_output(YAML::Emitter &out, const TournamentConfig &c) {
    out << YAML::Key << "output" << YAML::Value << YAML::BeginMap << YAML::Key << "dir" << YAML::Value
        << YAML::DoubleQuoted << c.out_dir;
    if (c.standings_layout != StandingsLayout::Arbiter)
        out << YAML::Key << "format" << YAML::Value << layout_name(c.standings_layout);
    if (c.report_labels) out << YAML::Key << "report_pieces" << YAML::Value << "labels";
    write_pgn_comments(out, c.pgn_comments);
    if (c.sample) {
        out << YAML::Key << "sample" << YAML::Value << YAML::BeginMap << YAML::Key << "file" << YAML::Value
            << YAML::DoubleQuoted << c.sample->file << YAML::Key << "freq" << YAML::Value << c.sample->freq
            << YAML::Key << "quiet" << YAML::Value << c.sample->quiet << YAML::Key << "append" << YAML::Value
            << c.sample->append << YAML::EndMap;
    }
    if (c.engine_stderr_per_game) out << YAML::Key << "engine_stderr" << YAML::Value << "per-game";
    out << YAML::EndMap;
}

}  // namespace

std::string to_yaml(const TournamentConfig &c) {
    YAML::Emitter out;
    out << YAML::BeginMap;
    out << YAML::Key << "event" << YAML::Value << YAML::DoubleQuoted << c.event;
    if (!c.site.empty()) out << YAML::Key << "site" << YAML::Value << YAML::DoubleQuoted << c.site;
    out << YAML::Key << "game" << YAML::Value << YAML::BeginMap << YAML::Key << "id" << YAML::Value << c.game.id;
    if (!c.game.file.empty()) out << YAML::Key << "file" << YAML::Value << YAML::DoubleQuoted << c.game.file;
    if (!c.game.options.empty()) {
        out << YAML::Key << "options" << YAML::Value << YAML::BeginMap;
        for (const auto &[k, v] : c.game.options) out << YAML::Key << k << YAML::Value << YAML::DoubleQuoted << v;
        out << YAML::EndMap;
    }
    out << YAML::EndMap;
    if (!c.plugin_dirs.empty()) {
        out << YAML::Key << "plugin_dirs" << YAML::Value << YAML::BeginSeq;
        for (const auto &dir : c.plugin_dirs) out << YAML::DoubleQuoted << dir;
        out << YAML::EndSeq;
    }
    out << YAML::Key << "engines" << YAML::Value << YAML::BeginSeq;
    for (const auto &e : c.engines) emit_engine(out, e);
    out << YAML::EndSeq;
    out << YAML::Key << "tournament" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "type" << YAML::Value << type_name(c.schedule.type);
    out << YAML::Key << "rounds" << YAML::Value << c.schedule.rounds;
    out << YAML::Key << "games_per_pairing" << YAML::Value << c.schedule.games_per_pairing;
    out << YAML::Key << "seed" << YAML::Value << c.schedule.seed;
    if (c.schedule.gauntlet_seeds != 1) out << YAML::Key << "seeds" << YAML::Value << c.schedule.gauntlet_seeds;
    if (c.schedule.no_swap) out << YAML::Key << "no_swap" << YAML::Value << true;
    if (c.schedule.reverse) out << YAML::Key << "reverse" << YAML::Value << true;
    out << YAML::EndMap;
    if (!c.openings.file.empty()) {
        out << YAML::Key << "openings" << YAML::Value << YAML::BeginMap;
        out << YAML::Key << "file" << YAML::Value << YAML::DoubleQuoted << c.openings.file;
        out << YAML::Key << "order" << YAML::Value << order_name(c.openings.order);
        out << YAML::Key << "format" << YAML::Value << format_name(c.openings.format);
        if (c.openings.plies > 0) out << YAML::Key << "plies" << YAML::Value << c.openings.plies;
        if (c.openings.start != 1) out << YAML::Key << "start" << YAML::Value << c.openings.start;
        out << YAML::EndMap;
    }
    out << YAML::Key << "concurrency" << YAML::Value << c.concurrency;
    if (c.affinity.mode != AffinitySection::Mode::Auto) {
        std::string cpus;
        for (int cpu : c.affinity.cpus) cpus += (cpus.empty() ? "" : ",") + std::to_string(cpu);
        out << YAML::Key << "affinity" << YAML::Value
            << (c.affinity.mode == AffinitySection::Mode::Off ? std::string("off") : cpus.empty() ? std::string("on") : cpus);
    }
    if (c.isolate_plugins) out << YAML::Key << "isolate_plugins" << YAML::Value << true;
    if (c.pv_checks != game::PvChecks::Moves) out << YAML::Key << "pv_checks" << YAML::Value << game::pv_checks_name(c.pv_checks);
    out << YAML::Key << "time_control" << YAML::Value << YAML::DoubleQuoted << c.time_control.to_string();
    out << YAML::Key << "time_margin_ms" << YAML::Value << c.time_margin.count();
    out << YAML::Key << "adjudication" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "max_plies" << YAML::Value << c.adjudication.max_plies;
    const auto &rs = c.adjudication.resign;
    out << YAML::Key << "resign" << YAML::Value << YAML::BeginMap << YAML::Key << "enabled" << YAML::Value << rs.enabled
        << YAML::Key << "score_cp" << YAML::Value << rs.score_cp << YAML::Key << "move_count" << YAML::Value
        << rs.move_count;
    if (!rs.two_sided) out << YAML::Key << "two_sided" << YAML::Value << false;
    out << YAML::EndMap;
    const auto &dr = c.adjudication.draw;
    out << YAML::Key << "draw" << YAML::Value << YAML::BeginMap << YAML::Key << "enabled" << YAML::Value << dr.enabled
        << YAML::Key << "score_cp" << YAML::Value << dr.score_cp << YAML::Key << "move_count" << YAML::Value
        << dr.move_count << YAML::Key << "min_ply" << YAML::Value << dr.min_ply << YAML::EndMap;
    out << YAML::EndMap;
    if (c.sprt) {
        out << YAML::Key << "sprt" << YAML::Value << YAML::BeginMap;
        out << YAML::Key << "elo0" << YAML::Value << c.sprt->elo0 << YAML::Key << "elo1" << YAML::Value << c.sprt->elo1;
        out << YAML::Key << "alpha" << YAML::Value << c.sprt->alpha << YAML::Key << "beta" << YAML::Value << c.sprt->beta;
        out << YAML::Key << "model" << YAML::Value
            << (c.sprt->model == rating::SprtConfig::Model::Logistic ? "logistic" : "normalized");
        out << YAML::EndMap;
    }
    if (c.shard) out << YAML::Key << "shard" << YAML::Value << YAML::DoubleQuoted << to_string(*c.shard);
    if (!c.shared_dir.empty()) out << YAML::Key << "shared" << YAML::Value << YAML::DoubleQuoted << c.shared_dir;
    write_output(out, c);
    if (c.wait_between_games.count() > 0) out << YAML::Key << "wait_ms" << YAML::Value << c.wait_between_games.count();
    out << YAML::Key << "progress" << YAML::Value << YAML::BeginMap << YAML::Key << "interval" << YAML::Value
        << c.progress_interval << YAML::EndMap;
    out << YAML::Key << "on_interrupt" << YAML::Value << on_interrupt_name(c.on_interrupt);
    out << YAML::Key << "timeouts" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "startup_ms" << YAML::Value << c.timeouts.startup.count();
    out << YAML::Key << "ready_ms" << YAML::Value << c.timeouts.ready.count();
    out << YAML::Key << "quit_grace_ms" << YAML::Value << c.timeouts.quit_grace.count();
    out << YAML::EndMap;
    out << YAML::EndMap;
    return std::string(out.c_str()) + "\n";
}

}  // namespace arb::config

#include "tournament/run_identity.hpp"

#include "core/quote.hpp"
#include "tournament/config_identity.hpp"
#include "tournament/engine_seed.hpp"
#include "tournament/output_files.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include <cerrno>
#include <cstring>
#include <map>

namespace arb::tournament {

namespace {

using nlohmann::json;
using nlohmann::ordered_json;

constexpr int kIdentitySchema = 1;
// Far above the identity of any config (it is about as long as config.yaml):
// a larger file is not one this arbiter wrote, and is not read into memory.
constexpr off_t kMaxIdentityBytes = 64 << 20;

std::string text_of(const json &value) { return value.dump(-1, ' ', false, json::error_handler_t::replace); }

json pairs_of(const std::vector<std::pair<std::string, std::string>> &pairs) {
    json list = json::array();
    for (const auto &[k, v] : pairs) list.push_back({k, v});
    return list;
}

// The openings as dealt: their count and a digest of each one's position and
// moves (a folder keeps its own copy of the file: what they say counts, not where).
json openings_of(const std::vector<config::Opening> &openings) {
    std::string text;
    for (const auto &o : openings) {
        text += o.position + "\t";
        for (const auto &m : o.moves) text += m + " ";
        text += "\n";
    }
    return std::to_string(openings.size()) + " openings, digest " + fingerprint_of(text);
}

// A value as a message shows it: JSON text, `none` for null, long ones cut.
std::string shown(const std::string &json_text) { return json_text == "null" ? "none" : excerpt(json_text, 200); }

std::string change(const std::string &field, const std::string &was, const std::string &now,
                   const std::string &where = "") {
    return field + ": was " + shown(was) + (where.empty() ? "" : " (" + where + ")") + ", now " + shown(now);
}

}  // namespace

RunIdentity run_identity(const config::LoadedConfig &loaded) {
    const config::TournamentConfig &c = loaded.config;
    RunIdentity id;
    auto add = [&](const std::string &field, const json &value) { id.fields.emplace_back(field, text_of(value)); };
    add("event", c.event);
    add("site", c.site);
    add("game", c.game.id);
    add("game.options", pairs_of(c.game.options));
    add("engines", c.engines.size());
    for (size_t i = 0; i < c.engines.size(); ++i) {
        const auto &e = c.engines[i];
        const std::string engine = "engine " + std::to_string(i + 1) + " ";
        add(engine + "name", e.name);
        add(engine + "command", e.command);
        add(engine + "args", e.args);
        add(engine + "working_dir", e.working_dir);
        add(engine + "env", e.env);
        add(engine + "options", pairs_of(e.ugi_options));
        add(engine + "protocol", engine::protocol_choice_name(e.protocol));
        add(engine + "time_control", e.time_control ? json(e.time_control->to_string()) : json());
    }
    add("time_control", c.time_control.to_string());
    add("time_margin_ms", c.time_margin.count());
    const auto &s = c.schedule;
    add("tournament.type", config::type_name(s.type));
    add(kRoundsField, s.rounds);
    add("tournament.games_per_pairing", s.games_per_pairing);
    add("tournament.seed", s.seed);
    add("tournament.seeds", s.gauntlet_seeds);
    add("tournament.no_swap", s.no_swap);
    add("tournament.reverse", s.reverse);
    add("openings", openings_of(loaded.openings));
    add("openings.order", config::order_name(c.openings.order));
    add("openings.start", c.openings.start);
    const auto &a = c.adjudication;
    add("adjudication.max_plies", a.max_plies);
    add("adjudication.resign", a.resign.enabled ? json{{"score_cp", a.resign.score_cp},
                                                       {"move_count", a.resign.move_count},
                                                       {"two_sided", a.resign.two_sided}}
                                                : json());
    add("adjudication.draw", a.draw.enabled ? json{{"score_cp", a.draw.score_cp},
                                                   {"move_count", a.draw.move_count},
                                                   {"min_ply", a.draw.min_ply}}
                                            : json());
    add("sprt", c.sprt ? json{{"elo0", c.sprt->elo0},
                             {"elo1", c.sprt->elo1},
                             {"alpha", c.sprt->alpha},
                             {"beta", c.sprt->beta},
                             {"model", c.sprt->model == rating::SprtConfig::Model::Logistic ? "logistic" : "normalized"}}
                       : json());
    add("shard", c.shard ? json(config::to_string(*c.shard)) : json());
    return id;
}

std::string identity_file_text(const RunIdentity &identity) {
    ordered_json fields = ordered_json::object();
    for (const auto &[field, value] : identity.fields) fields[field] = ordered_json::parse(value);
    ordered_json file;
    file["identity"] = kIdentitySchema;
    file["about"] = "what this run was started with; 'arbiter run --resume' refuses a config.yaml that differs";
    file["digest"] = fingerprint_of(fields.dump(-1, ' ', false, json::error_handler_t::replace));
    file["fields"] = std::move(fields);
    return file.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

Expected<RunIdentity> parse_identity_file(const std::string &text, const std::string &file_name) {
    const ordered_json file = ordered_json::parse(text, nullptr, false);
    if (file.is_discarded() || !file.is_object() || !file.contains("fields") || !file["fields"].is_object() ||
        !file.contains("digest") || !file["digest"].is_string() || !file.contains("identity") ||
        !file["identity"].is_number_integer())
        return fail(file_name + ": not an identity file of arbiter (damaged?)");
    if (file["identity"].get<int>() > kIdentitySchema)
        return fail(file_name + ": written by a newer arbiter (identity " + text_of(file["identity"]) + ")");
    const auto &fields = file["fields"];
    if (fingerprint_of(fields.dump(-1, ' ', false, json::error_handler_t::replace)) != file["digest"].get<std::string>())
        return fail(file_name + ": edited since the run started (its digest does not match its fields); it is what "
                                "--resume checks config.yaml against: put back the file the run wrote");
    RunIdentity id;
    for (const auto &[field, value] : fields.items()) id.fields.emplace_back(field, text_of(value));
    return id;
}

Expected<std::optional<RunIdentity>> read_identity_file(const std::filesystem::path &dir) {
    const std::filesystem::path file = dir / kIdentityFile;
    const int fd = ::open(file.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        if (errno == ENOENT) return std::optional<RunIdentity>();
        if (errno == ELOOP) return fail(file.string() + ": a symbolic link, not the run's identity file");
        return fail(file.string() + ": cannot read: " + std::strerror(errno));
    }
    std::string text;
    struct stat st {};
    bool read_failed = false;
    if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size <= kMaxIdentityBytes) {
        text.resize(static_cast<size_t>(st.st_size));
        size_t got = 0;
        while (got < text.size()) {
            const ssize_t n = ::read(fd, text.data() + got, text.size() - got);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) break;
            got += static_cast<size_t>(n);
        }
        read_failed = got != text.size();
    }
    ::close(fd);
    if (!S_ISREG(st.st_mode)) return fail(file.string() + ": not a regular file");
    if (st.st_size > kMaxIdentityBytes)
        return fail(file.string() + ": larger than " + std::to_string(kMaxIdentityBytes >> 20) +
                    " MiB, not an identity file of arbiter");
    if (read_failed) return fail(file.string() + ": read failed");
    auto id = parse_identity_file(text, file.string());
    if (!id) return Unexpected<Error>{id.error()};
    return std::optional<RunIdentity>(std::move(*id));
}

std::vector<std::string> identity_changes(const RunIdentity &was, const RunIdentity &now, bool rounds_may_grow) {
    std::map<std::string, const std::string *> current;
    for (const auto &[field, value] : now.fields) current.emplace(field, &value);
    std::vector<std::string> changes;
    for (const auto &[field, old_value] : was.fields) {
        const auto it = current.find(field);
        const std::string new_value = it == current.end() ? "null" : *it->second;
        if (new_value == old_value) continue;
        if (field == kRoundsField && rounds_may_grow) {
            const json o = json::parse(old_value, nullptr, false), n = json::parse(new_value, nullptr, false);
            if (o.is_number_integer() && n.is_number_integer() && n.get<int64_t>() > o.get<int64_t>()) continue;
            changes.push_back(change(field, old_value, new_value) + ": --rounds can add rounds to a run, not take "
                                                                    "them away");
            continue;
        }
        changes.push_back(change(field, old_value, new_value));
    }
    return changes;
}

std::vector<std::string> recorded_game_changes(const match::FinishedGame &game, const config::TournamentConfig &config,
                                               const std::string &where) {
    std::vector<std::string> changes;
    const auto &r = game.record;
    for (int side = 0; side < 2; ++side) {
        const int index = game.slot.engine[side];
        if (index < 0 || static_cast<size_t>(index) >= config.engines.size()) continue;  // the schedule check's
        const auto &e = config.engines[static_cast<size_t>(index)];
        const std::string engine = "engine " + std::to_string(index + 1) + " ";
        if (r.engine_names[side] != e.name)
            changes.push_back(change(engine + "name", text_of(r.engine_names[side]), text_of(e.name), where));
        const auto &played = r.played_under.time_control[side];
        const core::TimeControl tc = e.time_control.value_or(config.time_control);
        if (played && *played != tc)
            changes.push_back(change(engine + "time_control", text_of(played->to_string()), text_of(tc.to_string()),
                                     where));
        // Written empty before engine options were kept: only a list that says something is compared.
        const auto &options = r.played_under.engine_options[side];
        if (!options.empty() && options != e.ugi_options)
            changes.push_back(change(engine + "options", text_of(pairs_of(options)), text_of(pairs_of(e.ugi_options)),
                                     where));
    }
    const auto &seed = r.played_under.engine_seed;
    if (seed && *seed != engine_seed(config.schedule.seed, game.slot.index))
        changes.push_back(change("tournament.seed", "a seed that gives engine seed " + std::to_string(*seed),
                                 text_of(config.schedule.seed) + ", which gives engine seed " +
                                     std::to_string(engine_seed(config.schedule.seed, game.slot.index)),
                                 where));
    return changes;
}

std::vector<std::string> recorded_variant_changes(const std::string &json_line, const config::TournamentConfig &config,
                                                  const std::string &where) {
    std::vector<std::string> changes;
    const json record = json::parse(json_line, nullptr, false);
    if (!record.is_object()) return changes;  // the rebuild names a bad line
    if (record.contains("game") && record["game"].is_string() && record["game"] != config.game.id)
        changes.push_back(change("game", text_of(record["game"]), text_of(config.game.id), where));
    else if (record.contains("variant") && record["variant"].is_string() && record["variant"] != variant_text(config.game))
        changes.push_back(change("game.options", text_of(record["variant"]), text_of(variant_text(config.game)), where));
    return changes;
}

}  // namespace arb::tournament

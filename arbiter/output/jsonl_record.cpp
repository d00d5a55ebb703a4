#include "output/jsonl_record.hpp"

#include "core/quote.hpp"

#include <nlohmann/json.hpp>

#include <chrono>

namespace arb::output {

using nlohmann::json;

std::string to_json_line(const match::FinishedGame &g, const RecordContext &context) {
    const auto &r = g.record;
    json j;
    j["schema"] = kJsonlSchema;
    j["index"] = g.slot.index;
    j["round"] = g.slot.round;
    j["pairing"] = g.slot.pairing;
    j["game_in_pairing"] = g.slot.game_in_pairing;
    j["pair"] = g.slot.pair_id;
    j["engines"] = {g.slot.engine[0], g.slot.engine[1]};
    j["opening"] = g.slot.opening;
    j["game"] = context.game_id;
    j["variant"] = context.variant;
    j["side0"] = r.engine_names[0];
    j["side1"] = r.engine_names[1];
    // Only when an engine spoke another dialect than UGI, so that UGI records stay as they were.
    if (r.protocols[0] != "ugi" || r.protocols[1] != "ugi") j["protocols"] = {r.protocols[0], r.protocols[1]};
    j["result"] = match::result_text(r.result);
    j["termination"] = match::termination_name(r.termination);
    j["reason"] = r.reason;
    j["loser_side"] = r.loser_side;
    if (!r.offending_text.empty()) j["offending_text"] = r.offending_text;
    if (r.has_score) j["score"] = {r.score[0], r.score[1]};
    if (r.margin) j["margin"] = *r.margin;
    if (!r.stderr_files.empty()) j["stderr_files"] = r.stderr_files;
    j["opening_position"] = r.opening_position;
    j["opening_moves"] = r.opening_moves;
    json moves = json::array();
    for (const auto &m : r.moves) {
        json mj = {{"move", m.text}, {"ms", m.elapsed.count()}};
        if (m.info.score_cp) mj["cp"] = *m.info.score_cp;
        if (m.info.mate) mj["mate"] = *m.info.mate;
        if (m.info.depth) mj["depth"] = *m.info.depth;
        if (m.info.nodes) mj["nodes"] = *m.info.nodes;
        if (m.info.seldepth) mj["seldepth"] = *m.info.seldepth;
        if (m.info.nps) mj["nps"] = *m.info.nps;
        if (m.forced) mj["forced"] = true;
        if (m.stalled.count() > 0) mj["stall_ms"] = m.stalled.count();
        moves.push_back(std::move(mj));
    }
    j["moves"] = std::move(moves);
    j["final_position"] = r.final_position;
    j["started_ms"] = std::chrono::duration_cast<std::chrono::milliseconds>(r.started.time_since_epoch()).count();
    j["duration_ms"] = r.duration.count();
    const auto &under = r.played_under;
    if (under.time_control[0] && under.time_control[1])
        j["time_control"] = {under.time_control[0]->to_string(), under.time_control[1]->to_string()};
    if (under.seed) j["seed"] = *under.seed;
    if (under.engine_seed) j["engine_seed"] = *under.engine_seed;
    j["engine_options"] = {under.engine_options[0], under.engine_options[1]};
    if (!context.event.empty()) j["event"] = context.event;
    return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

Expected<match::FinishedGame> parse_json_line(const std::string &line) {
    match::FinishedGame g;
    try {
        json j = json::parse(line);
        auto &r = g.record;
        g.slot.index = j.at("index").get<int>();
        g.slot.round = j.at("round").get<int>();
        g.slot.pairing = j.at("pairing").get<int>();
        g.slot.game_in_pairing = j.at("game_in_pairing").get<int>();
        g.slot.pair_id = j.at("pair").get<int>();
        g.slot.engine[0] = j.at("engines").at(0).get<int>();
        g.slot.engine[1] = j.at("engines").at(1).get<int>();
        g.slot.opening = j.at("opening").get<int>();
        // Schema 1 (no "schema" field) named the sides white and black.
        const bool schema1 = !j.contains("schema");
        if (!schema1 && j["schema"].get<int>() > kJsonlSchema)
            return fail("game record of schema " + std::to_string(j["schema"].get<int>()) + ", newer than this arbiter's " +
                        std::to_string(kJsonlSchema));
        r.engine_names[0] = j.at(schema1 ? "white" : "side0").get<std::string>();
        r.engine_names[1] = j.at(schema1 ? "black" : "side1").get<std::string>();
        if (j.contains("protocols")) {
            r.protocols[0] = j["protocols"].at(0).get<std::string>();
            r.protocols[1] = j["protocols"].at(1).get<std::string>();
        }
        auto result = match::result_from_text(j.at("result").get<std::string>());
        if (!result) return fail("unknown result " + quote(j.at("result").get<std::string>()));
        r.result = *result;
        auto termination = match::termination_from_name(j.at("termination").get<std::string>());
        if (!termination) return fail("unknown termination " + quote(j.at("termination").get<std::string>()));
        r.termination = *termination;
        r.reason = j.at("reason").get<std::string>();
        r.loser_side = j.at("loser_side").get<int>();
        if (j.contains("offending_text")) r.offending_text = j["offending_text"].get<std::string>();
        if (j.contains("score")) {
            r.has_score = true;
            r.score[0] = j["score"].at(0).get<int32_t>();
            r.score[1] = j["score"].at(1).get<int32_t>();
        }
        if (j.contains("margin")) r.margin = j["margin"].get<int32_t>();
        if (j.contains("stderr_files")) r.stderr_files = j["stderr_files"].get<std::vector<std::string>>();
        r.opening_position = j.at("opening_position").get<std::string>();
        r.opening_moves = j.at("opening_moves").get<std::vector<std::string>>();
        for (const auto &mj : j.at("moves")) {
            match::MoveRecord m;
            m.text = mj.at("move").get<std::string>();
            m.elapsed = std::chrono::milliseconds(mj.at("ms").get<int64_t>());
            if (mj.contains("cp")) m.info.score_cp = mj["cp"].get<int>();
            if (mj.contains("mate")) m.info.mate = mj["mate"].get<int>();
            if (mj.contains("depth")) m.info.depth = mj["depth"].get<int>();
            if (mj.contains("nodes")) m.info.nodes = mj["nodes"].get<int64_t>();
            // Lines written before these two fields existed have neither.
            if (mj.contains("seldepth")) m.info.seldepth = mj["seldepth"].get<int>();
            if (mj.contains("nps")) m.info.nps = mj["nps"].get<int64_t>();
            m.forced = mj.value("forced", false);
            m.stalled = std::chrono::milliseconds(mj.value("stall_ms", int64_t{0}));
            r.moves.push_back(std::move(m));
        }
        r.final_position = j.at("final_position").get<std::string>();
        r.started = std::chrono::system_clock::time_point(std::chrono::milliseconds(j.at("started_ms").get<int64_t>()));
        r.duration = std::chrono::milliseconds(j.at("duration_ms").get<int64_t>());
        // Lines written before these fields existed have none of them: the
        // time control stays unknown here and the formats use the tournament's.
        auto &under = r.played_under;
        if (j.contains("time_control")) {
            for (int side = 0; side < 2; ++side) {
                const auto text = j["time_control"].at(static_cast<size_t>(side)).get<std::string>();
                auto tc = core::TimeControl::parse(text);
                if (!tc) return fail("bad time_control " + quote(text) + ": " + tc.error().message);
                under.time_control[side] = *tc;
            }
        }
        if (j.contains("seed")) under.seed = j["seed"].get<uint64_t>();
        if (j.contains("engine_seed")) under.engine_seed = j["engine_seed"].get<uint64_t>();
        if (j.contains("engine_options"))
            for (int side = 0; side < 2; ++side)
                under.engine_options[side] = j["engine_options"].at(static_cast<size_t>(side))
                                                 .get<std::vector<std::pair<std::string, std::string>>>();
    } catch (const json::exception &e) {
        return fail(std::string("bad game record: ") + e.what());
    }
    return g;
}

}  // namespace arb::output

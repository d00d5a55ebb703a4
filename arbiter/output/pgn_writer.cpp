#include "output/pgn_writer.hpp"

#include "core/quote.hpp"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <ctime>

namespace arb::output {

namespace {

// Names in tags can come from an engine's 'id name' or from records read
// back: control characters are written escaped (core/quote.hpp), then the
// backslashes and quotes of that text escaped as PGN asks.
std::string escape_tag(const std::string &text) {
    std::string out;
    for (char c : escaped(text)) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
    return out;
}

// Comments end at the first '}', so none may appear inside.
std::string comment_text(const std::string &text) {
    std::string out;
    for (char c : escaped(text)) out += (c == '}' || c == '{') ? ')' : c;
    return out;
}

void tag(std::string &out, const char *name, const std::string &value) {
    out += "[";
    out += name;
    out += " \"" + escape_tag(value) + "\"]\n";
}

// Appends words, breaking lines before 80 columns as PGN export format asks.
class Wrapper {
public:
    explicit Wrapper(std::string &out) : out_(out) {}
    void word(const std::string &w) {
        if (column_ > 0 && column_ + 1 + w.size() > 79) {
            out_ += '\n';
            column_ = 0;
        } else if (column_ > 0) {
            out_ += ' ';
            ++column_;
        }
        out_ += w;
        column_ += w.size();
    }

private:
    std::string &out_;
    size_t column_ = 0;
};

// A score as fastchess writes it: pawns with a sign ("+0.50"), or a mate in
// plies ("+M5": mate in 3 moves; "-M4": mated in 2), "+M"/"-M" where the
// engine gave no distance (USI's "mate +").
std::string score_text(const protocol::InfoFields &info) {
    if (info.mate) {
        const int n = *info.mate;
        return (n > 0 ? "+M" : "-M") + std::to_string(n > 0 ? 2 * static_cast<int64_t>(n) - 1 : -2 * static_cast<int64_t>(n));
    }
    if (std::abs(*info.score_cp) >= protocol::kMateScore) return *info.score_cp > 0 ? "+M" : "-M";
    char score[32];
    std::snprintf(score, sizeof score, "%+.2f", *info.score_cp / 100.0);
    return score;
}

// cutechess's move comment: "+0.50/12 0.51s" (no "/depth" without one),
// then fastchess's fields as asked: ", n=123456, sd=18, nps=1000000"; a
// field the engine did not send is left out.
std::string move_comment(const match::MoveRecord &m, const PgnCommentFields &fields) {
    std::string text = score_text(m.info);
    if (m.info.depth) text += "/" + std::to_string(*m.info.depth);
    char seconds[32];
    std::snprintf(seconds, sizeof seconds, " %.3gs", static_cast<double>(m.elapsed.count()) / 1000.0);
    text += seconds;
    if (fields.nodes && m.info.nodes) text += ", n=" + std::to_string(*m.info.nodes);
    if (fields.seldepth && m.info.seldepth) text += ", sd=" + std::to_string(*m.info.seldepth);
    if (fields.nps && m.info.nps) text += ", nps=" + std::to_string(*m.info.nps);
    return "{" + text + "}";
}

// What the game was played under, from its record; a record that does not
// say takes the tournament's. The tags carry the time part only (as
// fastchess's do): depth and node caps beside a clock stay out of them.
// Sides under different time parts get one tag each and TimeControl "?"
// (PGN's unknown: no single value holds).
void write_time_control(std::string &out, const match::PlayedUnder &under,
                        const std::optional<core::TimeControl> &tournament) {
    const auto side0 = under.time_control[0] ? under.time_control[0] : tournament;
    const auto side1 = under.time_control[1] ? under.time_control[1] : tournament;
    if (!side0 || !side1) return;
    const std::string text0 = side0->time_text(), text1 = side1->time_text();
    if (text0 == text1) {
        tag(out, "TimeControl", text0);
        return;
    }
    tag(out, "TimeControl", "?");
    tag(out, "WhiteTimeControl", text0);
    tag(out, "BlackTimeControl", text1);
}

}  // namespace

const char *pgn_termination(match::Termination termination) {
    using match::Termination;
    switch (termination) {
    case Termination::GameRule:
    case Termination::Resigned: return "normal";
    case Termination::TimeForfeit: return "time forfeit";
    case Termination::IllegalMove:
    case Termination::UnparsableMove:
    case Termination::ProtocolError:
    case Termination::FalseClaim: return "rules infraction";
    case Termination::Crash:
    case Termination::Stall: return "abandoned";
    case Termination::MaxPlies:
    case Termination::ResignAdjudication:
    case Termination::DrawAdjudication: return "adjudication";
    case Termination::Abandoned:
    case Termination::PluginError: return "unterminated";  // the judge failed, nobody won
    }
    return "unterminated";
}

std::string pgn_date(std::chrono::system_clock::time_point when) {
    std::time_t t = std::chrono::system_clock::to_time_t(when);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[16];
    std::strftime(buf, sizeof buf, "%Y.%m.%d", &tm);
    return buf;
}

std::string to_pgn(const match::FinishedGame &g, const PgnContext &context) {
    const auto &r = g.record;
    std::string out;
    tag(out, "Event", context.event);
    tag(out, "Site", context.site.empty() ? "?" : context.site);
    tag(out, "Date", pgn_date(r.started));
    tag(out, "Round", std::to_string(g.slot.round));
    tag(out, "White", r.engine_names[0]);
    tag(out, "Black", r.engine_names[1]);
    tag(out, "Result", match::result_text(r.result));
    if (!context.side_names[0].empty()) tag(out, "WhiteSide", context.side_names[0]);
    if (!context.side_names[1].empty()) tag(out, "BlackSide", context.side_names[1]);
    tag(out, "Game", std::to_string(g.slot.index + 1));
    tag(out, "Termination", pgn_termination(r.termination));
    tag(out, "ArbiterTermination", match::termination_name(r.termination));
    write_time_control(out, r.played_under, context.time_control);
    // A game whose moves do not replay keeps the canonical texts and the host's tags.
    std::optional<PgnMoves> record;
    if (context.notation) {
        if (auto replayed = context.notation->replay(r)) record = std::move(*replayed);
    }
    if (record) {
        out += record->start_tags;
    } else {
        tag(out, "Variant", context.variant);
        if (!r.opening_position.empty() && r.opening_position != context.start_position) {
            tag(out, "SetUp", "1");
            tag(out, "FEN", r.opening_position);
        }
    }
    if (r.has_score) tag(out, "Score", std::to_string(r.score[0]) + "-" + std::to_string(r.score[1]));
    if (r.played_under.engine_seed) tag(out, "EngineSeed", std::to_string(*r.played_under.engine_seed));
    const size_t plies = r.opening_moves.size() + r.moves.size();
    tag(out, "PlyCount", std::to_string(plies));
    out += "\n";

    Wrapper text(out);
    int side = context.first_side == 1 ? 1 : 0;
    int number = record ? record->first_number : 1;
    auto emit = [&](const std::string &move, size_t ply) {
        if (side == 0) text.word(std::to_string(number) + ".");
        else if (ply == 0) text.word(std::to_string(number) + "...");
        text.word(move);
        if (side == 1) ++number;
        side = 1 - side;
    };
    size_t ply = 0;
    auto move_text = [&](size_t index, const std::string &canonical) -> const std::string & {
        return record ? record->moves[index] : canonical;
    };
    for (const auto &m : r.opening_moves) {
        emit(move_text(ply, m), ply);
        ++ply;
    }
    if (!r.opening_moves.empty()) text.word("{opening}");
    for (const auto &m : r.moves) {
        emit(move_text(ply, m.text), ply);
        ++ply;
        if (m.info.score_cp && !m.forced) text.word(move_comment(m, context.comment_fields));
    }
    if (!r.reason.empty()) text.word("{" + comment_text(r.reason) + "}");
    text.word(match::result_text(r.result));
    out += "\n\n";
    return out;
}

}  // namespace arb::output

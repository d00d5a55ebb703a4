// xboard (CECP, protocol 2 and 1; docs/protocol.md, "xboard"): 'xboard' and
// 'protover 2', the engine's 'feature' lines each answered 'accepted' or
// 'rejected'; a session the engine keeps ('new', 'force', 'setboard FEN' or
// the 'edit' sequence, then one move per line, 'usermove' when asked for);
// 'level'/'st'/'sd' for the limits and 'time'/'otim' in centiseconds before
// each 'go'; 'move X' read in coordinates or, through the game's record
// notation, in SAN ('O-O'); result claims and 'Illegal move' told apart;
// 'ping N'/'pong N' where the UCI family has isready/readyok.
//
// Within a game the codec keeps what the engine was given: the position's
// start and moves, and whether the engine has played a move of its own
// since (a 'go' was answered). The next position that continues them gets
// 'force' and the new moves only; any other starts over with 'new'.
#include "core/quote.hpp"
#include "engine/dialect/dialect_codec.hpp"

#include <arbiter/protocol/numbers.hpp>

#include <algorithm>
#include <cctype>
#include <cstdlib>

namespace arb::engine {
namespace {

using std::chrono::milliseconds;

// CECP: an interface waits two seconds after 'protover 2' for the first
// 'feature' line (and for 'done=1' when none says done=0); an engine that
// sends none by then speaks protocol 1. The arbiter waits five since the
// engine's last line: on a loaded machine GNU Chess prints "Chess" at once
// and its features seconds later.
constexpr milliseconds kFeatureWait{5000};

// The engine option by which a plugin names the game's xboard variant
// (arbiter/ext/engine_options.h): not the rule option "variant", which an
// engine is never sent in xboard.
constexpr std::string_view kVariantOption = "xboard-variant";

struct Feature {
    std::string_view name, value;
};

// The NAME=VALUE pairs of a 'feature' line; VALUE is a word or a "quoted
// text". Reading stops at the first pair it cannot read.
std::vector<Feature> parse_features(std::string_view line) {
    std::vector<Feature> out;
    std::string_view rest = line;
    protocol::detail::next_word(rest);  // "feature"
    for (;;) {
        size_t at = rest.find_first_not_of(" \t\r");
        if (at == std::string_view::npos) break;
        rest.remove_prefix(at);
        size_t eq = rest.find('=');
        if (eq == std::string_view::npos || eq == 0 || rest.substr(0, eq).find_first_of(" \t") != std::string_view::npos) break;
        Feature f{rest.substr(0, eq), {}};
        rest.remove_prefix(eq + 1);
        if (!rest.empty() && rest.front() == '"') {
            size_t close = rest.find('"', 1);
            if (close == std::string_view::npos) break;
            f.value = rest.substr(1, close - 1);
            rest.remove_prefix(close + 1);
        } else {
            size_t end = rest.find_first_of(" \t\r");
            f.value = rest.substr(0, end);
            rest.remove_prefix(end == std::string_view::npos ? rest.size() : end);
        }
        out.push_back(f);
    }
    return out;
}

bool contains(std::string_view text, std::string_view part) { return text.find(part) != std::string_view::npos; }

// A complaint about `word`: "Error (unknown command): word", "Illegal move:
// word", "Unknown command: 'word'", "Invalid move: word".
bool complains_about(std::string_view line, std::string_view word) {
    if (!contains(line, word)) return false;
    for (std::string_view mark : {"nknown", "rror", "llegal", "nvalid"})
        if (contains(line, mark)) return true;
    return false;
}

// The side to move of a FEN-like position text: its second word "b" is
// side 1; anything else (and no text) is side 0.
int start_side(const protocol::Position &position) {
    if (position.startpos) return 0;
    std::string_view rest = position.fen;
    protocol::detail::next_word(rest);
    return protocol::detail::next_word(rest) == "b" ? 1 : 0;
}

// xboard's time words count centiseconds; a clock overrun is sent as 0.
std::string centiseconds(int64_t ms) { return std::to_string(std::max<int64_t>(0, ms) / 10); }

// 'level's base: minutes, or minutes:seconds.
std::string level_base(int64_t ms) {
    const int64_t seconds = std::max<int64_t>(1, (std::max<int64_t>(0, ms) + 999) / 1000);
    std::string out = std::to_string(seconds / 60);
    if (seconds % 60 != 0) out += ":" + std::string(seconds % 60 < 10 ? "0" : "") + std::to_string(seconds % 60);
    return out;
}

// Seconds, with the decimals a millisecond count needs ("0.5", "2", "0.01").
std::string seconds_text(int64_t ms) {
    std::string out = std::to_string(ms / 1000);
    if (int64_t frac = ms % 1000; frac != 0) {
        std::string digits = std::to_string(1000 + frac).substr(1);
        while (digits.back() == '0') digits.pop_back();
        out += "." + digits;
    }
    return out;
}

// 'e2e4', 'e7e8q': a move in xboard's coordinate notation (files a.., ranks
// 1..), not SAN.
bool is_coordinate_move(std::string_view move) {
    size_t i = 0;
    for (int square = 0; square < 2; ++square) {
        if (i >= move.size() || !std::islower(static_cast<unsigned char>(move[i]))) return false;
        ++i;
        const size_t digits = i;
        while (i < move.size() && std::isdigit(static_cast<unsigned char>(move[i]))) ++i;
        if (i == digits) return false;
    }
    return i == move.size() || (i + 1 == move.size() && std::isalpha(static_cast<unsigned char>(move[i])));
}

class XboardCodec final : public DialectCodec {
public:
    XboardCodec(std::shared_ptr<const Notation> notation, const GameSetupOptions *game) : notation_(std::move(notation)) {
        converts_ = notation_ && notation_->converts(protocol::Dialect::Xboard);
        if (game != nullptr)
            for (const auto &option : game->engine_options)
                if (option.dialect == protocol::Dialect::Xboard && option.name == kVariantOption) variant_ = option.value;
        frc_ = variant_ == "fischerandom";
    }

    [[nodiscard]] protocol::Dialect id() const override { return protocol::Dialect::Xboard; }
    [[nodiscard]] std::string_view handshake() const override { return "xboard\nprotover 2"; }
    [[nodiscard]] std::string_view handshake_answer() const override { return "feature done=1"; }

    std::optional<HandshakeTurn> handshake_turn(std::string_view line) override {
        HandshakeTurn turn;
        const std::string_view word = protocol::first_word(line);
        if (word == "feature") {
            for (const Feature &f : parse_features(line)) {
                const bool accepted = take(f, turn);
                turn.reply += accepted ? "accepted " : "rejected ";
                turn.reply += f.name;
                turn.reply += '\n';
                if (f.name == "done") {
                    if (f.value == "1") turn.done = true;
                    else awaiting_done_ = true;  // the engine needs time: only done=1 ends the wait now
                }
            }
            featured_ = true;
            return turn;
        }
        if (complains_about(line, "xboard") && !contains(line, "protover")) {
            turn.error = EngineError{FailureKind::Protocol, "the engine does not know the command 'xboard'", excerpt(line)};
            return turn;
        }
        if (word == "uciok" || word == "id") {
            turn.error = EngineError{FailureKind::Protocol, "the engine answers in UCI, not xboard", excerpt(line)};
            return turn;
        }
        // A protocol 1 engine refuses 'protover': its defaults hold, at once.
        if (!featured_ && complains_about(line, "protover")) turn.done = true;
        return turn;
    }
    [[nodiscard]] std::optional<milliseconds> handshake_silence() const override {
        if (awaiting_done_) return std::nullopt;
        return kFeatureWait;
    }

    [[nodiscard]] std::string_view handshake_nudge() const override { return featured_ ? std::string_view() : "ping 0"; }

    [[nodiscard]] std::string_view move_answer() const override { return "move"; }
    [[nodiscard]] std::string_view sync() const override { return ping_ ? std::string_view(ping_line_) : std::string_view(); }
    [[nodiscard]] std::string_view sync_answer() const override { return "pong"; }

    void append_new_game(std::string &out) override {
        if (game_on_) out += "result *\n";  // the previous game is over; its result is the arbiter's record
        append_start(out);
        out += "post\neasy";
        ++pings_;
        ping_line_ = "ping " + std::to_string(pings_);
    }

    void append_option(std::string &out, std::string_view name, std::string_view value) const override {
        if (name == kVariantOption) {
            out += "variant ";
            out += value;
            return;
        }
        if ((name == "memory" && memory_) || (name == "cores" && smp_)) {
            out += name;
            out += ' ';
            out += value;
            return;
        }
        out += "option ";
        out += name;
        if (!value.empty()) {
            out += '=';
            out += value;
        }
    }

    std::optional<EngineError> append_position(std::string &out, const protocol::Position &position,
                                               size_t known) override {
        const bool same_start =
            memo_startpos_ == position.startpos && (position.startpos || memo_fen_ == position.fen);
        const size_t given = memo_moves_.size() + (engine_moved_ ? 1 : 0);
        bool continues = same_start && position.moves.size() >= given;
        for (size_t i = std::min(known, memo_moves_.size()); continues && i < memo_moves_.size(); ++i)
            continues = memo_moves_[i] == position.moves[i];
        // The engine played a move after those it was given: a continuation
        // holds it (the game's next ply), else the engine's board is another.
        std::optional<std::string> own;
        if (continues && engine_moved_) {
            own = move_in(engine_move_);
            continues = own && *own == position.moves[memo_moves_.size()];
        }
        if (continues) {
            if (own) memo_moves_.push_back(std::move(*own));
            out += "force\n";
        } else {
            if (!fresh_) append_start(out);
            out += "force\n";
            if (!position.startpos) {
                std::optional<std::string> text =
                    converts_ ? notation_->position_out(protocol::Dialect::Xboard, position.fen) : position.fen;
                if (!text) return refused("position", position.fen);
                if (setboard_) {
                    out += "setboard " + *text + "\n";
                } else if (auto bad = append_edit(out, *text, start_side(position))) {
                    return bad;
                }
                memo_startpos_ = false;
                memo_fen_ = position.fen;
            }
            // Lines of an earlier session may still come (a claim after its
            // last move): those before this pong are not about this one.
            if (ping_) {
                ++pings_;
                awaited_pong_ = "pong " + std::to_string(pings_);
                out += "ping " + std::to_string(pings_) + "\n";
            }
        }
        fresh_ = false;
        engine_moved_ = false;
        written_.clear();
        for (size_t i = memo_moves_.size(); i < position.moves.size(); ++i) {
            const std::string &move = position.moves[i];
            std::optional<std::string> text = converts_ ? notation_->move_out(protocol::Dialect::Xboard, move) : move;
            if (!text) return refused("move", move);
            if (frc_)
                if (auto castle = castling_of(position, i)) text = std::move(castle);
            if (usermove_) out += "usermove ";
            out += *text;
            out += '\n';
            written_.push_back(std::move(*text));
            memo_moves_.push_back(move);
        }
        side_ = (start_side(position) + static_cast<int>(position.moves.size())) % 2;
        out.pop_back();  // the caller ends the last line
        return std::nullopt;
    }

    // CECP's 'result' names the winner by colour: the engine's side is the
    // side it was last asked to move for.
    bool append_game_over(std::string &out, protocol::GameOver::Result result) override {
        if (!game_on_) return false;
        using Result = protocol::GameOver::Result;
        const bool first_won = (result == Result::Win) == (engine_side_ == 0);
        out += result == Result::Draw ? "result 1/2-1/2 {Draw}" : first_won ? "result 1-0 {White wins}" : "result 0-1 {Black wins}";
        game_on_ = false;  // told: no 'result *' before the next 'new'
        return true;
    }
    [[nodiscard]] bool is_standard_option(std::string_view) const override { return false; }
    [[nodiscard]] std::vector<std::pair<std::string, std::string>> standard_options(
        const std::vector<std::pair<std::string, std::string>> &) const override {
        return {};
    }

    void append_go(std::string &out, const protocol::Go &go) override {
        engine_side_ = side_;
        std::string limits;  // what the time control is, written when it changes
        std::optional<int64_t> own, other;
        if (go.movetime) {
            if (*go.movetime >= 1000 && *go.movetime % 1000 == 0) {
                limits = "st " + std::to_string(*go.movetime / 1000);
            } else {
                // 'st' counts whole seconds: a shorter time per move is the
                // engine's whole clock in a sudden-death control instead.
                limits = "level 0 " + level_base(*go.movetime) + " 0";
                own = other = *go.movetime;
            }
        } else if (go.has_clock()) {
            own = side_ == 0 ? go.p1time : go.p2time;
            other = side_ == 0 ? go.p2time : go.p1time;
            const int64_t inc = (side_ == 0 ? go.p1inc : go.p2inc).value_or(0);
            limits = "level " + std::to_string(go.movestogo.value_or(0)) + " " + level_base(own.value_or(0)) + " " +
                     seconds_text(inc);
        } else if (go.nodes && !go.depth) {
            limits = "st 1";  // xboard has no node limit: a second instead (docs/protocol.md)
        }
        if (go.depth) limits += std::string(limits.empty() ? "" : "\n") + "sd " + std::to_string(*go.depth);
        // The level's base is the clock at the game's first move: later
        // moves change only 'time' and 'otim'.
        std::string key = limits;
        if (go.has_clock() && !go.movetime) key = "clock " + std::to_string(go.movestogo.value_or(0));
        if (!limits.empty() && key != limits_key_) {
            out += limits;
            out += '\n';
            limits_key_ = key;
        }
        if (time_ && own) out += "time " + centiseconds(*own) + "\notim " + centiseconds(other.value_or(*own)) + "\n";
        out += "go";
        engine_moved_ = true;
        game_on_ = true;
    }

    Reply read_reply(std::string_view line, protocol::InfoFields &info) override {
        if (!awaited_pong_.empty()) {
            if (line.substr(0, awaited_pong_.size()) == awaited_pong_) awaited_pong_.clear();
            return {};
        }
        std::string_view rest = line;
        const std::string_view word = protocol::detail::next_word(rest);
        if (word == "move") return best_move(protocol::detail::next_word(rest));
        if (word == "resign") return {Reply::Kind::Resign, word};
        if (word == "offer" && protocol::detail::next_word(rest) == "draw") return {Reply::Kind::DrawOffer, {}};
        // A claim before the engine's first move of a game is the last game's,
        // sent late (GNU Chess answers 'ping' before it): passed over.
        if (word == "1-0" || word == "0-1" || word == "1/2-1/2") {
            if (!moved_in_game_) return {};
            std::string_view claim = line;
            while (!claim.empty() && (claim.back() == '\r' || claim.back() == ' ')) claim.remove_suffix(1);
            return {Reply::Kind::Claim, claim};
        }
        // "Illegal move: e2e4", "Illegal move (in check): e2e4": a refusal of a
        // move it was given; of anything else ("Illegal move: sd 1", Phalanx's
        // word for a command it does not know), no.
        if (word == "Illegal" && protocol::detail::next_word(rest).substr(0, 4) == "move") {
            std::string_view last = line.substr(line.find_last_of(" :") + 1);
            while (!last.empty() && (last.back() == '\r' || last.back() == ' ')) last.remove_suffix(1);
            const bool ours = std::find(written_.begin(), written_.end(), last) != written_.end();
            return {ours ? Reply::Kind::Refused : Reply::Kind::Other, {}};
        }
        // Protocol 1's "1. ... e2e4" (and "10. ... O-O").
        if (!word.empty() && word.back() == '.' && protocol::parse_integer<int>(word.substr(0, word.size() - 1))) {
            std::string_view dots = protocol::detail::next_word(rest);
            if (dots == "...") return best_move(protocol::detail::next_word(rest));
            return {};
        }
        // Thinking output: "ply score time nodes pv...".
        if (auto ply = protocol::parse_integer<int>(word)) {
            auto score = protocol::parse_integer<int>(protocol::detail::next_word(rest));
            protocol::detail::next_word(rest);  // centiseconds
            auto nodes = protocol::parse_integer<int64_t>(protocol::detail::next_word(rest));
            if (!score || *ply < 0) return {};
            info.depth = *ply;
            // CECP's mate scores: 100000 + the distance in moves.
            info.score_cp = *score >= 100000 ? protocol::kMateScore : *score <= -100000 ? -protocol::kMateScore : *score;
            if (nodes && *nodes >= 0) info.nodes = *nodes;
            return {Reply::Kind::Info, {}};
        }
        return {};
    }

    [[nodiscard]] std::optional<std::string> move_in(std::string_view move) const override {
        if (converts_) return notation_->move_in(protocol::Dialect::Xboard, move);
        if (is_coordinate_move(move)) {
            if (frc_)
                if (auto castle = king_two_squares(move)) return castle;
            std::string out(move);
            out.back() = static_cast<char>(std::tolower(static_cast<unsigned char>(out.back())));  // e7e8Q
            return out;
        }
        // SAN, or castling as O-O: read where the engine played it.
        if (!notation_) return std::nullopt;
        protocol::Position played{memo_startpos_, memo_fen_, memo_moves_};
        return notation_->record_move_in(played, move);
    }

    [[nodiscard]] std::vector<GameSetupOptions::DialectOption> options_for_rule(const GameSetupOptions &game,
                                                                              std::string_view rule) const override {
        std::vector<GameSetupOptions::DialectOption> out;
        for (const auto &option : game.engine_options)
            if (option.dialect == protocol::Dialect::Xboard && option.rule == rule) out.push_back(option);
        return out;
    }

private:
    // CECP's FRC castling is written 'O-O'/'O-O-O' (the king's move would
    // be ambiguous there): the move `i` of `position` when the plugin reads
    // one of those as it in the position before it, else nullopt.
    std::optional<std::string> castling_of(const protocol::Position &position, size_t i) const {
        if (!notation_) return std::nullopt;
        const auto first = position.moves.begin();
        const protocol::Position before{position.startpos, position.fen, {first, first + static_cast<long>(i)}};
        for (const char *castle : {"O-O", "O-O-O"})
            if (notation_->record_move_in(before, castle) == position.moves[i]) return std::string(castle);
        return std::nullopt;
    }

    // An FRC engine's castling written as the king's move two or more files
    // to g (O-O) or c (O-O-O) on its rank ('e1g1'; never a king's ordinary
    // move): the plugin's castling move whose king starts where this one
    // does, read where the engine played it; nullopt otherwise (the text is
    // judged as sent).
    std::optional<std::string> king_two_squares(std::string_view move) const {
        if (!notation_ || move.size() != 4 || move[1] != move[3]) return std::nullopt;
        if (std::abs(move[0] - move[2]) < 2 || (move[2] != 'g' && move[2] != 'c')) return std::nullopt;
        const protocol::Position played{memo_startpos_, memo_fen_, memo_moves_};
        auto castle = notation_->record_move_in(played, move[2] == 'g' ? "O-O" : "O-O-O");
        if (!castle || castle->substr(0, 2) != move.substr(0, 2)) return std::nullopt;
        return castle;
    }

    Reply best_move(std::string_view move) {
        engine_move_.assign(move);
        moved_in_game_ = true;
        return {Reply::Kind::BestMove, move};
    }

    // One feature: true when accepted. What the arbiter honours is kept.
    bool take(const Feature &f, HandshakeTurn &turn) {
        const bool on = f.value == "1";
        if (f.name == "ping") ping_ = on;
        else if (f.name == "setboard") setboard_ = on;
        else if (f.name == "usermove") usermove_ = on;
        else if (f.name == "time") time_ = on;
        else if (f.name == "san") return !on;  // moves go in coordinates
        else if (f.name == "reuse") return on;  // a fresh process per game is the config's 'restart: true'
        else if (f.name == "memory") {
            memory_ = on;
            if (on) turn.options.emplace_back("memory");
        } else if (f.name == "smp") {
            smp_ = on;
            if (on) turn.options.emplace_back("cores");
        } else if (f.name == "myname") turn.id_name = excerpt(f.value, 100);
        else if (f.name == "variants") {
            std::string_view list = f.value;
            for (size_t at = 0; at <= list.size();) {
                size_t end = std::min(list.find(',', at), list.size());
                // "normal" is what 'new' gives: never sent (HoiChess refuses 'variant normal').
                if (variant_ != "normal" && list.substr(at, end - at) == variant_) turn.options.emplace_back(kVariantOption);
                at = end + 1;
            }
        } else if (f.name == "option") {
            std::string_view spec = f.value;
            size_t dash = spec.find(" -");
            std::string_view name = spec.substr(0, dash);
            while (!name.empty() && name.back() == ' ') name.remove_suffix(1);
            if (!name.empty()) turn.options.emplace_back(name);
        } else if (f.name == "done") {
            return true;
        } else {
            // Features that ask nothing of the arbiter, or what it never sends.
            static constexpr std::string_view kHarmless[] = {"draw",  "sigint", "sigterm", "analyze", "colors",
                                                             "ics",   "name",   "pause",   "playother", "debug",
                                                             "nps",   "exclude", "setscore", "highlight", "smpmode"};
            return std::find(std::begin(kHarmless), std::end(kHarmless), f.name) != std::end(kHarmless);
        }
        return true;
    }

    // 'new' (the game's start: white to move, the engine black, out of
    // force mode), and the variant when it is not the normal one.
    void append_start(std::string &out) {
        out += "new\n";
        if (!variant_.empty() && variant_ != "normal") out += "variant " + variant_ + "\n";
        memo_startpos_ = true;
        memo_fen_.clear();
        memo_moves_.clear();
        engine_moved_ = false;
        moved_in_game_ = false;
        game_on_ = false;
        fresh_ = true;
        limits_key_.clear();
    }

    // The 'edit' sequence for an engine without setboard: the board of the
    // FEN-like `text` ("#" clears it; white's pieces, "c", black's, "."),
    // after a2a3 when black is to move (edit keeps the side to move, which
    // is white after 'new'). Castling rights are the engine's guess from
    // where kings and rooks stand; an en-passant square is lost.
    std::optional<EngineError> append_edit(std::string &out, std::string_view text, int side) {
        std::string_view rest = text;
        const std::string_view board = protocol::detail::next_word(rest);
        std::vector<std::string> pieces[2];
        int rank = static_cast<int>(std::count(board.begin(), board.end(), '/'));
        int file = 0;
        for (size_t i = 0; i < board.size(); ++i) {
            const char c = board[i];
            if (c == '/') {
                --rank;
                file = 0;
            } else if (std::isdigit(static_cast<unsigned char>(c))) {
                size_t end = i;
                while (end < board.size() && std::isdigit(static_cast<unsigned char>(board[end]))) ++end;
                file += std::stoi(std::string(board.substr(i, end - i)));
                i = end - 1;
            } else if (std::isalpha(static_cast<unsigned char>(c)) && file < 26) {
                const int colour = std::isupper(static_cast<unsigned char>(c)) ? 0 : 1;
                pieces[colour].push_back(std::string(1, static_cast<char>(std::toupper(static_cast<unsigned char>(c)))) +
                                         static_cast<char>('a' + file) + std::to_string(rank + 1));
                ++file;
            } else {
                return refused("position", text);
            }
        }
        if (rank != 0) return refused("position", text);
        if (side == 1) out += usermove_ ? "usermove a2a3\n" : "a2a3\n";
        out += "edit\n#\n";
        for (const auto &piece : pieces[0]) out += piece + "\n";
        out += "c\n";
        for (const auto &piece : pieces[1]) out += piece + "\n";
        out += ".\n";
        return std::nullopt;
    }

    static EngineError refused(const char *what, std::string_view text) {
        return EngineError{FailureKind::Protocol, std::string("the game cannot write the ") + what + " in xboard",
                           excerpt(text)};
    }

    std::shared_ptr<const Notation> notation_;  // may be null; used for SAN replies even when not converting
    bool converts_ = false;
    std::string variant_;  // the game's xboard variant ("fischerandom"); empty or "normal": none sent
    bool frc_ = false;     // variant fischerandom: castling goes as O-O/O-O-O (CECP's FRC convention)

    // What the engine said it takes ('feature'); protocol 1's defaults.
    bool ping_ = false, setboard_ = false, usermove_ = false, time_ = true, memory_ = false, smp_ = false;
    bool featured_ = false, awaiting_done_ = false;

    // The session: what the engine holds.
    bool memo_startpos_ = true;
    std::string memo_fen_;
    std::vector<std::string> memo_moves_;  // in the plugin's notation
    bool engine_moved_ = false;  // a 'go' was sent: the engine played a move after memo_moves_
    std::string engine_move_;    // that move, as the engine wrote it
    bool moved_in_game_ = false;  // the engine has moved since the last 'new'
    bool game_on_ = false;       // a 'go' since the last 'new': 'result' before the next
    bool fresh_ = true;          // 'new' sent and nothing since: the board is the game's start
    int side_ = 0;               // the side to move in the position last written
    int engine_side_ = 0;        // the side of the last 'go': the engine's in this game
    std::string limits_key_;     // the time control written in this game
    int pings_ = 0;
    std::string ping_line_ = "ping 0";
    std::string awaited_pong_;  // lines before it belong to an earlier session
    std::vector<std::string> written_;  // the moves written for the last position, as written
};

}  // namespace

std::unique_ptr<DialectCodec> make_xboard_codec(std::shared_ptr<const Notation> notation, const GameSetupOptions *game) {
    return std::make_unique<XboardCodec>(std::move(notation), game);
}

}  // namespace arb::engine

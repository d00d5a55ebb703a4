// "Drop", a connect-four-like game with planted defects, one per build
// (ARB_DEFECT), for the tests of the host's distrust of plugins.
//
// Four columns a..d, `rows` rows (option, 2..4, default 2). A move names a
// column; the piece falls to its lowest empty cell; a full column is not a
// legal move. The game ends, drawn, when the board is full; with the option
// `win=three` (default `none`) three pieces of one side side by side in a row
// win at once. Position: the
// rows from the top, '/'-separated, cells 'x', 'o', '.', then a space and the
// side to move, e.g. "..../xo.. x". Its diagram ("arbiter.diagram/1") has
// the same cells. Its PGN notation ("arbiter.pgn-notation/1") writes the
// column in capitals ("C"); USI engines ("arbiter.protocol-notation/1") read
// '-' for an empty cell and the column's number ("3"), and are told the rows
// by the engine option DropRows ("arbiter.engine-options/1").
#include <arbiter/sdk/game_adapter.hpp>

#include <algorithm>
#include <array>
#include <span>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#ifndef ARB_DEFECT
#define ARB_DEFECT 0
#endif

namespace {

// The defects, one per plugin file (see tests/abi/CMakeLists.txt).
enum Defect {
    kHonest = 0,
    kAcceptsFullColumn = 1,  // parse_move accepts a full column
    kMaxMovesTooSmall = 2,   // max_legal_moves is 3, there are 4 columns
    kPositionSizeNoNul = 3,  // max_position_size forgets the NUL; write_position copies without looking at cap
    kPlayFails = 4,          // play() fails at the third ply
    kEntrySegfaults = 5,     // the entry point dies of SIGSEGV
    kResetThrows = 6,        // reset() throws (the adapter must tell the host)
    kNeverEnds = 7,          // outcome() stays ongoing on a full board
    kResetDropsOptions = 8,  // reset() = a default-constructed game: forgets `rows`
    kDiagramPastCap = 9,     // write_cells copies its text without looking at cap
    kDiagramUnsteady = 10,   // every other write_cells call swaps the first cell
    kDiagramBadCells = 11,   // the cells write side x's pieces as 'X', a character the drawing lacks
    // The next four strike only in the judge (a process named "arbiter": the
    // arbiter itself or its plugin-host child), so that the engines, which
    // load the same plugin, play on and only the host's handling is tested.
    kCrashInPlay = 12,       // play() dies of SIGSEGV at the third ply
    kAbortInPlay = 13,       // play() calls abort() at the third ply
    kOverflowMoves = 14,     // legal_moves writes 200 entries into room for 4 (and says 4) at the third ply
    kParseAnything = 15,     // parse_move accepts any text, as the unlisted move 1000
    kResetDropsWin = 16,     // reset() forgets `win`, which does not change the start position
    kStatusLineBreak = 40,   // the status line holds a newline
    kStatusLineUnsteady = 41,  // the status line counts calls, not the position
    kStatusNeededWithoutNul = 42,  // "arbiter.status-line/2" reports *needed without the NUL (the /1 habit)
    kStatusNoSizeQuery = 43,   // "arbiter.status-line/2" answers a size query (no buffer) with ARB_OK and *needed 0
    // The notations (plugin-check's PGN, protocol and engine-option parts).
    kPgnReadsOtherMove = 50,     // pgn read_move reads 'D' as column a
    kPgnTagsUnquoted = 51,       // the FEN start tag's value has no quotes
    kPgnBufferIgnored = 52,      // pgn write_move cuts its text to the buffer and says ARB_OK
    kPgnMoveNumberFromZero = 53, // pgn move_number is 0 at the start
    kProtocolConvertsUgi = 54,   // "converted" holds the UGI bit
    kProtocolPositionLossy = 55, // USI position_in leaves '-' as it is: no way back to the position
    kProtocolMoveLossy = 56,     // USI move_in reads '4' as column c
    kEngineOptionsUnknownRule = 57,  // the engine option stands for a rule option 'columns' the game lacks
    kEngineOptionsBadName = 58,  // the engine option's name holds a newline
    // "arbiter.rule-edges/1" (the honest edges: kHonestEdges below)
    kEdgeSizeSmall = 60,     // edge_size 8, less than an arb_rule_edge
    kEdgeNullRule = 61,      // an edge whose rule is NULL
    kEdgeBadPosition = 62,   // an edge whose position does not load
    kEdgeBadHistory = 63,    // an edge whose moves play into a full column
    kEdgeMustPlayNotOnly = 64,   // MUST_PLAY a move that is one of four legal moves
    kEdgeMustNotPlayLegal = 65,  // MUST_NOT_PLAY a legal move
    kEdgeGameOver = 66,      // an edge on a full board (the game is over there)
    kEdgeUnknownOption = 67,  // an edge naming an option the game lacks
    kEdgeNoFailure = 68,     // an edge with an empty failure text
    kEdgeTooMany = 69,       // 5000 edges (more than a host reads), the second with expect 7
};
constexpr int kDefect = ARB_DEFECT;

// Whether this process is the judge: the arbiter or its plugin-host child.
bool in_judge() {
    static const bool judge = std::strcmp(program_invocation_short_name, "arbiter") == 0;
    return judge;
}

constexpr int kColumns = 4;
constexpr int kMaxRows = 4;
// At the default of two rows: 4 + 1 + 4 cells and separator, a space and the side.
constexpr int kDefaultPositionLength = 11;

const char *const kWinChoices[] = {"none", "three"};

// The honest edges: a full column under two row counts, and the start of
// the four-row game. Each defect 60-69 changes one thing (edges_for_defect).
constexpr arb_rule_edge kHonestEdges[] = {
    {.rule = "full-column", .options = "", .position = "x.../o... x", .moves = "",
     .expect = ARB_EDGE_MUST_NOT_PLAY, .move = "a", .failure = "dropped into a full column"},
    {.rule = "full-column", .options = "rows=3", .position = "", .moves = "a a a",
     .expect = ARB_EDGE_MUST_NOT_PLAY, .move = "a", .failure = "dropped into a full column"},
    {.rule = "rows", .options = "rows=4", .position = "", .moves = "",
     .expect = ARB_EDGE_ANY_LEGAL, .move = "", .failure = "answered with no move of the four-row game"},
};

constexpr arb_rule_edge with_defect(arb_rule_edge e, int defect) {
    switch (defect) {
    case kEdgeNullRule: e.rule = nullptr; break;
    case kEdgeBadPosition: e.position = "zzz"; break;
    case kEdgeBadHistory: e.moves = "a a a"; break;
    case kEdgeMustPlayNotOnly: e.position = ""; e.expect = ARB_EDGE_MUST_PLAY; e.move = "b"; break;
    case kEdgeMustNotPlayLegal: e.move = "b"; break;
    case kEdgeGameOver: e.position = "xoxo/oxox x"; break;
    case kEdgeUnknownOption: e.options = "colour=red"; break;
    case kEdgeNoFailure: e.failure = ""; break;
    default: break;
    }
    return e;
}

// Defects 61-68 change the first edge; 69 is 5000 copies of it, the second with expect 7.
constexpr auto kDefectEdges = [] {
    std::array<arb_rule_edge, kDefect == kEdgeTooMany ? 5000 : 2> edges{};
    for (auto &e : edges) e = with_defect(kHonestEdges[0], kDefect);
    edges[1].expect = kDefect == kEdgeTooMany ? 7 : edges[1].expect;
    return edges;
}();

std::span<const arb_rule_edge> edges_for_defect() {
    if (kDefect < kEdgeSizeSmall || kDefect > kEdgeTooMany || kDefect == kEdgeSizeSmall) return kHonestEdges;
    if (kDefect == kEdgeTooMany) return kDefectEdges;
    return std::span<const arb_rule_edge>(kDefectEdges.data(), 1);
}

const arb_option_desc kOptions[] = {
    arb::sdk::int_option("rows", "2", 2, kMaxRows, "number of rows"),
    arb::sdk::choice_option("win", kWinChoices, "'three': three side by side in a row win"),
};

// The USI conversions: '-' for an empty cell, columns 1..4.
std::string usi_position_out(std::string_view text) {
    std::string out(text);
    std::replace(out.begin(), out.end(), '.', '-');
    return out;
}
std::string usi_position_in(std::string_view text) {
    std::string out(text);
    if (kDefect != kProtocolPositionLossy) std::replace(out.begin(), out.end(), '-', '.');
    return out;
}
std::string usi_move_out(std::string_view text) {
    if (text.size() != 1 || text[0] < 'a' || text[0] > 'd') throw std::invalid_argument("expected a column a..d");
    return std::string(1, static_cast<char>('1' + (text[0] - 'a')));
}
std::string usi_move_in(std::string_view text) {
    if (text.size() != 1 || text[0] < '1' || text[0] > '4') throw std::invalid_argument("expected a column 1..4");
    if (kDefect == kProtocolMoveLossy && text[0] == '4') return "c";
    return std::string(1, static_cast<char>('a' + (text[0] - '1')));
}

class Drop {
public:
    static arb::sdk::ProtocolNotation protocol_notation() {
        return arb::sdk::ProtocolNotation::speaks({ARB_PROTOCOL_UGI})
            .converting(ARB_PROTOCOL_USI, {&usi_position_out, &usi_position_in, &usi_move_out, &usi_move_in});
    }

    static std::vector<arb::sdk::EngineOption> engine_options(arb_protocol protocol, const arb::sdk::Options &rules) {
        if (protocol != ARB_PROTOCOL_USI) return {};
        const std::string rows(rules.text("rows"));
        if (kDefect == kEngineOptionsUnknownRule) return {{"columns", "DropRows", rows}};
        if (kDefect == kEngineOptionsBadName) return {{"rows", "Drop\nRows", rows}};
        return {{"rows", "DropRows", rows}};
    }

    static const arb::sdk::GameInfo &info() {
        static const arb::sdk::GameInfo info{
            "drop", "Drop", "0.0.1", "connect-four-like test game with a planted defect", {"x", "o"}, kOptions,
            kDefect == kMaxMovesTooSmall ? kColumns - 1 : kColumns,
            kDefect == kPositionSizeNoNul ? kDefaultPositionLength : kMaxRows * (kColumns + 1) + 2 + 1};
        return info;
    }

    explicit Drop(const arb::sdk::Options &options)
        : rows_(options.integer("rows")),
          three_wins_(options.text("win") == "three"),
          drawing_(arb::sdk::BoardDrawing::squares(kColumns, rows_)
                       .files("abcd")
                       .piece('x', arb::sdk::PieceShape::Disc, "#111111", "x")
                       .piece('o', arb::sdk::PieceShape::Disc, "#f4f4f4", "o")) {}

    void reset() {
        if (kDefect == kResetThrows) throw std::runtime_error("the board was lost");
        if (kDefect == kResetDropsOptions) {
            *this = Drop(default_options());
            return;
        }
        if (kDefect == kResetDropsWin) three_wins_ = false;
        cells_.assign(static_cast<size_t>(rows_ * kColumns), '.');
        to_move_ = 0;
        plies_ = 0;
    }

    arb_status set_position(std::string_view text, arb::sdk::ErrorOut err) {
        if (text.size() != static_cast<size_t>(rows_ * (kColumns + 1) + 1))
            return err.fail(ARB_ERR_SYNTAX, "expected %d rows of %d cells, a space and the side", rows_, kColumns);
        std::string cells;
        int count = 0;
        for (int r = 0; r < rows_; ++r) {
            for (int c = 0; c < kColumns; ++c) {
                char ch = text[static_cast<size_t>(r * (kColumns + 1) + c)];
                if (ch != 'x' && ch != 'o' && ch != '.') return err.fail(ARB_ERR_SYNTAX, "bad cell '%c'", ch);
                if (ch != '.') ++count;
                cells += ch;
            }
            char sep = text[static_cast<size_t>(r * (kColumns + 1) + kColumns)];
            if (sep != (r + 1 < rows_ ? '/' : ' ')) return err.fail(ARB_ERR_SYNTAX, "bad separator '%c'", sep);
        }
        char side = text.back();
        if (side != 'x' && side != 'o') return err.fail(ARB_ERR_SYNTAX, "side must be x or o");
        if ((side == 'x' ? 0 : 1) != count % 2) return err.fail(ARB_ERR_ILLEGAL, "wrong side to move");
        cells_ = cells;
        to_move_ = count % 2;
        plies_ = count;
        return ARB_OK;
    }

    std::string position() const {
        std::string out;
        for (int r = 0; r < rows_; ++r) {
            out.append(cells_, static_cast<size_t>(r * kColumns), kColumns);
            out += r + 1 < rows_ ? '/' : ' ';
        }
        out += to_move_ == 0 ? 'x' : 'o';
        return out;
    }

    int32_t legal_moves(arb_move *out) const {
        if (kDefect == kOverflowMoves && plies_ == 2 && in_judge()) {
            for (int i = 0; i < 200; ++i) out[i] = i % kColumns;
            return kColumns;
        }
        if (winner() >= 0) return 0;
        int32_t n = 0;
        for (int c = 0; c < kColumns; ++c)
            if (!column_full(c)) out[n++] = c;
        return n;
    }

    arb_status parse_move(std::string_view text, arb_move &move, arb::sdk::ErrorOut err) const {
        if (kDefect == kParseAnything && in_judge()) {
            move = 1000;
            return ARB_OK;
        }
        if (text.size() != 1 || text[0] < 'a' || text[0] >= 'a' + kColumns)
            return err.fail(ARB_ERR_SYNTAX, "expected a column a..d");
        const int column = text[0] - 'a';
        if (winner() >= 0) return err.fail(ARB_ERR_ILLEGAL, "the game is over");
        if (kDefect != kAcceptsFullColumn && column_full(column))
            return err.fail(ARB_ERR_ILLEGAL, "column '%c' is full", text[0]);
        move = column;
        return ARB_OK;
    }

    arb::sdk::MoveText format_move(arb_move move) const {
        return arb::sdk::MoveText(std::string(1, static_cast<char>('a' + move)));
    }

    arb_status play(arb_move move) {
        if (kDefect == kPlayFails && plies_ == 2) return ARB_ERR_INTERNAL;
        if (kDefect == kCrashInPlay && plies_ == 2 && in_judge()) std::raise(SIGSEGV);
        if (kDefect == kAbortInPlay && plies_ == 2 && in_judge()) std::abort();
        for (int r = rows_ - 1; r >= 0; --r) {
            char &cell = cells_[static_cast<size_t>(r * kColumns + move)];
            if (cell == '.') {
                cell = to_move_ == 0 ? 'x' : 'o';
                break;
            }
        }
        // Into a full column nothing is placed, but the turn passes: what a
        // host that trusted parse_move would let stand.
        to_move_ ^= 1;
        ++plies_;
        return ARB_OK;
    }

    // "arbiter.rule-edges/1", honest or with the planted defect (60-69).
    static std::span<const arb_rule_edge> rule_edges() { return edges_for_defect(); }

    const arb::sdk::BoardDrawing &drawing() const { return drawing_; }
    std::string diagram_cells() const {
        std::string cells = arb::sdk::cells_in_rows(cells_, kColumns);
        if (kDefect == kDiagramBadCells)
            for (char &c : cells) c = c == 'x' ? 'X' : c;
        static std::atomic<int> calls{0};
        if (kDefect == kDiagramUnsteady && calls++ % 2 == 1) cells[0] = cells[0] == '.' ? 'o' : '.';
        return cells;
    }

    // "arbiter.pgn-notation/1": the column in capitals.
    arb::sdk::MoveText pgn_move(arb_move move) const {
        return arb::sdk::MoveText(std::string(1, static_cast<char>('A' + move)));
    }
    arb_status parse_pgn_move(std::string_view text, arb_move &move, arb::sdk::ErrorOut err) const {
        if (text.size() != 1 || text[0] < 'A' || text[0] >= 'A' + kColumns)
            return err.fail(ARB_ERR_SYNTAX, "expected a column A..D");
        const std::string own(1, static_cast<char>(kDefect == kPgnReadsOtherMove && text[0] == 'D' ? 'a' : text[0] - 'A' + 'a'));
        return parse_move(own, move, err);
    }
    std::string pgn_start_tags() const {
        if (plies_ == 0) return {};
        if (kDefect == kPgnTagsUnquoted) return "[SetUp \"1\"]\n[FEN " + position() + "]\n";
        return "[SetUp \"1\"]\n[FEN \"" + position() + "\"]\n";
    }
    int32_t pgn_move_number() const { return plies_ / 2 + (kDefect == kPgnMoveNumberFromZero ? 0 : 1); }

    // "arbiter.status-line/2": the pieces on the board.
    std::string status_line() const {
        const auto pieces = std::count_if(cells_.begin(), cells_.end(), [](char c) { return c != '.'; });
        std::string line = "pieces " + std::to_string(pieces);
        if (kDefect == kStatusLineBreak && pieces > 0) line += "\nmore";
        static std::atomic<int> calls{0};
        if (kDefect == kStatusLineUnsteady) line += ", call " + std::to_string(calls++);
        return line;
    }

    int32_t side_to_move() const { return outcome().result == ARB_RESULT_ONGOING ? to_move_ : ARB_SIDE_NONE; }

    arb::sdk::Outcome outcome() const {
        if (const int side = winner(); side >= 0) return arb::sdk::Outcome::win(side, "three in a row");
        if (kDefect != kNeverEnds && cells_.find('.') == std::string::npos) return arb::sdk::Outcome::draw("board full");
        return arb::sdk::Outcome::ongoing();
    }

private:
    static const arb::sdk::Options &default_options() {
        static const arb::sdk::Options options = [] {
            arb::sdk::Options o;
            (void)arb::sdk::Options::parse(kOptions, nullptr, 0, o, arb::sdk::ErrorOut(nullptr, 0));
            return o;
        }();
        return options;
    }

    // The side with three side by side in a row under `win=three`, else -1.
    int winner() const {
        if (!three_wins_) return -1;
        for (int r = 0; r < rows_; ++r)
            for (int c = 0; c + 3 <= kColumns; ++c) {
                const char first = cells_[static_cast<size_t>(r * kColumns + c)];
                if (first != '.' && cells_[static_cast<size_t>(r * kColumns + c + 1)] == first &&
                    cells_[static_cast<size_t>(r * kColumns + c + 2)] == first)
                    return first == 'x' ? 0 : 1;
            }
        return -1;
    }

    bool column_full(int column) const { return cells_[static_cast<size_t>(column)] != '.'; }

    int rows_;
    bool three_wins_;
    arb::sdk::BoardDrawing drawing_;
    std::string cells_ = std::string(static_cast<size_t>(rows_ * kColumns), '.');
    int to_move_ = 0;
    int plies_ = 0;
};

// The C-style write of a plugin that trusts its own max_position_size: no
// look at `cap`, so a size without the NUL writes one byte past the buffer.
arb_status ARB_CALL write_position_unchecked(const arb_state *state, char *buf, size_t) {
    const std::string text = arb::sdk::detail::as_game<Drop>(state).position();
    std::memcpy(buf, text.c_str(), text.size() + 1);
    return ARB_OK;
}

// The same, for the cells of "arbiter.diagram/2": *needed right, cap ignored.
arb_status ARB_CALL write_cells_unchecked(const arb_state *state, char *buf, uint32_t, uint32_t *needed) {
    const std::string text = arb::sdk::detail::as_game<Drop>(state).diagram_cells();
    *needed = static_cast<uint32_t>(text.size() + 1);
    if (buf == nullptr) return ARB_ERR_BUFFER;
    std::memcpy(buf, text.c_str(), text.size() + 1);
    return ARB_OK;
}

// "arbiter.status-line/2" written as /1 asked: the length without the NUL.
arb_status ARB_CALL write_status_without_nul(const arb_state *state, char *buf, uint32_t cap, uint32_t *needed) {
    const std::string text = arb::sdk::detail::as_game<Drop>(state).status_line();
    *needed = static_cast<uint32_t>(text.size());
    if (buf == nullptr || cap < text.size() + 1) {
        if (buf != nullptr && cap > 0) buf[0] = '\0';
        return ARB_ERR_BUFFER;
    }
    std::memcpy(buf, text.c_str(), text.size() + 1);
    return ARB_OK;
}

// "arbiter.status-line/2" that takes no buffer for a size query: ARB_OK, 0.
arb_status ARB_CALL write_status_no_query(const arb_state *state, char *buf, uint32_t cap, uint32_t *needed) {
    if (buf == nullptr) {
        *needed = 0;
        return ARB_OK;
    }
    return arb::sdk::detail::StatusLineExtension<Drop>::write_status(state, buf, cap, needed);
}

const arb_game_api *sdk_api = nullptr;  // the SDK's own table, set by the entry point

// The record text of "arbiter.pgn-notation/2", cut to any buffer, ARB_OK.
arb_status ARB_CALL pgn_write_move_cut(const arb_state *state, arb_move move, char *buf, uint32_t cap, uint32_t *needed) {
    const std::string text(arb::sdk::detail::as_game<Drop>(state).pgn_move(move).view());
    *needed = static_cast<uint32_t>(text.size() + 1);
    if (buf == nullptr || cap == 0) return ARB_OK;
    const size_t n = std::min<size_t>(text.size(), cap - 1);
    std::memcpy(buf, text.data(), n);
    buf[n] = '\0';
    return ARB_OK;
}

// The SDK's extensions, with the defect's table patched in: write_cells_unchecked
// in "arbiter.diagram/2", a write_status that breaks the text rule in
// "arbiter.status-line/2", pgn_write_move_cut in "arbiter.pgn-notation/2", the
// UGI bit among the converted protocols of "arbiter.protocol-notation/2", a
// rule-edge table whose edge_size is too small.
const void *ARB_CALL get_extension_patched(const char *id) {
    const void *ext = sdk_api->get_extension(id);
    if (ext == nullptr) return ext;
    if (kDefect == kEdgeSizeSmall && std::strcmp(id, ARB_EXT_RULE_EDGES) == 0) {
        static const arb_game_rule_edges small{8, 1, kHonestEdges};
        return &small;
    }
    // The host asks /3 first (the SDK's plugins answer it and /2 alike).
    if (kDefect == kDiagramPastCap && (std::strcmp(id, ARB_EXT_DIAGRAM_3) == 0 || std::strcmp(id, ARB_EXT_DIAGRAM_2) == 0)) {
        static const arb_game_diagram_2 diagram{static_cast<const arb_game_diagram_2 *>(ext)->write_drawing,
                                                &write_cells_unchecked};
        return &diagram;
    }
    if ((kDefect == kStatusNeededWithoutNul || kDefect == kStatusNoSizeQuery) &&
        (std::strcmp(id, ARB_EXT_STATUS_LINE_3) == 0 || std::strcmp(id, ARB_EXT_STATUS_LINE_2) == 0)) {
        static const arb_game_status_line_2 status{kDefect == kStatusNoSizeQuery ? &write_status_no_query
                                                                                   : &write_status_without_nul};
        return &status;
    }
    if (kDefect == kPgnBufferIgnored && std::strcmp(id, ARB_EXT_PGN_NOTATION_2) == 0) {
        static const arb_game_pgn_notation_2 pgn = [ext] {
            arb_game_pgn_notation_2 t = *static_cast<const arb_game_pgn_notation_2 *>(ext);
            t.write_move = &pgn_write_move_cut;
            return t;
        }();
        return &pgn;
    }
    if (kDefect == kProtocolConvertsUgi && std::strcmp(id, ARB_EXT_PROTOCOL_NOTATION_2) == 0) {
        static const arb_game_protocol_notation_2 notation = [ext] {
            arb_game_protocol_notation_2 t = *static_cast<const arb_game_protocol_notation_2 *>(ext);
            t.converted |= ARB_PROTOCOL_BIT(ARB_PROTOCOL_UGI);
            return t;
        }();
        return &notation;
    }
    return ext;
}

}  // namespace

extern "C" ARB_EXPORT const arb_game_api *ARB_CALL arb_game_entry(uint32_t host_abi_major) {
    if (kDefect == kEntrySegfaults) std::raise(SIGSEGV);
    const arb_game_api *api = arb::sdk::game_api<Drop>(host_abi_major);
    const bool patched_extension = kDefect == kDiagramPastCap || kDefect == kPgnBufferIgnored ||
                                   kDefect == kProtocolConvertsUgi || kDefect == kEdgeSizeSmall ||
                                   kDefect == kStatusNeededWithoutNul || kDefect == kStatusNoSizeQuery;
    if ((kDefect != kPositionSizeNoNul && !patched_extension) || api == nullptr) return api;
    sdk_api = api;
    static const arb_game_api patched = [api, patched_extension] {
        arb_game_api t = *api;
        if (kDefect == kPositionSizeNoNul) t.write_position = &write_position_unchecked;
        if (patched_extension) t.get_extension = &get_extension_patched;
        return t;
    }();
    return &patched;
}

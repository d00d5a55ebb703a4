#include "notation.hpp"

#include <string>
#include <vector>

namespace arb::chess {

namespace {

constexpr char kPromotionLetters[] = " nbrq";  // by PieceType, for UCI
constexpr char kSanLetters[] = "PNBRQK";

void append_square(sdk::MoveText &t, int s) {
    t.push_back(static_cast<char>('a' + file_of(s)));
    t.push_back(static_cast<char>('1' + rank_of(s)));
}

// Where UCI says a move goes: a castling king's own target in standard chess.
int uci_target(const Position &p, const Move &m, bool chess960) {
    if (m.kind != kCastle || chess960) return m.to;
    const int colour = p.side;
    return castle_king_target(colour, m.to > m.from ? kKingSide : kQueenSide);
}

bool read_square(std::string_view text, int &square) {
    if (text.size() < 2 || text[0] < 'a' || text[0] > 'h' || text[1] < '1' || text[1] > '8') return false;
    square = square_at(text[0] - 'a', text[1] - '1');
    return true;
}

// For a piece move written without the file or rank that tells two pieces
// apart ("Nd2" with knights on b1 and f3): the moves it could mean, in SAN
// ("Nbd2 or Nfd2"); empty when it names at most one.
std::string ambiguous_candidates(const Position &p, const std::string &wanted) {
    static constexpr std::string_view kPieces("NBRQK");
    const size_t type = kPieces.find(wanted[0]);
    int to = 0;
    if (type == std::string_view::npos || wanted.size() < 3 || !read_square(std::string_view(wanted).substr(wanted.size() - 2), to))
        return {};
    const std::string_view middle = std::string_view(wanted).substr(1, wanted.size() - 3);
    if (!(middle.empty() || middle == "x")) return {};  // it names a file or rank already
    arb_move moves[kMaxMoves];
    const int n = p.legal_moves(moves);
    std::vector<std::string> found;
    for (int i = 0; i < n; ++i) {
        const Move m = decode(moves[i]);
        if (m.kind == kNormal && m.to == to && type_of(p.at(m.from)) == static_cast<int>(type) + kKnight)
            found.emplace_back(write_san(p, moves[i]).view());
    }
    if (found.size() < 2) return {};
    std::string text;
    for (size_t i = 0; i < found.size(); ++i) text += (i == 0 ? "" : i + 1 == found.size() ? " or " : ", ") + found[i];
    return text;
}

const char *colour_name(int colour) { return colour == kWhite ? "white" : "black"; }
const char *piece_name(int type) {
    static constexpr const char *kNames[] = {"pawn", "knight", "bishop", "rook", "queen", "king"};
    return kNames[type];
}

}  // namespace

sdk::MoveText write_uci(const Position &p, arb_move code, bool chess960) {
    const Move m = decode(code);
    sdk::MoveText t;
    append_square(t, m.from);
    append_square(t, uci_target(p, m, chess960));
    if (m.promotion != kNoPiece) t.push_back(kPromotionLetters[m.promotion]);
    return t;
}

arb_status parse_uci(const Position &p, std::string_view text, bool chess960, arb_move &out, sdk::ErrorOut err) {
    int from = 0, to = 0, promotion = kNoPiece;
    if (text.size() < 4 || text.size() > 5 || !read_square(text, from) || !read_square(text.substr(2), to))
        return err.fail(ARB_ERR_SYNTAX, "%s is not a UCI move (from and to squares, e.g. e2e4, e7e8q)",
                        sdk::quoted(text).c_str());
    if (text.size() == 5) {
        const std::string_view letters(kPromotionLetters + 1, 4);
        const size_t i = letters.find(text[4]);
        if (i == std::string_view::npos) {
            const std::string_view upper("NBRQ");
            if (upper.find(text[4]) != std::string_view::npos)  // SAN's letters, written where UCI wants its own
                return err.fail(ARB_ERR_SYNTAX, "%s: promotion letters are lower case in UCI: %.4s%c",
                                sdk::quoted(text).c_str(), text.data(), static_cast<char>(text[4] - 'A' + 'a'));
            return err.fail(ARB_ERR_SYNTAX, "%s: the promotion letter is one of n, b, r, q", sdk::quoted(text).c_str());
        }
        promotion = static_cast<int>(i) + kKnight;
    }
    arb_move moves[kMaxMoves];
    const int n = p.legal_moves(moves);
    for (int i = 0; i < n; ++i) {
        const Move m = decode(moves[i]);
        if (m.from == from && uci_target(p, m, chess960) == to && m.promotion == promotion) {
            out = moves[i];
            return ARB_OK;
        }
    }
    const std::string move(text);
    const uint8_t piece = p.at(from);
    if (n == 0) return err.fail(ARB_ERR_ILLEGAL, "%s: %s has no legal move", move.c_str(), colour_name(p.side));
    if (piece == kEmpty) return err.fail(ARB_ERR_ILLEGAL, "%s: no piece on %.2s", move.c_str(), text.data());
    if (colour_of(piece) != p.side)
        return err.fail(ARB_ERR_ILLEGAL, "%s: %.2s holds a %s %s, and %s is to move", move.c_str(), text.data(),
                        colour_name(colour_of(piece)), piece_name(type_of(piece)), colour_name(p.side));
    for (int i = 0; i < n; ++i) {
        const Move m = decode(moves[i]);
        if (m.from == from && m.to == to && m.promotion != kNoPiece && promotion == kNoPiece)
            return err.fail(ARB_ERR_ILLEGAL, "%s: a pawn reaching the last rank must promote (e.g. %sq)", move.c_str(),
                            move.c_str());
        if (m.from == from && m.kind == kCastle && m.to == to && !chess960)
            return err.fail(ARB_ERR_ILLEGAL, "%s: standard chess writes castling as the king's two-square step (%s)",
                            move.c_str(), write_uci(p, moves[i], false).c_str());
        if (m.from == from && m.kind == kCastle && chess960 &&
            castle_king_target(p.side, m.to > m.from ? kKingSide : kQueenSide) == to)
            return err.fail(ARB_ERR_ILLEGAL,
                            "%s is not castling in Chess960: UCI writes castling there as the king taking its own "
                            "rook (%s)",
                            move.c_str(), write_uci(p, moves[i], true).c_str());
    }
    return err.fail(ARB_ERR_ILLEGAL, "%s is not a legal move of the %s %s on %.2s%s", move.c_str(),
                    colour_name(p.side), piece_name(type_of(piece)), text.data(),
                    p.in_check() ? (p.side == kWhite ? " (white is in check)" : " (black is in check)") : "");
}

sdk::MoveText write_san(const Position &p, arb_move code) {
    const Move m = decode(code);
    sdk::MoveText t;
    const int type = m.kind == kCastle ? kKing : type_of(p.at(m.from));
    if (m.kind == kCastle) {
        t.append(m.to > m.from ? "O-O" : "O-O-O");
    } else {
        const bool capture = p.is_capture(code);
        if (type == kPawn) {
            if (capture) t.push_back(static_cast<char>('a' + file_of(m.from))).push_back('x');
            append_square(t, m.to);
            if (m.promotion != kNoPiece) t.push_back('=').push_back(kSanLetters[m.promotion]);
        } else {
            t.push_back(kSanLetters[type]);
            // Disambiguation: the file if it tells the pieces apart, else the rank, else both.
            arb_move moves[kMaxMoves];
            const int n = p.legal_moves(moves);
            bool other = false, same_file = false, same_rank = false;
            for (int i = 0; i < n; ++i) {
                const Move o = decode(moves[i]);
                if (o.kind != kNormal || o.to != m.to || o.from == m.from || p.at(o.from) != p.at(m.from)) continue;
                other = true;
                same_file |= file_of(o.from) == file_of(m.from);
                same_rank |= rank_of(o.from) == rank_of(m.from);
            }
            if (other) {
                if (!same_file) t.push_back(static_cast<char>('a' + file_of(m.from)));
                else if (!same_rank) t.push_back(static_cast<char>('1' + rank_of(m.from)));
                else append_square(t, m.from);
            }
            if (capture) t.push_back('x');
            append_square(t, m.to);
        }
    }
    Position after = p;
    after.play(code);
    if (after.in_check()) {
        arb_move replies[kMaxMoves];
        t.push_back(after.legal_moves(replies) == 0 ? '#' : '+');
    }
    return t;
}

arb_status parse_san(const Position &p, std::string_view text, arb_move &out, sdk::ErrorOut err) {
    std::string wanted(text);
    while (!wanted.empty() && std::string_view("+#!?").find(wanted.back()) != std::string_view::npos) wanted.pop_back();
    for (char &c : wanted)
        if (c == '0') c = 'O';  // 0-0 and 0-0-0, which some PGN writers use
    if (wanted.empty()) return err.fail(ARB_ERR_SYNTAX, "%s is not a SAN move", sdk::quoted(text).c_str());
    arb_move moves[kMaxMoves];
    const int n = p.legal_moves(moves);
    for (int i = 0; i < n; ++i) {
        sdk::MoveText san = write_san(p, moves[i]);
        std::string_view bare = san.view();
        if (!bare.empty() && (bare.back() == '+' || bare.back() == '#')) bare.remove_suffix(1);
        if (bare == wanted) {
            out = moves[i];
            return ARB_OK;
        }
    }
    const std::string_view first("abcdefghNBRQKO");
    if (first.find(wanted[0]) == std::string_view::npos)
        return err.fail(ARB_ERR_SYNTAX, "%s is not a SAN move", sdk::quoted(text).c_str());
    if (std::string candidates = ambiguous_candidates(p, wanted); !candidates.empty())
        return err.fail(ARB_ERR_ILLEGAL, "%s is ambiguous: it names %s (SAN adds the piece's file or rank)",
                        sdk::quoted(text).c_str(), candidates.c_str());
    return err.fail(ARB_ERR_ILLEGAL, "%s is not a legal move for %s here", sdk::quoted(text).c_str(),
                    colour_name(p.side));
}

}  // namespace arb::chess

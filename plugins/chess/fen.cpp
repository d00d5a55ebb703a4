#include "fen.hpp"

#include <charconv>
#include <string>
#include <vector>

namespace arb::chess {

namespace {

constexpr std::string_view kPieceLetters = "pnbrqk";

std::vector<std::string_view> split_fields(std::string_view text) {
    std::vector<std::string_view> fields;
    size_t i = 0;
    while (i <= text.size()) {
        const size_t end = text.find(' ', i);
        fields.push_back(text.substr(i, end == std::string_view::npos ? text.size() - i : end - i));
        if (end == std::string_view::npos) break;
        i = end + 1;
    }
    return fields;
}

std::string square_name(int s) { return {static_cast<char>('a' + file_of(s)), static_cast<char>('1' + rank_of(s))}; }

arb_status parse_placement(std::string_view field, Position &p, sdk::ErrorOut err) {
    int rank = 7, file = 0;
    bool last_digit = false;
    for (char c : field) {
        if (c == '/') {
            if (file != 8) return err.fail(ARB_ERR_SYNTAX, "rank %d of the FEN holds %d squares, not 8", rank + 1, file);
            if (--rank < 0) return err.fail(ARB_ERR_SYNTAX, "the FEN board has more than 8 ranks");
            file = 0;
            last_digit = false;
        } else if (c >= '1' && c <= '8') {
            if (last_digit) return err.fail(ARB_ERR_SYNTAX, "two digits in a row in rank %d of the FEN", rank + 1);
            file += c - '0';
            last_digit = true;
            if (file > 8) return err.fail(ARB_ERR_SYNTAX, "rank %d of the FEN holds more than 8 squares", rank + 1);
        } else {
            const char lower = static_cast<char>(c | 0x20);
            const size_t type = kPieceLetters.find(lower);
            if (type == std::string_view::npos)
                return err.fail(ARB_ERR_SYNTAX, "'%c' is not a FEN piece letter (PNBRQK, pnbrqk) nor a digit 1-8", c);
            if (file >= 8) return err.fail(ARB_ERR_SYNTAX, "rank %d of the FEN holds more than 8 squares", rank + 1);
            p.put(square_at(file, rank), c == lower ? kBlack : kWhite, static_cast<int>(type));
            ++file;
            last_digit = false;
        }
    }
    if (rank != 0) return err.fail(ARB_ERR_SYNTAX, "the FEN board has %d ranks, not 8", 8 - rank);
    if (file != 8) return err.fail(ARB_ERR_SYNTAX, "rank 1 of the FEN holds %d squares, not 8", file);
    return ARB_OK;
}

// The rook a castling letter names: K/Q the outermost rook of that wing
// (X-FEN), A-H the rook on that file (Shredder-FEN, X-FEN inner rook).
arb_status parse_castling(std::string_view field, bool chess960, Position &p, sdk::ErrorOut err) {
    if (field == "-") return ARB_OK;
    if (field.empty()) return err.fail(ARB_ERR_SYNTAX, "empty castling field (write '-' for none)");
    for (char c : field) {
        const int colour = (c >= 'a' && c <= 'z') ? kBlack : kWhite;
        const char upper = static_cast<char>(c & ~0x20);
        const int back = colour == kWhite ? 0 : 7;
        const Bitboard kings = p.pieces(colour, kKing) & (kRank1 << (8 * back));
        if (!((upper >= 'A' && upper <= 'H') || upper == 'K' || upper == 'Q'))
            return err.fail(ARB_ERR_SYNTAX, "'%c' is not a castling letter (KQkq, or a rook's file A-H, a-h)", c);
        if (!kings) return err.fail(ARB_ERR_ILLEGAL, "castling right '%c' but the %s king is not on its first rank", c,
                                    colour == kWhite ? "white" : "black");
        const int king = lowest(kings);
        const Bitboard rooks = p.pieces(colour, kRook) & (kRank1 << (8 * back));
        int rook = kNoSquare;
        if (upper == 'K') {
            const Bitboard right = rooks & ~((bit(king) << 1) - 1);
            if (right) rook = highest(right);
        } else if (upper == 'Q') {
            const Bitboard left = rooks & (bit(king) - 1);
            if (left) rook = lowest(left);
        } else {
            if (!chess960) return err.fail(ARB_ERR_SYNTAX, "castling letter '%c' is for Chess960 (standard chess writes KQkq)", c);
            const int s = square_at(upper - 'A', back);
            if (rooks & bit(s)) rook = s;
        }
        if (rook == kNoSquare || rook == king)
            return err.fail(ARB_ERR_ILLEGAL, "castling right '%c' but no %s rook stands there", c,
                            colour == kWhite ? "white" : "black");
        const int wing = file_of(rook) > file_of(king) ? kKingSide : kQueenSide;
        const int index = right_index(colour, wing);
        if (p.rights & (1u << index)) return err.fail(ARB_ERR_SYNTAX, "castling field '%.*s' gives one wing twice",
                                                      static_cast<int>(field.size()), field.data());
        if (!chess960 && (file_of(king) != 4 || file_of(rook) != (wing == kKingSide ? 7 : 0)))
            return err.fail(ARB_ERR_ILLEGAL, "castling right '%c' needs the king on the e-file and the rook in its corner "
                                             "(variant=chess960 for other arrays)", c);
        p.rights = static_cast<uint8_t>(p.rights | (1u << index));
        p.rook_square[index] = static_cast<uint8_t>(rook);
    }
    return ARB_OK;
}

bool parse_count(std::string_view text, int min, int &out) {
    if (text.empty() || text.size() > 6) return false;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
    return ec == std::errc() && end == text.data() + text.size() && out >= min;
}

arb_status check_position(const Position &p, sdk::ErrorOut err) {
    for (int colour = 0; colour < 2; ++colour) {
        const char *name = colour == kWhite ? "white" : "black";
        const int kings = count(p.pieces(colour, kKing));
        if (kings != 1) return err.fail(ARB_ERR_ILLEGAL, "%s has %d kings, not 1", name, kings);
        if (count(p.pieces(colour, kPawn)) > 8) return err.fail(ARB_ERR_ILLEGAL, "%s has more than 8 pawns", name);
        if (count(p.pieces(colour)) > 16) return err.fail(ARB_ERR_ILLEGAL, "%s has more than 16 pieces", name);
    }
    const Bitboard edge_ranks = kRank1 | (kRank1 << 56);
    if (p.of_type(kPawn) & edge_ranks) return err.fail(ARB_ERR_ILLEGAL, "a pawn stands on the first or the last rank");
    const int waiting = p.side ^ 1;
    if (p.attacked(p.king(waiting), p.side, p.occupied()))
        return err.fail(ARB_ERR_ILLEGAL, "the side not to move (%s) is in check", waiting == kWhite ? "white" : "black");
    return ARB_OK;
}

}  // namespace

arb_status parse_fen(std::string_view text, bool chess960, Position &out, sdk::ErrorOut err) {
    const auto fields = split_fields(text);
    if (fields.size() != 6 && fields.size() != 4)
        return err.fail(ARB_ERR_SYNTAX, "a FEN has 6 fields separated by single spaces (or 4, as in EPD), not %d",
                        static_cast<int>(fields.size()));
    Position p;
    p.clear();
    if (arb_status s = parse_placement(fields[0], p, err); s != ARB_OK) return s;
    if (fields[1] != "w" && fields[1] != "b")
        return err.fail(ARB_ERR_SYNTAX, "the side to move is 'w' or 'b', not %s", sdk::quoted(fields[1]).c_str());
    p.side = fields[1] == "w" ? kWhite : kBlack;
    if (arb_status s = check_position(p, err); s != ARB_OK) return s;
    if (arb_status s = parse_castling(fields[2], chess960, p, err); s != ARB_OK) return s;
    if (fields[3] != "-") {
        const std::string_view e = fields[3];
        if (e.size() != 2 || e[0] < 'a' || e[0] > 'h' || e[1] < '1' || e[1] > '8')
            return err.fail(ARB_ERR_SYNTAX, "the en passant field is a square or '-', not %s", sdk::quoted(e).c_str());
        const int s = square_at(e[0] - 'a', e[1] - '1');
        const int forward = p.side == kWhite ? 8 : -8;  // the side to move's direction
        if (rank_of(s) != (p.side == kWhite ? 5 : 2))
            return err.fail(ARB_ERR_ILLEGAL, "en passant square %s is not on rank %d", square_name(s).c_str(),
                            p.side == kWhite ? 6 : 3);
        if (p.at(s - forward) != piece_code(p.side ^ 1, kPawn) || p.at(s) != kEmpty || p.at(s + forward) != kEmpty)
            return err.fail(ARB_ERR_ILLEGAL, "en passant square %s: no pawn can just have passed it",
                            square_name(s).c_str());
        p.ep = s;
    }
    if (fields.size() == 6) {
        if (!parse_count(fields[4], 0, p.halfmove))
            return err.fail(ARB_ERR_SYNTAX, "the halfmove clock is a number, not %s", sdk::quoted(fields[4]).c_str());
        if (!parse_count(fields[5], 1, p.fullmove))
            return err.fail(ARB_ERR_SYNTAX, "the move number is a number from 1, not %s", sdk::quoted(fields[5]).c_str());
    }
    p.finish();
    out = p;
    return ARB_OK;
}

std::string write_fen(const Position &p) {
    std::string out;
    out.reserve(96);
    for (int rank = 7; rank >= 0; --rank) {
        int empty = 0;
        for (int file = 0; file < 8; ++file) {
            const uint8_t code = p.at(square_at(file, rank));
            if (code == kEmpty) {
                ++empty;
                continue;
            }
            if (empty) out += static_cast<char>('0' + empty), empty = 0;
            const char letter = kPieceLetters[static_cast<size_t>(type_of(code))];
            out += colour_of(code) == kWhite ? static_cast<char>(letter & ~0x20) : letter;
        }
        if (empty) out += static_cast<char>('0' + empty);
        if (rank > 0) out += '/';
    }
    out += p.side == kWhite ? " w " : " b ";
    const size_t before = out.size();
    for (int colour = 0; colour < 2; ++colour)
        for (int wing = 0; wing < 2; ++wing) {
            const int index = right_index(colour, wing);
            if (!(p.rights & (1u << index))) continue;
            const int rook = p.rook_square[index];
            // X-FEN: K/Q unless another rook stands further out on that wing.
            const Bitboard rooks = p.pieces(colour, kRook) & (kRank1 << (8 * rank_of(rook)));
            const Bitboard outer = wing == kKingSide ? rooks & ~((bit(rook) << 1) - 1) : rooks & (bit(rook) - 1);
            char c = outer ? static_cast<char>('A' + file_of(rook)) : (wing == kKingSide ? 'K' : 'Q');
            if (colour == kBlack) c = static_cast<char>(c | 0x20);
            out += c;
        }
    if (out.size() == before) out += '-';
    out += ' ';
    out += p.ep == kNoSquare ? std::string("-") : square_name(p.ep);
    out += ' ' + std::to_string(p.halfmove) + ' ' + std::to_string(p.fullmove);
    return out;
}

Position chess960_start(int number) {
    int back[8];
    for (int &b : back) b = kNoPiece;
    int n = number;
    back[2 * (n % 4) + 1] = kBishop;  // the light-squared bishop: b, d, f or h
    n /= 4;
    back[2 * (n % 4)] = kBishop;      // the dark-squared one: a, c, e or g
    n /= 4;
    auto place_in_free = [&](int nth, int type) {
        for (int f = 0; f < 8; ++f)
            if (back[f] == kNoPiece && nth-- == 0) {
                back[f] = type;
                return;
            }
    };
    place_in_free(n % 6, kQueen);
    n /= 6;
    static constexpr int kKnightPairs[10][2] = {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2},
                                                {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}};
    // The second knight's index counts the free squares left after the first.
    place_in_free(kKnightPairs[n][1], kKnight);
    place_in_free(kKnightPairs[n][0], kKnight);
    place_in_free(0, kRook);
    place_in_free(0, kKing);
    place_in_free(0, kRook);
    Position p;
    p.clear();
    int rooks[2] = {-1, -1};
    for (int f = 0; f < 8; ++f) {
        p.put(square_at(f, 0), kWhite, back[f]);
        p.put(square_at(f, 1), kWhite, kPawn);
        p.put(square_at(f, 6), kBlack, kPawn);
        p.put(square_at(f, 7), kBlack, back[f]);
        if (back[f] == kRook) rooks[rooks[0] < 0 ? 0 : 1] = f;
    }
    p.rights = 0xf;
    for (int colour = 0; colour < 2; ++colour) {
        const int rank = colour == kWhite ? 0 : 7;
        p.rook_square[right_index(colour, kKingSide)] = static_cast<uint8_t>(square_at(rooks[1], rank));
        p.rook_square[right_index(colour, kQueenSide)] = static_cast<uint8_t>(square_at(rooks[0], rank));
    }
    p.finish();
    return p;
}

}  // namespace arb::chess

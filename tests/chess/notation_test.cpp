// SAN through "arbiter.pgn-notation/2": what the PGN of a chess game holds,
// worked out by hand for each position, and the PGN start tags.
#include "support/plugins.hpp"

#include <arbiter/ext/pgn_notation.h>

#include <string>

using namespace arb;

namespace {

struct Pgn {
    game::GameState state;
    const arb_game_pgn_notation_2 *ext;

    explicit Pgn(const std::string &fen, const game::OptionList &options = {})
        : state(test::new_game("chess", options)),
          ext(static_cast<const arb_game_pgn_notation_2 *>(state.api().get_extension(ARB_EXT_PGN_NOTATION_2))) {
        REQUIRE(ext != nullptr);
        if (!fen.empty()) REQUIRE(state.set_position(fen));
    }
    std::string san(const std::string &uci) const {
        arb_move m = ARB_MOVE_NONE;
        std::string error;
        INFO(uci << ": " << error);
        REQUIRE(state.parse_move(uci.c_str(), m, error) == ARB_OK);
        char buf[32];
        uint32_t needed = 0;
        REQUIRE(ext->write_move(state.raw(), m, buf, sizeof buf, &needed) == ARB_OK);
        return buf;
    }
    // The UCI text of a SAN move, or the error.
    std::string read(const std::string &san_text) const {
        arb_move m = ARB_MOVE_NONE;
        char err[256] = "";
        if (ext->read_move(state.raw(), san_text.c_str(), &m, err, sizeof err) != ARB_OK) return err;
        return state.format_move(m);
    }
    std::string tags() const {
        uint32_t needed = 0;
        char buf[512];
        REQUIRE(ext->write_start_tags(state.raw(), buf, sizeof buf, &needed) == ARB_OK);
        REQUIRE(needed >= 1);
        return std::string(buf, needed - 1);
    }
};

}  // namespace

TEST_CASE("chess SAN: pieces, captures, disambiguation, promotion, check and mate", "[chess][notation]") {
    Pgn start("");
    CHECK(start.san("e2e4") == "e4");
    CHECK(start.san("g1f3") == "Nf3");
    // Knights on b1 and f1 both reach d2: the file tells them apart.
    CHECK(Pgn("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1").san("b1d2") == "Nbd2");
    // Knights on b1 and b3, one file: the rank.
    CHECK(Pgn("4k3/8/8/8/8/1N6/8/1N2K3 w - - 0 1").san("b3d2") == "N3d2");
    // The new queen on d8 checks the h8 king along the eighth rank.
    CHECK(Pgn("3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1").san("e7d8q") == "exd8=Q+");
    CHECK(Pgn("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1").san("e5d6") == "exd6");
    CHECK(Pgn("r3k3/8/8/8/8/8/8/4K2R w K - 0 1").san("e1g1") == "O-O");
    CHECK(Pgn("r3k3/8/8/8/8/8/8/4K2R b q - 0 1").san("e8c8") == "O-O-O");
    CHECK(Pgn("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2").san("d8h4") == "Qh4#");
    // Chess960 castling is O-O too, written king-takes-rook for the engine.
    CHECK(Pgn("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", {{"variant", "chess960"}}).san("e1h1") == "O-O");
}

TEST_CASE("chess SAN is read as PGN files write it", "[chess][notation]") {
    Pgn start("");
    CHECK(start.read("Nf3") == "g1f3");
    CHECK(start.read("e4!?") == "e2e4");
    CHECK(Pgn("r3k3/8/8/8/8/8/8/4K2R w K - 0 1").read("0-0") == "e1g1");
    CHECK(Pgn("3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1").read("exd8=Q+") == "e7d8q");
    // Two knights reach d2: the refusal names both (issue 28, item 9; before: "not a legal move").
    CHECK(Pgn("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1").read("Nd2") ==
          "'Nd2' is ambiguous: it names Nbd2 or Nfd2 (SAN adds the piece's file or rank)");
    CHECK(start.read("Zz9").find("not a SAN move") != std::string::npos);
}

TEST_CASE("chess PGN start tags: none from the start, FEN for others, Variant for Chess960", "[chess][notation]") {
    CHECK(Pgn("").tags().empty());
    const std::string fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 12";
    Pgn later(fen);
    CHECK(later.tags() == "[SetUp \"1\"]\n[FEN \"" + fen + "\"]\n");
    CHECK(later.ext->move_number(later.state.raw()) == 12);
    Pgn c960("", {{"variant", "chess960"}, {"start", "518"}});
    CHECK(c960.tags() ==
          "[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n");
}

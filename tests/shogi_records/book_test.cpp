// SFEN opening books as shogi GUIs keep them (issue 31 §3): one position a
// line, a bare SFEN or as USI writes one ("sfen ... moves ...", "startpos
// moves ...", with or without "position"), each read into the position and
// moves the games start from. The expected openings are written by hand.
#include "config/config_loader.hpp"
#include "support/plugins.hpp"
#include "support/temp_dir.hpp"

#include <catch2/catch.hpp>

using namespace arb;

namespace {

Expected<std::vector<config::Opening>> book(const std::string &text) {
    test::TempDir dir;
    const auto file = dir.write("book.sfen", text);
    return config::load_openings(file, test::load_plugin("shogi"), {}, config::OpeningsSection{});
}

}  // namespace

TEST_CASE("an SFEN book: bare positions and USI's position lines, with their moves", "[shogi][openings]") {
    auto openings = book("# a shogi GUI's start positions\n"
                         "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 moves 7g7f 3c3d\n"
                         "startpos moves 2g2f 8c8d\n"
                         "position startpos moves 7g7f\n"
                         "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1\n"
                         "position sfen 4k4/9/9/9/9/9/9/9/4K4 b - 1\n");
    INFO((openings ? std::string() : openings.error().message));
    REQUIRE(openings.has_value());
    REQUIRE(openings->size() == 5);
    const auto &o = *openings;
    CHECK(o[0].position == "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
    CHECK(o[0].moves == std::vector<std::string>{"7g7f", "3c3d"});
    CHECK(o[0].line == 2);
    CHECK(o[1].position.empty());  // startpos: the game's own start
    CHECK(o[1].moves == std::vector<std::string>{"2g2f", "8c8d"});
    CHECK(o[2].position.empty());
    CHECK(o[2].moves == std::vector<std::string>{"7g7f"});
    CHECK(o[3].position == "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1");  // lance handicap
    CHECK(o[3].moves.empty());
    CHECK(o[4].position == "4k4/9/9/9/9/9/9/9/4K4 b - 1");
}

TEST_CASE("a bad line of an SFEN book names its line, the move and why", "[shogi][openings]") {
    auto bad_move = book("startpos moves 7g7f 7g7f\n");
    REQUIRE_FALSE(bad_move.has_value());
    CHECK_THAT(bad_move.error().message, Catch::Contains(":1:") && Catch::Contains("move 2 '7g7f'"));
    auto bad_sfen = book("sfen lnsgkgsnl/9/9 b - 1 moves 7g7f\n");
    REQUIRE_FALSE(bad_sfen.has_value());
    CHECK_THAT(bad_sfen.error().message, Catch::Contains("the position 'lnsgkgsnl/9/9 b - 1' is not one"));
}

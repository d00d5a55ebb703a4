// Slow Gess checks (label "slow", so the ASan run leaves them out): the 14
// three-ply wins of Black, found by playing out all ~40 million three-ply
// lines (about 9 s per setting in Release), one test case per main setting
// so that ctest runs them in parallel.
#include "gess_support.hpp"

using namespace gess_test;

namespace {

void count_three_ply_wins(const Setting &setting) {
    {
        INFO(setting.label());
        GameState root = new_gess(setting);
        const arb_game_api &api = root.api();
        std::vector<arb_move> m1(static_cast<size_t>(api.max_legal_moves)), m2(m1.size()), m3(m1.size());
        GameState s1 = root, s2 = root, s3 = root;
        int wins = 0;
        bool found_named = false;
        const int32_t n1 = api.legal_moves(root.raw(), m1.data(), api.max_legal_moves);
        for (int32_t i = 0; i < n1; ++i) {
            s1 = root;
            s1.play(m1[static_cast<size_t>(i)]);
            const int32_t n2 = api.legal_moves(s1.raw(), m2.data(), api.max_legal_moves);
            for (int32_t j = 0; j < n2; ++j) {
                s2 = s1;
                s2.play(m2[static_cast<size_t>(j)]);
                const int32_t n3 = api.legal_moves(s2.raw(), m3.data(), api.max_legal_moves);
                for (int32_t k = 0; k < n3; ++k) {
                    s3 = s2;
                    s3.play(m3[static_cast<size_t>(k)]);
                    if (s3.outcome().result == ARB_RESULT_WIN_SIDE_0) {
                        ++wins;
                        const std::string line = root.format_move(m1[static_cast<size_t>(i)]) + " " +
                                                 s1.format_move(m2[static_cast<size_t>(j)]) + " " +
                                                 s2.format_move(m3[static_cast<size_t>(k)]);
                        found_named = found_named || line == "e3-e5 l18-l15 e6-l13";
                    }
                }
            }
        }
        CHECK(wins == 14);
        CHECK(found_named);
    }
}

}  // namespace

TEST_CASE("gess Black wins at ply 3 in exactly 14 ways (defaults)", "[gess][slow]") {
    count_three_ply_wins({"grid20", "illegal", true});
}

TEST_CASE("gess Black wins at ply 3 in exactly 14 ways (board18, illegal)", "[gess][slow]") {
    count_three_ply_wins({"board18", "illegal", true});
}

TEST_CASE("gess Black wins at ply 3 in exactly 14 ways (grid20, lose)", "[gess][slow]") {
    count_three_ply_wins({"grid20", "lose", true});
}

TEST_CASE("gess Black wins at ply 3 in exactly 14 ways (board18, lose)", "[gess][slow]") {
    count_three_ply_wins({"board18", "lose", true});
}

// Every figure of tests/data/rating/ratings.md (copied from the shared vectors).
#include "rating/pgn_results.hpp"
#include "rating/ratings.hpp"
#include "vectors_file.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <fstream>
#include <map>

using namespace arb::rating;
using arb::rating::test::numbers_in;

namespace {

// The tables print 4 decimals: agree to half a unit in the last place.
void check_figures(const HeadToHead &h, const std::vector<std::string> &row) {
    INFO("row " << row[0]);
    CHECK(h.elo == Approx(std::stod(row[1])).margin(5e-5));
    REQUIRE(h.elo_error);
    REQUIRE(h.los);
    REQUIRE(h.nelo_error);
    CHECK(*h.elo_error == Approx(std::stod(row[2])).margin(5e-5));
    CHECK(100 * *h.los == Approx(std::stod(row[3])).margin(5e-5));
    CHECK(h.nelo == Approx(std::stod(row[4])).margin(5e-5));
    CHECK(*h.nelo_error == Approx(std::stod(row[5])).margin(5e-5));
}

const std::string &vectors() {
    static const std::string text = arb::rating::test::read_text("ratings.md");
    return text;
}

}  // namespace

TEST_CASE("trinomial head-to-head matches ratings.md", "[rating][vectors]") {
    const auto rows = arb::rating::test::table_after(vectors(), "## Head-to-head, trinomial");
    REQUIRE(rows.size() == 4);
    for (const auto &row : rows) {
        const auto wdl = numbers_in(row[0]);
        REQUIRE(wdl.size() == 3);
        const Trinomial t{int64_t(wdl[0]), int64_t(wdl[1]), int64_t(wdl[2])};
        check_figures(head_to_head(t), row);
        CHECK(head_to_head(t).draw_ratio == Approx(wdl[1] / (wdl[0] + wdl[1] + wdl[2])));
    }
}

TEST_CASE("pentanomial head-to-head matches ratings.md", "[rating][vectors]") {
    const auto rows = arb::rating::test::table_after(vectors(), "## Head-to-head, pentanomial");
    REQUIRE(rows.size() == 3);
    for (const auto &row : rows) {
        const auto c = numbers_in(row[0]);
        REQUIRE(c.size() == 6);
        const Pentanomial p{int64_t(c[0]), int64_t(c[1]), int64_t(c[2]), int64_t(c[3]), int64_t(c[4]), int64_t(c[5])};
        check_figures(head_to_head(p), row);
        const double pairs = c[0] + c[1] + c[2] + c[3] + c[4] + c[5];
        CHECK(head_to_head(p).draw_ratio == Approx((c[1] + 2 * c[3] + c[4]) / (2 * pairs)));
    }
}

TEST_CASE("SPRT bounds match ratings.md", "[rating][vectors]") {
    const Trinomial none;
    struct Case {
        double alpha, beta, lower, upper;
    };
    for (const Case &c : {Case{0.05, 0.05, -2.944439, 2.944439}, Case{0.01, 0.01, -4.595120, 4.595120},
                          Case{0.05, 0.1, -2.251292, 2.890372}}) {
        const SprtState s = sprt(SprtConfig{0, 5, c.alpha, c.beta, SprtConfig::Model::Normalized}, none);
        CHECK(s.lower == Approx(c.lower).margin(5e-7));
        CHECK(s.upper == Approx(c.upper).margin(5e-7));
        CHECK(s.llr == 0);
        CHECK(s.decision == SprtState::Decision::Continue);
    }
    CHECK(vectors().find("alpha=beta=0.05 gives ±2.944439") != std::string::npos);
    CHECK(vectors().find("alpha=0.05 beta=0.1 gives -2.251292 / 2.890372") != std::string::npos);
}

TEST_CASE("SPRT log-likelihood ratios match ratings.md", "[rating][vectors]") {
    const auto rows = arb::rating::test::table_after(vectors(), "## SPRT");
    REQUIRE(rows.size() == 5);
    for (const auto &row : rows) {
        INFO("row " << row[0] << " | " << row[1]);
        const std::string &data = row[0];
        const auto counts = numbers_in(data);
        const auto model = numbers_in(row[1]);
        REQUIRE(model.size() == 2);
        SprtConfig config;
        config.elo0 = model[0];
        config.elo1 = model[1];
        config.model = row[1].rfind("logistic", 0) == 0 ? SprtConfig::Model::Logistic : SprtConfig::Model::Normalized;
        const double expected = std::stod(row[2]);
        // As many decimals as printed.
        const std::size_t dot = row[2].find('.');
        const double margin = 0.5 * std::pow(10.0, -double(row[2].size() - dot - 1));
        SprtState s;
        if (data.rfind("pentanomial", 0) == 0) {
            REQUIRE(counts.size() == 6);
            s = sprt(config, Pentanomial{int64_t(counts[0]), int64_t(counts[1]), int64_t(counts[2]),
                                         int64_t(counts[3]), int64_t(counts[4]), int64_t(counts[5])});
        } else if (data.find("W/D/L") != std::string::npos) {
            REQUIRE(counts.size() == 3);
            s = sprt(config, Trinomial{int64_t(counts[0]), int64_t(counts[1]), int64_t(counts[2])});
        } else {
            REQUIRE(data.find("W=") < data.find("L="));
            REQUIRE(data.find("L=") < data.find("D="));
            REQUIRE(counts.size() == 3);
            s = sprt(config, Trinomial{int64_t(counts[0]), int64_t(counts[2]), int64_t(counts[1])});
        }
        CHECK(s.llr == Approx(expected).margin(margin));
    }
}

TEST_CASE("joint fit of ratings-tiny.pgn matches ratings.md", "[rating][vectors]") {
    std::ifstream in(arb::rating::test::data_path("ratings-tiny.pgn"));
    REQUIRE(in);
    auto pgn = read_pgn_results(in);
    REQUIRE(pgn.has_value());
    REQUIRE(pgn->games.size() == 48);
    REQUIRE(pgn->names.size() == 4);

    const std::string &text = vectors();
    const auto at = text.find("Pool average 0, no colour advantage:");
    REQUIRE(at != std::string::npos);
    const std::string line = text.substr(text.find('\n', at) + 1, text.find('\n', text.find('\n', at) + 1) - text.find('\n', at) - 1);
    std::map<std::string, double> expected;
    for (const std::string name : {"Alpha", "Beta", "Gamma", "Delta"}) {
        const auto pos = line.find(name + " ");
        REQUIRE(pos != std::string::npos);
        expected[name] = std::stod(line.substr(pos + name.size() + 1));
    }

    const RatingTable table = fit_ratings(pgn->names, pgn->games);
    REQUIRE(table.ranked.size() == 4);
    const char *order[] = {"Alpha", "Beta", "Gamma", "Delta"};
    double sum = 0;
    for (int k = 0; k < 4; ++k) {
        const EngineRating &e = table.ranked[k];
        INFO(e.name);
        CHECK(e.name == order[k]);
        CHECK(e.elo == Approx(expected[e.name]).margin(5e-5));
        CHECK(e.bound == Bound::None);
        CHECK(e.rated);
        REQUIRE(e.error95);
        CHECK(*e.error95 > 0);
        sum += e.elo;
    }
    CHECK(sum == Approx(0).margin(1e-9));

    // Expected points = actual points for every engine.
    for (const EngineRating &e : table.ranked) {
        double expected_points = 0;
        for (const EngineRating &o : table.ranked)
            if (o.index != e.index)
                expected_points += table.games[e.index][o.index] * (1.0 / (1.0 + std::pow(10.0, -(e.elo - o.elo) / 400.0)));
        CHECK(expected_points == Approx(e.points).margin(1e-9));
    }
}

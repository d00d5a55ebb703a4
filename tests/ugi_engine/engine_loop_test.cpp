#include "support/cli_output.hpp"
// The engine loop of the UGI helper, with a scripted engine and string streams.
#include <arbiter/ugi/engine_loop.hpp>

#include <catch2/catch.hpp>

#include <sstream>
#include <stdexcept>
#include <thread>

using namespace arb::ugi;

namespace {

// Records every callback; answers with fixed moves.
class ScriptedEngine final : public Engine {
public:
    std::vector<std::string> calls;
    bool throw_in_search = false;
    bool wait_for_stop = false;

    std::string name() const override { return "scripted"; }
    std::string author() const override { return "tests"; }
    std::vector<OptionSpec> options() const override {
        return {OptionSpec::spin("depth", 3, 1, 9), OptionSpec::combo("style", "calm", {"calm", "wild"}),
                OptionSpec::button("reset")};
    }
    std::string set_option(const std::string &name, const std::string &value) override {
        calls.push_back("set " + name + "=" + value);
        if (name == "boom") throw std::runtime_error("boom option");
        return name == "unknown" ? "no option 'unknown'" : "";
    }
    std::string new_game() override {
        calls.push_back("new");
        return {};
    }
    std::string set_position(const Position &p) override {
        calls.push_back("pos " + (p.startpos ? std::string("startpos") : p.fen) + " " + std::to_string(p.moves.size()));
        return p.moves.size() > 3 ? "too many moves" : "";
    }
    SearchResult search(const Go &go, SearchContext &context) override {
        calls.push_back("go");
        if (throw_in_search) throw std::runtime_error("search exploded");
        while (wait_for_stop && !context.stop_requested()) std::this_thread::yield();
        context.info_string("thinking");
        SearchResult r;
        r.move = go.depth ? "d" + std::to_string(*go.depth) : "e5";
        SearchInfo info;
        info.depth = 2;
        info.score_cp = -15;
        info.nodes = 100;
        r.info = info;
        return r;
    }
};

using arb::test::lines_of;

std::vector<std::string> run(ScriptedEngine &engine, const std::string &input, std::string *log = nullptr) {
    std::istringstream in(input);
    std::ostringstream out, err;
    CHECK(run_loop(engine, in, out, err) == 0);
    if (log) *log = err.str();
    return lines_of(out.str());
}

}  // namespace

TEST_CASE("handshake, options, readiness and a search", "[ugi][loop]") {
    ScriptedEngine engine;
    auto out = run(engine, "ugi\nsetoption name DEPTH value 5\nsetoption name reset\nisready\nuginewgame\n"
                           "position startpos moves a b\ngo depth 4\nquit\n");
    std::vector<std::string> expected{"id name scripted",
                                      "id author tests",
                                      "option name depth type spin default 3 min 1 max 9",
                                      "option name style type combo default calm var calm var wild",
                                      "option name reset type button",
                                      "ugiok",
                                      "readyok",
                                      "info string thinking",
                                      "info depth 2 score cp -15 nodes 100",
                                      "bestmove d4"};
    CHECK(out == expected);
    CHECK(engine.calls == std::vector<std::string>{"set depth=5", "set reset=", "new", "pos startpos 2", "go"});
}

TEST_CASE("bad values, unknown commands and callback errors are reported, not fatal", "[ugi][loop]") {
    ScriptedEngine engine;
    std::string log;
    auto out = run(engine,
                   "ugi\nsetoption name depth value 10\nsetoption name style\nsetoption name unknown value 1\n"
                   "setoption name boom value 1\nfoo bar\nposition fen x y moves 1 2 3 4\nisready\n",
                   &log);
    std::vector<std::string> errors;
    for (const auto &l : out)
        if (l.rfind("info string error ", 0) == 0) errors.push_back(l.substr(18));
    CHECK(errors == std::vector<std::string>{"option 'depth': expected 1..9, got '10'",
                                             "setoption: option 'style' needs a value", "no option 'unknown'",
                                             "setoption failed: boom option", "unknown command 'foo'",
                                             "too many moves"});
    CHECK(out.back() == "readyok");
    CHECK(log.find("scripted: unknown command 'foo'") != std::string::npos);
    CHECK(engine.calls == std::vector<std::string>{"set unknown=1", "set boom=1", "pos x y 4"});
}

TEST_CASE("a search that throws answers bestmove (none)", "[ugi][loop]") {
    ScriptedEngine engine;
    engine.throw_in_search = true;
    auto out = run(engine, "position startpos\ngo\nisready\n");
    // isready may be answered while the search runs: only the order of the
    // search's own lines is fixed.
    std::erase(out, std::string("readyok"));
    CHECK(out == std::vector<std::string>{"info string error search failed: search exploded", "bestmove (none)"});
}

TEST_CASE("end of input stops a running search, which still answers", "[ugi][loop]") {
    ScriptedEngine engine;
    engine.wait_for_stop = true;
    auto out = run(engine, "position startpos\ngo infinite\n");
    REQUIRE(!out.empty());
    CHECK(out.back() == "bestmove e5");
}

TEST_CASE("commands queued behind a search wait for it, stop jumps the queue", "[ugi][loop]") {
    ScriptedEngine engine;
    engine.wait_for_stop = true;
    // The position after 'go' must not reach the engine before the search
    // ends, and 'stop' (queued after it) must still end the search.
    auto out = run(engine, "position startpos\ngo infinite\nposition fen p moves\nstop\ngo depth 2\n");
    CHECK(engine.calls == std::vector<std::string>{"pos startpos 0", "go", "pos p 0", "go"});
    std::vector<std::string> bestmoves;
    for (const auto &l : out)
        if (l.rfind("bestmove", 0) == 0) bestmoves.push_back(l);
    CHECK(bestmoves == std::vector<std::string>{"bestmove e5", "bestmove d2"});
}

TEST_CASE("quit jumps the queue and ends a running search", "[ugi][loop]") {
    ScriptedEngine engine;
    engine.wait_for_stop = true;
    auto out = run(engine, "position startpos\ngo infinite\nposition fen p moves\ngo\nquit\n");
    CHECK(engine.calls == std::vector<std::string>{"pos startpos 0", "go"});
    CHECK(out.back() == "bestmove e5");
}

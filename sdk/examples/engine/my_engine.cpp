// The smallest UGI engine: it declares one option, keeps the moves it is
// given and answers every search with the first move of a fixed list that
// was not played yet (tic-tac-toe squares), which is enough to show the
// loop's callbacks. A real engine searches a position of its game here.
#include <arbiter/protocol/numbers.hpp>
#include <arbiter/ugi/engine_loop.hpp>

#include <algorithm>
#include <iostream>
#include <string>
#include <vector>

namespace {

class MyEngine final : public arb::ugi::Engine {
public:
    std::string name() const override { return "my-engine 1.0"; }
    std::string author() const override { return "an SDK example"; }
    std::vector<arb::ugi::OptionSpec> options() const override {
        return {arb::ugi::OptionSpec::spin("depth", 4, 1, 20)};
    }
    std::string set_option(const std::string &name, const std::string &value) override {
        if (name == "depth") {  // the loop checks the range too; the SDK's parser refuses what is no number
            if (auto depth = arb::protocol::parse_integer<int>(value, 1, 20)) depth_ = *depth;
        }
        return {};
    }
    std::string set_position(const arb::ugi::Position &position) override {
        moves_ = position.moves;
        return {};
    }
    arb::ugi::SearchResult search(const arb::ugi::Go &go, arb::ugi::SearchContext &context) override {
        (void)go;
        context.info_string("depth " + std::to_string(depth_));
        arb::ugi::SearchResult result;
        for (const char *square : {"b2", "a1", "c3", "a3", "c1", "b1", "a2", "c2", "b3"})
            if (std::find(moves_.begin(), moves_.end(), square) == moves_.end()) {
                result.move = square;
                break;
            }
        return result;  // an empty move is sent as "bestmove (none)"
    }

private:
    int depth_ = 4;
    std::vector<std::string> moves_;
};

}  // namespace

int main() {
    MyEngine engine;
    return arb::ugi::run_loop(engine, std::cin, std::cout, std::cerr);
}

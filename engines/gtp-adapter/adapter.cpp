#include "adapter.hpp"

#include "vertex.hpp"

#include <algorithm>
#include <charconv>
#include <sstream>

namespace arb::gtp {

namespace {

constexpr const char *kColours[2] = {"black", "white"};

std::vector<std::string> words(std::string_view text) {
    std::vector<std::string> out;
    std::istringstream in{std::string(text)};
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

// Splits "command rest" at the first blank.
std::pair<std::string_view, std::string_view> split_first(std::string_view line) {
    size_t start = line.find_first_not_of(" \t");
    if (start == std::string_view::npos) return {{}, {}};
    line.remove_prefix(start);
    size_t end = line.find_first_of(" \t");
    if (end == std::string_view::npos) return {line, {}};
    std::string_view rest = line.substr(end);
    rest.remove_prefix(std::min(rest.size(), rest.find_first_not_of(" \t")));
    return {line.substr(0, end), rest};
}

std::string first_line(const std::string &text) { return text.substr(0, text.find('\n')); }

}  // namespace

UgiAdapter::UgiAdapter(IChannel &engine, Settings settings, std::ostream &out, std::ostream &log)
    : engine_(engine), settings_(std::move(settings)), out_(out), log_(log) {
    engine_passes_itself_ = settings_.pass == PassMode::Skip;
}

Expected<bool> UgiAdapter::handle(std::string_view line) {
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    auto [command, args] = split_first(line);
    Expected<void> done;
    if (command.empty()) return true;
    if (command == "ugi") {
        done = start_engine();
    } else if (command == "isready") {
        out_ << "readyok" << std::endl;
    } else if (command == "uginewgame") {
        done = new_game();
    } else if (command == "position") {
        done = set_position(args);
    } else if (command == "go") {
        done = go(args);
    } else if (command == "quit") {
        return false;
    } else if (command == "setoption" || command == "stop" || command == "ponderhit") {
        // No options are declared, and 'go' is answered before the next line is read.
    } else {
        log_ << "arbiter-gtp-adapter: ignoring unknown UGI command '" << line << "'\n";
    }
    if (!done) return Unexpected<Error>{done.error()};
    return true;
}

Expected<void> UgiAdapter::start_engine() {
    std::string name = settings_.name;
    if (name.empty()) {
        auto n = engine_.command("name");
        if (!n) return Unexpected<Error>{n.error()};
        name = n->ok && !n->text.empty() ? first_line(n->text) : "GTP engine";
        auto v = engine_.command("version");
        if (!v) return Unexpected<Error>{v.error()};
        if (v->ok && !v->text.empty()) name += " " + first_line(v->text);
    }
    auto list = engine_.command("list_commands");
    if (!list) return Unexpected<Error>{list.error()};
    known_commands_ = list->ok ? words(list->text) : std::vector<std::string>{};

    if (settings_.setup_command == "auto") setup_command_ = knows("grhino-setup_board") ? "grhino-setup_board" : "";
    else if (settings_.setup_command != "none") setup_command_ = settings_.setup_command;

    if (knows("boardsize")) {
        if (auto r = must("boardsize " + std::to_string(settings_.size)); !r) return Unexpected<Error>{r.error()};
    }
    for (const auto &init : settings_.init_commands)
        if (auto r = must(init); !r) return Unexpected<Error>{r.error()};

    out_ << "id name " << name << " (via arbiter-gtp-adapter)\n"
         << "id author arbiter-gtp-adapter\n"
         << "ugiok" << std::endl;
    return {};
}

Expected<void> UgiAdapter::new_game() {
    if (auto r = must("clear_board"); !r) return Unexpected<Error>{r.error()};
    engine_board_ = Position{};
    wanted_.reset();
    return {};
}

Expected<void> UgiAdapter::set_position(std::string_view args) {
    std::vector<std::string> w = words(args);
    Position p;
    size_t i = 0;
    if (!w.empty() && w[0] == "startpos") {
        i = 1;
    } else if (!w.empty() && w[0] == "fen") {
        for (i = 1; i < w.size() && w[i] != "moves"; ++i) p.fen += (p.fen.empty() ? "" : " ") + w[i];
        if (p.fen.empty()) return fail("'position fen' without a position string");
    } else {
        return fail("cannot read 'position " + std::string(args) + "': expected startpos or fen");
    }
    if (i < w.size()) {
        if (w[i] != "moves") return fail("unexpected '" + w[i] + "' in 'position " + std::string(args) + "'");
        p.moves.assign(w.begin() + static_cast<long>(i) + 1, w.end());
    }
    wanted_ = std::move(p);
    return {};
}

Expected<void> UgiAdapter::go(std::string_view args) {
    if (!wanted_) return fail("'go' before any 'position'");
    if (auto s = sync_engine(); !s) return s;
    auto first = first_colour(*wanted_);
    if (!first) return Unexpected<Error>{first.error()};
    const int colour = (*first + static_cast<int>(wanted_->moves.size() % 2)) % 2;

    // Tell engines that read clocks how much time the mover has (GTP takes whole seconds).
    std::vector<std::string> w = words(args);
    const std::string clock_key = colour == 0 ? "p1time" : "p2time";
    for (size_t i = 0; i + 1 < w.size(); ++i) {
        if (w[i] == clock_key && knows("time_left")) {
            long long ms = 0;
            auto [end, ec] = std::from_chars(w[i + 1].data(), w[i + 1].data() + w[i + 1].size(), ms);
            if (ec != std::errc() || end != w[i + 1].data() + w[i + 1].size())
                return fail("cannot read the clock in 'go " + std::string(args) + "'");
            long long seconds = std::max(0LL, ms / 1000);
            if (auto r = must("time_left " + std::string(kColours[colour]) + " " + std::to_string(seconds) + " 0"); !r)
                return Unexpected<Error>{r.error()};
        }
    }
    auto reply = must(std::string("genmove ") + kColours[colour]);
    if (!reply) return Unexpected<Error>{reply.error()};
    std::vector<std::string> vertex = words(reply->text);
    if (vertex.empty()) return fail("the GTP engine answered 'genmove' with no move");
    const std::string move = from_gtp_vertex(vertex[0], settings_);
    out_ << "bestmove " << move << std::endl;
    // genmove also plays the move on the engine's board; the next 'position' normally extends it.
    engine_board_->moves.push_back(move);
    return {};
}

Expected<void> UgiAdapter::sync_engine() {
    const Position &want = *wanted_;
    bool extends = engine_board_ && engine_board_->fen == want.fen && engine_board_->moves.size() <= want.moves.size() &&
                   std::equal(engine_board_->moves.begin(), engine_board_->moves.end(), want.moves.begin());
    if (!extends) {
        if (auto r = reset_engine_board(); !r) return r;
    }
    for (size_t i = engine_board_->moves.size(); i < want.moves.size(); ++i) {
        if (auto r = send_move(i); !r) {
            engine_board_.reset();  // unknown state: start afresh next time
            return r;
        }
        engine_board_->moves.push_back(want.moves[i]);
    }
    return {};
}

Expected<void> UgiAdapter::reset_engine_board() {
    engine_board_.reset();
    if (auto r = must("clear_board"); !r) return Unexpected<Error>{r.error()};
    if (!wanted_->fen.empty()) {
        if (setup_command_.empty())
            return fail("'position fen " + wanted_->fen +
                        "': the GTP engine has no command to set up a position (see --setup-command)");
        if (auto r = must(setup_command_ + " " + wanted_->fen); !r) return Unexpected<Error>{r.error()};
    }
    engine_board_ = Position{wanted_->fen, {}};
    return {};
}

Expected<void> UgiAdapter::send_move(size_t index) {
    auto first = first_colour(*wanted_);
    if (!first) return Unexpected<Error>{first.error()};
    const char *colour = kColours[(*first + static_cast<int>(index % 2)) % 2];
    const std::string &move = wanted_->moves[index];
    if (move == "pass") {
        if (engine_passes_itself_) return {};
        std::string command = std::string("play ") + colour + " pass";
        auto reply = engine_.command(command);
        if (!reply) return Unexpected<Error>{reply.error()};
        if (reply->ok) return {};
        if (settings_.pass == PassMode::Play)
            return fail("the GTP engine refused '" + command + "': " + first_line(reply->text));
        log_ << "arbiter-gtp-adapter: the engine refused '" << command << "' (" << first_line(reply->text)
             << "); assuming it passes by itself from now on\n";
        engine_passes_itself_ = true;
        return {};
    }
    if (auto r = must(std::string("play ") + colour + " " + to_gtp_vertex(move, settings_)); !r)
        return Unexpected<Error>{r.error()};
    return {};
}

Expected<Reply> UgiAdapter::must(const std::string &command) {
    auto reply = engine_.command(command);
    if (!reply) return reply;
    if (!reply->ok) return fail("the GTP engine refused '" + command + "': " + first_line(reply->text));
    return reply;
}

bool UgiAdapter::knows(std::string_view command) const {
    return std::find(known_commands_.begin(), known_commands_.end(), command) != known_commands_.end();
}

Expected<int> UgiAdapter::first_colour(const Position &position) const {
    if (position.fen.empty()) return 0;  // black moves first in the start position
    // Othello position strings (Edax form) end with the side to move.
    switch (position.fen.back()) {
    case 'X': case 'x': case 'B': case 'b': case '*': return 0;
    case 'O': case 'o': case 'W': case 'w': return 1;
    default: return fail("cannot tell the side to move from the position '" + position.fen + "'");
    }
}

}  // namespace arb::gtp

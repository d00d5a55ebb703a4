#include "adapter.hpp"

#include "othello_ggf.hpp"
#include "temp_file.hpp"
#include "vertex.hpp"

#include <algorithm>

namespace arb::gtp {

namespace {

constexpr const char *kColours[2] = {"black", "white"};
constexpr const char *kProgram = "arbiter-gtp-adapter";
// The standard start as a position string: sent as a plain clear_board.
constexpr const char *kStandardStart = "---------------------------OX------XO--------------------------- X";

std::string first_line(const std::string &text) { return text.substr(0, text.find('\n')); }

}  // namespace

UgiAdapter::UgiAdapter(IChannel &engine, Settings settings, std::ostream &out, std::ostream &log)
    : UgiFrontEnd(kProgram, out, log), engine_(engine), settings_(std::move(settings)) {
    engine_passes_itself_ = settings_.pass == PassMode::Skip;
}

Expected<void> UgiAdapter::start() {
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
    known_commands_ = list->ok ? adapter::words(list->text) : std::vector<std::string>{};

    if (settings_.setup_command == "auto")
        setup_command_ = knows("grhino-setup_board") ? "grhino-setup_board" : knows("loadsgf") ? "loadsgf" : "";
    else if (settings_.setup_command != "none") setup_command_ = settings_.setup_command;

    if (knows("boardsize")) {
        if (auto r = must("boardsize " + std::to_string(settings_.size)); !r) return Unexpected<Error>{r.error()};
    }
    for (const auto &init : settings_.init_commands)
        if (auto r = must(init); !r) return Unexpected<Error>{r.error()};

    out_ << "id name " << name << " (via arbiter-gtp-adapter)\n"
         << "id author arbiter-gtp-adapter\n";
    return {};
}

Expected<void> UgiAdapter::new_game() {
    if (auto r = must("clear_board"); !r) return Unexpected<Error>{r.error()};
    // After a loaded position, what clear_board left is not known to be the
    // start (Edax: the last loaded position): the next 'position' sets it up.
    if (loaded_position_)
        engine_board_.reset();
    else
        engine_board_ = Position{};
    return {};
}

Expected<void> UgiAdapter::go(const Position &position, const adapter::GoLimits &limits) {
    if (auto s = sync_engine(position); !s) return s;
    auto side = adapter::othello_side_to_move(position);
    if (!side) return Unexpected<Error>{side.error()};
    const int colour = *side;

    // Tell engines that read clocks how much time the mover has (GTP takes whole seconds).
    if (settings_.send_time_left && limits.time_ms[colour] && knows("time_left")) {
        const long long seconds = std::max<long long>(0, *limits.time_ms[colour] / 1000);
        if (auto r = must("time_left " + std::string(kColours[colour]) + " " + std::to_string(seconds) + " 0"); !r)
            return Unexpected<Error>{r.error()};
    }
    auto reply = must(std::string("genmove ") + kColours[colour]);
    if (!reply) return Unexpected<Error>{reply.error()};
    std::vector<std::string> vertex = adapter::words(reply->text);
    if (vertex.empty()) return fail("the GTP engine answered 'genmove' with no move");
    const std::string move = from_gtp_vertex(vertex[0], settings_);
    out_ << "bestmove " << move << std::endl;
    // genmove also plays the move on the engine's board; the next 'position' normally extends it.
    engine_board_->moves.push_back(move);
    return {};
}

Expected<void> UgiAdapter::sync_engine(const Position &want) {
    bool extends = engine_board_ && engine_board_->fen == want.fen && engine_board_->moves.size() <= want.moves.size() &&
                   std::equal(engine_board_->moves.begin(), engine_board_->moves.end(), want.moves.begin());
    if (!extends) {
        if (auto r = reset_engine_board(want); !r) return r;
    }
    for (size_t i = engine_board_->moves.size(); i < want.moves.size(); ++i) {
        if (auto r = send_move(want, i); !r) {
            engine_board_.reset();  // unknown state: start afresh next time
            return r;
        }
        engine_board_->moves.push_back(want.moves[i]);
    }
    return {};
}

Expected<void> UgiAdapter::reset_engine_board(const Position &want) {
    engine_board_.reset();
    if (auto r = must("clear_board"); !r) return Unexpected<Error>{r.error()};
    // The standard start needs no setup command, clear_board is it, until a
    // position has been loaded: Edax's clear_board then returns to that
    // position, so the start is loaded explicitly like any other.
    const bool standard_start = want.fen.empty() || want.fen == kStandardStart;
    if (!standard_start || (loaded_position_ && !setup_command_.empty())) {
        const std::string fen = standard_start ? std::string(kStandardStart) : want.fen;
        if (setup_command_.empty())
            return fail("'position fen " + want.fen +
                        "': the GTP engine has no command to set up a position (see --setup-command)");
        if (setup_command_ == "loadsgf") {
            if (auto r = load_position_file(fen); !r) return r;
        } else if (auto r = must(setup_command_ + " " + fen); !r) {
            return Unexpected<Error>{r.error()};
        }
        loaded_position_ = true;
    }
    engine_board_ = Position{want.fen, {}};
    return {};
}

Expected<void> UgiAdapter::load_position_file(const std::string &fen) {
    // loadsgf reads a file. Edax picks the format by the file's extension and
    // takes the start position only from GGF's BO (its SGF reader ignores
    // AB/AW), so the position goes into a GGF file.
    auto game = adapter::othello_ggf(Position{fen, {}}, {});
    if (!game) return Unexpected<Error>{game.error()};
    auto file = TempFile::create("arbiter-gtp-position-", ".ggf", *game + "\n");
    if (!file) return Unexpected<Error>{file.error()};
    if (auto r = must("loadsgf " + file->path().string()); !r) return Unexpected<Error>{r.error()};
    return {};
}

Expected<void> UgiAdapter::send_move(const Position &want, size_t index) {
    auto first = adapter::othello_first_mover(want.fen);
    if (!first) return Unexpected<Error>{first.error()};
    const char *colour = kColours[(*first + static_cast<int>(index % 2)) % 2];
    const std::string &move = want.moves[index];
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

}  // namespace arb::gtp

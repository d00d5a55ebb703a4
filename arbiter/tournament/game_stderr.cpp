#include "tournament/game_stderr.hpp"

#include <mutex>
#include <optional>

namespace arb::tournament {

std::string engine_stderr_file(int game_index, const std::string &engine_name) {
    std::string safe;
    for (char ch : engine_name.substr(0, 64)) {
        const bool kept = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') ||
                          ch == '.' || ch == '-' || ch == '+' || ch == '_';
        safe += kept ? ch : '_';
    }
    return "game-" + std::to_string(game_index) + "-" + safe + ".txt";
}

// One engine's file, opened at its first line. The engine's reads call it
// from the worker's thread; the lock only guards against a stray late call.
struct GameStderr::Sink {
    const output::OutputFolder *folder = nullptr;
    std::string name;  // in the folder
    std::mutex mutex;
    std::optional<output::AppendFile> file;
    bool failed = false;  // could not be created (a link in its place): the game goes on without it

    void write(std::string_view line) {
        std::lock_guard lock(mutex);
        if (failed) return;
        if (!file) {
            folder->remove(name);  // a file of a game played again (a resume) starts empty
            auto opened = folder->append_to(name, false);
            if (!opened) {
                failed = true;
                return;
            }
            file.emplace(std::move(*opened));
        }
        if (!file->append(std::string(line) + "\n")) failed = true;
    }
};

GameStderr::GameStderr(const output::OutputFolder *folder, int game_index,
                       engine::ProtocolEngine *const (&engines)[2], const std::string (&names)[2]) {
    if (folder == nullptr) return;
    for (int side = 0; side < 2; ++side) {
        auto sink = std::make_shared<Sink>();
        sink->folder = folder;
        sink->name = engine_stderr_file(game_index, names[side]);
        // An engine playing itself would write both sides to one file: keep the sides apart.
        if (side == 1 && sink->name == sinks_[0]->name)
            sink->name = engine_stderr_file(game_index, names[side] + "-side1");
        engines_[side] = engines[side];
        sinks_[side] = sink;
        engines[side]->set_stderr_copy([sink](std::string_view line) { sink->write(line); });
    }
}

GameStderr::~GameStderr() { detach(); }

void GameStderr::detach() {
    for (auto *&engine : engines_) {
        if (engine != nullptr) engine->set_stderr_copy(nullptr);
        engine = nullptr;
    }
}

std::vector<std::string> GameStderr::files() const {
    std::vector<std::string> out;
    for (const auto &sink : sinks_) {
        if (!sink) continue;
        std::lock_guard lock(sink->mutex);
        if (sink->file) out.push_back(std::string(kEngineStderrFolder) + "/" + sink->name);
    }
    return out;
}

}  // namespace arb::tournament

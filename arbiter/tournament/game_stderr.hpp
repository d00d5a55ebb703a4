// One game's engines' stderr, each engine's in its own file of the run's
// engine-stderr folder (output.engine_stderr: per-game), so that a game's
// record names what its engines said while it was played: an engine reused
// across games has each game's lines in that game's file.
#pragma once

#include "engine/protocol_engine.hpp"
#include "output/output_folder.hpp"

#include <memory>
#include <string>
#include <vector>

namespace arb::tournament {

// "engine-stderr": the folder, inside the output folder, the files go to.
inline constexpr const char *kEngineStderrFolder = "engine-stderr";

// "game-<index>-<name>.txt", `name` with every character but letters, digits,
// '.', '-', '+' and '_' replaced by '_' (and cut to 64 bytes): an engine's
// name comes from a config or its 'id name', and must not name a path.
std::string engine_stderr_file(int game_index, const std::string &engine_name);

// Copies the stderr lines both engines write from construction until
// detach() (or destruction): each line as it is read, appended whole
// to the file, so that an engine's last lines before a crash, and the lines
// before the arbiter itself is killed, are in it. A file is created (empty
// and new) at its engine's first line; an engine that writes nothing has
// none. Without a folder (the option is off) it does nothing.
class GameStderr {
public:
    GameStderr(const output::OutputFolder *folder, int game_index, engine::ProtocolEngine *const (&engines)[2],
               const std::string (&names)[2]);
    ~GameStderr();
    GameStderr(const GameStderr &) = delete;
    GameStderr &operator=(const GameStderr &) = delete;

    // Stops the copying; the engines may then be handed on.
    void detach();
    // The files written, relative to the output folder ("engine-stderr/game-3-one.txt"),
    // side 0's first.
    [[nodiscard]] std::vector<std::string> files() const;

private:
    struct Sink;
    engine::ProtocolEngine *engines_[2] = {nullptr, nullptr};
    std::shared_ptr<Sink> sinks_[2];
};

}  // namespace arb::tournament

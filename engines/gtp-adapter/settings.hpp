// How the adapter maps the game onto one GTP engine; set from the command
// line, then read-only.
#pragma once

#include <string>
#include <vector>

namespace arb::gtp {

// What to send for a pass in the move list.
enum class PassMode {
    Auto,  // "play <colour> pass"; if the engine refuses it, stop sending passes
    Play,  // always "play <colour> pass" (standard GTP); a refusal is an error
    Skip,  // never: the engine passes by itself when a side cannot move (GRhino)
};

// Where the engine's row 1 is. Our row 1 is at the top.
enum class RowOrder { TopDown, BottomUp };

struct Settings {
    PassMode pass = PassMode::Auto;
    RowOrder rows = RowOrder::TopDown;
    int size = 8;                       // board size, for boardsize and row flipping
    // GTP command that sets up a position from the fen text; "loadsgf" sends
    // it in a temporary GGF file; "auto" picks grhino-setup_board, then loadsgf.
    std::string setup_command = "auto";
    std::vector<std::string> init_commands;  // sent once at start, each must succeed
    bool send_time_left = true;         // false: never 'time_left' (the engine keeps its own level)
    std::string name;                   // 'id name' override; default: the engine's name and version
};

}  // namespace arb::gtp

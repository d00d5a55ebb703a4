// The protocols arbiter speaks (docs/protocol.md): the four dialects of the
// UCI family, and xboard (CECP), whose session is its own (the host's
// engine/dialect/xboard_dialect.cpp); the words that differ between the UCI
// family's dialects, in one table. Header-only, C++17.
//
//   dialect  handshake  answer  new game    position  clock words (side 0 first)
//   ugi      ugi        ugiok   uginewgame  fen       p1time p2time p1inc p2inc
//   uci      uci        uciok   ucinewgame  fen       wtime  btime  winc  binc
//   uai      uai        uaiok   uainewgame  fen       btime  wtime  binc  winc
//   usi      usi        usiok   usinewgame  sfen      btime  wtime  binc  winc
//
// Side 0 is the side that moves first. In chess that is white (UCI's w); in
// Ataxx it is 'x', which UAI engines (and their reference library) call
// black; in shogi it is sente, USI's black.
#pragma once

#include <array>
#include <optional>
#include <string_view>

namespace arb::protocol {

enum class Dialect { Ugi, Uci, Uai, Usi, Xboard };

// Every protocol, in the order protocol "auto" tries them.
inline constexpr std::array<Dialect, 5> kDialects{Dialect::Ugi, Dialect::Uci, Dialect::Uai, Dialect::Usi,
                                                  Dialect::Xboard};
// The UCI family: one handshake word and its answer, 'position', 'go'.
inline constexpr std::array<Dialect, 4> kUciFamily{Dialect::Ugi, Dialect::Uci, Dialect::Uai, Dialect::Usi};

struct DialectWords {
    std::string_view name;        // "uci": the config value and the handshake command
    std::string_view ok;          // "uciok"
    std::string_view new_game;    // "ucinewgame"
    std::string_view fen;         // "fen" ("sfen" in USI)
    std::string_view time[2];     // remaining time of side 0, side 1
    std::string_view inc[2];      // increment of side 0, side 1
};

inline constexpr DialectWords words(Dialect d) noexcept {
    switch (d) {
    case Dialect::Uci: return {"uci", "uciok", "ucinewgame", "fen", {"wtime", "btime"}, {"winc", "binc"}};
    case Dialect::Uai: return {"uai", "uaiok", "uainewgame", "fen", {"btime", "wtime"}, {"binc", "winc"}};
    case Dialect::Usi: return {"usi", "usiok", "usinewgame", "sfen", {"btime", "wtime"}, {"binc", "winc"}};
    // Not of the family: its name, 'new', 'setboard', and the clock words as
    // the engine hears them (its own 'time', the opponent's 'otim'); no
    // one-word answer.
    case Dialect::Xboard: return {"xboard", "", "new", "setboard", {"time", "otim"}, {"inc", "inc"}};
    case Dialect::Ugi: break;
    }
    return {"ugi", "ugiok", "uginewgame", "fen", {"p1time", "p2time"}, {"p1inc", "p2inc"}};
}

inline constexpr std::string_view name(Dialect d) noexcept { return words(d).name; }

// "ugi", "uci", "uai", "usi", "xboard" (exact, lower case) to the dialect.
inline constexpr std::optional<Dialect> dialect_named(std::string_view text) noexcept {
    for (Dialect d : kDialects)
        if (words(d).name == text) return d;
    return std::nullopt;
}

// The same for the UCI family's handshake words alone: what an engine of
// the family reads as a handshake ("xboard" is not one).
inline constexpr std::optional<Dialect> uci_family_named(std::string_view text) noexcept {
    for (Dialect d : kUciFamily)
        if (words(d).name == text) return d;
    return std::nullopt;
}

// The dialect whose handshake answer `word` is ("uaiok" -> uai): how an
// answer to the wrong handshake is recognised.
inline constexpr std::optional<Dialect> dialect_answering(std::string_view word) noexcept {
    for (Dialect d : kUciFamily)
        if (words(d).ok == word) return d;
    return std::nullopt;
}

// "ugi, uci, uai, usi, xboard": for messages listing the choices.
inline constexpr std::string_view dialect_names() noexcept { return "ugi, uci, uai, usi, xboard"; }

}  // namespace arb::protocol

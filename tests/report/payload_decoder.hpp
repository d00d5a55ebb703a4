// The report's game data read back the way report.js reads it, written again
// here from the layout described in arbiter/output/report_games.hpp and from
// RFC 4648 (base64) and zlib's own inflate, not from the code under test.
#pragma once

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <zlib.h>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace arb::test {

inline std::string base64_decode(const std::string &text) {
    const std::string alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    uint32_t bits = 0;
    int count = 0;
    for (char c : text) {
        if (c == '=') break;
        const size_t value = alphabet.find(c);
        REQUIRE(value != std::string::npos);
        bits = bits << 6 | static_cast<uint32_t>(value);
        count += 6;
        if (count >= 8) {
            count -= 8;
            out.push_back(static_cast<char>(bits >> count & 0xff));
        }
    }
    return out;
}

inline std::string zlib_inflate(const std::string &bytes) {
    z_stream z{};
    REQUIRE(inflateInit(&z) == Z_OK);
    z.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(bytes.data()));
    z.avail_in = static_cast<uInt>(bytes.size());
    std::string out;
    int status = Z_OK;
    while (status == Z_OK) {
        char chunk[1 << 16];
        z.next_out = reinterpret_cast<Bytef *>(chunk);
        z.avail_out = sizeof chunk;
        status = inflate(&z, Z_NO_FLUSH);
        out.append(chunk, sizeof chunk - z.avail_out);
    }
    inflateEnd(&z);
    REQUIRE(status == Z_STREAM_END);
    return out;
}

// One game as the viewer shows it.
struct DecodedGame {
    nlohmann::json facts;               // the game's JSON object
    std::vector<std::string> moves;     // every ply's text
    std::vector<std::string> boards;    // start, then after each ply with a board
    std::vector<std::string> times;     // per engine move: milliseconds, or "f" (forced)
    std::vector<std::string> scores;    // per engine move, "" when none
    std::vector<std::string> depths;
};

struct DecodedPayload {
    nlohmann::json json;
    std::map<std::string, size_t> stream_sizes;
    std::vector<DecodedGame> games;
};

class NumberReader {
public:
    NumberReader(const std::string &bytes, size_t begin, size_t end) : bytes_(bytes), at_(begin), end_(end) {}
    uint64_t next() {
        uint64_t value = 0;
        for (int shift = 0;; shift += 7) {
            REQUIRE(at_ < end_);
            const auto b = static_cast<unsigned char>(bytes_[at_++]);
            value |= static_cast<uint64_t>(b & 0x7f) << shift;
            if ((b & 0x80) == 0) return value;
        }
    }
    [[nodiscard]] bool done() const { return at_ == end_; }

private:
    const std::string &bytes_;
    size_t at_, end_;
};

inline DecodedPayload decode_payload(const std::string &payload) {
    REQUIRE(payload.size() >= 4);
    uint32_t n = 0;
    for (int i = 3; i >= 0; --i) n = n << 8 | static_cast<unsigned char>(payload[static_cast<size_t>(i)]);
    DecodedPayload out;
    out.json = nlohmann::json::parse(payload.substr(4, n));
    std::map<std::string, NumberReader> streams;
    size_t at = 4 + n;
    for (const auto &s : out.json["streams"]) {
        const size_t length = s[1];
        out.stream_sizes[s[0]] = length;
        streams.emplace(s[0].get<std::string>(), NumberReader(payload, at, at + length));
        at += length;
    }
    REQUIRE(at == payload.size());
    const auto &texts = out.json["moves"];
    const bool drawn = !out.json["board"].is_null();
    // changes[move][k] = list of (cell index, character)
    std::vector<std::vector<std::vector<std::pair<size_t, char>>>> changes(texts.size());
    if (drawn)
        for (auto &of_move : changes) {
            auto &c = streams.at("changes");
            for (uint64_t d = c.next(); d > 0; --d) {
                std::vector<std::pair<size_t, char>> cells;
                int64_t index = -1;
                for (uint64_t k = c.next(); k > 0; --k) {
                    index += static_cast<int64_t>(c.next()) + 1;
                    cells.emplace_back(static_cast<size_t>(index), static_cast<char>(c.next()));
                }
                of_move.push_back(cells);
            }
        }
    auto figure = [](NumberReader &r, std::vector<std::string> &list) {
        const uint64_t z = r.next();
        if (z == 0) return list.push_back("");
        const int64_t delta = (z - 1) % 2 == 0 ? static_cast<int64_t>((z - 1) / 2) : -static_cast<int64_t>(z / 2);
        const std::string &before = list.size() >= 2 ? list[list.size() - 2] : std::string();
        list.push_back(std::to_string(delta + (before.empty() ? 0 : std::stoll(before))));
    };
    for (const auto &g : out.json["games"]) {
        DecodedGame game;
        game.facts = g;
        const int k = g["k"], o = g.value("o", 0);
        std::vector<uint64_t> move_numbers;
        for (int i = 0; i < k; ++i) {
            move_numbers.push_back(streams.at("moves").next());
            game.moves.push_back(texts.at(move_numbers.back()));
        }
        if (g.contains("s")) {
            std::string board = out.json["starts"].at(g["s"].get<size_t>());
            game.boards.push_back(board);
            const int with_board = g.value("v", k);
            for (int i = 0; i < with_board; ++i) {
                if (!drawn) {
                    game.boards.push_back(g["p"].at(static_cast<size_t>(i)));
                    continue;
                }
                const auto &change = changes.at(move_numbers[static_cast<size_t>(i)]).at(streams.at("boards").next());
                for (const auto &[index, c] : change) board.at(index) = c;
                game.boards.push_back(board);
            }
        }
        for (int i = 0; i < k - o; ++i) {
            const uint64_t t = streams.at("times").next();
            game.times.push_back(t == 0 ? "f" : std::to_string(t - 1));
            figure(streams.at("scores"), game.scores);
            figure(streams.at("depths"), game.depths);
        }
        out.games.push_back(std::move(game));
    }
    for (const auto &[name, reader] : streams) CHECK(reader.done());
    return out;
}

}  // namespace arb::test

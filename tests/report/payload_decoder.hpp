// The report's game data read back the way report.js reads it, written again
// here from the layout described in arbiter/output/report_games.hpp and from
// RFC 4648 (base64) and zlib's own inflate, not from the code under test.
#pragma once

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <zlib.h>

#include <cstdint>
#include <map>
#include <optional>
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
    std::vector<std::string> statuses;  // the plugin's line of each board's position (with "statuses")
    std::vector<std::string> notations; // every ply's record text (with "notations")
};

struct DecodedPayload {
    nlohmann::json json;
    std::map<std::string, size_t> stream_sizes;
    std::map<std::string, size_t> widths;
    std::map<std::string, std::vector<uint64_t>> columns;  // the numbers of each column
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

// A column of byte planes: number i is the sum of byte (plane * count + i) << (8 * plane).
inline std::vector<uint64_t> read_column(const std::string &bytes, size_t begin, size_t length, size_t width) {
    REQUIRE(width >= 1);
    REQUIRE(length % width == 0);
    const size_t count = length / width;
    std::vector<uint64_t> values(count);
    for (size_t i = 0; i < count; ++i)
        for (size_t plane = 0; plane < width; ++plane)
            values[i] |= static_cast<uint64_t>(static_cast<unsigned char>(bytes[begin + plane * count + i]))
                         << (8 * plane);
    return values;
}

class Cursor {
public:
    explicit Cursor(const std::vector<uint64_t> &values) : values_(values) {}
    uint64_t next() {
        REQUIRE(at_ < values_.size());
        return values_[at_++];
    }
    [[nodiscard]] bool done() const { return at_ == values_.size(); }

private:
    const std::vector<uint64_t> &values_;
    size_t at_ = 0;
};

inline DecodedPayload decode_payload(const std::string &payload) {
    REQUIRE(payload.size() >= 4);
    uint32_t n = 0;
    for (int i = 3; i >= 0; --i) n = n << 8 | static_cast<unsigned char>(payload[static_cast<size_t>(i)]);
    DecodedPayload out;
    out.json = nlohmann::json::parse(payload.substr(4, n));
    std::optional<NumberReader> change_table;
    size_t at = 4 + n;
    for (const auto &s : out.json["streams"]) {
        const size_t length = s[1];
        out.stream_sizes[s[0]] = length;
        if (s[0] == "changes") {
            REQUIRE(s.size() == 2);
            change_table.emplace(payload, at, at + length);
        } else {
            REQUIRE(s.size() == 3);
            out.widths[s[0]] = s[2];
            out.columns[s[0]] = read_column(payload, at, length, s[2]);
        }
        at += length;
    }
    REQUIRE(at == payload.size());
    REQUIRE(change_table);
    std::map<std::string, Cursor> columns;
    for (const auto &[name, values] : out.columns) columns.emplace(name, Cursor(values));
    const auto &texts = out.json["moves"];
    const bool drawn = !out.json["board"].is_null();
    // changes[move][k] = list of (cell index, character)
    std::vector<std::vector<std::vector<std::pair<size_t, char>>>> changes(texts.size());
    if (drawn)
        for (auto &of_move : changes) {
            auto &c = *change_table;
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
    auto figure = [](Cursor &r, std::vector<std::string> &list) {
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
            move_numbers.push_back(columns.at("moves").next());
            game.moves.push_back(texts.at(move_numbers.back()));
            if (out.json.contains("notations"))
                game.notations.push_back(out.json["notations"].at(columns.at("notation").next()));
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
                const auto &change = changes.at(move_numbers[static_cast<size_t>(i)]).at(columns.at("boards").next());
                for (const auto &[index, c] : change) board.at(index) = c;
                game.boards.push_back(board);
            }
            if (out.json.contains("statuses"))
                for (int i = 0; i <= with_board; ++i)
                    game.statuses.push_back(out.json["statuses"].at(columns.at("status").next()));
        }
        for (int i = 0; i < k - o; ++i) {
            const uint64_t t = columns.at("times").next();
            game.times.push_back(t == 0 ? "f" : std::to_string(t - 1));
            figure(columns.at("scores"), game.scores);
            figure(columns.at("depths"), game.depths);
        }
        out.games.push_back(std::move(game));
    }
    for (const auto &[name, column] : columns) CHECK(column.done());
    CHECK(change_table->done());
    return out;
}

}  // namespace arb::test

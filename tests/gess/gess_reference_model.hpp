// A deliberately naive Gess model for the tests: a 20x20 array of
// characters, every rule spelled out square by square, written apart from
// the plugin's row masks so the two can be compared on any position.
#pragma once

#include <array>
#include <string>
#include <utility>
#include <vector>

namespace gess_test {

struct ReferenceRules {
    bool board18 = false;
    bool ring_lose = false;
    bool stop_on_pushoff = true;
};

class ReferenceModel {
public:
    // Reads a canonical position string (assumed valid).
    explicit ReferenceModel(const std::string &position) {
        for (auto &column : cells_) column.fill('.');
        for (int row = 19; row >= 2; --row)
            for (int column = 0; column < 18; ++column)
                cells_[static_cast<size_t>(column + 1)][static_cast<size_t>(row - 1)] =
                    position[static_cast<size_t>((19 - row) * 19 + column)];
        to_move_ = position.back() == 'b' ? 'X' : 'O';
    }

    [[nodiscard]] std::string position() const {
        std::string out;
        for (int row = 19; row >= 2; --row) {
            if (row != 19) out += '/';
            for (int column = 0; column < 18; ++column)
                out += cells_[static_cast<size_t>(column + 1)][static_cast<size_t>(row - 1)];
        }
        out += to_move_ == 'X' ? " b" : " w";
        return out;
    }

    [[nodiscard]] bool has_ring(char colour) const {
        for (int x = 1; x <= 18; ++x)
            for (int y = 1; y <= 18; ++y) {
                if (at(x, y) != '.') continue;
                bool ring = true;
                for (int dx = -1; dx <= 1; ++dx)
                    for (int dy = -1; dy <= 1; ++dy)
                        if ((dx != 0 || dy != 0) && at(x + dx, y + dy) != colour) ring = false;
                if (ring) return true;
            }
        return false;
    }

    // Every legal (move text, position after) pair for the side to move.
    [[nodiscard]] std::vector<std::pair<std::string, std::string>> moves(const ReferenceRules &rules) const {
        std::vector<std::pair<std::string, std::string>> out;
        const char own = to_move_, opp = to_move_ == 'X' ? 'O' : 'X';
        const int lo = rules.board18 ? 1 : 0, hi = rules.board18 ? 18 : 19;
        auto in_range = [&](int x, int y) { return x >= lo && x <= hi && y >= lo && y <= hi; };
        for (int cx = lo; cx <= hi; ++cx)
            for (int cy = lo; cy <= hi; ++cy) {
                bool enemy = false, rim = false;
                for (int dx = -1; dx <= 1; ++dx)
                    for (int dy = -1; dy <= 1; ++dy) {
                        enemy = enemy || at(cx + dx, cy + dy) == opp;
                        rim = rim || ((dx != 0 || dy != 0) && at(cx + dx, cy + dy) == own);
                    }
                if (enemy || !rim) continue;
                const int range = at(cx, cy) == own ? 100 : 3;
                for (int ux = -1; ux <= 1; ++ux)
                    for (int uy = -1; uy <= 1; ++uy) {
                        if ((ux == 0 && uy == 0) || at(cx + ux, cy + uy) != own) continue;
                        for (int k = 1; k <= range && in_range(cx + k * ux, cy + k * uy); ++k) {
                            const int tx = cx + k * ux, ty = cy + k * uy;
                            ReferenceModel after = *this;
                            bool hit = false, pushed_off = false;
                            for (int dx = -1; dx <= 1; ++dx)
                                for (int dy = -1; dy <= 1; ++dy) {
                                    after.set(cx + dx, cy + dy, '.');  // lift
                                    const bool in_piece = std::max(std::abs(tx + dx - cx), std::abs(ty + dy - cy)) <= 1;
                                    if (!in_piece && at(tx + dx, ty + dy) != '.') hit = true;
                                    if (at(cx + dx, cy + dy) == own && !on_board(tx + dx, ty + dy)) pushed_off = true;
                                }
                            for (int dx = -1; dx <= 1; ++dx)
                                for (int dy = -1; dy <= 1; ++dy) after.set(tx + dx, ty + dy, '.');  // capture
                            for (int dx = -1; dx <= 1; ++dx)
                                for (int dy = -1; dy <= 1; ++dy)
                                    if (at(cx + dx, cy + dy) == own) after.set(tx + dx, ty + dy, own);  // land
                            after.to_move_ = opp;
                            if (rules.ring_lose || after.has_ring(own))
                                out.emplace_back(name(cx, cy) + "-" + name(tx, ty), after.position());
                            if (hit || (rules.stop_on_pushoff && pushed_off)) break;
                        }
                    }
            }
        return out;
    }

private:
    static bool on_board(int x, int y) { return x >= 1 && x <= 18 && y >= 1 && y <= 18; }
    static std::string name(int x, int y) { return std::string(1, static_cast<char>('a' + x)) + std::to_string(y + 1); }
    [[nodiscard]] char at(int x, int y) const {
        return on_board(x, y) ? cells_[static_cast<size_t>(x)][static_cast<size_t>(y)] : '.';
    }
    void set(int x, int y, char c) {
        if (on_board(x, y)) cells_[static_cast<size_t>(x)][static_cast<size_t>(y)] = c;
    }

    std::array<std::array<char, 20>, 20> cells_{};
    char to_move_ = 'X';
};

}  // namespace gess_test

// Keys of the positions a repetition rule must remember: those since the
// last irreversible move (a drop, a capture, a pawn move...), which a game
// clears when such a move is played.
//
// Rationale: states are copied at every node of a search or perft (assign),
// so the history lives inside the state and a copy moves only the keys in
// use. The first InlineCapacity keys never touch the heap; a longer run of
// reversible moves spills onto it, so the rule stays exact however long a
// game lasts.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <vector>

namespace arb::sdk {

template <class Key, size_t InlineCapacity>
class PositionHistory {
    static_assert(std::is_trivially_copyable_v<Key>, "keys are copied as plain values");
    static_assert(InlineCapacity > 0);

public:
    PositionHistory() = default;
    PositionHistory(const PositionHistory &other) : spill_(other.spill_), size_(other.size_) { copy_inline(other); }
    // A moved-from history is left empty.
    PositionHistory(PositionHistory &&other) noexcept : spill_(std::move(other.spill_)), size_(other.size_) {
        copy_inline(other);
        other.clear();
    }
    PositionHistory &operator=(const PositionHistory &other) {
        if (this != &other) {
            spill_ = other.spill_;  // reuses this side's capacity; usually both empty
            size_ = other.size_;
            copy_inline(other);
        }
        return *this;
    }
    PositionHistory &operator=(PositionHistory &&other) noexcept {
        if (this != &other) {
            spill_ = std::move(other.spill_);
            size_ = other.size_;
            copy_inline(other);
            other.clear();
        }
        return *this;
    }
    ~PositionHistory() = default;

    // Forgets everything (keeps any heap capacity for reuse).
    void clear() noexcept {
        size_ = 0;
        spill_.clear();
    }

    // Appends a key; may allocate only beyond InlineCapacity keys.
    void push(Key key) {
        if (size_ < InlineCapacity)
            inline_[size_] = key;
        else
            spill_.push_back(key);
        ++size_;
    }

    [[nodiscard]] size_t size() const noexcept { return size_; }
    [[nodiscard]] bool empty() const noexcept { return size_ == 0; }
    [[nodiscard]] Key operator[](size_t i) const noexcept {
        return i < InlineCapacity ? inline_[i] : spill_[i - InlineCapacity];
    }

    // How many times `key` occurs.
    [[nodiscard]] size_t count(Key key) const noexcept {
        size_t n = static_cast<size_t>(std::count(inline_.begin(), inline_.begin() + inline_size(), key));
        return n + static_cast<size_t>(std::count(spill_.begin(), spill_.end(), key));
    }

    [[nodiscard]] bool contains(Key key) const noexcept {
        const auto end = inline_.begin() + inline_size();
        return std::find(inline_.begin(), end, key) != end ||
               (!spill_.empty() && std::find(spill_.begin(), spill_.end(), key) != spill_.end());
    }

private:
    [[nodiscard]] std::ptrdiff_t inline_size() const noexcept {
        return static_cast<std::ptrdiff_t>(std::min(size_, InlineCapacity));
    }
    void copy_inline(const PositionHistory &other) noexcept {
        std::copy_n(other.inline_.begin(), other.inline_size(), inline_.begin());
    }

    std::array<Key, InlineCapacity> inline_{};
    std::vector<Key> spill_;
    size_t size_ = 0;
};

}  // namespace arb::sdk

// A game state in this process: the plugin's arb_state, called through its
// C ABI under a PluginCallScope (so that a crash names the function), every
// buffer it writes guarded past the size it declared.
#pragma once

#include "game/game_backend.hpp"
#include "game/game_state.hpp"

namespace arb::game {

class InProcessBackend final : public GameBackend {
public:
    // A state in the start position; the error names the plugin and, from the
    // plugin, the offending option.
    static Expected<std::unique_ptr<GameBackend>> create(PluginPtr plugin, const OptionList &options, uint64_t seed);
    ~InProcessBackend() override;

    [[nodiscard]] std::unique_ptr<GameBackend> clone() const override;
    bool assign_from(const GameBackend &other) override;
    arb_status reset() override;
    Expected<void> set_position(const std::string &text) override;
    [[nodiscard]] Expected<std::string> checked_position() const override;
    arb_status legal_moves(std::vector<arb_move> &moves) const override;
    Expected<void> checked_legal_moves(std::vector<arb_move> &moves) const override;
    arb_status parse_move(const char *text, arb_move &move, std::string &error) const override;
    std::string_view format_move(arb_move move, std::string &buf) const override;
    [[nodiscard]] arb_move_flags move_flags(arb_move move) const override;
    [[nodiscard]] std::optional<uint64_t> hash() const override;
    [[nodiscard]] std::optional<int32_t> margin() const override;
    arb_status play(arb_move move) override;
    [[nodiscard]] int32_t side_to_move() const override;
    [[nodiscard]] arb_outcome outcome() const override;
    arb_status diagram_text(DiagramPart part, TextReader &reader, std::string &text) const override;
    [[nodiscard]] arb_state *raw() const noexcept override { return state_; }

private:
    struct MoveBuffer;
    InProcessBackend(PluginPtr plugin, arb_state *state);
    [[nodiscard]] const arb_game_api &api() const noexcept { return plugin()->api(); }
    // legal_moves_ex where the plugin has it (1.1), else the 1.0 count form,
    // into the guarded buffer; returns it.
    const arb_move *call_legal_moves(int32_t &count, arb_status &status) const;

    arb_state *state_;
    // Where legal_moves writes: made at the first call, ends in an
    // inaccessible page (see in_process_backend.cpp).
    mutable std::unique_ptr<MoveBuffer> moves_;
};

}  // namespace arb::game

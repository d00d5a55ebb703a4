// A game state in a plugin-host child (game/plugin_host.hpp): each call is a
// request naming the state's id there, answered by the child's
// InProcessBackend (game/plugin_host_server.cpp). What the match loop asks
// at every turn comes in one response and is kept until the state changes,
// so that a ply costs three round trips (the turn, the engine's move parsed,
// the move played).
//
// A state belongs to the child that made it: after that child died, any
// call throws PluginHostDied, also when a newer child is serving (the ids
// start again there and would name another state).
#pragma once

#include "game/game_backend.hpp"
#include "game/game_state.hpp"
#include "game/plugin_host_wire.hpp"

namespace arb::game {

class IsolatedBackend final : public GameBackend {
public:
    // A state in `host`'s child (started if need be) in the start position.
    static Expected<std::unique_ptr<GameBackend>> create(PluginPtr plugin, const OptionList &options, uint64_t seed,
                                                         std::shared_ptr<PluginHost> host);
    ~IsolatedBackend() override;

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

private:
    struct Turn;
    IsolatedBackend(PluginPtr plugin, std::shared_ptr<PluginHost> host, uint32_t id, uint64_t generation);
    // One request on this state: op, the state's id, then what `args` writes;
    // the response's payload.
    template <class Args>
    std::string call(wire::Op op, Args &&args) const;
    std::string call(wire::Op op) const;
    // This turn's answers, fetched in one request and kept until the state
    // changes (play, set_position, reset, assign).
    const Turn &turn() const;
    // The kept answers, if any, while the child that gave them serves: a
    // state whose child died is refused also where it would answer from here.
    const Turn *kept() const;

    std::shared_ptr<PluginHost> host_;
    uint32_t id_;          // in host_'s child
    uint64_t generation_;  // of the child that holds it
    mutable std::unique_ptr<Turn> turn_;
};

}  // namespace arb::game

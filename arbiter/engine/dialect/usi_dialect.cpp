// USI (shogi): usi/usiok, usinewgame, 'position startpos|sfen', btime/wtime
// (side 0 is sente, USI's black); no movetime: a fixed time per move is
// 'btime 0 wtime 0 byoyomi N', and a clock with byoyomi 'btime R wtime R
// byoyomi N' (protocol::append_go). The game's texts go through the plugin's
// notation (arbiter.protocol-notation/1) both ways. 'bestmove resign' ends
// the game, lost by the engine; 'bestmove win' reaches the plugin as sent,
// which judges it (shogi: the entering-king declaration).
//
// What USI has beyond the UCI family: 'gameover win|lose|draw' after each
// game, and the options USI_Hash and USI_Ponder, which a GUI sets whether or
// not the engine declares them (GUIs offer both for every engine): arbiter
// sends a user's USI_Hash without a warning, and USI_Ponder false unless the
// user sets it, since it never sends 'go ponder'.
#include "engine/dialect/uci_family.hpp"

#include <arbiter/ugi/option_spec.hpp>

#include <algorithm>

namespace arb::engine {
namespace {

constexpr std::string_view kHash = "USI_Hash";
constexpr std::string_view kPonder = "USI_Ponder";

class UsiCodec final : public UciFamilyCodec {
public:
    explicit UsiCodec(std::shared_ptr<const Notation> notation)
        : UciFamilyCodec(protocol::Dialect::Usi, std::move(notation)) {}

    // 'bestmove resign' gives the game up; 'bestmove win' is a declaration,
    // the plugin's to judge (a move of its notation).
    Reply read_reply(std::string_view line, protocol::InfoFields &info) override {
        Reply reply = UciFamilyCodec::read_reply(line, info);
        if (reply.kind == Reply::Kind::BestMove && reply.move == "resign") reply.kind = Reply::Kind::Resign;
        return reply;
    }

    bool append_game_over(std::string &out, protocol::GameOver::Result result) override {
        out += "gameover ";
        out += protocol::game_over_word(result);
        return true;
    }

    [[nodiscard]] bool is_standard_option(std::string_view name) const override {
        return ugi::same_option_name(name, kHash) || ugi::same_option_name(name, kPonder);
    }

    [[nodiscard]] std::vector<std::pair<std::string, std::string>> standard_options(
        const std::vector<std::pair<std::string, std::string>> &configured) const override {
        const bool ponder_set = std::any_of(configured.begin(), configured.end(),
                                            [](const auto &o) { return ugi::same_option_name(o.first, kPonder); });
        if (ponder_set) return {};
        return {{std::string(kPonder), "false"}};
    }
};

}  // namespace

std::unique_ptr<DialectCodec> make_usi_codec(std::shared_ptr<const Notation> notation) {
    return std::make_unique<UsiCodec>(std::move(notation));
}

}  // namespace arb::engine

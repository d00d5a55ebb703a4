// USI (shogi): usi/usiok, usinewgame, 'position startpos|sfen', btime/wtime
// (side 0 is sente, USI's black); no movetime: a fixed time per move is
// 'btime 0 wtime 0 byoyomi N' (protocol::append_go). The game's texts go
// through the plugin's notation (arbiter.protocol-notation/1) both ways; a
// 'bestmove resign' or 'win' is no move and reaches the plugin as sent,
// which judges it unparsable.
#include "engine/dialect/uci_family.hpp"

namespace arb::engine {
namespace {

class UsiCodec final : public UciFamilyCodec {
public:
    explicit UsiCodec(std::shared_ptr<const Notation> notation)
        : UciFamilyCodec(protocol::Dialect::Usi, std::move(notation)) {}
};

}  // namespace

std::unique_ptr<DialectCodec> make_usi_codec(std::shared_ptr<const Notation> notation) {
    return std::make_unique<UsiCodec>(std::move(notation));
}

}  // namespace arb::engine

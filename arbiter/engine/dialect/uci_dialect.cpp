// UCI (chess): uci/uciok, ucinewgame, 'position startpos|fen', wtime/btime
// (side 0 is white). Rule options the plugin maps onto UCI's own engine
// options (UCI_Chess960 for chess960) come with the game (options_for_rule).
#include "engine/dialect/uci_family.hpp"

namespace arb::engine {
namespace {

class UciCodec final : public UciFamilyCodec {
public:
    explicit UciCodec(std::shared_ptr<const Notation> notation)
        : UciFamilyCodec(protocol::Dialect::Uci, std::move(notation)) {}
};

}  // namespace

std::unique_ptr<DialectCodec> make_uci_codec(std::shared_ptr<const Notation> notation) {
    return std::make_unique<UciCodec>(std::move(notation));
}

}  // namespace arb::engine

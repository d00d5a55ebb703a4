// UAI (Ataxx): uai/uaiok, uainewgame, 'position startpos|fen', btime/wtime:
// side 0 is 'x', which UAI engines and libataxx call black, so its clock is
// btime and comes first.
#include "engine/dialect/uci_family.hpp"

namespace arb::engine {
namespace {

class UaiCodec final : public UciFamilyCodec {
public:
    explicit UaiCodec(std::shared_ptr<const Notation> notation)
        : UciFamilyCodec(protocol::Dialect::Uai, std::move(notation)) {}
};

}  // namespace

std::unique_ptr<DialectCodec> make_uai_codec(std::shared_ptr<const Notation> notation) {
    return std::make_unique<UaiCodec>(std::move(notation));
}

}  // namespace arb::engine

// UGI, arbiter's own dialect (docs/protocol.md): ugi/ugiok, uginewgame,
// 'position startpos|fen', p1time/p2time (side 0 first). The game's texts
// are the plugin's own: never converted.
#include "engine/dialect/uci_family.hpp"

namespace arb::engine {
namespace {

class UgiCodec final : public UciFamilyCodec {
public:
    UgiCodec() : UciFamilyCodec(protocol::Dialect::Ugi, nullptr) {}
};

}  // namespace

std::unique_ptr<DialectCodec> make_ugi_codec(std::shared_ptr<const Notation>) { return std::make_unique<UgiCodec>(); }

}  // namespace arb::engine

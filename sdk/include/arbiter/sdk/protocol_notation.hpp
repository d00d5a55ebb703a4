// "arbiter.protocol-notation/2" in a few lines: which engine protocols may
// play the game, and the conversions for those whose notation differs.
//
//     static arb::sdk::ProtocolNotation protocol_notation() {
//         return arb::sdk::ProtocolNotation::speaks({ARB_PROTOCOL_UGI, ARB_PROTOCOL_UAI})
//             .converting(ARB_PROTOCOL_USI, {&to_sfen, &from_sfen, &to_usi_move, &from_usi_move});
//     }
//
// in the game class makes game_adapter.hpp offer the extension. A
// conversion is a plain function from text to text that throws
// std::invalid_argument (its what() the reason) for a text it cannot read.
#pragma once

#include <arbiter/ext/protocol_notation.h>

#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>

namespace arb::sdk {

using Conversion = std::string (*)(std::string_view text);

// The four conversions of one protocol; all four must be set.
struct NotationConversions {
    Conversion position_out = nullptr;  // plugin position -> protocol
    Conversion position_in = nullptr;   // protocol position -> plugin
    Conversion move_out = nullptr;      // plugin move -> protocol
    Conversion move_in = nullptr;       // protocol move -> plugin
};

class ProtocolNotation {
public:
    static constexpr int kProtocols = 5;  // ARB_PROTOCOL_UGI .. ARB_PROTOCOL_XBOARD

    // The protocols whose engines get the plugin's own texts.
    static ProtocolNotation speaks(std::initializer_list<arb_protocol> protocols) {
        ProtocolNotation n;
        for (arb_protocol p : protocols)
            if (p >= 0 && p < kProtocols) n.protocols_ |= ARB_PROTOCOL_BIT(p);
        return n;
    }
    // Adds `protocol`, whose texts go through `conversions`.
    ProtocolNotation &converting(arb_protocol protocol, NotationConversions conversions) {
        if (protocol <= ARB_PROTOCOL_UGI || protocol >= kProtocols) return *this;  // UGI is always the plugin's own
        protocols_ |= ARB_PROTOCOL_BIT(protocol);
        converted_ |= ARB_PROTOCOL_BIT(protocol);
        conversions_[protocol] = conversions;
        return *this;
    }

    [[nodiscard]] uint32_t protocols() const noexcept { return protocols_; }
    [[nodiscard]] uint32_t converted() const noexcept { return converted_; }
    // The conversions of `protocol`, or null when it is not converted.
    [[nodiscard]] const NotationConversions *conversions(arb_protocol protocol) const noexcept {
        if (protocol < 0 || protocol >= kProtocols || (converted_ & ARB_PROTOCOL_BIT(protocol)) == 0) return nullptr;
        return &conversions_[protocol];
    }

private:
    uint32_t protocols_ = 0;
    uint32_t converted_ = 0;
    NotationConversions conversions_[kProtocols];
};

}  // namespace arb::sdk

// "arbiter.protocol-notation/2" for a game class with
//     static arb::sdk::ProtocolNotation protocol_notation();  // see protocol_notation.hpp
// Conversions are pure functions, called without a state: a failure reaches
// no host log (there is no state to name one), only its status.
#pragma once

#include <arbiter/ext/protocol_notation.h>
#include <arbiter/sdk/adapter/guarded.hpp>
#include <arbiter/sdk/protocol_notation.hpp>

#include <concepts>
#include <stdexcept>
#include <string>

namespace arb::sdk::detail {

template <class Game>
struct ProtocolNotationExtension {
    static constexpr const char *kId = ARB_EXT_PROTOCOL_NOTATION_2;
    static constexpr bool kPresent = requires {
        { Game::protocol_notation() } -> std::convertible_to<ProtocolNotation>;
    };

    static const ProtocolNotation &notation() {
        static const ProtocolNotation n = Game::protocol_notation();
        return n;
    }

    // One conversion: the text; the reason of std::invalid_argument (the
    // contract for a text it cannot read) as ARB_ERR_SYNTAX.
    template <Conversion NotationConversions::*Which>
    static arb_status ARB_CALL convert(arb_protocol protocol, const char *text, char *buf, uint32_t cap,
                                       uint32_t *needed, char *err, size_t err_cap) noexcept {
        if (needed != nullptr) *needed = 0;
        if (buf != nullptr && cap > 0) buf[0] = '\0';
        ErrorOut out(err, err_cap);
        return guarded(Host(), "convert", arb_status{ARB_ERR_INTERNAL}, [&] {
            const NotationConversions *c = notation().conversions(protocol);
            if (c == nullptr || c->*Which == nullptr || text == nullptr) return arb_status{ARB_ERR_INTERNAL};
            try {
                return text_out((c->*Which)(text), buf, cap, needed);
            } catch (const std::invalid_argument &e) {
                return out.fail(ARB_ERR_SYNTAX, "%s", e.what());
            }
        }, &out);
    }

    static const void *table() noexcept {
        return guarded(Host(), "protocol_notation", static_cast<const void *>(nullptr), [] {
            static const arb_game_protocol_notation_2 kTable{
                notation().protocols(), notation().converted(), &convert<&NotationConversions::position_out>,
                &convert<&NotationConversions::position_in>, &convert<&NotationConversions::move_out>,
                &convert<&NotationConversions::move_in>};
            return static_cast<const void *>(&kTable);
        });
    }
};

}  // namespace arb::sdk::detail

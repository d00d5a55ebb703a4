#include "engine/dialect/uci_family.hpp"

#include "core/quote.hpp"

namespace arb::engine {

UciFamilyCodec::UciFamilyCodec(protocol::Dialect dialect, std::shared_ptr<const Notation> notation)
    : dialect_(dialect), words_(protocol::words(dialect)) {
    if (notation && notation->converts(dialect)) notation_ = std::move(notation);
}

void UciFamilyCodec::append_new_game(std::string &out) const { out += words_.new_game; }

void UciFamilyCodec::append_option(std::string &out, std::string_view name, std::string_view value) const {
    out += "setoption name ";
    out += name;
    if (!value.empty()) {
        out += " value ";
        out += value;
    }
}

std::optional<EngineError> UciFamilyCodec::append_position(std::string &out, const protocol::Position &position) {
    if (notation_) return append_converted(out, position);
    out += "position ";
    if (position.startpos) {
        out += "startpos";
    } else {
        out += words_.fen;
        out += ' ';
        out += position.fen;
    }
    out += " moves";
    for (const auto &move : position.moves) {
        out += ' ';
        out += move;
    }
    return std::nullopt;
}

std::optional<EngineError> UciFamilyCodec::append_converted(std::string &out, const protocol::Position &position) {
    auto refused = [&](const char *what, std::string_view text) {
        return EngineError{FailureKind::Protocol,
                           std::string("the game cannot write the ") + what + " in " + std::string(words_.name),
                           excerpt(text)};
    };
    const bool same_start =
        position.startpos == cached_startpos_ && (position.startpos || position.fen == cached_fen_);
    if (!same_start) {
        cached_moves_.clear();
        cached_moves_out_.clear();
        if (!position.startpos) {
            auto converted = notation_->position_out(dialect_, position.fen);
            if (!converted) {
                cached_startpos_ = true;  // nothing cached for this start
                cached_fen_.clear();
                return refused("position", position.fen);
            }
            cached_fen_ = position.fen;
            cached_fen_out_ = std::move(*converted);
        }
        cached_startpos_ = position.startpos;
    }
    // The moves cached stand as long as the position repeats them.
    size_t kept = 0;
    while (kept < cached_moves_.size() && kept < position.moves.size() && cached_moves_[kept] == position.moves[kept])
        ++kept;
    cached_moves_.resize(kept);
    cached_moves_out_.resize(kept);
    for (size_t i = kept; i < position.moves.size(); ++i) {
        auto converted = notation_->move_out(dialect_, position.moves[i]);
        if (!converted) return refused("move", position.moves[i]);
        cached_moves_.push_back(position.moves[i]);
        cached_moves_out_.push_back(std::move(*converted));
    }
    out += "position ";
    if (position.startpos) {
        out += "startpos";
    } else {
        out += words_.fen;
        out += ' ';
        out += cached_fen_out_;
    }
    out += " moves";
    for (const auto &move : cached_moves_out_) {
        out += ' ';
        out += move;
    }
    return std::nullopt;
}

void UciFamilyCodec::append_go(std::string &out, const protocol::Go &go) const { protocol::append_go(out, go, dialect_); }

Reply UciFamilyCodec::read_reply(std::string_view line, protocol::InfoFields &info) const {
    std::string_view word = protocol::first_word(line);
    if (word == "info") {
        protocol::parse_info(line, info);
        return {Reply::Kind::Info, {}};
    }
    if (word == "bestmove") return {Reply::Kind::BestMove, protocol::parse_bestmove(line)};
    return {};
}

std::optional<std::string> UciFamilyCodec::move_in(std::string_view move) const {
    if (!notation_) return std::string(move);
    return notation_->move_in(dialect_, move);
}

std::vector<GameSetupOptions::DialectOption> UciFamilyCodec::options_for_rule(const GameSetupOptions &game,
                                                                              std::string_view rule) const {
    std::vector<GameSetupOptions::DialectOption> out;
    for (const auto &option : game.engine_options)
        if (option.dialect == dialect_ && option.rule == rule) out.push_back(option);
    return out;
}

std::unique_ptr<DialectCodec> make_dialect_codec(protocol::Dialect dialect, std::shared_ptr<const Notation> notation) {
    switch (dialect) {
    case protocol::Dialect::Uci: return make_uci_codec(std::move(notation));
    case protocol::Dialect::Uai: return make_uai_codec(std::move(notation));
    case protocol::Dialect::Usi: return make_usi_codec(std::move(notation));
    case protocol::Dialect::Ugi: break;
    }
    return make_ugi_codec(std::move(notation));
}

}  // namespace arb::engine

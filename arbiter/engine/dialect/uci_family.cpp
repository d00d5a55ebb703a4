#include "engine/dialect/uci_family.hpp"

#include "core/quote.hpp"

#include <algorithm>

namespace arb::engine {

UciFamilyCodec::UciFamilyCodec(protocol::Dialect dialect, std::shared_ptr<const Notation> notation)
    : dialect_(dialect), words_(protocol::words(dialect)) {
    if (notation && notation->converts(dialect)) notation_ = std::move(notation);
}

void UciFamilyCodec::append_new_game(std::string &out) { out += words_.new_game; }

void UciFamilyCodec::append_option(std::string &out, std::string_view name, std::string_view value) const {
    out += "setoption name ";
    out += name;
    if (!value.empty()) {
        out += " value ";
        out += value;
    }
}

std::optional<EngineError> UciFamilyCodec::append_position(std::string &out, const protocol::Position &position,
                                                           size_t known) {
    if (auto refused = update_memo(position, known)) return refused;
    out += "position ";
    if (position.startpos) {
        out += "startpos";
    } else {
        out += words_.fen;
        out += ' ';
        out += memo_fen_out_;
    }
    out += " moves";
    out += memo_text_;
    return std::nullopt;
}

std::optional<EngineError> UciFamilyCodec::update_memo(const protocol::Position &position, size_t known) {
    auto refused = [&](const char *what, std::string_view text) {
        return EngineError{FailureKind::Protocol,
                           std::string("the game cannot write the ") + what + " in " + std::string(words_.name),
                           excerpt(text)};
    };
    const bool same_start = position.startpos == memo_startpos_ && (position.startpos || position.fen == memo_fen_);
    if (!same_start) {
        memo_moves_.clear();
        memo_ends_.clear();
        memo_text_.clear();
        memo_startpos_ = true;  // until the new start is written
        memo_fen_.clear();
        memo_fen_out_.clear();
        if (!position.startpos) {
            std::optional<std::string> converted =
                notation_ ? notation_->position_out(dialect_, position.fen) : std::optional<std::string>(position.fen);
            if (!converted) return refused("position", position.fen);
            memo_fen_ = position.fen;
            memo_fen_out_ = std::move(*converted);
            memo_startpos_ = false;
        }
    }
    const size_t common = std::min(memo_moves_.size(), position.moves.size());
    size_t kept = same_start ? std::min(known, common) : 0;
    while (kept < common && memo_moves_[kept] == position.moves[kept]) ++kept;
    if (kept < memo_moves_.size()) {
        memo_moves_.resize(kept);
        memo_ends_.resize(kept);
        memo_text_.resize(kept == 0 ? 0 : memo_ends_.back());
    }
    for (size_t i = kept; i < position.moves.size(); ++i) {
        const std::string &move = position.moves[i];
        memo_text_ += ' ';
        if (notation_) {
            auto converted = notation_->move_out(dialect_, move);
            if (!converted) {
                memo_text_.resize(memo_ends_.empty() ? 0 : memo_ends_.back());
                return refused("move", move);
            }
            memo_text_ += *converted;
        } else {
            memo_text_ += move;
        }
        memo_moves_.push_back(move);
        memo_ends_.push_back(memo_text_.size());
    }
    return std::nullopt;
}

void UciFamilyCodec::append_go(std::string &out, const protocol::Go &go) { protocol::append_go(out, go, dialect_); }

Reply UciFamilyCodec::read_reply(std::string_view line, protocol::InfoFields &info) {
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

std::unique_ptr<DialectCodec> make_dialect_codec(protocol::Dialect dialect, std::shared_ptr<const Notation> notation,
                                                 const GameSetupOptions *game) {
    switch (dialect) {
    case protocol::Dialect::Xboard: return make_xboard_codec(std::move(notation), game);
    case protocol::Dialect::Uci: return make_uci_codec(std::move(notation));
    case protocol::Dialect::Uai: return make_uai_codec(std::move(notation));
    case protocol::Dialect::Usi: return make_usi_codec(std::move(notation));
    case protocol::Dialect::Ugi: break;
    }
    return make_ugi_codec(std::move(notation));
}

}  // namespace arb::engine

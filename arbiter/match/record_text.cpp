#include "core/utf8.hpp"
#include "match/game_record.hpp"

namespace arb::match {

namespace {

void make_valid(std::string &text) {
    std::string valid = valid_utf8(text);
    if (valid.size() != text.size()) text = std::move(valid);  // replacing changes the length
}

}  // namespace

void make_texts_valid(GameRecord &r) {
    for (auto &name : r.engine_names) make_valid(name);
    make_valid(r.opening_position);
    for (auto &m : r.opening_moves) make_valid(m);
    for (auto &m : r.moves) make_valid(m.text);
    make_valid(r.final_position);
    make_valid(r.reason);
    make_valid(r.offending_text);
    for (auto &options : r.played_under.engine_options)
        for (auto &[name, value] : options) {
            make_valid(name);
            make_valid(value);
        }
}

}  // namespace arb::match

#include "config/yaml_scan.hpp"

#include "core/quote.hpp"

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/parser.h>

#include <limits>
#include <optional>
#include <set>
#include <sstream>
#include <unordered_map>
#include <vector>

namespace arb::config {

namespace {

// Sizes of nested aliases grow as a power of the nesting; they stop at the
// largest number instead of wrapping round to a small one.
uint64_t add_capped(uint64_t a, uint64_t b) {
    return a > std::numeric_limits<uint64_t>::max() - b ? std::numeric_limits<uint64_t>::max() : a + b;
}

std::string place(const YAML::Mark &mark) {
    return "line " + std::to_string(mark.line + 1) + ", column " + std::to_string(mark.column + 1);
}

class Scanner final : public YAML::EventHandler {
public:
    explicit Scanner(YamlReader &r) : r_(r) {}

    [[nodiscard]] bool walkable() const { return walkable_; }

    void OnDocumentStart(const YAML::Mark &) override {}
    void OnDocumentEnd() override {}

    void OnAnchor(const YAML::Mark &, const std::string &name) override { pending_name_ = name; }

    void OnNull(const YAML::Mark &mark, YAML::anchor_t anchor) override { leaf(mark, anchor, std::nullopt); }

    void OnScalar(const YAML::Mark &mark, const std::string &, YAML::anchor_t anchor, const std::string &value) override {
        leaf(mark, anchor, value);
    }

    void OnAlias(const YAML::Mark &mark, YAML::anchor_t anchor) override {
        auto it = anchors_.find(anchor);
        if (it == anchors_.end()) return;  // the parser refuses an unknown anchor itself
        const Anchor &a = it->second;
        if (a.open) {
            r_.error(mark, "alias " + quote("*" + a.name) + " is inside the node it names (" + quote("&" + a.name) +
                               " at " + place(a.mark) + "): a recursive alias has no end");
            walkable_ = false;
            add_child(mark, 1, std::nullopt);  // keeps a map's keys and values in step
            return;
        }
        copied_ = add_capped(copied_, a.size);
        if (copied_ > kMaxAliasedNodes && walkable_) {
            r_.error(mark, "alias " + quote("*" + a.name) + " takes the nodes copied by aliases past " +
                               std::to_string(kMaxAliasedNodes) + ", the limit of a config (nested aliases " +
                               "multiply; see docs/config.md)");
            walkable_ = false;
        }
        add_child(mark, a.size, a.scalar);
    }

    void OnSequenceStart(const YAML::Mark &mark, const std::string &, YAML::anchor_t anchor,
                         YAML::EmitterStyle::value) override {
        open(mark, anchor, false);
    }
    void OnSequenceEnd() override { close(); }

    void OnMapStart(const YAML::Mark &mark, const std::string &, YAML::anchor_t anchor,
                    YAML::EmitterStyle::value) override {
        open(mark, anchor, true);
    }
    void OnMapEnd() override { close(); }

private:
    struct Anchor {
        std::string name;
        YAML::Mark mark;
        bool open = true;   // its node has begun and not ended: an alias to it is inside it
        uint64_t size = 1;  // nodes in it, with every alias in it counted as what it copies
        std::optional<std::string> scalar;  // its text, when it is a scalar (it may serve as a key)
    };
    struct Collection {
        YAML::Mark mark;
        YAML::anchor_t anchor;
        bool map;
        uint64_t size = 1;
        uint64_t children = 0;       // in a map: key, value, key, value, ...
        std::set<std::string> keys;  // a map's scalar keys so far
    };

    void name_anchor(const YAML::Mark &mark, YAML::anchor_t anchor, std::optional<std::string> scalar, bool open) {
        if (anchor == YAML::NullAnchor) return;
        // yaml-cpp numbers every '&name' anew, so a redefined name is another anchor.
        anchors_[anchor] = Anchor{pending_name_, mark, open, 1, std::move(scalar)};
    }

    void leaf(const YAML::Mark &mark, YAML::anchor_t anchor, const std::optional<std::string> &scalar) {
        name_anchor(mark, anchor, scalar, false);
        add_child(mark, 1, scalar);
    }

    void open(const YAML::Mark &mark, YAML::anchor_t anchor, bool map) {
        name_anchor(mark, anchor, std::nullopt, true);
        stack_.push_back(Collection{mark, anchor, map, 1, 0, {}});
    }

    void close() {
        Collection done = std::move(stack_.back());
        stack_.pop_back();
        if (done.anchor != YAML::NullAnchor) {
            Anchor &a = anchors_[done.anchor];
            a.open = false;
            a.size = done.size;
        }
        add_child(done.mark, done.size, std::nullopt);
    }

    // A node of `size` nodes (an alias: what it copies) joins the collection
    // being read; in a map every other one is a key.
    void add_child(const YAML::Mark &mark, uint64_t size, const std::optional<std::string> &scalar) {
        if (stack_.empty()) return;  // the document's root
        Collection &parent = stack_.back();
        parent.size = add_capped(parent.size, size);
        const bool is_key = parent.map && parent.children % 2 == 0;
        ++parent.children;
        if (is_key && scalar && !parent.keys.insert(*scalar).second)
            r_.error(mark, "key " + quote(*scalar) + " is written twice in the same map");
    }

    YamlReader &r_;
    std::unordered_map<YAML::anchor_t, Anchor> anchors_;
    std::vector<Collection> stack_;
    std::string pending_name_;
    uint64_t copied_ = 0;
    bool walkable_ = true;
};

}  // namespace

bool scan_yaml(const std::string &text, YamlReader &r) {
    std::istringstream in(text);
    YAML::Parser parser(in);
    Scanner scanner(r);
    // Only the first document: a second one is refused without being walked.
    parser.HandleNextDocument(scanner);
    return scanner.walkable();
}

}  // namespace arb::config

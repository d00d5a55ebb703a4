// The host's layering as data, and the checks that hold sources and CMake
// against it: which folder may include which (arbiter/CMakeLists.txt says
// the same with its links; these tests keep the two honest).
#pragma once

#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace arb::test::layering {

// The folders each folder may include directly; the closure follows from it.
//   core <- process <- game, engine; core <- rating; game, engine, rating <- match
//   <- config, output, compliance <- tournament <- cli; game <- plugin_tools <- cli
// (game uses process to load a plugin that may crash in a child process first;
// plugin_tools, the plugin checker and plugin-diff, sits above the runtime)
inline const std::map<std::string, std::set<std::string>> &direct_layers() {
    static const std::map<std::string, std::set<std::string>> layers = {
        {"core", {}},
        {"game", {"core", "process"}},
        {"process", {"core"}},
        {"engine", {"core", "process"}},
        {"rating", {"core"}},
        {"match", {"core", "game", "engine", "rating"}},
        {"config", {"match"}},
        {"output", {"match"}},
        {"compliance", {"match"}},
        {"tournament", {"config", "output", "compliance"}},
        {"plugin_tools", {"game"}},
        {"cli", {"tournament", "plugin_tools"}},
    };
    return layers;
}

// Every folder `folder` may include: itself and all it depends on, directly or not.
inline std::set<std::string> allowed_for(const std::string &folder) {
    std::set<std::string> allowed{folder};
    std::vector<std::string> todo{folder};
    while (!todo.empty()) {
        std::string next = todo.back();
        todo.pop_back();
        for (const auto &lower : direct_layers().at(next))
            if (allowed.insert(lower).second) todo.push_back(lower);
    }
    return allowed;
}

struct SourceFile {
    std::string path;    // for messages, e.g. "arbiter/output/finished_game.hpp"
    std::string folder;  // the layer it belongs to, e.g. "output"
    std::string text;
};

struct Include {
    int line = 0;
    std::string target;  // as written, e.g. "tournament/schedule.hpp"
};

// The `#include "..."` lines of a source (not <...>: system and SDK headers).
inline std::vector<Include> quoted_includes(std::string_view text) {
    std::vector<Include> out;
    int line_no = 0;
    while (!text.empty()) {
        auto end = text.find('\n');
        std::string_view line = text.substr(0, end);
        text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
        ++line_no;
        auto first = line.find_first_not_of(" \t");
        if (first == std::string_view::npos || line[first] != '#') continue;
        line.remove_prefix(first + 1);
        line.remove_prefix(std::min(line.find_first_not_of(" \t"), line.size()));
        if (line.substr(0, 7) != "include") continue;
        auto open = line.find('"');
        auto close = open == std::string_view::npos ? open : line.find('"', open + 1);
        if (close == std::string_view::npos) continue;
        out.push_back({line_no, std::string(line.substr(open + 1, close - open - 1))});
    }
    return out;
}

// "path:line: includes 'x/y.hpp' (folder x is not below folder f)" for every
// include of a host folder that `allowed` (folder -> folders it may include)
// does not permit. Includes without a folder stay inside their own folder.
inline std::vector<std::string> back_references(const std::vector<SourceFile> &files,
                                                const std::map<std::string, std::set<std::string>> &allowed) {
    std::vector<std::string> found;
    for (const auto &file : files) {
        const auto &may = allowed.at(file.folder);
        for (const auto &inc : quoted_includes(file.text)) {
            auto slash = inc.target.find('/');
            if (slash == std::string::npos) continue;
            std::string to = inc.target.substr(0, slash);
            if (!direct_layers().count(to) || may.count(to)) continue;
            found.push_back(file.path + ":" + std::to_string(inc.line) + ": includes '" + inc.target +
                            "' (" + to + " is not below " + file.folder + ")");
        }
    }
    return found;
}

}  // namespace arb::test::layering

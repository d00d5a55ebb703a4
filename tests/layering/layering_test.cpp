// The host's folders depend one way (tests/layering/layering.hpp): no source
// includes a folder above its own, the CMake links say the same, and the
// engines stay off the tournament layers. A companion ctest
// (layering_include_root) proves the build itself refuses a back reference.
#include "layering/layering.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

namespace fs = std::filesystem;
using namespace arb::test::layering;

namespace {

const fs::path kSource = ARBITER_SOURCE_DIR;

std::string read_text(const fs::path &path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

bool is_source(const fs::path &path) {
    auto ext = path.extension();
    return ext == ".hpp" || ext == ".cpp" || ext == ".h" || ext == ".c";
}

// Every source under arbiter/<folder>/ (as that folder's layer) and under
// engines/ (as the layer "engines").
std::vector<SourceFile> tree_sources() {
    std::vector<SourceFile> files;
    for (const auto &entry : fs::recursive_directory_iterator(kSource / "arbiter")) {
        if (!entry.is_regular_file() || !is_source(entry.path())) continue;
        auto rel = fs::relative(entry.path(), kSource / "arbiter");
        if (rel.begin() == rel.end() || std::next(rel.begin()) == rel.end()) continue;  // main.cpp
        files.push_back({"arbiter/" + rel.generic_string(), rel.begin()->string(), read_text(entry.path())});
    }
    for (const auto &entry : fs::recursive_directory_iterator(kSource / "engines"))
        if (entry.is_regular_file() && is_source(entry.path()))
            files.push_back({fs::relative(entry.path(), kSource).generic_string(), "engines",
                             read_text(entry.path())});
    std::sort(files.begin(), files.end(), [](const auto &a, const auto &b) { return a.path < b.path; });
    return files;
}

// The engines load plugins and start processes; nothing of matches,
// configs, ratings or tournaments.
const std::set<std::string> kEnginesMayInclude = {"core", "game", "process"};

std::map<std::string, std::set<std::string>> allowed_map() {
    std::map<std::string, std::set<std::string>> allowed;
    for (const auto &[folder, lower] : direct_layers()) allowed[folder] = allowed_for(folder);
    allowed["engines"] = kEnginesMayInclude;
    return allowed;
}

std::string joined(const std::vector<std::string> &lines) {
    std::string out;
    for (const auto &line : lines) out += line + "\n";
    return out;
}

// The arguments of each `arbiter_host_library(<folder> ...)` call in
// arbiter/CMakeLists.txt, by folder.
std::map<std::string, std::string> host_library_calls() {
    std::string text = read_text(kSource / "arbiter" / "CMakeLists.txt");
    std::map<std::string, std::string> calls;
    std::regex call(R"(\narbiter_host_library\((\w+)([^)]*)\))");
    for (std::sregex_iterator it(text.begin(), text.end(), call), end; it != end; ++it)
        calls[(*it)[1].str()] = (*it)[2].str();
    return calls;
}

std::vector<std::string> words(const std::string &text) {
    std::istringstream in(text);
    std::vector<std::string> out;
    for (std::string word; in >> word;) out.push_back(word);
    return out;
}

}  // namespace

TEST_CASE("the layering is acyclic and ordered as documented", "[layering]") {
    for (const auto &[folder, lower] : direct_layers())
        for (const auto &below : lower) {
            INFO(folder << " -> " << below);
            CHECK_FALSE(allowed_for(below).count(folder));
        }
    CHECK(allowed_for("core") == std::set<std::string>{"core"});
    CHECK(allowed_for("output") ==
          std::set<std::string>{"output", "match", "core", "game", "engine", "process", "rating"});
    CHECK_FALSE(allowed_for("output").count("tournament"));
    CHECK_FALSE(allowed_for("engine").count("match"));
    CHECK_FALSE(allowed_for("config").count("output"));
    CHECK(allowed_for("cli").size() == direct_layers().size());
}

TEST_CASE("the include scan finds a back reference and names it", "[layering]") {
    // The two back references the tree had before the layering was enforced.
    std::vector<SourceFile> files = {
        {"arbiter/output/finished_game.hpp", "output",
         "// x\n#pragma once\n\n#include \"match/game_record.hpp\"\n#include \"tournament/schedule.hpp\"\n"},
        {"arbiter/engine/engine_config.hpp", "engine", "#  include \"match/time_control.hpp\"  // TimeControl\n"},
        {"arbiter/match/adjudicator.hpp", "match", "#include \"game_runner.hpp\"\n#include <tournament/x.hpp>\n"},
    };
    auto found = back_references(files, allowed_map());
    REQUIRE(found.size() == 2);
    CHECK(found[0] == "arbiter/output/finished_game.hpp:5: includes 'tournament/schedule.hpp' "
                      "(tournament is not below output)");
    CHECK(found[1] == "arbiter/engine/engine_config.hpp:1: includes 'match/time_control.hpp' "
                      "(match is not below engine)");

    std::vector<SourceFile> engine_file = {
        {"engines/generic/x.cpp", "engines", "#include \"rating/ratings.hpp\"\n#include \"game/plugin.hpp\"\n"}};
    CHECK(back_references(engine_file, allowed_map()).size() == 1);
}

TEST_CASE("no host or engine source includes a folder above its own", "[layering]") {
    auto files = tree_sources();
    // Every layer has sources: a scan that read nothing would pass vacuously.
    std::set<std::string> folders;
    for (const auto &file : files) folders.insert(file.folder);
    for (const auto &[folder, lower] : direct_layers()) CHECK(folders.count(folder));
    CHECK(folders.count("engines"));
    CHECK(files.size() > 100);

    auto found = back_references(files, allowed_map());
    INFO(joined(found));
    CHECK(found.empty());
}

TEST_CASE("no header includes itself through a loop", "[layering]") {
    // Headers by path relative to arbiter/; an include without a folder is
    // in the including file's folder.
    std::map<std::string, std::vector<std::string>> graph;
    for (const auto &file : tree_sources()) {
        if (file.folder == "engines" || file.path.substr(file.path.size() - 4) != ".hpp") continue;
        std::string self = file.path.substr(std::string("arbiter/").size());
        graph[self];
        for (const auto &inc : quoted_includes(file.text))
            graph[self].push_back(inc.target.find('/') == std::string::npos ? file.folder + "/" + inc.target
                                                                             : inc.target);
    }
    REQUIRE(graph.size() >= 40);
    std::map<std::string, int> state;  // 1: on the path, 2: done
    std::vector<std::string> loops;
    std::vector<std::string> path;
    auto visit = [&](auto &&self, const std::string &node) -> void {
        state[node] = 1;
        path.push_back(node);
        for (const auto &next : graph[node]) {
            if (state[next] == 1) {
                std::string loop;
                for (auto it = std::find(path.begin(), path.end(), next); it != path.end(); ++it) loop += *it + " -> ";
                loops.push_back(loop + next);
            } else if (state[next] == 0) {
                self(self, next);
            }
        }
        path.pop_back();
        state[node] = 2;
    };
    for (const auto &[node, edges] : graph)
        if (state[node] == 0) visit(visit, node);
    INFO(joined(loops));
    CHECK(loops.empty());
}

TEST_CASE("each folder is one library whose links follow the layering", "[layering][cmake]") {
    auto calls = host_library_calls();
    for (const auto &[folder, lower] : direct_layers()) {
        INFO("arbiter_host_library(" << folder << ") in arbiter/CMakeLists.txt");
        REQUIRE(calls.count(folder));
        auto allowed = allowed_for(folder);
        std::set<std::string> sources;
        for (const auto &word : words(calls[folder])) {
            if (word.rfind("arbiter_", 0) == 0) {
                INFO("links " << word);
                CHECK(allowed.count(word.substr(std::string("arbiter_").size())));
                CHECK(word != "arbiter_" + folder);
            }
            if (word.size() > 4 && word.substr(word.size() - 4) == ".cpp") sources.insert(word);
        }
        // The source lists are explicit: each .cpp of the folder is listed.
        for (const auto &entry : fs::directory_iterator(kSource / "arbiter" / folder))
            if (entry.path().extension() == ".cpp") {
                INFO(entry.path().filename().string() << " is missing from SOURCES");
                CHECK(sources.count(entry.path().filename().string()));
            }
    }
    CHECK(calls.size() == direct_layers().size());
}

TEST_CASE("the engines link no configuration, rating or tournament code", "[layering][cmake]") {
    int checked = 0;
    for (const auto &entry : fs::recursive_directory_iterator(kSource / "engines")) {
        if (entry.path().filename() != "CMakeLists.txt") continue;
        ++checked;
        std::string text = read_text(entry.path());
        for (const auto &word : words(std::regex_replace(text, std::regex("[()]"), " "))) {
            INFO(entry.path().string() << ": " << word);
            CHECK(word != "yaml-cpp");
            CHECK(word != "arbiter_host");
            if (word.rfind("arbiter_", 0) == 0 && direct_layers().count(word.substr(8)))
                CHECK(kEnginesMayInclude.count(word.substr(8)));
        }
    }
    CHECK(checked >= 4);
}

TEST_CASE("no CMake file globs its sources or folders", "[layering][cmake]") {
    std::vector<std::string> globbing;
    int checked = 0;
    for (auto it = fs::recursive_directory_iterator(kSource); it != fs::recursive_directory_iterator(); ++it) {
        auto name = it->path().filename().string();
        if (it->is_directory() && (name == "build" || name.front() == '.')) {
            it.disable_recursion_pending();
            continue;
        }
        if (name != "CMakeLists.txt" && it->path().extension() != ".cmake") continue;
        ++checked;
        std::istringstream text(read_text(it->path()));
        int line_no = 0;
        for (std::string line; std::getline(text, line);) {
            ++line_no;
            if (std::regex_search(line, std::regex(R"(^\s*file\s*\(\s*GLOB)")))
                globbing.push_back(fs::relative(it->path(), kSource).string() + ":" + std::to_string(line_no));
        }
    }
    CHECK(checked > 20);
    INFO(joined(globbing));
    CHECK(globbing.empty());
}

TEST_CASE("the plugin checker and plugin-diff are linked by their two commands alone", "[layering][cmake]") {
    // The runtime (game and everything built on it but cli) and the engines
    // cannot reach the tools.
    for (const auto &[folder, lower] : direct_layers()) {
        INFO(folder);
        CHECK(allowed_for(folder).count("plugin_tools") == (folder == "plugin_tools" || folder == "cli" ? 1u : 0u));
    }
    CHECK_FALSE(kEnginesMayInclude.count("plugin_tools"));

    std::set<std::string> linking;
    for (const auto &[folder, args] : host_library_calls())
        for (const auto &word : words(args))
            if (word == "arbiter_plugin_tools") linking.insert(folder);
    CHECK(linking == std::set<std::string>{"cli"});

    // In cli, only the plugin-check and plugin-diff commands include them; in
    // game, no checker or diff source is left.
    std::set<std::string> including;
    for (const auto &file : tree_sources()) {
        auto name = fs::path(file.path).filename().string();
        if (file.folder == "game") {
            INFO(file.path);
            CHECK(name.rfind("plugin_checker", 0) != 0);
            CHECK(name.rfind("plugin_diff", 0) != 0);
            CHECK(name.rfind("check_", 0) != 0);
        }
        if (file.folder != "cli") continue;
        for (const auto &inc : quoted_includes(file.text))
            if (inc.target.rfind("plugin_tools/", 0) == 0) including.insert(name);
    }
    CHECK(including == std::set<std::string>{"plugin_check_command.cpp", "plugin_diff_command.cpp"});
}

// Loading game plugins: one shared library behind the C ABI, checked before
// use, and a registry that finds them on the plugin path.
#pragma once

#include "core/expected.hpp"

#include <arbiter/game.h>

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace arb::game {

// An open plugin library. The api table stays valid while the Plugin lives;
// states and tables taken from it must not outlive it (hold the shared_ptr).
class Plugin {
public:
    // Opens the library and validates its entry table. Never crashes on a
    // bad file: wrong ABI version, missing symbol, not a shared library or a
    // table with missing pieces all give an Error naming the file.
    static Expected<std::shared_ptr<const Plugin>> load(const std::filesystem::path &file);

    ~Plugin();
    Plugin(const Plugin &) = delete;
    Plugin &operator=(const Plugin &) = delete;

    [[nodiscard]] const arb_game_api &api() const noexcept { return *api_; }
    [[nodiscard]] std::string id() const { return api_->id; }
    [[nodiscard]] const std::filesystem::path &file() const noexcept { return file_; }
    // Descriptor of a named option, or nullptr.
    [[nodiscard]] const arb_option_desc *option(std::string_view name) const noexcept;

private:
    Plugin(void *handle, const arb_game_api *api, std::filesystem::path file)
        : handle_(handle), api_(api), file_(std::move(file)) {}

    void *handle_;
    const arb_game_api *api_;
    std::filesystem::path file_;
};

using PluginPtr = std::shared_ptr<const Plugin>;

// Where plugins are looked for, first match wins for an id:
// explicit --plugin-dir folders, then $ARBITER_PLUGIN_PATH (':'-separated),
// then the build or install folders beside the running program.
std::vector<std::filesystem::path> plugin_search_path(const std::vector<std::filesystem::path> &explicit_dirs);

struct Discovery {
    std::vector<PluginPtr> plugins;      // unique ids, search-path order
    std::vector<std::string> problems;   // files that looked like plugins but failed to load
};

// Loads every *.so in the given folders.
Discovery discover_plugins(const std::vector<std::filesystem::path> &dirs);

// Finds the plugin with this id on the path, or a path to a plugin file;
// the error lists the games that were found.
Expected<PluginPtr> find_plugin(const std::string &id_or_file, const std::vector<std::filesystem::path> &dirs);

}  // namespace arb::game

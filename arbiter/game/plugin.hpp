// Loading game plugins: one shared library behind the C ABI, checked before
// use, and a registry that finds them on the plugin path.
#pragma once

#include "core/expected.hpp"

#include <arbiter/ext/engine_options.h>
#include <arbiter/ext/move_properties.h>
#include <arbiter/ext/position_hash.h>
#include "game/plugin_extensions.hpp"

#include <arbiter/game.h>

#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string_view>
#include <set>
#include <string>
#include <vector>

namespace arb::game {

// Where a plugin's log lines go (arb_host.log): the plugin's id, the level
// and the line. Called from any thread.
using PluginLog = std::function<void(const std::string &plugin_id, arb_log_level level, std::string_view line)>;

// The default PluginLog: warnings and errors to stderr as one line each,
// "arbiter: plugin ID: warning: ..."; debug and info lines are dropped.
void log_to_stderr(const std::string &plugin_id, arb_log_level level, std::string_view line);

// An open plugin library. The api table stays valid while the Plugin lives;
// states and tables taken from it must not outlive it (hold the shared_ptr).
class Plugin {
public:
    // Opens the library and validates its entry table. Never crashes on a
    // bad file: wrong ABI version, missing symbol, not a shared library or a
    // table with missing pieces all give an Error naming the file. `log`
    // receives what the plugin logs through its arb_host (ABI 1.1).
    static Expected<std::shared_ptr<const Plugin>> load(const std::filesystem::path &file,
                                                        PluginLog log = log_to_stderr);

    ~Plugin();
    Plugin(const Plugin &) = delete;
    Plugin &operator=(const Plugin &) = delete;

    [[nodiscard]] const arb_game_api &api() const noexcept { return *api_; }
    [[nodiscard]] std::string id() const { return api_->id; }
    [[nodiscard]] const std::filesystem::path &file() const noexcept { return file_; }
    // Descriptor of a named option, or nullptr.
    [[nodiscard]] const arb_option_desc *option(std::string_view name) const noexcept;

    // ABI 1.1 answers, with what they mean for a 1.0 plugin.
    // Buffer size for a move text with its NUL (1.0: ARB_MOVE_TEXT_SIZE).
    [[nodiscard]] size_t max_move_text_size() const noexcept;
    // The host context passed to create_ex; lives as long as the Plugin.
    [[nodiscard]] const arb_host &host() const noexcept { return host_; }
    // Extension tables, or nullptr when the plugin lacks them (every 1.0 plugin).
    [[nodiscard]] const arb_game_move_properties *move_properties() const noexcept { return move_properties_; }
    // Whether its move properties carry ARB_MOVE_CAPTURE and ARB_MOVE_CHECK
    // ("arbiter.move-properties/2"); under /1 both bits mean nothing.
    [[nodiscard]] bool move_capture_check() const noexcept { return move_capture_check_; }
    [[nodiscard]] const arb_game_position_hash *position_hash() const noexcept { return position_hash_; }
    // The text extensions, /2 or /1 alike under the text rule (see
    // plugin_extensions.hpp); null when absent or unusable.
    // "arbiter.record-format": null also when the file extension is not
    // lower-case letters and digits.
    // The first of record_formats(), or null.
    [[nodiscard]] const RecordFormatCalls *record_format() const noexcept {
        return record_formats_.empty() ? nullptr : &record_formats_.front();
    }
    // Every format ("arbiter.record-formats/1", else the one of record-format/2 or /1).
    [[nodiscard]] const std::vector<RecordFormatCalls> &record_formats() const noexcept { return record_formats_; }
    [[nodiscard]] const PgnNotationCalls *pgn_notation() const noexcept { return opt(pgn_notation_); }
    // "arbiter.protocol-notation": null also when a protocol it converts
    // lacks a function, or it would convert UGI (whose texts are the plugin's own).
    [[nodiscard]] const ProtocolNotationCalls *protocol_notation() const noexcept { return opt(protocol_notation_); }
    [[nodiscard]] const DiagramCalls *diagram() const noexcept { return opt(diagram_); }
    [[nodiscard]] const StatusLineCalls *status_line() const noexcept { return opt(status_line_); }
    // "arbiter.engine-options/1": null also when its function is missing.
    [[nodiscard]] const arb_game_engine_options *engine_options() const noexcept { return engine_options_; }
    // Whether engines of `protocol` may play this game (UGI always may).
    [[nodiscard]] bool supports_protocol(arb_protocol protocol) const noexcept;
    // Whether texts must be converted for `protocol` (never for UGI).
    [[nodiscard]] bool converts_notation(arb_protocol protocol) const noexcept;
    using Conversion = ProtocolNotationCalls::Way;
    // `text` in the other notation of `protocol`; `text` itself when the
    // protocol is not converted; nullopt when the plugin refuses it.
    [[nodiscard]] std::optional<std::string> convert_notation(Conversion way, arb_protocol protocol,
                                                              std::string_view text) const;

    // Reports a defect the host found in this plugin (e.g. parse_move
    // accepting a move that legal_moves does not list) to the plugin's log
    // at ARB_LOG_ERROR, once per `kind` while this Plugin lives: once per
    // run, however many games meet it. [any-thread]
    void report_defect(const std::string &kind, std::string_view message) const;

private:
    Plugin(void *handle, const arb_game_api *api, std::filesystem::path file, PluginLog log);
    static void ARB_CALL log_from_plugin(const arb_host *host, arb_log_level level, const char *message);
    // arb_host.get_extension: this host offers no extension yet.
    static const void *ARB_CALL host_extension(const arb_host *host, const char *id);
    template <class T>
    static const T *opt(const std::optional<T> &o) noexcept { return o ? &*o : nullptr; }

    void *handle_;
    const arb_game_api *api_;
    std::filesystem::path file_;
    std::string path_text_;  // absolute file_, kept for host_.plugin_path
    PluginLog log_;
    arb_host host_{};
    const arb_game_move_properties *move_properties_ = nullptr;
    bool move_capture_check_ = false;
    const arb_game_position_hash *position_hash_ = nullptr;
    std::vector<RecordFormatCalls> record_formats_;
    std::optional<PgnNotationCalls> pgn_notation_;
    std::optional<ProtocolNotationCalls> protocol_notation_;
    std::optional<DiagramCalls> diagram_;
    std::optional<StatusLineCalls> status_line_;
    const arb_game_engine_options *engine_options_ = nullptr;
    mutable std::mutex defects_mutex_;
    mutable std::set<std::string> defects_reported_;
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

// Loads every *.so in the given folders, each first in a child process, so
// that a library that crashes while loading is a problem in the list ("...:
// crashed while loading (it was killed by signal 11 (SIGSEGV))"), not the
// end of the program. Call while the program has one thread (start-up).
Discovery discover_plugins(const std::vector<std::filesystem::path> &dirs);

// Finds the plugin with this id on the path, or a path to a plugin file;
// the error lists the games that were found. Lazy: a file named ID.so is
// tried first, and the other libraries are opened only when it is not the
// game. Loads in a child process first, like discover_plugins.
Expected<PluginPtr> find_plugin(const std::string &id_or_file, const std::vector<std::filesystem::path> &dirs);

}  // namespace arb::game

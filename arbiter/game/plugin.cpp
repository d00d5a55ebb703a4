#include "game/plugin.hpp"

#include "game/plugin_dirs.hpp"
#include "game/plugin_text.hpp"

#include "core/program_dir.hpp"
#include "install_layout.hpp"
#include "process/run_in_child.hpp"

#include <dlfcn.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <set>

namespace arb::game {

namespace {

std::string describe(const std::filesystem::path &file) { return file.string(); }

constexpr int32_t kMaxPlausibleMoves = 1 << 24;
constexpr int32_t kMaxPlausibleText = 1 << 24;

// Loads `file` in a child process first: a plugin whose constructor or entry
// point crashes costs the child, and the error says how it died. On success
// the result is the plugin's id.
Expected<std::string> probe(const std::filesystem::path &file) {
    auto run = process::run_in_child([&](std::string &out) {
        auto plugin = Plugin::load(file, nullptr);
        out = plugin ? (*plugin)->id() : plugin.error().message;
        return plugin ? 0 : 1;
    });
    if (!run && !run.error().started)  // the machine's limit: the plugin never ran
        return fail(describe(file) + ": cannot be loaded, no child process to load it in: " + run.error().message);
    if (!run) return fail(describe(file) + ": crashed while loading (it " + run.error().message + ")");
    if (run->exit_code != 0) return fail(run->output.empty() ? describe(file) + ": could not be loaded" : run->output);
    return run->output;
}

// Probes, then loads for real.
Expected<PluginPtr> load_safely(const std::filesystem::path &file) {
    if (auto probed = probe(file); !probed) return fail(probed.error().message);
    return Plugin::load(file);
}

// Checks the pieces of a table that the host relies on, so that a broken
// plugin is refused at load time rather than crashing mid-tournament.
std::string check_table(const arb_game_api &api) {
    if (api.abi_major != ARB_ABI_MAJOR)
        return "built for game ABI " + std::to_string(api.abi_major) + "." + std::to_string(api.abi_minor) +
               ", this arbiter speaks " + std::to_string(ARB_ABI_MAJOR) + "." + std::to_string(ARB_ABI_MINOR);
    if (!arb_abi_is_compatible(&api)) return "its function table is too short (struct_size " + std::to_string(api.struct_size) + ")";
    if (api.id == nullptr || api.id[0] == '\0') return "it has no id";
    for (const char *c = api.id; *c; ++c)
        if (!((*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9') || *c == '_'))
            return std::string("its id '") + api.id + "' is not [a-z0-9_]+";
    if (api.name == nullptr || api.version == nullptr || api.description == nullptr || api.side_names[0] == nullptr ||
        api.side_names[1] == nullptr)
        return "its metadata has empty fields";
    if (api.option_count < 0 || (api.option_count > 0 && api.options == nullptr))
        return "its option table is inconsistent";
    for (int32_t i = 0; i < api.option_count; ++i) {
        const arb_option_desc &o = api.options[i];
        if (o.name == nullptr || o.default_value == nullptr || o.help == nullptr)
            return "option " + std::to_string(i) + " has empty fields";
        if (o.type == ARB_OPTION_CHOICE && (o.choices == nullptr || o.choice_count <= 0))
            return std::string("option '") + o.name + "' has no choices";
    }
    if (api.max_legal_moves <= 0 || api.max_position_size <= 0) return "its size limits are not positive";
    // The host allocates what these say: a nonsense bound is refused before
    // anything trusts it.
    if (api.max_legal_moves > kMaxPlausibleMoves)
        return "its max_legal_moves " + std::to_string(api.max_legal_moves) + " is above " +
               std::to_string(kMaxPlausibleMoves);
    if (api.max_position_size > kMaxPlausibleText)
        return "its max_position_size " + std::to_string(api.max_position_size) + " is above " +
               std::to_string(kMaxPlausibleText);
    if (!api.create || !api.destroy || !api.clone || !api.assign || !api.reset || !api.set_position ||
        !api.write_position || !api.legal_moves || !api.parse_move || !api.format_move || !api.play ||
        !api.side_to_move || !api.outcome || !api.get_extension)
        return "its function table has null entries";
    // A table long enough for the 1.1 block must fill all of it.
    if (ARB_API_HAS(&api, max_move_text_size) && (api.max_move_text_size < 2 || api.max_move_text_size > kMaxPlausibleText))
        return "its max_move_text_size " + std::to_string(api.max_move_text_size) + " is outside 2.." +
               std::to_string(kMaxPlausibleText);
    if (ARB_API_HAS(&api, legal_moves_ex) && (!api.create_ex || !api.assign_ex || !api.reset_ex || !api.legal_moves_ex))
        return "its function table has null entries (ABI 1.1 part)";
    return {};
}

}  // namespace

Expected<PluginPtr> Plugin::load(const std::filesystem::path &file, PluginLog log) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(file, ec)) return fail(describe(file) + ": no such plugin file");
    // RTLD_LOCAL keeps each plugin's symbols to itself; RTLD_NOW reports a
    // missing dependency here rather than at the first call.
    void *handle = ::dlopen(file.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (handle == nullptr) {
        const char *why = ::dlerror();
        return fail(describe(file) + ": not a loadable shared library (" + (why ? why : "unknown error") + ")");
    }
    void *symbol = ::dlsym(handle, ARB_GAME_ENTRY_SYMBOL);
    if (symbol == nullptr) {
        ::dlclose(handle);
        return fail(describe(file) + ": not an arbiter game plugin (no '" ARB_GAME_ENTRY_SYMBOL "' symbol)");
    }
    arb_game_entry_fn entry;
    static_assert(sizeof entry == sizeof symbol);
    std::memcpy(&entry, &symbol, sizeof entry);
    const arb_game_api *api = entry(ARB_ABI_MAJOR);
    if (api == nullptr) {
        ::dlclose(handle);
        return fail(describe(file) + ": the plugin refused game ABI " + std::to_string(ARB_ABI_MAJOR) +
                    " (built for another major version)");
    }
    if (std::string problem = check_table(*api); !problem.empty()) {
        ::dlclose(handle);
        return fail(describe(file) + ": refused: " + problem);
    }
    return PluginPtr(new Plugin(handle, api, file, std::move(log)));
}

Plugin::Plugin(void *handle, const arb_game_api *api, std::filesystem::path file, PluginLog log)
    : handle_(handle), api_(api), file_(std::move(file)), log_(std::move(log)) {
    std::error_code ec;
    std::filesystem::path absolute = std::filesystem::absolute(file_, ec);
    path_text_ = ec ? file_.string() : absolute.lexically_normal().string();
    host_.struct_size = sizeof(arb_host);
    host_.host_data = this;
    host_.plugin_path = path_text_.c_str();
    host_.log = &Plugin::log_from_plugin;
    host_.get_extension = &Plugin::host_extension;
    move_properties_ = static_cast<const arb_game_move_properties *>(api_->get_extension(ARB_EXT_MOVE_PROPERTIES_2));
    move_capture_check_ = move_properties_ != nullptr && move_properties_->properties != nullptr;
    if (!move_capture_check_)
        move_properties_ = static_cast<const arb_game_move_properties *>(api_->get_extension(ARB_EXT_MOVE_PROPERTIES));
    position_hash_ = static_cast<const arb_game_position_hash *>(api_->get_extension(ARB_EXT_POSITION_HASH));
    // A table with a null function is no extension at all.
    if (move_properties_ != nullptr && move_properties_->properties == nullptr) move_properties_ = nullptr;
    if (position_hash_ != nullptr && position_hash_->hash == nullptr) position_hash_ = nullptr;
    protocol_notation_ = ProtocolNotationCalls::of(*api_);
    engine_options_ = static_cast<const arb_game_engine_options *>(api_->get_extension(ARB_EXT_ENGINE_OPTIONS));
    if (engine_options_ != nullptr && engine_options_->engine_options == nullptr) engine_options_ = nullptr;
    record_formats_ = RecordFormatCalls::all_of(*api_);
    pgn_notation_ = PgnNotationCalls::of(*api_);
    diagram_ = DiagramCalls::of(*api_);
    status_line_ = StatusLineCalls::of(*api_);
}

Plugin::~Plugin() {
    if (handle_ != nullptr) ::dlclose(handle_);
}

void ARB_CALL Plugin::log_from_plugin(const arb_host *host, arb_log_level level, const char *message) {
    if (host == nullptr || host->host_data == nullptr) return;
    const Plugin &plugin = *static_cast<const Plugin *>(host->host_data);
    if (plugin.log_) plugin.log_(plugin.id(), level, message != nullptr ? message : "");
}

const void *ARB_CALL Plugin::host_extension(const arb_host *, const char *) { return nullptr; }

void Plugin::report_defect(const std::string &kind, std::string_view message) const {
    {
        std::lock_guard lock(defects_mutex_);
        if (!defects_reported_.insert(kind).second) return;
    }
    if (log_) log_(id(), ARB_LOG_ERROR, "plugin defect found by the host (reported once): " + std::string(message));
}

void log_to_stderr(const std::string &plugin_id, arb_log_level level, std::string_view line) {
    if (level < ARB_LOG_WARNING) return;
    // One write per line, so that lines from parallel games do not interleave.
    std::string text = "arbiter: plugin " + plugin_id + (level >= ARB_LOG_ERROR ? ": error: " : ": warning: ");
    text += line;
    text += '\n';
    std::fwrite(text.data(), 1, text.size(), stderr);
}

size_t Plugin::max_move_text_size() const noexcept {
    return ARB_API_HAS(api_, max_move_text_size) ? static_cast<size_t>(api_->max_move_text_size)
                                                 : static_cast<size_t>(ARB_MOVE_TEXT_SIZE);
}

const arb_option_desc *Plugin::option(std::string_view name) const noexcept {
    for (int32_t i = 0; i < api_->option_count; ++i)
        if (name == api_->options[i].name) return &api_->options[i];
    return nullptr;
}

std::vector<std::filesystem::path> plugin_search_path(const std::vector<std::filesystem::path> &explicit_dirs) {
    std::vector<std::filesystem::path> dirs = explicit_dirs;
    if (const char *env = std::getenv("ARBITER_PLUGIN_PATH"); env != nullptr) {
        std::string_view rest(env);
        while (!rest.empty()) {
            size_t colon = rest.find(':');
            std::string_view part = rest.substr(0, colon);
            if (!part.empty()) dirs.emplace_back(std::string(part));
            if (colon == std::string_view::npos) break;
            rest.remove_prefix(colon + 1);
        }
    }
    for (auto &dir : shipped_plugin_dirs()) dirs.push_back(std::move(dir));
    return dirs;
}

std::vector<std::filesystem::path> shipped_plugin_dirs() {
    const std::filesystem::path here = running_program_dir();
    if (here.empty()) return {};
    return {here.parent_path() / "plugins",                          // build tree: build/bin -> build/plugins
            (here / kInstalledPluginDirFromBin).lexically_normal()};  // installed: prefix/bin -> prefix/<libdir>/...
}

std::string shipped_plugin_dirs_text() {
    std::string here;
    for (const auto &dir : shipped_plugin_dirs()) {
        std::error_code ec;
        if (std::filesystem::is_directory(dir, ec)) here += (here.empty() ? "" : ", ") + dir.string();
    }
    return "the shipped plugins (<libdir>/arbiter/plugins of an install, plugins/ of a build tree" +
           (here.empty() ? std::string() : "; here " + here) + ")";
}

Discovery discover_plugins(const std::vector<std::filesystem::path> &dirs) {
    Discovery found;
    std::set<std::string> ids;
    for (const auto &dir : dirs) {
        std::error_code ec;
        if (!std::filesystem::is_directory(dir, ec)) continue;
        std::vector<std::filesystem::path> files;
        for (const auto &entry : std::filesystem::directory_iterator(dir, ec))
            if (entry.path().extension() == ".so") files.push_back(entry.path());
        std::sort(files.begin(), files.end());
        for (const auto &file : files) {
            auto plugin = load_safely(file);
            if (!plugin) {
                found.problems.push_back(plugin.error().message);
                continue;
            }
            if (ids.insert((*plugin)->id()).second) found.plugins.push_back(std::move(*plugin));
        }
    }
    return found;
}

std::string plugin_elsewhere_hint(const std::string &id) {
    return "a plugin elsewhere is found with --plugin-dir DIR, with ARBITER_PLUGIN_PATH=DIR, or by its file's path "
           "(e.g. ./build/" + id + ".so)";
}

Expected<PluginPtr> find_plugin(const std::string &id_or_file, const std::vector<std::filesystem::path> &dirs) {
    if (id_or_file.find('/') != std::string::npos) return load_safely(id_or_file);
    // Lazily: the file named after the game first, so that a broken library
    // elsewhere in the folders is never even opened.
    for (const auto &dir : dirs) {
        std::error_code ec;
        const std::filesystem::path file = dir / (id_or_file + ".so");
        if (!std::filesystem::is_regular_file(file, ec)) continue;
        auto probed = probe(file);
        if (probed && *probed == id_or_file) return Plugin::load(file);
        break;  // a misnamed or broken file: the full search says more
    }
    Discovery found = discover_plugins(dirs);
    for (auto &p : found.plugins)
        if (p->id() == id_or_file) return std::move(p);
    std::string message = "unknown game '" + id_or_file + "'";
    if (found.plugins.empty()) {
        message += ": no plugins found";
    } else {
        message += "; available:";
        for (const auto &p : found.plugins) message += " " + p->id();
    }
    message += " (searched";
    for (const auto &d : dirs) message += " " + d.string();
    message += "); " + plugin_elsewhere_hint(id_or_file);
    for (const auto &problem : found.problems) message += "\n  (skipped " + problem + ")";
    return fail(message);
}

bool Plugin::supports_protocol(arb_protocol protocol) const noexcept {
    if (protocol == ARB_PROTOCOL_UGI) return true;
    if (protocol < 0 || protocol > 31) return false;
    return protocol_notation_ && (protocol_notation_->protocols() & ARB_PROTOCOL_BIT(protocol)) != 0;
}

bool Plugin::converts_notation(arb_protocol protocol) const noexcept {
    if (protocol <= ARB_PROTOCOL_UGI || protocol > 31) return false;
    return protocol_notation_ && (protocol_notation_->converted() & ARB_PROTOCOL_BIT(protocol)) != 0;
}

std::optional<std::string> Plugin::convert_notation(Conversion way, arb_protocol protocol, std::string_view text) const {
    if (!converts_notation(protocol)) return std::string(text);
    const std::string input(text);
    // One reader per thread, kept across calls: sized from the longest text so
    // far, so a conversion on the per-ply path is one call.
    thread_local TextReader reader(256);
    const TextRead r = reader.read([&](char *buf, uint32_t cap, uint32_t *needed) {
        return protocol_notation_->convert(way, protocol, input.c_str(), buf, cap, needed, nullptr, 0);
    });
    if (r.status != ARB_OK) return std::nullopt;
    return std::string(r.text);
}

}  // namespace arb::game

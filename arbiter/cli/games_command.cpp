// `arbiter games`: what plugins are installed and which options they take.
#include "cli/command.hpp"
#include "cli/common_options.hpp"

#include <iostream>

namespace po = boost::program_options;

namespace arb::cli {

namespace {

const char *type_name(const arb_option_desc &o) {
    switch (o.type) {
    case ARB_OPTION_BOOL: return "bool";
    case ARB_OPTION_INT: return "int";
    case ARB_OPTION_CHOICE: return "choice";
    default: return "?";
    }
}

void print_plugin(const game::Plugin &p, std::ostream &out) {
    const arb_game_api &api = p.api();
    out << api.id << "  " << api.name << " " << api.version << "  (" << api.side_names[0] << " vs "
        << api.side_names[1] << ")\n    " << api.description << "\n    file: " << p.file().string() << "\n";
    for (int32_t i = 0; i < api.option_count; ++i) {
        const arb_option_desc &o = api.options[i];
        out << "    --option " << o.name << "=<" << type_name(o) << ">  default " << o.default_value;
        if (o.type == ARB_OPTION_CHOICE) {
            out << "; one of";
            for (int32_t c = 0; c < o.choice_count; ++c) out << " " << o.choices[c];
        } else if (o.type == ARB_OPTION_INT) {
            out << "; " << o.min_value << ".." << o.max_value;
        }
        out << "\n        " << o.help << "\n";
    }
}

}  // namespace

int games_command(const Args &args) {
    std::vector<std::string> plugin_dirs;
    po::options_description desc("options");
    desc.add_options()("help,h", "show this help");
    add_plugin_dir_option(desc, plugin_dirs);
    po::variables_map vm;
    int code = 0;
    if (!parse_command_line("games", args, desc, nullptr, vm, "[--plugin-dir DIR]", code)) return code;

    auto dirs = plugin_path(plugin_dirs);
    game::Discovery found = game::discover_plugins(dirs);
    for (const auto &p : found.plugins) print_plugin(*p, std::cout);
    // A broken library is listed, not fatal: the other games stay usable.
    for (const auto &problem : found.problems) std::cout << "broken: " << problem << "\n";
    if (found.plugins.empty()) {
        std::cerr << (found.problems.empty() ? "no game plugins found" : "no game plugin could be loaded") << "; searched:";
        for (const auto &d : dirs) std::cerr << " " << d.string();
        std::cerr << "\n";
        return kExitFailure;
    }
    return kExitOk;
}

}  // namespace arb::cli

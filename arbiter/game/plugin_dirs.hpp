// Where the shipped plugins are and how to reach one that is elsewhere, in
// the words of help texts and "unknown game" messages, so that every
// command says the same as the README.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace arb::game {

// The shipped plugins' folders, found from the running program's folder
// (bin/): plugins/ of a build tree and <libdir>/arbiter/plugins of an
// install. plugin_search_path() ends with them.
std::vector<std::filesystem::path> shipped_plugin_dirs();

// The same for help texts, naming the folders that exist here, e.g. "the
// shipped plugins (<libdir>/arbiter/plugins of an install, plugins/ of a
// build tree; here /opt/arbiter/lib/arbiter/plugins)".
std::string shipped_plugin_dirs_text();

// The end of an "unknown game" message: how to reach a plugin that is not
// in the searched folders (one built out of tree), e.g. for "breakthrough":
// "a plugin elsewhere is found with --plugin-dir DIR, with
// ARBITER_PLUGIN_PATH=DIR, or by its file's path (e.g. ./build/breakthrough.so)".
std::string plugin_elsewhere_hint(const std::string &id);

}  // namespace arb::game

#!/usr/bin/env python3
"""Checks that the SDK's own lists name every header that exists, so that an
extension or helper added later cannot be left out of the docs.

usage: check_sdk_lists.py SOURCE_DIR

- every extension header sdk/include/arbiter/ext/NAME.h is named in the
  comment at the top of game.h (as <arbiter/ext/NAME.h>), in sdk/README.md and
  in docs/writing-a-plugin.md (as `NAME.h`);
- every helper sdk/include/arbiter/sdk/NAME.hpp is named in sdk/README.md and
  docs/writing-a-plugin.md; every ugi/NAME.hpp in sdk/README.md and the UGI
  README.
Prints one line per omission (the file that should name it, and what) and
exits 1 if there is any.
"""
import os
import sys


def main():
    root = sys.argv[1]
    inc = os.path.join(root, "sdk", "include", "arbiter")

    def read(*parts):
        with open(os.path.join(root, *parts), encoding="utf-8") as f:
            return f.read()

    def headers(folder, suffix):
        return sorted(f for f in os.listdir(os.path.join(inc, folder)) if f.endswith(suffix))

    game_h = read("sdk", "include", "arbiter", "game.h").split("*/", 1)[0]  # the top comment
    sdk_readme = read("sdk", "README.md")
    plugin_doc = read("docs", "writing-a-plugin.md")
    ugi_readme = read("sdk", "include", "arbiter", "ugi", "README.md")
    wanted = []
    for name in headers("ext", ".h"):
        wanted += [("sdk/include/arbiter/game.h (top comment)", game_h, f"<arbiter/ext/{name}>"),
                   ("sdk/README.md", sdk_readme, f"`{name}`"),
                   ("docs/writing-a-plugin.md", plugin_doc, f"`{name}`")]
    for name in headers("sdk", ".hpp"):
        wanted += [("sdk/README.md", sdk_readme, f"`{name}`"), ("docs/writing-a-plugin.md", plugin_doc, f"`{name}`")]
    for name in headers("ugi", ".hpp"):
        wanted += [("sdk/README.md", sdk_readme, f"`{name}`"),
                   ("sdk/include/arbiter/ugi/README.md", ugi_readme, f"`{name}`")]
    missing = [(where, what) for where, text, what in wanted if what not in text]
    for where, what in missing:
        print(f"{where} does not name {what}")
    print(f"{len(wanted)} names looked for, {len(missing)} missing")
    return 1 if missing or not wanted else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Compiles every C and C++ code block of the given Markdown files against the
SDK headers, so that no snippet in the docs goes stale.

usage: compile_doc_snippets.py --cxx CXX --cc CC --include DIR [--min N] FILE.md|DIR...

A folder stands for every .md file in it (not below), so a new page of docs/
is covered without editing the test.

A block is a fenced ```cpp (or ```c++, ```c) block. By default it must be a
whole translation unit. An HTML comment on the line before the fence says how
to wrap a fragment instead:
  <!-- snippet: members -->            class members: compiled inside
                                       `struct Snippet { ... };`; its #include
                                       lines are moved in front of the struct
  <!-- snippet: members given: DECL --> the same, with DECL (e.g. the data
                                       members the fragment reads) in the struct
  <!-- snippet: statements -->         statements: compiled inside a function
Only <cstdint>, <string> and <string_view> are added, so a snippet that uses a
helper must include the header the docs name for it (a wrong header fails).
Each failure is printed as FILE:LINE (the fence) with the compiler's output;
the exit status is 1 if any block fails or fewer than --min blocks were found.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

FENCE = re.compile(r"^```(cpp|c\+\+|c)\s*$")
MARKER = re.compile(r"^<!--\s*snippet:\s*([a-z-]+)(?:\s+given:\s*(.*?))?\s*-->\s*$")
PRELUDE = "#include <cstdint>\n#include <string>\n#include <string_view>\n"


def blocks(path):
    """(line of the fence, language, wrap kind, given, code) for each block."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        start = i
        marker = MARKER.match(lines[i - 1]) if i > 0 else None
        kind, given = (marker.group(1), marker.group(2) or "") if marker else ("file", "")
        body = []
        i += 1
        while i < len(lines) and lines[i].strip() != "```":
            body.append(lines[i])
            i += 1
        if i == len(lines):
            raise SystemExit(f"{path}:{start + 1}: the code block is never closed")
        i += 1
        yield start + 1, m.group(1), kind, given, "\n".join(body) + "\n"


def wrap(kind, given, code, where):
    """The translation unit for a block, with #line so errors point into the doc."""
    path, line = where
    if kind == "file":
        return f'#line {line + 1} "{path}"\n' + code
    includes = [l for l in code.split("\n") if l.startswith("#include")]
    rest = "\n".join("" if l.startswith("#include") else l for l in code.split("\n"))
    head = PRELUDE + "\n".join(includes) + "\n"
    if kind == "members":
        return head + "struct Snippet {\n" + given + "\n" + f'#line {line + 1} "{path}"\n' + rest + "};\n"
    if kind == "statements":
        return head + "void snippet() {\n" + given + "\n" + f'#line {line + 1} "{path}"\n' + rest + "}\n"
    raise SystemExit(f"{path}:{line - 1}: unknown snippet kind '{kind}' (file, members or statements)")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cxx", required=True)
    parser.add_argument("--cc", required=True)
    parser.add_argument("--include", required=True)
    parser.add_argument("--min", type=int, default=1)
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()
    warnings = ["-Wall", "-Wextra", "-Wshadow", "-Wconversion", "-Werror", "-pedantic"]
    found = failed = 0
    files = []
    for name in args.files:
        if os.path.isdir(name):
            files += sorted(os.path.join(name, f) for f in os.listdir(name) if f.endswith(".md"))
        else:
            files.append(name)
    with tempfile.TemporaryDirectory() as work:
        for path in files:
            for line, lang, kind, given, code in blocks(path):
                found += 1
                is_c = lang == "c"
                source = os.path.join(work, f"snippet{found}." + ("c" if is_c else "cpp"))
                with open(source, "w", encoding="utf-8") as f:
                    f.write(wrap(kind, given, code, (path, line)))
                compiler = [args.cc, "-std=c99"] if is_c else [args.cxx, "-std=c++20"]
                run = subprocess.run(compiler + warnings + ["-fsyntax-only", "-I", args.include, source],
                                     capture_output=True, text=True)
                if run.returncode != 0:
                    failed += 1
                    print(f"{path}:{line}: the {lang} block ({kind}) does not compile:\n{run.stderr}")
                else:
                    print(f"{path}:{line}: ok ({kind})")
    print(f"{found} blocks, {failed} failed")
    if found < args.min:
        print(f"expected at least {args.min} blocks: were the fences renamed?")
        return 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

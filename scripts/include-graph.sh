#!/bin/sh
# Prints the include graph between the host's folders (arbiter/<folder>/) as
# "from -> to (count)" edges, one a line, from the `#include "folder/..."`
# lines of the sources. An include without a folder is a same-folder include.
# Usage: scripts/include-graph.sh [SOURCE_DIR]   (default: the checkout)
# The layering these edges must respect is checked by tests/layering.
set -eu
root=${1:-$(dirname "$0")/..}
cd "$root/arbiter"
for file in */*.hpp */*.cpp; do
  from=${file%%/*}
  sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"/]*\)\/[^"]*".*/\1/p' "$file" |
    while read -r to; do
      if [ "$to" != "$from" ] && [ -d "$to" ]; then echo "$from -> $to"; fi
    done
done | sort | uniq -c | awk '{ printf "%s -> %s (%d)\n", $2, $4, $1 }'

#!/usr/bin/env bash
# The runtime stage of deploy/Containerfile, built as a file list (no image
# builder is needed): the build tree is installed as the build stage installs
# it, and then
#  - the installed tree holds programs and plugins only (no headers, no CMake
#    package, no static libraries);
#  - the runtime stage's apt-get list is exactly the Debian packages that own
#    the shared libraries those files load (ldd), less what debian:12 itself
#    has (libc6, libgcc-s1, libstdc++6): none missing, none extra;
#  - the installed arbiter finds its plugins.
# It prints the installed size and the runtime packages' installed size.
# usage: runtime_image_test.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$1 build=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix="$work/opt/arbiter"
fail() { echo "FAIL: $*"; exit 1; }

cmake --install "$build" --prefix "$prefix" > /dev/null
# As the build stage does after its install:
rm -rf "$prefix/include" "$prefix/share/cmake" "$prefix"/lib*/cmake "$prefix"/lib*/*.a "$prefix/share/arbiter"

unexpected=$(cd "$prefix" && find . -type f | grep -v -E '^\./bin/[^/]+$|^\./lib[^/]*/arbiter/plugins/[^/]+\.so$' || true)
[ -z "$unexpected" ] || fail "files beside the programs and plugins: $unexpected"
[ -x "$prefix/bin/arbiter" ] || fail "no bin/arbiter"

needed=$(find "$prefix" -type f \( -perm -u+x -o -name '*.so' \) -print0 | xargs -0 ldd 2>/dev/null |
  awk '$2 == "=>" && $3 ~ /^\// {print $3}' | sort -u |
  while read -r lib; do dpkg -S "$lib" 2>/dev/null || dpkg -S "/usr$lib" 2>/dev/null || echo "UNOWNED:$lib"; done |
  cut -d: -f1 | sort -u | grep -v -x -E 'libc6|libgcc-s1|libstdc\+\+6' || true)
echo "$needed" | grep -q UNOWNED && fail "a library no Debian package owns: $needed"

# The runtime stage's package list: the apt-get install after 'AS runtime', up to '&&'.
listed=$(awk '/^FROM .* AS runtime/ {on=1} on && /apt-get install/ {grab=1} grab {print} grab && /&&/ && !/apt-get install/ {exit}' \
  "$src/deploy/Containerfile" | tr ' \\' '\n\n' | grep -E '^[a-z0-9][a-z0-9.+-]+$' |
  grep -v -x -E 'apt-get|install|DEBIAN_FRONTEND=noninteractive|rm|' | sort -u)
listed=$(echo "$listed" | grep -v -E '^(apt-get|install)$' || true)
[ "$needed" = "$listed" ] || fail "runtime packages differ from what the programs load:
  loaded: $(echo $needed)
  listed: $(echo $listed)"

PATH="$prefix/bin:$PATH" "$prefix/bin/arbiter" games > "$work/games" 2>&1 || fail "installed arbiter games failed: $(cat "$work/games")"
grep -q othello "$work/games" || fail "installed arbiter does not find its plugins: $(cat "$work/games")"

kb=$(du -sk "$prefix" | cut -f1)
pkg_kb=0
for p in $listed; do pkg_kb=$((pkg_kb + $(dpkg-query -W -f='${Installed-Size}' "$p"))); done
echo "runtime stage: /opt/arbiter $((kb / 1024)) MiB, packages ($(echo $listed)) $((pkg_kb / 1024)) MiB on top of debian:12"
echo "1 passed, 0 failed"

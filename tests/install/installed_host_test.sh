#!/usr/bin/env bash
# usage: installed_host_test.sh BUILD_DIR LIBDIR
set -euo pipefail
build=$1 libdir=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix="$work/prefix"

cmake --install "$build" --prefix "$prefix" >/dev/null
test -f "$prefix/$libdir/arbiter/plugins/tictactoe.so"
test -f "$prefix/share/cmake/ArbiterSDK/ArbiterSDKConfig.cmake"
if [ "$libdir" != lib ]; then
  test ! -e "$prefix/lib" || { echo "installed_host: something was installed to lib/, not $libdir/" >&2; exit 1; }
fi

# Nothing but the installed tree: no plugin path, and run from elsewhere.
unset ARBITER_PLUGIN_PATH
cd "$work"
games=$("$prefix/bin/arbiter" games)
echo "$games"
for id in tictactoe othello baghchal gess ataxx; do
  grep -q "^$id\b" <<<"$games" || { echo "installed_host: the installed arbiter does not list $id" >&2; exit 1; }
done

engine="$prefix/bin/arbiter-engine --game tictactoe --mode random"
out=$("$prefix/bin/arbiter" play --game tictactoe --engine "$engine --seed 1" --engine "$engine --seed 2" --tc 10+0.1)
echo "$out"
grep -q "^termination: game-rule$" <<<"$out"
echo "installed_host: the installed arbiter found its plugins in $libdir/arbiter/plugins and played a game"

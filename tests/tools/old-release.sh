#!/usr/bin/env bash
# Builds an earlier release of the app into .tools/releases/<commit>/dist
# (once), from the project's own history: for capturing what that release
# stores (tests/fixtures/capture-club.mjs). The tests use the captured
# fixture, not this build.
# Usage: old-release.sh [commit]   (default c05b7c7: the release before
# issue 53's club of years)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
commit=${1:-c05b7c7}
out="$ROOT/.tools/releases/$commit"
if [ -f "$out/dist/index.html" ]; then
  echo "$out/dist"
  exit 0
fi
rm -rf "$out"
mkdir -p "$out/src"
git -C "$ROOT" archive "$commit" | tar -x -C "$out/src"
ln -s "$ROOT/tests/browser/node_modules" "$out/src/tests/browser/node_modules"
(cd "$out/src" && bash tests/tools/build.sh >&2)
mv "$out/src/dist" "$out/dist"
echo "$out/dist"

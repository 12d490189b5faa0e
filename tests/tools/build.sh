#!/usr/bin/env bash
# Builds the release into dist/: one page for every route; the WASM split
# into the main module (home, about, the Leptos runtime, storage) and the
# chunks loaded on demand (each game's screens, the history, the records,
# the game screen's extras), by Trunk's post_build hook tests/tools/split.sh.
# Then postbuild.mjs writes the release's file list into sw.js and the
# precompressed .br/.gz copies.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$ROOT"
trunk build public/index.html --release true --dist dist
echo "built: dist/ ($(ls dist/wasm/*/ | grep -c '\.wasm$') WASM modules)"
# The club's sync worker: its own WASM in dist/sync/, fetched only by a
# phone that belongs to a club.
bash tests/tools/sync-worker.sh dist
node tests/tools/postbuild.mjs dist

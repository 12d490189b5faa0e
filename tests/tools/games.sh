#!/usr/bin/env bash
# Trunk's post_build hook (Trunk.toml), after split.sh: writes into the
# staged page what the build derives from the game registry
# (src/rules/mod.rs), printed as JSON by the native `games` bin
# (src/bin/games.rs): the manifest's shortcut per game and the games its
# description names (tests/tools/manifest.mjs). Nothing else in the build
# names a game: split.sh preloads one chunk for every /play/ page, and the
# browser tests read the games from the built manifest (harness.mjs).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
stage=${TRUNK_STAGING_DIR:?run by trunk as a post_build hook}
cd "$ROOT"
games=$(cargo run --quiet --locked --bin games)
node tests/tools/manifest.mjs "$stage/manifest.webmanifest" <<<"$games"
echo "games: $(grep -c '"id"' <<<"$games") in the manifest's shortcuts"

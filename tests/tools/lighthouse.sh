#!/usr/bin/env bash
# Lighthouse (mobile: 4x CPU, slow 4G) over the built app: home, every
# game's new-game page and a game screen with entries, all four categories.
# Installs lighthouse from npm into .tools/lighthouse once. Build first
# (tests/tools/build.sh). Usage: bash tests/tools/lighthouse.sh
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$ROOT"
LH="$ROOT/.tools/lighthouse"
if [ ! -x "$LH/node_modules/.bin/lighthouse" ]; then
  mkdir -p "$LH"
  npm install --prefix "$LH" --no-audit --no-fund lighthouse@12.8.2 >/dev/null
fi
LIGHTHOUSE="$LH/node_modules/.bin/lighthouse" node tests/browser/lighthouse.mjs "$@"

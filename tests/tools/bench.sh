#!/usr/bin/env bash
# Set up, build the release, and run the performance benchmark.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$ROOT"
bash tests/tools/setup.sh --browser
bash tests/tools/build.sh
node tests/browser/bench.mjs "${1:-5}"

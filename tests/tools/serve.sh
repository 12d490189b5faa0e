#!/usr/bin/env bash
# Set up, build the release, and serve it to phones on the same network.
# Usage: serve.sh [port]   (default 8080)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$ROOT"
bash tests/tools/setup.sh
bash tests/tools/build.sh
exec node tests/tools/static-server.mjs dist "${1:-8080}" 0.0.0.0

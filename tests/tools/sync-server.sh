#!/usr/bin/env bash
# Starts the club's sync server: the reference automerge-repo sync server
# (@automerge/automerge-repo-sync-server, pinned in sync-server/), keeping
# its documents in a folder. The app's server (serve.sh, serve-https.sh)
# passes wss://<its address>/sync through to it.
# Usage: sync-server.sh [port] [data folder]   (default 3030, .tools/sync-data)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$ROOT"
bash tests/tools/setup.sh >/dev/null
port=${1:-3030}
data=${2:-$ROOT/.tools/sync-data}
mkdir -p "$data"
echo "The club's sync server: ws://127.0.0.1:$port/ (documents in $data)"
cd "$data"
PORT=$port DATA_DIR="$data" exec node "$ROOT/sync-server/node_modules/@automerge/automerge-repo-sync-server/src/index.js"

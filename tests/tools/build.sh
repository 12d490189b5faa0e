#!/usr/bin/env bash
# Builds the release: the shell (home, history) into dist/, and each game's
# bundle (src/bin/play-<kind>.rs) into dist/play/<kind>/, so the first load
# carries no game's screens. dist/bundles.json lists the games' bundles for
# the service worker, which caches them for offline play.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$ROOT"
trunk build public/index.html --release true --dist dist
kinds=()
for bin in src/bin/play-*.rs; do
  kind=$(basename "$bin" .rs); kind=${kind#play-}
  kinds+=("\"$kind\"")
  sed "s/__KIND__/$kind/g" public/play.html > "public/play-$kind.html"
  trunk build "public/play-$kind.html" --release true --dist "dist/play/$kind" --public-url "/play/$kind/"
  rm -f "public/play-$kind.html"
done
(IFS=,; echo "[${kinds[*]}]") > dist/bundles.json
echo "built: shell + ${#kinds[@]} game bundles"

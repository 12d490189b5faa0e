#!/usr/bin/env bash
# Builds the release: the shell (home, history) into dist/, each game's
# bundle (src/bin/play-<kind>.rs) into dist/play/<kind>/, and the records
# bundle (players, nights, backup: src/bin/records.rs) into dist/records/,
# so the first load carries no game's screens. dist/bundles.json lists the
# games' bundles for the service worker, which caches them (and the records
# bundle) for offline play.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$ROOT"
trunk build public/index.html --release true --dist dist
kinds=()
for bin in src/bin/play-*.rs; do
  kind=$(basename "$bin" .rs); kind=${kind#play-}
  kinds+=("\"$kind\"")
  sed "s/__BIN__/play-$kind/g" public/play.html > "public/play-$kind.html"
  trunk build "public/play-$kind.html" --release true --dist "dist/play/$kind" --public-url "/play/$kind/"
  rm -f "public/play-$kind.html"
done
sed "s/__BIN__/records/g" public/play.html > public/records.html
trunk build public/records.html --release true --dist dist/records --public-url /records/
rm -f public/records.html
(IFS=,; echo "[${kinds[*]}]") > dist/bundles.json
echo "built: shell + ${#kinds[@]} game bundles + records"
node tests/tools/postbuild.mjs dist

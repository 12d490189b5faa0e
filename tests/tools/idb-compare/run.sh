#!/usr/bin/env bash
# The byte count behind the storage choice (docs/dependencies.md): one program (open a
# database, put a value in a readwrite transaction, wait for it to commit,
# read it back) written four ways (web-sys directly, indexed_db_futures,
# rexie, idb), each built like the app (opt-level z, LTO, wasm-bindgen,
# wasm-opt -Oz). Prints WASM bytes raw and gzip -9 per variant.
# Needs the set-up of tests/tools/setup.sh (wasm target, wasm-bindgen, npm wasm-opt).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../env.sh"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$here"
out="${TMPDIR:-/tmp}/idb-compare"
CARGO_TARGET_DIR="$out/target" cargo build --quiet --locked --release --target wasm32-unknown-unknown
wasm_opt="$ROOT/tests/browser/node_modules/.bin/wasm-opt"
printf '%-6s %10s %10s\n' variant raw gzip
for c in base idbf rexie idb; do
  mkdir -p "$out/$c"
  wasm-bindgen --target web --out-dir "$out/$c" "$out/target/wasm32-unknown-unknown/release/cmp_$c.wasm"
  "$wasm_opt" -Oz --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
    --enable-mutable-globals --strip-debug --strip-producers "$out/$c/cmp_${c}_bg.wasm" -o "$out/$c/opt.wasm"
  printf '%-6s %10s %10s\n' "$c" "$(stat -c%s "$out/$c/opt.wasm")" "$(gzip -9 -c "$out/$c/opt.wasm" | wc -c)"
done

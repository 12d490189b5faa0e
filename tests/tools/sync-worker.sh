#!/usr/bin/env bash
# Builds the club's sync worker (src/bin/sync_worker) into <dist>/sync/:
# its own WASM module, fetched only by a phone that belongs to a club.
#   sync/worker.js                 the worker's script (new Worker(..., {type: "module"}))
#   sync/<hash>/sync-worker.js     wasm-bindgen's glue
#   sync/<hash>/sync-worker_bg.wasm
# The hashed folder never changes its bytes (cached forever); worker.js
# names the current one.
# Usage: sync-worker.sh <dist> [release|debug]   (default release)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$ROOT"
dist=${1:?usage: sync-worker.sh <dist> [release|debug]}
profile=${2:-release}
flag=()
[ "$profile" = release ] && flag=(--release)
cargo build --locked "${flag[@]}" --target wasm32-unknown-unknown -p chicken-club --bin sync-worker
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The crate is built with --emit-relocs for the app's split step
# (.cargo/config.toml): this module is not split, and wasm-opt cannot
# optimise a module that keeps its linking and relocation sections. The
# app's split points are exports of the library: dropped here, so nothing
# of the app's screens is left reachable in the worker.
node - "target/wasm32-unknown-unknown/$profile/sync-worker.wasm" "$work/raw.wasm" <<'JS'
const fs = require('fs');
const [src, dst] = process.argv.slice(2);
const b = fs.readFileSync(src);
const leb = (i) => { let n = 0, s = 0, x; do { x = b[i++]; n += (x & 0x7f) * 2 ** s; s += 7; } while (x & 0x80); return [n, i]; };
const uleb = (n) => { const out = []; do { let x = n & 0x7f; n = Math.floor(n / 128); if (n) x |= 0x80; out.push(x); } while (n); return Buffer.from(out); };
const keep = [b.subarray(0, 8)];
for (let i = 8; i < b.length;) {
  const start = i, id = b[i];
  const [size, body] = leb(i + 1);
  i = body + size;
  if (id === 0) {
    const [len, name] = leb(body);
    const n = b.subarray(name, name + len).toString();
    if (n === 'linking' || n.startsWith('reloc.')) continue;
  }
  if (id === 7) {
    let [count, p] = leb(body);
    const entries = [];
    for (let k = 0; k < count; k++) {
      const from = p;
      const [len, name] = leb(p);
      const n = b.subarray(name, name + len).toString();
      p = name + len + 1;
      [, p] = leb(p);
      if (!n.startsWith('__wasm_split_')) entries.push(b.subarray(from, p));
    }
    const payload = Buffer.concat([uleb(entries.length), ...entries]);
    keep.push(Buffer.from([7]), uleb(payload.length), payload);
    continue;
  }
  keep.push(b.subarray(start, i));
}
fs.writeFileSync(dst, Buffer.concat(keep));
JS
# KEEP_NAMES=1: the functions' names kept, for tests/tools/wasm-sizes.py.
strip=(--strip-debug)
[ -n "${KEEP_NAMES:-}" ] && strip=(-g)
wasm-bindgen --target web --no-typescript ${KEEP_NAMES:+--keep-debug} --out-name sync-worker --out-dir "$work" "$work/raw.wasm"
rm "$work/raw.wasm"
if [ "$profile" = release ]; then
  wasm-opt -Oz "${strip[@]}" --strip-producers --enable-bulk-memory \
    --enable-nontrapping-float-to-int --enable-sign-ext --enable-mutable-globals \
    --enable-reference-types --enable-multivalue \
    "$work/sync-worker_bg.wasm" -o "$work/sync-worker_bg.wasm"
  bash tests/tools/minify-js.sh "$work/sync-worker.js"
fi
hash=$(cat "$work/sync-worker.js" "$work/sync-worker_bg.wasm" | sha256sum | cut -c1-16)
rm -rf "$dist/sync"
mkdir -p "$dist/sync/$hash"
mv "$work"/* "$dist/sync/$hash/"
cat > "$dist/sync/worker.js" <<JS
// The club's sync worker: loads this release's module (club/src/bin/sync_worker).
// Messages that arrive while it loads are kept, then handed to it in order.
import init from './$hash/sync-worker.js';
const early = [];
self.onmessage = (e) => early.push(e);
await init({ module_or_path: new URL('./$hash/sync-worker_bg.wasm', import.meta.url) });
for (const e of early) self.onmessage(e);
JS
echo "sync worker: dist/sync/$hash ($(stat -c %s "$dist/sync/$hash/sync-worker_bg.wasm") bytes of WASM)"

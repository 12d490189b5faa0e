#!/usr/bin/env bash
# A copy of the release in <out>/dist whose WASM keeps its function names
# (the same split, bindings and -Oz, with -g), for a profiler to name what
# takes the time: CHICKEN_DIST=<out>/dist PROFILE=1 node
# tests/browser/trace_save.mjs. Run after tests/tools/build.sh.
# Usage: named-build.sh <out>
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
out=${1:?usage: named-build.sh <out>}
case "$(realpath -m "$out")" in
  "$ROOT" | "$ROOT"/*) echo "named-build.sh: <out> must be outside the project (it is emptied)" >&2; exit 1 ;;
esac
raw="$ROOT/target/wasm32-unknown-unknown/release/chicken-scores.wasm"
rm -rf "$out" && mkdir -p "$out/w"
wasm-split-cli "$raw" "$out/w" --out-name chicken-scores >/dev/null
wasm-bindgen --target web --keep-lld-exports --no-demangle --no-typescript --keep-debug \
  --out-name chicken-scores --out-dir "$out/w/bg" "$out/w/chicken-scores.wasm"
rm "$out/w/chicken-scores.wasm" && mv "$out"/w/bg/* "$out/w/" && rmdir "$out/w/bg"
ls "$out"/w/*.wasm | xargs -P "$(nproc)" -I{} wasm-opt -Oz -g --strip-producers \
  --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
  --enable-mutable-globals --enable-reference-types --enable-multivalue {} -o {}
cp -r "$ROOT/dist" "$out/dist"
hash=$(ls "$out/dist/wasm")
rm -f "$out/dist/wasm/$hash"/*
mv "$out"/w/* "$out/dist/wasm/$hash/"
rmdir "$out/w"
echo "named build: $out/dist"

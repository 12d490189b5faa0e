#!/usr/bin/env bash
# Minifies JavaScript files in place with terser (pinned by
# tests/browser/package-lock.json): the release's wasm-bindgen glue and
# chunk loader, 70 KB as written, parsed before the app can start.
# Usage: minify-js.sh <file.js>...
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
for f in "$@"; do
  terser "$f" --module --compress --mangle --comments false -o "$f.min"
  mv "$f.min" "$f"
done

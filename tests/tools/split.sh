#!/usr/bin/env bash
# Trunk's post_build hook (Trunk.toml): splits the app's WASM into the main
# module and the chunks loaded on demand (src/app/lazy.rs).
#
# Trunk builds the crate (with --emit-relocs, .cargo/config.toml), runs
# wasm-bindgen and writes the page. wasm-bindgen's output cannot be split,
# so this step starts again from cargo's raw module:
#   wasm-split-cli   raw module -> main module + chunks + __wasm_split.js
#   wasm-bindgen     the main module (--keep-lld-exports: the chunks import
#                    the memory, the function table and the shared functions)
#   wasm-opt -Oz     every module (release only)
#   terser           the JS glue and the chunk loader (release only)
# then writes each game's link into the page's static home
# (tests/tools/static-home.mjs)
# and puts them in /wasm/<hash of their contents>/ (immutable, cached
# forever; the relative URLs between them stay as written), replacing
# Trunk's own JS and WASM in the staged page.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
stage=${TRUNK_STAGING_DIR:?run by trunk as a post_build hook}
profile=${TRUNK_PROFILE:-release}
raw="$ROOT/target/wasm32-unknown-unknown/$profile/chicken-scores.wasm"
trunk_js=$(cd "$stage" && ls chicken-scores-*.js)
trunk_base=${trunk_js%.js}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
wasm-split-cli "$raw" "$work" --out-name chicken-scores >/dev/null
wasm-bindgen --target web --keep-lld-exports --no-demangle --no-typescript \
  --out-name chicken-scores --out-dir "$work/bg" "$work/chicken-scores.wasm"
rm "$work/chicken-scores.wasm"
mv "$work"/bg/* "$work/"
rmdir "$work/bg"
if [ "$profile" = release ]; then
  # The features rustc's wasm32 target uses; -Oz as Trunk would.
  ls "$work"/*.wasm | xargs -P "$(nproc)" -I{} wasm-opt -Oz --strip-debug --strip-producers \
    --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
    --enable-mutable-globals --enable-reference-types --enable-multivalue {} -o {}
fi

# The chunk loader, mended (tests/tools/mend-loader.mjs): a chunk whose
# fetch fails or is cancelled (the page being left) raises no unhandled
# rejection and no console error; the app shows the failure itself.
node "$ROOT/tests/tools/mend-loader.mjs" "$work/__wasm_split.js"

# Which files each split point needs, read from the chunk loader as
# wasm-split wrote it (before it is minified).
files=$(mktemp)
trap 'rm -rf "$work" "$files"' EXIT
node - "$work/__wasm_split.js" > "$files" <<'JS'
const fs = require('fs');
const js = fs.readFileSync(process.argv[2], 'utf8');
const files = {};
const re = /export const __wasm_split_load_(\w+) = wrapAsyncCb\(makeLoad\(\(\) => \{\s*const src = fetch\(new URL\("\.\/([\w.]+)"[\s\S]*?\n, \[([^\]]*)\]\)\)/g;
for (const m of js.matchAll(re)) {
  const deps = m[3].split(',').map((s) => s.trim()).filter(Boolean).map((c) => `${c.replace(/^__/, '')}.wasm`);
  files[m[1]] = [m[2], ...deps];
}
process.stdout.write(JSON.stringify(files));
JS
if [ "$profile" = release ]; then
  bash "$ROOT/tests/tools/minify-js.sh" "$work/chicken-scores.js" "$work/__wasm_split.js"
fi

hash=$(cd "$work" && cat $(ls | sort) | sha256sum | cut -c1-16)
out="$stage/wasm/$hash"
mkdir -p "$out"
mv "$work"/* "$out/"
rm -f "$stage/$trunk_base.js" "$stage/${trunk_base}_bg.wasm"

# The page loads the main module from its new place, and fetches the
# chunk loader with it (the main module imports it).
sed -i \
  -e "s#/${trunk_base}_bg.wasm#/wasm/$hash/chicken-scores_bg.wasm#g" \
  -e "s#/${trunk_base}.js#/wasm/$hash/chicken-scores.js#g" \
  -e "s#</head>#<link rel=\"modulepreload\" href=\"/wasm/$hash/__wasm_split.js\" crossorigin=\"anonymous\"></head>#" \
  "$stage/index.html"
# Trunk's start script, mended (tests/tools/mend-start.mjs): code that does
# not arrive shows the page's own message with Try again, no page error.
node "$ROOT/tests/tools/mend-start.mjs" "$stage/index.html"
# A page opened at a game's (or the records', the history's) address
# fetches that chunk's files at once, alongside the main module, instead
# of after it: a small script maps the path to the files
# (__wasm_split.js names each split's file and the shared chunks it needs).
node - "$files" "$hash" "$stage/index.html" <<'JS'
const fs = require('fs');
const [filesJson, hash, html] = process.argv.slice(2);
const files = JSON.parse(fs.readFileSync(filesJson, 'utf8'));
// Every game's pages are one chunk (src/app/lazy.rs), so no game is named.
const union = (...names) => [...new Set(names.flatMap((n) => files[`${n}_chunk`] || []))];
// The first pattern matching the path wins: a new-game page, then a game.
const map = [
  ['^/history', union('history')], ['^/records/', union('records')],
  ['^/play/[^/]+/new$', union('new_game')], ['^/play/', union('games', 'extras')],
];
if (map.some(([, f]) => f.length === 0)) throw new Error('split.sh: a split point has no files');
const script = `<script>(function(){var m=${JSON.stringify(map)},p=location.pathname,i;`
  + `for(i=0;i<m.length;i++)if(new RegExp(m[i][0]).test(p))return m[i][1].forEach(function(f){var l=document.createElement('link');`
  + `l.rel='preload';l.as='fetch';l.crossOrigin='anonymous';l.href='/wasm/${hash}/'+f;document.head.appendChild(l)})})()</script>`;
const page = fs.readFileSync(html, 'utf8');
fs.writeFileSync(html, page.replace('</head>', `${script}</head>`));
JS
# Home's static copy lists every game, from the game registry.
(cd "$ROOT" && cargo run --quiet --locked --bin games) | node "$ROOT/tests/tools/static-home.mjs" "$stage/index.html"
grep -q "/wasm/$hash/chicken-scores_bg.wasm" "$stage/index.html" || {
  echo "split.sh: the page does not load the split module" >&2
  exit 1
}
echo "split: main module and $(ls "$out" | grep -c '\.wasm$') modules in /wasm/$hash/"

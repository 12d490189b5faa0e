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

# Trunk's loader (its module script and preload links) is replaced by one
# small script in the page's head that:
#  - fetches the main module, the chunk loader (the main module imports it)
#    and, on a game's (or the records', the history's) address, that
#    chunk's files, all at once, instead of each after the one before
#    (__wasm_split.js names each split's file and the shared chunks it
#    needs);
#  - starts the app once the page is parsed;
#  - on home's address only, does both after the static copy of home has
#    painted: home is on screen from the page's own bytes, and the WASM's
#    download no longer counts towards home's first paint (Lighthouse
#    simulates it as delaying it). docs/performance.md, issue 25, has the
#    cost measured: the app takes over home a frame later.
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
let page = fs.readFileSync(html, 'utf8');
// Trunk's loader: one module script importing the glue, its preload links.
const trunk = [/<script type=module>import init[\s\S]*?<\/script>/g, /<link [^>]*rel=modulepreload[^>]*>/g, /<link [^>]*rel=preload[^>]*>/g];
for (const re of trunk) {
  const found = page.match(re) || [];
  if (found.length !== 1) throw new Error(`split.sh: expected one of Trunk's ${re}, found ${found.length}`);
  page = page.replace(re, '');
}
const script = `<script>(function(){var h='/wasm/${hash}/',m=${JSON.stringify(map)},p=location.pathname,d=document,f=[],i;`
  + `for(i=0;i<m.length;i++)if(new RegExp(m[i][0]).test(p)){f=m[i][1];break}`
  + `function l(r,n){var e=d.createElement('link');e.rel=r;if(r==='preload')e.as='fetch';e.crossOrigin='anonymous';e.href=h+n;d.head.appendChild(e)}`
  + `function fetchAll(){l('modulepreload','chicken-scores.js');l('modulepreload','__wasm_split.js');l('preload','chicken-scores_bg.wasm');f.forEach(function(n){l('preload',n)})}`
  + `function run(){import(h+'chicken-scores.js').then(function(b){return b.default({module_or_path:h+'chicken-scores_bg.wasm'}).then(function(w){`
  + `window.wasmBindings=b;dispatchEvent(new CustomEvent('TrunkApplicationStarted',{detail:{wasm:w}}))})})}`
  + `if(p==='/')d.addEventListener('DOMContentLoaded',function(){var s=function(){if(s){s=null;fetchAll();run()}};`
  // After the frame that paints the static copy; a page in the background
  // paints no frame, so a timer starts it there.
  + `requestAnimationFrame(function(){setTimeout(s)});setTimeout(s,500)});`
  + `else{fetchAll();d.addEventListener('DOMContentLoaded',run)}})()</script>`;
fs.writeFileSync(html, page.replace('</head>', `${script}</head>`));
JS
# Home's static copy lists every game, from the game registry.
(cd "$ROOT" && cargo run --quiet --locked --bin games) | node "$ROOT/tests/tools/static-home.mjs" "$stage/index.html"
grep -q "'/wasm/$hash/'" "$stage/index.html" || {
  echo "split.sh: the page does not load the split module" >&2
  exit 1
}
echo "split: main module and $(ls "$out" | grep -c '\.wasm$') modules in /wasm/$hash/"

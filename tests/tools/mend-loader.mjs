// Mends the chunk loader wasm-split-cli writes (__wasm_split.js), in place.
// Run by tests/tools/split.sh before the loader is minified.
//  1. Each chunk's fetch starts before its dependencies' and is awaited only
//     after them: when a dependency fails first, the chunk's own fetch, if
//     it fails too (offline, or cancelled as WebKit does when the page is
//     left), is a promise rejected with no handler: an unhandled rejection.
//     A handler that ignores it is added; the load still awaits and fails.
//  2. A failed load is logged with console.error, though the app already
//     says so on screen (src/app/lazy.rs: a message with Retry) and a load
//     cancelled by leaving the page is no error at all: it is a warning.
// Fails loudly if wasm-split-cli's output no longer has these shapes, so a
// new version is looked at, not silently left unmended.
// Usage: node tests/tools/mend-loader.mjs <__wasm_split.js>
import fs from 'node:fs';

const file = process.argv[2];
let js = fs.readFileSync(file, 'utf8');
const FETCH = /const src = (fetch\(new URL\("[^"]+", import\.meta\.url\)\));/g;
const fetches = js.match(FETCH)?.length ?? 0;
js = js.replace(FETCH, 'const src = $1;\n    src.catch(() => {});');
const LOGGED = 'console.error(e);\n            success = false;';
const logged = js.split(LOGGED).length - 1;
js = js.replace(LOGGED, 'console.warn(e);\n            success = false;');
if (fetches === 0 || logged !== 1) {
  console.error(`mend-loader: ${file} is not shaped as expected (${fetches} chunk fetches, ${logged} error logs): look at wasm-split-cli's new loader`);
  process.exit(1);
}
fs.writeFileSync(file, js);

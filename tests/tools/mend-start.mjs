// Mends the start script Trunk writes into the page (index.html), in place.
// Run by tests/tools/split.sh. Trunk's module script awaits the WASM's
// start at the top level: when the code does not arrive (offline on a
// first visit, a cut connection, a release replaced mid-load) the await
// rejects with no handler, a page error, and the page is left blank or
// saying "Opening your games…" for ever. Mended, the failure is a warning
// and the page shows its `#start-failed` message with Try again (the
// module then waits for ever, so nothing after it runs half-started).
// Fails loudly if Trunk's script no longer has this shape.
// Usage: node tests/tools/mend-start.mjs <index.html>
import fs from 'node:fs';

const file = process.argv[2];
const page = fs.readFileSync(file, 'utf8');
const START = /const wasm = await init\(\{ module_or_path: ('[^']+') \}\);/g;
const starts = page.match(START)?.length ?? 0;
if (starts !== 1 || !page.includes('id="start-failed"') && !page.includes('id=start-failed')) {
  console.error(`mend-start: ${file} is not shaped as expected (${starts} starts, a #start-failed message?): look at Trunk's new start script`);
  process.exit(1);
}
const failed = 'console.warn(e);'
  + "document.getElementById('boot')?.remove();"
  + "document.getElementById('boot-form')?.remove();"
  + "document.getElementById('start-failed').hidden = false;"
  + 'return new Promise(() => {});';
fs.writeFileSync(file, page.replace(START, `const wasm = await init({ module_or_path: $1 }).catch((e) => { ${failed} });`));

// The photo counter in WASM, in Node (V8) at 1x: for each picture, the
// first count in a fresh process (as the app counts a photo: once, in a
// module just loaded) and the fastest of 5 counts after it; medians over
// the pictures. A measurement, not a test.
// Usage (from the repository's root):
//   cargo build --profile photos -p chicken-photos
//   ./target/photos/photos 150 3 /tmp/wasm-bench 4032 rgb
//   cargo build --release --target wasm32-unknown-unknown --manifest-path photos/wasm/Cargo.toml
//   node photos/wasm/bench.mjs /tmp/wasm-bench
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const HERE = path.dirname(new URL(import.meta.url).pathname);
const WASM = path.join(HERE, 'target/wasm32-unknown-unknown/release/chicken_vision_wasm_bench.wasm');
const MAX = { d6: 6, d9: 9, d12: 12, d15: 15 };
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };

/** One picture's counts in this process: the first, then `more` others. */
async function counts(rgbFile, more) {
  const truth = JSON.parse(fs.readFileSync(rgbFile.replace(/\.rgb$/, '.json'), 'utf8'));
  const { instance } = await WebAssembly.instantiate(fs.readFileSync(WASM), {});
  const { alloc, run, memory } = instance.exports;
  const rgb = fs.readFileSync(rgbFile);
  const at = alloc(rgb.length);
  new Uint8Array(memory.buffer, at, rgb.length).set(rgb);
  const times = [];
  let result = 0;
  for (let i = 0; i <= more; i++) {
    const t = performance.now();
    result = run(at, 1280, 960, MAX[truth.set]);
    times.push(performance.now() - t);
  }
  return { times, result };
}

if (process.argv[2] === '--one') {
  console.log(JSON.stringify(await counts(process.argv[3], Number(process.argv[4]))));
} else {
  const dir = process.argv[2];
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.rgb')).map((f) => path.join(dir, f));
  const first = [];
  const warm = [];
  for (const f of files) {
    const out = JSON.parse(execFileSync(process.execPath, [new URL(import.meta.url).pathname, '--one', f, '5']));
    first.push(out.times[0]);
    warm.push(Math.min(...out.times.slice(1)));
    console.log(`${path.basename(f)}: first ${out.times[0].toFixed(0)} ms, then ${Math.min(...out.times.slice(1)).toFixed(0)} ms (pips ${Math.floor(out.result / 100)}, tiles ${out.result % 100})`);
  }
  const bytes = fs.statSync(WASM).size;
  console.log(`median of ${files.length}: first count ${median(first).toFixed(0)} ms, warm ${median(warm).toFixed(0)} ms; the module ${bytes} B (not split, not wasm-opt'd)`);
}

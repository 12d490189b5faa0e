// The built WASM's bytes by split point: for each chunk loaded on demand
// (read from the chunk loader, dist/wasm/<hash>/__wasm_split.js), its own
// module and the shared modules it needs, brotli 11, and the main module.
// Usage: node tests/tools/chunk-bytes.mjs [dist]   (prints a table; --json
// prints JSON). Imported by tests/browser/photo_bench.mjs.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** Brotli 11 size of a file. */
export function brotli(file) {
  return zlib.brotliCompressSync(fs.readFileSync(file), {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: fs.statSync(file).size },
  }).length;
}

/** { main, points: { name: { own, shared: [files], bytes } }, files: { file: brotli } }
 *  for the release in `dist`: `bytes` is the split point's module and every
 *  shared module it loads, brotli. */
export function chunkBytes(dist = 'dist') {
  const [hash] = fs.readdirSync(path.join(dist, 'wasm'));
  const dir = path.join(dist, 'wasm', hash);
  const loader = fs.readFileSync(path.join(dir, '__wasm_split.js'), 'utf8');
  const files = {};
  for (const f of fs.readdirSync(dir).filter((f) => f.endsWith('.wasm'))) files[f] = brotli(path.join(dir, f));
  // Shared modules: `<var>=s(()=>{const t=fetch(new URL("./chunk_6.wasm"...`.
  const vars = {};
  for (const m of loader.matchAll(/(\w+)=\w+\(\(\)=>\{const \w+=fetch\(new URL\("\.\/(chunk_\d+\.wasm)"/g)) vars[m[1]] = m[2];
  const points = {};
  const re = /__wasm_split_load_(\w+)=\w+\(\w+\(\(\)=>\{const \w+=fetch\(new URL\("\.\/([\w.]+)"[^\]]*?\},\[([^\]]*)\]\)\)/g;
  for (const m of loader.matchAll(re)) {
    const shared = m[3].split(',').filter(Boolean).map((v) => vars[v.trim()]);
    const bytes = files[m[2]] + shared.reduce((s, f) => s + (files[f] || 0), 0);
    points[m[1]] = { own: m[2], shared, bytes };
  }
  return { main: files['chicken-scores_bg.wasm'], points, files };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dist = process.argv.slice(2).find((a) => !a.startsWith('--')) || 'dist';
  const r = chunkBytes(dist);
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(r, null, 1));
  } else {
    console.log(`main module: ${r.main} B brotli`);
    for (const [name, p] of Object.entries(r.points).sort()) {
      console.log(`${name}: ${p.bytes} B brotli (${p.own} ${r.files[p.own]} B + shared ${p.shared.map((f) => `${f} ${r.files[f]}`).join(', ')})`);
    }
  }
}

// Packs a built release into the test fixtures, each file brotli-compressed
// (<file>.br; the .br/.gz copies postbuild.mjs wrote are left out):
// an earlier release kept for the tests that run it beside this one
// (tests/browser/old_release.mjs unpacks it).
// Usage: node tests/tools/pack-release.mjs <dist> <fixture folder>
//   e.g. node tests/tools/pack-release.mjs "$(bash tests/tools/old-release.sh c05b7c7)" tests/fixtures/release-c05b7c7
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const [dist, out] = process.argv.slice(2);
if (!dist || !out) throw new Error('usage: pack-release.mjs <dist> <fixture folder>');
fs.rmSync(out, { recursive: true, force: true });
let raw = 0;
let packed = 0;
for (const rel of fs.readdirSync(dist, { recursive: true })) {
  const file = path.join(dist, rel);
  if (!fs.statSync(file).isFile() || /\.(br|gz)$/.test(rel)) continue;
  const bytes = fs.readFileSync(file);
  const br = zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
  fs.mkdirSync(path.dirname(path.join(out, rel)), { recursive: true });
  fs.writeFileSync(path.join(out, `${rel}.br`), br);
  raw += bytes.length;
  packed += br.length;
}
console.log(`${out}: ${(raw / 1e6).toFixed(2)} MB raw, ${(packed / 1e6).toFixed(2)} MB packed`);

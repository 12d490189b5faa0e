// Writes <file>.br (brotli, quality 11) and <file>.gz (gzip, level 9) next
// to every text file of a folder, with node's zlib (tests/peer/build.sh).
// Usage: node compress.mjs <dir>
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const TEXT = /\.(html|js|css|json|svg|webmanifest|txt)$/;
const dir = process.argv[2] || 'dist';

for (const name of fs.readdirSync(dir)) {
  if (!TEXT.test(name)) continue;
  const file = path.join(dir, name);
  const raw = fs.readFileSync(file);
  const br = zlib.brotliCompressSync(raw, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
    },
  });
  fs.writeFileSync(`${file}.br`, br);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(raw, { level: 9 }));
  console.log(`${name}: ${raw.length} B, brotli ${br.length} B`);
}

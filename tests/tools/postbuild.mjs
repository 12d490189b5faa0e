// After the build (the last step of tests/tools/build.sh): makes dist/ a
// release the service worker can keep whole, and writes precompressed
// copies for the server.
//  1. Lists every file the app needs offline: every file in dist/ but
//     source maps, the .br/.gz copies, sw.js itself and files only for
//     hosting (_headers, _redirects, local-ca.crt).
//  2. The release's version: a hash of each listed file's path and bytes
//     (and of the worker's own code), so any change to any file makes a
//     new version.
//  3. The pages: each index.html in dist/ answers the app paths under its
//     folder (longest prefix wins; / is /index.html). One page (every
//     route answered by /index.html) or a page per bundle both work.
//  4. Writes the list, the version and the pages into dist/sw.js (between
//     its /*RELEASE*/ markers), so every release changes sw.js's bytes and
//     browsers install the new worker, which replaces every cached file.
//  5. Writes <file>.br (brotli, quality 11) and <file>.gz (gzip -9) next to
//     every compressible file where they are smaller, for the server
//     (tests/tools/static-server.mjs, or nginx's brotli_static/gzip_static).
// Prints raw, gzip and brotli sizes and the bytes all of it costs offline.
// Usage: node tests/tools/postbuild.mjs <dist>   (Node's own modules only)
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import zlib from 'node:zlib';

/** Extensions worth compressing. */
export const COMPRESSIBLE = /\.(wasm|js|mjs|css|html|json|svg|webmanifest|txt|map)$/;
/** Files in dist/ that are not part of the app offline. */
/** The club's sync worker (dist/sync/) is not precached: a phone in no
 *  club never fetches it; a member's phone keeps it in the runtime cache
 *  once fetched (public/sw.js). */
const NOT_OFFLINE = /(\.map|\.br|\.gz)$|(^|\/)(_headers|_redirects|local-ca\.crt|\.[^/]*)$|^sw\.js$|^sync\//;
/** Names that carry a content hash (Trunk: name-0123456789abcdef[_bg].ext;
 *  the split WASM: wasm/0123456789abcdef/<file>, tests/tools/split.sh):
 *  never change, so may be cached for a year and taken from the HTTP cache. */
export const HASHED = /[-_.][0-9a-f]{16,}(_bg)?\.[a-z0-9]+$|(^|\/)(wasm|sync)\/[0-9a-f]{16,}\/[^/]+$/;
/** Where the release goes in sw.js. */
const MARKED = /\/\*RELEASE\*\/[\s\S]*?\/\*RELEASE\*\//;

/** Every file under `dir`, as paths relative to it with forward slashes. */
function walk(dir, rel = '') {
  const out = [];
  for (const e of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
    const r = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...walk(dir, r));
    else if (e.isFile()) out.push(r);
  }
  return out.sort();
}

/** The files the app needs offline, relative to `dist`. */
export function offlineFiles(dist) {
  return walk(dist).filter((f) => !NOT_OFFLINE.test(f));
}

/** The pages, as [path prefix, page] pairs, longest prefix first: dist/index.html
 *  answers "/", dist/play/<id>/index.html answers "/play/<id>/...". */
export function pageMap(dist) {
  return walk(dist).filter((f) => f === 'index.html' || f.endsWith('/index.html'))
    .map((f) => [`/${f.slice(0, -'index.html'.length)}`, `/${f}`])
    .sort((a, b) => b[0].length - a[0].length || a[0].localeCompare(b[0]));
}

/** The page that answers an app path (null if there is no page at all). */
export function pageFor(pages, pathname) {
  const p = pathname.endsWith('/') ? pathname : `${pathname}/`;
  const hit = pages.find(([prefix]) => p.startsWith(prefix));
  return hit ? hit[1] : null;
}

const toUrl = (f) => `/${f.split('/').map(encodeURIComponent).join('/')}`;
const sha256 = (b) => crypto.createHash('sha256').update(b).digest('hex');

/** The release: version, the files (URL paths), which of them are hashed,
 *  and the pages. `worker` is sw.js's code, part of the version. */
export function release(dist, worker = '') {
  const files = offlineFiles(dist);
  const h = crypto.createHash('sha256');
  h.update(`worker ${sha256(worker.replace(MARKED, ''))}\n`);
  for (const f of files) h.update(`${f} ${sha256(fs.readFileSync(path.join(dist, f)))}\n`);
  return {
    version: h.digest('hex').slice(0, 16),
    files: files.map(toUrl),
    hashed: files.filter((f) => HASHED.test(f)).map(toUrl),
    pages: pageMap(dist),
  };
}

/** Writes the release into dist/sw.js; returns it. */
export function stampWorker(dist) {
  const sw = path.join(dist, 'sw.js');
  const code = fs.readFileSync(sw, 'utf8');
  if (!MARKED.test(code)) throw new Error(`${sw} has no /*RELEASE*/.../*RELEASE*/ placeholder`);
  const rel = release(dist, code);
  const json = JSON.stringify(rel, null, 1).replace(/\n\s*/g, '\n');
  fs.writeFileSync(sw, code.replace(MARKED, () => `/*RELEASE*/${json}/*RELEASE*/`));
  return rel;
}

/** Writes .br and .gz next to each compressible file where smaller (and
 *  removes stale ones); returns [file, raw, gzip, brotli] rows. */
export function compress(dist) {
  const rows = [];
  const files = walk(dist);
  for (const f of files) {
    const abs = path.join(dist, f);
    if (/\.(br|gz)$/.test(f)) {
      if (!fs.existsSync(abs.slice(0, -3))) fs.rmSync(abs); // its file is gone
      continue;
    }
    const raw = fs.readFileSync(abs);
    let gz = raw.length;
    let br = raw.length;
    if (COMPRESSIBLE.test(f)) {
      const g = zlib.gzipSync(raw, { level: 9 });
      const b = zlib.brotliCompressSync(raw, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          [zlib.constants.BROTLI_PARAM_LGWIN]: 24,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          [zlib.constants.BROTLI_PARAM_MODE]: /\.wasm$/.test(f)
            ? zlib.constants.BROTLI_MODE_GENERIC : zlib.constants.BROTLI_MODE_TEXT,
        },
      });
      for (const [ext, data] of [['.gz', g], ['.br', b]]) {
        if (data.length < raw.length) fs.writeFileSync(abs + ext, data);
        else fs.rmSync(abs + ext, { force: true });
      }
      gz = Math.min(gz, g.length);
      br = Math.min(br, b.length);
    }
    rows.push([f, raw.length, gz, br]);
  }
  return rows;
}

function main(dist) {
  const rel = stampWorker(dist);
  const rows = compress(dist);
  const offline = new Set(offlineFiles(dist));
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  const line = (cells) => console.log(`| ${cells.join(' | ')} |`);
  line(['file', 'raw', 'gzip -9', 'brotli 11', 'brotli vs gzip']);
  line(['---', '---:', '---:', '---:', '---:']);
  const sum = [0, 0, 0];
  const wasm = [0, 0, 0];
  for (const [f, raw, gz, br] of rows) {
    if (!offline.has(f)) continue;
    line([f, raw, gz, br, `${((br / gz - 1) * 100).toFixed(1)}%`]);
    [raw, gz, br].forEach((n, i) => { sum[i] += n; if (f.endsWith('.wasm')) wasm[i] += n; });
  }
  const pct = (a) => `${((a[2] / a[1] - 1) * 100).toFixed(1)}%`;
  line(['**all WASM**', kb(wasm[0]), kb(wasm[1]), kb(wasm[2]), pct(wasm)]);
  line(['**offline, every file**', kb(sum[0]), kb(sum[1]), kb(sum[2]), pct(sum)]);
  console.log(`\nrelease ${rel.version}: ${rel.files.length} files, ${rel.pages.length} page(s) `
    + `(${rel.pages.map(([p, f]) => `${p} -> ${f}`).join(', ')}) in ${path.join(dist, 'sw.js')}`);
  console.log(`offline: ${kb(sum[2])} with brotli (${sum[2]} B), ${kb(sum[1])} with gzip, ${kb(sum[0])} raw`);
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  const dist = process.argv[2];
  if (!dist || !fs.existsSync(path.join(dist, 'sw.js'))) {
    console.error('usage: node tests/tools/postbuild.mjs <dist>   (a built dist/ with sw.js)');
    process.exit(2);
  }
  main(dist);
}

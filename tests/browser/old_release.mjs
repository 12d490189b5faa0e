// An earlier release of the app, kept packed in the fixtures
// (tests/tools/pack-release.mjs), unpacked into a folder to serve beside
// this build: phones on both releases in one club, and one upgraded in
// place (tests/browser/club_upgrade.test.mjs).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures');

/** Unpacks release `commit` into a new folder; returns its path. */
export function unpackRelease(commit) {
  const from = path.join(FIXTURES, `release-${commit}`);
  const to = fs.mkdtempSync(path.join(os.tmpdir(), `chicken-release-${commit}-`));
  for (const rel of fs.readdirSync(from, { recursive: true })) {
    if (!rel.endsWith('.br')) continue;
    const file = path.join(to, rel.slice(0, -'.br'.length));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, zlib.brotliDecompressSync(fs.readFileSync(path.join(from, rel))));
  }
  return to;
}

/** The folder of a build's split WASM (`/wasm/<hash>/`), which tells the
 *  builds apart in a page's loaded resources. */
export function wasmFolderOf(dist) {
  const m = /\/wasm\/([0-9a-f]{16})\//.exec(fs.readFileSync(path.join(dist, 'index.html'), 'utf8'));
  if (!m) throw new Error(`${dist}/index.html names no /wasm/<hash>/ folder`);
  return `/wasm/${m[1]}/`;
}

/** Which of `builds` ({name: dist}) page `page` runs (its loaded WASM). */
export async function buildOf(page, builds) {
  const loaded = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname));
  const hits = Object.entries(builds).filter(([, dist]) => loaded.some((u) => u.startsWith(wasmFolderOf(dist))));
  return hits.length === 1 ? hits[0][0] : `unclear (${hits.map(([n]) => n).join(', ') || 'none'})`;
}

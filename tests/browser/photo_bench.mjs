// Photo's time (a measurement, not a test): in headless Chromium at 4x CPU
// (CDP throttling), from a 12-megapixel photo (4032 × 3024) set on a
// player's Photo input to the tile picker filled with it and painted (the
// frame after the photo's panel is in the page: tiles outlined, the sum),
// and to the shrunk picture under the outlines painted too (the same frame
// now that the panel shows the canvas the photo was decoded onto; an
// <img>, if the panel had one, would be waited for). Two ways:
//  - warm: Photo tapped first, the chunk loaded while "the camera is
//    open" (2 s), as a person does;
//  - cold: the file set with no tap, the chunk fetched after it.
// Median of RUNS (3) each, a fresh browser profile per run; and the photo
// chunk's bytes (brotli 11): its own module and the shared modules it
// needs beyond the games' chunk.
// Usage: node tests/browser/photo_bench.mjs [runs] [photo.jpg]
//   after tests/tools/build.sh; without a photo, one is made (not kept) by
//   ./target/photos/photos 57 1 <tmp dir> 4032 (its <seed>.json says the
//   set; a photo of your own is counted as Double-9 unless SET=d6|d12|d15).
import { chromium } from 'playwright-core';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from '../tools/static-server.mjs';
import { chunkBytes } from '../tools/chunk-bytes.mjs';
import { CHROMIUM_ARGS, DIST, homeReady } from './harness.mjs';
import { HandPhoto, startChickenfoot } from './chickenfoot_pages.mjs';
import { SET_NAMES } from './photo_files.mjs';

const RUNS = Number(process.argv[2] || 3);
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

/** The photo and its set: the one given, or seed 57 drawn at 4032 px
 *  (in a scratch folder, `made`, removed at the end). */
function photo() {
  let file = process.argv[3];
  let made = null;
  if (!file) {
    made = fs.mkdtempSync(path.join(os.tmpdir(), 'chicken-photo-bench-'));
    execFileSync(path.join(ROOT, 'target/photos/photos'), ['57', '1', made, '4032']);
    file = path.join(made, '57.jpg');
  }
  const truth = file.replace(/\.jpg$/, '.json');
  const set = process.env.SET || (fs.existsSync(truth) ? JSON.parse(fs.readFileSync(truth, 'utf8')).set : 'd9');
  return { file, set, made };
}

/** Marks in the page: the photo's change event, then the frame after its
 *  panel appears, and the frame after the picture under it has loaded. */
function marks() {
  window.__photo = {};
  const after = (key) => requestAnimationFrame(() => setTimeout(() => { window.__photo[key] = performance.now(); }));
  document.addEventListener('change', (e) => { if (e.target.type === 'file') window.__photo.change = performance.now(); }, true);
  new MutationObserver((_, obs) => {
    const panel = document.querySelector('[data-testid=photo-panel]');
    if (!panel) return;
    obs.disconnect();
    after('painted');
    const img = panel.querySelector('img');
    const done = () => after('picture');
    if (img) { img.addEventListener('load', done, { once: true }); img.addEventListener('error', done, { once: true }); } else done();
  }).observe(document.body, { childList: true, subtree: true });
}

async function run(url, { file, set }, warm) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chicken-bench-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: CHROMIUM_ARGS, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, serviceWorkers: 'block',
  });
  try {
    const page = context.pages()[0] || (await context.newPage());
    await page.goto(url + '/');
    await homeReady(page);
    const game = await startChickenfoot(page, ['Ann', 'Bob'], SET_NAMES[set]);
    await game.wentOut('Bob');
    await page.evaluate(marks);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const ann = new HandPhoto(page, 0, 'Ann');
    if (warm) {
      const [chooser] = await Promise.all([page.waitForEvent('filechooser'), ann.button().tap()]);
      await page.waitForTimeout(2000); // the camera open
      await chooser.setFiles(file);
    } else {
      await ann.feed(file);
    }
    await page.waitForFunction(() => window.__photo.picture !== undefined, null, { timeout: 60_000 });
    const m = await page.evaluate(() => window.__photo);
    const tiles = await ann.panel().locator('g.found-tile').count();
    return { painted: Math.round(m.painted - m.change), picture: Math.round(m.picture - m.change), tiles };
  } finally {
    await context.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const shot = photo();
const server = await startServer(DIST, 0, '127.0.0.1');
const url = `http://127.0.0.1:${server.address().port}`;
try {
  const bytes = chunkBytes(DIST);
  const p = bytes.points.photo_chunk;
  const games = new Set(bytes.points.games_chunk?.shared || []);
  const beyond = bytes.files[p.own] + p.shared.filter((f) => !games.has(f)).reduce((s, f) => s + bytes.files[f], 0);
  console.log(`photo: ${shot.file} (${shot.set}), ${fs.statSync(shot.file).size} bytes`);
  console.log(`photo chunk: ${p.bytes} B brotli with every shared module it needs; ${beyond} B beyond what the games' chunk loaded (${p.own} ${bytes.files[p.own]} B)`);
  for (const warm of [true, false]) {
    const rs = [];
    for (let i = 0; i < RUNS; i++) rs.push(await run(url, shot, warm));
    const what = warm ? 'warm (Photo tapped, chunk loaded)' : 'cold (chunk fetched after the photo)';
    console.log(`${what}: photo to the filled picker painted ${median(rs.map((r) => r.painted))} ms (${rs.map((r) => r.painted).join(', ')}); with the picture painted ${median(rs.map((r) => r.picture))} ms (${rs.map((r) => r.picture).join(', ')}); tiles outlined ${rs.map((r) => r.tiles).join(', ')}`);
  }
} finally {
  server.close();
  if (shot.made) fs.rmSync(shot.made, { recursive: true, force: true });
}

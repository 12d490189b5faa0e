// Performance benchmark of the release build (not a test: it reports).
// In headless Chromium with 4x CPU throttling it measures:
//  1. bytes the first load transfers (gzip, as the server sends them),
//  2. time from navigation to the first interactive screen (cold profile),
//  3. time from the tap that saves a hand to the updated scoreboard, in a
//     10-player Chickenfoot game holding 15 recorded hands (Double-15: the
//     most hands the rules allow; the 16th is saved).
// Also: the size of each game's bundle, fetched when that game is opened.
// Usage: node tests/browser/bench.mjs [runs]   (after tests/tools/build.sh)
import { chromium } from 'playwright-core';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { startServer } from '../tools/static-server.mjs';
import { CHROMIUM_ARGS, DIST } from './harness.mjs';

const RUNS = Number(process.argv[2] || 5);
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };

async function withPage(url, fn) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chicken-bench-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: CHROMIUM_ARGS, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true,
    serviceWorkers: 'block',
  });
  try {
    const page = context.pages()[0] || (await context.newPage());
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    return await fn(page, cdp);
  } finally {
    await context.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function firstLoad(url) {
  return withPage(url, async (page, cdp) => {
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    let bytes = 0;
    cdp.on('Network.loadingFinished', (e) => { bytes += e.encodedDataLength; });
    await page.addInitScript(() => {
      new MutationObserver((_, obs) => {
        if (document.querySelector('[data-testid="new-chickenfoot"]')) {
          window.__interactive = performance.now();
          obs.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(url + '/');
    await page.waitForFunction(() => window.__interactive !== undefined);
    const tti = await page.evaluate(() => window.__interactive);
    await page.waitForLoadState('networkidle');
    return { bytes, tti };
  });
}

function bigGame() {
  const players = Array.from({ length: 10 }, (_, i) => `Player ${i + 1}`);
  const log = Array.from({ length: 15 }, (_, h) => ({
    out: h % 10,
    left: players.map((_, i) => ({ pips: i === h % 10 ? 0 : 1 + ((h * 7 + i * 3) % 40) })),
  }));
  const id = 'bench10';
  const record = { schema: 1, id, kind: 'chickenfoot', rules_version: 1, created_ms: Date.now(), players, settings: { set: 'd15' }, log };
  const index = { schema: 1, games: [{ id, kind: 'chickenfoot', players, created_ms: record.created_ms, updated_ms: 0, finished: false, summary: 'bench' }] };
  return { id, record, index };
}

async function tapToUpdate(url) {
  const { id, record, index } = bigGame();
  return withPage(url, async (page) => {
    await page.goto(url + '/');
    await page.evaluate(({ id, record, index }) => {
      localStorage.setItem('chicken.game.' + id, JSON.stringify(record));
      localStorage.setItem('chicken.index', JSON.stringify(index));
    }, { id, record, index });
    await page.goto(`${url}/play/chickenfoot/${id}`);
    await page.getByTestId('save-hand').waitFor();
    await page.getByRole('button', { name: 'Player 1 went out', exact: true }).click();
    for (let i = 2; i <= 10; i++) await page.getByLabel(`Player ${i}: pips left`).fill(String(i));
    return page.evaluate(() => new Promise((resolve) => {
      const rows = () => document.querySelectorAll('table.sheet tbody tr:not(.row-details)').length;
      const before = rows();
      const obs = new MutationObserver(() => {
        if (rows() === before + 1) {
          obs.disconnect();
          // The frame after the DOM change is the one that shows it.
          requestAnimationFrame(() => resolve(performance.now() - t0));
        }
      });
      obs.observe(document.body, { childList: true, subtree: true });
      const t0 = performance.now();
      document.querySelector('[data-testid="save-hand"]').click();
    }));
  });
}

const server = await startServer(DIST, 0, '127.0.0.1');
const url = `http://127.0.0.1:${server.address().port}`;
const loads = [];
const taps = [];
for (let i = 0; i < RUNS; i++) {
  loads.push(await firstLoad(url));
  taps.push(await tapToUpdate(url));
}
server.close();

// What each bundle downloads (gzip level 9, as the server sends it).
const gz = (dir) => fs.readdirSync(dir)
  .filter((f) => /\.(wasm|js|css|html)$/.test(f))
  .reduce((n, f) => n + zlib.gzipSync(fs.readFileSync(path.join(dir, f)), { level: 9 }).length, 0);
const kinds = JSON.parse(fs.readFileSync(path.join(DIST, 'bundles.json'), 'utf8'));
const bundles = Object.fromEntries(kinds.map((k) => [k, gz(path.join(DIST, 'play', k))]));
const wasm = fs.readdirSync(DIST).find((f) => f.endsWith('.wasm'));
const result = {
  date: new Date().toISOString().slice(0, 10),
  runs: RUNS,
  first_load_gzip_bytes: median(loads.map((l) => l.bytes)),
  shell_wasm_raw_bytes: wasm ? fs.statSync(path.join(DIST, wasm)).size : null,
  time_to_interactive_ms: Math.round(median(loads.map((l) => l.tti))),
  tap_to_scoreboard_ms: Math.round(median(taps)),
  game_bundle_gzip_bytes: bundles,
};
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(JSON.stringify(result, null, 2));
console.log(`
| measure (median of ${RUNS}, 4x CPU throttling) | value |
|---|---|
| first load transferred (gzip): the shell, home screen | ${kb(result.first_load_gzip_bytes)} |
| shell WASM uncompressed | ${kb(result.shell_wasm_raw_bytes)} |
| cold load to first interactive screen | ${result.time_to_interactive_ms} ms |
| tap "Save hand" to updated scoreboard (10 players, 15 hands recorded) | ${result.tap_to_scoreboard_ms} ms |
${kinds.map((k) => `| ${k} bundle, fetched when that game opens (gzip) | ${kb(bundles[k])} |`).join('\n')}`);

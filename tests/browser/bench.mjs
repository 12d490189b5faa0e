// Performance benchmark of the release build (not a test: it reports).
// In headless Chromium with 4x CPU throttling it measures:
//  1. bytes the first load transfers (gzip, as the server sends them),
//  2. time from navigation to the first interactive screen (cold profile),
//  3. time from the tap that saves a hand to the updated scoreboard, in a
//     10-player Chickenfoot game holding 15 recorded hands (Double-15: the
//     most hands the rules allow; the 16th is saved): to the rAF callback
//     after the new row is in the DOM (tap_to_scoreboard_ms, the earlier
//     figure), to the end of that frame after layout and paint
//     (tap_to_painted_ms; tap_to_frame_end_ms from Chromium's
//     long-animation-frame entry, exact when a task runs between the
//     frame and the mark), split at the save's IndexedDB commit
//     (tap_to_commit_ms + commit_to_painted_ms); and the DOM mutations the
//     save causes up to the end of that frame (save_dom_mutations, from a
//     MutationObserver: nodes added and removed, attribute and text writes),
//  4. with 5 and with 5,000 games stored (5 in progress, the rest
//     finished): home ready (the games in progress listed), open a game
//     (its scoreboard and entry form shown), save a hand (the new row).
//  5. home, then a tap into each game's first screen (cold, 4x): time and
//     bytes on the wire;
// and the bytes of everything kept for offline.
// Usage: node tests/browser/bench.mjs [runs] [save [hands] | slow4g | tap [thinkMs] | open [thinkMs] | form | start]
// (after tests/tools/build.sh; with `save`, only measure 3, optionally
// with fewer hands recorded: 14 measures a save in the middle of the game;
// with `slow4g`, only home's first load on Slow 4G; with `tap`, only home
// then New Chickenfoot tapped after a pause: tap to the form painted; with
// `start`, a filled form's Start: tap to the score screen painted; with
// `form`, home then New Chickenfoot at once: to the form, and its bytes;
// with `open`, a game in progress tapped on home: tap to the game painted)
import { chromium } from 'playwright-core';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from '../tools/static-server.mjs';
import { CHROMIUM_ARGS, DIST, GAME_IDS, homeReady } from './harness.mjs';
import { idbSeed } from './idb.mjs';
import { bigGame, fillHand, measureSave, recordCommits } from './save_frame.mjs';
import { fillNewChickenfoot, tapToScoreScreen } from './start_frame.mjs';
// The schema the seeded games are written in: this release's (3), or 2 to
// measure a build of release 2 side by side (CHICKEN_SCHEMA=2).
const SCHEMA = Number(process.env.CHICKEN_SCHEMA || 3);

const RUNS = Number(process.argv[2] || 5);
// Hands already recorded in the 10-player game (15: the save ends it).
const HANDS = Number(process.argv[4] || 15);
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
    await page.addInitScript(recordCommits);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    return await fn(page, cdp);
  } finally {
    await context.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** DevTools' "Slow 4G": 562.5 ms round trip, 1.6 Mbps down and 750 kbps
 *  up, each at 90% (the figures Lighthouse's mobile run throttles to). */
const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: (1.6e6 * 0.9) / 8, uploadThroughput: (750e3 * 0.9) / 8 };

/** Home from a cold cache: bytes on the wire; when its content (the game
 *  links, real links from the page's static copy on) is in the page
 *  (`tti`), and when the frame showing it is painted (`painted`: a task
 *  queued by the frame's rAF runs after its paint); when the app took the
 *  page over (`app`: its home mounted) and when home has read storage
 *  (`ready`: "Finished games (N)"). With `network`, the network is
 *  throttled so (Slow 4G). */
async function firstLoad(url, network = null) {
  return withPage(url, async (page, cdp) => {
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    if (network) await cdp.send('Network.emulateNetworkConditions', network);
    let bytes = 0;
    cdp.on('Network.loadingFinished', (e) => { bytes += e.encodedDataLength; });
    await page.addInitScript(() => {
      new MutationObserver((_, obs) => {
        if (window.__interactive === undefined && document.querySelector('[data-testid="new-chickenfoot"]')) {
          window.__interactive = performance.now();
          requestAnimationFrame(() => setTimeout(() => { window.__painted = performance.now(); }));
        }
        if (window.__app === undefined && document.body && !document.getElementById('boot')
          && document.querySelector('[data-testid="new-chickenfoot"]')) window.__app = performance.now();
        if (/\(\d+\)/.test(document.querySelector('[data-testid="history-link"]')?.textContent || '')) {
          window.__ready = performance.now();
          obs.disconnect();
        }
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await page.goto(url + '/', { timeout: 120_000 });
    await page.waitForFunction(() => window.__painted !== undefined && window.__ready !== undefined, null, { timeout: 120_000 });
    const { tti, painted, app, ready } = await page.evaluate(() => ({
      tti: window.__interactive, painted: window.__painted, app: window.__app, ready: window.__ready,
    }));
    await page.waitForLoadState('networkidle', { timeout: 120_000 });
    return { bytes, tti, painted, app, ready };
  });
}

/** `n` stored games: the 10-player game, 4 more in progress, the rest
 *  finished two-player games of 7 hands. */
function games(n) {
  const rows = [bigGame('bench10', HANDS)];
  const t0 = Date.now() - n * 60000;
  for (let i = 1; i < n; i++) {
    const finished = i >= 5;
    const players = [`Ann ${i}`, `Bob ${i}`];
    const log = Array.from({ length: finished ? 7 : 3 }, (_, h) => ({ out: 0, left: [{ pips: 0 }, { pips: 1 + ((i + h) % 30) }] }));
    const id = `g${i}`;
    const at = t0 + i * 60000;
    rows.push({
      record: { schema: SCHEMA, id, rev: log.length + 1, kind: 'chickenfoot', rules_version: 1, created_ms: at, players, settings: { set: 'd6' }, log },
      summary: { schema: SCHEMA, id, rev: log.length + 1, kind: 'chickenfoot', players, created_ms: at, updated_ms: at, finished, summary: finished ? `Won by ${players[0]}` : `Hand ${log.length + 1} of 7` },
    });
  }
  return rows;
}

/** Fills in hand 16 of the 10-player game, then taps Save: see
 *  `measureSave` (ms to the row, to the end of its frame, to the commit;
 *  the DOM mutations). */
async function saveHand(page) {
  await fillHand(page);
  return measureSave(page);
}

/** ms from navigation to `selector` matching (with `count` items). */
async function readyAt(page, url, selector, count) {
  await page.goto(url, { waitUntil: 'commit' });
  return page.evaluate(([selector, count]) => new Promise((resolve) => {
    const done = () => document.querySelectorAll(selector).length >= count;
    const finish = () => requestAnimationFrame(() => resolve(performance.now()));
    if (done()) return finish();
    const obs = new MutationObserver(() => { if (done()) { obs.disconnect(); finish(); } });
    obs.observe(document, { childList: true, subtree: true });
  }), [selector, count]);
}

/** Home ready, open a game, save a hand, with `n` games stored. */
async function atScale(url, n) {
  return withPage(url, async (page, cdp) => {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await page.goto(url + '/');
    await homeReady(page);
    const rows = games(n);
    for (let i = 0; i < rows.length; i += 1000) await idbSeed(page, rows.slice(i, i + 1000));
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const listed = Math.min(n, 5);
    await readyAt(page, url + '/', '[data-testid=in-progress] li', listed); // warm the cache
    const home = await readyAt(page, url + '/', '[data-testid=in-progress] li', listed);
    const open = await readyAt(page, `${url}/play/chickenfoot/bench10`, '[data-testid=save-hand]', 1);
    const save = await saveHand(page);
    return { home, open, save };
  });
}

/** Home, then a tap on "New <game>" as soon as home is interactive: ms
 *  from navigation to the game's first screen (its new-game form) and the
 *  bytes transferred for both (cold profile, 4x). */
async function firstGame(url, kind) {
  return withPage(url, async (page, cdp) => {
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    let bytes = 0;
    let homeBytes = 0;
    cdp.on('Network.loadingFinished', (e) => { bytes += e.encodedDataLength; });
    await page.goto(url + '/', { waitUntil: 'commit' });
    const button = page.getByTestId(`new-${kind}`);
    await button.waitFor();
    homeBytes = bytes;
    await button.click();
    await page.getByTestId('start-game').waitFor();
    const ms = await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(() => r(performance.now())))));
    // What the form needed; what follows is the score screen's code,
    // fetched while the form is filled.
    const formBytes = bytes;
    await page.waitForLoadState('networkidle');
    return { ms, bytes: formBytes, gameBytes: formBytes - homeBytes, afterBytes: bytes - formBytes };
  });
}

/** Home, then, `thinkMs` after its game links show (a person reading
 *  them), a tap on "New <game>": ms from the tap to the frame that shows
 *  the new-game form painted (cold profile, 4x). */
async function formAfterTap(url, kind, thinkMs) {
  return withPage(url, async (page) => {
    await page.goto(url + '/');
    const button = page.getByTestId(`new-${kind}`);
    await button.waitFor();
    await page.waitForTimeout(thinkMs);
    await page.evaluate(() => document.addEventListener('click', () => { window.__tap = performance.now(); }, { capture: true, once: true }));
    await button.click();
    await page.getByTestId('start-game').waitFor();
    return page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(() => r(performance.now() - window.__tap)))));
  });
}

/** Home with the 10-player game in progress (14 hands; a cold profile), its card
 *  tapped `thinkMs` after home shows it: ms from the tap to the frame
 *  that shows the game ready for the next hand, painted (4x). */
async function gameAfterTap(url, thinkMs) {
  return withPage(url, async (page) => {
    await page.goto(url + '/');
    await homeReady(page);
    await idbSeed(page, [bigGame('bench10', 14)]);
    await page.goto(url + '/');
    const card = page.getByTestId('game-bench10').locator('a');
    await card.waitFor();
    await page.waitForTimeout(thinkMs);
    return tapToScoreScreen(page, '[data-testid=game-bench10] a');
  });
}

/** Home, New Chickenfoot, four players seated; once the score screen's
 *  code has arrived (fetched while the form is filled: the issue's
 *  condition), a tap on Start: ms from the tap to the frame that shows the
 *  score screen ready for the first hand, painted (cold profile, 4x). */
async function startToScore(url) {
  return withPage(url, async (page) => {
    await page.goto(url + '/');
    await homeReady(page);
    await fillNewChickenfoot(page);
    return tapToScoreScreen(page, '[data-testid=start-game]');
  });
}

/** Bytes of every file the service worker keeps for offline (brotli where
 *  the build wrote a .br: what the server sends Chromium). */
function offlineBytes() {
  const sw = fs.readFileSync(path.join(DIST, 'sw.js'), 'utf8');
  const m = sw.match(/\/\*RELEASE\*\/([\s\S]*?)\/\*RELEASE\*\//);
  if (!m) return null; // a build before the release list
  const files = JSON.parse(m[1]).files;
  return files.reduce((n, f) => {
    const raw = path.join(DIST, f === '/' ? 'index.html' : f.slice(1));
    const br = `${raw}.br`;
    return n + (fs.existsSync(br) ? fs.statSync(br).size : fs.existsSync(raw) ? fs.statSync(raw).size : 0);
  }, 0) + fs.statSync(path.join(DIST, 'sw.js')).size;
}

async function tapToUpdate(url) {
  return (await atScale(url, 1)).save;
}

const SAVE_ONLY = process.argv[3] === 'save';
// `tap <thinkMs>`: only home, then New Chickenfoot tapped `thinkMs` after
// home shows its games: tap to the form painted.
if (process.argv[3] === 'tap') {
  const think = Number(process.argv[4] || 2000);
  const server = await startServer(DIST, 0, '127.0.0.1');
  const url = `http://127.0.0.1:${server.address().port}`;
  const taps = [];
  for (let i = 0; i < RUNS; i++) taps.push(await formAfterTap(url, 'chickenfoot', think));
  server.close();
  console.log(JSON.stringify({ runs: RUNS, think_ms: think, tap_to_form_painted_ms: Math.round(median(taps)), each: taps.map(Math.round) }, null, 2));
  process.exit(0);
}
// `open [thinkMs]`: only home with the 10-player game in progress, its
// card tapped `thinkMs` after home shows it: tap to the game painted.
if (process.argv[3] === 'open') {
  const think = Number(process.argv[4] || 2000);
  const server = await startServer(DIST, 0, '127.0.0.1');
  const url = `http://127.0.0.1:${server.address().port}`;
  const opens = [];
  for (let i = 0; i < RUNS; i++) opens.push(await gameAfterTap(url, think));
  server.close();
  console.log(JSON.stringify({ runs: RUNS, think_ms: think, tap_to_game_painted_ms: Math.round(median(opens)), each: opens.map(Math.round) }, null, 2));
  process.exit(0);
}
// `form`: only home, then New Chickenfoot at once: to the form painted,
// and the bytes it took.
if (process.argv[3] === 'form') {
  const server = await startServer(DIST, 0, '127.0.0.1');
  const url = `http://127.0.0.1:${server.address().port}`;
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await firstGame(url, 'chickenfoot'));
  server.close();
  console.log(JSON.stringify({
    runs: RUNS, home_then_form_painted_ms: Math.round(median(runs.map((r) => r.ms))), each_ms: runs.map((r) => Math.round(r.ms)),
    bytes_to_form: median(runs.map((r) => r.bytes)), of_which_form: median(runs.map((r) => r.gameBytes)), fetched_after: median(runs.map((r) => r.afterBytes)),
  }, null, 2));
  process.exit(0);
}
// `start`: only a filled new-game form's Start, to the score screen.
if (process.argv[3] === 'start') {
  const server = await startServer(DIST, 0, '127.0.0.1');
  const url = `http://127.0.0.1:${server.address().port}`;
  const starts = [];
  for (let i = 0; i < RUNS; i++) starts.push(await startToScore(url));
  server.close();
  console.log(JSON.stringify({ runs: RUNS, start_to_score_screen_painted_ms: Math.round(median(starts)), each: starts.map(Math.round) }, null, 2));
  process.exit(0);
}
// `slow4g`: only home's first load, on Slow 4G and at 4x CPU.
if (process.argv[3] === 'slow4g') {
  const server = await startServer(DIST, 0, '127.0.0.1');
  const url = `http://127.0.0.1:${server.address().port}`;
  const loads = [];
  for (let i = 0; i < RUNS; i++) loads.push(await firstLoad(url, SLOW_4G));
  server.close();
  console.log(JSON.stringify({
    runs: RUNS,
    network: 'Slow 4G (562.5 ms, 1.44 Mbps down), 4x CPU, cold',
    home_bytes: median(loads.map((l) => l.bytes)),
    home_content_in_page_ms: Math.round(median(loads.map((l) => l.tti))),
    home_content_painted_ms: Math.round(median(loads.map((l) => l.painted))),
    each_painted_ms: loads.map((l) => Math.round(l.painted)),
    app_took_over_ms: Math.round(median(loads.map((l) => l.app))),
    home_read_storage_ms: Math.round(median(loads.map((l) => l.ready))),
  }, null, 2));
  process.exit(0);
}
const ms = (xs) => Math.round(median(xs));
const mutationFigures = (saves) => Object.fromEntries(
  ['total', 'added', 'removed', 'attributes', 'characterData'].map((k) => [k, median(saves.map((s) => s.mutations[k]))]));
const saveFigures = (saves) => ({
  tap_to_scoreboard_ms: ms(saves.map((s) => s.rows_ms)),
  tap_to_painted_ms: ms(saves.map((s) => s.painted_ms)),
  tap_to_frame_end_ms: saves.every((s) => s.frame_end_ms !== null) ? ms(saves.map((s) => s.frame_end_ms)) : null,
  tap_to_commit_ms: ms(saves.map((s) => s.committed_ms)),
  commit_to_painted_ms: ms(saves.map((s) => s.after_commit_ms)),
  shown_before_commit: saves.some((s) => s.shown_before_commit),
  tap_to_saved_ms: ms(saves.map((s) => s.saved_ms)),
  dom_mutations_before_commit: median(saves.map((s) => s.before_commit)),
  save_dom_mutations: mutationFigures(saves),
  save_dom_mutations_by_region: Object.fromEntries(
    Object.keys(saves[0].by_region).map((k) => [k, median(saves.map((s) => s.by_region[k]))])),
  save_dom_mutations_next_second: median(saves.map((s) => s.later.total)),
});
if (SAVE_ONLY) {
  const server = await startServer(DIST, 0, '127.0.0.1');
  const url = `http://127.0.0.1:${server.address().port}`;
  const saves = [];
  for (let i = 0; i < RUNS; i++) saves.push(await tapToUpdate(url));
  server.close();
  console.log(JSON.stringify({ runs: RUNS, each_painted_ms: saves.map((s) => Math.round(s.painted_ms)), each_frame_end_ms: saves.map((s) => s.frame_end_ms && Math.round(s.frame_end_ms)), ...saveFigures(saves) }, null, 2));
  process.exit(0);
}

const server = await startServer(DIST, 0, '127.0.0.1');
const url = `http://127.0.0.1:${server.address().port}`;
const loads = [];
const taps = [];
const games_ = Object.fromEntries(GAME_IDS.map((k) => [k, []]));
const scale = { 5: [], 5000: [] };
for (let i = 0; i < RUNS; i++) {
  loads.push(await firstLoad(url));
  for (const k of GAME_IDS) games_[k].push(await firstGame(url, k));
  taps.push(await tapToUpdate(url));
  for (const n of [5, 5000]) scale[n].push(await atScale(url, n));
}
server.close();
const at = (n, k) => Math.round(median(scale[n].map((r) => (k === 'save' ? r.save.rows_ms : k === 'save_painted' ? r.save.painted_ms : r[k]))));

// Home then each game's first screen (median of the runs).
const firstGames = Object.fromEntries(GAME_IDS.map((k) => [k, {
  ms: Math.round(median(games_[k].map((g) => g.ms))),
  bytes: median(games_[k].map((g) => g.bytes)),
  game_bytes: median(games_[k].map((g) => g.gameBytes)),
  after_form_bytes: median(games_[k].map((g) => g.afterBytes)),
}]));
// The main module (an older build without the split: the shell's WASM).
const wasmDir = fs.existsSync(path.join(DIST, 'wasm')) ? fs.readdirSync(path.join(DIST, 'wasm'))[0] : null;
const wasm = wasmDir ? path.join('wasm', wasmDir, 'chicken-scores_bg.wasm') : fs.readdirSync(DIST).find((f) => f.endsWith('.wasm'));
const result = {
  date: new Date().toISOString().slice(0, 10),
  runs: RUNS,
  first_load_bytes: median(loads.map((l) => l.bytes)),
  main_wasm_raw_bytes: wasm ? fs.statSync(path.join(DIST, wasm)).size : null,
  time_to_interactive_ms: Math.round(median(loads.map((l) => l.tti))),
  home_painted_ms: Math.round(median(loads.map((l) => l.painted))),
  app_took_over_ms: Math.round(median(loads.map((l) => l.app))),
  home_read_storage_ms: Math.round(median(loads.map((l) => l.ready))),
  ...saveFigures(taps),
  home_then_game: firstGames,
  offline_bytes: offlineBytes(),
  scale_ms: Object.fromEntries([5, 5000].map((n) => [n, { home: at(n, 'home'), open: at(n, 'open'), save: at(n, 'save'), save_painted: at(n, 'save_painted') }])),
};
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(JSON.stringify(result, null, 2));
console.log(`
| measure (median of ${RUNS}, 4x CPU throttling) | value |
|---|---|
| first load transferred (brotli from 127.0.0.1): home screen | ${kb(result.first_load_bytes)} |
| main WASM module uncompressed | ${kb(result.main_wasm_raw_bytes)} |
| cold load to first interactive screen | ${result.time_to_interactive_ms} ms |
| tap "Save hand" to updated scoreboard (10 players, 15 hands recorded): rAF after the new row | ${result.tap_to_scoreboard_ms} ms |
| the same, to the end of that frame (after layout and paint) | ${result.tap_to_painted_ms} ms |
| the same, to the end of that frame's rendering (Chromium's long-animation-frame entry) | ${result.tap_to_frame_end_ms} ms |
| of which: tap to the save's IndexedDB commit / commit to end of frame | ${result.tap_to_commit_ms} ms / ${result.commit_to_painted_ms} ms |
| DOM mutations of that save (added + removed nodes, attribute, text writes) | ${result.save_dom_mutations.total} (${result.save_dom_mutations.added} + ${result.save_dom_mutations.removed}, ${result.save_dom_mutations.attributes}, ${result.save_dom_mutations.characterData}) |
${GAME_IDS.map((k) => `| home, then ${k}'s first screen: ready / transferred (of which the game) | ${firstGames[k].ms} ms / ${kb(firstGames[k].bytes)} (${kb(firstGames[k].game_bytes)}) |`).join('\n')}
| every file kept for offline (all six games, records, history) | ${result.offline_bytes === null ? 'not listed' : kb(result.offline_bytes)} |

| with games stored (median of ${RUNS}, 4x CPU throttling) | 5 games | 5,000 games | ratio |
|---|---|---|---|
${[['home', 'home ready (games in progress listed)'], ['open', 'open a game (scoreboard and form)'], ['save', 'save a hand (tap to new row)'], ['save_painted', 'save a hand (tap to end of frame)']]
    .map(([k, label]) => `| ${label} | ${at(5, k)} ms | ${at(5000, k)} ms | ${(at(5000, k) / at(5, k)).toFixed(2)} |`).join('\n')}`);

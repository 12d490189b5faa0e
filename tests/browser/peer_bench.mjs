// Side-by-side benchmark (issue 25): our app against a peer score keeper.
// The peer named by the issue ("a Vue 2 + Vuetify score keeper PWA") could
// not be identified: the peer here is a STAND-IN built from Vue 2.7.16 and
// Vuetify 2.7.2's prebuilt dists (tests/peer, see its README.md).
// Build it first: `sh tests/peer/build.sh`.
//
// Each path, for each app in turn (the order swapped every run), in a fresh
// cold Chromium profile, a 390x844 touch phone at 4x CPU throttling:
//  a. home painted: navigation to the frame painted after New Chickenfoot
//     is in the page (cold cache); bytes on the wire;
//  b. home, then a tap on New Chickenfoot as soon as home is painted, to
//     the new-game form painted (from navigation, and from the tap); the
//     bytes of every request made before it (a first visit: HTTP cache
//     on); c2. the same on Slow 4G;
//  c. a. on Slow 4G;
//  d. a 10-player game of 14 hands opened in the installed app (service
//     worker active and its files cached): navigation to its sheet and entry
//     fields painted; the first open after install, then a second one;
//  e. in that game, a tap on Save to the end of the frame showing the new
//     row; the DOM mutations up to that frame.
// Usage: node tests/browser/peer_bench.mjs [runs]   (default 3)
//        ONLY=b,c2 node tests/browser/peer_bench.mjs [runs]: those paths only
// Our app is served from CHICKEN_DIST (default dist/), the peer from
// tests/peer/dist, each by tests/tools/static-server.mjs on 127.0.0.1.
import { chromium } from 'playwright-core';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../tools/static-server.mjs';
import { CHROMIUM_ARGS, DIST, poll } from './harness.mjs';
import { idbSeed } from './idb.mjs';
import { bigGame, fillHand, measureSave, recordCommits } from './save_frame.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const PEER_DIST = path.resolve(here, '../peer/dist');
const RUNS = Number(process.argv[2] || 3);
const HANDS = 14; // hands recorded in the 10-player game: the save is mid-game
const TIMEOUT = 120_000;

/** DevTools' "Slow 4G", as bench.mjs throttles to. */
const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: (1.6e6 * 0.9) / 8, uploadThroughput: (750e3 * 0.9) / 8 };

// ---- The two apps: where their screens are and what "ready" means. ----

/** Our files kept for offline: the release list the build wrote in sw.js. */
function ourOfflineFiles() {
  const sw = fs.readFileSync(path.join(DIST, 'sw.js'), 'utf8');
  return JSON.parse(sw.match(/\/\*RELEASE\*\/([\s\S]*?)\/\*RELEASE\*\//)[1]).files;
}

/** The peer's files kept for offline: the FILES list of its sw.js. */
function peerOfflineFiles() {
  const sw = fs.readFileSync(path.join(PEER_DIST, 'sw.js'), 'utf8');
  return JSON.parse(sw.match(/const FILES = (\[[^\]]*\]);/)[1]).map((f) => `/${f.replace(/^\.\//, '')}`);
}

/** The peer's 10-player game: the same players and points as `bigGame`. */
function peerBigGame(id, hands) {
  const { record } = bigGame(id, hands);
  return {
    id, kind: 'chickenfoot', players: record.players, created: record.created_ms, finished: false,
    hands: record.log.map((hand) => hand.left.map((l) => l.pips)),
  };
}

const APPS = {
  us: {
    dist: DIST,
    // Ready = an Add button visible: the page's own form (painted before
    // the new-game code arrives, taken over by the app with what was
    // typed) or the app's (hidden until the saved players are read).
    form: '[data-testid="add-player-early"], [data-testid="add-player"]',
    gameUrl: '/play/chickenfoot/bench10',
    gameReady: [['table.sheet tbody tr:not(.row-details)', HANDS], ['[aria-label="Player 10: pips left"]', 1], ['[data-testid="save-hand"]', 1]],
    // Home with storage open: "Finished games (N)" (a static copy of home
    // painted before the app runs would say it without the count).
    homeReady: (page) => page.getByTestId('history-link').filter({ hasText: /\(\d+\)/ }).waitFor(),
    offlineFiles: ourOfflineFiles,
    initScripts: [recordCommits],
    seed: (page) => idbSeed(page, [bigGame('bench10', HANDS)]),
    async save(page) {
      await fillHand(page);
      const s = await measureSave(page);
      return { ms: s.painted_ms, mutations: s.mutations.total };
    },
  },
  peer: {
    dist: PEER_DIST,
    form: '[data-testid="new-game-form"]',
    gameUrl: '/#/game/bench10',
    gameReady: [['table tbody tr.hand', HANDS], ['[data-testid="pips-9"]', 1], ['[data-testid="save"]', 1]],
    homeReady: (page) => page.getByTestId('new-chickenfoot').waitFor(),
    offlineFiles: peerOfflineFiles,
    initScripts: [],
    seed: (page) => page.evaluate((game) => localStorage.setItem('peer-games', JSON.stringify([game])), peerBigGame('bench10', HANDS)),
    async save(page) {
      // The same hand as fillHand: Player 1 out (0), Player i: i points.
      for (let i = 0; i < 10; i++) await page.getByTestId(`pips-${i}`).fill(String(i === 0 ? 0 : i + 1));
      return measurePeerSave(page);
    },
  },
};

// ---- Browser set-up. ----

/** Runs `fn(page, cdp)` in a fresh Chromium profile: a 390x844 touch phone,
 *  4x CPU. Service workers are blocked unless `sw`. */
async function withPage(fn, { sw = false } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'peer-bench-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: CHROMIUM_ARGS, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true,
    ...(sw ? {} : { serviceWorkers: 'block' }),
  });
  try {
    const page = context.pages()[0] || (await context.newPage());
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const result = await fn(page, cdp);
    if (errors.length) console.error(`page errors: ${errors.join('; ')}`);
    return result;
  } finally {
    await context.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Cold network (no HTTP cache) with an optional throttle; returns the
 *  bytes received so far, by URL, as CDP counts them (encodedDataLength). */
async function coldNetwork(cdp, network, { cache = false } = {}) {
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: !cache });
  if (network) await cdp.send('Network.emulateNetworkConditions', network);
  const urls = new Map();
  const bytes = {};
  cdp.on('Network.requestWillBeSent', (e) => urls.set(e.requestId, e.request.url));
  cdp.on('Network.loadingFinished', (e) => {
    const url = new URL(urls.get(e.requestId) || 'about:unknown').pathname;
    bytes[url] = (bytes[url] || 0) + e.encodedDataLength;
  });
  return bytes;
}
const sum = (bytes) => Object.values(bytes).reduce((a, b) => a + b, 0);

// ---- In-page watchers (init scripts: they run before the app's code). ----

/** Home: when `home` is in the page, the frame showing it is painted
 *  (rAF, then a task: after its paint), as bench.mjs's firstLoad. With
 *  `form`, the link is then clicked and the same is noted for `form`
 *  shown (visible: our page is hidden until its players are read).
 *  Times are ms from the first navigation, kept in sessionStorage so a
 *  tap that loads a new page (a plain link) is still timed from there. */
function watchHome({ home, form }) {
  const start = Number(sessionStorage.getItem('bench-start')) || performance.timeOrigin;
  sessionStorage.setItem('bench-start', String(start));
  const paintedAt = (key, then) => requestAnimationFrame(() => setTimeout(() => {
    window[key] = performance.timeOrigin + performance.now() - start;
    then?.();
  }));
  const visible = (sel) => [...document.querySelectorAll(sel)].some((e) => e.checkVisibility({ visibilityProperty: true }));
  // The tap is a real one (a touch dispatched by the bench, as a finger
  // makes it: the browser treats it as input), timed from its event.
  addEventListener('pointerdown', (e) => {
    if (phase === 'form' && !sessionStorage.getItem('bench-tapped')) {
      sessionStorage.setItem('bench-tapped', String(performance.timeOrigin + e.timeStamp - start));
    }
  }, { capture: true });
  const tap = () => {
    phase = 'form';
    sessionStorage.setItem('bench-form', '1');
    const r = document.querySelector(home).getBoundingClientRect();
    window.__benchTap({ x: r.x + r.width / 2, y: r.y + Math.min(r.height / 2, 20) });
    check();
  };
  let phase = sessionStorage.getItem('bench-form') ? 'form' : 'home';
  const check = () => {
    if (phase === 'home' && document.querySelector(home)) {
      phase = 'home-shown';
      paintedAt('__homePainted', form && tap);
    } else if (phase === 'form' && visible(form)) {
      phase = 'done';
      paintedAt('__formPainted', () => {
        window.__tapped = Number(sessionStorage.getItem('bench-tapped'));
        // A request marking the moment on the network's clock: what was
        // asked for before it is what the form was ready with.
        fetch('/__form-ready', { cache: 'no-store' }).catch(() => {});
      });
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: !!form });
}

/** A game screen: when every [selector, count] of `ready` matches, the
 *  frame showing them is painted (window.__readyPainted). */
function watchReady(ready) {
  const done = () => ready.every(([sel, n]) => document.querySelectorAll(sel).length >= n);
  const obs = new MutationObserver(() => {
    if (!done()) return;
    obs.disconnect();
    requestAnimationFrame(() => setTimeout(() => { window.__readyPainted = performance.now(); }));
  });
  obs.observe(document, { childList: true, subtree: true });
}

// ---- The paths. ----

/** a. / c. Home painted from a cold cache (on `network`); bytes. */
function homePainted(app, url, network = null) {
  return withPage(async (page, cdp) => {
    const bytes = await coldNetwork(cdp, network);
    await page.addInitScript(watchHome, { home: '[data-testid="new-chickenfoot"]' });
    await page.goto(url + '/', { timeout: TIMEOUT });
    await page.waitForFunction(() => window.__homePainted !== undefined, null, { timeout: TIMEOUT });
    const ms = await page.evaluate(() => window.__homePainted);
    await page.waitForLoadState('networkidle', { timeout: TIMEOUT });
    return { ms, bytes: sum(bytes), files: { ...bytes } };
  });
}

/** b. Home, New Chickenfoot tapped when home is painted, to the form
 *  painted: ms from navigation, and from the tap; bytes for both screens
 *  up to the form painted (what follows is the next screen's code, fetched
 *  while the form is filled). A first visit: a fresh profile with its HTTP
 *  cache on, so a plain link followed reuses what the first page fetched.
 *  On `network` if given. */
function homeThenForm(app, url, network = null) {
  return withPage(async (page, cdp) => {
    await coldNetwork(cdp, network, { cache: true });
    const asked = new Map(); // requestId -> when it was asked for (CDP's clock)
    const got = new Map(); // requestId -> bytes on the wire
    let mark = null;
    cdp.on('Network.requestWillBeSent', (e) => {
      if (e.request.url.endsWith('/__form-ready')) mark = e.timestamp;
      else asked.set(e.requestId, e.timestamp);
    });
    cdp.on('Network.loadingFinished', (e) => got.set(e.requestId, e.encodedDataLength));
    await page.exposeBinding('__benchTap', ({ page: p }, at) => { p.touchscreen.tap(at.x, at.y).catch(() => {}); });
    await page.addInitScript(watchHome, { home: '[data-testid="new-chickenfoot"]', form: app.form });
    await page.goto(url + '/', { timeout: TIMEOUT });
    await page.waitForFunction(() => window.__tapped !== undefined, null, { timeout: TIMEOUT });
    const { ms, tapped } = await page.evaluate(() => ({ ms: window.__formPainted, tapped: window.__tapped }));
    await poll(() => mark !== null, { timeout: TIMEOUT });
    await page.waitForLoadState('networkidle', { timeout: TIMEOUT });
    // Every request made before the form was painted, counted whole (an
    // upper bound: some were still arriving).
    const before = [...asked].filter(([, t]) => t < mark).map(([id]) => got.get(id) || 0);
    return { ms, tap: ms - tapped, bytes: before.reduce((a, b) => a + b, 0) };
  });
}

/** Waits until the service worker controls the page and the caches hold
 *  every file it keeps for offline. */
async function installed(page, files) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
    }
  });
  const missing = () => page.evaluate(async (files) => {
    const have = await Promise.all(files.map((f) => caches.match(f, { ignoreVary: true })));
    return files.filter((_, i) => !have[i]);
  }, files);
  const ok = await poll(async () => (await missing()).length === 0, { timeout: 60_000, interval: 200 });
  if (!ok) throw new Error(`service worker: not cached ${(await missing()).join(', ')}`);
}

/** ms from navigation to the 10-player game's sheet and fields painted
 *  (from about:blank: a new document for both apps, even the peer's
 *  hash route). */
async function openGame(app, page, url) {
  await page.goto('about:blank');
  await page.goto(url + app.gameUrl, { waitUntil: 'commit', timeout: TIMEOUT });
  await page.waitForFunction(() => window.__readyPainted !== undefined, null, { timeout: TIMEOUT });
  const { ms, controlled } = await page.evaluate(() => ({ ms: window.__readyPainted, controlled: !!navigator.serviceWorker.controller }));
  if (!controlled) throw new Error(`${url}${app.gameUrl}: not opened through the service worker`);
  return ms;
}

/** d. and e.: install, seed the game, open it twice, save a hand. */
function installedGame(app, url) {
  return withPage(async (page, cdp) => {
    for (const s of app.initScripts) await page.addInitScript(s);
    await page.addInitScript(watchReady, app.gameReady);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 }); // set-up at full speed
    await page.goto(url + '/');
    await app.homeReady(page);
    await installed(page, app.offlineFiles());
    await app.seed(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const open = await openGame(app, page, url);
    const again = await openGame(app, page, url);
    const save = await app.save(page);
    return { open, again, save };
  }, { sw: true });
}

/** e. (peer) Tap on Save (the fields filled) to the end of the frame that
 *  shows the new row: the rAF callback after the row is in the DOM, then a
 *  task posted from it (a MessageChannel, as measureSave does for us); the
 *  DOM mutations from the tap to that frame. */
function measurePeerSave(page) {
  return page.evaluate(() => new Promise((resolve) => {
    const rows = () => document.querySelectorAll('table tbody tr.hand').length;
    const before = rows();
    let mutations = 0;
    const tally = (records) => {
      for (const r of records) mutations += r.type === 'childList' ? r.addedNodes.length + r.removedNodes.length : 1;
    };
    const obs = new MutationObserver((records) => {
      tally(records);
      if (rows() !== before + 1) return;
      obs.disconnect();
      requestAnimationFrame(() => {
        tally(obs.takeRecords());
        const ch = new MessageChannel();
        ch.port1.onmessage = () => resolve({ ms: performance.now() - t0, mutations });
        ch.port2.postMessage(0);
      });
    });
    obs.observe(document.body, { childList: true, subtree: true, attributes: true, characterData: true });
    const t0 = performance.now();
    document.querySelector('[data-testid="save"]').click();
  }));
}

// ---- Run and report. ----

const PATHS = [
  ['a. home painted (cold, 4x CPU)', (app, url) => homePainted(app, url)],
  ['b. home, tap New Chickenfoot, form painted (cold, 4x)', homeThenForm],
  ['c. home painted (cold, Slow 4G, 4x)', (app, url) => homePainted(app, url, SLOW_4G)],
  ['c2. home, tap New Chickenfoot, form painted (cold, Slow 4G, 4x)', (app, url) => homeThenForm(app, url, SLOW_4G)],
  ['d/e. installed app: open 10-player game, save a hand', installedGame],
];

async function serve(dist) {
  if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error(`${dist}: no build`);
  const server = await startServer(dist, 0, '127.0.0.1');
  return { server, url: `http://127.0.0.1:${server.address().port}` };
}

// ONLY=b,c2: only those paths (by the letter before the dot).
const ONLY = process.env.ONLY ? process.env.ONLY.split(',') : null;
const served = { us: await serve(APPS.us.dist), peer: await serve(APPS.peer.dist) };
const results = { us: PATHS.map(() => []), peer: PATHS.map(() => []) };
for (let run = 0; run < RUNS; run++) {
  const order = run % 2 ? ['peer', 'us'] : ['us', 'peer'];
  for (const [p, [name, measure]] of PATHS.entries()) {
    if (ONLY && !ONLY.includes(name.split('.')[0])) continue;
    for (const who of order) {
      const r = await measure(APPS[who], served[who].url);
      results[who][p].push(r);
      console.error(`run ${run + 1}, ${name}, ${who}: ${JSON.stringify({ ...r, files: undefined })}`);
    }
  }
}
for (const { server } of Object.values(served)) server.close();

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const msf = (n) => `${Math.round(n)}`;
/** "median (each, run, ...)" of `pick` over a path's results. */
function cell(who, p, pick, fmt) {
  const xs = results[who][p].map(pick);
  return `${fmt(median(xs))} (${xs.map(fmt).join(', ')})`;
}
function row(label, p, pick, fmt, unit = '') {
  if (!results.us[p].length) return null;
  const ratio = median(results.us[p].map(pick)) / median(results.peer[p].map(pick));
  return `| ${label} | ${cell('us', p, pick, fmt)}${unit} | ${cell('peer', p, pick, fmt)}${unit} | ${ratio.toFixed(2)} |`;
}
const rows = [
  row('a. home painted, cold, 4x CPU (ms)', 0, (r) => r.ms, msf),
  row('a. home bytes (brotli)', 0, (r) => r.bytes, kb),
  row('b. home, tap New Chickenfoot, form painted (ms from navigation)', 1, (r) => r.ms, msf),
  row('b. the tap on New Chickenfoot to the form painted (ms)', 1, (r) => r.tap, msf),
  row('b. bytes asked for by the time the form was painted (counted whole)', 1, (r) => r.bytes, kb),
  row('c. home painted, Slow 4G, 4x CPU (ms)', 2, (r) => r.ms, msf),
  row('c. home bytes, Slow 4G', 2, (r) => r.bytes, kb),
  row('c2. home, tap New Chickenfoot, form painted, Slow 4G (ms from navigation)', 3, (r) => r.ms, msf),
  row('c2. the tap to the form painted, Slow 4G (ms)', 3, (r) => r.tap, msf),
  row('c2. bytes asked for by then, Slow 4G', 3, (r) => r.bytes, kb),
  row('d. installed: open 10-player game (14 hands), first open (ms)', 4, (r) => r.open, msf),
  row('d. the same, second open (ms)', 4, (r) => r.again, msf),
  row('e. the first save of the session, a hand (10 players, hand 15): tap to frame painted (ms)', 4, (r) => r.save.ms, msf),
  row('e. DOM mutations of that save', 4, (r) => r.save.mutations, String),
];
console.log(`
| path (median of ${RUNS}; each run) | us | peer (stand-in) | ratio us/peer |
|---|---|---|---|
${rows.filter(Boolean).join('\n')}

Peer = the labelled STAND-IN (tests/peer: Vue 2.7.16 + Vuetify 2.7.2 prebuilt dists, hash routes, localStorage), not the issue's unidentified app.
Us = ${DIST}. Headless Chromium, 390x844 touch, 4x CPU; a-c cold profile, service workers blocked; a and c with the HTTP cache disabled, b with it on (a first visit).

Home bytes by file (a., run 1, on the wire):
| file | us | peer |
|---|---|---|
${results.us[0].length === 0 ? '' : [...new Set([...Object.keys(results.us[0][0].files), ...Object.keys(results.peer[0][0].files)])]
    .map((f) => `| ${f} | ${results.us[0][0].files[f] ?? ''} | ${results.peer[0][0].files[f] ?? ''} |`).join('\n')}`);

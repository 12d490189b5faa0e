// Benchmark of the club (issue 24), against the real sync server, on this
// machine (no throttling; not a test: it reports):
//  1. a hand saved on one phone, visible on another: ms from the tap on
//     Save on phone A (its click event) to the frame in which phone B's
//     score sheet has the new row (B polls each animation frame), over
//     `hands` hands (games of 12 hands);
//  2. joining a club of `games` games: the club made on a phone holding
//     them (seeded straight into IndexedDB), then ms from the tap on "Join
//     this club" on a new phone until its club page says every game is on
//     it, and until its home lists them;
//  3. a phone in no club: bytes on the wire for home, then a tap on New
//     Chickenfoot to its form (cold profile), and that nothing of the sync
//     was fetched.
//     The table looks at the round for `pause` ms between typing it and
//     Save (the reference server batches what comes within 100 ms: with
//     no pause, every save waits behind the round typed just before it).
//     TRACE=1: each hand's time split along its way (A's page to its
//     worker, A's worker to the wire, the server, B's worker to its page,
//     B's page to the row), from the pages' messages to and from their
//     workers and the chunks passing the app's server's /sync proxy.
// Usage: node tests/browser/club_bench.mjs [hands=50] [games=200] [pause=1000]
//        node tests/browser/club_bench.mjs real [games=5000] [hands=20]
//        (a real club's size, issue 36: 260 nights, 200 players, 5,000
//        games joined on a phone at 4x, then hands across two phones at 4x)
//        (THROTTLE=4: the phone joining the club at 4x CPU)
//        In `real`, "4x" is the whole phone slowed, its workers included:
//        its browser's processes under a CPU quota (cpu_quota.mjs), the
//        fixed loop's ms on its page and in a worker printed before and
//        after; PAGE_THROTTLE=1 (or no cgroup here): Chromium's page
//        throttle, which leaves workers at full speed.
//        node tests/browser/club_bench.mjs bytes   (3. only; with
//        CHICKEN_DIST=<another build's dist> to compare)
//        (after tests/tools/build.sh)
import fs from 'node:fs';
import path from 'node:path';
import { GameScreen } from './pages.mjs';
import { idbSeed } from './idb.mjs';
import { syncTrace } from '../tools/static-server.mjs';
import { homeReady } from './harness.mjs';
import { quotaAvailable, slowBrowser, loopMs } from './cpu_quota.mjs';
import {
  servers, startServers, stopServers, phone, createClub, joinClub, newGame, seedGames,
} from './club_harness.mjs';

const ONLY_BYTES = process.argv[2] === 'bytes';
const HANDS = Number(process.argv[2] || 50);
const GAMES = Number(process.argv[3] || 200);
const PAUSE = Number(process.argv[4] ?? 1000);
const ROWS = 'table.sheet tbody tr:not(.row-details)';

const sorted = (xs) => [...xs].sort((a, b) => a - b);
const pct = (xs, p) => sorted(xs)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const ms = (x) => Math.round(x);


/** Notes, in the page, when it posts a save to its worker and when its
 *  worker tells it of a game (epoch ms, the clock Node reads too). */
function traceWorkers() {
  const note = (what) => (window.__trace ||= []).push([what, Date.now()]);
  addEventListener('click', () => note('tap'), true);
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (m, ...rest) {
    if (typeof m === 'string' && m.includes('"t":"saved"')) note('saved');
    return post.call(this, m, ...rest);
  };
  const on = Object.getOwnPropertyDescriptor(Worker.prototype, 'onmessage');
  Object.defineProperty(Worker.prototype, 'onmessage', {
    get() { return on.get.call(this); },
    set(fn) {
      on.set.call(this, fn && ((e) => {
        if (typeof e.data === 'string' && e.data.includes('"t":"game"')) note('game');
        if (typeof e.data === 'string' && e.data.startsWith('{"t":"club"')) note('club');
        return fn(e);
      }));
    },
  });
}

const TRACE = Boolean(process.env.TRACE);
/** Per hand: [driver to tap, page to worker, worker to wire, server, worker to page, page to row]. */
const stages = [];

const traced = async (p, what, after) => (await p.page.evaluate(() => window.__trace || []))
  .filter(([w, at]) => w === what && at >= after).map(([, at]) => at)[0];

/** `hands` hands saved on phone A of the club A and B are in (games of 12
 *  hands, B showing each game): per hand, ms from the tap on Save in A's
 *  page to the frame in which B's sheet has the row. */
async function handsAcross(a, b, hands) {
  const out = [];
  const wire = [];
  if (TRACE) syncTrace.on = (dir, id, n) => wire.push({ dir, id, n, at: Date.now() });
  while (out.length < hands) {
    const game = await newGame(a);
    // B goes to its games (its "‹ Games", the app running on: a person
    // keeping score does not reload it between games) and opens the new
    // one once it is listed. A real club's size at 4x: its time is the
    // figure said before.
    await openInApp(b, game, 300_000);
    const A = new GameScreen(a.page);
    for (let h = 0; h < 12 && out.length < hands; h++) {
      await A.wentOut('Ann');
      await A.typePips('Bob', String(h + 1));
      const rows = await A.rowCount();
      if (PAUSE) await new Promise((r) => setTimeout(r, PAUSE));
      const w0 = Date.now();
      await A.save();
      // B notes the frame its row is first there in.
      await b.page.waitForFunction(([sel, n]) => {
        if (document.querySelectorAll(sel).length !== n) return false;
        window.__rowAt = Date.now();
        return true;
      }, [ROWS, rows + 1], { polling: 'raf', timeout: 60_000 });
      const w5 = await b.page.evaluate(() => window.__rowAt);
      const tap = await traced(a, 'tap', w0);
      out.push(w5 - tap);
      if (TRACE) {
        const w1 = await traced(a, 'saved', w0);
        const up = wire.find((e) => e.dir === 'up' && e.at >= w1);
        const down = up && wire.find((e) => e.dir === 'down' && e.id !== up.id && e.at >= up.at);
        const w4 = down && await traced(b, 'game', down.at);
        if (tap && w1 && up && down && w4) stages.push([tap - w0, w1 - tap, up.at - w1, down.at - up.at, w4 - down.at, w5 - w4, out.length - 1]);
      }
      await A.waitRows(rows + 1);
    }
  }
  return out;
}

/** Opens game `gamePath` on `p` as a person in the app would: its back
 *  link to the games, then the game once it is listed. */
async function openInApp(p, gamePath, timeout) {
  const id = gamePath.split('/').pop();
  await p.page.getByRole('link', { name: 'Back to all games' }).click();
  await p.page.getByTestId(`game-${id}`).locator('a.game-link').click({ timeout });
  await p.page.getByRole('button', { name: 'Rules and variants in force' }).waitFor();
}

async function latency() {
  const a = await phone();
  const b = await phone();
  // The hand's time runs from the tap in A's page (its click event), not
  // from the test driver's call (Playwright checks the button first).
  await a.context.addInitScript(traceWorkers);
  await b.context.addInitScript(traceWorkers);
  try {
    const link = await createClub(a, 'Latency');
    await joinClub(b, link);
    return await handsAcross(a, b, HANDS);
  } finally {
    await a.close();
    await b.close();
  }
}

/** Slows phone `p` `rate` times (a cheap phone): its whole browser under
 *  a CPU quota where this machine allows one, else its page only. The
 *  undo, if any. */
async function throttle(p, rate) {
  if (quotaAvailable() && !process.env.PAGE_THROTTLE) {
    const before = await loopMs(p.context);
    const undo = slowBrowser(p.profile, rate);
    const after = await loopMs(p.context);
    console.log(`phone slowed ${rate}x by a CPU quota on its browser: a fixed loop ${before.page} -> ${after.page} ms on a page, ${before.worker} -> ${after.worker} ms in a worker`);
    return undo;
  }
  const cdp = await p.context.newCDPSession(p.page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  console.log(`phone slowed ${rate}x by Chromium's page throttle (its workers at full speed)`);
  return null;
}

/** Bytes up and down the sync proxy from now, the connections that
 *  carried them and who ended any: `stop()` gives them. */
function countBytes() {
  const bytes = { up: 0, down: 0, conns: new Set(), closed: [] };
  const was = syncTrace.on;
  const wasClosed = syncTrace.closed;
  syncTrace.on = (dir, id, n) => { bytes[dir] += n; bytes.conns.add(id); was?.(dir, id, n); };
  syncTrace.closed = (id, by) => { if (bytes.conns.has(id)) bytes.closed.push(by); wasClosed?.(id, by); };
  return () => { syncTrace.on = was; syncTrace.closed = wasClosed; return bytes; };
}
const mb = (n) => `${(n / 1e6).toFixed(2)} MB`;
/** The bytes of every document the sync server stores (its folder). */
function storedBytes(dir = servers.sync.data) {
  let n = 0;
  for (const f of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, f.name);
    n += f.isDirectory() ? storedBytes(p) : fs.statSync(p).size;
  }
  return n;
}
const wire = (b) => `${mb(b.up)} up, ${mb(b.down)} down, ${b.conns.size} connection(s)${b.closed.length ? ` (ended by ${b.closed.join(', ')})` : ''}`;

/** `n` players' names and `nights` weekly nights (5 years: 260). */
function seedRosterAndNights(players, nights) {
  const names = Array.from({ length: players }, (_, i) => `Player ${String(i + 1).padStart(3, '0')}`);
  const week = 7 * 24 * 3_600_000;
  const t0 = Date.now() - nights * week;
  const list = Array.from({ length: nights }, (_, i) => ({
    schema: 3, id: `night${i}`, rev: 1, name: `Thursday ${i + 1}`, started_ms: t0 + i * week,
    ended_ms: t0 + i * week + 4 * 3_600_000, left_out: [], updated_ms: t0 + i * week + 4 * 3_600_000,
  }));
  return { roster: { schema: 3, names }, nights: list };
}

/** A real club's size (issue 36): 260 nights, 200 players, 5,000 games
 *  made into a club on phone A; phone B, at 4x CPU, joins: ms until its
 *  club page says every game is there and its home lists them; then
 *  `hands` hands across the two phones, both at 4x. */
async function realClub(games, hands) {
  const a = await phone();
  const b = await phone();
  await a.context.addInitScript(traceWorkers);
  await b.context.addInitScript(traceWorkers);
  const undo = [];
  try {
    await a.page.goto(`${servers.url}/`);
    await homeReady(a.page);
    const rows = seedGames(games);
    for (let i = 0; i < rows.length; i += 250) await idbSeed(a.page, rows.slice(i, i + 250));
    const { roster, nights } = seedRosterAndNights(200, 260);
    await a.page.evaluate(async ({ roster, nights }) => {
      const db = await new Promise((res, rej) => {
        const r = indexedDB.open('chicken-scores');
        r.onsuccess = () => res(r.result);
        r.onerror = () => rej(r.error);
      });
      const tx = db.transaction(['meta', 'nights'], 'readwrite');
      tx.objectStore('meta').put({ t: JSON.stringify(roster) }, 'roster');
      for (const n of nights) tx.objectStore('nights').put({ t: JSON.stringify(n) }, n.id);
      await new Promise((res, rej) => { tx.oncomplete = res; tx.onabort = () => rej(tx.error); });
      db.close();
    }, { roster, nights });
    const t0 = performance.now();
    const making = countBytes();
    const link = await createClub(a, 'Five years');
    const everyGame = `${games} of ${games} games`;
    await a.page.getByTestId('club-status').filter({ hasText: `In step with the club's server. ${everyGame}` }).waitFor({ timeout: 1_800_000 });
    const made = performance.now() - t0;
    const madeBytes = making();
    console.log(`club made on A: in step with the server after ${ms(made)} ms, ${wire(madeBytes)}; the server stores ${mb(storedBytes())} of the club's documents (${(madeBytes.up / storedBytes()).toFixed(2)}x up)`);
    undo.push(await throttle(b, 4));
    const joining = countBytes();
    await b.page.goto(link);
    const t1 = performance.now();
    await b.page.getByTestId('club-join-invited').click();
    // The person goes home as soon as the club is joined (the club page's
    // "‹ Games"): every game listed there (from the club's list, issue
    // 53), then every game's entries on the phone (the club page's count).
    await b.page.getByTestId('club-name-shown').filter({ hasText: 'Five years' }).waitFor({ timeout: 1_800_000 });
    const every = b.page.getByTestId('history-link').filter({ hasText: `(${games})` });
    await b.page.getByRole('link', { name: 'Back to all games' }).click();
    await every.waitFor({ timeout: 1_800_000 });
    const listed = performance.now() - t1;
    const homeMemory = await workerMemory(b);
    await b.page.goto(`${servers.url}/records/club`);
    await b.page.getByTestId('club-status').filter({ hasText: everyGame }).waitFor({ timeout: 1_800_000 });
    const here = performance.now() - t1;
    const joinBytes = joining();
    console.log(`B joined: ${wire(joinBytes)}; its sync worker's memory: home's, every game listed, ${homeMemory}; the club page's, every game's entries here, ${await workerMemory(b)}`);
    // Said now: the hands that follow can fail on their own.
    console.log(`real club (${games} games, 200 players, 260 nights): made and sent from the phone holding them ${ms(made)} ms; joined at 4x: every game listed on home (its "‹ Games" tapped) ${ms(listed)} ms, every game's entries here ${ms(here)} ms`);
    // B closed; a game made on A and held by the server; then B's home
    // opened again (its worker started again over every stored game): ms
    // until the game is listed there. (With B's page left open, its worker
    // took the game before the reload, and the figure said nothing.)
    await b.page.goto('about:blank');
    const game = await newGame(a);
    await a.page.goto(`${servers.url}/records/club`);
    await stalled(a.page.getByTestId('club-status').filter({ hasText: `In step with the club's server. ${games + 1} of ${games + 1} games` }), a, b, 'A in step with the new game');
    const t2 = performance.now();
    const after = Date.now();
    await b.page.goto(`${servers.url}/`);
    await stalled(b.page.getByTestId(`game-${game.split('/').pop()}`), a, b, "the new game on B's home");
    const reopened = performance.now() - t2;
    const trace = (await b.page.evaluate(() => window.__trace || [])).filter(([, at]) => at >= after);
    const told = (what) => trace.filter(([w]) => w === what).length;
    console.log(`B's home opened again: a game just made on A listed after ${ms(reopened)} ms; B's worker told its page of ${told('game')} games and of the club ${told('club')} times meanwhile`);
    // B's club page opened again: until it is in step with every game
    // (the finished ones at rest), and the bytes it took.
    const reopening = countBytes();
    const t3 = performance.now();
    await b.page.goto(`${servers.url}/records/club`);
    await b.page.getByTestId('club-status').filter({ hasText: `In step with the club's server. ${games + 1} of ${games + 1} games` }).waitFor({ timeout: 1_800_000 });
    const inStep = performance.now() - t3;
    const reBytes = reopening();
    console.log(`B's club page opened again: in step after ${ms(inStep)} ms, ${wire(reBytes)}`);
    undo.push(await throttle(a, 4));
    const lat = await handsAcross(a, b, hands);
    return { made, here, listed, lat };
  } finally {
    for (const u of undo) u?.();
    await a.close();
    await b.close();
  }
}

/** The memory of phone `p`'s sync worker: its WASM module's linear
 *  memory (the replica's documents; it never shrinks, so its peak) and
 *  the worker's JavaScript heap, in MB. */
async function workerMemory(p) {
  const worker = p.page.workers().find((w) => w.url().includes('/sync/worker.js'));
  if (!worker) return 'no worker';
  const bytes = await worker.evaluate(async () => {
    // The glue's module, imported again, is the instance the worker runs:
    // its init, called again, gives the module's exports.
    const src = await (await fetch(location.href)).text();
    const glue = src.match(/from '([^']+sync-worker\.js)'/)[1];
    const exports = await (await import(new URL(glue, location.href).href)).default();
    return { wasm: exports.memory.buffer.byteLength };
  });
  return `${mb(bytes.wasm)} of WASM memory (its peak)`;
}

/** Waits for `locator`; past 3 minutes (a stall), says what A's club
 *  page and B's page and club page show, then fails. */
async function stalled(locator, a, b, what) {
  try {
    await locator.waitFor({ timeout: 180_000 });
  } catch (e) {
    const text = async (p) => (await p.page.locator('body').innerText().catch(() => '')).replace(/\s+/g, ' ').slice(0, 500);
    console.log(`STALL waiting for ${what}. A: ${await text(a)}`);
    console.log(`B: ${await text(b)}`);
    await b.page.goto(`${servers.url}/records/club`).catch(() => {});
    await new Promise((r) => setTimeout(r, 20_000));
    console.log(`B's club page 20 s later: ${await text(b)}`);
    throw e;
  }
}

async function join() {
  const a = await phone();
  const b = await phone();
  try {
    await a.page.goto(`${servers.url}/`);
    await homeReady(a.page);
    const rows = seedGames(GAMES);
    for (let i = 0; i < rows.length; i += 100) await idbSeed(a.page, rows.slice(i, i + 100));
    const t0 = performance.now();
    const link = await createClub(a, 'Two hundred');
    const everyGame = `${GAMES} of ${GAMES} games`;
    await a.page.getByTestId('club-status').filter({ hasText: `In step with the club's server. ${everyGame}` }).waitFor({ timeout: 300_000 });
    const made = performance.now() - t0;
    // THROTTLE=4: the joining phone's CPU slowed 4x (a cheap phone).
    if (process.env.THROTTLE) {
      const cdp = await b.context.newCDPSession(b.page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.THROTTLE) });
    }
    await b.page.goto(link);
    const t1 = performance.now();
    await b.page.getByTestId('club-join-invited').click();
    await b.page.getByTestId('club-status').filter({ hasText: everyGame }).waitFor({ timeout: 300_000 });
    const here = performance.now() - t1;
    await b.page.goto(`${servers.url}/`);
    await b.page.getByTestId('history-link').filter({ hasText: `(${GAMES})` }).waitFor({ timeout: 300_000 });
    const listed = performance.now() - t1;
    return { made, here, listed };
  } finally {
    await a.close();
    await b.close();
  }
}

async function noClubBytes() {
  const p = await phone();
  try {
    const cdp = await p.context.newCDPSession(p.page);
    await cdp.send('Network.enable');
    let bytes = 0;
    const urls = [];
    const byId = new Map();
    cdp.on('Network.responseReceived', (e) => { urls.push(e.response.url); byId.set(e.requestId, e.response.url); });
    cdp.on('Network.loadingFinished', (e) => {
      bytes += e.encodedDataLength;
      // BENCH_FILES=1: each file and its bytes.
      if (process.env.BENCH_FILES) console.log(`  ${e.encodedDataLength} B ${byId.get(e.requestId)}`);
    });
    await p.page.goto(`${servers.url}/`);
    await p.page.getByTestId('new-chickenfoot').waitFor();
    const home = bytes;
    await p.page.getByTestId('new-chickenfoot').click();
    await p.page.getByRole('heading', { name: /^New / }).waitFor();
    await p.page.getByTestId('start-game').waitFor();
    const sync = urls.filter((u) => u.includes('/sync/'));
    return { home, newGame: bytes, sync };
  } finally {
    await p.close();
  }
}

await startServers();
try {
  if (process.argv[2] === 'real') {
    const games = Number(process.argv[3] || 5000);
    const r = await realClub(games, Number(process.argv[4] || 20));
    console.log(`hand on A visible on B, both at 4x (${r.lat.length} hands): median ${ms(pct(r.lat, 50))} ms, p95 ${ms(pct(r.lat, 95))} ms, max ${ms(sorted(r.lat).at(-1))}`);
    printStages();
    if (TRACE) console.log(`each hand, in order (ms): ${r.lat.map(ms).join(' ')}`);
  } else {
    await standard();
  }
} finally {
  await stopServers();
}

/** TRACE=1: the hands' way, stage by stage. */
function printStages() {
  if (!TRACE) return;
  const names = ['the test driver: to the tap (Playwright\'s checks before a click)', "A's page: the save, kept, read back for its worker", "A's worker: the document, to the wire", 'the sync server', "B's worker: the document, to its page", "B's page: checked, kept, drawn"];
  console.log(`its way, median over ${stages.length} hands (ms):`);
  names.forEach((n, i) => console.log(`  ${n}: ${ms(pct(stages.map((s) => s[i]), 50))} (p95 ${ms(pct(stages.map((s) => s[i]), 95))})`));
  for (const s of stages.filter((x) => x.slice(1, 6).reduce((a, b) => a + b, 0) > 400)) {
    console.log(`  hand ${s[6]}, over 400 ms: ${s.slice(0, 6).map(ms).join(' / ')}`);
  }
}

/** The hands, the join of `GAMES` and the bytes of a phone in no club. */
async function standard() {
  const bytes = await noClubBytes();
  console.log(`phone in no club: home ${bytes.home} B, home + New Chickenfoot form ${bytes.newGame} B; sync files fetched: ${bytes.sync.length}`);
  if (ONLY_BYTES) return;
  const lat = await latency();
  console.log(`hand on A visible on B (${lat.length} hands): median ${ms(pct(lat, 50))} ms, p95 ${ms(pct(lat, 95))} ms, min ${ms(sorted(lat)[0])}, max ${ms(sorted(lat).at(-1))}`);
  printStages();
  const j = await join();
  console.log(`club of ${GAMES} games: made and sent from the phone holding them ${ms(j.made)} ms; joined on a new phone: every game there ${ms(j.here)} ms, listed on home ${ms(j.listed)} ms`);
}

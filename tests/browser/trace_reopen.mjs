// Where a joined phone's time goes when its home opens again on a club of
// years (issue 53): phone A makes a club of `games` finished games, phone
// B joins it (at full speed) and closes; A makes a game; B's home opens
// again under the CPU quota (cpu_quota.mjs) until the new game is
// listed. Printed per moment: the page's first paint and its worker's messages, and the sync
// worker's marks (its phases: worker.rs `mark`), in ms from the
// navigation. TRACE_ALL=1: traced instead (every thread: its busy time,
// its tasks over 40 ms, its functions by self time, sampled; WASM names
// need a worker built with KEEP_NAMES=1: tests/tools/sync-worker.sh; the
// trace slows the phone further). Opens `times` times.
// Not a test: it reports.
// Usage: node tests/browser/trace_reopen.mjs [games=5000] [times=2]
//        (after tests/tools/build.sh; CHICKEN_DIST=<dist> for another build)
import fs from 'node:fs';
import { homeReady } from './harness.mjs';
import { idbSeed } from './idb.mjs';
import { slowBrowser } from './cpu_quota.mjs';
import { servers, startServers, stopServers, phone, createClub, newGame, seedGames } from './club_harness.mjs';

const GAMES = Number(process.argv[2] || 5000);
const TIMES = Number(process.argv[3] || 2);
const CATEGORIES = 'toplevel,devtools.timeline,v8.execute,disabled-by-default-v8.cpu_profiler,blink.user_timing';

async function traced(cdp, run) {
  const events = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
  const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
  await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents' });
  const out = await run();
  await cdp.send('Tracing.end');
  await done;
  return { out, events };
}

/** Per thread: busy ms, its long tasks and its functions by self time. */
function report(events, t0us, endUs) {
  const names = new Map(events.filter((e) => e.ph === 'M' && e.name === 'thread_name').map((e) => [`${e.pid}:${e.tid}`, e.args.name]));
  const wanted = (k) => /CrRendererMain|DedicatedWorker/.test(names.get(k) || '');
  const tasks = events.filter((e) => e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask' && e.ts >= t0us && e.ts <= endUs);
  const samples = profileSamples(events);
  for (const k of new Set(tasks.map((e) => `${e.pid}:${e.tid}`))) {
    if (!wanted(k)) continue;
    const mine = tasks.filter((e) => `${e.pid}:${e.tid}` === k);
    const busy = mine.reduce((s, e) => s + e.dur, 0) / 1000;
    console.log(`\n== ${names.get(k)} (${k}): busy ${busy.toFixed(0)} ms of ${((endUs - t0us) / 1000).toFixed(0)}`);
    for (const e of mine.filter((e) => e.dur > 40_000)) {
      const top = selfTimes((samples.get(k) || []).filter((s) => s.ts >= e.ts && s.ts <= e.ts + e.dur), 3);
      console.log(`  at ${((e.ts - t0us) / 1000).toFixed(0)} ms: ${(e.dur / 1000).toFixed(0)} ms  ${top}`);
    }
    console.log(`  by self time:\n${selfTimes((samples.get(k) || []).filter((s) => s.ts >= t0us && s.ts <= endUs), 25, '\n    ')}`);
  }
}

/** The sampled profiles of the trace: per thread, [{ ts, fn }]. */
function profileSamples(events) {
  const byId = new Map();
  for (const e of events) {
    if (e.ph !== 'P') continue;
    const key = `${e.pid}:${e.id}`;
    if (e.name === 'Profile') byId.set(key, { thread: `${e.pid}:${e.tid}`, ts: e.args.data.startTime, nodes: new Map(), out: [] });
    if (e.name !== 'ProfileChunk') continue;
    const p = byId.get(key);
    if (!p) continue;
    const d = e.args.data;
    for (const n of d.cpuProfile?.nodes || []) p.nodes.set(n.id, (n.callFrame.functionName || n.callFrame.url || '(anonymous)').replace(/17h[0-9a-f]{16}E$/, '').slice(0, 110));
    (d.cpuProfile?.samples || []).forEach((id, i) => { p.ts += d.timeDeltas[i]; p.out.push({ ts: p.ts, fn: id }); });
  }
  const out = new Map();
  for (const p of byId.values()) {
    const list = out.get(p.thread) || [];
    for (const s of p.out) list.push({ ts: s.ts, fn: p.nodes.get(s.fn) || '?' });
    out.set(p.thread, list);
  }
  return out;
}

function selfTimes(samples, n, sep = ', ') {
  const counts = {};
  for (let i = 1; i < samples.length; i++) {
    const dt = Math.min(samples[i].ts - samples[i - 1].ts, 2000) / 1000;
    if (samples[i].fn === '(idle)' || samples[i].fn === '(program)') continue;
    counts[samples[i].fn] = (counts[samples[i].fn] || 0) + dt;
  }
  return sep.trimStart() + Object.entries(counts).sort((a, b) => b[1] - a[1]).slice(0, n).map(([f, v]) => `${v.toFixed(0)} ms ${f}`).join(sep);
}

/** The page's moments (its navigation, first paint, the worker's
 *  messages) and the sync worker's marks (worker.rs `mark`), in ms from
 *  the navigation. */
async function phases(p) {
  const page = await p.page.evaluate(() => ({
    origin: performance.timeOrigin,
    paint: performance.getEntriesByType('paint').map((e) => [e.name, e.startTime]),
    heard: (window.__heard || []).map(([w, at]) => [w, at - performance.timeOrigin]),
  }));
  const worker = p.page.workers().find((w) => w.url().includes('/sync/worker.js'));
  const marks = worker ? await worker.evaluate(() => performance.getEntriesByType('mark').map((m) => [m.name, performance.timeOrigin + m.startTime])) : [];
  const rows = [
    ...page.paint.map(([n, at]) => [at, `page: ${n}`]),
    ...page.heard.map(([n, at]) => [at, `page: heard ${n}`]),
    ...marks.map(([n, at]) => [at - page.origin, `worker: ${n}`]),
  ].sort((x, y) => x[0] - y[0]);
  for (const [at, what] of rows) console.log(`  ${String(Math.round(at)).padStart(6)} ms  ${what}`);
}

/** Notes, in each page, when its sync worker tells it of the club or a
 *  game (the first 50). */
function noteHeard() {
  const on = Object.getOwnPropertyDescriptor(Worker.prototype, 'onmessage');
  Object.defineProperty(Worker.prototype, 'onmessage', {
    get() { return on.get.call(this); },
    set(fn) {
      on.set.call(this, fn && ((e) => {
        const h = (window.__heard ||= []);
        if (h.length < 50 && typeof e.data === 'string') {
          const kind = e.data.match(/^\{"t":"(\w+)"/)?.[1];
          if (kind === 'club' || kind === 'game') h.push([kind, Date.now()]);
        }
        return fn(e);
      }));
    },
  });
}

/** What phone `p` holds of game `id`: the app's keys naming it, and the
 *  sync's words of games made here and its documents' count. */
async function storedOf(p, id) {
  return p.page.evaluate(async (id) => {
    const open = (name) => new Promise((res, rej) => { const o = indexedDB.open(name); o.onsuccess = () => res(o.result); o.onerror = () => rej(o.error); });
    const keys = (db, store) => new Promise((res) => { const r = db.transaction(store).objectStore(store).getAllKeys(); r.onsuccess = () => res(r.result); r.onerror = () => res([]); });
    const app = await open('chicken-scores');
    const appKeys = {};
    for (const store of app.objectStoreNames) appKeys[store] = (await keys(app, store)).filter((k) => String(k).includes(id));
    app.close();
    const sync = await open('chicken-scores-sync');
    const all = await keys(sync, 'chunks');
    sync.close();
    const docs = new Set(all.map((k) => k[0]));
    return { appKeys, made: all.filter((k) => k.includes('~made')).map((k) => k.join('/')), kept: all.filter((k) => k[0] === 'chicken-kept').length, documents: docs.size };
  }, id);
}

/** What phone `p` stores of its club's document, before it opens: each
 *  chunk's kind and bytes, printed, and written into `dir` (CHUNKS=1). */
async function clubChunks(p, dir) {
  await p.page.goto(`${servers.url}/robots.txt`);
  const chunks = await p.page.evaluate(async () => {
    const url = JSON.parse(localStorage.getItem('chicken.club') || '{}').url || '';
    const doc = url.replace('automerge:', '');
    const db = await new Promise((res, rej) => { const o = indexedDB.open('chicken-scores-sync'); o.onsuccess = () => res(o.result); o.onerror = () => rej(o.error); });
    const all = await new Promise((res) => {
      const out = [];
      const c = db.transaction('chunks').objectStore('chunks').openCursor();
      c.onsuccess = () => {
        const cur = c.result;
        if (!cur) return res(out);
        if (cur.key[0] === doc) out.push({ key: cur.key.slice(1).join('/'), bytes: Array.from(new Uint8Array(cur.value.buffer ?? cur.value)) });
        cur.continue();
      };
    });
    db.close();
    return all;
  });
  const kinds = {};
  for (const c of chunks) { const k = c.key.split('/')[0]; kinds[k] = kinds[k] || [0, 0]; kinds[k][0]++; kinds[k][1] += c.bytes.length; }
  console.log(`the club's document on B before it opens: ${JSON.stringify(kinds)}`);
  if (!process.env.CHUNKS) return;
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  chunks.forEach((c, i) => fs.writeFileSync(`${dir}/${String(i).padStart(4, '0')}-${c.key.replaceAll('/', '_')}`, Buffer.from(c.bytes)));
}

await startServers();
const a = await phone();
const b = await phone();
await b.context.addInitScript(noteHeard);
try {
  await a.page.goto(`${servers.url}/`);
  await homeReady(a.page);
  const rows = seedGames(GAMES);
  for (let i = 0; i < rows.length; i += 250) await idbSeed(a.page, rows.slice(i, i + 250));
  const link = await createClub(a, 'Five years');
  const inStep = (n) => a.page.getByTestId('club-status').filter({ hasText: `In step with the club's server. ${n} of ${n} games` });
  await inStep(GAMES).waitFor({ timeout: 1_800_000 });
  await b.page.goto(link);
  await b.page.getByTestId('club-join-invited').click();
  await b.page.getByTestId('club-name-shown').filter({ hasText: 'Five years' }).waitFor({ timeout: 600_000 });
  await b.page.goto(`${servers.url}/records/club`);
  await b.page.getByTestId('club-status').filter({ hasText: `${GAMES} of ${GAMES} games` }).waitFor({ timeout: 1_800_000 });
  console.log(`B joined ${GAMES} games`);
  for (let t = 0; t < TIMES; t++) {
    await b.page.goto('about:blank');
    const game = await newGame(a);
    await a.page.goto(`${servers.url}/records/club`);
    await inStep(GAMES + 1 + t).waitFor({ timeout: 180_000 }).catch(async (e) => {
      console.log(`STALL: A's club page says: ${(await a.page.locator('main, body').first().innerText()).replace(/\s+/g, ' ').slice(0, 300)}`);
      console.log(`A's storage of game ${game}: ${JSON.stringify(await storedOf(a, game.split('/').pop()))}`);
      throw e;
    });
    await clubChunks(b, `/tmp/club-chunks-${t + 1}`);
    const undo = slowBrowser(b.profile, 4);
    const listed = b.page.getByTestId(`game-${game.split('/').pop()}`);
    if (process.env.TRACE_ALL) {
      const cdp = await b.context.newCDPSession(b.page);
      const t0 = Date.now();
      const { out, events } = await traced(cdp, async () => {
        await b.page.goto(`${servers.url}/`);
        const painted = await b.page.getByTestId('new-chickenfoot').waitFor().then(() => Date.now() - t0);
        await listed.waitFor({ timeout: 180_000 });
        return { painted, listed: Date.now() - t0 };
      });
      await cdp.detach();
      const nav = events.find((e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL?.startsWith(servers.url));
      const t0us = nav ? nav.ts : Math.min(...events.filter((e) => e.ts > 0).map((e) => e.ts));
      console.log(`\n### opening ${t + 1}: home painted ${out.painted} ms, the new game listed ${out.listed} ms (driver's clock)`);
      report(events, t0us, t0us + out.listed * 1000);
    } else {
      await b.page.goto(`${servers.url}/`);
      await listed.waitFor({ timeout: 180_000 });
      console.log(`\n### opening ${t + 1}:`);
      await phases(b);
    }
    undo();
  }
} finally {
  await a.close();
  await b.close();
  await stopServers();
}

// Offline: the service worker (public/sw.js, its file list and version
// written by tests/tools/postbuild.mjs) keeps one whole release.
//  (a) after the first visit every file the app needs is cached, byte for
//      byte, and every page (home, all six games, records) opens offline;
//  (b) a server error is never cached nor shown: an error while installing
//      fails the install (tried again later), an error page for a
//      navigation is replaced by the cached page, online and offline;
//  (c) with a stalled network (requests never answered) a navigation shows
//      the cached app within a few seconds;
//  (d) a new release replaces every cached file, pages never visited
//      included, and leaves no old file or cache behind;
//  (e) the server sends the precompressed brotli/gzip files, which decode
//      to the raw bytes.
// The tests serve dist/ through tests/tools/static-server.mjs's handler
// wrapped with switches that answer 500, never answer, or drop every
// connection (the server gone: offline on WebKit and Gecko, whose drivers
// cannot take a browser offline; Chromium is taken offline itself).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { DIST, homeReady, poll, within } from './harness.mjs';
import { launchPhone } from './engines/index.mjs';
import { HomeScreen } from './pages.mjs';
import { handler, startServer } from '../tools/static-server.mjs';
import { offlineFiles, stampWorker, COMPRESSIBLE } from '../tools/postbuild.mjs';
import { removeDir } from './engines/process.mjs';

const WAIT = { timeout: 10_000 };
const sha256 = (b) => crypto.createHash('sha256').update(b).digest('hex');
// Chromium's and Gecko's lines for loads the network (or the service worker
// answering from it) failed while the server is gone.
const OFFLINE_NOISE = /ERR_INTERNET_DISCONNECTED|Failed to load resource|ERR_EMPTY_RESPONSE|A ServiceWorker intercepted the request and encountered an unexpected error/;

/** Serves `dir` as the project's server does, plus switches:
 *  `fail(match, n)` answers the next n requests `match(pathname)` accepts
 *  with a 500 page; `stall = match` never answers those it accepts;
 *  `drop = match` drops their connections (`down = true`: every one). */
async function serve(dir) {
  const inner = handler(dir);
  const sw = { fails: [], stall: null, held: [], seen: [] };
  const server = http.createServer((req, res) => {
    const p = new URL(req.url, 'http://x').pathname;
    sw.seen.push(p);
    if (sw.down || sw.drop?.(p)) { req.socket.destroy(); return; }
    if (sw.stall && sw.stall(p)) { sw.held.push(res); return; }
    const f = sw.fails.find((x) => x.left > 0 && x.match(p));
    if (f) {
      f.left -= 1;
      f.hit.push(p);
      f.hitOnce();
      res.writeHead(500, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' });
      res.end('<!doctype html><title>Oops</title><h1>Server error 500</h1>');
      return;
    }
    inner(req, res);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  // `hit` lists the requests answered 500; `answered` settles at the first.
  sw.fail = (match, n = 1) => {
    const f = { match, left: n, hit: [] };
    f.answered = new Promise((r) => { f.hitOnce = r; });
    sw.fails.push(f);
    return f;
  };
  sw.close = async () => {
    for (const res of sw.held) res.destroy();
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  };
  sw.url = `http://127.0.0.1:${server.address().port}`;
  return sw;
}

/** The app from `dir` in a fresh phone (on the engine under test), home
 *  screen shown. `offline(true)` takes it off the network: Chromium itself,
 *  elsewhere by the server dropping every connection. */
async function open(dir = DIST) {
  const server = await serve(dir);
  const phone = await launchPhone({ allow: [OFFLINE_NOISE] });
  const { page, context, errors } = phone;
  await page.goto(server.url + '/');
  await page.getByRole('heading', { name: /Chicken Scores/ }).waitFor();
  return {
    page, context, server, errors, url: server.url, engine: phone.engine, allow: phone.allow,
    async offline(on) {
      if (phone.engine === 'chromium') await context.setOffline(on);
      else server.down = on;
    },
    async close() {
      await phone.close();
      await server.close();
      removeDir(phone.profile);
    },
  };
}

/** What the app needs offline: URL path -> "200:<sha-256 of the bytes>". */
function expected(dir) {
  return Object.fromEntries(offlineFiles(dir).map((f) => [`/${f}`, `200:${sha256(fs.readFileSync(path.join(dir, f)))}`]));
}

/** What the page's caches hold for each of `files` ("status:sha-256" or null). */
function cachedNow(page, files) {
  return page.evaluate(async (files) => {
    const hex = (b) => [...new Uint8Array(b)].map((x) => x.toString(16).padStart(2, '0')).join('');
    const out = {};
    for (const f of files) {
      const r = await caches.match(f, { ignoreVary: true });
      out[f] = r ? `${r.status}:${hex(await crypto.subtle.digest('SHA-256', await r.arrayBuffer()))}` : null;
    }
    return out;
  }, files);
}

/** Waits until the caches hold exactly `want`'s bytes for each file;
 *  returns the files still missing or wrong after `ms`. */
async function waitCached(page, want, ms = 45_000) {
  const files = Object.keys(want);
  let wrong = files;
  await poll(async () => {
    const have = await cachedNow(page, files);
    wrong = files.filter((f) => have[f] !== want[f]);
    return !wrong.length;
  }, { timeout: ms, interval: 500 });
  return wrong;
}

/** Only the pages and the code they load, of `want`. */
const codeOf = (want) => Object.fromEntries(Object.entries(want).filter(([f]) => /\.(html|js|wasm|css)$/.test(f)));

/** Every entry of every cache the origin holds: [cache, url, status, is the 500 page]. */
function allEntries(page) {
  return page.evaluate(async () => {
    const out = [];
    for (const name of await caches.keys()) {
      const c = await caches.open(name);
      for (const req of await c.keys()) {
        const r = await c.match(req, { ignoreVary: true });
        out.push([name, new URL(req.url).pathname, r.status, (await r.text()).includes('Server error 500')]);
      }
    }
    return out;
  });
}

/** The app's pages: home, each game's new-game page (the manifest's
 *  shortcuts), the records bundle; each with what shows it is ready. */
function routes(dir) {
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.webmanifest'), 'utf8'));
  return [
    ['/', (p) => p.getByRole('heading', { name: /Chicken Scores/ })],
    ...manifest.shortcuts.map((s) => [s.url, (p) => p.getByTestId('start-game')]),
    ['/records/players', (p) => p.getByRole('heading', { name: 'Players' })],
  ];
}

async function everyPageOpens(app, dir) {
  for (const [route, ready] of routes(dir)) {
    await app.page.goto(app.url + route, { waitUntil: 'commit' });
    await ready(app.page).first().waitFor(WAIT);
  }
}

test('(a) after one visit every listed file is cached and every page opens offline', async () => {
  const want = expected(DIST);
  assert.ok(Object.keys(want).some((f) => f.endsWith('.wasm')));
  const app = await open();
  try {
    const wrong = await waitCached(app.page, want);
    assert.deepEqual(wrong, [], 'every file the app needs is cached with the bytes of dist/');
    const names = (await app.page.evaluate(() => caches.keys())).filter((n) => !n.endsWith('-runtime'));
    assert.equal(names.length, 1, `one cache, named by the release: ${names}`);

    await app.offline(true);
    assert.equal(routes(DIST).length, 8, 'home, six games, records');
    await everyPageOpens(app, DIST);
    // A game started offline is kept.
    await app.page.goto(app.url + '/');
    const home = new HomeScreen(app.page);
    const setup = await home.startNew('playing-chicken');
    await setup.addPlayers(['Ann', 'Bob', 'Cy']);
    await app.page.getByTestId('start-game').click();
    await app.page.getByText('Round 1 of 5 · trick 1 of 5').first().waitFor();
    await app.page.reload();
    await app.page.getByTestId('leaders').waitFor();
    await app.page.goto(app.url + '/');
    assert.match(await home.inProgress().textContent(), /Playing Chicken: Ann, Bob, Cy/);
    assert.deepEqual(app.errors.filter((e) => !OFFLINE_NOISE.test(e)), []);
  } finally {
    await app.offline(false);
    await app.close();
  }
});

test('(b) a server error is never cached nor shown in place of the app', async () => {
  const want = expected(DIST);
  const app = await open();
  try {
    const { page, server } = app;
    // While the worker installs (it registers 4 s after start), one WASM
    // file the first screen did not load answers 500, once.
    const wasm = Object.keys(want).find((f) => f.endsWith('.wasm') && !server.seen.includes(f));
    assert.ok(wasm, 'a WASM file the home screen does not load');
    const wasm500 = server.fail((p) => p === wasm);
    await within(wasm500.answered, 30_000, `the worker asks for ${wasm}`);
    assert.equal(wasm500.hit.length, 1, `the worker asked for ${wasm} and got 500`);
    // The install ends when the installing worker leaves "installing".
    const settled = await within(page.evaluate(async () => {
      const reg = await navigator.serviceWorker.getRegistration();
      const worker = reg?.installing;
      if (worker) {
        await new Promise((r) => {
          const check = () => { if (worker.state !== 'installing') r(); };
          worker.addEventListener('statechange', check);
          check();
        });
      }
      return { active: !!reg?.active, waiting: !!reg?.waiting };
    }), 30_000, 'the install ended');
    assert.deepEqual((await allEntries(page)).filter(([, , status, oops]) => status !== 200 || oops), [], 'no error cached');
    assert.deepEqual(settled, { active: false, waiting: false }, 'an install that met an error does not take over');

    // The next start registers the worker again; this time it installs.
    await page.reload();
    assert.deepEqual(await waitCached(page, want), [], 'the second install caches every file');

    // A navigation answered 500 while online: the cached page instead.
    const again = server.fail((p) => p === '/' || p.endsWith('/index.html'));
    await page.goto(app.url + '/', { waitUntil: 'commit' });
    await page.getByRole('heading', { name: /Chicken Scores/ }).waitFor(WAIT);
    assert.equal(again.hit.length, 1, 'the server did answer that navigation 500');
    assert.equal(await page.getByText('Server error 500').count(), 0);
    // And offline: still the app, never an error page.
    await app.offline(true);
    for (const [route, ready] of routes(DIST).filter(([r]) => r === '/' || /chickenfoot/.test(r))) {
      await page.goto(app.url + route, { waitUntil: 'commit' });
      await ready(page).first().waitFor(WAIT);
      assert.equal(await page.getByText('Server error 500').count(), 0);
    }
    assert.deepEqual((await allEntries(page)).filter(([, , status, oops]) => status !== 200 || oops), [], 'no error cached');
  } finally {
    await app.offline(false);
    await app.close();
  }
});

test('(c) with a stalled network the cached app shows within a few seconds', async (t) => {
  const app = await open();
  try {
    const { page, server } = app;
    // The pages and the code they load are cached.
    assert.deepEqual(await waitCached(page, codeOf(expected(DIST))), []);
    server.stall = () => true; // connections accepted, never answered
    for (const [route, ready] of routes(DIST).filter(([r]) => r === '/' || /chickenfoot/.test(r))) {
      const t0 = Date.now();
      await page.goto(app.url + route, { waitUntil: 'commit', timeout: 20_000 });
      await ready(page).first().waitFor({ timeout: 20_000 });
      const ms = Date.now() - t0;
      t.diagnostic(`${route}: shown ${ms} ms after the navigation began, network stalled`);
      assert.ok(ms < 8000, `${route} shown after ${ms} ms with the network stalled (at most about 3 s + start)`);
    }
    assert.ok(server.held.length > 0, 'the navigations did reach the stalled server');
  } finally {
    await app.close();
  }
});

/** Makes `dir` (a copy of a release) the next release, as a build would:
 *  every page changes, one WASM file gets a new hashed name (the old one
 *  is gone), then tests/tools/postbuild.mjs writes the new list and
 *  version into sw.js (stale .br/.gz copies of changed files removed). */
function nextRelease(dir, wasm) {
  const drop = (f) => { fs.rmSync(`${f}.br`, { force: true }); fs.rmSync(`${f}.gz`, { force: true }); };
  // The content hash is in the file's name (Trunk's name-<hash>.ext) or in
  // its folder (the split WASM: /wasm/<hash>/chunk_9.wasm).
  const oldHash = (wasm.match(/[0-9a-f]{16}/) || [])[0];
  assert.ok(oldHash, `${wasm} has a hash in its path`);
  const newHash = 'feedfacefeedface';
  const inName = path.posix.basename(wasm).includes(oldHash);
  for (const f of offlineFiles(dir)) {
    const abs = path.join(dir, f);
    if (!/\.(html|js|json)$/.test(f)) continue;
    let text = fs.readFileSync(abs, 'utf8');
    const before = text;
    text = text.split(oldHash).join(newHash);
    if (f.endsWith('index.html')) text += '<!-- release 2 -->\n';
    if (text !== before) { fs.writeFileSync(abs, text); drop(abs); }
  }
  const from = path.join(dir, inName ? wasm.slice(1) : path.posix.dirname(wasm).slice(1));
  const to = path.join(path.dirname(from), path.basename(from).split(oldHash).join(newHash));
  fs.renameSync(from, to);
  if (inName) for (const ext of ['.br', '.gz']) if (fs.existsSync(from + ext)) fs.renameSync(from + ext, to + ext);
  const rel = stampWorker(dir);
  drop(path.join(dir, 'sw.js'));
  return { rel, newWasm: wasm.split(oldHash).join(newHash) };
}

test('(d) a new release replaces every cached file, pages never visited included', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chicken-release-'));
  fs.cpSync(DIST, dir, { recursive: true });
  const app = await open(dir);
  try {
    const { page } = app;
    const first = expected(dir);
    assert.deepEqual(await waitCached(page, codeOf(first)), [], 'release 1\'s pages and code cached');
    const oldCaches = await page.evaluate(() => caches.keys());
    const index = fs.readFileSync(path.join(dir, 'index.html'), 'utf8');
    const wasm = Object.keys(first).filter((f) => f.endsWith('.wasm')).find((f) => !index.includes(path.posix.basename(f)))
      || Object.keys(first).find((f) => f.endsWith('.wasm'));
    const { rel, newWasm } = nextRelease(dir, wasm);

    // The next start finds the new sw.js and installs it.
    await page.reload();
    await page.getByRole('heading', { name: /Chicken Scores/ }).waitFor();
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    const second = expected(dir);
    assert.ok(second[newWasm] && !second[wasm]);
    assert.deepEqual(await waitCached(page, codeOf(second)), [], 'release 2\'s pages and code cached, every page included');
    let names = [];
    await poll(async () => {
      names = await page.evaluate(() => caches.keys());
      return !names.some((n) => oldCaches.includes(n));
    }, { timeout: 10_000, interval: 250 });
    assert.deepEqual(names.filter((n) => oldCaches.includes(n)), [], 'release 1\'s cache is deleted');
    assert.deepEqual(names.filter((n) => !n.endsWith('-runtime')), [`chicken-scores-${rel.version}`], 'one cache, release 2\'s');
    const entries = await allEntries(page);
    assert.deepEqual(entries.filter(([, url]) => url === wasm), [], `the old ${wasm} is no longer cached`);
    const listed = entries.filter(([name]) => !name.endsWith('-runtime')).map(([, url]) => url);
    assert.deepEqual(listed.filter((u) => !second[u]), [], 'nothing cached that release 2 does not list');
    assert.deepEqual(await waitCached(page, second, 5000), [], 'every file of release 2 cached');

    // Offline, every page is release 2's, the renamed WASM file included.
    await app.offline(true);
    await everyPageOpens(app, dir);
    const pages = await page.evaluate(async (keys) => Promise.all(keys.map(async (k) => (await (await caches.match(k)).text()).includes('release 2'))),
      Object.keys(second).filter((f) => f.endsWith('index.html')));
    assert.ok(pages.every(Boolean), 'every cached page is release 2\'s');
    assert.deepEqual(app.errors.filter((e) => !OFFLINE_NOISE.test(e)), []);
  } finally {
    await app.offline(false);
    await app.close();
    removeDir(dir);
  }
});

/** GET `p` from `base` with an Accept-Encoding; the raw body and headers. */
function get(base, p, encoding) {
  return new Promise((resolve, reject) => {
    http.get(base + p, { headers: { 'Accept-Encoding': encoding } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

test('(e) the server sends the precompressed brotli and gzip files', async () => {
  const server = await startServer(DIST, 0, '127.0.0.1');
  const base = `http://127.0.0.1:${server.address().port}`;
  try {
    const files = offlineFiles(DIST).filter((f) => COMPRESSIBLE.test(f));
    const wasms = files.filter((f) => f.endsWith('.wasm'));
    assert.ok(wasms.length > 0);
    for (const f of wasms) {
      assert.ok(fs.existsSync(path.join(DIST, `${f}.br`)), `${f}.br written by tests/tools/postbuild.mjs`);
      const raw = fs.readFileSync(path.join(DIST, f));
      const br = await get(base, `/${f}`, 'gzip, deflate, br, zstd');
      assert.equal(br.headers['content-encoding'], 'br', `/${f} sent as brotli`);
      assert.equal(br.headers['content-type'], 'application/wasm');
      assert.equal(br.headers.vary, 'Accept-Encoding');
      assert.match(br.headers['cache-control'], /max-age=31536000, immutable/);
      assert.ok(zlib.brotliDecompressSync(br.body).equals(raw), `/${f} decodes to the raw bytes`);
      assert.ok(br.body.equals(fs.readFileSync(path.join(DIST, `${f}.br`))), 'the file written by the build, not compressed again');
      const gz = await get(base, `/${f}`, 'gzip, deflate');
      assert.equal(gz.headers['content-encoding'], 'gzip');
      assert.ok(zlib.gunzipSync(gz.body).equals(raw));
      assert.ok(br.body.length < gz.body.length, `brotli is smaller than gzip for /${f}`);
      const plain = await get(base, `/${f}`, 'identity');
      assert.equal(plain.headers['content-encoding'], undefined);
      assert.ok(plain.body.equals(raw));
    }
    for (const p of ['/sw.js', '/index.html', '/play/chickenfoot/new', '/manifest.webmanifest']) {
      const r = await get(base, p, 'br');
      assert.equal(r.headers['cache-control'], 'no-cache', `${p} is revalidated`);
      assert.equal(r.headers['content-encoding'], 'br', `${p} sent as brotli`);
    }
  } finally {
    await new Promise((r) => server.close(r));
  }
  // Chromium and Firefox ask 127.0.0.1 for brotli, so the app's WASM comes
  // as brotli; WebKitGTK asks plain http for gzip and deflate only (as
  // Safari, brotli over HTTPS), and gets the .gz file.
  const app = await open();
  try {
    const enc = await app.page.evaluate(async () => {
      const wasm = performance.getEntriesByType('resource').find((e) => e.name.endsWith('.wasm'));
      return wasm && { name: wasm.name, encoded: wasm.encodedBodySize, decoded: wasm.decodedBodySize };
    });
    assert.ok(enc, 'the home screen loaded a WASM file');
    const raw = fs.statSync(path.join(DIST, new URL(enc.name).pathname)).size;
    const ext = app.engine === 'webkit' ? 'gz' : 'br';
    const sent = fs.statSync(path.join(DIST, `${new URL(enc.name).pathname}.${ext}`)).size;
    assert.equal(enc.decoded, raw);
    assert.equal(enc.encoded, sent, `the browser received the .${ext} file`);
  } finally {
    await app.close();
  }
});

test('(f) a worker script that fails to load is tried again at the next start, with no page error', async () => {
  const app = await open();
  try {
    const { page, server } = app;
    // The app registers /sw.js 4 s after start: the script answers 500
    // (as when the page is left mid-load on WebKit, or the server hiccups).
    const script500 = server.fail((p) => p === '/sw.js', 2);
    await within(script500.answered, 30_000, 'the app asks for /sw.js');
    // Registrations of one scope run one after another, and one made while
    // an equivalent one is pending joins it (the spec's job coalescing):
    // either way this one settles only after the app's has failed, and
    // met a 500 (the app's or its own).
    const after = await page.evaluate(() => navigator.serviceWorker.register('/sw.js').then(() => 'registered', () => 'refused'));
    assert.equal(after, 'refused');
    assert.ok(script500.hit.length >= 1, 'the registrations met the 500');
    script500.left = 0; // the server is well again
    await page.getByRole('heading', { name: /Chicken Scores/ }).waitFor(WAIT);
    // Chromium logs the 500 itself, once per registration: the browser's line, not the app's.
    const browsersOwn = /^A bad HTTP response code \(500\) was received when fetching the script\.$/;
    app.allow(browsersOwn);
    assert.deepEqual(app.errors.filter((e) => !OFFLINE_NOISE.test(e) && !browsersOwn.test(e)), [], 'a failed registration is handled, not a page error');
    // The next start registers again, and the app is kept offline.
    await page.reload();
    assert.deepEqual(await waitCached(page, codeOf(expected(DIST))), []);
  } finally {
    await app.close();
  }
});

test('(g) a first visit whose code does not arrive says so, and Try again starts the app', async () => {
  const server = await serve(DIST);
  const phone = await launchPhone({ allow: [OFFLINE_NOISE] });
  const { page } = phone;
  try {
    server.drop = (p) => p.endsWith('.wasm');
    for (const route of ['/play/chickenfoot/new', '/']) {
      await page.goto(server.url + route);
      await page.getByTestId('start-failed').waitFor(WAIT);
      assert.match(await page.getByTestId('start-failed').textContent(), /could not start: its code did not arrive/);
      assert.equal(await page.getByTestId('opening').count(), 0, `${route}: no "Opening your games…" waiting for ever`);
    }
    server.drop = null;
    await page.getByRole('link', { name: 'Try again' }).click();
    await homeReady(page);
    assert.equal(await page.getByTestId('start-failed').isVisible(), false);
  } finally {
    await phone.close();
    await server.close();
    removeDir(phone.profile);
  }
});

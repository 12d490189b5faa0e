// Where the time goes when the installed app opens a saved game: a
// Chromium trace (CDP) of one open of a 10-player Chickenfoot game of 14
// hands, the service worker installed and its caches full, at 4x CPU;
// the page's renderer main thread summed by event name, and the WASM
// compilation events of every thread. Not a test: it reports.
// Usage: node tests/browser/trace_open.mjs (after tests/tools/build.sh).
import { chromium } from 'playwright-core';
import fs from 'node:fs'; import os from 'node:os'; import path from 'node:path';
import { startServer } from '../tools/static-server.mjs';
import { CHROMIUM_ARGS, DIST, homeReady, poll } from './harness.mjs';
import { idbSeed } from './idb.mjs';
import { bigGame } from './save_frame.mjs';
import { byName, mainThread, startTrace } from './trace.mjs';
const server = await startServer(DIST, 0, '127.0.0.1');
const url = `http://127.0.0.1:${server.address().port}`;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chicken-trace-'));
const context = await chromium.launchPersistentContext(dir, { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
const page = context.pages()[0];
const cdp = await context.newCDPSession(page);
await page.goto(url + '/'); await homeReady(page);
const files = JSON.parse(fs.readFileSync(path.join(DIST, 'sw.js'), 'utf8').match(/\/\*RELEASE\*\/([\s\S]*?)\/\*RELEASE\*\//)[1]).files;
await page.evaluate(async () => { await navigator.serviceWorker.ready; });
await poll(async () => (await page.evaluate(async (f) => (await Promise.all(f.map((x) => caches.match(x, { ignoreVary: true })))).every(Boolean), files)), { timeout: 60000, interval: 200 });
await idbSeed(page, [bigGame('bench10', 14)]);
await page.goto('about:blank');
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
const stop = await startTrace(cdp);
const t0 = Date.now();
await page.goto(`${url}/play/chickenfoot/bench10`, { waitUntil: 'commit' });
await page.getByTestId('save-hand').waitFor();
const ms = Date.now() - t0;
await new Promise((r) => setTimeout(r, 300));
const events = await stop();
console.log('open (driver clock)', ms);
console.log(byName(mainThread(events), -Infinity, Infinity, 30));
const wasm = {};
for (const e of events) { if (!/wasm/i.test(e.name) || !e.dur) continue; wasm[e.name] = (wasm[e.name] || 0) + e.dur / 1000; }
console.log('--- wasm events (all threads)'); console.log(Object.entries(wasm).sort((a, b) => b[1] - a[1]).slice(0, 15).map(([k, v]) => `${v.toFixed(1)} ms ${k}`).join('\n'));
await context.close(); server.close(); fs.rmSync(dir, { recursive: true, force: true });

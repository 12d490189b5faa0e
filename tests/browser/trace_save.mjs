// Where a save's time goes: a Chromium trace (CDP) of one mid-game save in
// a 10-player Chickenfoot game holding 14 hands, at 4x CPU, summed by the
// renderer's event names from the tap on, and the JS calls by function.
// Not a test: it reports. Usage: node tests/browser/trace_save.mjs (after
// tests/tools/build.sh).
import { chromium } from 'playwright-core';
import fs from 'node:fs'; import os from 'node:os'; import path from 'node:path';
import { startServer } from '../tools/static-server.mjs';
import { CHROMIUM_ARGS, DIST, homeReady } from './harness.mjs';
import { idbSeed } from './idb.mjs';
import { bigGame, fillHand, measureSave, recordCommits } from './save_frame.mjs';
import { byName, mainThread, startProfile, startTrace } from './trace.mjs';
const server = await startServer(DIST, 0, '127.0.0.1');
const url = `http://127.0.0.1:${server.address().port}`;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chicken-trace-'));
const context = await chromium.launchPersistentContext(dir, { executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: CHROMIUM_ARGS, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, serviceWorkers: 'block' });
const page = context.pages()[0] || await context.newPage();
await page.addInitScript(recordCommits);
const cdp = await context.newCDPSession(page);
await page.goto(url + '/'); await homeReady(page);
await idbSeed(page, [bigGame('bench10', 14)]);
await page.goto(`${url}/play/chickenfoot/bench10`); await page.getByTestId('save-hand').waitFor();
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await fillHand(page);
await new Promise((r) => setTimeout(r, 500));
// PROFILE=1: the JS and WASM functions by self time too (WASM names need a
// build that keeps them: see docs/performance.md, "Where a save's time goes").
const profiled = process.env.PROFILE ? await startProfile(cdp) : null;
const stop = await startTrace(cdp);
const m = await measureSave(page);
await new Promise((r) => setTimeout(r, 300));
const main = mainThread(await stop());
console.log('measure', JSON.stringify({ painted: m.painted_ms, commit: m.committed_ms, rows: m.rows_ms }));
// From the tap on (nested events counted too).
const start = Math.min(...main.filter((e) => e.name === 'EventDispatch').map((e) => e.ts));
console.log(byName(main, start));
const fn = {};
for (const e of main) { if (e.ts < start || e.name !== 'FunctionCall') continue; const d = e.args?.data; const k = `${d?.functionName || '?'} ${d?.url?.split('/').pop() || ''}`; fn[k] = (fn[k] || 0) + e.dur / 1000; }
console.log('--- FunctionCall'); console.log(Object.entries(fn).sort((a, b) => b[1] - a[1]).slice(0, 12).map(([k, v]) => `${v.toFixed(1)} ms ${k}`).join('\n'));
if (profiled) console.log(`--- self time (sampled)\n${await profiled()}`);
await context.close(); server.close(); fs.rmSync(dir, { recursive: true, force: true });

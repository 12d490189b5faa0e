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
if (process.env.PROFILE) {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
}
const events = [];
cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
await cdp.send('Tracing.start', { categories: 'devtools.timeline,v8.execute,disabled-by-default-devtools.timeline,blink.user_timing', transferMode: 'ReportEvents' });
const m = await measureSave(page);
await new Promise((r) => setTimeout(r, 300));
await cdp.send('Tracing.end'); await done;
console.log('measure', JSON.stringify({ painted: m.painted_ms, commit: m.commit_ms, rows: m.rows_ms }));
// The page's renderer main thread (the one that dispatched the tap): its
// complete events by name (nested ones counted too), up to the paint.
const mains = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
const tapThread = events.find((e) => e.name === 'EventDispatch' && mains.has(`${e.pid}:${e.tid}`));
const main = events.filter((e) => e.ph === 'X' && e.dur && tapThread && e.pid === tapThread.pid && e.tid === tapThread.tid);
const byName = {};
const start = Math.min(...main.filter((e) => e.name === 'EventDispatch').map((e) => e.ts));
for (const e of main) { if (e.ts < start) continue; byName[e.name] = (byName[e.name] || 0) + e.dur / 1000; }
console.log(Object.entries(byName).sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, v]) => `${v.toFixed(1)} ms ${k}`).join('\n'));
const fn = {};
for (const e of main) { if (e.ts < start || e.name !== 'FunctionCall') continue; const d = e.args?.data; const k = `${d?.functionName || '?'} ${d?.url?.split('/').pop() || ''}`; fn[k] = (fn[k] || 0) + e.dur / 1000; }
console.log('--- FunctionCall'); console.log(Object.entries(fn).sort((a, b) => b[1] - a[1]).slice(0, 12).map(([k, v]) => `${v.toFixed(1)} ms ${k}`).join('\n'));
if (process.env.PROFILE) {
  const { profile } = await cdp.send('Profiler.stop');
  const dt = {};
  profile.timeDeltas.forEach((d, i) => { const id = profile.samples[i]; dt[id] = (dt[id] || 0) + d / 1000; });
  const self = {};
  for (const n of profile.nodes) {
    const k = (n.callFrame.functionName || '(anonymous)').replace(/17h[0-9a-f]{16}E$/, '').slice(0, 140);
    self[k] = (self[k] || 0) + (dt[n.id] || 0);
  }
  console.log('--- self time (sampled)');
  console.log(Object.entries(self).sort((a, b) => b[1] - a[1]).slice(0, 40).map(([k, v]) => `${v.toFixed(1)} ms ${k}`).join('\n'));
}
await context.close(); server.close(); fs.rmSync(dir, { recursive: true, force: true });

// Where Start's time goes, at 4x CPU: a Chromium trace (CDP) of a tap on
// Start on a filled Chickenfoot form, its code already fetched (bench.mjs
// `start`), to the end of the frame showing the score screen; the page's
// renderer main thread summed by event name (nested events count in each:
// a task holds its function calls). A save's: trace_save.mjs. Not a test:
// it reports. Usage: node tests/browser/trace_start.mjs [runs] (after
// tests/tools/build.sh); PROFILE=1: the functions by self time too (see
// trace_save.mjs).
import { chromium } from 'playwright-core';
import fs from 'node:fs'; import os from 'node:os'; import path from 'node:path';
import { startServer } from '../tools/static-server.mjs';
import { CHROMIUM_ARGS, DIST, homeReady } from './harness.mjs';
import { fillNewChickenfoot, tapToScoreScreen } from './start_frame.mjs';
import { byName, mainThread, startProfile, startTrace } from './trace.mjs';

const RUNS = Number(process.argv[2] || 1);

const server = await startServer(DIST, 0, '127.0.0.1');
const url = `http://127.0.0.1:${server.address().port}`;
for (let run = 0; run < RUNS; run++) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chicken-trace-'));
  const context = await chromium.launchPersistentContext(dir, { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, serviceWorkers: 'block' });
  const page = context.pages()[0];
  const cdp = await context.newCDPSession(page);
  await page.goto(url + '/'); await homeReady(page);
  await fillNewChickenfoot(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const profiled = process.env.PROFILE ? await startProfile(cdp) : null;
  const stop = await startTrace(cdp);
  const ms = await tapToScoreScreen(page, '[data-testid=start-game]');
  const main = mainThread(await stop());
  // Only what falls from the tap's click to the frame's end.
  const click = main.find((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'click');
  const from = click ? click.ts : Math.min(...main.map((e) => e.ts));
  const to = from + ms * 1000;
  // Each WASM function the tap runs for the first time is compiled then.
  const compiled = main.filter((e) => e.name === 'wasm.CompileLazy' && e.ts >= from && e.ts <= to).length;
  console.log(`start: ${Math.round(ms)} ms, tap to the score screen painted; ${compiled} WASM functions compiled on their first call`);
  console.log(byName(main, from, to, 20));
  if (profiled) console.log(`--- self time (sampled)\n${await profiled()}`);
  await context.close(); fs.rmSync(dir, { recursive: true, force: true });
}
server.close();

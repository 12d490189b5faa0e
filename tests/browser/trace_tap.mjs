// Where a tap on a new game goes, at 4x CPU: the app's home taken over
// (its storage read), then a real touch on New Chickenfoot before the
// new-game chunk is there (the page's new-game form shows). Prints, per
// run, ms from the touch's pointerdown to its click, to the page's form
// shown and to the frame after it, and each main-thread task over 8 ms in
// a Chromium trace (CDP) of it, summed by event name. Not a test: it
// reports. Usage: node tests/browser/trace_tap.mjs [runs] (after
// tests/tools/build.sh; CHICKEN_DIST for another build).
import { chromium } from 'playwright-core';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from '../tools/static-server.mjs';
import { CHROMIUM_ARGS, DIST, homeReady } from './harness.mjs';
import { startTrace, mainThread } from './trace.mjs';

const RUNS = Number(process.argv[2] || 2);
const server = await startServer(DIST, 0, '127.0.0.1');
const url = `http://127.0.0.1:${server.address().port}`;
for (let run = 0; run < RUNS; run++) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trace-tap-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: CHROMIUM_ARGS,
    viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, serviceWorkers: 'block',
  });
  try {
    const page = context.pages()[0];
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(url + '/');
    await homeReady(page);
    await page.evaluate(() => {
      addEventListener('pointerdown', (e) => { window.__down = e.timeStamp; }, { capture: true });
      addEventListener('click', () => { window.__click = performance.now(); }, { capture: true });
      new MutationObserver(() => {
        const form = document.getElementById('boot-form');
        if (form && !form.hidden && !window.__shown) {
          window.__shown = performance.now();
          requestAnimationFrame(() => setTimeout(() => { window.__painted = performance.now(); }));
        }
      }).observe(document, { attributes: true, subtree: true, childList: true });
    });
    const stop = await startTrace(cdp);
    const box = await page.getByTestId('new-chickenfoot').boundingBox();
    await page.touchscreen.tap(box.x + box.width / 2, box.y + 20);
    await page.waitForFunction(() => window.__painted);
    const t = await page.evaluate(() => ({ down: window.__down, click: window.__click, shown: window.__shown, painted: window.__painted }));
    const events = mainThread(await stop());
    console.log(`run ${run + 1}: pointerdown to click ${Math.round(t.click - t.down)} ms, to the form shown ${Math.round(t.shown - t.down)} ms, to the frame after it ${Math.round(t.painted - t.down)} ms`);
    for (const task of events.filter((e) => e.name === 'RunTask' && e.dur > 8000).sort((a, b) => a.ts - b.ts)) {
      const inner = {};
      for (const e of events) {
        if (e !== task && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur) inner[e.name] = (inner[e.name] || 0) + e.dur / 1000;
      }
      const top = Object.entries(inner).sort((a, b) => b[1] - a[1]).slice(0, 8).map(([n, ms]) => `${n} ${ms.toFixed(1)}`);
      console.log(`  task ${(task.dur / 1000).toFixed(1)} ms: ${top.join(', ')}`);
    }
  } finally {
    await context.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
server.close();

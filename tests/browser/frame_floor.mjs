// The floor under a save's frame: on the 10-player Chickenfoot game of 14
// hands at 4x CPU, the time from a script change to the end of the next
// frame (a task posted from its rAF callback), with no app code run: an
// attribute on <body> (none), one cell's text (text), a copy of the last row
// appended (row). Seven each, the median. Not a test: it reports.
// Usage: node tests/browser/frame_floor.mjs (after tests/tools/build.sh).
import { chromium } from 'playwright-core';
import fs from 'node:fs'; import os from 'node:os'; import path from 'node:path';
import { startServer } from '../tools/static-server.mjs';
import { CHROMIUM_ARGS, DIST, homeReady } from './harness.mjs';
import { idbSeed } from './idb.mjs';
import { bigGame, fillHand } from './save_frame.mjs';
const server = await startServer(DIST, 0, '127.0.0.1');
const url = `http://127.0.0.1:${server.address().port}`;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chicken-floor-'));
const context = await chromium.launchPersistentContext(dir, { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
const page = context.pages()[0];
const cdp = await context.newCDPSession(page);
await page.goto(url + '/'); await homeReady(page);
await idbSeed(page, [bigGame('bench10', 14)]);
await page.goto(`${url}/play/chickenfoot/bench10`);
await page.getByTestId('save-hand').waitFor();
await fillHand(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
for (const kind of ['none', 'text', 'row']) {
  const r = [];
  for (let i = 0; i < 7; i++) {
    r.push(await page.evaluate((kind) => new Promise((resolve) => {
      const t0 = performance.now();
      const cell = document.querySelector('table.sheet tbody tr:last-child td');
      if (kind === 'text') cell.textContent = String(Math.random()).slice(2, 5);
      if (kind === 'row') { const tr = cell.parentElement.cloneNode(true); cell.parentElement.parentElement.appendChild(tr); }
      if (kind === 'none') document.body.dataset.x = String(Math.random());
      requestAnimationFrame(() => { const ch = new MessageChannel(); ch.port1.onmessage = () => resolve(performance.now() - t0); ch.port2.postMessage(0); });
    }), kind));
  }
  r.sort((a, b) => a - b);
  console.log(kind, r.map(Math.round).join(' '), 'median', Math.round(r[3]));
}
await context.close(); server.close();

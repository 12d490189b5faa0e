// Runs Lighthouse (mobile defaults) on home, each game's new-game page and
// a Chickenfoot game with three hands, and prints the four scores and every
// audit below 1 in accessibility, best practices and SEO.
//
// Cold, as a first visit: home and the new-game pages with Lighthouse's
// storage reset (no HTTP cache, no service worker, nothing stored). The
// game is made in a Chromium profile by Playwright; before Lighthouse opens
// that profile (without its storage reset, so it sees the stored game), the
// HTTP cache, the service worker and its caches are cleared there: only
// the game's storage is left. `--warm` keeps them all (the figures before
// issue 25).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, DIST, GAME_IDS } from './harness.mjs';
import { HomeScreen, GameScreen } from './pages.mjs';
import { startServer } from '../tools/static-server.mjs';

const server = await startServer(DIST, 0, '127.0.0.1');
const base = `http://127.0.0.1:${server.address().port}`;
const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'chicken-lh-'));
const coldProfile = fs.mkdtempSync(path.join(os.tmpdir(), 'chicken-lh-cold-'));
const kinds = GAME_IDS;

const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: CHROMIUM_ARGS, viewport: { width: 390, height: 844 },
});
const page = context.pages()[0] || (await context.newPage());
await page.goto(base + '/');
const setup = await new HomeScreen(page).startNew('chickenfoot');
await setup.addPlayers(['Ann', 'Bob', 'Cy']);
await setup.start();
const game = new GameScreen(page);
for (const [i, pips] of [[0, 12], [1, 30], [2, 7]].entries()) {
  await game.wentOut(['Ann', 'Bob', 'Cy'][pips[0]]);
  for (const [j, name] of ['Ann', 'Bob', 'Cy'].entries()) {
    if (j !== pips[0]) await game.typePips(name, String(pips[1] + j));
  }
  await game.save();
  await game.waitRows(i + 1);
}
const gameUrl = new URL(page.url()).pathname;
const WARM = process.argv.includes('--warm');
if (!WARM) {
  // Cold: only the stored game stays.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Storage.clearDataForOrigin', { origin: base, storageTypes: 'service_workers,cache_storage' });
}
await context.close();

const pages = [['home', '/'], ...kinds.map((k) => [`new ${k}`, `/play/${k}/new`]), ['game, 3 hands', gameUrl]];
const rows = [];
for (const [name, url] of pages) {
  const out = path.join(profile, 'report.json');
  // Asynchronously: the server answering Lighthouse runs in this process.
  await promisify(execFile)(process.env.LIGHTHOUSE, [
    base + url, '--quiet', '--output=json', `--output-path=${out}`,
    ...(WARM || url === gameUrl ? ['--disable-storage-reset'] : []),
    // The reset runs in a profile of their own: a reset clears the
    // origin's storage, which holds the game.
    `--chrome-flags=--headless=new --no-sandbox --user-data-dir=${WARM || url === gameUrl ? profile : coldProfile}`,
  ], { env: { ...process.env, CHROME_PATH: process.env.CHROMIUM || '/usr/bin/chromium' }, maxBuffer: 1 << 26 });
  const r = JSON.parse(fs.readFileSync(out, 'utf8'));
  const c = r.categories;
  const score = (id) => Math.round((c[id]?.score ?? 0) * 100);
  rows.push(`| ${name} | ${score('performance')} | ${score('accessibility')} | ${score('best-practices')} | ${score('seo')} |`);
  // What costs performance points: each metric below a full score.
  for (const ref of c.performance.auditRefs) {
    const a = r.audits[ref.id];
    if (ref.weight > 0 && a.score !== null && a.score < 1) console.log(`${name}: performance: ${a.id} ${a.displayValue} (score ${a.score})`);
  }
  // Which element was the largest paint, when it cost points.
  if (r.audits['largest-contentful-paint']?.score < 1) {
    const node = r.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
    if (node) console.log(`${name}: largest paint: ${node.selector} ${node.snippet.slice(0, 120)}`);
  }
  // The long tasks behind a blocking time (simulated 4x durations).
  if (r.audits['total-blocking-time']?.score < 1) {
    for (const t of r.audits['long-tasks']?.details?.items || []) {
      console.log(`${name}: long task at ${Math.round(t.startTime)} ms: ${Math.round(t.duration)} ms (${t.url})`);
    }
  }
  for (const cat of ['accessibility', 'best-practices', 'seo']) {
    for (const ref of c[cat].auditRefs) {
      const a = r.audits[ref.id];
      if (ref.weight > 0 && a.score !== null && a.score < 1) console.log(`${name}: ${cat}: ${a.id} (${a.title})`);
    }
  }
}
console.log('| page | performance | accessibility | best practices | SEO |\n|---|---|---|---|---|');
console.log(rows.join('\n'));
server.close();
fs.rmSync(profile, { recursive: true, force: true });
fs.rmSync(coldProfile, { recursive: true, force: true });

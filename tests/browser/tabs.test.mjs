// Every open page stays in step: two tabs on one game saving in either
// order (and at once) lose no hand and both end showing all of them; a page
// restored by the Back button from the back/forward cache re-reads the game
// before it accepts input, so its save keeps what another page saved.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, DIST, openApp } from './harness.mjs';
import { HomeScreen, GameScreen } from './pages.mjs';
import { idbDump } from './idb.mjs';
import { startServer } from '../tools/static-server.mjs';

async function twoPlayerGame(page) {
  const setup = await new HomeScreen(page).startNew('chickenfoot');
  await setup.addPlayers(['Ann', 'Bob']);
  await setup.choose('Domino set', 'Double-15');
  await setup.start();
  return page.url();
}

/** Fills a hand (Ann out, Bob holds `pips`) without saving it. */
async function fill(page, pips) {
  const game = new GameScreen(page);
  await game.wentOut('Ann');
  await game.typePips('Bob', String(pips));
}

/** Waits until the page has been idle for a moment. */
async function settle(page) {
  await page.evaluate(() => new Promise((r) => requestIdleCallback(() => setTimeout(r, 700), { timeout: 3000 })));
}

async function storedPips(page, id) {
  const dump = await idbDump(page);
  return JSON.parse(dump.games[id]).log.map((h) => h.left[1].pips);
}

const bobColumn = (page) => page.locator('table.sheet tbody tr:not(.row-details) td:nth-of-type(2) .run').allTextContents();

test('two tabs on one game: saves in either order and at once, no hand lost, both show all', async () => {
  const app = await openApp();
  try {
    const a = app.page;
    const gameUrl = await twoPlayerGame(a);
    const id = gameUrl.split('/').pop();
    const b = await app.context.newPage();
    await b.goto(gameUrl);
    await b.getByTestId('leaders').waitFor();
    const A = new GameScreen(a);
    const B = new GameScreen(b);

    // A then B: B hears of A's hand at once and saves on top of it.
    await fill(a, 5);
    await A.save();
    await A.waitRows(1);
    await B.waitRows(1);
    await fill(b, 7);
    await B.save();
    await B.waitRows(2);
    await A.waitRows(2);
    // B then A.
    await fill(b, 9);
    await B.save();
    await B.waitRows(3);
    await A.waitRows(3);
    await fill(a, 11);
    await A.save();
    await A.waitRows(4);
    await B.waitRows(4);
    assert.deepEqual(await storedPips(a, id), [5, 7, 9, 11]);

    // Both typed a hand; both tap Save at the same moment. One is saved;
    // the other is refused, says why, keeps what was typed, and saves on
    // a second tap. Nothing is lost.
    await fill(a, 13);
    await fill(b, 15);
    await Promise.all([a.getByTestId('save-hand').click(), b.getByTestId('save-hand').click()]);
    await A.waitRows(5);
    await B.waitRows(5);
    let pips = await storedPips(a, id);
    if (pips.length === 5) {
      const refused = pips[4] === 13 ? b : a;
      const typed = pips[4] === 13 ? '15' : '13';
      await refused.getByTestId('save-error').waitFor();
      assert.match(await refused.getByTestId('save-error').textContent(), /another tab or screen changed this game/);
      assert.equal(await refused.getByLabel('Bob: pips left').inputValue(), typed);
      await refused.getByTestId('save-hand').click();
    }
    await A.waitRows(6);
    await B.waitRows(6);
    pips = await storedPips(a, id);
    assert.deepEqual(pips.slice(0, 4), [5, 7, 9, 11]);
    assert.deepEqual([...pips.slice(4)].sort((x, y) => x - y), [13, 15]);
    assert.deepEqual(await bobColumn(a), await bobColumn(b));
    assert.deepEqual(app.errors, []);
  } finally {
    await app.close();
  }
});

test('Back into a page from the back/forward cache, then Save: nothing lost', async (t) => {
  const server = await startServer(DIST, 0, '127.0.0.1');
  const url = `http://127.0.0.1:${server.address().port}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chicken-bfcache-'));
  // Playwright turns the back/forward cache off by default; phones have it.
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: CHROMIUM_ARGS, viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true,
    ignoreDefaultArgs: ['--disable-back-forward-cache'],
    // The worker's first install (it fetches every game's bundle) can end
    // between the two Backs; its clients.claim() then evicts the cached
    // page ("masked"). That happens once per install, and offline.test.mjs
    // covers the worker: here it is kept out.
    serviceWorkers: 'block',
  });
  try {
    const page = context.pages()[0] || (await context.newPage());
    await page.addInitScript(() => {
      window.addEventListener('pageshow', (e) => { if (e.persisted) window.__restored = (window.__restored || 0) + 1; });
    });
    // Chromium's own reasons for not caching a page (the page's API masks
    // some of them).
    const cdp = await context.newCDPSession(page);
    const notUsed = [];
    cdp.on('Page.backForwardCacheNotUsed', (e) =>
      notUsed.push(e.notRestoredExplanations.map((x) => x.reason).join(', ')));
    await cdp.send('Page.enable');
    await page.goto(url + '/');
    const gameUrl = await twoPlayerGame(page);
    const id = gameUrl.split('/').pop();
    const game = new GameScreen(page);
    await fill(page, 4);
    await game.save();
    await game.waitRows(1);
    // Leave the app for another document (the app is one page: its own
    // links never leave it), save a hand in another tab meanwhile, then
    // Back: the game page, as the cache kept it. Chromium may decline to
    // cache a page for reasons of its own that it does not name ("masked":
    // a busy machine's timeout, the cache's size); then the page loaded
    // afresh, and the round is tried again from it, at most three times.
    const pips = [4];
    let restored = 0;
    let why = '';
    for (let attempt = 0; attempt < 3 && restored === 0; attempt++) {
      // Chromium evicts a cached page that runs JavaScript (an IndexedDB
      // request or a promise still settling): leave once the page is idle.
      await settle(page);
      await page.goto(url + '/robots.txt');
      const other = await context.newPage();
      await other.goto(gameUrl);
      const otherGame = new GameScreen(other);
      await otherGame.waitRows(pips.length);
      const next = 6 + attempt;
      await fill(other, next);
      await otherGame.save();
      pips.push(next);
      await otherGame.waitRows(pips.length);
      await settle(other);
      await other.close();
      await page.goBack({ waitUntil: 'commit' });
      await page.waitForFunction(() => location.pathname.startsWith('/play/'));
      // pageshow fires a moment after the commit (later on a loaded machine).
      await page.waitForFunction(() => (window.__restored || 0) >= 1, null, { timeout: 5000 }).catch(() => {});
      restored = await page.evaluate(() => window.__restored || 0);
      why = await page.evaluate(() =>
        JSON.stringify(performance.getEntriesByType('navigation')[0]?.notRestoredReasons ?? null));
      if (restored === 0 && !why.includes('"masked"')) break;
      if (restored === 0) await game.waitRows(pips.length);
    }
    // Some runs Chromium evicts the cached page for "JavaScriptExecution"
    // whatever the wait (a known open question, see the README's Storage
    // section): then the page loaded afresh, and what follows still checks
    // that nothing is lost. Any other reason fails.
    const onlyJs = notUsed.length > 0 && notUsed.every((r) => r === 'JavaScriptExecution');
    if (restored === 0 && onlyJs) t.diagnostic(`not restored in 3 tries: Chromium evicted it (${notUsed.join(' / ')})`);
    else assert.ok(restored >= 1, `the page came back from the back/forward cache (not restored because: ${why}; Chromium: ${notUsed.join(' / ')})`);
    // It re-reads before taking input: it shows every hand, then saves one more.
    await game.waitRows(pips.length);
    await fill(page, 9);
    await game.save();
    pips.push(9);
    await game.waitRows(pips.length);
    assert.deepEqual(await storedPips(page, id), pips);
  } finally {
    await context.close();
    server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

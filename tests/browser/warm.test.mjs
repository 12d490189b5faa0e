// While a new-game form is filled, the app builds that game's score screen
// once, off-screen, so that Start does not wait for the browser to compile
// its code (src/app/game/warm.rs; issue 37: Start's first screen spent a
// quarter of its time compiling). That build must reach nothing beyond
// itself: no wake lock, no storage request, nothing on screen, no error.
// Every game, on every engine (cross-engine set).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { homeReady, openApp } from './harness.mjs';
import { HomeScreen } from './pages.mjs';

const KINDS = ['big-chicken', 'playing-chicken', 'chickenfoot', 'cluck', 'chicken-lines-rummy', 'circus-trump'];

/** Counts, in the page, what would reach beyond the screen. */
function countReach(page) {
  return page.evaluate(() => {
    const reach = (window.__reach = { wakeLock: 0, persist: 0 });
    // On the prototypes: WebKit may drop what is set on a wrapper object.
    if (window.WakeLock) {
      WakeLock.prototype.request = () => { reach.wakeLock++; return new Promise(() => {}); };
    }
    if (window.StorageManager) {
      StorageManager.prototype.persist = () => { reach.persist++; return Promise.resolve(false); };
      StorageManager.prototype.persisted = () => Promise.resolve(false);
    }
  });
}

test('each game\'s form builds its score screen off-screen once, reaching nothing beyond it; Start still shows the real one', { timeout: 120000 }, async () => {
  const app = await openApp();
  const { page, url } = app;
  try {
    await page.goto(url + '/');
    await homeReady(page);
    await countReach(page);
    const links = await page.locator('[data-testid^="new-"]').evaluateAll((as) => as.map((a) => a.dataset.testid.slice(4)));
    assert.deepEqual(links.sort(), [...KINDS].sort(), 'every game is tried');
    for (const kind of KINDS) {
      await new HomeScreen(page).startNew(kind);
      await page.waitForFunction((k) => document.documentElement.dataset.warmed === k, kind);
      assert.deepEqual(await page.evaluate(() => window.__reach), { wakeLock: 0, persist: 0 }, `${kind}: nothing reached`);
      assert.equal(await page.getByTestId('leaders').count(), 0, `${kind}: no score screen on the page`);
      await page.goBack();
      await homeReady(page);
      await page.evaluate(() => document.documentElement.removeAttribute('data-warmed'));
    }
    // The real screen does reach out (the counts can see it).
    const setup = await new HomeScreen(page).startNew('chickenfoot');
    await setup.addPlayers(['Ann', 'Bob']);
    await setup.start();
    await page.getByTestId('leaders').waitFor();
    await page.waitForFunction(() => window.__reach.persist > 0);
    assert.deepEqual(app.errors, []);
  } finally {
    await app.close();
  }
});

// A save replays the game's log at most once: the new hand is folded onto
// the state the screen already holds, the summary is written from it, and
// the screen reads that same state (the page's root says how many logs
// have been replayed so far: `data-replays`, written after each save).
// A draft is written in a light transaction (drafts, meta and aside only,
// relaxed durability), not one over every store.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openApp } from './harness.mjs';
import { HomeScreen, GameScreen } from './pages.mjs';

const replays = (page) => page.evaluate(() => Number(document.documentElement.dataset.replays ?? -1));

test('saving a hand in an 8-player game replays the log at most once', async () => {
  const app = await openApp();
  try {
    const { page } = app;
    const names = ['Ann', 'Bob', 'Cy', 'Dee', 'Eve', 'Fay', 'Gus', 'Hal'];
    const setup = await new HomeScreen(page).startNew('chickenfoot');
    await setup.addPlayers(names);
    await setup.choose('Domino set', 'Double-15');
    await setup.start();
    const game = new GameScreen(page);
    const counts = [];
    let before = -1;
    for (let hand = 1; hand <= 4; hand++) {
      await page.evaluate(() => { delete document.documentElement.dataset.replays; });
      await game.wentOut('Ann');
      for (const n of names.slice(1)) await game.typePips(n, String(hand + 3));
      await game.save();
      await game.waitRows(hand);
      await page.waitForFunction(() => document.documentElement.dataset.replays !== undefined);
      const after = await replays(page);
      if (before >= 0) counts.push(after - before);
      before = after;
    }
    // The first save follows the page's opening (its replays counted in);
    // every later one is measured alone.
    assert.equal(counts.length, 3);
    for (const c of counts) assert.ok(c <= 1, `replays per save: ${counts.join(', ')}`);
    console.log(`replays per save (8 players): ${counts.join(', ')}`);
    assert.deepEqual(app.errors, []);
  } finally {
    await app.close();
  }
});

// Keeping the games where the browser may clear them: Safari deletes a
// site's storage after 7 days without a visit unless it is on the Home
// Screen, and any browser may clear storage it has not promised to keep.
// A phone with a game saved, not opened from the Home Screen and not
// promised persistent storage, is told how to keep its games (home and
// About), with the way to a club and to a backup; one the browser promised
// is not. On WebKit also without the Storage API (Safari before 15.2 has no
// navigator.storage): told, and the game still saved.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openApp } from './harness.mjs';
import { HomeScreen } from './pages.mjs';

/** A Chickenfoot game started, then home again once it is listed. */
async function oneGame(app) {
  const home = new HomeScreen(app.page);
  const setup = await home.startNew('chickenfoot');
  await setup.addPlayers(['Ann', 'Bob']);
  await setup.start();
  await app.page.getByRole('button', { name: 'Rules and variants in force' }).waitFor();
  await app.page.getByRole('link', { name: 'Back to all games' }).click();
  await home.inProgress().waitFor();
}

/** Whether the page's browser promised to keep its storage. */
const promised = (page) => page.evaluate(async () => (navigator.storage?.persisted ? navigator.storage.persisted() : false));

async function toldHowToKeep(app) {
  const { page } = app;
  const hint = page.getByTestId('keep-games');
  if (await promised(page)) {
    // Promised: nothing to say (the check ran once the games were listed).
    await page.getByTestId('history-link').waitFor();
    assert.equal(await hint.count(), 0, 'no advice where the browser promised to keep the games');
    return false;
  }
  await hint.waitFor();
  assert.match(await hint.textContent(), /Safari does after 7 days without a visit unless the app is on the Home Screen/);
  assert.match(await hint.textContent(), /Share, then Add to Home Screen/);
  await page.getByRole('link', { name: /Download a backup/ }).click();
  await page.getByRole('heading', { name: 'Backup', exact: true }).waitFor();
  await page.goto(`${app.url}/about`);
  await page.getByTestId('keep-games').waitFor();
  await page.getByRole('link', { name: /Join or start a club/ }).click();
  await page.getByTestId('club-create').waitFor();
  return true;
}

test('a phone not on the Home Screen, its storage not promised, is told how to keep its games (home and About); none with no game', async (t) => {
  const app = await openApp();
  try {
    await app.page.getByTestId('history-link').waitFor();
    assert.equal(await app.page.getByTestId('keep-games').count(), 0, 'nothing to keep yet, nothing said');
    await oneGame(app);
    const told = await toldHowToKeep(app);
    t.diagnostic(`${app.engine}: storage ${told ? 'not promised: told' : 'promised: not told'}`);
    assert.deepEqual(app.errors, []);
  } finally {
    await app.close();
  }
});

test('WebKit without the Storage API (older Safari): the game is saved and the phone is told how to keep it', async (t) => {
  if (process.env.ENGINE !== 'webkit') return t.skip('the Storage API can be turned off only in the WebKit phone');
  const app = await openApp({ features: [] });
  try {
    assert.equal(await app.page.evaluate(() => typeof navigator.storage), 'undefined');
    await oneGame(app);
    assert.equal(await toldHowToKeep(app), true);
    assert.deepEqual(app.errors, []);
  } finally {
    await app.close();
  }
});

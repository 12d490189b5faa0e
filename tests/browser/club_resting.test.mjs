// Finished games at rest (issue 53), against the real sync server: a
// phone opened again leaves the club's finished games in its storage (not
// synced again), and still takes a correction another phone makes to one
// of them, without the game being opened there: its history, open, shows
// the new winner.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { GameScreen } from './pages.mjs';
import { idbSeed } from './idb.mjs';
import { homeReady } from './harness.mjs';
import {
  servers, startServers, stopServers, phone, createClub, joinClub, seedGames,
} from './club_harness.mjs';

before(startServers);
after(stopServers);

const inStep = (n) => `In step with the club's server. ${n} of ${n} games`;

test('a finished game at rest on a phone opened again takes a correction made on another phone', async () => {
  const a = await phone();
  const b = await phone({ width: 320, colorScheme: 'dark' });
  try {
    await a.page.goto(`${servers.url}/`);
    await homeReady(a.page);
    await idbSeed(a.page, seedGames(3));
    const link = await createClub(a, 'Resting');
    await a.page.getByTestId('club-status').filter({ hasText: inStep(3) }).waitFor();
    await joinClub(b, link);
    const status = b.page.getByTestId('club-status');
    await status.filter({ hasText: inStep(3) }).waitFor();

    // B opened again: every game counted, nothing of its own to send.
    await b.page.reload();
    await status.filter({ hasText: inStep(3) }).waitFor();
    // B's history open (a page loaded again: the finished games at rest).
    await b.page.goto(`${servers.url}/history`);
    await b.page.getByTestId('finished-game').filter({ hasText: 'Won by Ann 0' }).waitFor();

    // A corrects hand 1 of the first game: Bob went out, Ann held 200.
    await a.page.goto(`${servers.url}/play/chickenfoot/club0`);
    const game = new GameScreen(a.page);
    await a.page.getByTestId('reopen').click();
    await game.editRow('Hand 1 · 6-6');
    await game.wentOut('Bob 0');
    await game.typePips('Ann 0', '200');
    await a.page.getByRole('button', { name: 'Save changes to hand 1' }).click();
    await a.page.getByRole('button', { name: 'Save changes to hand 1' }).waitFor({ state: 'detached' });

    // B's history, the game not opened there: the new winner shows.
    await b.page.getByTestId('finished-game').filter({ hasText: 'Bob 0' }).filter({ hasText: 'Won by Bob 0' }).waitFor();
    const width = await b.page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 320, `the history fits the 320 px phone (${width} px)`);
    assert.deepEqual(a.errors, []);
    assert.deepEqual(b.errors, []);
  } finally {
    await a.close();
    await b.close();
  }
});

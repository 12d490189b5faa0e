// Finished games at rest (issue 53), against the real sync server: a
// phone opened again leaves the club's finished games in its storage (not
// synced again), and still takes a correction another phone makes to one
// of them, without the game being opened there: its history, open, shows
// the new winner. And a club of 1,000 finished games, seeded: listed on
// a joining phone from the club's list, every game's entries there, in
// step again at once when opened again, and a hand crossing.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { GameScreen } from './pages.mjs';
import { idbSeed } from './idb.mjs';
import { homeReady } from './harness.mjs';
import {
  servers, startServers, stopServers, phone, createClub, joinClub, seedGames, newGame, hand, tag, statusSays,
} from './club_harness.mjs';
import { setPhoneDeaf, setPhoneOnline, syncTrace } from '../tools/static-server.mjs';

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

test('a change whose answer was lost with the connection: the phone asks again on its next connection and says in step', async () => {
  const a = await phone();
  const b = await phone();
  try {
    await tag(a, 'Deaf');
    await a.page.goto(`${servers.url}/`);
    await homeReady(a.page);
    await idbSeed(a.page, seedGames(3));
    const link = await createClub(a, 'Lost answers');
    await statusSays(a, inStep(3), 60_000);
    await joinClub(b, link);
    await statusSays(b, inStep(3), 60_000);

    const game = await newGame(a);
    await hand(a, 5);
    await a.page.goto(`${servers.url}/records/club`);
    await statusSays(a, inStep(4), 60_000);
    await b.page.goto(`${servers.url}/`);
    const onB = b.page.getByTestId(`game-${game.split('/').pop()}`).getByTestId('scores');
    await onB.filter({ hasText: 'Bob 5' }).waitFor({ timeout: 30_000 });

    // A's network drops the server's answers: a hand saved reaches the
    // server (B shows it), A never hears so. (A goes to the game by the
    // app's links: a page loaded again would start a new connection, and
    // one that never hears the server never opens.)
    await a.page.getByRole('link', { name: 'Back to all games' }).click();
    await a.page.getByTestId(`game-${game.split('/').pop()}`).locator('a.game-link').click();
    await a.page.getByRole('button', { name: 'Rules and variants in force' }).waitFor();
    setPhoneDeaf('Deaf', true);
    await hand(a, 7);
    await onB.filter({ hasText: 'Bob 12' }).waitFor({ timeout: 30_000 });
    await a.page.getByRole('link', { name: 'Back to all games' }).click();
    await a.page.getByTestId('home-club').click();
    await statusSays(a, 'Sending', 10_000);

    // Then the connection drops, the answers with it, and comes back.
    setPhoneOnline('Deaf', false);
    setPhoneDeaf('Deaf', false);
    await statusSays(a, 'Not connected', 30_000);
    setPhoneOnline('Deaf', true);
    // The server holds everything A has: it must still be asked in a way
    // it answers, or A says "sending" for good.
    await statusSays(a, inStep(4), 30_000);
    assert.deepEqual(a.errors, []);
    assert.deepEqual(b.errors, []);
  } finally {
    setPhoneDeaf('Deaf', false);
    setPhoneOnline('Deaf', true);
    await a.close();
    await b.close();
  }
});

/** Bytes the phones may send the server while one joins a club of 1,000
 *  finished games: the club, its 32 archives and their answers, once per
 *  page B opens (three: the link, home, the club page), 23.5-24 KB in
 *  runs here. Each game's own document asked for sent 366 KB; a page
 *  whose worker started before its connection asked some (59 KB). */
const UP_TO_JOIN = 60_000;

test('a club of 1,000 finished games: listed on a joining phone, every game there, in step at once when opened again, a hand crosses', async (t) => {
  const games = 1000;
  const a = await phone();
  const b = await phone();
  try {
    await a.page.goto(`${servers.url}/`);
    await homeReady(a.page);
    const rows = seedGames(games);
    for (let i = 0; i < rows.length; i += 250) await idbSeed(a.page, rows.slice(i, i + 250));
    const t0 = Date.now();
    // No connection dropped while A hands the server its games (the
    // server ended it when its ping went unanswered, the worker busy with
    // the app's messages, and A sent everything again).
    const ended = [];
    syncTrace.closed = (id, by) => ended.push(`connection ${id} ended by the ${by}`);
    const link = await createClub(a, 'Years');
    // Every game on the server as A has it, and A says so.
    await statusSays(a, inStep(games), 300_000);
    syncTrace.closed = null;
    assert.deepEqual(ended, [], 'no connection ended while the club was made');
    t.diagnostic(`made: in step with the server after ${Date.now() - t0} ms`);

    // What the phones send the server while B joins: the finished games
    // come from the club's archives, a request per block, not one per
    // game's own document (1,000 of them).
    let up = 0;
    syncTrace.on = (direction, _id, bytes) => { if (direction === 'up') up += bytes; };
    const t1 = Date.now();
    await joinClub(b, link);
    await b.page.goto(`${servers.url}/`);
    await b.page.getByTestId('history-link').filter({ hasText: `(${games})` }).waitFor({ timeout: 120_000 });
    t.diagnostic(`joined: every game listed after ${Date.now() - t1} ms`);
    await b.page.goto(`${servers.url}/records/club`);
    await statusSays(b, inStep(games), 300_000);
    t.diagnostic(`joined: every game's entries here after ${Date.now() - t1} ms, ${up} bytes sent to the server meanwhile`);
    syncTrace.on = null;
    assert.ok(up < UP_TO_JOIN, `${up} bytes sent to join: each game's document asked for?`);

    const t2 = Date.now();
    await b.page.reload();
    await statusSays(b, inStep(games), 60_000);
    t.diagnostic(`opened again: in step after ${Date.now() - t2} ms`);

    const game = await newGame(a);
    await hand(a, 5);
    await b.page.goto(`${servers.url}/`);
    await b.page.getByTestId(`game-${game.split('/').pop()}`).getByTestId('scores').filter({ hasText: 'Bob 5' }).waitFor({ timeout: 60_000 });
    await b.page.getByTestId('history-link').filter({ hasText: `(${games})` }).waitFor();
    assert.deepEqual(a.errors, []);
    assert.deepEqual(b.errors, []);
  } finally {
    await a.close();
    await b.close();
  }
});

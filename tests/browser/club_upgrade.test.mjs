// A club made by the release before issue 53 (c05b7c7: no list of games
// in the club's document, no finished games at rest), against the real
// sync server: phones on that release and on this build in one club, and
// a phone upgraded in place, keep every game on every phone (issue 53).
// The earlier release is kept packed in tests/fixtures/release-c05b7c7
// (tests/tools/old-release.sh built it from the project's history,
// tests/tools/pack-release.mjs packed it). The app's server serves this
// build once the test says so, and the earlier release's files still (as
// a host that keeps old hashed files; a phone's service worker has them
// anyway).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { DIST, homeReady, poll } from './harness.mjs';
import { idbSeed } from './idb.mjs';
import {
  servers, startServers, stopServers, phone, createClub, joinClub, seedGames, newGame, hand, statusSays,
} from './club_harness.mjs';
import { unpackRelease, buildOf } from './old_release.mjs';

const OLD = unpackRelease('c05b7c7');
const builds = { old: OLD, new: DIST };
const site = { now: OLD };

/** The folder that answers `req`: the release served now, or the earlier
 *  one for a file only it has. */
function folderFor(req) {
  if (site.now === OLD) return OLD;
  const pathname = decodeURIComponent(new URL(req.url, 'http://x').pathname);
  const inNew = fs.existsSync(path.join(DIST, pathname));
  const inOld = fs.existsSync(path.join(OLD, pathname));
  return !inNew && inOld && pathname !== '/' ? OLD : DIST;
}

before(() => startServers(folderFor));
after(async () => {
  await stopServers();
  fs.rmSync(OLD, { recursive: true, force: true });
});

const inStep = (n) => `In step with the club's server. ${n} of ${n} games`;

/** `p`'s home lists game `id` with `text` in its scores. */
async function homeShows(p, id, text) {
  await p.page.getByTestId(`game-${id}`).getByTestId('scores').filter({ hasText: text }).waitFor({ timeout: 30_000 });
}

/** Goes home by the app's own link (no page loaded again). */
async function toHome(p) {
  await p.page.getByRole('link', { name: 'Back to all games' }).click();
  await homeReady(p.page);
}

/** Opens game `id` from home by its link. */
async function openGame(p, id) {
  await p.page.getByTestId(`game-${id}`).locator('a.game-link').click();
  await p.page.getByRole('button', { name: 'Rules and variants in force' }).waitFor();
}

test('a club made by the earlier release: phones on both releases and one upgraded in place keep every game', async () => {
  const a = await phone({ label: 'A' });
  const b = await phone({ label: 'B' });
  const c = await phone({ label: 'C', width: 320, colorScheme: 'dark' });
  try {
    // The earlier release: A holds 3 finished games and makes the club,
    // B joins, a game in progress is played on A.
    await a.page.goto(`${servers.url}/`);
    await homeReady(a.page);
    assert.equal(await buildOf(a.page, builds), 'old');
    await idbSeed(a.page, seedGames(3));
    const link = await createClub(a, 'Upgrade');
    await statusSays(a, inStep(3), 60_000);
    await joinClub(b, link);
    await statusSays(b, inStep(3), 60_000);
    const gamePath = await newGame(a);
    const id = gamePath.split('/').pop();
    await hand(a, 5);
    await b.page.goto(`${servers.url}/`);
    await homeShows(b, id, 'Bob 5');
    assert.equal(await buildOf(b.page, builds), 'old');

    // This build is served now. C, a new phone, joins: every game listed
    // and there, though the club has no list of games yet.
    site.now = DIST;
    await joinClub(c, link);
    assert.equal(await buildOf(c.page, builds), 'new');
    await statusSays(c, inStep(4), 60_000);
    await c.page.goto(`${servers.url}/`);
    await homeShows(c, id, 'Bob 5');
    await c.page.getByTestId('history-link').filter({ hasText: '(3)' }).waitFor();

    // B, still on the earlier release (its page not loaded again), saves
    // a hand: C shows it. C saves one: A and B, both earlier, show it.
    await openGame(b, id);
    await hand(b, 7);
    await homeShows(c, id, 'Bob 12');
    await openGame(c, id);
    await hand(c, 3);
    await toHome(b);
    await homeShows(b, id, 'Bob 15');
    await toHome(a);
    await homeShows(a, id, 'Bob 15');
    assert.equal(await buildOf(a.page, builds), 'old');

    // A is upgraded in place: its service worker takes this build, and A
    // still holds every game, in step with the server.
    const upgraded = await poll(async () => {
      await a.page.reload();
      await homeReady(a.page);
      await a.page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
      return (await buildOf(a.page, builds)) === 'new';
    }, { timeout: 60_000, interval: 500 });
    assert.ok(upgraded, 'A runs this build after loading again');
    await homeShows(a, id, 'Bob 15');
    await a.page.getByTestId('history-link').filter({ hasText: '(3)' }).waitFor();
    await a.page.getByTestId('home-club').click();
    await statusSays(a, inStep(4), 60_000);

    // A, upgraded, saves a hand: B (earlier) and C (this build) show it.
    await toHome(a);
    await openGame(a, id);
    await hand(a, 4);
    await toHome(c);
    await homeShows(c, id, 'Bob 19');
    await homeShows(b, id, 'Bob 19');
    assert.equal(await buildOf(b.page, builds), 'old', 'B still runs the earlier release');

    const width = await c.page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 320, `C's home fits the 320 px phone (${width} px)`);
    assert.deepEqual(a.errors, []);
    assert.deepEqual(b.errors, []);
    assert.deepEqual(c.errors, []);
  } finally {
    await a.close();
    await b.close();
    await c.close();
  }
});

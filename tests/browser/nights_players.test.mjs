// Game nights and players (issue 12), driven as a person would: two games
// started close together make home suggest a game night, one tap starts
// it; a third game is played through the screens; the night's page lists
// the three games and its table (a shared 1st counted fairly) names the
// champion. A player is renamed and two spellings merged, and every screen
// follows (home's night card, the game screen, Finished games, the player
// page); a merge of two people who met is refused. Stats on the player
// page are checked against the games entered. At 320 px in dark mode no
// records page is wider than the phone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { homeReady, openApp, overflow, screenStill } from './harness.mjs';
import { HomeScreen } from './pages.mjs';
import { idbSeed } from './idb.mjs';
import { chickenfoot } from './stored_games.mjs';

const HOUR = 3600000;

/** Ann 0, Bob 7, Cy 14: Ann 1st, Bob 2nd, Cy 3rd. */
const g1 = (now) => chickenfoot('g1', now - 2 * HOUR, ['Ann', 'Bob', 'Cy'], Array(7).fill([0, [0, 1, 2]]));
/** Ann 10, Bob 10, Cy 30: Ann and Bob share 1st (a summary without places). */
const g2 = (now) => chickenfoot('g2', now - HOUR, ['Ann', 'Bob', 'Cy'], [[2, [10, 10, 0]], ...Array(6).fill([0, [0, 0, 5]])], false);
/** Days ago: Bobby (Bob, spelt otherwise) beat Dee. */
const g0 = (now) => chickenfoot('g0', now - 72 * HOUR, ['Bobby', 'Dee'], Array(7).fill([0, [0, 3]]));

/** Waits for a records page to finish reading. */
async function settled(page) {
  await page.waitForFunction(() => !document.querySelector('[data-testid=opening], [aria-busy=true]'));
}

async function home(page, url) {
  await page.goto(url + '/');
  await homeReady(page);
  await settled(page);
}

/** The night table as [name, games, wins, 1st, 2nd, 3rd, points] rows. */
async function table(page) {
  const rows = page.getByTestId('night-table').getByTestId('table-row');
  await rows.first().waitFor();
  const out = [];
  for (const row of await rows.all()) {
    const cells = await row.locator('th, td').allTextContents();
    out.push(cells.map((c) => c.trim()));
  }
  return out;
}

/** Plays a Chickenfoot Double-6 game of Ann, Bob, Cy: Cy goes out every
 *  hand, Ann keeps 5 pips and Bob 2 (Cy 0, Bob 14, Ann 35). */
async function playThird(page, url) {
  await home(page, url);
  const setup = await new HomeScreen(page).startNew('chickenfoot');
  await setup.addPlayers(['Ann', 'Bob', 'Cy']);
  await setup.choose('Domino set', 'Double-6');
  const game = await setup.start();
  for (let h = 0; h < 7; h++) await game.hand({ out: 'Cy', pips: { Ann: 5, Bob: 2 } });
  await game.outcome().filter({ hasText: /Cy/ }).waitFor();
  return page.url().split('/').pop();
}

/** Opens a player's page from the players list. */
async function openPlayer(page, url, name) {
  await page.goto(url + '/records/players');
  await settled(page);
  await page.getByTestId('player-row').filter({ has: page.getByTestId('player-name').getByText(name, { exact: true }) }).click();
  await page.getByRole('heading', { name, exact: true }).waitFor();
  await settled(page);
}

async function figure(page, id) {
  return (await page.getByTestId(id).textContent()).trim();
}

test('a suggested night of three games: its games, its table with a shared 1st, its champion', { timeout: 240000 }, async () => {
  const app = await openApp();
  const { page, url, errors } = app;
  try {
    const now = Date.now();
    await idbSeed(page, [g1(now), g2(now)]);
    await home(page, url);
    // Two games started an hour apart, and no night on: home suggests one.
    await page.getByTestId('night-suggest').waitFor();
    await page.getByTestId('accept-night').click();
    const card = page.getByTestId('night-card');
    await card.waitFor();
    assert.match(await card.innerText(), /2 games so far/);

    const third = await playThird(page, url);
    await home(page, url);
    await page.getByTestId('night-card').getByText('3 games so far', { exact: false }).waitFor();
    assert.equal(await page.getByTestId('night-card-game').count(), 3);

    // The night's page: its games in the order they were started, with winners.
    await page.getByTestId('night-card').locator('a').first().click();
    await page.getByTestId('night-table').waitFor();
    const results = await page.getByTestId('night-game-result').allTextContents();
    assert.deepEqual(results.map((r) => r.trim()), ['Won by Ann', 'Shared by Ann & Bob', 'Won by Cy']);
    assert.match(await page.getByTestId('night-games').locator('a').nth(2).getAttribute('href'), new RegExp(third));
    // Ann: 2 + 1.5 + 0; Bob 1 + 1.5 + 1; Cy 0 + 0 + 2. Level on points,
    // Ann has more wins: she is champion.
    assert.deepEqual(await table(page), [
      ['Ann', '3', '2', '2', '0', '1', '3.5'],
      ['Bob', '3', '1', '1', '2', '0', '3.5'],
      ['Cy', '3', '1', '1', '0', '2', '2'],
    ]);
    assert.equal(await figure(page, 'champion'), 'Champion: Ann');
    assert.match(await page.getByTestId('table-help').textContent(), /share the points/);
    assert.match(await page.getByTestId('night-state').textContent(), /by itself 8 hours after its last game/);

    // Renamed, a game taken out (the table follows), then ended; all kept.
    await page.getByTestId('night-name').fill('Friday at Ann\'s');
    await page.getByTestId('rename-night').click();
    await page.getByRole('heading', { name: 'Friday at Ann\'s' }).waitFor();
    await page.getByRole('button', { name: 'Take out Chickenfoot: Ann, Bob, Cy' }).nth(1).click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=night-game]').length === 2);
    // Without the shared game: level on points, Ann and Cy level on wins
    // and places too, so they share the championship.
    assert.deepEqual(await table(page), [
      ['Ann', '2', '1', '1', '0', '1', '2'],
      ['Cy', '2', '1', '1', '0', '1', '2'],
      ['Bob', '2', '0', '0', '2', '0', '2'],
    ]);
    assert.equal(await figure(page, 'champion'), 'Shared champions: Ann and Cy');
    await page.getByTestId('end-night').click();
    await page.getByTestId('night-state').filter({ hasText: 'Ended' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Friday at Ann\'s' }).waitFor();
    await page.getByTestId('night-state').filter({ hasText: 'Ended' }).waitFor();
    assert.equal(await page.getByTestId('night-game').count(), 2);
    // The list of nights, and home without a night on.
    await page.goto(url + '/records/nights');
    await page.getByTestId('night-row').filter({ hasText: 'Friday at Ann\'s' }).waitFor();
    await home(page, url);
    await page.getByTestId('night-start').waitFor();
    assert.equal(await page.getByTestId('night-card').count(), 0);
    assert.deepEqual(errors, []);
  } finally {
    await app.close();
  }
});

test('a player is renamed and merged, every screen follows, and the stats match the games', { timeout: 240000 }, async () => {
  const app = await openApp();
  const { page, url, errors } = app;
  try {
    const now = Date.now();
    await idbSeed(page, [g0(now), g1(now), g2(now)]);
    await home(page, url);
    await page.getByTestId('accept-night').click();
    await page.getByTestId('night-card').waitFor();
    await playThird(page, url);

    // Ann's stats: g1 won (0), g2 shared win (10), g3 3rd (35).
    await openPlayer(page, url, 'Ann');
    assert.equal(await figure(page, 'stat-played'), '3');
    assert.equal(await figure(page, 'stat-won'), '2');
    assert.equal(await figure(page, 'stat-rate'), '67%');
    assert.equal(await figure(page, 'stat-streak'), '2', 'a shared win keeps the streak');
    const cf = page.getByTestId('per-game').getByTestId('game-chickenfoot');
    assert.equal((await cf.getByTestId('average').textContent()).trim(), '15');
    assert.match((await cf.getByTestId('best').textContent()).trim(), /^0lowest$/);
    const bob = page.getByTestId('h2h').locator('tr', { hasText: 'Bob' });
    assert.deepEqual((await bob.locator('td').allTextContents()).map((t) => t.trim()), ['3', '1', '1', '1']);
    assert.equal(await page.getByTestId('recent').locator('li').count(), 3);
    assert.equal(await page.getByTestId('results-chart').locator('svg').count(), 1);

    // Rename Bob: every screen shows Robert.
    await openPlayer(page, url, 'Bob');
    await page.getByTestId('rename-input').fill('Robert');
    await page.getByTestId('rename').click();
    await page.getByRole('heading', { name: 'Robert', exact: true }).waitFor();
    await settled(page);
    assert.equal(await figure(page, 'stat-played'), '3');
    await home(page, url);
    const cardText = await page.getByTestId('night-card').innerText();
    assert.match(cardText, /Ann, Robert, Cy/);
    assert.doesNotMatch(cardText, /Bob\b/);
    await page.goto(url + '/play/chickenfoot/g1');
    await page.getByTestId('leaders').waitFor();
    assert.match(await page.getByTestId('leaders').innerText(), /Robert/);
    assert.doesNotMatch(await page.locator('main.app:not(#boot-form)').innerText(), /\bBob\b/);
    await page.goto(url + '/history');
    await page.getByTestId('finished').waitFor();
    const history = await page.getByTestId('finished').innerText();
    assert.match(history, /Robert/);
    assert.doesNotMatch(history, /\bBob\b/);

    // Merging two people who played together is refused.
    await openPlayer(page, url, 'Robert');
    await page.getByTestId('merge-select').selectOption('Ann');
    await page.getByTestId('merge').click();
    await page.getByTestId('player-error').filter({ hasText: 'two people' }).waitFor();
    // Bobby is Robert spelt otherwise: merged, his game counts for Robert.
    await openPlayer(page, url, 'Bobby');
    await page.getByTestId('merge-select').selectOption('Robert');
    await page.getByTestId('merge').click();
    await page.getByRole('heading', { name: 'Robert', exact: true }).waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid=stat-played]')?.textContent.trim() === '4');
    assert.equal(await figure(page, 'stat-won'), '2', 'the shared win of g2 and Bobby\'s win');
    await page.goto(url + '/records/players');
    await settled(page);
    // `settled` can pass before the app has drawn anything after a
    // navigation (CI read an empty list once): the list is waited for.
    await page.getByTestId('player-name').first().waitFor();
    const names = (await page.getByTestId('player-name').allTextContents()).map((n) => n.trim());
    assert.deepEqual(names.sort(), ['Ann', 'Cy', 'Dee', 'Robert']);
    // After a reload everything is still so (it was saved).
    await page.reload();
    await settled(page);
    assert.equal(await page.getByTestId('player-row').filter({ hasText: 'Robert' }).getByTestId('player-counts').innerText(), '4 played · 2 won');
    assert.deepEqual(errors, []);
  } finally {
    await app.close();
  }
});

test('records pages at 320 px in dark mode fit the phone', { timeout: 120000 }, async () => {
  const app = await openApp({ colorScheme: 'dark' });
  const { page, url, errors } = app;
  try {
    await page.setViewportSize({ width: 320, height: 700 });
    const now = Date.now();
    const long = 'L' + 'x'.repeat(39);
    await idbSeed(page, [g0(now), g1(now), chickenfoot('g5', now - HOUR, [long, 'Bob', 'Cy'], Array(7).fill([1, [3, 0, 9]]))]);
    await home(page, url);
    await page.getByTestId('accept-night').click();
    await page.getByTestId('night-card').waitFor();
    // Each page with what shows it has read the games (then the long name
    // is on screen).
    const paths = [['/', 'night-card'], ['/records/players', 'players'], ['/records/players/' + long, 'overview'], ['/records/nights', 'nights']];
    for (const [p, shown] of paths) {
      await page.goto(url + p);
      await page.getByTestId(shown).waitFor();
      await screenStill(page);
      const over = await overflow(page);
      assert.equal(over, 0, `${p} is ${over}px wider than the phone`);
    }
    await page.getByTestId('night-row').first().click();
    await page.getByTestId('night-table').waitFor();
    const over = await overflow(page);
    assert.equal(over, 0, `the night is ${over}px wider than the phone`);
    const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    assert.equal(bg, 'rgb(18, 18, 20)', 'dark mode');
    assert.deepEqual(errors, []);
  } finally {
    await app.close();
  }
});

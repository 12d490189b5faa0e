// Finished games, the first-player / dealer picker and rematches, in the
// built app as a person would use them: the history narrowed by game,
// player and date and searched by name (accents and case ignored), a
// delete with Undo while filtered, "Show older games" over the filtered
// list; a rematch from a history row and from a finished game's screen
// (same players and seats, same variants, the first dealer moved on one
// seat); the animated random pick on a new game, recorded and still there
// after a reload; a game that does not record it only names someone; a
// rematch of a game that cannot be read; at 320 px in dark mode.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, overflow } from './harness.mjs';
import { HomeScreen } from './pages.mjs';
import { RummyScreen } from './chicken_lines_pages.mjs';
import { idbDump, idbSeed } from './idb.mjs';

const DAY = 86400000;

/** A stored game and its summary, as the app writes them. */
function row(id, kind, players, updated, { settings = {}, log = [], finished = true } = {}) {
  return {
    record: { schema: 2, id, rev: 1 + log.length, kind, rules_version: 1, created_ms: updated - 3600000, players, settings, log },
    summary: { schema: 2, id, rev: 1 + log.length, kind, players, created_ms: updated - 3600000, updated_ms: updated, finished, summary: 'Game over', totals: [], leaders: [] },
  };
}

class History {
  constructor(page) { this.page = page; }
  async open(url) {
    await this.page.goto(url + '/history');
    await this.page.getByTestId('history-count').waitFor();
  }
  async count() { return (await this.page.getByTestId('history-count').textContent()).trim(); }
  /** The labels of the rows listed, in order. */
  async rows() {
    if ((await this.page.getByTestId('finished').count()) === 0) return [];
    return (await this.page.getByTestId('finished-game').locator('strong').allTextContents()).map((s) => s.trim());
  }
  async game(label) { await this.page.getByTestId('filter-game').selectOption({ label }); }
  async player(label) { await this.page.getByTestId('filter-player').selectOption({ label }); }
  async when(label) { await this.page.getByTestId('filter-when').selectOption({ label }); }
  async search(text) { await this.page.getByTestId('filter-search').fill(text); }
  async waitRows(n) {
    await this.page.waitForFunction((n) => document.querySelectorAll('[data-testid=finished-game]').length === n, n);
  }
}

/** The new-game page's sentence about who deals or goes first. */
async function named(page) { return (await page.getByTestId('first-named').textContent()).trim(); }

test('history: filter by game, player and date, search without accents, delete with Undo while filtered, rematch a row', { timeout: 180000 }, async () => {
  const app = await openApp();
  const { page, url } = app;
  try {
    const now = Date.now();
    const rummyLog = [
      { first_dealer: { seat: 1 } },
      { round: { closer: 0, close: 'standard', hands: [null, { sum: 12 }, 'not_opened'] } },
    ];
    const rows = [
      row('cf-new', 'chickenfoot', ['Ann', 'Bob'], now - 3600000, { settings: { set: 'd6' } }),
      row('rummy1', 'chicken-lines-rummy', ['Zoë', 'ÉMILE', 'Øyvind'], now - 2 * 3600000, { settings: { rounds: 1 }, log: rummyLog }),
      row('cluck-old', 'cluck', ['Zoe', 'Cy'], now - 40 * DAY, { log: [{ first: { seat: 0 } }] }),
      row('live', 'cluck', ['Zoe', 'Hal'], now, { finished: false }),
    ];
    for (let i = 0; i < 25; i++) rows.push(row(`cf${i}`, 'chickenfoot', ['Dee', 'Eve'], now - 10 * DAY - i * 60000, { settings: { set: 'd6' } }));
    await idbSeed(page, rows);
    const h = new History(page);
    await h.open(url);
    assert.equal(await h.count(), '28 finished games');
    assert.equal((await h.rows()).length, 20, 'a page at a time');
    assert.deepEqual((await h.rows()).slice(0, 2), ['Chickenfoot: Ann, Bob', 'Chicken Lines Rummy: Zoë, ÉMILE, Øyvind']);
    // Each row says it opens the game (where it can be corrected).
    const first = page.getByTestId('finished-game').first();
    assert.equal(await first.getByRole('link', { name: /^Open Chickenfoot: Ann, Bob/ }).getAttribute('href'), '/play/chickenfoot/cf-new');

    // By game: Cluck! has one finished game (the one in progress is not listed).
    await h.game('Cluck!');
    await h.waitRows(1);
    assert.deepEqual(await h.rows(), ['Cluck!: Zoe, Cy']);
    assert.equal(await h.count(), '1 of 28 finished games');
    // ... and not in the last 30 days.
    await h.when('Last 30 days');
    await page.getByTestId('no-match').waitFor();
    await h.game('All games');
    await h.waitRows(20);
    assert.equal(await h.count(), '27 of 28 finished games');
    await page.getByTestId('more').click();
    await h.waitRows(27);
    assert.equal(await page.getByTestId('more').count(), 0);
    await h.when('Last 7 days');
    await h.waitRows(2);
    await h.when('This year');
    await h.when('Any time');
    await h.waitRows(20);

    // Search: case and accents ignored, every word must match a player.
    for (const [text, want] of [
      ['zoe', ['Chicken Lines Rummy: Zoë, ÉMILE, Øyvind', 'Cluck!: Zoe, Cy']],
      ['ZOË', ['Chicken Lines Rummy: Zoë, ÉMILE, Øyvind', 'Cluck!: Zoe, Cy']],
      ['émi', ['Chicken Lines Rummy: Zoë, ÉMILE, Øyvind']],
      ['oyv zoe', ['Chicken Lines Rummy: Zoë, ÉMILE, Øyvind']],
      ['nobody', []],
    ]) {
      await h.search(text);
      await h.waitRows(want.length);
      assert.deepEqual(await h.rows(), want, text);
    }
    await h.search('');
    // By player: names that differ only by accents are one player.
    const players = await page.getByTestId('filter-player').locator('option').allTextContents();
    assert.deepEqual(players, ['All players', 'Ann', 'Bob', 'Cy', 'Dee', 'ÉMILE', 'Eve', 'Øyvind', 'Zoë']);
    await h.player('Zoë');
    await h.waitRows(2);
    await h.player('Cy');
    await h.waitRows(1);
    await h.player('All players');

    // Delete with Undo while a search is in force: the list keeps its filter.
    await h.search('zoe');
    await h.waitRows(2);
    await page.getByRole('button', { name: 'Delete Cluck!: Zoe, Cy' }).click();
    await page.getByTestId('deleted').waitFor();
    await h.waitRows(1);
    assert.equal(await h.count(), '1 of 27 finished games');
    assert.equal((await idbDump(page)).games['cluck-old'], undefined);
    await page.getByTestId('undo-delete').click();
    await h.waitRows(2);
    assert.equal(await page.getByTestId('filter-search').inputValue(), 'zoe');
    assert.equal(await h.count(), '2 of 28 finished games');
    assert.ok((await idbDump(page)).games['cluck-old']);

    // Rematch from the history: the game's own page, same seats, same
    // rounds, and the first dealer moved on one seat (ÉMILE dealt, so
    // Øyvind deals).
    await page.getByRole('link', { name: 'Rematch Chicken Lines Rummy: Zoë, ÉMILE, Øyvind' }).click();
    await page.getByTestId('rematch-of').waitFor();
    assert.match(await page.getByTestId('rematch-of').textContent(), /^Rematch of Chicken Lines Rummy: Zoë, ÉMILE, Øyvind\./);
    assert.deepEqual(await page.locator('.seat-name').allTextContents(), ['Zoë', 'ÉMILE', 'Øyvind']);
    assert.match(await page.getByRole('group', { name: 'Rounds to play' }).locator('output').textContent(), /^1 round/);
    assert.equal(await named(page), 'Øyvind deals round 1. (ÉMILE did last game: it moves on one seat.) Saved with the game when it starts.');
    assert.equal(await page.getByRole('button', { name: 'Øyvind deals round 1', exact: true }).getAttribute('aria-pressed'), 'true');
    await page.getByTestId('start-game').click();
    const game = new RummyScreen(page);
    await game.status().waitFor();
    assert.match(await game.status().textContent(), /Round 1 of 1: Øyvind deals; ÉMILE plays first/);
    await page.reload();
    await game.status().waitFor();
    assert.match(await game.status().textContent(), /Round 1 of 1: Øyvind deals/);
    assert.deepEqual(app.errors, []);
  } finally {
    await app.close();
  }
});

test('the animated pick on a new game is recorded (reload), a finished game offers Rematch with the dealer moved on; 320 px, dark', { timeout: 180000 }, async () => {
  const app = await openApp({ colorScheme: 'dark' });
  const { page, url } = app;
  try {
    await page.setViewportSize({ width: 320, height: 700 });
    const setup = await new HomeScreen(page).startNew('chicken-lines-rummy');
    await setup.addPlayers(['Ann', 'Bob', 'Cy']);
    const rounds = page.getByRole('group', { name: 'Rounds to play' });
    while (!/^1 round/.test(await rounds.locator('output').textContent())) {
      await rounds.getByRole('button', { name: 'One fewer: Rounds to play' }).click();
    }
    // The highlight runs round the names for about a second, then lands:
    // every name it lights is noted as it moves.
    await page.evaluate(() => {
      window.__lit = [];
      const note = () => {
        const name = document.querySelector('[data-testid=picker-seats] li.lit')?.textContent;
        if (name && window.__lit.at(-1) !== name) window.__lit.push(name);
      };
      new MutationObserver(note).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
    });
    const started = Date.now();
    await page.getByTestId('pick-random').click();
    await page.waitForFunction(() => /deals round 1/.test(document.querySelector('[data-testid=first-named]')?.textContent || ''));
    const lit = new Set(await page.evaluate(() => window.__lit));
    assert.ok(lit.size >= 2, `the highlight moved: ${[...lit]}`);
    assert.ok(Date.now() - started >= 900, 'it took about 1.2 s');
    const text = await named(page);
    const m = /^(Ann|Bob|Cy) deals round 1\. The app picked at random\. Saved with the game when it starts\.$/.exec(text);
    assert.ok(m, text);
    const dealer = m[1];
    assert.equal(await page.locator('[data-testid=picker-seats] li.lit').textContent(), dealer);
    assert.equal(await overflow(page), 0, 'new game with a pick');
    await page.getByTestId('start-game').click();
    const game = new RummyScreen(page);
    await game.status().waitFor();
    assert.match(await game.status().textContent(), new RegExp(`Round 1 of 1: ${dealer} deals`));
    // Recorded once, as a tap records it.
    const id = page.url().split('/').pop();
    const stored = JSON.parse((await idbDump(page)).games[id]);
    assert.deepEqual(stored.log, [{ first_dealer: { seat: ['Ann', 'Bob', 'Cy'].indexOf(dealer) } }]);
    await page.reload();
    await game.status().waitFor();
    assert.match(await game.status().textContent(), new RegExp(`Round 1 of 1: ${dealer} deals`));

    // Play the round to the end: the finished game offers Rematch.
    await game.closed('Ann');
    await game.notOpened('Bob');
    await game.notOpened('Cy');
    await game.saveRound();
    await game.outcome().waitFor();
    await page.getByTestId('rematch').click();
    await page.getByTestId('rematch-of').waitFor();
    const next = ['Ann', 'Bob', 'Cy'][(['Ann', 'Bob', 'Cy'].indexOf(dealer) + 1) % 3];
    assert.equal(await named(page), `${next} deals round 1. (${dealer} did last game: it moves on one seat.) Saved with the game when it starts.`);
    assert.deepEqual(await page.locator('.seat-name').allTextContents(), ['Ann', 'Bob', 'Cy']);
    assert.equal(await overflow(page), 0, 'rematch page');
    // The table may still change things: Cy deals instead, tapped.
    await page.getByRole('button', { name: 'Cy deals round 1', exact: true }).click();
    if (next === 'Cy') await page.getByRole('button', { name: 'Cy deals round 1', exact: true }).click();
    assert.match(await named(page), /^Cy deals round 1\. Saved/);
    await page.getByTestId('start-game').click();
    await game.status().waitFor();
    assert.match(await game.status().textContent(), /Round 1 of 1: Cy deals; Bob plays first/);
    assert.deepEqual(app.errors, []);
  } finally {
    await app.close();
  }
});

test('a game that does not record who goes first only names someone; reduced motion lands at once; an unreadable rematch', { timeout: 120000 }, async () => {
  const app = await openApp();
  const { page, url } = app;
  try {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const setup = await new HomeScreen(page).startNew('big-chicken');
    await setup.addPlayers(['Ann', 'Bob', 'Cy']);
    assert.equal(await page.getByRole('heading', { name: 'Who deals round 1?' }).count(), 1);
    assert.equal(await page.getByRole('group', { name: 'Who deals round 1?' }).count(), 0, 'nothing to tap: not recorded');
    await page.getByTestId('pick-random').click();
    // No animation: the name is there at once.
    assert.match(await named(page), /^(Ann|Bob|Cy) deals round 1\. The app picked at random\. The app does not record this\.$/);
    const game = await setup.start();
    await game.status().waitFor();
    const id = page.url().split('/').pop();
    assert.deepEqual(JSON.parse((await idbDump(page)).games[id]).log, [], 'nothing recorded');

    // A rematch of a game that is not there: a clear message and an
    // ordinary new-game form.
    await page.goto(url + '/play/chickenfoot/new?rematch=gone123');
    await page.getByTestId('problem').waitFor();
    assert.match(await page.getByTestId('problem').textContent(), /^The game to rematch could not be opened: This game is not saved on this phone/);
    assert.deepEqual(await page.locator('.seat-name').allTextContents(), []);
    await page.getByLabel("New player's name").fill('Ann');
    await page.getByTestId('add-player').click();
    assert.deepEqual(await page.locator('.seat-name').allTextContents(), ['Ann']);
    assert.deepEqual(app.errors.filter((e) => !/404|Failed to load resource/.test(e)), []);
  } finally {
    await app.close();
  }
});

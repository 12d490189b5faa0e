// The home page and the new-game page at the table (issue 9): cards of
// games in progress tell two games of the same players apart (totals, who
// leads, when), a game is deleted from home with Undo, a seated name is
// corrected in place, a name is removed from the roster, and 40-letter
// names never make either page wider than a 320 px phone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GAME_IDS, homeReady, openApp, overflow } from './harness.mjs';
import { HomeScreen, NewGameScreen } from './pages.mjs';
import { idbDump, idbPoke, idbSeed, simulateFullDisk } from './idb.mjs';

const LONG = ['A', 'B', 'C', 'D'].map((c) => (c + 'x'.repeat(39)).slice(0, 40));

/** Home, with its game cards. */
class Home extends HomeScreen {
  async open(url) {
    await this.page.goto(url + '/');
    await homeReady(this.page);
    await this.page.waitForFunction(() => !document.querySelector('[data-testid=opening]'));
  }
  card(id) { return this.page.getByTestId(`game-${id}`); }
  async cardText(id) { return (await this.card(id).locator('a').innerText()).replace(/\s+/g, ' ').trim(); }
  async remove(id) {
    const button = this.card(id).getByRole('button', { name: /^Delete / });
    assert.equal((await button.textContent()).trim(), 'Delete');
    await button.click();
    await this.page.getByTestId('deleted').waitFor();
  }
}

/** The new-game page, with corrections in place and the roster. */
class NewGame extends NewGameScreen {
  async open(url, kind = 'chickenfoot') {
    await this.page.goto(`${url}/play/${kind}/new`);
    await this.page.getByRole('heading', { name: /^New / }).waitFor();
  }
  async correct(name, typed, { enter = true } = {}) {
    await this.page.getByRole('button', { name: `Correct ${name}`, exact: true }).click();
    const field = this.page.locator('#seat-edit');
    await field.waitFor();
    assert.equal(await field.inputValue(), name);
    await field.fill(typed);
    if (enter) await field.press('Enter'); else await this.page.getByTestId('seat-done').click();
  }
  rosterChip(name) { return this.page.getByRole('button', { name: `Seat ${name}`, exact: true }); }
}

/** Creates a Chickenfoot game of `names`, records `hands` (each {out, pips}), returns its id. */
async function game(page, url, names, hands = []) {
  await page.goto(url + '/');
  const setup = await new HomeScreen(page).startNew('chickenfoot');
  await setup.addPlayers(names);
  const g = await setup.start();
  for (const h of hands) await g.hand(h);
  return page.url().split('/').pop();
}

test('two games of the same players look different on home: totals, who leads, when', async () => {
  const app = await openApp();
  const { page, url } = app;
  try {
    const a = await game(page, url, ['Ann', 'Bob'], [{ out: 'Ann', pips: { Bob: 12 } }]);
    const b = await game(page, url, ['Ann', 'Bob'], [{ out: 'Bob', pips: { Ann: 7 } }]);
    const c = await game(page, url, ['Ann', 'Bob']);
    const home = new Home(page);
    await home.open(url);
    const [ta, tb, tc] = [await home.cardText(a), await home.cardText(b), await home.cardText(c)];
    assert.match(ta, /Chickenfoot: Ann, Bob/);
    assert.match(ta, /Leading: Ann/);
    assert.match(ta, /Ann 0 · Bob 12/);
    assert.match(tb, /Leading: Bob/);
    assert.match(tb, /Ann 7 · Bob 0/);
    assert.match(tc, /All level/);
    assert.match(tc, /Ann 0 · Bob 0/);
    for (const t of [ta, tb, tc]) assert.match(t, /Today \d{1,2}:\d\d/);
    assert.notEqual(ta, tb);

    // A summary written before totals were kept: no scores, no leader;
    // opening the game brings its summary up to date.
    const dump = await idbDump(page);
    const old = JSON.parse(dump.summaries[a]);
    delete old.totals;
    delete old.leaders;
    await idbPoke(page, 'summaries', a, JSON.stringify(old));
    await home.open(url);
    assert.ok(await home.card(a).getByTestId('scores').isHidden());
    assert.ok(await home.card(a).getByTestId('lead').isHidden());
    assert.doesNotMatch(await home.cardText(a), /Leading|level|Bob 12/);
    assert.match(await home.cardText(a), /Chickenfoot: Ann, Bob/);
    await page.goto(`${url}/play/chickenfoot/${a}`);
    await page.getByTestId('leaders').waitFor();
    await home.open(url);
    await home.card(a).getByTestId('scores').waitFor({ state: 'visible' });
    assert.match(await home.cardText(a), /Leading: Ann.*Ann 0 · Bob 12/);
    assert.deepEqual(app.errors.filter((e) => !/Failed to load resource/.test(e)), []);
  } finally {
    await app.close();
  }
});

test('delete a game from home: Undo brings it back (after a reload too); once Undo is gone it stays deleted', { timeout: 90000 }, async () => {
  const app = await openApp();
  const { page, url } = app;
  try {
    const keep = await game(page, url, ['Ann', 'Bob'], [{ out: 'Ann', pips: { Bob: 3 } }]);
    const g = await game(page, url, ['Ann', 'Bob'], [{ out: 'Bob', pips: { Ann: 9 } }]);
    const home = new Home(page);
    await home.open(url);
    // Another tab on home follows.
    const other = await app.context.newPage();
    const home2 = new Home(other);
    await home2.open(url);
    await home2.card(g).waitFor();

    await home.remove(g);
    assert.match(await page.getByTestId('deleted').textContent(), /Game deleted \(Chickenfoot: Ann, Bob\)/);
    assert.equal(await home.card(g).count(), 0);
    await home.card(keep).waitFor();
    assert.equal((await idbDump(page)).games[g], undefined);
    await home2.card(g).waitFor({ state: 'detached' });

    await page.getByTestId('undo-delete').click();
    await home.card(g).waitFor();
    await page.getByTestId('deleted').waitFor({ state: 'detached' });
    assert.match(await home.cardText(g), /Leading: Bob.*Ann 9 · Bob 0/);
    assert.ok((await idbDump(page)).games[g]);
    await home2.card(g).waitFor();
    await home.open(url);
    assert.match(await home.cardText(g), /Leading: Bob.*Ann 9 · Bob 0/);
    await page.goto(`${url}/play/chickenfoot/${g}`);
    await page.getByTestId('leaders').waitFor();

    // Deleted again, and Undo left to run out: gone for good.
    await home.open(url);
    await home.remove(g);
    await page.getByTestId('deleted').waitFor({ state: 'detached', timeout: 15000 });
    await page.reload();
    await home.card(keep).waitFor();
    assert.equal(await home.card(g).count(), 0);
    assert.equal((await idbDump(page)).games[g], undefined);
    assert.deepEqual(app.errors.filter((e) => !/Failed to load resource/.test(e)), []);
  } finally {
    await app.close();
  }
});

test('a seated name is corrected in place, checked against the others', async () => {
  const app = await openApp();
  const { page, url } = app;
  try {
    const setup = new NewGame(page);
    await setup.open(url);
    await setup.addPlayers(['Ann', 'Bob', 'Cy']);
    // The same name as another seated player is refused beside the field.
    await setup.correct('Ann', ' bob ');
    const error = page.locator('#seat-edit-error');
    assert.match(await error.textContent(), /bob is already playing/);
    assert.equal(await page.locator('#seat-edit').getAttribute('aria-invalid'), 'true');
    // An empty name too.
    await page.locator('#seat-edit').fill('  ');
    await page.getByTestId('seat-done').click();
    assert.match(await error.textContent(), /Type a name first/);
    // Enter saves; keeping one's own name in another case is fine.
    await page.locator('#seat-edit').fill('Anna');
    await page.locator('#seat-edit').press('Enter');
    assert.deepEqual(await setup.seated(), ['Anna', 'Bob', 'Cy']);
    assert.equal(await page.locator('#seat-edit').count(), 0);
    await setup.correct('Cy', 'CY', { enter: false });
    assert.deepEqual(await setup.seated(), ['Anna', 'Bob', 'CY']);
    // Cancel leaves the name as it was.
    await page.getByRole('button', { name: 'Correct Bob', exact: true }).click();
    await page.locator('#seat-edit').fill('Robert');
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    assert.deepEqual(await setup.seated(), ['Anna', 'Bob', 'CY']);
    const g = await setup.start();
    assert.deepEqual(Object.keys(await g.totals()).sort(), ['Anna', 'Bob', 'CY']);
  } finally {
    await app.close();
  }
});

test('a name is removed from the players of earlier games, and stays removed', async () => {
  const app = await openApp();
  const { page, url } = app;
  try {
    await game(page, url, ['Ann', 'Bob', 'Cy']);
    const setup = new NewGame(page);
    await setup.open(url);
    await setup.rosterChip('Bob').waitFor();
    await page.getByTestId('manage-roster').click();
    await page.getByRole('button', { name: 'Remove Bob from the list', exact: true }).click();
    await page.getByText('Bob was removed from the list.').waitFor();
    assert.equal(await page.getByRole('button', { name: /Bob/ }).count(), 0);
    assert.deepEqual(JSON.parse((await idbDump(page)).meta.roster).names, ['Ann', 'Cy']);
    // Done: a tap seats again.
    await page.getByTestId('manage-roster').click();
    await setup.rosterChip('Ann').click();
    assert.deepEqual(await setup.seated(), ['Ann']);
    await setup.open(url);
    await setup.rosterChip('Cy').waitFor();
    assert.equal(await setup.rosterChip('Bob').count(), 0);
    assert.equal(await setup.rosterChip('Ann').count(), 1);
    // A failure to save says so, and the name stays.
    await simulateFullDisk(app.context);
    await page.evaluate(() => localStorage.setItem('test.full', '1'));
    await setup.open(url);
    await setup.rosterChip('Cy').waitFor();
    await page.getByTestId('manage-roster').click();
    await page.getByRole('button', { name: 'Remove Cy from the list', exact: true }).click();
    await page.getByTestId('roster-error').getByText(/Cy was not removed from the list: the phone's storage for this app is full/).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Remove Cy from the list', exact: true }).count(), 1);
    assert.deepEqual(JSON.parse((await idbDump(page)).meta.roster).names, ['Ann', 'Cy']);
  } finally {
    await app.close();
  }
});

for (const scheme of ['light', 'dark']) {
  test(`320 px, 40-letter names, ${scheme}: home and new game are never wider than the phone`, { timeout: 120000 }, async () => {
    const app = await openApp({ colorScheme: scheme });
    const { page, url } = app;
    try {
      // A game with a hand, stored as the app stores it (the Chickenfoot
      // hand form is not this test's), its summary without totals: opening
      // it brings the summary up to date.
      const g = 'long1';
      const now = Date.now();
      const log = [{ out: 0, left: [{ pips: 0 }, { pips: 5 }, { pips: 30 }, { pips: 7 }] }];
      await idbSeed(page, [{
        record: { schema: 2, id: g, rev: 2, kind: 'chickenfoot', rules_version: 1, created_ms: now, players: LONG, settings: { set: 'd9' }, log },
        summary: { schema: 2, id: g, rev: 2, kind: 'chickenfoot', players: LONG, created_ms: now, updated_ms: now, finished: false, summary: 'Hand 2 of 10' },
      }]);
      await page.goto(`${url}/play/chickenfoot/${g}`);
      await page.getByTestId('leaders').waitFor();
      await game(page, url, LONG);
      await page.setViewportSize({ width: 320, height: 700 });
      const home = new Home(page);
      await home.open(url);
      assert.equal(await overflow(page), 0, 'home');
      // The names end with an ellipsis; the card stays inside the phone.
      const card = await home.card(g).boundingBox();
      assert.ok(card.x >= 0 && card.x + card.width <= 320, JSON.stringify(card));
      const title = await home.card(g).locator('.game-title').evaluate(
        (e) => [e.scrollWidth > e.clientWidth, getComputedStyle(e).textOverflow]);
      assert.deepEqual(title, [true, 'ellipsis']);
      const text = await home.cardText(g);
      assert.match(text, /Leading: Axxxxxxxxxxx… /);
      assert.match(text, /Axxxxxxxxxxx… 0 · Bxxxxxxxxxxx… 5 · Cxxxxxxxxxxx… 30 · Dxxxxxxxxxxx… 7/);
      await home.remove(g);
      assert.equal(await overflow(page), 0, 'home, a game deleted');

      const setup = new NewGame(page);
      await setup.open(url);
      await setup.addPlayers([LONG[0], LONG[1]]);
      assert.equal(await overflow(page), 0, 'new game');
      await page.getByRole('button', { name: `Correct ${LONG[0]}`, exact: true }).click();
      await page.locator('#seat-edit').fill(LONG[1]);
      await page.locator('#seat-edit').press('Enter');
      await page.locator('#seat-edit-error').getByText(/already playing/).waitFor();
      assert.equal(await overflow(page), 0, 'new game, correcting a name');
      await page.getByRole('button', { name: 'Cancel', exact: true }).click();
      await page.getByTestId('manage-roster').click();
      await page.getByRole('button', { name: `Remove ${LONG[2]} from the list`, exact: true }).waitFor();
      assert.equal(await overflow(page), 0, 'new game, managing the roster');
      await page.getByRole('button', { name: `Remove ${LONG[2]} from the list`, exact: true }).click();
      await page.getByText(/was removed from the list/).waitFor();
      assert.equal(await overflow(page), 0, 'new game, a name removed');
    } finally {
      await app.close();
    }
  });
}

/** Where home's parts are: each one's top-left and size, in page order. */
function homeLayout(page) {
  return page.evaluate(() => [...document.querySelectorAll(
    'main.app h1, [data-testid=theme], section.home > h2, .home-top > p.hint, [data-testid=night-start], '
    + '[data-testid=players-link], .kinds a, [data-testid=history-link], [data-testid=home-club], [data-testid=about-link]',
  )].filter((e) => !e.closest('#boot-form')).map((e) => {
    const r = e.getBoundingClientRect();
    const name = e.matches('p.hint') ? 'the line under "Games in progress"' : e.dataset.testid || e.tagName;
    return `${name} ${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
  }));
}

test('home is painted from the page before the app runs, and the app takes it over without moving anything', async () => {
  const app = await openApp();
  const { page, url } = app;
  try {
    // The page alone: the app's code is on its way (never answered).
    await page.route('**/*.wasm', () => {});
    await page.goto(url + '/');
    const links = await page.locator('#boot .kinds a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    assert.deepEqual(links, GAME_IDS.map((id) => `/play/${id}/new`), 'every game, a real link, in the app\'s order');
    assert.equal(await page.getByTestId('opening').textContent(), 'Opening your games…');
    const before = await homeLayout(page);
    assert.ok(before.length >= 10 + GAME_IDS.length, before.join('\n'));
    // A game's address never shows it.
    await page.goto(`${url}/play/chickenfoot/new`);
    assert.equal(await page.locator('#boot, [data-testid=new-chickenfoot]').count(), 0);
    // Dark chosen: the page is dark before the app runs, and says so.
    await page.evaluate(() => localStorage.setItem('chicken.theme', 'dark'));
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto(url + '/');
    assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
    assert.equal(await page.getByTestId('theme').textContent(), '☾ Dark');
    assert.equal(await page.getByTestId('theme').getAttribute('aria-label'), 'Theme: Dark');
    assert.equal(await overflow(page), 0, 'the static home at 320 px');
    await page.evaluate(() => localStorage.removeItem('chicken.theme'));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.unroute('**/*.wasm');

    // The app takes over, then storage opens: nothing moves.
    await page.addInitScript(() => {
      window.__shifts = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__shifts.push(e.value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(url + '/');
    await homeReady(page);
    await page.waitForFunction(() => !document.querySelector('#boot, [aria-busy=true]'));
    // The app's page and the new-game form the page keeps hidden for a tap
    // made before the new-game code arrives.
    assert.equal(await page.locator('main.app:not(#boot-form)').count(), 1);
    assert.equal(await page.locator('#boot-form').isVisible(), false);
    assert.equal(await page.locator('.home-top > p.hint').textContent(), 'None right now. Start one below.');
    assert.deepEqual(await homeLayout(page), before);
    assert.deepEqual(await page.evaluate(() => window.__shifts), [], 'layout shifts');
  } finally {
    await app.close();
  }
});

test('with games in progress, the new-game cards stay where the page painted them while the games are read', async () => {
  const app = await openApp();
  const { page, url } = app;
  try {
    for (const names of [['Ann', 'Bob'], ['Cy', 'Di', 'Ed'], ['Fay', 'Gus']]) await game(page, url, names);
    // Home once with its games: the visit the next one is painted from.
    await new Home(page).open(url);
    assert.equal(await page.getByTestId('in-progress').locator('li').count(), 3);
    const cards = () => page.locator('.kinds a').evaluateAll((as) => as.map((a) => Math.round(a.getBoundingClientRect().y)));

    // The page alone, the app's code held back: then it arrives.
    let arrive;
    const held = new Promise((r) => { arrive = r; });
    await page.route('**/*.wasm', async (route) => { await held; await route.continue(); });
    await page.goto(url + '/');
    await page.locator('#boot .kinds a').first().waitFor();
    const painted = await cards();
    arrive();
    await homeReady(page);
    await page.waitForFunction(() => !document.querySelector('#boot, [aria-busy=true], [data-testid=opening]'));
    assert.equal(await page.getByTestId('in-progress').locator('li').count(), 3);
    assert.deepEqual(await cards(), painted, 'each new-game card\'s top, painted then with the games read');
  } finally {
    await app.close();
  }
});

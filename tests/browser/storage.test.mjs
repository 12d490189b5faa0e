// What the app does with stored data it cannot read: it starts, says which
// game, and keeps the text aside without overwriting anything.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openApp } from './harness.mjs';
import { HomeScreen } from './pages.mjs';

test('garbage in a stored game: the app starts, says so, and keeps it aside', async () => {
  const app = await openApp();
  try {
    const setup = await new HomeScreen(app.page).startNew('chickenfoot');
    await setup.addPlayers(['Ann', 'Bob']);
    const game = await setup.start();
    await game.hand({ out: 'Ann', pips: { Bob: 5 } });
    const second = await new HomeScreen(app.page);
    await app.page.getByRole('link', { name: 'Back to all games' }).click();
    await (await second.startNew('chickenfoot')).addPlayers(['Cy', 'Dee']);
    await app.page.getByTestId('start-game').click();
    await app.page.getByTestId('leaders').waitFor();

    const key = await app.page.evaluate(() => {
      const ix = JSON.parse(localStorage.getItem('chicken.index'));
      const ann = ix.games.find((g) => g.players[0] === 'Ann');
      const key = 'chicken.game.' + ann.id;
      localStorage.setItem(key, '{"schema":1, this is not json');
      return key;
    });
    await app.page.goto(app.url + '/');
    const home = new HomeScreen(app.page);
    await home.problems().first().waitFor();
    const text = await home.problems().first().textContent();
    assert.match(text, /Chickenfoot: Ann, Bob could not be read/);
    assert.match(text, /kept aside as chicken\.quarantine\.1/);
    // The other game is untouched and the app works.
    assert.match(await home.inProgress().textContent(), /Cy, Dee/);
    const kept = await app.page.evaluate((key) => ({
      q: JSON.parse(localStorage.getItem('chicken.quarantine.1')),
      original: localStorage.getItem(key),
    }), key);
    assert.equal(kept.q.raw, '{"schema":1, this is not json');
    assert.equal(kept.q.from, key);
    assert.equal(kept.original, null);
    // A second bad value never overwrites the first one kept aside.
    await app.page.evaluate(() => localStorage.setItem('chicken.index', 'garbage'));
    await app.page.goto(app.url + '/');
    await home.problems().first().waitFor();
    assert.match(await app.page.locator('body').textContent(), /list of games could not be read/);
    const q = await app.page.evaluate(() => [localStorage.getItem('chicken.quarantine.1'), localStorage.getItem('chicken.quarantine.2')]);
    assert.match(q[0], /this is not json/);
    assert.match(q[1], /garbage/);
    // The list was rebuilt from the games that remain.
    assert.match(await home.inProgress().textContent(), /Cy, Dee/);
  } finally {
    await app.close();
  }
});

test('dark and light: follows the system, and the toggle overrides it', async () => {
  const app = await openApp({ colorScheme: 'dark' });
  try {
    const bg = () => app.page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    assert.equal(await bg(), 'rgb(18, 18, 20)');
    await app.page.getByTestId('theme').click(); // auto -> dark
    await app.page.getByTestId('theme').click(); // dark -> light
    assert.equal(await bg(), 'rgb(255, 248, 238)');
    await app.page.reload();
    await app.page.getByTestId('theme').waitFor();
    assert.equal(await bg(), 'rgb(255, 248, 238)');
    // Every control has an accessible name and is at least 44px tall: on
    // the home screen, each game's new-game page and its game screen.
    const smallOrNameless = () => app.page.evaluate(() => [...document.querySelectorAll('button, a, input, select')]
      .filter((el) => el.offsetParent !== null)
      .filter((el) => el.getBoundingClientRect().height < 44
        || !(el.getAttribute('aria-label') || el.textContent.trim() || (el.labels && el.labels.length)))
      .map((el) => `${location.pathname}: ${el.outerHTML.slice(0, 90)}`));
    assert.deepEqual(await smallOrNameless(), []);
    for (const kind of ['big-chicken', 'playing-chicken', 'chickenfoot']) {
      await app.page.goto(`${app.url}/`);
      const setup = await new HomeScreen(app.page).startNew(kind);
      await setup.addPlayers(['Ann', 'Bob', 'Cy']);
      assert.deepEqual(await smallOrNameless(), []);
      await app.page.getByTestId('start-game').click();
      await app.page.getByTestId('leaders').waitFor();
      assert.deepEqual(await smallOrNameless(), []);
    }
  } finally {
    await app.close();
  }
});

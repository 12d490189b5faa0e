// A new game's form painted by the page before its code arrives (issue
// 37): the page's own form at a new game's address, and the same form when
// a game is tapped before the new-game code is there. What is typed and
// added there is taken over by the app's page, each name checked as if
// typed into it; nothing moves when it takes over. On every engine: the
// app's code is held back by the test's own server, not by the browser.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { DIST, homeReady, overflow } from './harness.mjs';
import { launchPhone } from './engines/index.mjs';
import { removeDir } from './engines/process.mjs';
import { handler } from '../tools/static-server.mjs';
import { NewGameScreen } from './pages.mjs';

/** Serves the build, holding back the WASM files `held(name)` picks
 *  until `open()` (or, with `open(false)`, dropping their connections: the
 *  phone offline). */
async function gatedServer(held) {
  const inner = handler(DIST);
  let waiting = [];
  let gate = null; // null: closed; true: open; false: failing
  const server = http.createServer((req, res) => {
    const name = new URL(req.url, 'http://x').pathname.split('/').pop();
    if (!name.endsWith('.wasm') || !held(name) || gate === true) return inner(req, res);
    if (gate === false) return req.socket.destroy();
    waiting.push(() => (gate ? inner(req, res) : req.socket.destroy()));
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    open(ok = true) {
      gate = ok;
      const now = waiting;
      waiting = [];
      for (const go of now) go();
    },
    hold() { gate = null; },
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

/** A fresh phone on the engine under test and a gated server. */
async function phoneWith(held, options) {
  const server = await gatedServer(held);
  const phone = await launchPhone(options);
  return {
    ...phone, url: server.url, server,
    async close() {
      await phone.close();
      await server.close();
      removeDir(phone.profile);
    },
  };
}

const early = (page) => page.locator('#boot-form');

/** The top of a new-game form, as laid out: title, heading, each seat,
 *  the field and Add, by position and size. */
function formLayout(page, root) {
  return page.evaluate((root) => [...document.querySelector(root).querySelectorAll('h1, h2, .seat, form.add-player input, form.add-player button')]
    .map((e) => {
      const r = e.getBoundingClientRect();
      return `${e.tagName}.${e.className} ${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
    }), root);
}

test('a new game\'s address paints its form before the app\'s code arrives; what is typed there is taken over, and nothing moves', async () => {
  const app = await phoneWith(() => true);
  const { page, url } = app;
  try {
    await page.goto(`${url}/play/chickenfoot/new`);
    await early(page).getByRole('heading', { name: 'New Chickenfoot' }).waitFor();
    assert.equal(await early(page).locator('h2').textContent(), 'Players (2–10), in seating order');
    const field = early(page).getByLabel('New player');
    for (const name of ['Ann', '  Bo ']) {
      await field.fill(name);
      await early(page).getByRole('button', { name: 'Add' }).click();
    }
    assert.deepEqual(await early(page).locator('.seat-name').allTextContents(), ['Ann', 'Bo']);
    await field.fill('Cy');
    await field.focus();
    await field.evaluate((f) => f.setSelectionRange(1, 1));
    const painted = await formLayout(page, '#boot-form');
    // Layout shifts from here on, where the engine reports them (Chromium),
    // even within 500 ms of the last key, which Chromium's score forgives.
    const shifts = await page.evaluate(() => {
      if (!PerformanceObserver.supportedEntryTypes.includes('layout-shift')) return false;
      window.__shifts = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__shifts.push(`${e.value.toFixed(3)}: ${e.sources.map((s) => `${s.node?.nodeName}.${s.node?.className}`).join(', ')}`);
      }).observe({ type: 'layout-shift' });
      return true;
    });

    app.server.open();
    const form = new NewGameScreen(page);
    const real = page.getByLabel("New player's name");
    await real.waitFor();
    await page.waitForFunction(() => !document.getElementById('boot-form'));
    // Ann and Bo seated; the text in the field and its caret carried on.
    assert.deepEqual(await form.seated(), ['Ann', 'Bo']);
    assert.equal(await real.inputValue(), 'Cy');
    assert.deepEqual(await page.evaluate(() => {
      const f = document.activeElement;
      return [f.id, f.selectionStart, f.selectionEnd];
    }), ['new-player', 1, 1]);
    // Everything where the page painted it.
    assert.deepEqual((await formLayout(page, 'main.app')).slice(0, painted.length), painted);
    if (shifts) assert.deepEqual(await page.evaluate(() => window.__shifts), [], 'layout shifts at the take-over');

    await real.fill('Cyd');
    await real.press('Enter');
    assert.deepEqual(await form.seated(), ['Ann', 'Bo', 'Cyd']);
    const game = await form.start();
    assert.deepEqual(Object.keys(await game.totals()).sort(), ['Ann', 'Bo', 'Cyd']);
  } finally {
    await app.close();
  }
});

test('a game tapped before the new-game code is there shows the page\'s form at once; leaving it forgets it; a failed load says so beside it; names are checked as the app takes over', async () => {
  // Home from the app (its main module), every chunk held back.
  const app = await phoneWith((name) => name !== 'chicken-scores_bg.wasm', { width: 320, height: 640, colorScheme: 'dark' });
  const { page, url } = app;
  try {
    await page.goto(url + '/');
    await homeReady(page);
    await page.getByTestId('new-cluck').click();
    await early(page).getByRole('heading', { name: 'New Cluck!' }).waitFor();
    const field = early(page).getByLabel('New player');
    await field.fill('Ann');
    await field.press('Enter');
    assert.deepEqual(await early(page).locator('.seat-name').allTextContents(), ['Ann']);
    assert.equal(await overflow(page), 0, 'the page\'s form at 320 px');

    // Back home: the form is gone and forgets Ann.
    await early(page).getByRole('link', { name: 'Back to all games' }).click();
    await homeReady(page);
    assert.equal(await early(page).isVisible(), false);
    await page.getByTestId('new-chickenfoot').click();
    await early(page).getByRole('heading', { name: 'New Chickenfoot' }).waitFor();
    assert.deepEqual(await early(page).locator('.seat-name').allTextContents(), []);
    for (const name of ['Di', 'di']) {
      await field.fill(name);
      await field.press('Enter');
    }

    // The code cannot be fetched: said below the form, which keeps both.
    app.allow(/Failed to load resource|ERR_|NetworkError|network connection was lost/);
    app.server.open(false);
    await page.getByTestId('chunk-failed').waitFor();
    assert.deepEqual(await early(page).locator('.seat-name').allTextContents(), ['Di', 'di']);

    // It arrives on Retry: the app's form takes them over, each checked
    // as if typed there: Di seated, the second Di back in the field with
    // why beside it.
    app.server.open();
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByLabel("New player's name").waitFor();
    await page.waitForFunction(() => !document.getElementById('boot-form'));
    const form = new NewGameScreen(page);
    assert.deepEqual(await form.seated(), ['Di']);
    assert.equal(await form.nameError().textContent(), 'di is already playing. Add a last initial to tell them apart.');
    assert.equal(await page.getByLabel("New player's name").inputValue(), 'di');
    assert.equal(await overflow(page), 0, 'the app\'s form at 320 px');
  } finally {
    await app.close();
  }
});

test('a game tapped on the page\'s home before the app runs shows the page\'s form at the game\'s address; Back shows home again', async () => {
  const app = await phoneWith(() => true);
  const { page, url } = app;
  try {
    await page.goto(url + '/');
    const home = page.locator('#boot');
    await home.getByTestId('new-cluck').waitFor();
    await page.evaluate(() => { window.__samePage = true; });
    await home.getByTestId('new-cluck').click();
    await early(page).getByRole('heading', { name: 'New Cluck!' }).waitFor();
    assert.equal(new URL(await page.url()).pathname, '/play/cluck/new');
    assert.equal(await page.evaluate(() => window.__samePage), true, 'no new page loaded');
    assert.equal(await home.isVisible(), false);
    await page.goBack();
    await home.getByTestId('new-chickenfoot').waitFor();
    assert.equal(await early(page).isVisible(), false);
    await home.getByTestId('new-chickenfoot').click();
    await early(page).getByRole('heading', { name: 'New Chickenfoot' }).waitFor();
    const field = early(page).getByLabel('New player');
    await field.fill('Ann');
    await field.press('Enter');

    // The app starts at the game's address and takes Ann over.
    app.server.open();
    await page.getByLabel("New player's name").waitFor();
    await page.waitForFunction(() => !document.getElementById('boot-form') && !document.getElementById('boot'));
    assert.deepEqual(await new NewGameScreen(page).seated(), ['Ann']);
    assert.equal(new URL(await page.url()).pathname, '/play/chickenfoot/new');
  } finally {
    await app.close();
  }
});

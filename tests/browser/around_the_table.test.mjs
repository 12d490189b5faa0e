// Around the table (issue 12): the score chart on a game's screen, sharing
// the result (text and a picture of the score sheet), and keeping the
// screen awake during a game. The browser's share sheet, clipboard and
// wake lock are stood in for by page.addInitScript stubs that record what
// the app hands them (headless Chromium has no share sheet and may refuse
// a real wake lock).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { openApp, overflow } from './harness.mjs';
import { SEVEN_HANDS, startTwoPlayerDouble6 } from './chickenfoot_pages.mjs';

// A two-player Double-6 game: seven hands, Ann wins 18 to 24.
const HANDS = SEVEN_HANDS;

/** The stand-ins: a recording share sheet, clipboard and wake lock. What
 * they do is steered by sessionStorage flags, so a test can change them
 * between page loads. */
function stubs() {
  const flag = (k) => sessionStorage.getItem(k);
  const count = (k) => sessionStorage.setItem(k, String(Number(sessionStorage.getItem(k) || 0) + 1));
  window.__shared = [];
  window.__copied = [];
  const nav = Navigator.prototype;
  Object.defineProperty(nav, 'share', {
    configurable: true,
    get() {
      if (flag('noShare')) return undefined;
      return async (data) => { window.__shared.push(data); };
    },
  });
  Object.defineProperty(nav, 'canShare', {
    configurable: true,
    get() { return flag('shareFiles') ? (d) => Array.isArray(d.files) : (() => false); },
  });
  Object.defineProperty(nav, 'clipboard', {
    configurable: true,
    get() {
      return {
        writeText: async (t) => {
          if (flag('noClipboard')) throw new DOMException('denied', 'NotAllowedError');
          window.__copied.push(t);
        },
      };
    },
  });
  Object.defineProperty(nav, 'wakeLock', {
    configurable: true,
    get() {
      if (flag('noWakeLock')) return undefined;
      return {
        request: async (type) => {
          count('wake.requests');
          if (flag('wakeFails')) throw new DOMException('low battery', 'NotAllowedError');
          sessionStorage.setItem('wake.held', '1');
          const s = {
            type,
            released: false,
            async release() {
              if (s.released) return;
              s.released = true;
              count('wake.releases');
              sessionStorage.setItem('wake.held', '0');
            },
          };
          return s;
        },
      };
    },
  });
}

async function withStubs(opts = {}) {
  const app = await openApp(opts);
  await app.context.addInitScript(stubs);
  await app.page.reload();
  await app.page.getByRole('heading', { name: /Chicken Scores/ }).waitFor();
  return app;
}

const startGame = startTwoPlayerDouble6;

/** The running totals as the score sheet shows them, by column (seat). */
async function sheetColumns(page) {
  return page.evaluate(() => {
    const rows = [...document.querySelectorAll('table.sheet tbody tr:not(.row-details):not(.saving)')];
    const cols = [];
    for (const r of rows) {
      [...r.querySelectorAll('td .run')].forEach((c, i) => {
        (cols[i] ||= []).push(c.textContent.trim());
      });
    }
    return cols.map((c) => c.join(','));
  });
}

/** Each chart line: its name, values, and whether it is highlighted. */
async function chartLines(page) {
  return page.locator('[data-testid=chart-line]').evaluateAll((ls) => ls.map((l) => ({
    name: l.dataset.name,
    values: l.dataset.values,
    win: l.classList.contains('win'),
    stroke: getComputedStyle(l).stroke,
    width: parseFloat(getComputedStyle(l).strokeWidth),
  })));
}

const wake = (page) => page.evaluate(() => ({
  requests: Number(sessionStorage.getItem('wake.requests') || 0),
  releases: Number(sessionStorage.getItem('wake.releases') || 0),
  held: sessionStorage.getItem('wake.held') === '1',
}));

async function waitWake(page, want) {
  await page.waitForFunction((want) => {
    const now = {
      requests: Number(sessionStorage.getItem('wake.requests') || 0),
      releases: Number(sessionStorage.getItem('wake.releases') || 0),
      held: sessionStorage.getItem('wake.held') === '1',
    };
    return Object.entries(want).every(([k, v]) => now[k] === v);
  }, want, { timeout: 5000 }).catch(async () => {
    assert.deepEqual(await wake(page), { ...(await wake(page)), ...want });
  });
}

test('the chart follows the score sheet, hidden while playing, the winner highlighted at the end (320 px, dark)', { timeout: 120000 }, async () => {
  const app = await withStubs({ colorScheme: 'dark' });
  const { page } = app;
  try {
    await page.setViewportSize({ width: 320, height: 700 });
    const game = await startGame(page);
    // Nothing to chart yet, and closed while the game is on.
    const toggle = page.getByTestId('chart-toggle');
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    await game.hand(HANDS[0]);
    // Closed, a save changes nothing in the chart and share row (the save
    // path stays as fast as before).
    await page.evaluate(() => {
      window.__mutations = 0;
      new MutationObserver((l) => { window.__mutations += l.length; })
        .observe(document.querySelector('.around'), { subtree: true, childList: true, attributes: true, characterData: true });
    });
    await game.hand(HANDS[1]);
    assert.equal(await page.evaluate(() => window.__mutations), 0, 'nothing redrawn on a save');
    assert.equal(await page.locator('[data-testid=chart-line]').count(), 0, 'closed: not drawn');

    // Opened: one line per player, one point per row, the totals shown.
    await toggle.click();
    assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
    await page.getByTestId('chart').waitFor();
    let lines = await chartLines(page);
    assert.deepEqual(lines.map((l) => l.name), ['Ann', 'Bob']);
    assert.deepEqual(lines.map((l) => l.values), await sheetColumns(page));
    assert.deepEqual(lines.map((l) => l.values), ['0,4', '10,10']);
    // Lowest wins: Ann leads, and the legend says so.
    assert.deepEqual(lines.map((l) => l.win), [true, false]);
    assert.match(await page.getByTestId('chart').locator('li.win').textContent(), /Ann \(leads\)/);
    assert.match(await page.getByTestId('score-chart').textContent(), /lowest total wins/);

    // It follows the next save while open; closed, it is gone.
    await game.hand(HANDS[2]);
    await page.waitForFunction(() => document.querySelector('[data-testid=chart-line]')?.dataset.values === '0,4,4');
    assert.deepEqual((await chartLines(page)).map((l) => l.values), await sheetColumns(page));
    await toggle.click();
    assert.equal(await page.getByTestId('chart').count(), 0);

    // The save that ends the game opens it: Ann's line is the winner's.
    for (const h of HANDS.slice(3)) await game.hand(h);
    assert.match(await game.outcome().textContent(), /Ann wins!/);
    await page.getByTestId('chart').waitFor();
    lines = await chartLines(page);
    assert.deepEqual(lines.map((l) => l.values), await sheetColumns(page));
    assert.deepEqual(lines.map((l) => l.values), ['0,4,4,9,9,10,18', '10,10,13,13,15,15,24']);
    assert.deepEqual(lines.map((l) => l.win), [true, false]);
    assert.ok(lines[0].width > lines[1].width, 'the winner is drawn thicker');
    assert.match(await page.getByTestId('chart').locator('li.win').textContent(), /Ann \(winner\)/);
    // Dark mode: the lines and labels use the dark palette, readable on
    // the dark surface.
    assert.equal(lines[0].stroke, 'rgb(255, 138, 128)');
    const tick = await page.locator('.chart text.tick').first().evaluate((t) => getComputedStyle(t).fill);
    assert.equal(tick, 'rgb(185, 180, 170)');
    // Nothing sideways at 320 px.
    assert.equal(await overflow(page), 0);
    const box = await page.getByTestId('chart').boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= 320, JSON.stringify(box));

    // Reopening the finished game shows it open.
    await page.reload();
    await page.getByTestId('chart').waitFor();
    assert.equal((await chartLines(page)).length, 2);
    assert.deepEqual(app.errors, []);
  } finally {
    await app.close();
  }
});

test('sharing: the share sheet gets the summary, else the clipboard, else the text to copy; the picture is a PNG of the sheet', { timeout: 120000 }, async () => {
  const app = await withStubs();
  const { page } = app;
  try {
    const game = await startGame(page);
    await game.hand(HANDS[0]);
    // In progress: "Share the standings".
    const share = page.getByRole('button', { name: 'Share the standings' });
    await share.click();
    await page.getByTestId('share-note').waitFor();
    let shared = await page.evaluate(() => window.__shared);
    assert.equal(shared.length, 1);
    assert.match(shared[0].text, /^Chickenfoot · .+\nStandings after 1 hand:\n1\. Ann 0\n2\. Bob 10\n\(The lowest total wins\.\)/);
    assert.equal(await page.getByTestId('share-picture').count(), 0, 'the picture is for a finished game');

    for (const h of HANDS.slice(1)) await game.hand(h);
    await page.getByRole('button', { name: 'Share the result' }).click();
    await page.waitForFunction(() => window.__shared.length === 2);
    shared = await page.evaluate(() => window.__shared);
    const text = shared[1].text;
    assert.match(text, /🏆 Ann wins!\nFinal scores after 7 hands:\n1\. Ann 18\n2\. Bob 24\n/);
    assert.match(text, new RegExp(`^Chickenfoot · ${await page.evaluate(() => new Date().toLocaleDateString())}`));
    assert.equal(await page.getByTestId('share-note').textContent(), 'Shared.');

    // No share sheet: copied to the clipboard, and the screen says so.
    await page.evaluate(() => sessionStorage.setItem('noShare', '1'));
    await page.getByRole('button', { name: 'Share the result' }).click();
    await page.waitForFunction(() => window.__copied.length === 1);
    assert.equal(await page.evaluate(() => window.__copied[0]), text);
    assert.match(await page.getByTestId('share-note').textContent(), /^Copied/);

    // Nor a clipboard: the text is shown, selected, to copy by hand.
    await page.evaluate(() => sessionStorage.setItem('noClipboard', '1'));
    await page.getByRole('button', { name: 'Share the result' }).click();
    const area = page.getByTestId('share-text');
    await area.waitFor();
    assert.equal(await area.inputValue(), text);
    await page.waitForFunction(() => {
      const t = document.querySelector('[data-testid=share-text]');
      return document.activeElement === t && t.selectionStart === 0 && t.selectionEnd === t.value.length;
    });

    // The picture: downloaded where files cannot be shared.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Picture of the score sheet' }).click(),
    ]);
    assert.equal(download.suggestedFilename(), 'chickenfoot-score-sheet.png');
    const png = fs.readFileSync(await download.path());
    assert.equal(png.subarray(1, 4).toString(), 'PNG');
    // 2 players, 7 rows: 320 x (92 + 26 * 8 + 34) CSS pixels, drawn at 2x.
    assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [640, 668]);
    assert.ok(png.length > 5000, `${png.length} bytes`);

    // Shared as a file where the phone takes files.
    await page.evaluate(() => { sessionStorage.removeItem('noShare'); sessionStorage.setItem('shareFiles', '1'); });
    await page.getByRole('button', { name: 'Picture of the score sheet' }).click();
    await page.waitForFunction(() => window.__shared.some((d) => d.files));
    const file = await page.evaluate(async () => {
      const f = window.__shared.find((d) => d.files).files[0];
      const bmp = await createImageBitmap(f);
      // The winner's column is shaded: a pixel of it is not the page colour.
      return { name: f.name, type: f.type, size: f.size, w: bmp.width, h: bmp.height };
    });
    assert.deepEqual({ ...file, size: file.size > 5000 }, { name: 'chickenfoot-score-sheet.png', type: 'image/png', size: true, w: 640, h: 668 });
    assert.deepEqual(app.errors, []);
  } finally {
    await app.close();
  }
});

test('the screen is kept awake during a game: asked for, given back off-screen, when turned off, at the end and on leaving', { timeout: 120000 }, async () => {
  const app = await withStubs();
  const { page } = app;
  try {
    // The home screen does not hold it.
    assert.equal((await wake(page)).requests, 0);
    const game = await startGame(page);
    await waitWake(page, { requests: 1, held: true });

    // Hidden, the lock goes; visible again, it is asked for again.
    const setVisibility = (state) => page.evaluate((state) => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
      document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    }, state);
    await setVisibility('hidden');
    await waitWake(page, { releases: 1, held: false });
    await setVisibility('visible');
    await waitWake(page, { requests: 2, held: true });

    // The switch in the game's help panel turns it off (and it stays off).
    await page.getByRole('button', { name: 'Rules and variants in force' }).click();
    const sw = page.getByRole('switch', { name: /Keep the screen awake during games/ });
    assert.equal(await sw.getAttribute('aria-checked'), 'true');
    await sw.click();
    await waitWake(page, { releases: 2, held: false });
    assert.equal(await page.evaluate(() => localStorage.getItem('chicken.wake')), 'off');
    await page.reload();
    await page.getByTestId('leaders').waitFor();
    // The screen has decided: it asks for the lock in the step that draws
    // the game (an effect run before the page yields to the test), and the
    // switch shows the setting it read.
    await page.getByRole('button', { name: 'Rules and variants in force' }).click();
    await page.getByRole('switch', { name: /Keep the screen awake during games/, checked: false }).waitFor();
    assert.equal((await wake(page)).requests, 2, 'off: not asked for');
    await sw.click();
    await waitWake(page, { requests: 3, held: true });

    // Leaving the screen within the bundle (to the new-game page) gives it back.
    await page.evaluate(() => { history.pushState(null, '', location.pathname.replace(/\/[^/]+$/, '/new')); dispatchEvent(new PopStateEvent('popstate')); });
    await page.getByRole('heading', { name: /^New / }).waitFor();
    await waitWake(page, { releases: 3, held: false });
    await page.goBack();
    await page.getByTestId('leaders').waitFor();
    await waitWake(page, { requests: 4, held: true });

    // The game's end gives it back; a finished game does not ask for it.
    for (const h of HANDS) await game.hand(h);
    await game.outcome().waitFor();
    await waitWake(page, { releases: 4, held: false });
    await page.reload();
    // The finished game drawn, with the setting on: the screen has decided.
    await game.outcome().waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem('chicken.wake')), 'on');
    assert.equal((await wake(page)).requests, 4, 'a finished game: not asked for');

    // Leaving the page for another bundle gives it back.
    await page.goto(app.url + '/');
    await startGame(page);
    await waitWake(page, { requests: 5, held: true });
    await page.getByRole('link', { name: 'Back to all games' }).click();
    await page.getByRole('heading', { name: /Chicken Scores/ }).waitFor();
    await waitWake(page, { releases: 5, held: false });

    // A refusal (low battery) leaves the game screen working.
    await page.evaluate(() => sessionStorage.setItem('wakeFails', '1'));
    const g3 = await startGame(page);
    await waitWake(page, { requests: 6 });
    // ... and the switch says so, with what to do instead.
    await page.getByRole('button', { name: 'Rules and variants in force' }).click();
    await page.getByTestId('wake-setting').and(page.locator('[data-lock=refused]')).waitFor();
    assert.match(await page.getByTestId('wake-setting').textContent(), /The browser would not keep the screen on just now \(a battery saver can stop it\): set the phone's screen timeout longer while you play\./);
    await page.getByRole('button', { name: 'Rules and variants in force' }).click();
    await g3.hand(HANDS[0]);
    assert.deepEqual(await g3.totals(), { Ann: 0, Bob: 10 });
    assert.deepEqual(app.errors, []);
  } finally {
    await app.close();
  }
});

test('the setting is on the About page, and says so where the browser cannot keep the screen on', { timeout: 60000 }, async () => {
  const app = await withStubs();
  const { page } = app;
  try {
    await page.goto(app.url + '/about');
    const sw = page.getByRole('switch', { name: /Keep the screen awake during games/ });
    assert.equal(await sw.getAttribute('aria-checked'), 'true');
    await sw.click();
    assert.equal(await sw.getAttribute('aria-checked'), 'false');
    assert.equal(await page.evaluate(() => localStorage.getItem('chicken.wake')), 'off');
    await page.reload();
    assert.equal(await sw.getAttribute('aria-checked'), 'false', 'read at start');

    await page.evaluate(() => sessionStorage.setItem('noWakeLock', '1'));
    await page.reload();
    assert.match(await page.getByTestId('wake-setting').textContent(), /This browser cannot keep the screen on: set the phone's screen timeout \(Auto-Lock on an iPhone\) longer while you play\./);
    assert.deepEqual(app.errors, []);
  } finally {
    await app.close();
  }
});

// The browser's own features the app leans on, as each engine has them
// (no stand-ins; around_the_table.test.mjs drives every branch with
// stand-ins on Chromium): where one is missing, the screen says what to do
// instead and never fails silently.
// - Sharing the standings: the share sheet, else the clipboard, else the
//   text shown selected to copy by hand.
// - The picture of the score sheet: shared as a file, else downloaded.
// - The screen wake lock: held during a game, else the switch says that
//   this browser cannot keep the screen on and what to do instead.
// (The file picker: backup.test.mjs chooses a backup through it.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openApp } from './harness.mjs';
import { SEVEN_HANDS, startTwoPlayerDouble6 } from './chickenfoot_pages.mjs';

const HANDS = SEVEN_HANDS;

const startGame = startTwoPlayerDouble6;

/** What this engine has, from the page. */
const features = (page) => page.evaluate(() => ({
  share: typeof navigator.share === 'function',
  shareFiles: typeof navigator.canShare === 'function',
  clipboard: typeof navigator.clipboard?.writeText === 'function',
  wakeLock: typeof navigator.wakeLock?.request === 'function',
}));

/** What the last share said: a note, or the text to copy. */
async function shareOutcome(page) {
  const said = page.getByTestId('share-note').or(page.getByTestId('share-text'));
  await said.waitFor();
  if (await page.getByTestId('share-text').count()) {
    return { manual: await page.getByTestId('share-text').inputValue() };
  }
  return { note: (await page.getByTestId('share-note').textContent()).trim() };
}

test("sharing with the engine's own share sheet, clipboard and downloads: said on screen, never silent", { timeout: 120000 }, async (t) => {
  const app = await openApp({ width: 320, height: 640 });
  const { page } = app;
  try {
    const has = await features(page);
    t.diagnostic(`${app.engine}: ${JSON.stringify(has)}`);
    const game = await startGame(page);
    await game.hand(HANDS[0]);
    if (has.share) {
      // A real share sheet would open over the page: not driven here.
      t.skip(`${app.engine} has a share sheet: the stand-ins test it (around_the_table)`);
      return;
    }
    // No share sheet: copied, or the text shown selected to copy.
    await page.getByRole('button', { name: 'Share the standings' }).click();
    const shared = await shareOutcome(page);
    t.diagnostic(`${app.engine}: the standings ${shared.note ? `"${shared.note}"` : 'shown to copy'}`);
    if (shared.note) {
      assert.equal(shared.note, 'Copied: paste it into a message.');
      assert.ok(has.clipboard, 'copied only where there is a clipboard');
    } else {
      assert.match(shared.manual, /^Chickenfoot · .+\nStandings after 1 hand:\n1\. Ann 0\n2\. Bob 10\n/);
      await page.waitForFunction(() => {
        const t = document.querySelector('[data-testid=share-text]');
        return document.activeElement === t && t.selectionStart === 0 && t.selectionEnd === t.value.length;
      });
    }

    // The picture, at the end: downloaded where files cannot be shared.
    for (const h of HANDS.slice(1)) await game.hand(h);
    await game.outcome().waitFor();
    // What the app hands the browser to download (observed, not replaced).
    await page.evaluate(() => {
      window.__downloads = [];
      const click = HTMLAnchorElement.prototype.click;
      HTMLAnchorElement.prototype.click = function () {
        if (this.download) window.__downloads.push({ name: this.download, href: this.href });
        return click.call(this);
      };
    });
    await page.getByRole('button', { name: 'Picture of the score sheet' }).click();
    const note = page.getByTestId('share-note');
    await note.filter({ hasText: /\S/ }).waitFor();
    t.diagnostic(`${app.engine}: the picture "${(await note.textContent()).trim()}"`);
    if (!(has.share && has.shareFiles)) {
      assert.equal((await note.textContent()).trim(), 'The picture was downloaded.');
      const png = await page.evaluate(async () => {
        const [d] = window.__downloads;
        const blob = await (await fetch(d.href)).blob();
        const bmp = await createImageBitmap(blob);
        return { name: d.name, type: blob.type, w: bmp.width, h: bmp.height };
      });
      assert.deepEqual(png, { name: 'chickenfoot-score-sheet.png', type: 'image/png', w: 640, h: 668 });
    }
    assert.deepEqual(app.errors, []);
  } finally {
    await app.close();
  }
});

test('the screen wake lock as the engine has it: held during a game, or the switch says what to do instead', { timeout: 60000 }, async (t) => {
  const app = await openApp();
  const { page } = app;
  try {
    const { wakeLock } = await features(page);
    const game = await startGame(page);
    await page.getByRole('button', { name: 'Rules and variants in force' }).click();
    const setting = page.getByTestId('wake-setting');
    const sw = setting.getByRole('switch', { name: /Keep the screen awake during games/ });
    assert.equal(await sw.getAttribute('aria-checked'), 'true');
    // The engine's answer to the game's request: held, refused, or no
    // wake lock at all; each but the first said with what to do instead.
    await page.waitForFunction(() => document.querySelector('[data-testid=wake-setting]')?.dataset.lock);
    const said = await setting.getAttribute('data-lock');
    assert.equal(said === 'missing', !wakeLock, 'missing only where the engine has no navigator.wakeLock');
    const words = {
      held: /While a game is on, the phone does not dim or lock\./,
      refused: /The browser would not keep the screen on just now \(a battery saver can stop it\): set the phone's screen timeout longer while you play\./,
      missing: /This browser cannot keep the screen on: set the phone's screen timeout \(Auto-Lock on an iPhone\) longer while you play\./,
    }[said];
    assert.match(await sw.textContent(), words);
    t.diagnostic(`${app.engine}: the wake lock ${said}`);
    // The game goes on whatever the browser said.
    await page.getByRole('button', { name: 'Rules and variants in force' }).click();
    await game.hand(HANDS[0]);
    assert.deepEqual(await game.totals(), { Ann: 0, Bob: 10 });
    assert.deepEqual(app.errors, []);
  } finally {
    await app.close();
  }
});

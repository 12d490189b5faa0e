// The save paints its row at once, marked as being saved (issue 37): the
// screen says "Saved" only once the transaction has committed, and a
// commit that fails takes the row back out and leaves the hand typed in
// the form with the reason. Runs on every engine (cross-engine set).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openApp } from './harness.mjs';
import { HomeScreen } from './pages.mjs';

/** Every row of the sheet, those being saved too. */
const allRows = (page) => page.locator('table.sheet tbody tr:not(.row-details)').count();

/** Records, in the page, what the screen shows from now on: whether a row
 *  was marked as being saved, and whether "Saved" was said while one was. */
function watchSave(page) {
  return page.evaluate(() => {
    const seen = (window.__saveSeen = { marked: false, noteWhileMarked: false, rowsMax: 0 });
    const rows = () => document.querySelectorAll('table.sheet tbody tr:not(.row-details)').length;
    new MutationObserver(() => {
      const marked = document.querySelector('table.sheet tbody tr.saving');
      if (marked) {
        seen.marked = true;
        if (!marked.querySelector('[data-testid=row-saving]')?.textContent.includes('saving')) seen.unlabelled = true;
      }
      if (marked && document.querySelector('[data-testid=saved-note]')?.textContent.includes('Hand')) seen.noteWhileMarked = true;
      seen.rowsMax = Math.max(seen.rowsMax, rows());
    }).observe(document.body, { childList: true, subtree: true, attributes: true, characterData: true });
  });
}

/** A full disk at IndexedDB's boundary, made in the page (every engine):
 *  a write's transaction aborts at commit with a QuotaExceededError. */
function fillDisk(page) {
  return page.evaluate(() => {
    const transaction = IDBDatabase.prototype.transaction;
    window.__diskFull = true;
    IDBDatabase.prototype.transaction = function (names, mode, options) {
      const tx = transaction.call(this, names, mode, options);
      if (mode !== 'readwrite' || !window.__diskFull) return tx;
      const quota = new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      Object.defineProperty(tx, 'error', { get: () => quota });
      tx.commit = () => tx.abort();
      return tx;
    };
  });
}

test('a saved hand shows at once marked "saving…", then "Saved"; a failed commit takes the row back out and keeps the hand typed', { timeout: 90000 }, async () => {
  const app = await openApp();
  const { page, url } = app;
  try {
    await page.goto(url + '/');
    const setup = await new HomeScreen(page).startNew('chickenfoot');
    await setup.addPlayers(['Ann', 'Bob']);
    const game = await setup.start();

    await watchSave(page);
    await game.wentOut('Ann');
    await game.typePips('Bob', '12');
    await game.save();
    await page.getByTestId('saved-note').getByText(/Saved hand 1/).waitFor();
    const seen = await page.evaluate(() => window.__saveSeen);
    assert.equal(seen.marked, true, 'the row was painted before the commit, marked as being saved');
    assert.equal(seen.unlabelled, undefined, 'the mark says "saving…"');
    assert.equal(seen.noteWhileMarked, false, '"Saved" was not said while the row was marked');
    assert.equal(await page.locator('table.sheet tr.saving').count(), 0);
    assert.equal(await game.rowCount(), 1);
    assert.deepEqual(await game.totals(), { Ann: 0, Bob: 12 });

    // The disk is full: the next hand's row shows, then goes back out.
    await fillDisk(page);
    await watchSave(page);
    await game.wentOut('Bob');
    await game.typePips('Ann', '17');
    await game.save();
    // The draft's own write may fail first, in the same place ("What you
    // are typing could not be kept: …"): wait for the save's answer.
    await page.getByTestId('save-error').getByText(/^Not saved: the phone's storage for this app is full/).waitFor();
    const failed = await page.evaluate(() => window.__saveSeen);
    assert.equal(failed.marked, true, 'the failed hand was painted marked as being saved');
    assert.equal(failed.rowsMax, 2);
    assert.equal(failed.noteWhileMarked, false);
    assert.equal(await allRows(page), 1, 'the row is taken back out');
    assert.deepEqual(await game.totals(), { Ann: 0, Bob: 12 }, 'the totals are the stored game\'s');
    assert.doesNotMatch(await page.getByTestId('saved-note').textContent().catch(() => ''), /hand 2/);
    assert.equal(await page.getByLabel('Ann: pips left').inputValue(), '17', 'the hand is still typed');

    // Room again: the same hand saves.
    await page.evaluate(() => { window.__diskFull = false; });
    await game.save();
    await page.getByTestId('saved-note').getByText(/Saved hand 2/).waitFor();
    assert.equal(await game.rowCount(), 2);
    assert.deepEqual(await game.totals(), { Ann: 17, Bob: 12 });
    await page.reload();
    await page.getByTestId('leaders').waitFor();
    assert.equal(await game.rowCount(), 2, 'both hands are stored');
    assert.deepEqual(app.errors, []);
  } finally {
    await app.close();
  }
});

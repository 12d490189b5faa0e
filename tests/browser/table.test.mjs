// At the table (issue 9), in the shared game frame, driven through a
// Chickenfoot game as a person would: the number pad shows what it types
// and never covers its field; a save says what it added and a second tap
// on Save does not land in the next form; Undo asks first and names what it
// removes, keeps the half-typed next hand, and its Redo survives a reload;
// no Undo while a hand is corrected; the sheet of six players fits a
// 390 px phone, with short headers that show the full name on a tap.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openApp } from './harness.mjs';
import { HomeScreen } from './pages.mjs';

const SIX = ['Annabelle', 'Bob', 'Christopher', 'Christine', 'Eve', 'Frank'];

/** The field's box and the pad's top, in the viewport. */
async function fieldAndPad(page, label) {
  return page.evaluate((label) => {
    const f = document.querySelector(`input[aria-label="${label}"]`).getBoundingClientRect();
    const pad = document.querySelector('.number-pad').getBoundingClientRect();
    return { top: f.top, bottom: f.bottom, padTop: pad.top };
  }, label);
}

/** The same, once the screen has scrolled the field into sight above the
 *  pad (the frame after the pad opens), or as it is after 5 s. */
async function fieldAbovePad(page, label) {
  await page.waitForFunction((label) => {
    const f = document.querySelector(`input[aria-label="${label}"]`)?.getBoundingClientRect();
    const pad = document.querySelector('.number-pad')?.getBoundingClientRect();
    return f && pad && f.bottom <= pad.top && f.top >= 0;
  }, label, { timeout: 5000 }).catch(() => {});
  return fieldAndPad(page, label);
}

test('six players at 390 px: the pad, saves, undo and the sheet', { timeout: 180000 }, async () => {
  const app = await openApp();
  const { page } = app;
  try {
    const setup = await new HomeScreen(page).startNew('chickenfoot');
    await setup.addPlayers(SIX);
    const game = await setup.start();
    // The pip field says what the double-blank counts.
    assert.match(await page.getByTestId('pips-hint').textContent(), /double-blank as 50/);

    // Every pip field, once tapped, is above the pad, and the pad echoes
    // the digits typed.
    await game.wentOut('Annabelle');
    const pips = { Bob: 23, Christopher: 4, Christine: 6, Eve: 17, Frank: 9 };
    for (const [name, v] of Object.entries(pips)) {
      await game.padPips(name, v);
      const box = await fieldAbovePad(page, `${name}: pips left`);
      assert.ok(box.bottom <= box.padTop && box.top >= 0, `${name}'s field is hidden: ${JSON.stringify(box)}`);
      assert.equal(await page.getByTestId('pad-value').textContent(), String(v));
    }

    // A double tap on Save records one hand and lands nowhere in the next.
    await page.getByTestId('save-hand').dblclick();
    await game.waitRows(1);
    // For a moment after a save the next form ignores taps (it is inert):
    // once it takes them again, both taps have landed where they would.
    await page.getByTestId('saved-note').waitFor();
    await page.locator('#entry:not([inert])').waitFor();
    assert.equal(await game.rowCount(), 1);
    assert.equal(await page.locator('.number-pad').count(), 0, 'the second tap opened the pad');
    assert.equal(await page.evaluate(() => document.activeElement?.tagName), 'BODY');
    // The save says what it added.
    assert.equal(
      (await page.getByTestId('saved-note').textContent()).trim(),
      '✓ Saved hand 1: Annabelle 0, Bob +23, Christopher +4, Christine +6, Eve +17, Frank +9',
    );

    // The sheet fits the phone: short distinct headers, the full name on a tap.
    const fit = await page.evaluate(() => {
      const wrap = document.querySelector('.sheet-wrap');
      return { wrap: wrap.clientWidth, table: wrap.scrollWidth, page: document.documentElement.scrollWidth };
    });
    assert.ok(fit.table <= fit.wrap, `sheet ${fit.table}px in a ${fit.wrap}px box`);
    assert.ok(fit.page <= 390, `page ${fit.page}px wide`);
    const headers = await page.locator('table.sheet thead .col-name').allTextContents();
    assert.deepEqual(headers, ['Anna', 'Bob', 'Christo', 'Christi', 'Eve', 'Frank']);
    await page.getByRole('button', { name: 'Christo: Christopher', exact: true }).click();
    assert.equal(await page.getByTestId('column-name').textContent(), 'Christopher');
    // Who went out is marked.
    assert.equal(await page.getByTestId('row-0').locator('td').first().getAttribute('class'), 'went-out');

    // Hand 2, then half of hand 3.
    await game.hand({ out: 'Bob', pips: { Annabelle: 5, Christopher: 1, Christine: 2, Eve: 3, Frank: 4 } });
    await game.wentOut('Eve');
    await game.padPips('Frank', 7);

    // Undo asks, naming what it removes; "Keep it" keeps it.
    await page.getByTestId('undo').click();
    assert.equal(
      (await page.getByTestId('undo-confirm').locator('p').textContent()).trim(),
      'Undo hand 2: Annabelle 5, Bob 0, Christopher 1, Christine 2, Eve 3, Frank 4?',
    );
    await page.getByRole('button', { name: 'Keep it' }).click();
    assert.equal(await game.rowCount(), 2);
    // Yes: hand 2 goes, Redo is offered and survives a reload.
    await game.undo();
    await game.waitRows(1);
    await page.reload();
    await page.getByTestId('leaders').waitFor();
    assert.equal(await game.rowCount(), 1);
    await page.getByTestId('redo').click();
    await game.waitRows(2);
    assert.equal(await page.getByTestId('redo').count(), 0);
    // The half-typed hand 3 came back with it.
    assert.equal(await page.getByLabel('Frank: pips left').inputValue(), '7');
    assert.equal(await page.getByRole('button', { name: 'Eve went out', exact: true }).getAttribute('aria-pressed'), 'true');

    // While hand 1 is corrected, Undo is not offered, and the form's title
    // stays in sight.
    await game.editRow('Hand 1 · 9-9');
    assert.equal(await page.getByTestId('undo').isVisible(), false);
    await page.getByLabel('Frank: pips left').click();
    await fieldAbovePad(page, 'Frank: pips left');
    const title = await page.getByRole('heading', { name: 'Correct hand 1' }).boundingBox();
    assert.ok(title && title.y >= -1 && title.y < 844, `title at ${title?.y}`);
    await page.getByRole('button', { name: 'Cancel' }).click();
    assert.equal(await page.getByTestId('undo').isVisible(), true);
    assert.deepEqual(app.errors, []);
  } finally {
    await app.close();
  }
});

test('eight players scroll sideways under a sticky first column', { timeout: 120000 }, async () => {
  const app = await openApp({ colorScheme: 'dark' });
  const { page } = app;
  try {
    const setup = await new HomeScreen(page).startNew('chickenfoot');
    const eight = ['Ann', 'Bob', 'Cy', 'Dee', 'Eve', 'Fay', 'Gus', 'Hal'];
    await setup.addPlayers(eight);
    const game = await setup.start();
    await game.hand({ out: 'Ann', pips: Object.fromEntries(eight.slice(1).map((n, i) => [n, 10 + i])) });
    assert.match(await page.locator('.scroll-hint').textContent(), /Scroll the sheet sideways/);
    const wide = await page.evaluate(() => {
      const wrap = document.querySelector('.sheet-wrap');
      wrap.scrollLeft = 400;
      const first = document.querySelector('table.sheet tbody th').getBoundingClientRect();
      return { page: document.documentElement.scrollWidth, left: first.left, wrapLeft: wrap.getBoundingClientRect().left };
    });
    assert.ok(wide.page <= 390, `page ${wide.page}px wide`);
    assert.ok(Math.abs(wide.left - wide.wrapLeft) <= 2, 'the first column scrolled away');
    assert.deepEqual(app.errors, []);
  } finally {
    await app.close();
  }
});

// Photo in the Chickenfoot hand form (issue 38), driven as a person would:
// a generated photo of each set picked through the player's file input
// fills the tile picker (every tile outlined on the photo, the sum as the
// picker shows it), fixed by taps (a half changed, a tile removed, a tile
// flagged as in another hand), Done, and the saved hand's score on the
// sheet; a bare table, a 300-megapixel PNG, a file over 40 MB, a file
// that is not a picture and a cancelled camera each say why beside the
// button and leave the form as it was; at 320 px in dark mode the photo
// and picker fit the phone. Runs on every engine (cross-engine.txt);
// tapping Photo to open the chooser is Chromium's (its file-chooser
// event).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import { openApp, overflow, textProblems, screenStill } from './harness.mjs';
import { ENGINE } from './engines/index.mjs';
import { HandPhoto, handFormState, startChickenfoot } from './chickenfoot_pages.mjs';
import { SET_MAX, SET_NAMES, bareTable, bigFile, fixture, hugePng, key, points } from './photo_files.mjs';

const require = createRequire(import.meta.url);
const AXE = require.resolve('axe-core/axe.min.js');

const count = (n, noun) => `${n} ${noun}${n === 1 ? '' : 's'}`;
const sumText = (keys) => `${count(keys.length, 'tile')} · ${count(keys.reduce((s, k) => s + points(...k.split('|').map(Number)), 0), 'point')}`;
const total = (keys) => keys.reduce((s, k) => s + points(...k.split('|').map(Number)), 0);
/** "a|b" as read, low end first. */
const low = (t) => key(...t.split('|').map(Number));

for (const set of ['d6', 'd9', 'd12', 'd15']) {
  test(`a ${SET_NAMES[set]} photo fills the picker, and the hand is saved with its score`, async () => {
    const { file, truth } = fixture(set);
    const app = await openApp();
    try {
      const game = await startChickenfoot(app.page, ['Ann', 'Bob', 'Cy'], SET_NAMES[set]);
      await game.wentOut('Ann');
      const bob = new HandPhoto(app.page, 1, 'Bob');
      await bob.feed(file);
      const { outlined, chips } = await bob.filled();
      const found = truth.tiles.map((t) => key(t.a, t.b)).sort();
      assert.deepEqual(outlined.map(low).sort(), found, 'every tile outlined, each read right');
      // The hand's double is on the table: flagged, not added.
      const table = key(SET_MAX[set], SET_MAX[set]);
      const kept = found.filter((k) => k !== table);
      assert.equal(chips.filter((c) => / on the table$/.test(c)).length, found.length - kept.length);
      assert.equal(await bob.sum(), sumText(kept));
      await bob.done();
      assert.match(await game.playerRow(1).locator('.tiles-summary').textContent(), new RegExp(`= ${total(kept)}$`));
      await game.padPips('Cy', 5);
      await game.save();
      await game.waitRows(1);
      assert.deepEqual(await game.totals(), { Ann: 0, Bob: total(kept), Cy: 5 });
    } finally {
      await app.close();
    }
  });
}

test('a tile found is fixed by a tap: a half changed, one removed, one in another hand, one found twice', async () => {
  const { file, truth } = fixture('d9');
  const app = await openApp();
  try {
    const { page } = app;
    const game = await startChickenfoot(page, ['Ann', 'Bob', 'Cy'], 'Double-9');
    await game.wentOut('Ann');
    const found = truth.tiles.map((t) => key(t.a, t.b));
    const table = key(9, 9);
    // Cy holds one of the tiles in the photo.
    const cys = found.find((k) => k !== table);
    await game.pickTiles('Cy', [cys.replace('|', '-')]);
    const bob = new HandPhoto(page, 1, 'Bob');
    await bob.feed(file);
    const { outlined } = await bob.filled();
    let hand = found.filter((k) => k !== table && k !== cys);
    assert.equal(await bob.sum(), sumText(hand));
    const panel = bob.panel();
    const asRead = outlined.find((t) => low(t) === cys);
    assert.ok(await panel.getByRole('button', { name: `${asRead} in Cy's hand`, exact: true }).isVisible());

    // Tapped on the photo, the flagged tile becomes one nobody has.
    await panel.locator(`g.found-tile[data-tile="${asRead}"] polygon`).click();
    const edit = panel.getByTestId('found-edit');
    await edit.waitFor();
    const [x] = asRead.split('|').map(Number);
    const taken = new Set([...found, table]);
    const c = [...Array(10).keys()].find((v) => !taken.has(key(x, v)));
    await edit.getByTestId('half-1').selectOption(String(c));
    await panel.getByRole('button', { name: `${x}|${c}`, exact: true }).waitFor();
    hand = [...hand, key(x, c)];
    assert.equal(await bob.sum(), sumText(hand));

    // One removed.
    const gone = outlined.find((t) => hand.includes(low(t)) && low(t) !== key(x, c));
    await panel.getByRole('button', { name: gone, exact: true }).click();
    await panel.getByTestId('found-remove').click();
    await page.waitForFunction((t) => !document.querySelector(`g.found-tile[data-tile="${t}"]`), gone);
    hand = hand.filter((k) => k !== low(gone));
    assert.equal(await bob.sum(), sumText(hand));

    // One changed into another found: flagged as found twice, out of the hand.
    const [u, v] = outlined.filter((t) => hand.includes(low(t)) && low(t) !== key(x, c));
    await panel.getByRole('button', { name: u, exact: true }).click();
    const [va, vb] = v.split('|');
    await edit.getByTestId('half-0').selectOption(va);
    await edit.getByTestId('half-1').selectOption(vb);
    await panel.getByRole('button', { name: `${v} found twice`, exact: true }).waitFor();
    hand = hand.filter((k) => k !== low(u));
    assert.equal(await bob.sum(), sumText(hand));
    assert.equal(await panel.locator('g.found-tile.flagged').count(), 1);

    // The grid still adds a tile.
    const extra = [...Array(10).keys()].map((a) => key(a, a === 0 ? 1 : 0)).find((k) => !taken.has(k) && !hand.includes(k) && k !== key(x, c));
    await bob.picker().getByRole('button', { name: `Tile ${extra.replace('|', '-')}`, exact: true }).click();
    hand = [...hand, extra];
    assert.equal(await bob.sum(), sumText(hand));
    await bob.done();

    await game.save();
    await game.waitRows(1);
    assert.deepEqual(await game.totals(), { Ann: 0, Bob: total(hand), Cy: total([cys]) });
  } finally {
    await app.close();
  }
});

test('a bare table, a huge photo, a file over 40 MB, not a picture, a cancelled camera: said beside Photo, the form left as it was', async () => {
  const app = await openApp();
  try {
    const { page } = app;
    const game = await startChickenfoot(page, ['Ann', 'Bob', 'Cy'], 'Double-9');
    await game.wentOut('Ann');
    await game.padPips('Bob', 12);
    await game.pickTiles('Cy', ['1-2', '3-4']);
    const before = await handFormState(page);
    const cases = [
      ['a bare table', { name: 'table.png', mimeType: 'image/png', buffer: bareTable() }, /^No tiles found in this photo\./],
      ['a 300-megapixel PNG', { name: 'huge.png', mimeType: 'image/png', buffer: hugePng() },
        /^This photo is too large: 300 megapixels \(20000 × 15000\)\. The app reads photos of up to 64 megapixels\.$/],
      ['41 MB', bigFile(41_000_000), /^This photo is too large: 41 MB\. The app reads photos of up to 40 MB\.$/],
      ['a text file named .jpg', { name: 'tiles.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('these are not the tiles you are looking for') },
        /^That file is not a picture this phone can read\./],
      // (WebKit draws what it has of a picture cut short: no tiles in it.)
      ['a PNG cut short', { name: 'cut.png', mimeType: 'image/png', buffer: bareTable().subarray(0, 3000) },
        /^(That file is not a picture this phone can read|No tiles found in this photo)\./],
    ];
    for (const [seat, name] of [[1, 'Bob'], [2, 'Cy']]) {
      const photo = new HandPhoto(page, seat, name);
      for (const [what, file, said] of cases) {
        await photo.feed(file);
        await photo.noteMatching(said);
        assert.deepEqual(await handFormState(page), before, `${name}, ${what}: the form as it was`);
        assert.equal(await photo.note().getAttribute('role'), 'status');
      }
      // The camera closed with no photo: its cancel event, or a change
      // with no file.
      for (const type of ['cancel', 'change']) {
        await photo.feed({ name: 'table.png', mimeType: 'image/png', buffer: bareTable() });
        await photo.noteMatching(/^No tiles found/);
        await photo.input().dispatchEvent(type);
        await photo.noteMatching(/^No photo was taken\. Tap Photo to try again\.$/);
        assert.deepEqual(await handFormState(page), before, `${name}, ${type} with no file: the form as it was`);
      }
    }
    // Nothing of it reached the sheet: the hand saves as typed.
    await game.save();
    await game.waitRows(1);
    assert.deepEqual(await game.totals(), { Ann: 0, Bob: 12, Cy: 10 });
  } finally {
    await app.close();
  }
});

test('at 320 px in dark mode the photo and the picker fit the phone, readable', async () => {
  const { file, truth } = fixture('d9');
  const app = await openApp({ width: 320, colorScheme: 'dark' });
  try {
    const { page } = app;
    const names = ['Annabel Lee', 'Bartholomew', 'Cy'];
    const game = await startChickenfoot(page, names, 'Double-9');
    await game.wentOut('Cy');
    const photo = new HandPhoto(page, 0, names[0]);
    // The row with its Photo button fits before and after.
    assert.equal(await overflow(page), 0);
    assert.ok(await photo.button().isVisible());
    await photo.feed(file);
    const { outlined } = await photo.filled();
    assert.equal(outlined.length, truth.tiles.length);
    await photo.panel().getByRole('button', { name: outlined[0], exact: true }).click();
    await photo.panel().getByTestId('found-edit').waitFor();
    await screenStill(page);
    const fits = await page.evaluate(() => {
      const wide = (el) => el && el.scrollWidth > el.clientWidth + 1;
      const svg = document.querySelector('[data-testid=photo-panel] svg').getBoundingClientRect();
      return { page: document.documentElement.scrollWidth <= innerWidth, grid: !wide(document.querySelector('.tile-grid')), photo: svg.left >= 0 && svg.right <= innerWidth + 0.5 && svg.width > 200 };
    });
    assert.deepEqual(fits, { page: true, grid: true, photo: true });
    assert.deepEqual(await textProblems(page, names), []);
    if (!(await page.evaluate(() => !!window.axe))) await page.addScriptTag({ path: AXE });
    const violations = await page.evaluate(async () => {
      const r = await window.axe.run(document.querySelector('[role=dialog]'), { resultTypes: ['violations'] });
      return r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
    });
    assert.deepEqual(violations, []);
    await photo.done();
    assert.equal(await overflow(page), 0);
  } finally {
    await app.close();
  }
});

test('tapping Photo opens the file chooser at once and starts loading the photo code', { skip: ENGINE !== 'chromium' && 'Chromium only: its file-chooser event' }, async () => {
  const { file, truth } = fixture('d6');
  const app = await openApp();
  try {
    const { page } = app;
    const game = await startChickenfoot(page, ['Ann', 'Bob'], 'Double-6');
    await game.wentOut('Bob');
    const photo = new HandPhoto(page, 0, 'Ann');
    const [chooser, chunk] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.waitForRequest((r) => /\/split_photo_chunk\.wasm$/.test(r.url())),
      photo.button().click(),
    ]);
    assert.equal(await chooser.element().getAttribute('capture'), null, 'no capture: the chooser offers the camera and the gallery');
    assert.equal(await chooser.element().getAttribute('accept'), 'image/*');
    assert.ok(chunk);
    await chooser.setFiles(file);
    const { outlined } = await photo.filled();
    assert.equal(outlined.length, truth.tiles.length);
    assert.ok(fs.existsSync(file));
  } finally {
    await app.close();
  }
});

// Moving the group's data between phones: the backup file made on one
// phone (games of two kinds, a game night, the roster) imported into a
// fresh profile shows the same games; tampered files (wrong types, 50 MB,
// duplicate ids, a newer format) change nothing and say why; markup in a
// name stays text; a game handed over by its link opens in a second
// browser profile and play carries on there, then comes back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openApp, downloadFrom } from './harness.mjs';
import { launchPhone } from './engines/index.mjs';
import { HomeScreen, GameScreen } from './pages.mjs';
import { idbDump, idbPoke } from './idb.mjs';
import { removeDir } from './engines/process.mjs';

const NIGHT = { schema: 2, id: 'n1', rev: 1, name: 'Friday at Ann’s', started_ms: 1000, ended_ms: null, left_out: [], updated_ms: 1000 };

async function chickenfootGame(page, url, names, hands) {
  await page.goto(url + '/');
  const setup = await new HomeScreen(page).startNew('chickenfoot');
  await setup.addPlayers(names);
  const game = await setup.start();
  for (let i = 0; i < hands; i++) await game.hand({ out: names[0], pips: { [names[1]]: 5 + i } });
  return page.url().split('/').pop();
}

async function newGame(page, url, kind, names) {
  await page.goto(url + '/');
  const setup = await new HomeScreen(page).startNew(kind);
  await setup.addPlayers(names);
  await setup.start();
  return page.url().split('/').pop();
}

/** Downloads the backup file on /records/backup; its text. */
async function download(page, url) {
  await page.goto(url + '/records/backup');
  const link = page.getByTestId('download');
  await link.waitFor();
  assert.match(await link.textContent(), /^Download chicken-scores-\d{4}-\d\d-\d\d\.json \(\d+ KB\)$/);
  const file = await downloadFrom(page, link);
  assert.match(file.name, /^chicken-scores-\d{4}-\d\d-\d\d\.json$/);
  return file.text;
}

/** Picks `text` (or a file at `file`) for import on /records/backup. */
async function pick(page, url, { text, file }) {
  await page.goto(url + '/records/backup');
  await page.getByTestId('download').waitFor();
  const input = page.getByTestId('import-file');
  if (file) await input.setInputFiles(file);
  else await input.setInputFiles({ name: 'backup.json', mimeType: 'application/json', buffer: Buffer.from(text) });
}

/** A second phone: another browser profile (on the engine under test). */
async function secondPhone() {
  const phone = await launchPhone();
  return { page: phone.page, errors: phone.errors, async close() { await phone.close(); removeDir(phone.profile); } };
}

test('a backup from one phone imported into a fresh one shows the same games, nights and players', { timeout: 240000 }, async () => {
  const a = await openApp();
  const b = await openApp();
  try {
    const foot = await chickenfootGame(a.page, a.url, ['Ann', 'Bob'], 2);
    const cluck = await newGame(a.page, a.url, 'cluck', ['Cy', 'Dee', 'Eve']);
    await idbPoke(a.page, 'nights', 'n1', JSON.stringify(NIGHT));
    await a.page.goto(`${a.url}/play/chickenfoot/${foot}`);
    await new GameScreen(a.page).waitRows(2);
    const totals = await new GameScreen(a.page).totals();
    assert.deepEqual(totals, { Ann: 0, Bob: 11 });
    const text = await download(a.page, a.url);
    const doc = JSON.parse(text);
    assert.equal(doc.app, 'chicken-scores');
    assert.equal(doc.format, 1);
    assert.deepEqual(doc.games.map((g) => g.kind).sort(), ['chickenfoot', 'cluck']);
    assert.deepEqual(doc.nights.map((n) => n.name), ['Friday at Ann’s']);
    assert.deepEqual([...doc.roster].sort(), ['Ann', 'Bob', 'Cy', 'Dee', 'Eve']);

    // The fresh phone: the preview first, nothing written until Import.
    await pick(b.page, b.url, { text });
    await b.page.getByTestId('import-preview').waitFor();
    assert.equal(await b.page.getByTestId('preview-counts').textContent(), '2 games, 1 night, 5 new players: 2 new');
    assert.equal(await b.page.getByTestId('preview-game').count(), 2);
    assert.deepEqual((await idbDump(b.page)).games, {}, 'the preview writes nothing');
    await b.page.getByTestId('import').click();
    await b.page.getByTestId('import-done').waitFor();
    assert.match(await b.page.getByTestId('import-done').textContent(), /^Imported 2 new games, 1 night, 5 new players\./);

    // The same games on home and their screens, the same stored values.
    await b.page.goto(b.url + '/');
    await b.page.getByTestId(`game-${foot}`).waitFor();
    await b.page.getByTestId(`game-${cluck}`).waitFor();
    await b.page.goto(`${b.url}/play/chickenfoot/${foot}`);
    await new GameScreen(b.page).waitRows(2);
    assert.deepEqual(await new GameScreen(b.page).totals(), totals);
    const [da, db] = [await idbDump(a.page), await idbDump(b.page)];
    assert.deepEqual(db.games, da.games);
    assert.deepEqual(db.nights, da.nights);
    assert.deepEqual(JSON.parse(db.meta.roster).names.sort(), ['Ann', 'Bob', 'Cy', 'Dee', 'Eve']);
    // The new-game form offers the imported players.
    await b.page.goto(b.url + '/play/chickenfoot/new');
    await b.page.getByRole('button', { name: 'Seat Dee' }).waitFor();

    // Importing the same file again: everything already here.
    await pick(b.page, b.url, { text });
    await b.page.getByTestId('import-preview').waitFor();
    assert.equal(await b.page.getByTestId('preview-counts').textContent(), '2 games, 1 night, 0 new players: 2 already here');
    assert.equal(await b.page.getByTestId('import').isDisabled(), true);
    assert.deepEqual(a.errors, []);
    assert.deepEqual(b.errors, []);
  } finally {
    await a.close();
    await b.close();
  }
});

test('a tampered file changes nothing and says why; markup in a name stays text', { timeout: 240000 }, async () => {
  const app = await openApp();
  const { page, url } = app;
  const big = path.join(os.tmpdir(), `chicken-50mb-${process.pid}.json`);
  try {
    await chickenfootGame(page, url, ['Ann', 'Bob'], 1);
    const good = JSON.parse(await download(page, url));
    const other = { ...good, games: good.games.map((g) => ({ ...g, id: 'other1' })) };
    fs.writeFileSync(big, `{"app":"chicken-scores","format":1,"games":[],"pad":"${' '.repeat(50_000_000)}"}`);
    const cases = [
      ['wrong types', { text: JSON.stringify({ ...other, games: [{ ...other.games[0], players: 7 }] }) }, /^Nothing was imported: game 1: it has no game header/],
      ['not JSON', { text: '<html>nope</html>' }, /this file is not JSON/],
      ['50 MB', { file: big }, /the file is 50 MB, more than any backup could be \(at most 20 MB\)/],
      ['duplicate ids', { text: JSON.stringify({ ...other, games: [other.games[0], other.games[0]] }) }, /two games have the id other1/],
      ['a newer format', { text: JSON.stringify({ ...other, format: 2 }) }, /made by a newer version of the app \(format 2\)\. Update the app/],
      ['a name too long', { text: JSON.stringify({ ...other, games: [{ ...other.games[0], players: ['A'.repeat(300), 'Bob'] }] }) }, /longer than 40 letters/],
      ['a log its rules refuse', { text: JSON.stringify({ ...other, games: [{ ...other.games[0], log: [{ out: 9, left: [] }] }] }) }, /its rules refuse entry 1/],
    ];
    const before = await idbDump(page);
    for (const [what, file, why] of cases) {
      await pick(page, url, file);
      const error = page.getByTestId('import-error');
      await error.filter({ hasText: /\S/ }).waitFor();
      const msg = await error.textContent();
      assert.match(msg, why, what);
      assert.ok(msg.length < 400, `${what}: ${msg.length} characters`);
      assert.equal(await page.getByTestId('import-preview').count(), 0, what);
      assert.deepEqual(await idbDump(page), before, `${what}: nothing changed`);
    }
    // Markup in a player's name is imported as the name, shown as text.
    const markup = '<img src=x onerror="window.owned=1">';
    await pick(page, url, { text: JSON.stringify({ ...other, games: [{ ...other.games[0], players: ['Ann', markup] }], roster: [] }) });
    await page.getByTestId('import-preview').waitFor();
    assert.match(await page.getByTestId('preview-game').textContent(), /Chickenfoot: Ann, <img src=x onerror="window.owned=1">/);
    await page.getByTestId('import').click();
    await page.getByTestId('import-done').waitFor();
    await page.goto(`${url}/play/chickenfoot/other1`);
    await page.getByText(markup).first().waitFor();
    assert.equal(await page.locator('img[src=x]').count(), 0, 'no element made from the name');
    assert.equal(await page.evaluate(() => window.owned), undefined);
    await page.goto(url + '/');
    await page.getByTestId('game-other1').waitFor();
    assert.equal(await page.locator('img[src=x]').count(), 0);
    assert.deepEqual(app.errors, []);
  } finally {
    fs.rmSync(big, { force: true });
    await app.close();
  }
});

test('a game handed over by its link opens on a second phone, carries on there and comes back', { timeout: 240000 }, async () => {
  const app = await openApp();
  const { page, url } = app;
  const other = await secondPhone();
  try {
    const id = await chickenfootGame(page, url, ['Ann', 'Bob'], 2);
    await page.getByTestId('hand-over').locator('summary').click();
    const link = await page.getByTestId('hand-link').inputValue();
    assert.ok(link.startsWith(`${url}/records/receive#g1.`), link);
    await page.getByTestId('hand-qr').waitFor();
    await page.getByText(`The link is ${link.length.toLocaleString('en')} characters long.`).waitFor();

    // The second phone opens the link: the preview, then the game.
    await other.page.goto(link);
    await other.page.getByTestId('receive-preview').waitFor();
    assert.match(await other.page.getByTestId('receive-state').textContent(), /Hand 3 .*· new on this phone$/);
    await other.page.getByTestId('receive-keep').click();
    await other.page.waitForURL(`${url}/play/chickenfoot/${id}`);
    assert.equal(new URL(other.page.url()).hash, '', 'the fragment is cleared');
    const there = new GameScreen(other.page);
    await there.waitRows(2);
    await there.hand({ out: 'Bob', pips: { Ann: 11 } });
    await other.page.reload();
    await there.waitRows(3);

    // And back: newer than the copy on the first phone, which takes it.
    await other.page.getByTestId('hand-over').locator('summary').click();
    const back = await other.page.getByTestId('hand-link').inputValue();
    await page.goto(back);
    assert.match(await page.getByTestId('receive-state').textContent(), /newer than the copy here/);
    await page.getByTestId('receive-keep').click();
    await page.waitForURL(`${url}/play/chickenfoot/${id}`);
    await new GameScreen(page).waitRows(3);

    // A damaged or hostile link says so and changes nothing.
    const before = await idbDump(page);
    for (const [frag, why] of [['#g1.AAAA', /damaged/], ['#hello', /does not hold a game/], [`#g1.${'A'.repeat(300000)}`, /longer than any game/], ['', /holds no game/]]) {
      await page.goto('about:blank');
      await page.goto(`${url}/records/receive${frag}`);
      await page.getByTestId('receive-error').filter({ hasText: why }).waitFor();
    }
    assert.deepEqual(await idbDump(page), before);
    assert.deepEqual(other.errors, []);
    assert.deepEqual(app.errors, []);
  } finally {
    await other.close();
    await app.close();
  }
});

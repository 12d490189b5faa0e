// A question names the entry it is about, and the answer acts on that
// entry only: two tabs on one game, tab A asks to Undo hand 2, tab B saves
// hand 3 meanwhile; A's question changes to hand 3 and says the game
// changed, and Yes removes hand 3 (the one now asked), never a hand A was
// not asked about. A game deleted and put back in another tab comes back
// on this one without a reload, and saves.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openApp } from './harness.mjs';
import { HomeScreen, GameScreen } from './pages.mjs';
import { idbDump } from './idb.mjs';

async function twoPlayerGame(page) {
  const setup = await new HomeScreen(page).startNew('chickenfoot');
  await setup.addPlayers(['Ann', 'Bob']);
  await setup.choose('Domino set', 'Double-15');
  await setup.start();
  return page.url();
}

/** Saves a hand: Ann out, Bob holds `pips`; waits for its row. */
async function hand(page, pips) {
  const game = new GameScreen(page);
  const rows = await game.rowCount();
  await game.wentOut('Ann');
  await game.typePips('Bob', String(pips));
  await game.save();
  await game.waitRows(rows + 1);
}

async function storedPips(page, id) {
  const dump = await idbDump(page);
  return JSON.parse(dump.games[id]).log.map((h) => h.left[1].pips);
}

const question = (page) => page.getByTestId('undo-confirm').locator('p');

/** A two-player game with `pips` saved hand by hand on tab A, and tab B
 *  open on it: [a, b, id]. */
async function twoTabs(app, pips) {
  const a = app.page;
  const url = await twoPlayerGame(a);
  for (const p of pips) await hand(a, p);
  const b = await app.context.newPage();
  await b.goto(url);
  await new GameScreen(b).waitRows(pips.length);
  return [a, b, url.split('/').pop()];
}

test('an Undo question follows the game: asked again when another tab changes it, and Yes acts on what it names', async () => {
  const app = await openApp();
  try {
    const [a, b, id] = await twoTabs(app, [5, 7]);

    // A asks to undo hand 2.
    await a.getByTestId('undo').click();
    await assert.doesNotReject(question(a).filter({ hasText: /^Undo hand 2: Ann 0, Bob 7\?$/ }).waitFor());
    // B saves hand 3: A's screen shows it, and A's question is now about it.
    await hand(b, 9);
    await new GameScreen(a).waitRows(3);
    await question(a).filter({ hasText: 'This game changed on another screen. Undo hand 3: Ann 0, Bob 9?' }).waitFor();
    await a.getByTestId('undo-confirm').getByRole('button', { name: 'Yes, undo it' }).click();
    await new GameScreen(a).waitRows(2);
    await new GameScreen(b).waitRows(2);
    assert.deepEqual(await storedPips(a, id), [5, 7], 'hand 3, the one asked about, was undone');

    // Asked, then the other tab undoes that very hand: the question is
    // asked again about the hand before it.
    await a.getByTestId('undo').click();
    await question(a).filter({ hasText: /^Undo hand 2: Ann 0, Bob 7\?$/ }).waitFor();
    await new GameScreen(b).undo();
    await new GameScreen(a).waitRows(1);
    await question(a).filter({ hasText: 'This game changed on another screen. Undo hand 1: Ann 0, Bob 5?' }).waitFor();
    await a.getByTestId('undo-confirm').getByRole('button', { name: 'Keep it' }).click();
    assert.deepEqual(await storedPips(a, id), [5], 'Keep it changes nothing');
    assert.deepEqual(app.errors, []);
  } finally {
    await app.close();
  }
});

test('a game deleted and put back on another tab comes back on this one, without a reload', async () => {
  const app = await openApp();
  try {
    const [a, b, id] = await twoTabs(app, [5]);

    await b.locator('details.danger-zone summary').click();
    await b.getByTestId('delete-game').click();
    await b.getByTestId('deleted').waitFor();
    await a.getByTestId('problem').filter({ hasText: 'not saved on this phone' }).waitFor();

    await b.getByTestId('undo-delete').click();
    await b.getByTestId('undo-delete').waitFor({ state: 'detached' });
    // A follows: the game is back, and A saves on it.
    await a.getByTestId('problem').waitFor({ state: 'detached' });
    await new GameScreen(a).waitRows(1);
    await hand(a, 8);
    await new GameScreen(b).waitRows(2);
    assert.deepEqual(await storedPips(a, id), [5, 8]);
    assert.deepEqual(app.errors, []);
  } finally {
    await app.close();
  }
});

test('a correction of a hand another tab changed meanwhile says so, keeps what was typed, and saves over what is there now', async () => {
  const app = await openApp();
  try {
    const [a, b, id] = await twoTabs(app, [5, 7]);
    // A starts correcting hand 1 (Bob 5 -> 6); B corrects hand 1 first (Bob 5 -> 9).
    await a.locator('#entry:not([inert])').waitFor();
    await new GameScreen(a).editRow('Hand 1 · 15-15');
    await new GameScreen(a).typePips('Bob', '6');
    await new GameScreen(b).editRow('Hand 1 · 15-15');
    await new GameScreen(b).typePips('Bob', '9');
    await b.getByRole('button', { name: 'Save changes to hand 1' }).click();
    await b.getByRole('button', { name: 'Save hand 3' }).waitFor();
    // A is told, its correction is still typed, and nothing of A's is saved.
    await a.getByTestId('save-error').filter({ hasText: 'Hand 1 was changed on another screen while you were correcting it' }).waitFor();
    assert.equal(await a.getByLabel('Bob: pips left').inputValue(), '6');
    assert.deepEqual(await storedPips(a, id), [9, 7], "B's correction stands");
    // Saved again, A's correction goes over what is there now.
    await a.getByRole('button', { name: 'Save changes to hand 1' }).click();
    await a.getByRole('button', { name: 'Save hand 3' }).waitFor();
    assert.deepEqual(await storedPips(a, id), [6, 7]);
    assert.deepEqual(app.errors, []);
  } finally {
    await app.close();
  }
});

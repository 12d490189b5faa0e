// Chicken Lines Rummy in the built app, driven as a person would: the
// first dealer, three rounds (a Rainbow, an unopened hand, the card picker
// with its deck caps, a typed sum), one round corrected, a reload, the
// result; at 320 px in dark mode nothing is wider than the phone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, overflow } from './harness.mjs';
import { HomeScreen } from './pages.mjs';
import { RummyScreen } from './chicken_lines_pages.mjs';

async function newGame(page, names, rounds) {
  const setup = await new HomeScreen(page).startNew('chicken-lines-rummy');
  await setup.addPlayers(names);
  const group = page.getByRole('group', { name: 'Rounds to play' });
  const shown = group.locator('output');
  while (Number((await shown.textContent()).split(' ')[0]) > rounds) {
    await group.getByRole('button', { name: 'One fewer: Rounds to play' }).click();
  }
  await setup.start();
  return new RummyScreen(page);
}

test('a 3-player game of 3 rounds: Rainbow, unopened hand, picker caps, an edit, a reload', async () => {
  const app = await openApp();
  const { page } = app;
  try {
    const game = await newGame(page, ['Ann', 'Bob', 'Cy'], 3);
    assert.match(await game.status().textContent(), /Who deals round 1/);
    await game.firstDealer('Bob');
    assert.match(await game.status().textContent(), /Round 1 of 3: Bob deals; Ann plays first/);
    assert.match(await page.getByTestId('deal').textContent(), /Bob deals; Ann plays first/);

    // Round 1: Ann closes (-20); Bob holds 3, Super Chicken 4, Egg = 21;
    // Cy did not open (100).
    await game.closed('Ann');
    const sum = await game.cards('Bob', ['3', 'S4', 'Egg']);
    assert.match(sum, /3 cards · 21 points/);
    await game.notOpened('Cy');
    await game.saveRound();
    assert.deepEqual(await game.totals(), { Ann: -20, Bob: 21, Cy: 100 });
    assert.match(await game.status().textContent(), /Round 2 of 3: Cy deals; Bob plays first/);

    // Round 2: Cy closes with a Rainbow (-100); Ann's sum is typed (37);
    // Bob holds the Yoker and a 0. The deck has one Yoker: once Bob holds
    // it, Ann's picker offers none.
    await game.closed('Cy');
    await game.how('Rainbow');
    await game.cards('Bob', ['Yoker', '0']);
    await game.cards('Ann', [], { keepOpen: true });
    assert.equal(await game.picker('Ann').locator('button[data-card="Yoker"]').isDisabled(), true);
    assert.match(await game.picker('Ann').locator('button[data-card="Yoker"]').getAttribute('aria-label'), /^Yoker 0 left: Yoker, 20 points$/);
    await game.picker('Ann').getByTestId('picker-done').click();
    await game.sum('Ann', 37);
    await game.saveRound();
    assert.deepEqual(await game.totals(), { Cy: 0, Ann: 17, Bob: 41 });

    // Correct round 1: Cy had opened, holding 50. Everything recomputes.
    await game.editRow('Round 1');
    await page.getByRole('heading', { name: 'Correct round 1 of 3' }).waitFor();
    await game.sum('Cy', 50);
    await page.getByRole('button', { name: 'Save changes to round 1' }).click();
    await page.getByRole('button', { name: 'Save round 3' }).waitFor();
    assert.deepEqual(await game.totals(), { Cy: -50, Ann: 17, Bob: 41 });
    assert.match(await game.status().textContent(), /Round 3 of 3: Ann deals; Cy plays first/);

    // Round 3 half entered, then a reload: nothing is lost.
    await game.closed('Bob');
    await game.how('Opening hand');
    await game.notOpened('Ann');
    await page.reload();
    await page.getByTestId('leaders').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Bob closed', exact: true }).getAttribute('aria-pressed'), 'true');
    assert.equal(await page.getByRole('button', { name: 'Ann did not open', exact: true }).getAttribute('aria-pressed'), 'true');
    assert.deepEqual(await game.totals(), { Cy: -50, Ann: 17, Bob: 41 });
    await game.sum('Cy', 18);
    await game.saveRound();

    // Ann 117, Bob 1, Cy -32: Cy wins.
    assert.deepEqual(await game.totals(), { Cy: -32, Bob: 1, Ann: 117 });
    assert.match(await game.outcome().textContent(), /Cy/);
    const help = await game.openHelp();
    assert.match(await help.textContent(), /moves to the left/);
    assert.match(await help.textContent(), /18 Super Chickens/);
    assert.deepEqual(app.errors, []);
  } finally {
    await app.close();
  }
});

test('refusals beside the hand, and 320 px in dark mode', async () => {
  const app = await openApp({ colorScheme: 'dark' });
  const { page } = app;
  try {
    await page.setViewportSize({ width: 320, height: 700 });
    const game = await newGame(page, ['Ann', 'Bob'], 2);
    await page.getByTestId('pick-random').click();
    await page.getByTestId('save-round').waitFor();
    await page.getByTestId('save-round').click();
    assert.match(await game.formError().textContent(), /Tap who closed/);
    await game.closed('Ann');
    await page.getByTestId('save-round').click();
    assert.match(await page.getByTestId('hand-row-1').locator('.field-error').textContent(), /Bob: choose/);
    await game.sum('Bob', 'abc');
    assert.match(await page.getByTestId('hand-row-1').locator('.field-error').textContent(), /not a number/);
    await game.cards('Bob', ['S9', 'S9'], { keepOpen: true });
    assert.equal(await overflow(page), 0);
    await game.picker('Bob').getByTestId('picker-done').click();
    assert.equal(await overflow(page), 0);
    await game.saveRound();
    assert.deepEqual(await game.totals(), { Ann: -20, Bob: 36 });
    // The first dealer (picked at random) is corrected to Bob: round 2 is Ann's deal.
    await page.getByRole('button', { name: /dealt round 1: correct$/ }).click();
    await page.getByRole('button', { name: 'Bob deals round 1', exact: true }).click();
    await page.getByRole('button', { name: 'Save round 2' }).waitFor();
    assert.match(await game.status().textContent(), /Round 2 of 2: Ann deals; Bob plays first/);
    assert.deepEqual(app.errors, []);
  } finally {
    await app.close();
  }
});

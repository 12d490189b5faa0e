// Plumedini's Circus Trump in the built app: a 4-player game through all
// 9 suits with trumps (the companion naming who must take each line, the
// direction flipped for the Yoker), Eggs, the Yoker and the Plumedini
// halving; a correction refused naming the later line it breaks; a
// reload; 320 px in dark mode.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, overflow } from './harness.mjs';
import { HomeScreen } from './pages.mjs';
import { CircusScreen, SUIT_INDEX } from './chicken_lines_pages.mjs';

const SUITS = Object.keys(SUIT_INDEX);

async function newGame(page, names) {
  const setup = await new HomeScreen(page).startNew('circus-trump');
  await setup.addPlayers(names);
  await setup.start();
  return new CircusScreen(page);
}

for (const scheme of ['light', 'dark']) {
  test(`a 4-player game through all 9 suits: trumps, Eggs, the Yoker, the halving (${scheme}${scheme === 'dark' ? ', 320 px' : ''})`, { timeout: 180000 }, async () => {
    const app = await openApp({ colorScheme: scheme });
    const { page } = app;
    try {
      if (scheme === 'dark') await page.setViewportSize({ width: 320, height: 700 });
      const game = await newGame(page, ['Ann', 'Bob', 'Cy', 'Dee']);
      // Every suit starts on its own number (Hopper 0 ... Suit 9 on 8).
      for (const [i, s] of SUITS.entries()) await game.startSuit(s, i);
      assert.match(await page.getByTestId('suit-4').textContent(), /Suit 5.*4.*3/);
      assert.match(await page.getByTestId('suit-0').textContent(), /Hopper.*0.*9/);

      // Hopper: Ann trumps at 4 (an Egg on it); clockwise, so Bob takes it: 4 + 2 + 3 = 9.
      await page.getByRole('button', { name: 'Line from Hopper', exact: true }).click();
      await page.getByRole('button', { name: 'Last card 4', exact: true }).click();
      await page.getByRole('button', { name: 'Ann trumped', exact: true }).click();
      assert.equal(await game.taker().textContent(), 'Bob must take the line.');
      await page.getByRole('button', { name: 'One more: Eggs' }).click();
      assert.match(await game.points().textContent(), /= 9$/);
      await page.getByTestId('save-line').click();
      await game.waitRows(1);
      // A line before the trump's next card is not offered; Ann closes Hopper on 9.
      assert.equal(await page.getByRole('button', { name: 'Last card 3', exact: true }).count(), 0);
      assert.match(await game.claim({ suit: 'Hopper', last: 9, to: 'Ann' }), /^9 = 9$/);
      assert.match(await page.getByTestId('suit-0').textContent(), /closed/);
      assert.equal(await page.getByRole('button', { name: 'Line from Hopper', exact: true }).count(), 0);

      // Betsy: the Yoker was played, so play runs counterclockwise; Dee
      // trumps at 5, so Cy takes 5 + 2 + 5 = 12.
      await page.getByRole('button', { name: 'Line from Betsy', exact: true }).click();
      await page.getByRole('button', { name: 'Last card 5', exact: true }).click();
      await page.getByRole('button', { name: 'Dee trumped', exact: true }).click();
      assert.equal(await game.taker().textContent(), 'Ann must take the line.');
      await game.direction('Counter-clockwise');
      assert.equal(await game.taker().textContent(), 'Cy must take the line.');
      await page.getByRole('switch', { name: /The Yoker/ }).click();
      assert.match(await game.points().textContent(), /= 12$/);
      await page.getByTestId('save-line').click();
      await game.waitRows(3);
      // Still counterclockwise: Ann trumps at 8, Dee takes 10.
      await page.getByRole('button', { name: 'Line from Betsy', exact: true }).click();
      await page.getByRole('button', { name: 'Last card 8', exact: true }).click();
      await page.getByRole('button', { name: 'Ann trumped', exact: true }).click();
      assert.equal(await game.taker().textContent(), 'Dee must take the line.');
      await page.getByTestId('save-line').click();
      await game.waitRows(4);
      // The Yoker is claimed: no switch for it any more. Bob closes Betsy on 0 with 2 Eggs: 6.
      assert.equal(await page.getByRole('switch', { name: /The Yoker/ }).count(), 0);
      assert.match(await game.claim({ suit: 'Betsy', last: 0, to: 'Bob', eggs: 2 }), /= 6$/);
      // No Egg is left.
      await page.getByRole('button', { name: 'Line from Chug', exact: true }).click();
      assert.equal(await page.getByRole('button', { name: 'One more: Eggs' }).isDisabled(), true);

      // A reload keeps everything.
      await page.reload();
      await page.getByTestId('leaders').waitFor();
      assert.deepEqual(await game.totals(), { Ann: 9, Dee: 10, Cy: 12, Bob: 15 });

      // Correcting Hopper's start to 5 would make its line on 4 the closing
      // one, so its line on 9 would come after the suit closed: refused,
      // naming that line.
      await page.getByRole('button', { name: 'Hopper started on 0: correct' }).click();
      await page.getByRole('button', { name: 'Starts on 5', exact: true }).click();
      await page.getByRole('button', { name: "Save changes to the suit's start" }).click();
      assert.match(await game.formError().textContent(), /with this change Line 2 would be impossible \(Hopper is closed/);
      await page.getByRole('button', { name: 'Cancel' }).click();

      // The other 7 suits close with one line each on their closing card.
      const takers = ['Ann', 'Bob', 'Cy', 'Dee', 'Ann', 'Bob', 'Cy'];
      for (let k = 0; k < 7; k++) {
        await game.claim({ suit: SUITS[k + 2], last: k + 1, to: takers[k] });
      }
      // Ann 15, Bob 23 (4 lines: the Plumedini card) halved to 11.5, Cy 22, Dee 14.
      assert.deepEqual(await game.totals(), { Bob: 11.5, Dee: 14, Ann: 15, Cy: 22 });
      const outcome = await game.outcome().textContent();
      assert.match(outcome, /Bob holds the Plumedini card \(most lines: 4 lines\): 23 halved is 11\.5/);
      assert.equal(await overflow(page), 0);
      const help = await game.openHelp();
      assert.match(await help.textContent(), /Most lines \(the default\)/);
      assert.deepEqual(app.errors, []);
    } finally {
      await app.close();
    }
  });
}

test('most points: a tie for the Plumedini card, the table decides, ended early', async () => {
  const app = await openApp();
  const { page } = app;
  try {
    const setup = await new HomeScreen(page).startNew('circus-trump');
    await setup.addPlayers(['Ann', 'Bob', 'Cy']);
    await setup.choose('Plumedini card goes to', 'Most points');
    await setup.start();
    const game = new CircusScreen(page);
    await game.startSuit('Hopper', 3);
    // Bob 4 + 2 = 6 then 2 + 3 = 5 (11); Ann 9 + 2 = 11.
    await game.claim({ suit: 'Hopper', last: 4, trumper: 'Ann' });
    await game.claim({ suit: 'Hopper', last: 9, trumper: 'Cy' });
    await game.claim({ suit: 'Hopper', last: 2, to: 'Bob', eggs: 1 });
    await page.getByTestId('end-early').click();
    await page.getByTestId('end-yes').click();
    await page.getByRole('group', { name: 'Who takes the Plumedini card' }).waitFor();
    assert.match(await game.status().textContent(), /Plumedini tie: Ann and Bob each have 11 points/);
    await page.getByRole('button', { name: 'Ann takes it' }).click();
    await game.outcome().waitFor();
    assert.deepEqual(await game.totals(), { Cy: 0, Ann: 5.5, Bob: 11 });
    assert.match(await game.outcome().textContent(), /ended the game early/);
    assert.deepEqual(app.errors, []);
  } finally {
    await app.close();
  }
});

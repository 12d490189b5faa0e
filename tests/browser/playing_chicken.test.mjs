// Playing Chicken in the built app, driven as a person would in headless
// Chromium: a whole 3-player game with the app as the goal deck. Each
// trick's goal is read off the screen; the form offers 1-6 to everyone
// (hands stay hidden) and refuses a card already played, naming its
// trick; the test picks the cards (an exact hit, a tie), corrects a trick
// by swapping a card with another trick of the round in one change,
// reloads mid-round, undoes a trick, and checks every total and the
// winners against its own reckoning.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openApp } from './harness.mjs';
import { idbDump } from './idb.mjs';
import { HomeScreen } from './pages.mjs';
import { PlayingChickenScreen, position, judge, replay, combos, winnersOf } from './playing_chicken_pages.mjs';

const NAMES = ['Ann', 'Bob', 'Cy'];

/** The stored game's revision (one per saved change). */
async function storedRev(page) {
  const text = Object.values((await idbDump(page)).games)[0] || '';
  return Number((/"rev":\s*(\d+)/.exec(text) || [])[1]);
}

/** The cards to play for trick `index` against `goal` from the hands `held`. */
function choose(index, goal, held) {
  const round = position(index).round;
  if (index === 0) {
    // An exact hit: three cards 1-6 reach any 3-player goal (4 to 17).
    const hit = [...combos(held)].find((c) => judge(goal, c, round).verdict === 'exact');
    assert.ok(hit, `no exact hit for goal ${goal}`);
    return hit;
  }
  if (index === 5) {
    // A tie, not on the goal: two or more players share the winning card.
    const tie = [...combos(held)].find((c) => {
      const r = judge(goal, c, round);
      return r.winners.length >= 2 && r.verdict !== 'exact';
    });
    assert.ok(tie, `no tie for goal ${goal}`);
    return tie;
  }
  // Otherwise a spread of cards that changes from trick to trick.
  return held.map((h, s) => h[(index * 2 + s * 3) % h.length]);
}

test('a 3-player game through all 15 tricks with the app as the goal deck', async () => {
  const app = await openApp();
  const { page } = app;
  try {
    const setup = await new HomeScreen(page).startNew('playing-chicken');
    await setup.addPlayers(NAMES);
    // The defaults: the prize doubles on an exact hit, the app flips the goals.
    const pressed = (group, name) => page.getByRole('group', { name: group }).getByRole('button', { name, exact: true }).getAttribute('aria-pressed');
    assert.equal(await pressed('Exact bonus', 'Double'), 'true');
    assert.equal(await pressed('Goal cards', 'The app flips them'), 'true');
    assert.match(await page.getByTestId('bonus-note').textContent(), /4, 6, 8, 10 and 12/);
    assert.match(await page.getByTestId('goal-note').textContent(), /10 goal cards for 3 players/);
    await setup.start();
    // The goal deck was drawn when the game started and stored with it:
    // a goal per trick, no seed.
    const stored = JSON.parse(Object.values((await idbDump(page)).games)[0] || '{}');
    const deck = stored.settings?.deck || [];
    assert.equal(deck.length, 15, `the goals are stored: ${JSON.stringify(stored.settings)}`);
    assert.equal(stored.settings.seed, undefined, 'no seed is stored');
    const game = new PlayingChickenScreen(page);
    const log = [];
    const goalsSeen = [];

    for (let index = 0; index < 15; index++) {
      const pos = position(index);
      const model = replay(3, log);
      assert.match(await game.heading().textContent(), new RegExp(`Round ${pos.round} of 5 · trick ${pos.trick} of ${pos.tricks}`));
      assert.match(await game.status().textContent(), new RegExp(`Round ${pos.round} of 5 · trick ${pos.trick} of ${pos.tricks} · ${pos.prize} points a winning card`));
      const goal = await game.goal();
      assert.ok([4, 5, 7, 8, 10, 11, 13, 14, 17].includes(goal), `goal ${goal} is a 3-player card`);
      assert.match(await game.status().textContent(), new RegExp(`Next goal: ${goal}(?!\\d)`));
      assert.equal(goal, deck[index], `trick ${index + 1} shows the stored deck's goal`);
      goalsSeen.push(goal);
      // Every player is offered every card, 1 to 6: the form shows no hand.
      for (let s = 0; s < 3; s++) assert.deepEqual(await game.offered(NAMES[s]), [1, 2, 3, 4, 5, 6], `trick ${index + 1}: ${NAMES[s]}'s cards`);
      assert.doesNotMatch(await game.form().textContent(), /holds|discards \d|no cards left/);

      const cards = choose(index, goal, model.held);
      const expected = judge(goal, cards, pos.round);

      if (index === 2) {
        // Half-way through entering a trick, the page reloads: the same goal
        // card and the card already tapped are still there.
        await game.play('Ann', cards[0]);
        await page.reload();
        await game.heading().waitFor();
        assert.equal(await game.goal(), goal);
        assert.match(await game.status().textContent(), new RegExp(`Next goal: ${goal}(?!\\d)`));
        assert.equal(await game.pressed('Ann', cards[0]), true);
        await game.play('Bob', cards[1]);
        await game.play('Cy', cards[2]);
      } else if (index === 9) {
        // Half-way through, a look at an earlier trick (Edit, then Cancel)
        // keeps the card already tapped.
        await game.play('Ann', cards[0]);
        await game.editTrick(0);
        await page.getByRole('button', { name: 'Cancel', exact: true }).click();
        await game.heading().filter({ hasText: /^Round 3 of 5/ }).waitFor();
        assert.equal(await game.pressed('Ann', cards[0]), true);
        await game.play('Bob', cards[1]);
        await game.play('Cy', cards[2]);
      } else if (index === 3) {
        // Ann taps the card she played in trick 2: refused beside her
        // field, naming the trick, and nothing is saved.
        const played = log[1].cards[0];
        await game.play('Ann', played);
        await game.play('Bob', cards[1]);
        await game.play('Cy', cards[2]);
        await page.getByTestId('save-trick').click();
        assert.equal((await game.fieldError(0).textContent()).trim(), `Ann played the ${played} in trick 2 of this round.`);
        assert.equal((await game.fieldError(1).textContent()).trim(), '');
        assert.equal(await game.tricksPlayed(), 3);
        await game.play('Ann', cards[0]);
        assert.equal((await game.fieldError(0).textContent()).trim(), '');
      } else {
        for (let s = 0; s < 3; s++) {
          await game.play(NAMES[s], cards[s]);
          if (s < 2) assert.match(await game.result().textContent(), /to come/);
        }
      }
      // The verdict and the winners show before saving.
      const shown = await game.result().textContent();
      assert.match(shown, new RegExp(`Total ${expected.total} · goal ${goal} · ${expected.verdict}`));
      const winnerNames = expected.winners.map((s) => NAMES[s]);
      if (winnerNames.length === 1) assert.match(shown, new RegExp(`${winnerNames[0]} wins ${expected.each} points with the ${expected.win}`));
      else assert.match(shown, new RegExp(`tie with the ${expected.win}: ${expected.each} points each`));
      if (index === 0) assert.equal(expected.verdict, 'exact');
      if (index === 5) assert.ok(expected.winners.length >= 2);
      // On a round's last trick the discard stays hidden: only the card played.
      if (pos.last) {
        for (let s = 0; s < 3; s++) assert.equal((await game.side(s).textContent()).trim(), `plays ${cards[s]}`);
      }
      if (pos.last) assert.match(await page.getByTestId('last-trick').textContent(), /discarded for the rest of the game/);

      await game.saveTrick();
      log.push({ goal, cards });
      const after = replay(3, log);
      assert.deepEqual(await game.totals(), Object.fromEntries(NAMES.map((n, s) => [n, after.totals[s]])), `totals after trick ${index + 1}`);

      if (index === 3) {
        // Correct trick 2 (round 1): Cy's card there and in trick 3 went in
        // the wrong way round. Choosing for Cy in trick 2 the card he played
        // in trick 3 says, before saving, that the two swap; one Save
        // corrects both tricks in one saved change.
        const [a, b] = [log[1].cards[2], log[2].cards[2]];
        const revBefore = await storedRev(page);
        await game.editTrick(1);
        await game.play('Cy', b);
        assert.equal((await game.swapNote(2).textContent()).trim(),
          `Cy played the ${b} in trick 3 of this round: saving swaps the cards, so trick 3 gets the ${a}.`);
        const t3 = judge(log[2].goal, [log[2].cards[0], log[2].cards[1], a], 1);
        assert.match(await game.result().textContent(), new RegExp(`Trick 3 after the swap: total ${t3.total} · goal ${log[2].goal} · ${t3.verdict}`));
        assert.equal(await page.getByTestId('save-trick').textContent(), 'Save changes to round 1, tricks 2 and 3');
        await game.saveCorrection();
        log[1] = { goal: log[1].goal, cards: [log[1].cards[0], log[1].cards[1], b] };
        log[2] = { goal: log[2].goal, cards: [log[2].cards[0], log[2].cards[1], a] };
        const fixed = replay(3, log);
        assert.deepEqual(await game.totals(), Object.fromEntries(NAMES.map((n, s) => [n, fixed.totals[s]])), 'totals after the swap');
        assert.match(await page.getByTestId('trick-1').textContent(), new RegExp(`Cy ${b} =`));
        assert.match(await page.getByTestId('trick-2').textContent(), new RegExp(`Cy ${a} =`));
        assert.equal(await storedRev(page), revBefore + 1, 'the swap is one saved change');
        // After a reload the stored game says the same.
        await page.reload();
        await game.heading().waitFor();
        await game.waitTricks(4);
        assert.deepEqual(await game.totals(), Object.fromEntries(NAMES.map((n, s) => [n, fixed.totals[s]])), 'totals after the swap and a reload');
        const stored = JSON.parse(Object.values((await idbDump(page)).games)[0]);
        assert.deepEqual(stored.log.slice(0, 4), log.slice(0, 4));
      }

      if (index === 6) {
        // The hands are hidden until tapped.
        assert.equal(await page.getByLabel(/^Ann holds/).count(), 0);
        const held = replay(3, log).held[0];
        const said = await game.showCards('Ann');
        assert.equal(said, `Ann holds ${held.join(', ').replace(/, (\d)$/, ' and $1')}`);
      }

      if (index === 7) {
        // Undo the trick just saved: the same goal card comes back; redo it.
        await game.undo();
        await game.waitTricks(index);
        assert.equal(await game.goal(), goal);
        const undone = replay(3, log.slice(0, -1));
        assert.deepEqual(await game.totals(), Object.fromEntries(NAMES.map((n, s) => [n, undone.totals[s]])));
        await page.getByTestId('redo').click();
        await game.waitTricks(index + 1);
      }
    }

    // The game is over: totals and the winners, as the test reckons them.
    const final = replay(3, log);
    assert.deepEqual(await game.totals(), Object.fromEntries(NAMES.map((n, s) => [n, final.totals[s]])));
    const winners = winnersOf(NAMES, final.totals);
    const outcome = await game.outcome().textContent();
    if (winners.length === 1) assert.match(outcome, new RegExp(`${winners[0]} wins!`));
    else assert.match(outcome, new RegExp(`${winners.join(' & ')} share the win!`));
    assert.equal(await page.getByTestId('save-trick').count(), 0);
    // The score sheet has a row per round, and the status is gone.
    assert.equal(await game.rowCount(), 5);
    assert.equal(await game.status().count(), 0);
    assert.equal(goalsSeen.length, 15);
    assert.deepEqual(app.errors, []);
  } finally {
    await app.close();
  }
});

test('typed goals, the "+1" bonus, and what is missing said beside the field', async () => {
  const app = await openApp();
  const { page } = app;
  try {
    const setup = await new HomeScreen(page).startNew('playing-chicken');
    await setup.addPlayers(['Ann', 'Bob', 'Cy', 'Dee']);
    await setup.choose('Exact bonus', '+1');
    await setup.choose('Goal cards', 'We flip real cards');
    assert.match(await page.getByTestId('bonus-note').textContent(), /3, 4, 5, 6 and 7/);
    assert.match(await page.getByTestId('goal-note').textContent(), /the 10 marked 4P/);
    await setup.start();
    const game = new PlayingChickenScreen(page);
    const help = await game.openHelp();
    assert.match(await help.textContent(), /\+1 \(chosen for this game\)/);
    assert.match(await help.textContent(), /The table flips the real goal cards/);
    assert.doesNotMatch(await game.status().textContent(), /Next goal/);
    // Only the 4-player goals are offered; nothing is chosen yet.
    const chips = await page.getByRole('group', { name: 'Goal card' }).getByRole('button').allTextContents();
    assert.deepEqual(chips.map(Number), [7, 9, 10, 11, 13, 14, 15, 18, 19]);
    assert.equal((await page.getByTestId('goal-value').textContent()).trim(), '?');

    // Saving too early says what is missing, where it is missing.
    await page.getByTestId('save-trick').click();
    assert.match(await game.formError().textContent(), /Tap the goal card first/);
    await page.getByRole('button', { name: 'Goal 11', exact: true }).click();
    await game.play('Ann', 2);
    await game.play('Bob', 2);
    await page.getByTestId('save-trick').click();
    assert.match(await page.getByTestId('play-2').locator('.field-error').textContent(), /Tap the card Cy played/);
    assert.equal(await game.tricksPlayed(), 0);

    // Exactly 11: the highest cards (a tie) win the prize plus one, 3 each.
    await game.play('Cy', 3);
    await game.play('Dee', 4);
    assert.match(await game.result().textContent(), /Total 11 · goal 11 · exact/);
    await game.play('Dee', 4); // tapped again: taken back
    await game.play('Dee', 1);
    await game.play('Cy', 6);
    assert.match(await game.result().textContent(), /Total 11 · goal 11 · exact/);
    assert.match(await game.result().textContent(), /Cy wins 3 points with the 6/);
    await game.saveTrick();
    assert.deepEqual(await game.totals(), { Cy: 3, Ann: 0, Bob: 0, Dee: 0 });

    // The goal of the next trick is tapped again; a half-entered trick survives a reload.
    assert.equal((await page.getByTestId('goal-value').textContent()).trim(), '?');
    await page.getByRole('button', { name: 'Goal 18', exact: true }).click();
    await game.play('Dee', 6);
    await page.reload();
    await game.heading().waitFor();
    assert.equal(await game.goal(), 18);
    assert.equal(await game.pressed('Dee', 6), true);
    // Every card is offered, even one played this round; that one is
    // refused, naming the trick.
    assert.deepEqual(await game.offered('Cy'), [1, 2, 3, 4, 5, 6]);
    await game.play('Ann', 6);
    await game.play('Bob', 5);
    await game.play('Cy', 6);
    await page.getByTestId('save-trick').click();
    assert.equal((await game.fieldError(2).textContent()).trim(), 'Cy played the 6 in trick 1 of this round.');
    assert.equal(await game.tricksPlayed(), 1);
    await game.play('Cy', 1);
    // 6 + 5 + 1 + 6 = 18: exact again, and Ann and Dee tie with the 6.
    assert.match(await game.result().textContent(), /Ann and Dee tie with the 6: 3 points each/);
    await game.saveTrick();
    assert.deepEqual(await game.totals(), { Ann: 3, Cy: 3, Dee: 3, Bob: 0 });
    assert.deepEqual(app.errors, []);
  } finally {
    await app.close();
  }
});

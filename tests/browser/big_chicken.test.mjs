// Big Chicken in the built app, driven as a person would in headless
// Chromium: a whole 3-player game with a crow, an egging, an assistance and
// a corrected round; a reload in the middle of a round; the Golden Egg
// tie-breaker (real cards, then the app dealing); tie questions and
// refusals; the deck setup and the tournament rule; tie questions as the
// cards left are typed, the Duck flip explained, the round that ends the
// game.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openApp } from './harness.mjs';
import { HomeScreen } from './pages.mjs';
import { BigChickenScreen, CardDrawPanel } from './big_chicken_pages.mjs';

async function newGame(page, names, { tournament = false } = {}) {
  const setup = await new HomeScreen(page).startNew('big-chicken');
  await setup.addPlayers(names);
  if (tournament) await page.getByRole('switch', { name: /Advanced \/ Tournament rule/ }).click();
  await setup.start();
  return new BigChickenScreen(page);
}

test('a 3-player game to its end: crow, egging, assistance, a corrected round, reload, Golden Egg card draw', async () => {
  const app = await openApp({ colorScheme: 'dark' });
  const { page } = app;
  try {
    const game = await newGame(page, ['Ann', 'Bob', 'Cy']);
    // Before round 1 the app asks who holds Big Red.
    await page.getByRole('heading', { name: 'Round 1 · Who holds Big Red?' }).waitFor();
    assert.match(await page.getByTestId('big-red-form').textContent(), /48-card deck.*16 cards each/);
    await game.bigRed('Bob');
    assert.match(await game.leader().textContent(), /Leads: Bob \(holds Big Red/);
    assert.match(await game.status().textContent(), /Leads: Bob \(holds Big Red/);
    assert.match(await game.direction().textContent(), /Cluckwise/);

    // Round 1: Ann goes out with one card; Bob 8 (×2), Cy 5 (×1).
    // (A mistake, corrected after round 3: it was Bob 5 and Cy 8.)
    await game.wentOut('Ann');
    await game.padCards('Bob', 8);
    await game.padCards('Cy', 5);
    assert.match(await game.scoreLine(1).textContent(), /8 × 2 = 16 → 16 points, total 16/);
    await game.saveRound();
    await game.waitRows(1);
    assert.deepEqual(await game.totals(), { Ann: 0, Cy: 5, Bob: 16 });
    assert.match(await game.status().textContent(), /Round 2 · Dealer: Bob \(Bad Egg\)/);
    assert.match(await game.dealer().textContent(), /Dealer: Bob \(Bad Egg\)/);
    assert.match(await game.leader().textContent(), /Leads: Ann \(Good Egg\), unless someone Crows/);
    assert.match(await game.exchange().textContent(), /Ann \(Good Egg\) gives Bob \(Bad Egg\) their best card, never Big Red/);

    // Round 2: Cy Crows, leads, and goes out with several cards (Egging):
    // Ann 3 + 15 + 5, Bob 4 + 15 + 5.
    await game.crowed('Cy');
    assert.match(await game.leader().textContent(), /Leads: Cy \(Crowed first\)/);
    await game.round({ out: 'Cy', several: true, cards: { Ann: 3, Bob: 4 } });
    assert.deepEqual(await game.totals(), { Cy: 5, Ann: 23, Bob: 40 });
    const r2 = await game.rowDetails('Round 2');
    assert.match(r2, /Cy Crowed and went out/);
    assert.match(r2, /Ann: 3 cards × 1 = 3 · Crowing \+15 · Egging \+5/);

    // Round 3, half entered: the Direction card is flipped, Cy went out and
    // Ann's 7 is typed; then the page reloads. Nothing is lost.
    await game.flipDirection();
    assert.match(await game.direction().textContent(), /Counter-Cluckwise/);
    await game.wentOut('Cy');
    await game.padCards('Ann', 7);
    await page.reload();
    await page.getByTestId('leaders').waitFor();
    await game.form().waitFor();
    assert.match(await game.direction().textContent(), /Counter-Cluckwise/);
    assert.equal(await game.cardsField('Ann').inputValue(), '7');
    assert.equal(await page.getByRole('button', { name: 'Cy went out', exact: true }).getAttribute('aria-pressed'), 'true');

    // Counter-Cluckwise, the player right before Cy is Ann: she could have
    // stopped Cy's last single card, so she takes Bob's card score too.
    await game.plusCards('Bob', 6);
    assert.equal(await game.cardsField('Bob').inputValue(), '6');
    assert.equal(await game.assistQuestion().textContent(), 'Could Ann have stopped it?');
    await game.assisted(true);
    assert.match(await game.scoreLine(0).textContent(), /7 × 2 = 14 · Assistance \+12 → 26 points, total 49/);
    await game.saveRound();
    await game.waitRows(3);
    assert.deepEqual(await game.totals(), { Cy: 5, Ann: 49, Bob: 52 });
    assert.match(await game.rowDetails('Round 3'), /Ann was right before Cy and could have stopped them \(Assistance\)/);

    // Correct round 1 (Bob had 5, Cy 8): totals, Eggs and dealers recompute,
    // and round 4, half entered meanwhile, is still there afterwards.
    await game.padCards('Bob', 16);
    await game.editRound(1);
    assert.equal(await game.cardsField('Bob').inputValue(), '8');
    await game.cardsField('Bob').fill('5');
    await game.cardsField('Cy').fill('8');
    await page.getByRole('button', { name: 'Save changes to round 1' }).click();
    await page.getByRole('button', { name: 'Save round 4' }).waitFor();
    assert.deepEqual(await game.totals(), { Cy: 16, Bob: 41, Ann: 49 });
    assert.equal(await game.cardsField('Bob').inputValue(), '16');
    const r1 = await game.rowDetails('Round 1');
    assert.match(r1, /Bad Egg: Cy \(most points\)/);
    assert.match(r1, /Cy: 8 cards × 2 = 16/);
    assert.match(await game.rowDetails('Round 2'), /Bad Egg: Bob/);

    // Round 4: Ann deals (Bad Egg of round 3), Cy is Good Egg; the direction
    // carried over. Ann goes out: Bob 16 cards ×4 reaches 100, Cy 11 ×3 ties Ann.
    assert.match(await game.dealer().textContent(), /Dealer: Ann \(Bad Egg\)/);
    assert.match(await game.leader().textContent(), /Leads: Cy \(Good Egg\)/);
    assert.match(await game.direction().textContent(), /Counter-Cluckwise/);
    await game.round({ out: 'Ann', cards: { Bob: 16, Cy: 11 } });
    assert.deepEqual(await game.totals(), { Ann: 49, Cy: 49, Bob: 105 });
    const outcome = await game.outcome().textContent();
    assert.match(outcome, /Game over after round 4: someone reached 100/);
    assert.match(outcome, /Rotten Egg: Bob \(105 points\)/);
    assert.match(outcome, /Golden Egg tie between Ann and Cy \(49 points each\): the card draw is pending/);
    // Not announced as a shared win while the draw is pending.
    assert.equal(await game.outcome().locator('h2').textContent(), 'Golden Egg tie: card draw pending');
    assert.doesNotMatch(outcome, /share the win/);
    assert.equal(await page.getByTestId('save-round').count(), 0);

    // The tie-breaker: real cards. Both draw a Blue 7 (level: again), then
    // Ann a Duck and Cy a Green 5: Cy wins.
    const draw = CardDrawPanel.golden(page);
    assert.match(await draw.root.textContent(), /starting with Ann \(the last Good Egg\).*Ann, Cy/);
    await draw.mode(true);
    await draw.drew('Ann', 'Blue 7');
    await draw.drew('Cy', 'Blue 7');
    assert.match(await draw.verdict().textContent(), /Ann and Cy drew equal highest cards \(Blue 7\): they draw again/);
    await draw.drew('Ann', 'Duck');
    // A reload in the middle of the draw loses nothing tapped: the two
    // Blue 7s, and Ann's Duck in the second draw.
    const panel = await draw.root.textContent();
    assert.match(panel, /Duck/);
    await page.reload();
    await draw.root.waitFor();
    assert.deepEqual(await draw.cards(), ['Blue 7', 'Blue 7']);
    assert.equal(await draw.root.textContent(), panel);
    // The 3-player deck has one Duck: Cy cannot have drawn it too.
    await draw.root.getByRole('button', { name: 'What did Cy draw?' }).click();
    assert.equal(await page.getByRole('button', { name: 'Duck (every copy drawn)' }).isDisabled(), true);
    await page.getByTestId('card-picker-close').click();
    await draw.drew('Cy', 'Green 5');
    assert.match(await draw.verdict().textContent(), /Cy wins the draw with the Green 5/);
    await draw.record();
    await page.getByTestId('recorded-draw').waitFor();
    const done = await game.outcome().textContent();
    assert.match(done, /Cy wins!/);
    assert.match(done, /Golden Egg: Cy \(49 points\), winning the card draw against Ann/);
    assert.match(done, /Card draw: Ann Blue 7, Cy Blue 7; then Ann Duck, Cy Green 5/);
    // The leaderboard follows the draw: Cy first, Ann second on equal totals.
    assert.equal(await page.getByTestId('leader-2').getAttribute('aria-label'), 'Cy: 49 points, place 1');
    assert.equal(await page.getByTestId('leader-0').getAttribute('aria-label'), 'Ann: 49 points, place 2');
    assert.match(await page.getByTestId('recorded-draw').textContent(), /Cy won the draw: Golden Egg/);

    // Undo the draw and let the app deal instead: one of them wins, recorded.
    await game.undo();
    await page.getByTestId('golden-draw').waitFor();
    const dealt = CardDrawPanel.golden(page);
    await dealt.deal();
    const verdict = await dealt.verdict().textContent();
    const m = verdict.match(/^(Ann|Cy) wins the draw with the (.+)\.$/);
    assert.ok(m, verdict);
    assert.ok((await dealt.cards()).length >= 2);
    await dealt.record();
    await page.getByTestId('recorded-draw').waitFor();
    assert.match(await game.outcome().textContent(), new RegExp(`${m[1]} wins!`));
    assert.match(await game.outcome().textContent(), new RegExp(`Golden Egg: ${m[1]} \\(49 points\\), winning the card draw`));

    // Reloaded, the finished game reads the same.
    await page.reload();
    await page.getByTestId('outcome').waitFor();
    assert.deepEqual(await game.totals(), { Ann: 49, Cy: 49, Bob: 105 });
    assert.match(await game.outcome().textContent(), new RegExp(`${m[1]} wins!`));
    assert.deepEqual(app.errors, []);
  } finally {
    await app.close();
  }
});

test('the card draw helper works at any time and records nothing', async () => {
  const app = await openApp();
  const { page } = app;
  try {
    const game = await newGame(page, ['Ann', 'Bob', 'Cy', 'Dee']);
    const helper = await CardDrawPanel.helper(page);
    // Only Bob and Dee draw, with real cards: Dee's Big Red wins.
    await helper.root.getByRole('button', { name: 'Ann draws' }).click();
    await helper.root.getByRole('button', { name: 'Cy draws' }).click();
    await helper.mode(true);
    await helper.drew('Bob', 'Orange Chicken');
    await helper.drew('Dee', 'Big Red');
    assert.match(await helper.verdict().textContent(), /Dee wins the draw with the Big Red/);
    assert.equal(await helper.root.getByTestId('record-draw').count(), 0);
    // The app deals for everyone.
    await helper.root.getByRole('button', { name: 'Ann draws' }).click();
    await helper.root.getByRole('button', { name: 'Cy draws' }).click();
    await helper.deal();
    assert.match(await helper.verdict().textContent(), /^(Ann|Bob|Cy|Dee) wins the draw with the /);
    assert.ok((await helper.cards()).length >= 4);
    // Nothing was recorded: still before round 1.
    await game.page.getByTestId('big-red-form').waitFor();
    assert.equal(await game.rowCount(), 0);
    assert.deepEqual(app.errors, []);
  } finally {
    await app.close();
  }
});

test('deck setup, refusals beside the field, round-1 Bad Egg tie by highest card, tournament challenges', async () => {
  const app = await openApp();
  const { page } = app;
  try {
    const setup = await new HomeScreen(page).startNew('big-chicken');
    const deck = page.getByTestId('deck-setup');
    assert.match(await deck.textContent(), /Seat 2 to 6 players/);
    await setup.addPlayers(['Ann', 'Bob', 'Cy']);
    assert.match(await deck.textContent(), /Deck for 3 players.*Numbers 4–10.*Ducks1.*RemoveNone.*48 cards.*16 cards to each player/);
    await setup.addPlayers(['Dee', 'Eve', 'Fay']);
    assert.match(await deck.textContent(), /Deck for 6 players.*Numbers 1–10.*The lowest 4 One cards: Blue 1, Blue 1, Green 1, Green 1.*84 cards.*14 cards to each player/);
    for (const n of ['Fay', 'Eve', 'Dee']) await page.getByRole('button', { name: `Remove ${n}` }).click();
    await page.getByRole('switch', { name: /Advanced \/ Tournament rule/ }).click();
    await setup.start();
    const game = new BigChickenScreen(page);
    await game.bigRed('Ann');

    // Refusals: nobody out, a count too large, a second player with none.
    await game.saveRound();
    assert.match(await game.formError().textContent(), /Tap who went out/);
    await game.wentOut('Ann');
    await game.cardsField('Bob').fill('60');
    assert.match(await game.fieldError(1).textContent(), /at most 47/);
    await game.cardsField('Bob').fill('0');
    await game.cardsField('Cy').fill('5');
    assert.match(await game.fieldError(1).textContent(), /Only one player goes out/);
    await game.saveRound();
    assert.equal(await game.rowCount(), 0);

    // Bob and Cy tie on 5: in round 1 the one holding the highest card is
    // Bad Egg. A challenge adds +5 to Bob, so first remove it again.
    await game.cardsField('Bob').fill('5');
    await page.getByRole('button', { name: 'Add a lost challenge for Bob' }).click();
    assert.match(await game.scoreLine(1).textContent(), /Challenge \+5 .* → 10 points/);
    await page.getByRole('button', { name: /^Remove: Bob \+5/ }).click();
    assert.match(await page.getByTestId('ties').textContent(), /Bad Egg tie: Bob and Cy scored 5 each/);
    await game.saveRound();
    assert.match(await game.formError().textContent(), /Answer the tie question first/);
    await page.getByRole('button', { name: "Bob's highest card: choose" }).click();
    await page.getByRole('dialog', { name: "Bob's highest card" }).getByRole('button', { name: 'Yellow Chicken', exact: true }).click();
    await page.getByRole('button', { name: "Cy's highest card: choose" }).click();
    await page.getByRole('dialog', { name: "Cy's highest card" }).getByRole('button', { name: 'Big Red', exact: true }).click();
    await game.saveRound();
    await game.waitRows(1);
    assert.match(await game.rowDetails('Round 1'), /Bad Egg: Cy \(tie: highest card, Big Red\)/);
    assert.match(await game.dealer().textContent(), /Dealer: Cy \(Bad Egg\)/);

    // Round 2 with the tournament rule: Cy led a Fowl too early (+5).
    await page.getByRole('button', { name: 'Add a lost challenge for Cy' }).click();
    await game.round({ out: 'Bob', cards: { Ann: 2, Cy: 1 } });
    assert.deepEqual(await game.totals(), { Ann: 2, Bob: 5, Cy: 11 });
    assert.match(await game.rowDetails('Round 2'), /Cy: 1 card × 1 = 1 · Challenge \+5 \(led a Fowl before the Eggs were Broken\)/);

    // Round 3: Ann goes out but lost two challenges (+10); Bob and Cy tie on
    // 3 for the Good Egg and neither went out: the table picks Cy.
    await page.getByRole('button', { name: 'Add a lost challenge for Ann' }).click();
    await page.getByRole('button', { name: 'Add a lost challenge for Ann' }).click();
    await game.wentOut('Ann');
    await game.padCards('Bob', 3);
    await game.padCards('Cy', 3);
    assert.match(await page.getByTestId('ties').textContent(), /Good Egg tie: Bob and Cy scored 3 each and none of them went out/);
    await page.getByRole('button', { name: 'Cy is Good Egg' }).click();
    await game.saveRound();
    await game.waitRows(3);
    assert.deepEqual(await game.totals(), { Bob: 8, Ann: 12, Cy: 14 });
    const r3 = await game.rowDetails('Round 3');
    assert.match(r3, /Good Egg: Cy \(tie: the table's pick\)/);
    assert.match(r3, /Bad Egg: Ann \(most points\)/);
    assert.match(await game.leader().textContent(), /Leads: Cy \(Good Egg\)/);
    assert.deepEqual(app.errors, []);
  } finally {
    await app.close();
  }
});

test('tie questions come and go as cards left are typed, answers are kept and saved; a Duck flip is explained; the last round asks no Bad Egg', async () => {
  const app = await openApp({ colorScheme: 'dark' });
  const { page } = app;
  try {
    const game = await newGame(page, ['Ann', 'Bob', 'Cy', 'Dee']);
    await game.bigRed('Ann');
    const status = game.tiesStatus();
    // The announcement is polite, never an alert, and silent with no tie.
    assert.equal(await status.getAttribute('role'), 'status');
    assert.equal(await status.textContent(), '');

    // Round 1: Ann goes out; Bob 3 and Cy 3 tie for the most once Dee's 1
    // is typed: the question shows before Save, with nothing "missing" yet.
    await game.wentOut('Ann');
    await game.padCards('Bob', 3);
    await game.padCards('Cy', 3);
    assert.equal(await game.ties().count(), 0);
    await game.padCards('Dee', 1);
    await game.ties().waitFor();
    assert.match(await game.ties().textContent(), /Bad Egg tie: Bob and Cy scored 3 each/);
    assert.match(await status.textContent(), /^A tie question below: Bad Egg tie: Bob and Cy scored 3 each/);
    assert.equal(await game.tieMissing().textContent(), '');
    assert.equal(await game.rowCount(), 0);

    // Cy's 3 becomes 4: no tie, no question, nothing announced.
    await game.padCards('Cy', 4);
    await game.ties().waitFor({ state: 'detached' });
    assert.equal(await status.textContent(), '');
    // Back to 3: the question is back. Bob answers; Save is refused, and
    // beside the question it says what is still missing.
    await game.padCards('Cy', 3);
    await game.ties().waitFor();
    await game.highestCard('Bob', 'Green 7');
    await game.saveRound();
    assert.match(await game.formError().textContent(), /Answer the tie question first \(Bad Egg tie\)/);
    assert.equal(await game.tieMissing().textContent(), 'Not answered yet: the highest card of Cy.');
    assert.equal(await game.rowCount(), 0);

    // The answer is in the draft: a reload keeps it, and so does a tie that
    // goes and comes back.
    await page.reload();
    await game.form().waitFor();
    await game.ties().waitFor();
    await page.getByRole('button', { name: "Bob's highest card: Green 7. Change" }).waitFor();
    await game.padCards('Dee', 4);
    await game.ties().waitFor({ state: 'detached' });
    await game.padCards('Dee', 1);
    await page.getByRole('button', { name: "Bob's highest card: Green 7. Change" }).waitFor();

    // Cy holds the other Green 7: still level, so the table's pick is asked
    // too, at once. Answered, the round saves with the answers.
    await game.highestCard('Cy', 'Green 7');
    await page.getByRole('button', { name: 'Cy is Bad Egg' }).waitFor();
    assert.match(await status.textContent(), /^Tie questions below: .*Who does the table pick as Bad Egg\?/);
    await page.getByRole('button', { name: 'Cy is Bad Egg' }).click();
    await game.saveRound();
    await game.waitRows(1);
    assert.match(await game.rowDetails('Round 1'), /Bad Egg: Cy \(tie: the table's pick\)/);
    assert.match(await game.dealer().textContent(), /Dealer: Cy \(Bad Egg\)/);
    assert.equal(await status.textContent(), '');

    // Round 2: Dee goes out on a Duck. The card now lies Counter-Cluckwise,
    // and the screen says why: play was Cluckwise at the last lay, so Cy
    // (before Dee Cluckwise) is the one the Assistance question names.
    await game.wentOut('Dee');
    await game.wentOutOnADuck();
    assert.match(await game.direction().textContent(), /Counter-Cluckwise/);
    // On a 320 px phone the card's name stays whole (never "Counter-" over
    // "Cluckwise") and inside its button.
    const before = page.viewportSize();
    await page.setViewportSize({ width: 320, height: 640 });
    const fit = await game.direction().evaluate((b) => {
      const name = b.querySelector('.direction-name').getBoundingClientRect();
      const box = b.getBoundingClientRect();
      const size = parseFloat(getComputedStyle(b.querySelector('.direction-name')).fontSize);
      return { oneLine: name.height < size * 2, inside: name.right <= box.right + 0.5 };
    });
    assert.deepEqual(fit, { oneLine: true, inside: true });
    await page.setViewportSize(before);
    assert.equal(await game.directionNote().textContent(),
      'Cluckwise at the last lay; the Duck that went out flipped the card to Counter-Cluckwise.');
    assert.equal(await game.assistQuestion().textContent(), 'Could Cy have stopped it?');
    assert.match(await game.assistHint().textContent(),
      /^Cy played right before Dee \(Cluckwise at the last lay; the Duck that went out flipped the card to Counter-Cluckwise\)\./);
    // Switched off again, the card and the note go back.
    await game.wentOutOnADuck();
    assert.doesNotMatch(await game.direction().textContent(), /Counter/);
    assert.equal(await game.directionNote().count(), 0);
    await game.wentOutOnADuck();
    // Ann 15 cards (×4 = 60) and Bob 16 (64) tie on nothing; Cy 1.
    await game.padCards('Ann', 15);
    await game.padCards('Bob', 16);
    await game.padCards('Cy', 1);
    await game.assisted(false);
    await game.saveRound();
    await game.waitRows(2);
    assert.match(await game.rowDetails('Round 2'),
      /Direction at the end: Counter-Cluckwise \(Cluckwise at the last lay; the Duck that went out flipped the card\)/);
    assert.deepEqual(await game.totals(), { Dee: 1, Cy: 4, Ann: 60, Bob: 67 });

    // Round 3 ends the game (Ann and Bob pass 100) with Ann and Bob tied
    // for the most points: nobody deals again, so no Bad Egg question.
    await game.wentOut('Cy');
    await game.padCards('Ann', 16);
    await game.padCards('Bob', 16);
    await game.padCards('Dee', 2);
    assert.match(await game.scoreLine(0).textContent(), /→ 64 points, total 124/);
    assert.match(await game.scoreLine(1).textContent(), /→ 64 points, total 131/);
    assert.equal(await game.ties().count(), 0);
    assert.equal(await status.textContent(), '');
    await game.saveRound();
    await game.waitRows(3);
    assert.match(await game.rowDetails('Round 3'), /No Bad Egg: the game is over, nobody deals again/);
    assert.match(await game.outcome().textContent(), /Golden Egg: Dee \(3 points\)/);
    assert.deepEqual(app.errors, []);
  } finally {
    await app.close();
  }
});

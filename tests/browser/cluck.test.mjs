// Cluck! in the built app, driven as a person would in headless Chromium:
// a 3-player game played to its end (a counter kill in another player's
// turn, a tie at 12 that plays on, an undo, an edited kill, a reload
// mid-game with the feather tracker kept), and a 4-player game that ends
// by knock-outs on a 320 px phone in dark mode (turns skip players who are
// out; a tie on eggs goes to whoever was knocked out last).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, poll } from './harness.mjs';
import { idbDump } from './idb.mjs';
import { HomeScreen } from './pages.mjs';
import { CluckScreen } from './cluck_pages.mjs';

test('a 3-player game to its end: counter kill, a tie at 12 plays on, undo, edit, reload', { timeout: 180000 }, async () => {
  const app = await openApp();
  const { page } = app;
  try {
    const setup = await new HomeScreen(page).startNew('cluck');
    await setup.addPlayers(['Ann', 'Bob', 'Cy']);
    assert.match(await page.getByTestId('cluck-setup').textContent(), /Coops of 5 roosters each for 3 players/);
    await setup.start();
    const game = new CluckScreen(page);
    assert.equal(await game.heading(), 'Who goes first?');
    assert.match(await game.status().textContent(), /Deal each player a coop of 5 roosters/);
    // The app's random pick names someone; the table taps Ann instead.
    assert.match(await game.pickRandom(), /^The app picked (Ann|Bob|Cy) at random\.$/);
    await game.chooseFirst('Ann');
    assert.equal(await game.heading(), "Ann's turn");
    assert.match(await game.status().textContent(), /Turn 1: Ann's turn/);
    assert.deepEqual(await game.glance(0), { coop: '5/5', eggs: 0, out: '' });

    // Refusals: nothing picked for the victim; no eggs; End turn with a
    // kill half entered.
    await page.getByTestId('save-event').click();
    assert.match(await game.formError().textContent(), /Tap whose rooster died/);
    await game.pick('Whose rooster died', "Bob's rooster died");
    await page.getByTestId('eggs-input').fill('0');
    await page.getByTestId('save-event').click();
    assert.match(await game.formError().textContent(), /at least 1 egg/);
    await page.getByTestId('end-turn').click();
    assert.match(await game.formError().textContent(), /half entered/);
    await page.getByRole('button', { name: 'Clear kill' }).click();

    // Turn 1 (Ann): Ann kills Bob's rooster (6); Bob's counter kills Ann's
    // (12), in Ann's turn; Ann kills Cy's (typed 5 by mistake).
    await game.kill('Ann', 'Bob', 6);
    await game.kill('Bob', 'Ann', 12);
    assert.equal(await game.heading(), "Ann's turn", 'a counter does not end the turn');
    await game.kill('Ann', 'Cy', 3);
    // Undo it: the question names it.
    const question = await game.undo();
    assert.equal(question, 'Undo kill 3: Ann 3, Bob 0, Cy 0?');
    await game.waitEvents(3);
    assert.deepEqual(await game.totals(), { Ann: 6, Bob: 12, Cy: 0 });
    await game.kill('Ann', 'Cy', 5);
    // Correct it to 6 from the events list.
    await game.editEvent(3);
    assert.equal(await game.heading(), 'Correct kill 3');
    await page.getByRole('group', { name: 'Eggs on the rooster' }).getByRole('button', { name: '6 eggs', exact: true }).click();
    await game.saveCorrection();
    assert.deepEqual(await game.totals(), { Ann: 12, Bob: 12, Cy: 0 });
    assert.deepEqual(await game.glance(1), { coop: '4/5', eggs: 12, out: '' });
    assert.deepEqual(await game.glance(2), { coop: '4/5', eggs: 0, out: '' });

    // End turn: Ann and Bob are tied at 12, so play goes on, and it says why.
    await game.endTurn();
    assert.equal(await game.heading(), "Bob's turn");
    assert.match(await game.status().textContent(), /Ann and Bob are tied at the top with 12 eggs: play goes on/);
    assert.equal(await game.outcome().count(), 0);

    // The feather tracker: Cy's rooster has 3 feathers and an attack of 1.
    await game.openFeathers();
    for (let i = 0; i < 3; i++) await page.getByRole('button', { name: "+ one feather, Cy's rooster" }).click();
    await page.getByRole('button', { name: "+1 attack on Cy's rooster" }).click();
    assert.match(await game.featherLine(2).textContent(), /Feathers 3 · attacks 1 = 1 · 2 left/);
    // The tracker goes into the game's draft: reload once it is stored.
    const id = page.url().split('/').pop();
    const tracked = (t = '') => /feathers\\*":3\b/.test(t) && /attacks\\*":\[1\]/.test(t);
    assert.ok(await poll(async () => tracked((await idbDump(page)).drafts[id])), 'the tracker is in the stored draft');

    // Reload mid-game: the turn, the eggs and the tracker are all kept.
    await page.reload();
    await game.waitHeading("Bob's turn");
    assert.deepEqual(await game.totals(), { Ann: 12, Bob: 12, Cy: 0 });
    assert.match(await game.featherLine(2).textContent(), /Feathers 3 · attacks 1 = 1 · 2 left/);

    // The sheet: one row per turn, readable at 390 px.
    assert.equal(await game.rowCount(), 1);
    const fit = await page.evaluate(() => {
      const wrap = document.querySelector('.sheet-wrap');
      return { wrap: wrap.clientWidth, table: wrap.scrollWidth, page: document.documentElement.scrollWidth };
    });
    assert.ok(fit.table <= fit.wrap && fit.page <= 390, JSON.stringify(fit));

    // Turn 2 (Bob): Bob kills Cy's rooster (2 eggs): Bob 14, alone at the
    // top when the turn ends: Bob wins.
    await game.kill('Bob', 'Cy', 2);
    assert.match(await game.status().textContent(), /Bob has 14 eggs, alone at the top: Bob wins when this turn ends/);
    // The kill reset Cy's feather tracker (a new rooster).
    assert.match(await game.featherLine(2).textContent(), /Feathers \? · no attacks/);
    await game.endTurn();
    const outcome = await game.outcome().textContent();
    assert.match(outcome, /Bob wins!/);
    assert.match(outcome, /At the end of turn 2, Bob had 14 eggs: the most, alone, and 12 or more\./);
    assert.deepEqual(await game.totals(), { Bob: 14, Ann: 12, Cy: 0 });
    assert.equal(await game.rowCount(), 2);
    const help = await game.openHelp();
    assert.match(await help.textContent(), /Eggs stay with a player who is out/);
    assert.deepEqual(app.errors, []);
  } finally {
    await app.close();
  }
});

test('a 4-player game ends by knock-outs, on a 320 px phone in dark mode', { timeout: 180000 }, async () => {
  const app = await openApp({ colorScheme: 'dark' });
  const { page } = app;
  try {
    await page.setViewportSize({ width: 320, height: 700 });
    const names = ['Ann', 'Bob', 'Cy', 'Dan'];
    const setup = await new HomeScreen(page).startNew('cluck');
    await setup.addPlayers(names);
    assert.match(await page.getByTestId('cluck-setup').textContent(), /Coops of 4 roosters each for 4 players/);
    await setup.start();
    const game = new CluckScreen(page);
    await game.chooseFirst('Ann');
    // Turn 1 (Ann): Ann kills Dan's four roosters (3+2+2+2): Dan is out 1st.
    for (const eggs of [3, 2, 2, 2]) await game.kill('Ann', 'Dan', eggs);
    assert.deepEqual(await game.glance(3), { coop: '0/4', eggs: 0, out: 'out 1st' });
    // Dan is offered neither as killer nor as victim.
    assert.equal(await page.getByRole('button', { name: "Dan's rooster died" }).count(), 0);
    assert.equal(await page.getByRole('button', { name: 'Dan killed it' }).count(), 0);
    await game.endTurn();
    assert.equal(await game.heading(), "Bob's turn");
    // Turn 2 (Bob): Cy kills two of Bob's (5+4).
    await game.kill('Cy', 'Bob', 5);
    await game.kill('Cy', 'Bob', 4);
    await game.endTurn();
    assert.equal(await game.heading(), "Cy's turn");
    // Turn 3 (Cy) ends: Dan is skipped, Ann is next.
    await game.endTurn();
    assert.equal(await game.heading(), "Ann's turn");
    // Turn 4 (Ann): Bob kills Ann's four (1 each); the last, in her own
    // turn, knocks her out and ends her turn: Bob's turn.
    for (let i = 0; i < 4; i++) await game.kill('Bob', 'Ann', 1);
    assert.equal(await game.heading(), "Bob's turn");
    assert.match(await game.status().textContent(), /Knocked out, in order: Dan and Ann\./);
    // Turn 5 (Bob): Bob kills Cy's four (1 each): only Bob has roosters.
    for (let i = 0; i < 4; i++) await game.kill('Bob', 'Cy', 1);
    const outcome = await game.outcome().textContent();
    assert.match(outcome, /Cy wins!/);
    assert.match(outcome, /Only Bob has roosters left \(turn 5\): the most eggs wins\./);
    assert.match(outcome, /Ann and Cy are tied on 9 eggs: Cy wins, knocked out last of them \(3rd out\)\./);
    assert.deepEqual(await game.totals(), { Cy: 9, Ann: 9, Bob: 8, Dan: 0 });
    // Places follow the tie-break.
    const ranks = await page.getByTestId('leaders').locator('li .rank').allTextContents();
    assert.deepEqual(ranks.map((r) => r.trim()), ['1', '2', '3', '4']);
    assert.equal(await game.rowCount(), 5);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(wide <= 320, `page ${wide}px wide`);
    assert.deepEqual(app.errors, []);
  } finally {
    await app.close();
  }
});

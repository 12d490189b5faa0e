// Issue 26: every screen reads cleanly on a 320 px phone: no text cut
// inside its box, no word broken across lines. A walk of every screen of
// the app at 320 × 640 with five players' names of 11 or 12 letters (each
// with its own first-player pick, help panel, entry companions, a saved
// entry and its details, the hand-over panel and the chart), then the
// records screens. `readableScreen` checks each screen light and dark and
// leaves a dark screenshot in output/readable/; each test collects every
// problem and asserts at the end, so one run lists them all.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, readableScreen, screenStill } from './harness.mjs';
import { HomeScreen } from './pages.mjs';
import { BigChickenScreen, CardDrawPanel } from './big_chicken_pages.mjs';
import { PlayingChickenScreen } from './playing_chicken_pages.mjs';
import { RummyScreen, CircusScreen } from './chicken_lines_pages.mjs';
import { CluckScreen } from './cluck_pages.mjs';
import { idbSeed } from './idb.mjs';
import { chickenfoot } from './stored_games.mjs';

const NAMES = ['Annabelle Ko', 'Bartholomew', 'Cynthia Lee', 'Maximiliano', 'Gwendolyn Ro'];
const [A, B, C, D, E] = NAMES;

/** Opens the app dark at 320 × 640, runs `walk(page, check, app)`, closes
 *  the app, and asserts that no screen checked had a problem. */
function walk(title, body) {
  test(`320 px: ${title} reads cleanly`, { timeout: 120000 }, async () => {
    const app = await openApp({ colorScheme: 'dark' });
    const { page } = app;
    const problems = [];
    const check = async (screen) => {
      await screenStill(page);
      problems.push(...await readableScreen(page, screen, NAMES));
    };
    try {
      page.setDefaultTimeout(10000);
      await page.setViewportSize({ width: 320, height: 640 });
      await body(page, check, app);
    } finally {
      await app.close();
    }
    assert.deepEqual(problems, [], `${problems.length} problems:\n${problems.join('\n')}`);
  });
}

/** The new-game form with the players seated, then with the first
 *  player / dealer picked at random (and, where the game records it,
 *  unpicked again, so the game asks on its own screen). */
async function newGame(page, check, game, kind, { unpick = false } = {}) {
  const setup = await new HomeScreen(page).startNew(kind);
  await setup.addPlayers(NAMES);
  await check(`${game}: new-game form`);
  await page.getByTestId('pick-random').click();
  await page.waitForFunction(() => /picked at random/.test(document.querySelector('[data-testid=first-named]')?.textContent || ''));
  await check(`${game}: new-game form, first pick at random`);
  if (unpick) {
    const picked = (await page.locator('[data-testid=picker-seats] li.lit').textContent()).trim();
    await page.getByRole('group', { name: /^Who / }).getByRole('button', { name: new RegExp(`^${picked} `), pressed: true }).click();
    await page.waitForFunction(() => !/picked at random/.test(document.querySelector('[data-testid=first-named]')?.textContent || ''));
  }
  return setup;
}

/** The help panel opened, then closed again. */
async function help(page, check, game) {
  const button = page.getByRole('button', { name: 'Rules and variants in force' });
  await button.click();
  await page.getByTestId('help').waitFor();
  await check(`${game}: help panel`);
  await button.click();
  await page.getByTestId('help').waitFor({ state: 'hidden' });
}

/** The score sheet with a row, that row's details, the hand-over panel
 *  and the chart. */
async function afterSave(page, check, game) {
  await page.locator('table.sheet tbody tr').first().waitFor();
  await check(`${game}: score sheet with a row`);
  const row = page.locator('table.sheet').getByRole('button', { name: /: show details$/ }).first();
  await row.click();
  await page.locator('tr.row-details').waitFor();
  await check(`${game}: score sheet row details`);
  await row.click();
  await page.locator('tr.row-details').waitFor({ state: 'detached' });
  const handOver = page.getByTestId('hand-over').locator('summary');
  await handOver.click();
  await page.getByTestId('hand-qr').waitFor();
  await check(`${game}: hand-over panel`);
  await handOver.click();
  await page.getByTestId('chart-toggle').click();
  await page.getByTestId('chart').waitFor();
  await check(`${game}: score chart`);
}

walk('Big Chicken', async (page, check) => {
  const game = 'big chicken';
  const setup = await newGame(page, check, game, 'big-chicken');
  await page.getByRole('switch', { name: /Advanced \/ Tournament rule/ }).click();
  await check(`${game}: new-game form, tournament rule on`);
  await setup.start();
  const bc = new BigChickenScreen(page);
  await page.getByTestId('big-red-form').waitFor();
  await check(`${game}: game opens (who holds Big Red)`);
  await help(page, check, game);

  // The card draw helper: real cards (the card picker), then the app deals.
  const draw = await CardDrawPanel.helper(page);
  await draw.root.getByRole('group', { name: 'How to draw' }).waitFor();
  await check(`${game}: card draw helper`);
  await draw.mode(true);
  await draw.root.getByRole('button', { name: `What did ${A} draw?` }).click();
  const drawn = page.getByRole('dialog', { name: `What did ${A} draw?` });
  await drawn.waitFor();
  await check(`${game}: card draw, card picker`);
  await drawn.getByRole('button', { name: 'Green 5', exact: true }).click();
  await drawn.waitFor({ state: 'detached' });
  await draw.mode(false);
  await draw.deal();
  await draw.verdict().filter({ hasText: /wins the draw/ }).waitFor();
  await check(`${game}: card draw, dealt`);
  await draw.root.getByRole('button', { name: /Card draw helper/ }).click();

  // The round form: went out on a Duck, the number pad, a Bad Egg tie and
  // its highest-card picker.
  await bc.bigRed(A);
  await check(`${game}: round form`);
  await bc.wentOut(A);
  await bc.wentOutOnADuck();
  await bc.lastLay(false);
  await bc.cardsField(B).click();
  await page.getByRole('group', { name: `Number pad for ${B}'s cards left` }).waitFor();
  await check(`${game}: round form, number pad`);
  await bc.padCards(B, 3);
  // The pad covers the fields below it at 640 px: on to the next with Next.
  await padNext(page, C, 3);
  await padNext(page, D, 2);
  await padNext(page, E, 1);
  await bc.ties().waitFor();
  await closePad(page);
  await check(`${game}: round form, Duck and a tie question`);
  await page.getByRole('button', { name: new RegExp(`^${B}'s highest card: `) }).click();
  const highest = page.getByRole('dialog', { name: `${B}'s highest card` });
  await highest.waitFor();
  await check(`${game}: highest-card picker`);
  await highest.getByRole('button', { name: 'Green 7', exact: true }).click();
  await highest.waitFor({ state: 'detached' });
  await bc.cardsField(C).scrollIntoViewIfNeeded();
  await bc.padCards(C, 4);
  await bc.ties().waitFor({ state: 'detached' });
  await closePad(page);
  if (await page.getByTestId('assistance').count()) await bc.assisted(false);
  await bc.saveRound();
  await bc.waitRows(1);
  await afterSave(page, check, game);
});

walk('Playing Chicken', async (page, check) => {
  const game = 'playing chicken';
  const setup = await newGame(page, check, game, 'playing-chicken');
  await setup.start();
  const pc = new PlayingChickenScreen(page);
  await pc.heading().waitFor();
  await check(`${game}: game opens`);
  await help(page, check, game);
  // Trick 1, every card tapped: the result before saving.
  for (const n of NAMES) await pc.play(n, 1);
  await pc.result().filter({ hasText: /Total/ }).waitFor();
  await check(`${game}: trick form, cards tapped`);
  await pc.saveTrick();
  // The rest of round 1: the sheet's first row.
  for (let k = 2; k <= 5; k++) await pc.trick(NAMES, Array(NAMES.length).fill(k));
  await afterSave(page, check, game);
  const history = pc.history();
  await history.locator('summary').click();
  await page.getByTestId('trick-0').waitFor();
  await check(`${game}: trick history`);
  await history.locator('summary').click();
  await pc.showCards(A);
  await check(`${game}: a player's cards shown`);
});

walk('Chickenfoot', async (page, check) => {
  const game = 'chickenfoot';
  const setup = await newGame(page, check, game, 'chickenfoot');
  const cf = await setup.start();
  await check(`${game}: game opens`);
  await help(page, check, game);
  await cf.wentOut(A);
  await page.getByLabel(`${B}: pips left`).click();
  await page.getByRole('group', { name: `Number pad for ${B}'s pips` }).waitFor();
  await check(`${game}: hand form, number pad`);
  await cf.padPips(B, 12);
  await page.getByRole('button', { name: `Pick ${C}'s tiles` }).click();
  const tiles = page.getByRole('dialog', { name: `Tiles left in ${C}'s hand` });
  await tiles.waitFor();
  for (const t of ['5-5', '0-1']) await tiles.getByRole('button', { name: `Tile ${t}`, exact: true }).click();
  await check(`${game}: tile picker`);
  await tiles.getByTestId('picker-done').click();
  await tiles.waitFor({ state: 'detached' });
  await cf.padPips(D, 7);
  await cf.padPips(E, 30);
  await check(`${game}: hand form, filled in`);
  await cf.save();
  await cf.waitRows(1);
  await afterSave(page, check, game);
});

walk('Cluck!', async (page, check) => {
  const game = 'cluck';
  const setup = await newGame(page, check, game, 'cluck', { unpick: true });
  await setup.start();
  const cl = new CluckScreen(page);
  await cl.waitHeading('Who goes first?');
  await check(`${game}: who goes first`);
  const said = await cl.pickRandom();
  await check(`${game}: who goes first, picked at random`);
  const first = NAMES.find((n) => said.includes(n));
  const victim = NAMES.find((n) => n !== first);
  await cl.chooseFirst(first);
  await check(`${game}: turn form`);
  await help(page, check, game);
  await cl.fillKill(first, victim, 3);
  await check(`${game}: kill form, filled in`);
  await page.getByTestId('save-event').click();
  // Who goes first, then the kill.
  await cl.waitEvents(2);
  await cl.openFeathers();
  await cl.featherLine(0).waitFor();
  await check(`${game}: feather tracker`);
  await page.getByTestId('toggle-feathers').click();
  await cl.endTurn();
  await page.getByTestId('events').locator('summary').click();
  await page.getByTestId('edit-event-0').waitFor();
  await check(`${game}: events list`);
  await page.getByTestId('events').locator('summary').click();
  await afterSave(page, check, game);
});

walk('Chicken Lines Rummy', async (page, check) => {
  const game = 'rummy';
  const setup = await newGame(page, check, game, 'chicken-lines-rummy', { unpick: true });
  await setup.start();
  const ru = new RummyScreen(page);
  await page.getByTestId('pick-random').waitFor();
  await check(`${game}: who deals round 1`);
  await page.getByTestId('pick-random').click();
  await page.getByTestId('save-round').waitFor();
  await check(`${game}: round form`);
  await help(page, check, game);
  await ru.closed(A);
  await page.getByRole('group', { name: 'How the round was closed' }).waitFor();
  await check(`${game}: round form, how closed`);
  await ru.cards(B, ['3', 'S4', 'Egg'], { keepOpen: true });
  await check(`${game}: cards picker`);
  await ru.picker(B).getByTestId('picker-done').click();
  await ru.picker(B).waitFor({ state: 'detached' });
  await ru.sum(C, 20);
  await ru.notOpened(D);
  await ru.sum(E, 5);
  await check(`${game}: round form, filled in`);
  await ru.saveRound();
  await afterSave(page, check, game);
});

walk('Circus Trump', async (page, check) => {
  const game = 'circus trump';
  const setup = await newGame(page, check, game, 'circus-trump');
  await setup.start();
  const ct = new CircusScreen(page);
  await page.getByRole('group', { name: 'What happened' }).waitFor();
  await check(`${game}: game opens`);
  await help(page, check, game);
  await page.getByRole('group', { name: 'What happened' }).getByRole('button', { name: 'Start a suit' }).click();
  await page.getByRole('button', { name: 'Start Hopper', exact: true }).click();
  await page.getByRole('button', { name: 'Starts on 3', exact: true }).click();
  await check(`${game}: suit start form`);
  await page.getByRole('button', { name: "Save the suit's start" }).click();
  await page.getByTestId('suit-0').waitFor();
  await check(`${game}: suit sheet`);
  await page.getByRole('button', { name: 'Line from Hopper', exact: true }).click();
  await page.getByRole('button', { name: 'Last card 6', exact: true }).click();
  await page.getByRole('button', { name: `${A} trumped`, exact: true }).click();
  await ct.taker().waitFor();
  await page.getByRole('button', { name: 'One more: Eggs' }).click();
  await check(`${game}: claim form`);
  await page.getByTestId('save-line').click();
  await ct.waitRows(1);
  await afterSave(page, check, game);
});

const HOUR = 3600000;

walk('the records screens', async (page, check, { url }) => {
  await check('home, no games');
  const now = Date.now();
  await idbSeed(page, [
    chickenfoot('g1', now - 2 * HOUR, NAMES, Array(7).fill([0, [0, 1, 2, 3, 4]])),
    chickenfoot('g2', now - HOUR, [B, C, D], Array(7).fill([0, [0, 2, 1]])),
  ]);
  await page.goto(url + '/');
  await page.getByTestId('night-suggest').waitFor();
  await check('home, with games');
  await page.goto(url + '/history');
  await page.getByTestId('finished-game').first().waitFor();
  await check('history (finished games)');
  await page.goto(url + '/records/nights');
  await page.getByTestId('night-start-form').waitFor();
  await check('game nights, start-a-night form');
  await page.goto(url + '/');
  await page.getByTestId('accept-night').click();
  await page.getByTestId('night-card').waitFor();
  await check('home, a game night on');
  await page.goto(url + '/records/nights');
  await page.getByTestId('night-row').first().waitFor();
  await check('game nights');
  await page.getByTestId('night-row').first().click();
  await page.getByTestId('night-table').waitFor();
  await check('a game night');
  await page.goto(url + '/records/players');
  await page.getByTestId('player-row').first().waitFor();
  await check('players');
  await page.getByTestId('player-row').filter({ hasText: A }).click();
  await page.getByTestId('overview').waitFor();
  await check("a player's page");
  await page.goto(url + '/about');
  await page.getByTestId('used').waitFor();
  await check('about (storage)');
  await page.goto(url + '/records/backup');
  await page.getByTestId('download').waitFor();
  await check('backup');
  await page.goto(url + '/records/club');
  await page.getByTestId('club-create').waitFor();
  await check('club');
});

/** With the number pad open: Next to `name`'s cards left, then `value`. */
async function padNext(page, name, value) {
  await page.getByRole('button', { name: 'Next field' }).click();
  const pad = page.getByRole('group', { name: `Number pad for ${name}'s cards left` });
  await pad.waitFor();
  for (const d of String(value)) await pad.getByRole('button', { name: d, exact: true }).click();
}

/** Closes the number pad as a person does: Next, field after field, past
 *  the last one. */
async function closePad(page) {
  const pad = page.getByRole('group', { name: /^Number pad for / });
  for (let i = 0; i < 12 && await pad.count(); i++) {
    await pad.getByRole('button', { name: 'Next field' }).click();
  }
  await pad.waitFor({ state: 'detached' });
}

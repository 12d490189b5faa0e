// Every screen (the records pages too: players, a player, game nights,
// a night), light and dark, at a 320 px phone with 6 players named with
// 40 letters (the first-player picker landed, a finished game's Rematch and
// its page, the history's filters; Big Chicken's round form with its tie questions and a Duck
// flip explained too; Cluck!'s companion, tracker and a correction; the Chicken Lines card picker and trump companion): axe-core finds no violations, and no screen is
// wider than the phone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { openApp, overflow, screenStill, downloadFrom, homeReady } from './harness.mjs';
import { HomeScreen } from './pages.mjs';
import { PlayingChickenScreen } from './playing_chicken_pages.mjs';
import { CluckScreen } from './cluck_pages.mjs';

const require = createRequire(import.meta.url);
const AXE = require.resolve('axe-core/axe.min.js');
const LONG = ['A', 'B', 'C', 'D', 'E', 'F'].map((c) => (c + 'x'.repeat(39)).slice(0, 40));

/** axe violations on the page now, as "rule: target" lines. */
async function axeViolations(page) {
  if (!(await page.evaluate(() => !!window.axe))) await page.addScriptTag({ path: AXE });
  const found = await page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
  });
  return found;
}

async function check(page, what, problems) {
  // Audit what stays on screen, not a colour halfway through a transition.
  await screenStill(page);
  for (const v of await axeViolations(page)) problems.push(`${what}: ${v}`);
  const over = await overflow(page);
  if (over > 0) problems.push(`${what}: ${over}px wider than the phone`);
}

for (const scheme of ['light', 'dark']) {
  test(`every screen, ${scheme}, 320 px, 6 long names: 0 axe violations, nothing wider than the phone`, { timeout: 240000 }, async () => {
    const app = await openApp({ colorScheme: scheme });
    const { page } = app;
    const problems = [];
    let handOver = '';
    try {
      await page.setViewportSize({ width: 320, height: 700 });
      await check(page, 'home', problems);
      for (const [kind, players] of [['chickenfoot', 6], ['big-chicken', 6], ['playing-chicken', 6], ['cluck', 6], ['chicken-lines-rummy', 5], ['circus-trump', 5]]) {
        await page.goto(app.url + '/');
        // This walk checks screens, not a tap made the moment home shows
        // (the games in progress then push the new-game cards down: a
        // WebKit run under load tapped beside one; docs/engines.md).
        await homeReady(page);
        const setup = await new HomeScreen(page).startNew(kind);
        await setup.addPlayers(LONG.slice(0, players));
        await check(page, `new ${kind}`, problems);
        if (kind === 'chicken-lines-rummy') {
          // One round, so the game below ends and offers Rematch.
          const rounds = page.getByRole('group', { name: 'Rounds to play' });
          while (!/^1 round/.test(await rounds.locator('output').textContent())) {
            await rounds.getByRole('button', { name: 'One fewer: Rounds to play' }).click();
          }
        }
        if (kind === 'big-chicken') {
          // The first-player / dealer picker, landed (the names it ran
          // round and who it picked).
          await page.getByTestId('pick-random').click();
          await page.waitForFunction(() => /picked at random/.test(document.querySelector('[data-testid=first-named]')?.textContent || ''));
          await check(page, `new ${kind} with a random pick`, problems);
        }
        const game = await setup.start();
        await check(page, `${kind} game`, problems);
        if (kind === 'big-chicken') {
          // The round form with every tie question it can raise and a Duck
          // flip explained, after a refused Save (what is missing, beside
          // each question).
          await page.getByRole('button', { name: `${LONG[0]} holds Big Red` }).click();
          await page.getByRole('button', { name: `${LONG[0]} went out`, exact: true }).click();
          await page.getByRole('switch', { name: /^Went out on a Duck/ }).click();
          for (const n of LONG.slice(1, players)) await page.getByLabel(`${n}: cards left`).fill('3');
          await page.getByTestId('ties').waitFor();
          await page.getByTestId('save-round').click();
          await page.getByTestId('tie-missing').first().waitFor();
          await check(page, `${kind} round with tie questions`, problems);
        }
        if (kind === 'chickenfoot') {
          // A score sheet with a row: 6 columns of long names.
          await game.hand({ out: LONG[0], pips: Object.fromEntries(LONG.slice(1, players).map((n, i) => [n, 5 + i])) });
          await check(page, `${kind} game with a hand`, problems);
          await page.getByLabel(`${LONG[1]}: pips left`).click();
          await check(page, `${kind} number pad`, problems);
          await page.getByTestId('undo').click();
          await check(page, `${kind} undo question`, problems);
          await page.getByRole('button', { name: 'Keep it' }).click();
          // The score chart opened under the sheet, and the help panel
          // with the keep-awake switch.
          await page.getByTestId('chart-toggle').click();
          await page.getByTestId('chart').waitFor();
          await check(page, `${kind} score chart`, problems);
          await page.getByRole('button', { name: 'Rules and variants in force' }).click();
          await check(page, `${kind} help with the keep-awake switch`, problems);
          await page.getByRole('button', { name: 'Rules and variants in force' }).click();
          // The hand-over panel open: the QR code, the link, its buttons.
          await page.getByTestId('hand-over').locator('summary').click();
          await page.getByTestId('hand-qr').waitFor();
          await check(page, `${kind} hand-over panel`, problems);
          handOver = await page.getByTestId('hand-link').inputValue();
        }
        if (kind === 'cluck') {
          // Whose turn, the coops at a glance and the kill form after a
          // kill and a refused Save; the feather tracker and the events
          // open; a correction of the kill.
          const cl = new CluckScreen(page);
          await cl.chooseFirst(LONG[0]);
          await cl.kill(LONG[0], LONG[1], 3);
          await page.getByTestId('save-event').click();
          await cl.formError().filter({ hasText: /Tap/ }).waitFor();
          await cl.openFeathers();
          await page.getByTestId('events').locator('summary').click();
          await check(page, `${kind} turn with a kill, tracker and events`, problems);
          await cl.editEvent(1);
          await check(page, `${kind} correction`, problems);
          await page.getByRole('button', { name: 'Cancel' }).click();
        }
        if (kind === 'chicken-lines-rummy') {
          // The round form with the card picker open, then its refusals.
          await page.getByRole('button', { name: `${LONG[0]} deals round 1`, exact: true }).click();
          await page.getByTestId('save-round').waitFor();
          await page.getByRole('button', { name: `${LONG[0]} closed`, exact: true }).click();
          await page.getByRole('button', { name: `Type ${LONG[1]}'s sum`, exact: true }).click();
          await page.getByRole('button', { name: `Pick ${LONG[2]}'s cards`, exact: true }).click();
          await page.locator('button[data-card="S9"]').click();
          await check(page, `${kind} card picker`, problems);
          await page.getByTestId('picker-done').click();
          await page.getByTestId('save-round').click();
          await check(page, `${kind} round with refusals`, problems);
          // The one round completed: the finished game offers Rematch,
          // whose page starts from it (the first dealer moved on).
          await page.getByLabel(`${LONG[1]}: sum of cards left`).fill('5');
          for (const n of LONG.slice(3, players)) await page.getByRole('button', { name: `${n} did not open`, exact: true }).click();
          await page.getByTestId('save-round').click();
          await page.getByTestId('rematch').waitFor();
          await check(page, `${kind} finished, with Rematch`, problems);
          await page.getByTestId('rematch').click();
          await page.getByTestId('rematch-of').waitFor();
          await check(page, `${kind} rematch`, problems);
        }
        if (kind === 'circus-trump') {
          // The suit sheet with a suit started, and a trumped line with
          // the companion naming who must take it.
          await page.getByRole('button', { name: 'Start Hopper', exact: true }).click();
          await page.getByRole('button', { name: 'Starts on 3', exact: true }).click();
          await page.getByRole('button', { name: "Save the suit's start" }).click();
          await page.getByTestId('suit-0').waitFor();
          await page.getByRole('button', { name: 'Line from Hopper', exact: true }).click();
          await page.getByRole('button', { name: 'Last card 6', exact: true }).click();
          await page.getByRole('button', { name: `${LONG[0]} trumped`, exact: true }).click();
          await check(page, `${kind} trumped line`, problems);
        }
        if (kind === 'playing-chicken') {
          // Two tricks, then a correction of the first that swaps a card
          // with the second: the swap note and the trick it changes.
          const pc = new PlayingChickenScreen(page);
          await pc.trick(LONG.slice(0, players), Array(players).fill(1));
          await pc.trick(LONG.slice(0, players), Array(players).fill(2));
          await pc.editTrick(0);
          await pc.play(LONG[0], 2);
          await pc.swapNote(0).waitFor();
          await check(page, `${kind} correction with a swap`, problems);
        }
      }
      await page.goto(app.url + '/');
      await page.locator('[data-testid=in-progress] a').first().waitFor();
      await check(page, 'home with games', problems);
      await page.goto(app.url + '/history');
      await page.getByRole('heading', { name: 'Finished games' }).waitFor();
      await check(page, 'history', problems);
      // The history's filters at work, and a search that finds nothing.
      await page.getByTestId('filter-game').selectOption({ label: 'Chicken Lines Rummy' });
      await page.getByTestId('filter-search').fill('nobody');
      await page.getByTestId('no-match').waitFor();
      await check(page, 'history, filtered to nothing', problems);
      await page.goto(app.url + '/about');
      await page.getByTestId('used').waitFor();
      await check(page, 'about', problems);
      // Backup: the file ready, then the preview of importing it again;
      // a refused file; the receive page with a game and with a bad link.
      await page.goto(app.url + '/records/backup');
      const file = await downloadFrom(page, page.getByTestId('download'));
      await page.getByTestId('import-file').setInputFiles({ name: file.name, mimeType: 'application/json', buffer: Buffer.from(file.text) });
      await page.getByTestId('import-preview').waitFor();
      await check(page, 'backup with a preview', problems);
      await page.getByTestId('import-file').setInputFiles({ name: 'x.json', mimeType: 'application/json', buffer: Buffer.from('{"app":"chicken-scores","format":9}') });
      await page.getByTestId('import-error').filter({ hasText: /newer/ }).waitFor();
      await check(page, 'backup with a refused file', problems);
      await page.goto(handOver);
      await page.getByTestId('receive-preview').waitFor();
      await check(page, 'receive a game', problems);
      await page.goto(app.url + '/records/receive#g1.AAAA');
      await page.getByTestId('receive-error').waitFor();
      await check(page, 'receive a damaged link', problems);
      // The records pages (issue 12): home suggests a night for the games
      // just started; accepted, its card; the nights, a night, the
      // players and a player's page.
      await page.goto(app.url + '/');
      await page.getByTestId('accept-night').click();
      await page.getByTestId('night-card').waitFor();
      await check(page, 'home with a night on', problems);
      await page.goto(app.url + '/records/nights');
      await page.getByTestId('night-row').first().waitFor();
      await check(page, 'game nights', problems);
      await page.getByTestId('night-row').first().click();
      await page.getByTestId('night-games').waitFor();
      await check(page, 'a game night', problems);
      await page.goto(app.url + '/records/players');
      await page.getByTestId('players').waitFor();
      await check(page, 'players', problems);
      await page.getByTestId('player-row').first().click();
      await page.getByTestId('overview').waitFor();
      await check(page, 'a player', problems);
      // The club page of a phone in no club (issue 24), a name refused.
      await page.goto(app.url + '/records/club');
      await page.getByTestId('club-create').click();
      await page.getByTestId('club-name-error').waitFor();
      await check(page, 'club: join or start one', problems);
    } finally {
      await app.close();
    }
    assert.deepEqual(problems, []);
  });
}

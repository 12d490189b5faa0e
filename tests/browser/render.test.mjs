// A tap that touches only what changed (issue 13): in a 10-player
// Chickenfoot game holding 15 hands, saving one more hand adds its row and
// writes the totals, places and marks that changed, and not much else.
// The DOM mutations are counted with a MutationObserver from the tap to the
// end of the frame that shows the new row (tests/browser/save_frame.mjs).
// The new row is painted at once, marked as being saved, and says "saved"
// only once the save's IndexedDB transaction committed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openApp } from './harness.mjs';
import { idbSeed } from './idb.mjs';
import { GameScreen } from './pages.mjs';
import { bigGame, fillHand, measureSave, recordCommits } from './save_frame.mjs';

const PLAYERS = 10;
// What one save needs on the scoreboard: the new row (one node added, its
// cells built before it is inserted) and, per player, a few writes: the
// total, the leaderboard's name for it (aria-label), the place and its
// highlight, a move when the order changes.
const SCOREBOARD_BOUND = 6 * PLAYERS;
// The whole screen: the scoreboard, the next hand's form (or the result
// and the chart once the game is over), the status, the save's note.
const TOTAL_BOUND = 150;

async function savedAfter(hands) {
  const app = await openApp();
  const { page } = app;
  try {
    await page.addInitScript(recordCommits);
    await idbSeed(page, [bigGame('render10', hands)]);
    await page.goto(`${app.url}/play/chickenfoot/render10`);
    await page.getByTestId('save-hand').waitFor();
    const game = new GameScreen(page);
    assert.equal(await game.rowCount(), hands);
    await fillHand(page);
    const m = await measureSave(page);
    assert.equal(await game.rowCount(), hands + 1, 'the new row is on the sheet');
    const totals = await game.totals();
    assert.equal(Object.keys(totals).length, PLAYERS);
    assert.deepEqual(app.errors, []);
    return m;
  } finally {
    await app.close();
  }
}

/** The row painted before the commit was marked as being saved, and
 *  nothing said "saved" before the commit. */
function assertMarkedUntilCommitted(m) {
  if (m.shown_before_commit) assert.equal(m.marked_saving, true, 'a row painted before the commit is marked as being saved');
  assert.equal(m.note_while_saving, false, '"Saved" is not said while the row is marked as being saved');
  assert.equal(m.saved_after_commit, true, 'the row is unmarked only once the save committed');
}

function report(what, m) {
  const scoreboard = m.by_region.leaders + m.by_region.sheet;
  console.log(`${what}: ${m.mutations.total} DOM mutations (added ${m.mutations.added}, removed ${m.mutations.removed}, attributes ${m.mutations.attributes}, text ${m.mutations.characterData}); by region ${JSON.stringify(m.by_region)}`);
  return scoreboard;
}

test('the save that ends a 10-player game of 15 hands writes little', { timeout: 120000 }, async () => {
  const m = await savedAfter(15);
  const scoreboard = report('hand 16 (ends the game)', m);
  assertMarkedUntilCommitted(m);
  assert.ok(scoreboard <= SCOREBOARD_BOUND, `scoreboard: ${scoreboard} DOM mutations > ${SCOREBOARD_BOUND}`);
  assert.ok(m.mutations.total <= TOTAL_BOUND, `whole screen: ${m.mutations.total} DOM mutations > ${TOTAL_BOUND}`);
});

test('a save in the middle of a 10-player game writes little on the scoreboard', { timeout: 120000 }, async () => {
  const m = await savedAfter(14);
  const scoreboard = report('hand 15', m);
  assertMarkedUntilCommitted(m);
  assert.ok(scoreboard <= SCOREBOARD_BOUND, `scoreboard: ${scoreboard} DOM mutations > ${SCOREBOARD_BOUND}`);
  assert.ok(m.mutations.total <= TOTAL_BOUND, `whole screen: ${m.mutations.total} DOM mutations > ${TOTAL_BOUND}`);
});

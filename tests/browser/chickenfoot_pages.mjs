// The Chickenfoot game several tests play: its hands and its start.
import { HomeScreen } from './pages.mjs';

/** A two-player Double-6 Chickenfoot game of seven hands: Ann wins 18 to 24. */
export const SEVEN_HANDS = [
  { out: 'Ann', pips: { Bob: 10 } },
  { out: 'Bob', pips: { Ann: 4 } },
  { out: 'Ann', pips: { Bob: 3 } },
  { out: 'Bob', pips: { Ann: 5 } },
  { out: 'Ann', pips: { Bob: 2 } },
  { out: 'Bob', pips: { Ann: 1 } },
  { out: null, pips: { Ann: 8, Bob: 9 } },
];

/** Ann and Bob's Double-6 Chickenfoot game started from home; its screen. */
export async function startTwoPlayerDouble6(page) {
  const setup = await new HomeScreen(page).startNew('chickenfoot');
  await setup.addPlayers(['Ann', 'Bob']);
  await setup.choose('Domino set', 'Double-6');
  return setup.start();
}

/** A Chickenfoot game of `names` with `set` ('Double-6' ... 'Double-15')
 *  started from home; its screen. */
export async function startChickenfoot(page, names, set) {
  const setup = await new HomeScreen(page).startNew('chickenfoot');
  await setup.addPlayers(names);
  await setup.choose('Domino set', set);
  return setup.start();
}

/** Photo in the hand form, for the player in seat `seat` named `name`:
 *  its button, its file input, the line beside it, and the tile picker it
 *  fills with the photo on top. */
export class HandPhoto {
  constructor(page, seat, name) { Object.assign(this, { page, seat, name }); }
  button() { return this.page.getByRole('button', { name: `Photo of ${this.name}'s tiles` }); }
  input() { return this.page.getByTestId(`photo-file-${this.seat}`); }
  note() { return this.page.getByTestId(`photo-note-${this.seat}`); }
  picker() { return this.page.getByRole('dialog', { name: `Tiles left in ${this.name}'s hand` }); }
  panel() { return this.picker().getByTestId('photo-panel'); }
  /** Picks `file` (a path, or { name, mimeType, buffer }) as the photo. */
  async feed(file) { await this.input().setInputFiles(file); }
  /** Waits until the line beside the button matches `re`; its text. */
  async noteMatching(re) {
    await this.page.waitForFunction(([id, src]) => new RegExp(src).test(document.querySelector(`[data-testid="${id}"]`)?.textContent || ''),
      [`photo-note-${this.seat}`, re.source]);
    return this.note().textContent();
  }
  /** Waits for the picker filled from a photo; the tiles outlined on it
   *  ("a|b" as read) and the chips' words ("6|6 on the table"). */
  async filled() {
    await this.panel().waitFor();
    const outlined = await this.panel().locator('g.found-tile').evaluateAll((gs) => gs.map((g) => g.getAttribute('data-tile')));
    const chips = await this.panel().locator('.found-chip').allTextContents();
    return { outlined, chips };
  }
  sum() { return this.picker().getByTestId('picked-sum').textContent(); }
  async done() {
    await this.picker().getByTestId('picker-done').click();
    await this.picker().waitFor({ state: 'hidden' });
  }
}

/** What the hand form shows, player by player: the head, the field or the
 *  tiles picked, every value typed and every pressed button, and whether
 *  a tile picker is open (a failed photo must leave all of it as it was). */
export async function handFormState(page) {
  return page.evaluate(() => ({
    rows: [...document.querySelectorAll('[data-testid^="left-"]')].map((li) => ({
      head: li.querySelector('.player-left-head')?.innerText,
      entry: (() => {
        // The line beside Photo says what happened; the rest must not move.
        const e = li.querySelector('.left-entry')?.cloneNode(true);
        e?.querySelector('.photo-note')?.remove();
        return e?.textContent;
      })(),
      values: [...li.querySelectorAll('input:not([type=file])')].map((i) => i.value),
      pressed: [...li.querySelectorAll('[aria-pressed]')].map((b) => b.getAttribute('aria-pressed')),
    })),
    picker: document.querySelectorAll('[role=dialog]').length,
  }));
}

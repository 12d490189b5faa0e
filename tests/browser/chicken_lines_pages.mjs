// Chicken Lines: page objects for Rummy's round form (who closed, each
// hand by "did not open", the card picker or a typed sum) and Circus
// Trump's suit sheet and line form.
import { GameScreen } from './pages.mjs';

export class RummyScreen extends GameScreen {
  async firstDealer(name) {
    await this.page.getByRole('button', { name: `${name} deals round 1`, exact: true }).click();
    await this.page.getByTestId('save-round').waitFor();
  }
  async closed(name) { await this.page.getByRole('button', { name: `${name} closed`, exact: true }).click(); }
  async how(option) {
    await this.page.getByRole('group', { name: 'How the round was closed' }).getByRole('button', { name: new RegExp(`^${option}`) }).click();
  }
  async notOpened(name) { await this.page.getByRole('button', { name: `${name} did not open`, exact: true }).click(); }
  async sum(name, value) {
    await this.page.getByRole('button', { name: `Type ${name}'s sum`, exact: true }).click();
    await this.page.getByLabel(`${name}: sum of cards left`).fill(String(value));
  }
  picker(name) { return this.page.getByRole('dialog', { name: `Cards left in ${name}'s hand` }); }
  /** Opens the picker for `name`, taps each card (its short name: "3", "S4", "Egg"), returns the running sum, closes. */
  async cards(name, cards, { keepOpen = false } = {}) {
    const dialog = this.picker(name);
    if (!(await dialog.isVisible())) {
      const mode = this.page.getByRole('button', { name: `Pick ${name}'s cards`, exact: true });
      if ((await mode.getAttribute('aria-pressed')) === 'true') {
        await this.page.getByRole('button', { name: new RegExp(`pick ${name}'s cards|· change`, 'i') }).last().click();
      } else {
        await mode.click();
      }
    }
    await dialog.waitFor();
    for (const c of cards) await dialog.locator(`button[data-card="${c}"]`).click();
    const sum = await dialog.getByTestId('picked-sum').textContent();
    if (!keepOpen) await dialog.getByTestId('picker-done').click();
    return sum;
  }
  async saveRound() {
    const before = await this.rowCount();
    await this.page.getByTestId('save-round').click();
    await this.waitRows(before + 1);
  }
}

export class CircusScreen extends GameScreen {
  async startSuit(suit, card) {
    await this.page.getByRole('group', { name: 'What happened' }).getByRole('button', { name: 'Start a suit' }).click();
    await this.page.getByRole('button', { name: `Start ${suit}`, exact: true }).click();
    await this.page.getByRole('button', { name: `Starts on ${card}`, exact: true }).click();
    await this.page.getByRole('button', { name: "Save the suit's start" }).click();
    await this.page.getByTestId(`suit-${SUIT_INDEX[suit]}`).waitFor();
  }
  async direction(which) {
    await this.page.getByRole('group', { name: 'Direction of play' }).getByRole('button', { name: new RegExp(`^${which}`) }).click();
  }
  taker() { return this.page.getByTestId('taker'); }
  points() { return this.page.getByTestId('line-points'); }
  /** Claims a line: {suit, last, trumper, direction, to, eggs, yoker}; returns the points text. */
  async claim({ suit, last, trumper, direction, to, eggs = 0, yoker = false, supers }) {
    await this.page.getByRole('button', { name: `Line from ${suit}`, exact: true }).click();
    await this.page.getByRole('button', { name: new RegExp(`^Last card ${last}( closes)?$`) }).click();
    if (direction) await this.direction(direction);
    if (trumper) await this.page.getByRole('button', { name: `${trumper} trumped`, exact: true }).click();
    if (to) await this.page.getByRole('button', { name: `${to} takes it`, exact: true }).click();
    for (let k = 0; k < eggs; k++) await this.page.getByRole('button', { name: 'One more: Eggs' }).click();
    if (supers) for (let k = 1; k < supers; k++) await this.page.getByRole('button', { name: 'One more: Super Chickens' }).click();
    if (yoker) await this.page.getByRole('switch', { name: /The Yoker/ }).click();
    const pts = await this.points().textContent();
    const before = await this.rowCount();
    await this.page.getByTestId('save-line').click();
    // The last line of the game adds the Plumedini row too.
    await this.page.waitForFunction((n) => document.querySelectorAll('table.sheet tbody tr:not(.row-details):not(.saving)').length > n, before);
    return pts;
  }
}

export const SUIT_INDEX = { Hopper: 0, Betsy: 1, Chug: 2, Bud: 3, 'Suit 5': 4, 'Suit 6': 5, 'Suit 7': 6, 'Suit 8': 7, 'Suit 9': 8 };

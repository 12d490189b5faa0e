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

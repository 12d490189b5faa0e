// Page objects: one per screen, driving it by accessible names as a person
// would (tap, type), and reading what the screen shows.
import assert from 'node:assert/strict';

export class HomeScreen {
  constructor(page) { this.page = page; }
  async startNew(kindSlug) {
    await this.page.getByTestId(`new-${kindSlug}`).click();
    await this.page.getByRole('heading', { name: /^New / }).waitFor();
    return new NewGameScreen(this.page);
  }
  problems() { return this.page.getByTestId('problem'); }
  inProgress() { return this.page.getByTestId('in-progress'); }
  async openHistory() {
    await this.page.getByTestId('history-link').click();
    await this.page.getByRole('heading', { name: 'Finished games' }).waitFor();
  }
}

export class NewGameScreen {
  constructor(page) { this.page = page; }
  async addPlayer(name) {
    await this.page.getByLabel("New player's name").fill(name);
    await this.page.getByTestId('add-player').click();
  }
  async addPlayers(names) { for (const n of names) await this.addPlayer(n); }
  nameError() { return this.page.locator('#name-error'); }
  async seated() { return this.page.locator('.seat-name').allTextContents(); }
  async choose(groupLabel, option) {
    await this.page.getByRole('group', { name: groupLabel }).getByRole('button', { name: option, exact: true }).click();
  }
  async start() {
    await this.page.getByTestId('start-game').click();
    await this.page.getByRole('button', { name: 'Rules and variants in force' }).waitFor();
    return new GameScreen(this.page);
  }
}

export class GameScreen {
  constructor(page) { this.page = page; }
  /** Totals by player name, as the leaderboard shows them. */
  async totals() {
    const rows = this.page.getByTestId('leaders').locator('li');
    const out = {};
    for (const li of await rows.all()) {
      out[(await li.locator('.name').textContent()).trim()] = Number((await li.locator('.total').textContent()).trim());
    }
    return out;
  }
  status() { return this.page.getByTestId('status'); }
  outcome() { return this.page.getByTestId('outcome'); }
  formError() { return this.page.getByTestId('form-error'); }
  playerRow(i) { return this.page.getByTestId(`left-${i}`); }
  async wentOut(name) { await this.page.getByRole('button', { name: `${name} went out`, exact: true }).click(); }
  async stalemate() { await this.page.getByRole('button', { name: 'Nobody: stalemate' }).click(); }
  /** Enters a pip total with the on-screen number pad. */
  async padPips(name, value) {
    await this.page.getByLabel(`${name}: pips left`).click();
    const pad = this.page.getByRole('group', { name: `Number pad for ${name}'s pips` });
    await pad.waitFor();
    for (const d of String(value)) await pad.getByRole('button', { name: d, exact: true }).click();
  }
  /** Types into a pip field with a keyboard (what a hardware keyboard or paste does). */
  async typePips(name, text) { await this.page.getByLabel(`${name}: pips left`).fill(text); }
  async pickTiles(name, tiles) {
    await this.page.getByRole('button', { name: `Pick ${name}'s tiles` }).click();
    const dialog = this.page.getByRole('dialog', { name: `Tiles left in ${name}'s hand` });
    await dialog.waitFor();
    for (const t of tiles) await dialog.getByRole('button', { name: `Tile ${t}`, exact: true }).click();
    const sum = await dialog.getByTestId('picked-sum').textContent();
    await dialog.getByTestId('picker-done').click();
    return sum;
  }
  async save() { await this.page.getByTestId('save-hand').click(); }
  /** Records a hand from totals: {out: name|null, pips: {name: n}}. */
  async hand({ out, pips }) {
    if (out) await this.wentOut(out); else await this.stalemate();
    for (const [name, v] of Object.entries(pips)) await this.padPips(name, v);
    const before = await this.rowCount();
    await this.save();
    await this.waitRows(before + 1);
  }
  async rowCount() { return this.page.locator('table.sheet tbody tr:not(.row-details):not(.saving)').count(); }
  async waitRows(n) {
    await this.page.waitForFunction((n) => document.querySelectorAll('table.sheet tbody tr:not(.row-details):not(.saving)').length === n, n);
  }
  async editRow(rowLabel) {
    await this.page.getByRole('button', { name: `${rowLabel}: show details` }).click();
    await this.page.getByRole('button', { name: `✎ Edit ${rowLabel.split(' · ')[0]}` }).click();
  }
  /** Undo, answering its question with Yes; returns the question asked. */
  async undo() {
    await this.page.getByTestId('undo').click();
    const confirm = this.page.getByTestId('undo-confirm');
    const question = (await confirm.locator('p').textContent()).trim();
    await confirm.getByRole('button', { name: 'Yes, undo it' }).click();
    await this.page.getByTestId('undo').waitFor();
    return question;
  }
  async openHelp() {
    await this.page.getByRole('button', { name: 'Rules and variants in force' }).click();
    return this.page.getByTestId('help');
  }
}

export function assertTotals(actual, expected) {
  assert.deepEqual(actual, expected);
}

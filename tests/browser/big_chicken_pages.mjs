// Page objects for Big Chicken: the round form (table companion), the
// score sheet's details, and the card draw. They drive the screen by
// accessible names, as a person would.
import { GameScreen } from './pages.mjs';

export class BigChickenScreen extends GameScreen {
  form() { return this.page.getByTestId('round-form'); }
  direction() { return this.page.getByTestId('direction'); }
  dealer() { return this.page.getByTestId('dealer'); }
  leader() { return this.page.getByTestId('leader'); }
  exchange() { return this.page.getByTestId('exchange'); }
  assistQuestion() { return this.page.getByTestId('assist-question'); }
  cardsField(name) { return this.page.getByLabel(`${name}: cards left`); }
  scoreLine(seat) { return this.page.getByTestId(`score-${seat}`); }
  fieldError(seat) { return this.playerRow(seat).locator('.field-error'); }
  /** The tie questions, shown as soon as the cards left raise them. */
  ties() { return this.page.getByTestId('ties'); }
  /** The polite announcement of the tie questions (not shown). */
  tiesStatus() { return this.page.getByTestId('ties-status'); }
  /** What a tie question still misses, beside it once Save was tapped. */
  tieMissing() { return this.ties().getByTestId('tie-missing'); }
  /** Why the Direction of Play card lies as it does after a Duck flip. */
  directionNote() { return this.page.getByTestId('direction-note'); }
  assistHint() { return this.page.getByTestId('assistance').locator('fieldset .hint'); }

  /** Before round 1: who holds Big Red. */
  async bigRed(name) {
    await this.page.getByRole('button', { name: `${name} holds Big Red` }).click();
    await this.form().waitFor();
  }
  async flipDirection() { await this.direction().click(); }
  /** Round 1 Bad Egg tie: tap the player's highest card in the picker. */
  async highestCard(name, card) {
    await this.page.getByRole('button', { name: new RegExp(`^${name}'s highest card: `) }).click();
    const dialog = this.page.getByRole('dialog', { name: `${name}'s highest card` });
    await dialog.getByRole('button', { name: card, exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
  }
  /** "Went out on a Duck": the winner's Duck flipped the direction card. */
  async wentOutOnADuck() {
    await this.page.getByRole('switch', { name: /^Went out on a Duck/ }).click();
  }
  async crowed(name) {
    await this.page.getByRole('button', { name: name ? `${name} Crowed` : 'Nobody Crowed', exact: true }).click();
  }
  async lastLay(several) {
    await this.page.getByRole('group', { name: 'Their last lay' })
      .getByRole('button', { name: several ? 'Several cards (Egging)' : 'One card', exact: true }).click();
  }
  async assisted(yes) {
    await this.page.getByTestId('assistance')
      .getByRole('button', { name: yes ? 'Yes: Assistance' : 'No', exact: true }).click();
  }
  /** Cards left with the on-screen number pad. */
  async padCards(name, value) {
    await this.cardsField(name).click();
    const pad = this.page.getByRole('group', { name: `Number pad for ${name}'s cards left` });
    await pad.waitFor();
    await pad.getByRole('button', { name: 'Delete last digit' }).click();
    await pad.getByRole('button', { name: 'Delete last digit' }).click();
    for (const d of String(value)) await pad.getByRole('button', { name: d, exact: true }).click();
  }
  /** Cards left with the + button, from an empty field. */
  async plusCards(name, times) {
    const plus = this.page.getByRole('button', { name: `One card more for ${name}` });
    for (let i = 0; i < times; i++) await plus.click();
  }
  async saveRound() { await this.page.getByTestId('save-round').click(); }
  /** A whole round: {crow, out, several, assisted, cards: {name: n}}. */
  async round({ crow, out, several = false, assisted, cards }) {
    if (crow !== undefined) await this.crowed(crow);
    await this.wentOut(out);
    await this.lastLay(several);
    for (const [name, v] of Object.entries(cards)) await this.padCards(name, v);
    if (assisted !== undefined) await this.assisted(assisted);
    const before = await this.rowCount();
    await this.saveRound();
    await this.waitRows(before + 1);
  }
  /** The details under a score-sheet row, opened by tapping it. */
  async rowDetails(label) {
    const toggle = this.page.getByRole('button', { name: `${label}: show details` });
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    const text = await this.page.locator('tr.row-details').textContent();
    await toggle.click();
    return text;
  }
  async editRound(k) {
    await this.page.getByRole('button', { name: `Round ${k}: show details` }).click();
    await this.page.getByRole('button', { name: `✎ Edit Round ${k}` }).click();
    await this.page.getByRole('heading', { name: `Correct round ${k}` }).waitFor();
  }
}

/** The card draw: the Golden Egg tie-breaker or the standalone helper. */
export class CardDrawPanel {
  constructor(page, root) { this.page = page; this.root = root; }
  static golden(page) { return new CardDrawPanel(page, page.getByTestId('golden-draw')); }
  static async helper(page) {
    const root = page.getByTestId('draw-helper');
    await root.getByRole('button', { name: /Card draw helper/ }).click();
    return new CardDrawPanel(page, root);
  }
  verdict() { return this.root.getByTestId('draw-verdict'); }
  async mode(real) {
    await this.root.getByRole('group', { name: 'How to draw' })
      .getByRole('button', { name: real ? 'Real cards' : 'App deals', exact: true }).click();
  }
  async deal() { await this.root.getByTestId('deal').click(); }
  /** Real mode: tap what `name` drew. */
  async drew(name, card) {
    await this.root.getByRole('button', { name: `What did ${name} draw?` }).click();
    const dialog = this.page.getByRole('dialog', { name: `What did ${name} draw?` });
    await dialog.getByRole('button', { name: card, exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
  }
  async record() { await this.root.getByTestId('record-draw').click(); }
  /** Names of the cards drawn, as shown. */
  async cards() { return this.root.locator('.drawn [role=img]').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label'))); }
}

// Playing Chicken: the game screen's page object (the trick form, the hands
// panel, the trick history), and a small model of the rules that the tests
// use to work out what the screen should say from what they entered.
import { GameScreen } from './pages.mjs';

export class PlayingChickenScreen extends GameScreen {
  /** The goal shown on the goal card (the app's card, or the one tapped). */
  async goal() {
    return Number((await this.page.getByTestId('goal-value').textContent()).trim());
  }
  heading() { return this.page.getByTestId('trick-form').locator('h2'); }
  cardGroup(name) { return this.page.getByRole('group', { name: `${name}'s card`, exact: true }); }
  /** The card values offered to a player, lowest first. */
  async offered(name) {
    return (await this.cardGroup(name).getByRole('button').allTextContents()).map((t) => Number(t.trim()));
  }
  cardButton(name, card) { return this.page.getByRole('button', { name: `${name} plays ${card}`, exact: true }); }
  async play(name, card) { await this.cardButton(name, card).click(); }
  async pressed(name, card) { return (await this.cardButton(name, card).getAttribute('aria-pressed')) === 'true'; }
  result() { return this.page.getByTestId('trick-result'); }
  form() { return this.page.getByTestId('trick-form'); }
  /** The refusal beside player `seat`'s field. */
  fieldError(seat) { return this.page.getByTestId(`play-${seat}`).locator('.field-error'); }
  /** What a correction says it carries into another trick, beside player `seat`'s field. */
  swapNote(seat) { return this.page.getByTestId(`swap-${seat}`); }
  side(seat) { return this.page.getByTestId(`side-${seat}`); }
  history() { return this.page.getByTestId('trick-history'); }
  /** How many tricks the history lists. */
  async tricksPlayed() {
    if ((await this.history().count()) === 0) return 0;
    const m = /\((\d+)\)/.exec(await this.history().locator('summary').textContent());
    return m ? Number(m[1]) : 0;
  }
  async waitTricks(k) {
    await this.page.waitForFunction((k) => {
      const s = document.querySelector('[data-testid=trick-history] summary');
      const m = s ? /\((\d+)\)/.exec(s.textContent) : null;
      return (m ? Number(m[1]) : 0) === k;
    }, k);
  }
  async saveTrick() {
    const before = await this.tricksPlayed();
    await this.page.getByTestId('save-trick').click();
    await this.waitTricks(before + 1);
  }
  /** Taps each player's card (by name), then saves the trick. */
  async trick(names, cards) {
    for (let s = 0; s < names.length; s++) await this.play(names[s], cards[s]);
    await this.saveTrick();
  }
  /** Opens trick `index` (0-based) from the history in the entry form. */
  async editTrick(index) {
    const details = this.history();
    if (!(await details.evaluate((d) => d.open))) await details.locator('summary').click();
    await this.page.getByTestId(`edit-trick-${index}`).click();
    await this.page.getByRole('heading', { name: /^Correct / }).waitFor();
  }
  /** Saves the trick being corrected and waits for the form to go back to the trick in play. */
  async saveCorrection() {
    await this.page.getByTestId('save-trick').click();
    await this.page.getByRole('heading', { name: /^Round \d of 5/ }).or(this.outcome()).first().waitFor();
  }
  /** Taps "Show <name>'s cards" and returns what the screen says they hold. */
  async showCards(name) {
    await this.page.getByRole('button', { name: `Show ${name}'s cards`, exact: true }).click();
    return this.page.getByLabel(new RegExp(`^${name} holds`)).getAttribute('aria-label');
  }
}

// ---- The model: the rules as the rulebook and RULINGS state them. ----

const TRICKS_IN_ROUND = [5, 4, 3, 2, 1];

/** Where trick `index` (0-based) falls: round, trick in round, last of round, prize. */
export function position(index) {
  let first = 0;
  for (let round = 1; round <= 5; round++) {
    const n = TRICKS_IN_ROUND[round - 1];
    if (index < first + n) {
      const trick = index - first + 1;
      return { round, trick, tricks: n, last: trick === n, prize: round + 1 };
    }
    first += n;
  }
  return null;
}

/** Judges a trick: under -> highest wins, over -> lowest, exact -> highest with the bonus. */
export function judge(goal, cards, round, bonus = 'double') {
  const total = cards.reduce((a, b) => a + b, 0);
  const verdict = total < goal ? 'under' : total > goal ? 'over' : 'exact';
  const win = verdict === 'over' ? Math.min(...cards) : Math.max(...cards);
  const winners = cards.flatMap((c, s) => (c === win ? [s] : []));
  const prize = round + 1;
  const each = verdict === 'exact' ? (bonus === 'double' ? prize * 2 : prize + 1) : prize;
  return { total, verdict, win, winners, each };
}

/** Replays a log of {goal, cards}: totals, each trick's result and discards, what each player holds now. */
export function replay(players, log, bonus = 'double') {
  const n = players;
  const out = Array.from({ length: n }, () => new Set());
  let played = Array.from({ length: n }, () => new Set());
  const totals = Array(n).fill(0);
  const results = [];
  log.forEach((t, index) => {
    const pos = position(index);
    t.cards.forEach((c, s) => {
      if (out[s].has(c) || played[s].has(c)) throw new Error(`trick ${index + 1}: seat ${s} cannot play the ${c}`);
    });
    const r = judge(t.goal, t.cards, pos.round, bonus);
    for (const s of r.winners) totals[s] += r.each;
    t.cards.forEach((c, s) => played[s].add(c));
    if (pos.last) {
      r.discards = [];
      for (let s = 0; s < n; s++) {
        for (let c = 1; c <= 6; c++) {
          if (!out[s].has(c) && !played[s].has(c)) { out[s].add(c); r.discards[s] = c; }
        }
      }
      played = Array.from({ length: n }, () => new Set());
    }
    results.push(r);
  });
  const held = Array.from({ length: n }, (_, s) => [1, 2, 3, 4, 5, 6].filter((c) => !out[s].has(c) && !played[s].has(c)));
  return { totals, results, held };
}

/** Every way to play one card from each hand, in a fixed order. */
export function* combos(held, at = 0, prefix = []) {
  if (at === held.length) { yield prefix; return; }
  for (const c of held[at]) yield* combos(held, at + 1, [...prefix, c]);
}

/** Winners as the outcome banner names them. */
export function winnersOf(names, totals) {
  const best = Math.max(...totals);
  return names.filter((_, s) => totals[s] === best);
}

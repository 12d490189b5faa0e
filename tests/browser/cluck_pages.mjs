// Cluck!: the game screen's page object (who goes first, whose turn and
// End turn, the coops at a glance, Record a kill, the feather tracker and
// the events list with Edit).
import { GameScreen } from './pages.mjs';

export class CluckScreen extends GameScreen {
  /** The form's title: "Ann's turn", "Who goes first?", "Correct kill 3". */
  async heading() {
    return (await this.page.locator('form.entry-form h2').first().textContent()).trim();
  }
  async waitHeading(text) {
    await this.page.waitForFunction((t) => {
      const h = document.querySelector('form.entry-form h2');
      return h && h.textContent.trim() === t;
    }, text);
  }
  firstGroup() { return this.page.getByRole('group', { name: 'Who goes first' }); }
  async pickRandom() {
    await this.page.getByTestId('pick-random').click();
    // The highlight runs round the names for about a second first.
    await this.page.waitForFunction(() => /picked/.test(document.querySelector('[data-testid=random-pick]')?.textContent || ''));
    return (await this.page.getByTestId('random-pick').textContent()).trim();
  }
  /** Taps who goes first and saves it. */
  async chooseFirst(name) {
    const chip = this.firstGroup().getByRole('button', { name: `${name} goes first`, exact: true });
    if ((await chip.getAttribute('aria-pressed')) !== 'true') await chip.click();
    await this.page.getByTestId('save-first').click();
    await this.page.getByTestId('end-turn').waitFor();
  }
  /** How many events the events list counts (0 before any). */
  async events() {
    const s = this.page.locator('[data-testid=events] summary');
    if ((await s.count()) === 0) return 0;
    const m = /\((\d+)\)/.exec(await s.textContent());
    return m ? Number(m[1]) : 0;
  }
  async waitEvents(k) {
    await this.page.waitForFunction((k) => {
      const s = document.querySelector('[data-testid=events] summary');
      const m = s ? /\((\d+)\)/.exec(s.textContent) : null;
      return (m ? Number(m[1]) : 0) === k;
    }, k);
  }
  async pick(group, name) {
    const b = this.page.getByRole('group', { name: group, exact: true }).getByRole('button', { name, exact: true });
    if ((await b.getAttribute('aria-pressed')) !== 'true') await b.click();
  }
  /** Fills in a kill (not saved). */
  async fillKill(killer, victim, eggs) {
    await this.pick('Who killed the rooster', `${killer} killed it`);
    await this.pick('Whose rooster died', `${victim}'s rooster died`);
    if (eggs >= 1 && eggs <= 8) await this.pick('Eggs on the rooster', `${eggs} eggs`);
    else await this.page.getByTestId('eggs-input').fill(String(eggs));
  }
  /** Records a kill and waits for it to be saved. */
  async kill(killer, victim, eggs) {
    const before = await this.events();
    await this.fillKill(killer, victim, eggs);
    await this.page.getByTestId('save-event').click();
    await this.waitEvents(before + 1);
  }
  /** Ends the turn and waits for it to be saved. */
  async endTurn() {
    const before = await this.events();
    await this.page.getByTestId('end-turn').click();
    await this.waitEvents(before + 1);
  }
  /** What the at-a-glance table says of player `seat`. */
  async glance(seat) {
    const t = async (id) => (await this.page.getByTestId(`${id}-${seat}`).textContent()).trim();
    return { coop: await t('coop'), eggs: Number(await t('eggs')), out: await t('out') };
  }
  /** Opens event `index` (its place in the log) in the form for correction. */
  async editEvent(index) {
    const details = this.page.getByTestId('events');
    if (!(await details.evaluate((d) => d.open))) await details.locator('summary').click();
    await this.page.getByTestId(`edit-event-${index}`).click();
    await this.page.getByRole('heading', { name: /^Correct / }).waitFor();
  }
  async saveCorrection() {
    await this.page.getByTestId('save-event').click();
    await this.page.getByTestId('end-turn').or(this.outcome()).first().waitFor();
  }
  async openFeathers() {
    const t = this.page.getByTestId('toggle-feathers');
    if ((await t.getAttribute('aria-expanded')) !== 'true') await t.click();
  }
  featherLine(seat) { return this.page.getByTestId(`feather-line-${seat}`); }
}

import { openApp } from './harness.mjs';
import { HomeScreen } from './pages.mjs';
import { PlayingChickenScreen, replay, position } from './playing_chicken_pages.mjs';
const NAMES = ['Ann', 'Bob', 'Cy', 'Dee'];
const app = await openApp({ colorScheme: 'dark' });
const { page } = app;
const shot = (n, full = false) => page.screenshot({ path: `/tmp/pcshots/${n}.png`, fullPage: full });
try {
  const setup = await new HomeScreen(page).startNew('playing-chicken');
  await setup.addPlayers(NAMES);
  await shot('01-new', true);
  await setup.start();
  const g = new PlayingChickenScreen(page);
  await shot('02-start', true);
  const log = [];
  for (let i = 0; i < 4; i++) {
    const goal = await g.goal();
    const m = replay(4, log);
    const cards = m.held.map((h, s) => h[(i + s) % h.length]);
    for (let s = 0; s < 4; s++) await g.play(NAMES[s], cards[s]);
    if (i === 0) await shot('03-entered', true);
    await g.saveTrick();
    log.push({ goal, cards });
  }
  const m = replay(4, log);
  await g.play('Ann', m.held[0][0]);
  await g.play('Bob', m.held[1][1]);
  await page.getByTestId('trick-form').scrollIntoViewIfNeeded();
  await shot('04-last', true);
  await g.showCards('Ann');
  await g.history().locator('summary').click();
  await shot('05-hands-history', true);
  await g.editTrick(1);
  await shot('06-edit', false);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Another card on the table?' }).click();
  await shot('07-goalchips', false);
  await page.getByRole('button', { name: 'Rules and variants in force' }).click();
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot('08-help', true);
  console.log(app.errors);
} finally { await app.close(); }

import { test, before, after } from 'node:test';
import { poll } from './harness.mjs';
import { idbDump } from './idb.mjs';
import { HomeScreen, GameScreen } from './pages.mjs';
import { BigChickenScreen } from './big_chicken_pages.mjs';
import { servers, startServers, stopServers, phone, createClub, joinClub, openFromHome } from './club_harness.mjs';
before(startServers);
after(stopServers);
const NAMES = ['Eve', 'Finn', 'Gus'];
async function dump(p, id, tag) {
  const d = await idbDump(p.page);
  const g = d.games[id] ? JSON.parse(d.games[id]) : null;
  const c = d.meta[`club-base/${id}`] ? JSON.parse(d.meta[`club-base/${id}`]) : null;
  console.log(tag, 'game rev', g?.rev, 'log', g?.log.length, '| club base rev', c?.rev, 'log', c?.log.length, '| rows', await new GameScreen(p.page).rowCount());
}
test('scratch', { timeout: 240000 }, async () => {
  const a = await phone({ label: 'A' });
  const b = await phone({ label: 'B' });
  try {
    const link = await createClub(a, 'x');
    await joinClub(b, link);
    await a.page.goto(`${servers.url}/`);
    const setup = await new HomeScreen(a.page).startNew('big-chicken');
    await setup.addPlayers(NAMES);
    await setup.start();
    const path = new URL(a.page.url()).pathname; const id = path.split('/').pop();
    await openFromHome(b, path);
    const picker = process.env.PICK === 'B' ? b : a;
    await new BigChickenScreen(picker.page).bigRed('Eve');
    await poll(async () => (await b.page.getByTestId('round-form').count()) === 1, { timeout: 30000 });
    await dump(a, id, 'A after pick'); await dump(b, id, 'B after pick');
    if (process.env.UNDO) {
      await a.page.getByTestId('undo').click();
      await a.page.getByTestId('undo-confirm').getByRole('button', { name: 'Keep it' }).click();
    }
    await new BigChickenScreen(b.page).round({ out: 'Eve', cards: { Finn: 8, Gus: 5 } });
    const ok = await poll(async () => (await new GameScreen(a.page).rowCount()) === 1, { timeout: 20000 });
    console.log('A got round 1 live:', ok);
    await dump(a, id, 'A'); await dump(b, id, 'B');
    if (process.env.MORE) {
      await new BigChickenScreen(b.page).round({ out: 'Gus', several: true, cards: { Eve: 3, Finn: 4 } });
      const ok3 = await poll(async () => (await new GameScreen(a.page).rowCount()) === 2, { timeout: 20000 });
      console.log('A got round 2 live:', ok3);
      await dump(a, id, 'A'); await dump(b, id, 'B');
    }
    await a.page.reload(); await a.page.getByTestId('leaders').waitFor();
    const ok2 = await poll(async () => (await new GameScreen(a.page).rowCount()) === 1, { timeout: 20000 });
    console.log('A got round 1 after reload:', ok2);
    await dump(a, id, 'A');
  } finally { await a.close(); await b.close(); }
});

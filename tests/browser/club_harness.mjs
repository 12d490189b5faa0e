// The club's test set-up, shared by tests/browser/club.test.mjs and the
// benchmark (club_bench.mjs): the real sync server (sync-server/) on a free
// port with its documents in a scratch folder, the app's server passing
// /sync through to it, phones (each its own browser profile, on any
// engine) and what a person does on them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { DIST } from './harness.mjs';
import { launchPhone } from './engines/index.mjs';
import { freePort, removeDir } from './engines/process.mjs';
import { startServer } from '../tools/static-server.mjs';
import { HomeScreen, GameScreen } from './pages.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const SERVER_JS = path.resolve(here, '../../sync-server/node_modules/@automerge/automerge-repo-sync-server/src/index.js');

/** The sync server and the app's server. `url` is the app's address. */
export const servers = { sync: null, web: null, url: '' };

/** Starts the sync server on `port` with its documents in `data`. */
async function startSync(port, data) {
  const proc = spawn(process.execPath, [SERVER_JS], {
    cwd: data, env: { ...process.env, PORT: String(port), DATA_DIR: data }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise((resolve, reject) => {
    let out = '';
    proc.stdout.on('data', (d) => { out += d; if (out.includes('Listening on port')) resolve(); });
    proc.on('exit', (code) => reject(new Error(`sync server exited (${code}): ${out}`)));
  });
  return proc;
}

/** Starts both servers; the app's serves `dist` (the build under test, or
 *  a function naming the folder to serve at each request; anything else,
 *  such as the test context `before(startServers)` passes, is ignored). */
export async function startServers(dist) {
  if (typeof dist !== 'function' && typeof dist !== 'string') dist = DIST;
  const port = await freePort();
  const data = fs.mkdtempSync(path.join(os.tmpdir(), 'chicken-sync-'));
  servers.sync = { port, data, proc: await startSync(port, data) };
  servers.web = await startServer(dist, 0, '127.0.0.1', null, port);
  servers.url = `http://127.0.0.1:${servers.web.address().port}`;
}

/** Kills the sync server (as a crash would). */
export async function stopSync() {
  const { proc } = servers.sync;
  if (!proc || proc.exitCode !== null) return;
  const exited = new Promise((r) => proc.once('exit', r));
  proc.kill('SIGKILL');
  await exited;
}

/** Starts the sync server again, on its port, with its documents. */
export async function restartSync() {
  servers.sync.proc = await startSync(servers.sync.port, servers.sync.data);
}

/** Stops both servers and removes the documents. */
export async function stopServers() {
  await stopSync();
  await new Promise((r) => servers.web.close(r));
  fs.rmSync(servers.sync.data, { recursive: true, force: true });
}

/** A phone: its own browser profile, on `engine` (the engine under test
 *  by default: ENGINE, engines/index.mjs); `allow`: as launchPhone's. */
export async function phone({ width = 390, height = 844, colorScheme = 'light', label = '', engine, allow } = {}) {
  const p = await launchPhone({ engine, width, height, colorScheme, allow });
  // DEBUG_CLUB=1: what each phone's page logs, labelled.
  if (process.env.DEBUG_CLUB && p.engine === 'chromium') p.page.on('console', (m) => console.log(label, m.type(), m.text().slice(0, 300)));
  return {
    page: p.page, context: p.context, errors: p.errors, engine: p.engine, profile: p.profile,
    async close() { await p.close(); removeDir(p.profile); },
  };
}

/** Tags `p`'s page so the test's server knows which phone it is (its
 *  network switches: static-server.mjs setPhoneOnline, setPhoneDeaf). */
export async function tag(p, name) {
  await p.page.goto(`${servers.url}/about`);
  await p.page.evaluate((n) => { document.cookie = `phone=${n}; path=/`; }, name);
}

/** Waits for `p`'s club page to say it is online (or not). */
export async function online(p, yes = true) {
  await p.page.locator(`[data-testid="club-status"][data-online="${yes}"]`).waitFor({ timeout: 15_000 });
}

/** Waits for `p`'s club status to say `text`; a timeout says what it
 *  said instead. */
export async function statusSays(p, text, timeout) {
  const status = p.page.getByTestId('club-status');
  try {
    await status.filter({ hasText: text }).waitFor({ timeout });
  } catch (e) {
    const said = await status.textContent({ timeout: 1000 })
      .catch(async () => `(no status; the page: ${(await p.page.locator('body').innerText().catch(() => '')).slice(0, 400)})`);
    throw new Error(`the club page did not say "${text}" in ${timeout} ms; it said "${said}"`, { cause: e });
  }
}

/** Starts a club called `name` on `p`; returns its link. */
export async function createClub(p, name) {
  await p.page.goto(`${servers.url}/records/club`);
  await p.page.getByLabel('Club name').fill(name);
  await p.page.getByTestId('club-create').click();
  await p.page.getByTestId('club-name-shown').filter({ hasText: name }).waitFor();
  await online(p);
  return (await p.page.getByTestId('club-link').textContent()).trim();
}

/** Opens the club's link on `p` and joins. */
export async function joinClub(p, link) {
  await p.page.goto(link);
  await p.page.getByTestId('club-join-invited').click();
  await online(p);
}

/** A Chickenfoot game of `players` (Ann and Bob) on `p`; returns its path. */
export async function newGame(p, players = ['Ann', 'Bob']) {
  await p.page.goto(`${servers.url}/`);
  const setup = await new HomeScreen(p.page).startNew('chickenfoot');
  await setup.addPlayers(players);
  await setup.choose('Domino set', 'Double-15');
  await setup.start();
  return new URL(p.page.url()).pathname;
}

/** Opens game `gamePath` from the home screen's list, once it has arrived
 *  there, as a person would. */
export async function openFromHome(p, gamePath, timeout = 30_000) {
  const id = gamePath.split('/').pop();
  await p.page.goto(`${servers.url}/`);
  await p.page.getByTestId(`game-${id}`).locator('a.game-link').click({ timeout });
  await p.page.getByRole('button', { name: 'Rules and variants in force' }).waitFor();
}

/** Ann goes out, Bob holds `pips`: saved, and its row shown. */
export async function hand(p, pips) {
  const game = new GameScreen(p.page);
  await game.wentOut('Ann');
  await game.typePips('Bob', String(pips));
  const rows = await game.rowCount();
  await game.save();
  await game.waitRows(rows + 1);
}

/** A third peer on the sync server: automerge-repo's own client (the
 *  server's copy, loaded as Node loads it), as any member's buggy or older
 *  app could be. `close()` leaves for good: nothing more sent (its repo
 *  would answer the phones' changes on a closing socket), no dialling
 *  again (a dialling adapter kept a test file's process alive). */
export async function thirdPeer() {
  const am = '../../sync-server/node_modules/@automerge';
  const { RawString } = await import(`${am}/automerge/dist/mjs/entrypoints/fullfat_node_next.js`);
  const { Repo } = await import(`${am}/automerge-repo/dist/index.js`);
  const { BrowserWebSocketClientAdapter } = await import(`${am}/automerge-repo-network-websocket/dist/index.js`);
  const adapter = new BrowserWebSocketClientAdapter(`ws://127.0.0.1:${servers.sync.port}`);
  const repo = new Repo({ network: [adapter] });
  return {
    repo,
    RawString,
    close() {
      adapter.send = () => {};
      if (adapter.socket) {
        adapter.socket.removeEventListener('close', adapter.onClose);
        adapter.socket.close();
      }
    },
  };
}

/** `n` finished two-player Chickenfoot games (Double-6, 7 hands; `Ann i`
 *  went out every hand, so won; the first hundred `Ann i` against `Bob i`),
 *  as stored rows for idbSeed. Their players
 *  are a club's: 200 names (Ann 0-99, Bob 0-99), as a group of years has,
 *  not two new names per game (a club of 5,000 games held 10,000). */
export function seedGames(n) {
  const t0 = Date.now() - n * 60_000;
  return Array.from({ length: n }, (_, i) => {
    const players = [`Ann ${i % 100}`, `Bob ${(i + Math.floor(i / 100)) % 100}`];
    const log = Array.from({ length: 7 }, (_, h) => ({ out: 0, left: [{ pips: 0 }, { pips: 1 + ((i + h) % 30) }] }));
    const id = `club${i}`;
    const at = t0 + i * 60_000;
    return {
      record: { schema: 3, id, rev: 8, kind: 'chickenfoot', rules_version: 1, created_ms: at, players, settings: { set: 'd6' }, log },
      // As the app summarises it (Ann went out every hand): a phone that
      // keeps the game computes the same, and writes no line of its own.
      summary: {
        schema: 3, id, rev: 8, kind: 'chickenfoot', players, created_ms: at, updated_ms: at, finished: true, summary: `Won by ${players[0]}`,
        totals: ['0', String(log.reduce((sum, e) => sum + e.left[1].pips, 0))], leaders: [0], ranks: [1, 2],
      },
    };
  });
}

// The club on several phones, against the real sync server (the reference
// automerge-repo sync server, sync-server/): each phone is its own
// Chromium profile. A club created on one is joined on another by its
// link; a hand saved on one shows on the other; both score while the
// server is down and, back online, both hands are kept and the table is
// asked; the server killed mid-game and restarted loses nothing; a hostile
// document from a third peer (automerge-repo's own JS client) is refused.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { DIST, CHROMIUM_ARGS, poll } from './harness.mjs';
import { startServer } from '../tools/static-server.mjs';
import { HomeScreen, GameScreen } from './pages.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const SERVER_JS = path.resolve(here, '../../sync-server/node_modules/@automerge/automerge-repo-sync-server/src/index.js');

let sync; // { port, data, proc }
let web; // the app's server, passing /sync through
let url;

/** A free port on 127.0.0.1. */
async function freePort() {
  const net = await import('node:net');
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); });
  });
}

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

async function stopSync() {
  if (!sync.proc || sync.proc.exitCode !== null) return;
  const exited = new Promise((r) => sync.proc.once('exit', r));
  sync.proc.kill('SIGKILL');
  await exited;
}

before(async () => {
  const port = await freePort();
  const data = fs.mkdtempSync(path.join(os.tmpdir(), 'chicken-sync-'));
  sync = { port, data, proc: await startSync(port, data) };
  web = await startServer(DIST, 0, '127.0.0.1', null, port);
  url = `http://127.0.0.1:${web.address().port}`;
});

after(async () => {
  await stopSync();
  await new Promise((r) => web.close(r));
  fs.rmSync(sync.data, { recursive: true, force: true });
});

/** A phone: its own browser profile. */
async function phone({ width = 390, height = 844, colorScheme = 'light' } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chicken-phone-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: CHROMIUM_ARGS, viewport: { width, height }, hasTouch: true, isMobile: true, colorScheme,
  });
  const page = context.pages()[0] || (await context.newPage());
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  return {
    page, context, errors,
    async close() { await context.close(); fs.rmSync(dir, { recursive: true, force: true }); },
  };
}

/** Starts a club called `name` on `p`; returns its link. */
async function createClub(p, name) {
  await p.page.goto(`${url}/records/club`);
  await p.page.getByLabel('Club name').fill(name);
  await p.page.getByTestId('club-create').click();
  await p.page.getByTestId('club-name-shown').filter({ hasText: name }).waitFor();
  await online(p);
  return (await p.page.getByTestId('club-link').textContent()).trim();
}

/** Opens the club's link on `p` and joins. */
async function joinClub(p, link) {
  await p.page.goto(link);
  await p.page.getByTestId('club-join-invited').click();
  await online(p);
}

async function online(p, yes = true) {
  await p.page.locator(`[data-testid="club-status"][data-online="${yes}"]`).waitFor({ timeout: 15_000 });
}

/** A Chickenfoot game of Ann and Bob on `p`; returns its address. */
async function newGame(p) {
  await p.page.goto(`${url}/`);
  const setup = await new HomeScreen(p.page).startNew('chickenfoot');
  await setup.addPlayers(['Ann', 'Bob']);
  await setup.choose('Domino set', 'Double-15');
  await setup.start();
  return new URL(p.page.url()).pathname;
}

async function hand(p, pips) {
  const game = new GameScreen(p.page);
  await game.wentOut('Ann');
  await game.typePips('Bob', String(pips));
  const rows = await game.rowCount();
  await game.save();
  await game.waitRows(rows + 1);
}

test('a club created on one phone is joined on another, and a hand saved on either shows on both', async () => {
  const a = await phone();
  const b = await phone();
  try {
    const link = await createClub(a, 'Thursdays');
    assert.match(link, /\/records\/club#join=automerge/);
    await joinClub(b, link);
    await b.page.getByTestId('club-name-shown').filter({ hasText: 'Thursdays' }).waitFor();

    const game = await newGame(a);
    await hand(a, 5);
    // The game reaches the other phone, with its hand.
    await b.page.goto(`${url}${game}`);
    const B = new GameScreen(b.page);
    await B.waitRows(1);
    assert.deepEqual(await B.totals(), { Ann: 0, Bob: 5 });
    // A hand saved on the second phone shows on the first, live.
    await hand(b, 7);
    await new GameScreen(a.page).waitRows(2);
    assert.deepEqual(await new GameScreen(a.page).totals(), { Ann: 0, Bob: 12 });
    assert.deepEqual([...a.errors, ...b.errors], []);
  } finally {
    await a.close();
    await b.close();
  }
});

// Issue 52, part 1: "The first pick kept in a club". Two phones in one
// club, against the real sync server (club_harness.mjs): for each of the
// six games, phone A starts a game of three players from its home screen,
// phone B opens it from its own home screen once it has arrived, and the
// game's first three entries are typed on alternate phones (1 on A, 2 on
// B, 3 on A). The first entry is the game's first pick where it has one:
// who holds Big Red (Big Chicken), who deals round 1 (Rummy), who goes
// first (Cluck!); a suit's start in Circus Trump; otherwise a hand or a
// trick. After each entry the other phone shows it, and the saving phone
// still shows it too (its Undo asks about that very entry: a first pick
// written over by the club's older copy was lost on the phone that saved
// it). At the end both phones are reloaded and both still show all three
// entries, with the same totals.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { poll, within } from './harness.mjs';
import { idbDump } from './idb.mjs';
import { HomeScreen, GameScreen } from './pages.mjs';
import { BigChickenScreen } from './big_chicken_pages.mjs';
import { RummyScreen, CircusScreen } from './chicken_lines_pages.mjs';
import { CluckScreen } from './cluck_pages.mjs';
import { PlayingChickenScreen } from './playing_chicken_pages.mjs';
import {
  servers, startServers, stopServers, phone, createClub, joinClub, openFromHome, thirdPeer,
} from './club_harness.mjs';

before(startServers);
after(stopServers);

const NAMES = ['Eve', 'Finn', 'Gus'];

/** Starts a game of `slug` for NAMES from `page`'s home screen, as a person
 *  would; returns the new-game screen (its settings still to choose). */
async function newGameForm(page, slug) {
  await page.goto(`${servers.url}/`);
  const setup = await new HomeScreen(page).startNew(slug);
  await setup.addPlayers(NAMES);
  return setup;
}

/** The text of the first element `selector` finds, now ('' if none):
 *  read at once, where a locator's textContent would wait for it. */
const textNow = (page, selector) => page.evaluate((sel) => document.querySelector(sel)?.textContent.trim() ?? '', selector);
/** The entry form's heading ("Round 1 · Who holds Big Red?", "Eve's turn"). */
const formHeading = (page) => textNow(page, 'form.entry-form h2');
const statusText = (page) => textNow(page, '[data-testid=status]');

// Each game: `start(page)` starts it on phone A; `enter[n - 1](page)`
// types entry n and waits for its own screen to show it; `shows(page, n)`
// says whether a phone shows entries 1 to n (checked again and again until
// it does); `undo[n - 1]`: what Undo names once entry n is the last;
// `kept(page)` (optional): asserts, after the reload, what shows the first
// pick beyond the counts.
const GAMES = {
  'Big Chicken': {
    async start(page) {
      await (await newGameForm(page, 'big-chicken')).start();
      await page.getByRole('heading', { name: 'Round 1 · Who holds Big Red?' }).waitFor();
    },
    enter: [
      (page) => new BigChickenScreen(page).bigRed('Eve'),
      (page) => new BigChickenScreen(page).round({ out: 'Eve', cards: { Finn: 8, Gus: 5 } }),
      (page) => new BigChickenScreen(page).round({ out: 'Gus', several: true, cards: { Eve: 3, Finn: 4 } }),
    ],
    async shows(page, n) {
      // After the pick the form no longer asks who holds Big Red.
      if (/Who holds Big Red/.test(await formHeading(page))) return false;
      if (n === 1) return /Leads: Eve \(holds Big Red/.test(await textNow(page, '[data-testid=leader]'));
      return (await new BigChickenScreen(page).rowCount()) === n - 1;
    },
    undo: ['the Big Red holder', 'round 1', 'round 2'],
    async kept(page) {
      assert.match(await new BigChickenScreen(page).rowDetails('Round 1'), /Eve held Big Red and led/);
    },
  },

  'Playing Chicken': {
    async start(page) {
      await (await newGameForm(page, 'playing-chicken')).start();
      await new PlayingChickenScreen(page).heading().waitFor();
    },
    // Round 1's first three tricks: nobody plays a card twice.
    enter: [[1, 2, 3], [2, 3, 4], [3, 4, 5]].map((cards) => (page) => new PlayingChickenScreen(page).trick(NAMES, cards)),
    async shows(page, n) { return (await new PlayingChickenScreen(page).tricksPlayed()) === n; },
    undo: [1, 2, 3].map((k) => `trick ${k} (round 1, trick ${k})`),
  },

  Chickenfoot: {
    async start(page) { await (await newGameForm(page, 'chickenfoot')).start(); },
    enter: [
      { out: 'Eve', pips: { Finn: 5, Gus: 7 } },
      { out: 'Finn', pips: { Eve: 4, Gus: 2 } },
      { out: 'Gus', pips: { Eve: 6, Finn: 3 } },
    ].map((hand) => (page) => new GameScreen(page).hand(hand)),
    async shows(page, n) { return (await new GameScreen(page).rowCount()) === n; },
    undo: ['hand 1', 'hand 2', 'hand 3'],
  },

  'Cluck!': {
    async start(page) {
      await (await newGameForm(page, 'cluck')).start();
      await new CluckScreen(page).waitHeading('Who goes first?');
    },
    enter: [
      (page) => new CluckScreen(page).chooseFirst('Eve'),
      (page) => new CluckScreen(page).kill('Eve', 'Finn', 3),
      (page) => new CluckScreen(page).endTurn(),
    ],
    async shows(page, n) {
      const heading = await formHeading(page);
      // Eve went first; once her turn ends it is Finn's.
      if (heading !== (n === 3 ? "Finn's turn" : "Eve's turn")) return false;
      return (await new CluckScreen(page).events()) === n;
    },
    undo: ['who goes first', 'kill 1', 'turn end 1'],
  },

  'Chicken Lines Rummy': {
    async start(page) {
      await (await newGameForm(page, 'chicken-lines-rummy')).start();
      await page.getByRole('button', { name: 'Eve deals round 1', exact: true }).waitFor();
    },
    enter: [
      (page) => new RummyScreen(page).firstDealer('Eve'),
      async (page) => {
        const game = new RummyScreen(page);
        await game.closed('Eve');
        await game.sum('Finn', 12);
        await game.sum('Gus', 30);
        await game.saveRound();
      },
      async (page) => {
        const game = new RummyScreen(page);
        await game.closed('Finn');
        await game.sum('Eve', 7);
        await game.notOpened('Gus');
        await game.saveRound();
      },
    ],
    async shows(page, n) {
      // Eve deals round 1, then the deal moves on: Finn, then Gus.
      const dealer = ['Eve', 'Finn', 'Gus'][n - 1];
      if (!new RegExp(`Round ${n} of \\d+: ${dealer} deals`).test(await statusText(page))) return false;
      return (await new RummyScreen(page).rowCount()) === n - 1;
    },
    undo: ['the first dealer', 'round 1', 'round 2'],
  },

  "Plumedini's Circus Trump": {
    async start(page) { await (await newGameForm(page, 'circus-trump')).start(); },
    enter: [
      (page) => new CircusScreen(page).startSuit('Hopper', 3),
      (page) => new CircusScreen(page).claim({ suit: 'Hopper', last: 4, trumper: 'Eve' }),
      (page) => new CircusScreen(page).claim({ suit: 'Hopper', last: 9, trumper: 'Gus' }),
    ],
    async shows(page, n) {
      if ((await page.getByRole('button', { name: 'Hopper started on 3: correct' }).count()) !== 1) return false;
      return (await new CircusScreen(page).rowCount()) === n - 1;
    },
    undo: ["a suit's start", 'line 1', 'line 2'],
  },
};

/** What a phone's game screen shows, for a failure's message. */
async function screenSays(page) {
  return page.evaluate(() => {
    const text = (sel) => document.querySelector(sel)?.textContent.replace(/\s+/g, ' ').trim() ?? '(none)';
    const rows = document.querySelectorAll('table.sheet tbody tr:not(.row-details):not(.saving)').length;
    const banners = [...document.querySelectorAll('[data-testid=club-undecided], [data-testid=club-asked], [data-testid=save-error], [data-testid=form-error], [data-testid=checking]')]
      .map((e) => e.textContent.replace(/\s+/g, ' ').trim());
    return `form "${text('form.entry-form h2')}", status "${text('[data-testid=status]')}", ${rows} sheet rows, `
      + `leaders "${text('[data-testid=leaders]')}", Undo ${document.querySelector('[data-testid=undo]')?.disabled === false ? 'enabled' : 'disabled or absent'}`
      + `${banners.length ? `, banners: ${banners.join(' | ')}` : ''} (${location.pathname})`;
  }).catch((e) => `(unreadable: ${e.message})`);
}

/** Where the game is, for a failure's message: what each phone's screen
 *  shows, the entries it stored and its copy of the club's (the base of
 *  its next edit), and the entries of the sync server's copy, read by a
 *  peer of automerge-repo's own. */
async function whereIsTheGame(phones) {
  const said = [];
  const id = new URL(phones.A.page.url()).pathname.split('/').pop();
  const entries = (t) => { try { return JSON.stringify(JSON.parse(t).log); } catch { return 'unreadable'; } };
  for (const [who, p] of Object.entries(phones)) {
    const dump = await idbDump(p.page).catch(() => ({}));
    said.push(`phone ${who} shows: ${await screenSays(p.page)}; stored ${dump.games?.[id] ? entries(dump.games[id]) : 'nothing'}; `
      + `the club's copy ${dump.meta?.[`club-base/${id}`] ? entries(dump.meta[`club-base/${id}`]) : 'none'}`);
  }
  const peer = await thirdPeer();
  try {
    const clubUrl = await phones.A.page.evaluate(() => JSON.parse(localStorage.getItem('chicken.club') || '{}').url);
    const club = await within(peer.repo.find(clubUrl).doc(), 10_000, "the club's document from the server");
    const url = club?.games?.[id];
    const doc = url ? await within(peer.repo.find(String(url)).doc(), 10_000, "the game's document from the server") : null;
    said.push(`the server: ${url ? JSON.stringify(Object.values(doc?.log ?? {}).map(String)) : "the game is not in the club's index"}`);
  } catch (e) {
    said.push(`the server: ${e.message}`);
  } finally {
    peer.close();
  }
  return said.join('\n');
}

/** Waits until phone `who` of `phones` shows entries 1 to `n` of `game`;
 *  fails saying where the game is if it never does. */
async function waitShows(game, phones, who, n, step) {
  const shown = await poll(() => game.shows(phones[who].page, n).catch(() => false), { timeout: 30_000, interval: 200 });
  if (!shown) assert.fail(`${step}: phone ${who} never showed entries 1 to ${n}.\n${await whereIsTheGame(phones)}`);
}

/** Phone `p`'s Undo is enabled and asks about `label` (what the last entry
 *  is): tapped, its question read, answered "Keep it". */
async function undoNames(p, who, label, step) {
  const undo = p.page.getByTestId('undo');
  const enabled = await poll(() => undo.isEnabled().catch(() => false), { timeout: 10_000 });
  if (!enabled) assert.fail(`${step}: Undo is not enabled on phone ${who}. It shows: ${await screenSays(p.page)}`);
  await undo.click();
  const confirm = p.page.getByTestId('undo-confirm');
  const question = (await confirm.locator('p').textContent()).trim();
  await confirm.getByRole('button', { name: 'Keep it', exact: true }).click();
  await undo.waitFor();
  assert.ok(question.startsWith(`Undo ${label}:`), `${step}: phone ${who}'s Undo names the entry just saved, ${label} (it asks "${question}")`);
}

/** The shared walk: the club, the game started on A and opened on B, three
 *  entries on alternate phones, each checked on both, then a reload. */
async function walk(name) {
  const game = GAMES[name];
  const a = await phone({ label: 'A' });
  const b = await phone({ label: 'B' });
  try {
    const link = await createClub(a, `First picks: ${name}`);
    await joinClub(b, link);

    await game.start(a.page);
    const gamePath = new URL(a.page.url()).pathname;
    await openFromHome(b, gamePath);

    const phones = { A: a, B: b };
    for (const [n, who] of [[1, 'A'], [2, 'B'], [3, 'A']]) {
      const other = who === 'A' ? 'B' : 'A';
      const step = `${name}, entry ${n} typed on ${who}`;
      await game.enter[n - 1](phones[who].page);
      // The other phone shows it; the saving phone still does, and its
      // Undo is about that entry.
      await waitShows(game, phones, other, n, step);
      await waitShows(game, phones, who, n, step);
      await undoNames(phones[who], who, game.undo[n - 1], step);
    }

    // Both reloaded: both still show all three entries, the same totals.
    const totals = {};
    for (const [who, p] of Object.entries(phones)) {
      await p.page.reload();
      await p.page.getByTestId('leaders').waitFor();
      await waitShows(game, phones, who, 3, `${name}, after the reload`);
      await undoNames(p, who, game.undo[2], `${name}, after the reload`);
      if (game.kept) await game.kept(p.page);
      totals[who] = await new GameScreen(p.page).totals();
    }
    assert.deepEqual(totals.B, totals.A, `${name}: the same totals on both phones`);
    assert.deepEqual(Object.keys(totals.A).sort(), [...NAMES].sort());
  } finally {
    await a.close();
    await b.close();
  }
}

for (const name of Object.keys(GAMES)) {
  test(`${name}: the first three entries, typed on alternate phones in a club, show on both and stay after a reload`, { timeout: 180_000 }, () => walk(name));
}

// The club's list of games (issue 53), against the real sync server: a
// phone that joins lists the club's games from the club's document, before
// their own documents arrive, and a game opened before it arrived says so,
// then shows the moment it does. The games whose documents are held back
// are a third peer's (automerge-repo's own client): it lists them, and
// makes one of their documents only later.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { GameScreen, HomeScreen } from './pages.mjs';
import { idbSeed } from './idb.mjs';
import { setPhoneOnline } from '../tools/static-server.mjs';
import {
  servers, startServers, stopServers, phone, createClub, joinClub, newGame, hand, thirdPeer, seedGames, tag, statusSays,
} from './club_harness.mjs';

before(startServers);
after(stopServers);

/** A line of the club's list, as the app writes it (a game's summary). */
function line(id, { finished, summary, players = ['Mallory', 'Trent'] }) {
  return JSON.stringify({
    schema: 3, id, rev: 0, kind: 'chickenfoot', players, created_ms: Date.UTC(2026, 10, 5), updated_ms: Date.UTC(2026, 10, 5),
    finished, summary, totals: finished ? ['0', '30'] : [], leaders: finished ? [0] : [], ranks: finished ? [1, 2] : [],
  });
}

test('a joining phone lists the club’s games from its list before they arrive; one opened early says so and shows when it arrives', async () => {
  const a = await phone();
  const b = await phone({ width: 320, colorScheme: 'dark' });
  let peer;
  try {
    const link = await createClub(a, 'Listed');
    const game = await newGame(a);
    await hand(a, 5);
    // The peer lists two games whose documents nobody has sent yet: one
    // finished, one in progress.
    const clubUrl = decodeURIComponent(/join=([^&]+)/.exec(link)[1]);
    peer = await thirdPeer();
    const { repo, RawString } = peer;
    const club = repo.find(clubUrl);
    await club.whenReady();
    club.change((d) => {
      d.list.early1 = new RawString(line('early1', { finished: true, summary: 'Won by Mallory' }));
      d.list.early2 = new RawString(line('early2', { finished: false, summary: 'In progress' }));
    });

    await joinClub(b, link);
    await b.page.goto(`${servers.url}/`);
    // A's game arrives as itself; the peer's two are listed from the club's
    // list alone: the one in progress as arriving, the finished one counted.
    const gameId = game.split('/').pop();
    await b.page.getByTestId(`game-${gameId}`).getByTestId('scores').filter({ hasText: 'Bob 5' }).waitFor();
    const early = b.page.getByTestId('game-early2');
    await early.getByTestId('arriving').waitFor();
    assert.match(await early.innerText(), /Chickenfoot: Mallory, Trent/);
    assert.match(await early.innerText(), /Arriving from the club…/);
    await b.page.getByTestId('history-link').filter({ hasText: 'Finished games (1)' }).waitFor();
    const width = await b.page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 320, `home fits the 320 px phone (${width} px)`);

    // Opened before it arrived: the page says so.
    await early.locator('a.game-link').click();
    await b.page.getByTestId('arriving').filter({ hasText: 'still arriving from the club' }).waitFor();
    assert.equal(await b.page.getByRole('heading', { name: /Mallory, Trent/ }).count(), 1, 'the back bar names the game');

    // Its document comes (the peer makes it and indexes it): the page
    // shows the game, with its hand, without a reload.
    const h = repo.create();
    h.change((d) => {
      d.doc = new RawString('chicken-scores/game');
      d.layout = 1;
      d.schema = 3;
      d.id = new RawString('early2');
      d.kind = new RawString('chickenfoot');
      d.rules_version = 1;
      d.created_ms = Date.UTC(2026, 10, 5);
      d.players = new RawString('["Mallory","Trent"]');
      d.settings = new RawString('{"chickenlittle":false,"double_blank":"50","highest_available":false,"set":"d6"}');
      d.log = { '0000': new RawString('{"left":[{"pips":0},{"pips":12}],"out":0}') };
    });
    club.change((d) => { d.games.early2 = new RawString(h.url); });
    const screen = new GameScreen(b.page);
    await screen.waitRows(1);
    assert.deepEqual(await screen.totals(), { Mallory: 0, Trent: 12 });
    // Home lists it as itself now, no longer arriving.
    await b.page.goto(`${servers.url}/`);
    await b.page.getByTestId('game-early2').getByTestId('scores').filter({ hasText: 'Trent 12' }).waitFor();
    assert.equal(await b.page.getByTestId('game-early2').getByTestId('arriving').count(), 0);
    assert.deepEqual([...a.errors, ...b.errors], []);
  } finally {
    peer?.close();
    await a.close();
    await b.close();
  }
});

/** While sessionStorage says so, the page's messages handing games to its
 *  sync worker are dropped, as if the worker ended before it had them. */
function dropHandedGames() {
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (m, ...rest) {
    if (sessionStorage.getItem('drop-saved') && typeof m === 'string' && m.includes('"t":"saved"')) {
      window.__dropped = (window.__dropped || 0) + 1;
      return;
    }
    return post.call(this, m, ...rest);
  };
}

test('games a page handed to a worker that ended before it had them are handed again by the next page', async () => {
  const a = await phone({ label: 'A' });
  try {
    await a.context.addInitScript(dropHandedGames);
    await createClub(a, 'Handed again');
    // Saved here now, before the next page's hand-over began.
    const rows = seedGames(3).map((r) => ({ ...r, summary: { ...r.summary, updated_ms: Date.now() } }));
    await idbSeed(a.page, rows);
    await a.page.evaluate(() => sessionStorage.setItem('drop-saved', '1'));
    await a.page.goto(`${servers.url}/records/club`);
    await a.page.waitForFunction(() => window.__dropped >= 3, null, { timeout: 30_000 });
    // The next page, its worker alive: every game reaches the club.
    await a.page.evaluate(() => sessionStorage.removeItem('drop-saved'));
    await a.page.goto(`${servers.url}/records/club`);
    await a.page.getByTestId('club-status').filter({ hasText: "In step with the club's server. 3 of 3 games" }).waitFor({ timeout: 30_000 });
  } finally {
    await a.close();
  }
});

test('a game made while the server cannot be reached, its page left at once, reaches the club when it can', async () => {
  const a = await phone({ label: 'A' });
  try {
    await tag(a, 'Maker');
    await createClub(a, 'Left at once');
    await statusSays(a, "In step with the club's server. 0 of 0 games", 30_000);
    // Made with the server cut off; the person goes straight to the club
    // page (a new page, its worker started again). Its page was told the
    // game back and holds it as agreed: no page hands it over again.
    setPhoneOnline('Maker', false);
    await newGame(a);
    await a.page.goto(`${servers.url}/records/club`);
    setPhoneOnline('Maker', true);
    await statusSays(a, "In step with the club's server. 1 of 1 games", 60_000);
    assert.deepEqual(a.errors, []);
  } finally {
    setPhoneOnline('Maker', true);
    await a.close();
  }
});

test('a game made while this phone’s club storage is slow to write, its page left at once, reaches the club', async () => {
  const a = await phone({ label: 'A' });
  try {
    await createClub(a, 'Slow storage');
    await statusSays(a, "In step with the club's server. 0 of 0 games", 30_000);
    await a.page.goto(`${servers.url}/`);
    const setup = await new HomeScreen(a.page).startNew('chickenfoot');
    await setup.addPlayers(['Ann', 'Bob']);
    // The club's storage busy (another tab's transaction holds its writes,
    // as a long write of the worker's own does): the worker's writes of
    // the new game wait. The page must not be told the game back as the
    // club's until they are done.
    const holder = await a.context.newPage();
    await holder.goto(`${servers.url}/robots.txt`);
    await holder.evaluate(() => new Promise((ready) => {
      const open = indexedDB.open('chicken-scores-sync');
      open.onsuccess = () => {
        const store = open.result.transaction('chunks', 'readwrite').objectStore('chunks');
        const until = Date.now() + 60_000;
        const spin = () => { store.get('none').onsuccess = () => { if (Date.now() < until && !window.released) spin(); }; };
        spin();
        ready();
      };
    }));
    await setup.start();
    const id = new URL(a.page.url()).pathname.split('/').pop();
    // Either the page holds the game as the club's (told back) or 3 s went
    // by; then the person closes the app (the worker's writes never done),
    // the storage is free again, and the club page is opened.
    await a.page.waitForFunction((id) => new Promise((done) => {
      const open = indexedDB.open('chicken-scores');
      open.onsuccess = () => {
        const r = open.result.transaction('meta').objectStore('meta').get(`club-base-rev/${id}`);
        r.onsuccess = () => { open.result.close(); done(r.result !== undefined); };
        r.onerror = () => done(false);
      };
    }), id, { timeout: 3_000, polling: 100 }).catch(() => {});
    const again = { ...a, page: await a.context.newPage() };
    await a.page.close();
    await holder.evaluate(() => { window.released = true; });
    await holder.close();
    await again.page.goto(`${servers.url}/records/club`);
    await statusSays(again, "In step with the club's server. 1 of 1 games", 60_000);
    assert.deepEqual(a.errors, []);
  } finally {
    await a.close();
  }
});

// What a third peer can write to a club's document, against the real sync
// server: two phones at one table, and a peer holding the club's link
// (automerge-repo's own JS client, as any member's buggy or older app
// could be). After each change, both phones name what they left out or
// refused in words of the thing refused, keep their game, and a hand saved
// on one phone still shows on the other: no change to the club stops the
// games' sync (issue 36, one test per row of its table).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { poll } from './harness.mjs';
import { GameScreen } from './pages.mjs';
import {
  servers, startServers, stopServers, phone, createClub, joinClub, newGame, openFromHome, hand, thirdPeer,
} from './club_harness.mjs';

before(startServers);
after(stopServers);

const { RawString } = await import('../../sync-server/node_modules/@automerge/automerge/dist/mjs/entrypoints/fullfat_node_next.js');

/** The club's page on `p`: waits until it names something matching `re`
 *  among what it left out or refused; returns all it names. */
async function clubSays(p, re) {
  await p.page.goto(`${servers.url}/records/club`);
  let said = '';
  const seen = await poll(async () => {
    said = (await p.page.getByTestId('club-refused').allTextContents()).join(' | ');
    return re.test(said);
  }, { timeout: 20_000 });
  assert.ok(seen, `the club page never said ${re}; it said: ${said.slice(0, 300) || 'nothing'}`);
  return said;
}

/**
 * A table: phones A and B in a club, a game on A with a hand of 5 for Bob,
 * open on B, and the third peer holding the club's document. `change(doc,
 * repo)` is what the peer writes. Then each phone opens the club's page (a
 * page of its own: its sync starts on the changed club) and waits for
 * `refusals` lines there; then a hand saved on A must show on B, and one
 * on B on A; last `check(table)` runs (what the phones said, the index).
 */
async function tableWithAPeer(name, { change, refusals = 1, check }) {
  const a = await phone();
  const b = await phone();
  let peer;
  try {
    const link = await createClub(a, name);
    await joinClub(b, link);
    const game = await newGame(a);
    await hand(a, 5);
    await openFromHome(b, game);
    await new GameScreen(b.page).waitRows(1);

    const clubUrl = decodeURIComponent(/join=([^&]+)/.exec(link)[1]);
    peer = await thirdPeer();
    const { repo } = peer;
    const club = repo.find(clubUrl);
    await club.whenReady();
    await change(club, repo);

    for (const p of [a, b]) {
      await p.page.goto(`${servers.url}/records/club`);
      const shown = await poll(async () => (await p.page.getByTestId('club-refused').count()) >= refusals, { timeout: 20_000 });
      assert.ok(shown, `the club page did not say what it refused or left out (${refusals} lines)`);
      await p.page.goto(`${servers.url}${game}`);
      await new GameScreen(p.page).waitRows(1);
      assert.deepEqual(await new GameScreen(p.page).totals(), { Ann: 0, Bob: 5 }, 'the game is kept');
    }
    await hand(a, 2);
    await new GameScreen(b.page).waitRows(2);
    await hand(b, 3);
    await new GameScreen(a.page).waitRows(3);
    assert.deepEqual(await new GameScreen(a.page).totals(), { Ann: 0, Bob: 10 });
    assert.deepEqual(await new GameScreen(b.page).totals(), { Ann: 0, Bob: 10 });
    await check({ a, b, club, game });
    assert.deepEqual([...a.errors, ...b.errors], []);
  } finally {
    peer?.close();
    await a.close();
    await b.close();
  }
}

test("a club name of 2 MB: named as damaged, the club goes on under the name the phone knew, the games' sync too", async () => {
  await tableWithAPeer('Long night', {
    change: (club) => club.change((d) => { d.name = new RawString('x'.repeat(2_000_000)); }),
    check: async ({ a, b }) => {
      for (const p of [a, b]) {
        const said = await clubSays(p, /The club's name is damaged/);
        assert.doesNotMatch(said, /game/i, 'no club message speaks of a game');
        assert.equal((await p.page.getByTestId('club-name-shown').textContent()).trim(), 'Long night');
      }
    },
  });
});

test("numbers and maps where the club's lists hold texts: each entry left out and named, the rest kept", async () => {
  await tableWithAPeer('Odd entries', {
    refusals: 3,
    change: (club) => club.change((d) => {
      d.players.eve = 42;
      d.players.zed = { nested: new RawString('map') };
      d.nights.n1 = 7;
    }),
    check: async ({ a, b }) => {
      for (const p of [a, b]) {
        const said = await clubSays(p, /players: the entry “zed”/);
        assert.match(said, /The club's list of players: the entry “eve” is not one this app writes/);
        assert.match(said, /The club's list of nights: the entry “n1” is not one this app writes/);
        assert.doesNotMatch(said, /game/i);
      }
    },
  });
});

test('a whole list of the club not a list (the players a number): named, the club and the games go on', async () => {
  await tableWithAPeer('No list', {
    change: (club) => club.change((d) => { d.players = 12; }),
    check: async ({ a, b }) => {
      for (const p of [a, b]) {
        const said = await clubSays(p, /The club's list of players is damaged/);
        assert.doesNotMatch(said, /game/i);
      }
    },
  });
});

test("20,000 players in the club's list: the first 1,000 kept, and said so; the games' sync goes on", async () => {
  await tableWithAPeer('Crowd', {
    change: (club) => club.change((d) => {
      for (let i = 0; i < 20_000; i++) d.players[`p${String(i).padStart(5, '0')}`] = new RawString(`P${String(i).padStart(5, '0')}`);
    }),
    check: async ({ a, b }) => {
      for (const p of [a, b]) {
        const said = await clubSays(p, /The club's list of players has 20,00\d names; the first 1,000 are kept\./);
        assert.doesNotMatch(said, /game/i);
      }
    },
  });
});

test("the games taken out of the club's index: the phones put them back, and they still sync", async () => {
  await tableWithAPeer('Index', {
    refusals: 0,
    change: (club) => club.change((d) => { for (const id of Object.keys(d.games)) delete d.games[id]; }),
    check: async ({ club, game }) => {
      const id = game.split('/').pop();
      const back = await poll(async () => Object.keys(club.docSync()?.games ?? {}).includes(id), { timeout: 20_000 });
      assert.ok(back, `the game is not back in the club's index: ${Object.keys(club.docSync()?.games ?? {})}`);
    },
  });
});

/** A game document from the peer: `extra` changes it from a good one. */
function peerGame(repo, id, extra) {
  const h = repo.create();
  h.change((d) => {
    d.doc = new RawString('chicken-scores/game');
    d.layout = 1;
    d.schema = 3;
    d.id = new RawString(id);
    d.kind = new RawString('chickenfoot');
    d.rules_version = 1;
    d.created_ms = 1;
    d.players = new RawString('["Mallory","Trent"]');
    d.settings = new RawString('{}');
    d.log = {};
    extra(d);
  });
  return new RawString(h.url);
}

test('a game of 5,000 entries, a game of schema 99 and an entry that is not JSON: each refused and named, the real game untouched', async () => {
  await tableWithAPeer('Bad games', {
    refusals: 3,
    change: (club, repo) => {
      const huge = peerGame(repo, 'huge', (d) => {
        for (let i = 0; i < 5_000; i++) d.log[String(i).padStart(4, '0')] = new RawString('{"went_out":0}');
      });
      const newer = peerGame(repo, 'newer', (d) => { d.schema = 99; });
      const notJson = peerGame(repo, 'notjson', (d) => { d.log['0000'] = new RawString('{not json'); });
      club.change((d) => Object.assign(d.games, { huge, newer, notjson: notJson }));
    },
    check: async ({ a, b }) => {
      for (const p of [a, b]) {
        const said = await clubSays(p, /(refused[\s\S]*){3}/);
        assert.match(said, /A game from the club was refused/);
      }
    },
  });
});

// Issue 52's stress test: no save is ever dropped. Two phones of one club
// (A on Chromium, B on the engine under test) score one Chickenfoot game
// through the real sync server for ROUNDS rounds (50; STRESS_ROUNDS to
// change, STRESS_SEED to replay one run). Each round, at random:
// - simultaneous: both phones type hand N and tap Save 0-100 ms apart, or
//   staggered: A saves hand N, B waits to see it, then saves hand N+1;
// - either phone may be cut from the server for the round (its own
//   network down: tests/tools/static-server.mjs setPhoneOnline).
// After each round both phones are back online and in step. A phone that
// said "Saved hand N: <its value>" while the other said a different value
// must see the table asked (both values kept): never one of them gone with
// nothing asked, the issue's defect. The test answers each question on a
// random phone. At the end both phones show the same table, and no page
// reported an error.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { poll } from './harness.mjs';
import { GameScreen } from './pages.mjs';
import { servers, startServers, stopServers, phone, createClub, joinClub, newGame, openFromHome, tag } from './club_harness.mjs';
import { setPhoneOnline } from '../tools/static-server.mjs';
import { idbDump } from './idb.mjs';

before(startServers);
after(stopServers);

const ROUNDS = Number(process.env.STRESS_ROUNDS || 50);
const SEED = Number(process.env.STRESS_SEED || Date.now() % 100000);

/** A small seeded generator (a run can be replayed from its seed). */
function generator(seed) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13; s >>>= 0; s ^= s >> 17; s ^= s << 5; s >>>= 0;
    return s / 2 ** 32;
  };
}

/** Types hand `n` on `p`: `out` went out, the other holds `pips`. */
async function type(p, out, other, pips) {
  const g = new GameScreen(p.page);
  // The form may be built anew under a finger (the other phone's hand
  // arrived): WebKit's and Gecko's drivers then hold a stale element, and
  // the person types again into the new form.
  // The other phone's count for the same player, shared as it is typed,
  // may land in the field between its selection and the typing: the
  // person reads the field and types again.
  const field = p.page.getByLabel(`${other}: pips left`);
  for (let attempt = 1; ; attempt++) {
    try {
      await g.wentOut(out);
      await g.typePips(other, String(pips));
      if ((await field.inputValue()) === String(pips) || attempt >= 5) return;
    } catch (e) {
      if (attempt >= 5 || !/stale element|not found|detached/i.test(String(e.message))) throw e;
    }
  }
}

/** Taps Save on `p` and returns what the phone then says of its hand `n`:
 *  its note, or (the other phone's save of it arrived while this one's
 *  tap was on its way) that what was typed here was not saved. */
async function save(p, n) {
  const note = p.page.getByTestId('saved-note');
  const error = p.page.getByTestId('save-error');
  // Read at once, never waited for: the line may go between two reads.
  const text = (l) => l.evaluateAll((els) => (els.length ? els[0].textContent.trim() : null));
  const before = await text(note);
  await new GameScreen(p.page).save();
  let said = null;
  // Hand n, or n + 1 where the other phone's hand n showed before this
  // one's typing began (then typed as the next hand, in plain sight).
  const hand = new RegExp(`[Hh]and (${n}|${n + 1})\\b`);
  const heard = async () => {
    const now = await text(note);
    if (now && now !== before && hand.test(now)) return (said = now);
    const e = await text(error);
    if (e && hand.test(e) && /while you typed it/.test(e)) return (said = e);
    return false;
  };
  const next = p.page.getByTestId('hand-form').getByText(new RegExp(`^Hand ${n + 1}\\b`));
  let told = await poll(async () => (await heard()) || (await next.count()) > 0, { timeout: 20_000, interval: 50 });
  if (told && !said) {
    // The other phone saved the table's round, with what was typed here,
    // before this tap: the form moved on. A word about this tap may
    // still come; else the phone claimed nothing.
    told = (await poll(heard, { timeout: 2_000, interval: 50 })) || (said = 'silent');
  }
  if (!told) {
    const rows = await new GameScreen(p.page).rowCount();
    const form = await p.page.locator('#entry').innerText().catch(() => '?');
    const fields = await p.page.evaluate(() => [...document.querySelectorAll('#entry input')].map((i) => `${i.getAttribute('aria-label') || i.name}=${i.value}`).join(', ')).catch(() => '?');
    const formError = await text(p.page.getByTestId('form-error'));
    assert.fail(`phone says what its save of hand ${n} did (note: ${await text(note)}; error: ${await text(error)}; form error: ${formError}; fields: ${fields}; ${rows} rows; form: ${form.slice(0, 200).replace(/\n/g, ' | ')})`);
  }
  return said;
}

/** The hand a note speaks of, and the value it says was saved ("" if it
 *  says another value is kept beside it, or the same one was). */
function noteOf(said) {
  const saved = /^✓ Saved hand (\d+): (.*)$/.exec(said);
  if (/while you typed it/.test(said) || said === 'silent') return { hand: 0, value: '', overtaken: true };
  if (saved) return { hand: Number(saved[1]), value: saved[2] };
  const m = /Hand (\d+)/.exec(said);
  return { hand: m ? Number(m[1]) : 0, value: '', asked: /kept beside it|also recorded/.test(said), same: /same values/.test(said) };
}

/** Waits until both phones show the same number of hands and no save on
 *  its way, and returns the questions each is asked (hand labels). */
async function inStep(a, b) {
  let last = '';
  const ok = await poll(async () => {
    const [ra, rb] = [await new GameScreen(a.page).rowCount(), await new GameScreen(b.page).rowCount()];
    const [qa, qb] = [await a.page.getByTestId('club-asked').count(), await b.page.getByTestId('club-asked').count()];
    const [ta, tb] = [JSON.stringify(await new GameScreen(a.page).totals()), JSON.stringify(await new GameScreen(b.page).totals())];
    last = `A ${ra} rows ${ta} ${qa} asked; B ${rb} rows ${tb} ${qb} asked`;
    return ra === rb && qa === qb && ta === tb;
  }, { timeout: 30_000, interval: 100 });
  assert.ok(ok, `both phones in step (${last})`);
  return a.page.getByTestId('club-asked').count();
}

test(`two phones, ${ROUNDS} rounds of simultaneous and staggered saves, online and off: no entry lost`, async () => {
  console.log(`# club_stress seed ${SEED} (STRESS_SEED=${SEED} replays it)`);
  const rnd = generator(SEED);
  // A phone cut from the server logs its refused connection (Gecko: "Firefox
  // can't establish a connection to the server at ws://…/sync").
  const allow = [/WebSocket|websocket|establish a connection to the server/];
  const a = await phone({ engine: 'chromium', label: 'A', allow });
  const b = await phone({ label: 'B', width: 320, colorScheme: 'dark', allow });
  const figures = { rounds: 0, simultaneous: 0, staggered: 0, offline: 0, asked: 0, overtaken: 0, lost: 0 };
  try {
    await tag(a, 'A');
    await tag(b, 'B');
    const link = await createClub(a, 'Stress');
    await joinClub(b, link);
    const game = await newGame(a);
    await openFromHome(b, game);
    await new GameScreen(b.page).page.getByTestId('hand-form').waitFor();
    const phones = { A: a, B: b };
    const tables = [];
    let games = 1;
    for (let r = 0; r < ROUNDS; r++) {
      figures.rounds++;
      // A Double-15 game has 16 hands: a new one before it ends.
      if ((await new GameScreen(a.page).rowCount()) >= 13) {
        await inStep(a, b);
        tables.push(await new GameScreen(a.page).totals());
        const next = await newGame(a);
        await openFromHome(b, next);
        await b.page.getByTestId('hand-form').waitFor();
        games++;
      }
      const cut = rnd() < 0.3 ? (rnd() < 0.5 ? 'A' : 'B') : null;
      if (cut) { setPhoneOnline(cut, false); figures.offline++; }
      const n = (await new GameScreen(a.page).rowCount()) + 1;
      if (rnd() < 0.6) {
        figures.simultaneous++;
        // Different hands N: one phone types and saves it; 0-100 ms after
        // its tap, before its hand shows on the other, the other types
        // its own and saves (the issue's walk).
        const [pa, pb] = [1 + Math.floor(rnd() * 40), 41 + Math.floor(rnd() * 40)];
        const gap = Math.floor(rnd() * 100);
        const first = rnd() < 0.5 ? 'A' : 'B';
        const second = first === 'A' ? 'B' : 'A';
        const pips = { A: pa, B: pb };
        const [s1, s2] = await Promise.all([
          type(phones[first], 'Ann', 'Bob', pips[first]).then(() => save(phones[first], n)),
          new Promise((res) => setTimeout(res, gap))
            .then(() => type(phones[second], 'Ann', 'Bob', pips[second]))
            .then(() => save(phones[second], n)),
        ]);
        if (cut) setPhoneOnline(cut, true);
        const asked = await inStep(a, b);
        const [n1, n2] = [noteOf(s1), noteOf(s2)];
        if (n1.overtaken || n2.overtaken) figures.overtaken++;
        const differ = n1.hand === n && n2.hand === n && n1.value && n2.value && n1.value !== n2.value;
        const kept = n1.asked || n2.asked;
        if ((differ || kept) && asked === 0) {
          figures.lost++;
          if (process.env.STRESS_DEBUG) {
            await poll(async () => false, { timeout: 10_000, interval: 1000 });
            for (const [name, p] of Object.entries(phones)) {
              const dump = await idbDump(p.page);
              const asked = await p.page.getByTestId('club-asked').count();
              console.log(name, 'asked', asked, 'games', JSON.stringify(Object.values(dump.games).map((g) => JSON.parse(g).log)), 'bases', JSON.stringify(Object.entries(dump.meta).filter(([k]) => k.startsWith('club-base'))));
            }
          }
          assert.fail(`round ${r + 1} (hand ${n}, ${first} first, ${gap} ms apart${cut ? `, ${cut} offline` : ''}): ${first} said "${s1}", ${second} said "${s2}", and no question was asked`);
        }
        if (asked > 0) {
          figures.asked++;
          // The table answers on a random phone; both settle.
          const on = rnd() < 0.5 ? a : b;
          await on.page.getByTestId('club-pick').first().click();
          await poll(async () => (await a.page.getByTestId('club-asked').count()) === 0 && (await b.page.getByTestId('club-asked').count()) === 0, { timeout: 30_000, interval: 100 });
          await inStep(a, b);
        }
      } else {
        figures.staggered++;
        await type(a, 'Ann', 'Bob', 1 + Math.floor(rnd() * 40));
        await save(a, n);
        if (cut) setPhoneOnline(cut, true);
        await new GameScreen(b.page).waitRows(n);
        await type(b, 'Bob', 'Ann', 41 + Math.floor(rnd() * 40));
        await save(b, n + 1);
        await new GameScreen(a.page).waitRows(n + 1);
        await inStep(a, b);
      }
    }
    // The end: the same table on both phones, after a reload too.
    await inStep(a, b);
    const table = await new GameScreen(a.page).totals();
    for (const p of [a, b]) {
      await p.page.reload();
      await p.page.getByTestId('hand-form').waitFor();
    }
    await inStep(a, b);
    assert.deepEqual(await new GameScreen(b.page).totals(), table);
    console.log(`# club_stress figures ${JSON.stringify({ ...figures, games })}`);
  } finally {
    setPhoneOnline('A', true);
    setPhoneOnline('B', true);
    await a.close();
    await b.close();
  }
});

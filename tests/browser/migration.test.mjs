// The move from the localStorage release: a profile holding what that
// release wrote (captured by driving it: tests/fixtures/v1-localstorage.json)
// opens this version; every game is listed and shows the same scores, the
// half-typed hand, the roster and the value kept aside come along, the old
// keys are gone and the theme stays.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { homeReady, openApp } from './harness.mjs';
import { GameScreen } from './pages.mjs';
import { idbDump } from './idb.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixture = JSON.parse(fs.readFileSync(path.join(here, '../fixtures/v1-localstorage.json'), 'utf8'));

test('data written by the localStorage release moves in whole', async () => {
  const app = await openApp();
  const { page, url } = app;
  try {
    // The profile as the previous release left it, then this version starts.
    // (From a page of the origin that is not the app, so no connection is
    // open while the database the first load made is removed.)
    await page.goto(url + '/manifest.webmanifest');
    await page.evaluate(async (data) => {
      await new Promise((res, rej) => {
        const r = indexedDB.deleteDatabase('chicken-scores');
        r.onsuccess = res; r.onerror = () => rej(r.error); r.onblocked = () => rej(new Error('blocked'));
      });
      localStorage.clear();
      for (const [k, v] of Object.entries(data)) localStorage.setItem(k, v);
    }, fixture.localStorage);
    await page.goto(url + '/');
    await homeReady(page);
    await page.waitForFunction(() => !document.querySelector('[data-testid=opening]'));
    const body = await page.locator('body').textContent();
    for (const g of fixture.expect) {
      // Listed (in progress on home, or counted as finished).
      const label = g.players.join(', ');
      if (!/🏆|Game over/.test(g.text)) assert.ok(body.includes(label), `${label} listed`);
    }
    // Every game shows what the previous release showed.
    for (const g of fixture.expect) {
      await page.goto(`${url}/play/${g.kind}/${g.id}`);
      await page.getByTestId('leaders').waitFor();
      const game = new GameScreen(page);
      assert.deepEqual(await game.totals(), g.totals, `${g.kind} ${g.players}`);
      assert.equal(await game.rowCount(), g.rows, `${g.kind} ${g.players} rows`);
    }
    // The old keys are gone once the move is verified; the theme stays (and
    // this version's own: home's height, drafts in flight).
    const left = await page.evaluate(() => Object.keys(localStorage)
      .filter((k) => !k.startsWith('chicken.pending.') && k !== 'chicken.home-top'));
    assert.deepEqual(left, Object.keys(fixture.localStorage).filter((k) => k === 'chicken.theme'));
    const dump = await idbDump(page);
    assert.ok(dump.meta['migrated.v1']);
    assert.ok(dump.meta.roster);
    const oldDrafts = Object.keys(fixture.localStorage).filter((k) => k.startsWith('chicken.draft.'));
    assert.equal(Object.keys(dump.drafts).length, oldDrafts.length);
    const oldAside = Object.keys(fixture.localStorage).filter((k) => k.startsWith('chicken.quarantine.'));
    assert.ok(Object.keys(dump.aside).length >= oldAside.length);
    // The half-typed hand (Ann went out, Bob's 7) is back in its form.
    const cf = fixture.expect.find((e) => e.players.join() === 'Ann,Bob,Cy');
    await page.goto(`${url}/play/chickenfoot/${cf.id}`);
    await page.getByTestId('leaders').waitFor();
    assert.equal(await page.getByLabel('Bob: pips left').inputValue(), '7');
    assert.equal(await page.getByRole('button', { name: 'Ann went out', exact: true }).getAttribute('aria-pressed'), 'true');
    // A second start changes nothing.
    const again = JSON.stringify(await idbDump(page));
    await page.goto(url + '/');
    // The lists show once storage has opened, and it opens after the move
    // from localStorage has been checked (and done, were it needed).
    await page.getByTestId('in-progress').waitFor();
    const after = await idbDump(page);
    assert.deepEqual(after.games, JSON.parse(again).games);
    assert.deepEqual(app.errors, []);
  } finally {
    await app.close();
  }
});

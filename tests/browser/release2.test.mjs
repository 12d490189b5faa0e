// Games of all six kinds as release 2 stored them (schema 2, a seed for
// each random outcome: tests/fixtures/release-2) open in this release with
// the totals and the status their screens showed then; the first open
// saves each in this release's shape (schema 3, the outcomes stored as
// values, the next revision) and a second open changes nothing more.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openApp, poll } from './harness.mjs';
import { GameScreen } from './pages.mjs';
import { idbDump, idbPoke, idbSeed } from './idb.mjs';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/release-2');
// A seed is a 64-bit integer, beyond JavaScript's exact numbers: it is
// carried through as text, so each record is stored exactly as written.
const BIG = /"seed": (\d{16,})/g;
const fixtures = fs.readdirSync(dir)
  .filter((f) => f !== 'goal-decks.json')
  .map((f) => {
    const text = fs.readFileSync(path.join(dir, f), 'utf8').replace(BIG, '"seed": "big:$1"');
    const fixture = JSON.parse(text);
    const raw = JSON.stringify(fixture.record).replace(/"big:(\d+)"/g, '$1');
    return { name: f.replace(/\.json$/, ''), raw, ...fixture };
  });

/** The summary release 2 kept beside a record (the lists read it). */
function summaryOf(record, screen) {
  return {
    schema: 2, id: record.id, rev: record.rev, kind: record.kind, players: record.players,
    created_ms: record.created_ms, updated_ms: record.created_ms + 60000, finished: screen.outcome !== null,
    summary: screen.outcome ? 'Game over' : (screen.status[0] || 'In progress'),
  };
}

test('release 2 games of every kind open with the totals and status they showed, upgraded once', { timeout: 180000 }, async () => {
  const app = await openApp();
  const { page, url } = app;
  try {
    await idbSeed(page, fixtures.map(({ record, screen }) => ({ record, summary: summaryOf(record, screen) })));
    for (const { record, raw } of fixtures) await idbPoke(page, 'games', record.id, raw);
    for (const { name, record, screen } of fixtures) {
      await page.goto(`${url}/play/${record.kind}/${record.id}`);
      await page.locator('[data-testid=leaders], [data-testid=problem]').first().waitFor();
      if (await page.getByTestId('problem').count()) assert.fail(`${name}: ${await page.getByTestId('problem').textContent()}`);
      const game = new GameScreen(page);
      const shown = await game.totals();
      const want = Object.fromEntries(record.players.map((p, i) => [p, Number(screen.totals[i])]));
      assert.deepEqual(shown, want, `${name}: totals`);
      if (screen.outcome === null) {
        const status = await game.status().textContent();
        for (const line of screen.status) assert.ok(status.includes(line), `${name}: "${line}" in "${status}"`);
      }
      // Saved once in this release's shape, at the next revision.
      const stored = await poll(async () => {
        const now = JSON.parse((await idbDump(page)).games[record.id]);
        return now.schema === 3 && now;
      }) || JSON.parse((await idbDump(page)).games[record.id]);
      assert.equal(stored.schema, 3, `${name}: saved in schema 3`);
      assert.equal(stored.rev, record.rev + 1, `${name}: one save`);
      assert.ok(!JSON.stringify(stored).includes('"seed"'), `${name}: no seed left`);
      if (record.kind === 'playing-chicken' && record.settings.goal_source !== 'typed') {
        assert.equal(stored.settings.deck.length, 15, `${name}: the goal deck stored`);
      }
    }
    // A second open reads schema 3 as it is: nothing is written.
    const before = await idbDump(page);
    for (const { record } of fixtures) {
      await page.goto(`${url}/play/${record.kind}/${record.id}`);
      await page.getByTestId('leaders').waitFor();
    }
    const after = await idbDump(page);
    assert.deepEqual(after.games, before.games, 'opened again: every record as it was');
    assert.deepEqual(app.errors, []);
  } finally {
    await app.close();
  }
});

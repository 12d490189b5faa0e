// Finished games as the app stores them (record and summary), written
// straight into IndexedDB by the tests that need a history (idb.mjs).

/** A finished Chickenfoot Double-6 game as stored, and its summary.
 *  `hands` are [out seat, pips by seat]; `keepRanks` false writes a
 *  summary as the app did before places were kept. */
export function chickenfoot(id, created, players, hands, keepRanks = true) {
  const log = hands.map(([out, pips]) => ({ out, left: pips.map((p) => ({ pips: p })) }));
  const totals = players.map((_, i) => hands.reduce((t, [, pips]) => t + pips[i], 0));
  const ranks = totals.map((t) => 1 + totals.filter((o) => o < t).length);
  const leaders = ranks.flatMap((r, i) => (r === 1 ? [i] : []));
  const names = leaders.map((i) => players[i]);
  const record = { schema: 2, id, rev: 8, kind: 'chickenfoot', rules_version: 1, created_ms: created, players, settings: { set: 'd6' }, log };
  const summary = {
    schema: 2, id, rev: 8, kind: 'chickenfoot', players, created_ms: created, updated_ms: created + 60000, finished: true,
    summary: names.length === 1 ? `Won by ${names[0]}` : `Shared by ${names.join(' & ')}`,
    totals: totals.map(String), leaders, ...(keepRanks ? { ranks } : {}),
  };
  return { record, summary };
}

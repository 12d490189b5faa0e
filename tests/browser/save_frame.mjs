// What one save costs on screen, shared by the benchmark (bench.mjs) and
// the render test (render.test.mjs): the 10-player Chickenfoot game with
// 15 hands recorded, and a measured tap on Save for hand 16.

// The schema the game is written in: this release's (3), or 2 to measure a
// build of release 2 side by side (CHICKEN_SCHEMA=2).
const SCHEMA = Number(process.env.CHICKEN_SCHEMA || 3);

/** The 10-player Double-15 game holding `hands` hands (15 by default: the
 *  16th, the last the rules allow, ends the game). */
export function bigGame(id = 'bench10', hands = 15) {
  const players = Array.from({ length: 10 }, (_, i) => `Player ${i + 1}`);
  const log = Array.from({ length: hands }, (_, h) => ({
    out: h % 10,
    left: players.map((_, i) => ({ pips: i === h % 10 ? 0 : 1 + ((h * 7 + i * 3) % 40) })),
  }));
  const now = Date.now();
  const record = { schema: SCHEMA, id, rev: 1, kind: 'chickenfoot', rules_version: 1, created_ms: now, players, settings: { set: 'd15' }, log };
  const summary = { schema: SCHEMA, id, rev: 1, kind: 'chickenfoot', players, created_ms: now, updated_ms: now, finished: false, summary: `Hand ${hands + 1} of 16` };
  return { record, summary };
}

/** Notes when each read-write IndexedDB transaction commits (its
 *  `complete` event), in `window.__commits`: the save's commit is the first
 *  after the tap. Install with `page.addInitScript(recordCommits)`. */
export function recordCommits() {
  window.__commits = [];
  const open = IDBDatabase.prototype.transaction;
  IDBDatabase.prototype.transaction = function (stores, mode, ...rest) {
    const tx = open.call(this, stores, mode, ...rest);
    if (mode === 'readwrite') tx.addEventListener('complete', () => window.__commits.push(performance.now()));
    return tx;
  };
}

/** Fills in hand 16 (Player 1 out, the others 2..10 pips). */
export async function fillHand(page) {
  await page.getByRole('button', { name: 'Player 1 went out', exact: true }).click();
  for (let i = 2; i <= 10; i++) await page.getByLabel(`Player ${i}: pips left`).fill(String(i));
}

/** Taps Save (hand already filled in) and measures, in the page:
 *  - `rows_ms`: tap to the rAF callback after the new row is in the DOM
 *    (the benchmark's earlier figure: before that frame's layout and paint),
 *  - `painted_ms`: tap to the end of that frame: a task posted from the rAF
 *    callback (MessageChannel) runs after the frame's style, layout and
 *    paint,
 *  - `frame_end_ms`: tap to the end of the rendering of the frame that
 *    shows the new row, from Chromium's long-animation-frame entries (null
 *    if that frame was not long, over 50 ms): `painted_ms` can include a
 *    task that runs after the frame and before its mark,
 *  - `committed_ms`: tap to the save's IndexedDB transaction committing
 *    (needs `recordCommits`; null without it), and `after_commit_ms`: from
 *    there to the end of the frame (negative: the frame ended first),
 *  - `mutations`: what a MutationObserver on the document saw from the tap
 *    to that frame's callback (what the frame shows): nodes added, removed,
 *    attribute writes, text (characterData) writes, and `total`; `by_region`: the same total split
 *    by the part of the screen written (leaders, sheet, entry form, other),
 *  - `later`: the mutations in the next second (the save note fading in,
 *    the form's cool-down ending).
 *  The new row may show before the commit, marked as being saved:
 *  `shown_before_commit` says if it did, `marked_saving` whether it was
 *  marked then, `before_commit` counts the mutations seen before the
 *  commit; `saved_ms` is tap to the row no longer marked, and
 *  `note_while_saving` says if "Saved …" was written while a row was still
 *  marked as being saved (it must not be). */
export async function measureSave(page) {
  return page.evaluate(() => new Promise((resolve) => {
    const rowCount = () => document.querySelectorAll('table.sheet tbody tr:not(.row-details)').length;
    const before = rowCount();
    const counts = { added: 0, removed: 0, attributes: 0, characterData: 0 };
    const regions = { leaders: 0, sheet: 0, entry: 0, other: 0 };
    const region = (node) => {
      const el = node.nodeType === 1 ? node : node.parentElement;
      if (!el) return 'other';
      if (el.closest('[data-testid=leaders]')) return 'leaders';
      if (el.closest('table.sheet, .sheet-wrap')) return 'sheet';
      if (el.closest('#entry')) return 'entry';
      return 'other';
    };
    let shownAt = null;
    let savedAt = null;
    let markedSaving = null;
    let noteWhileSaving = false;
    const isNote = (n) => n.nodeType === 1 && (n.matches('[data-testid=saved-note]') || n.querySelector('[data-testid=saved-note]'));
    let phase = 'save';
    let beforeCommit = 0;
    const later = { added: 0, removed: 0, attributes: 0, characterData: 0 };
    const tally = (records) => {
      const into = phase === 'save' ? counts : later;
      for (const r of records) {
        let n = 0;
        if (r.type === 'childList') {
          into.added += r.addedNodes.length;
          into.removed += r.removedNodes.length;
          n = r.addedNodes.length + r.removedNodes.length;
        } else {
          into[r.type] += 1;
          n = 1;
        }
        if (phase === 'save') regions[region(r.target)] += n;
      }
    };
    const obs = new MutationObserver((records) => {
      if (!(window.__commits || []).some((c) => c >= t0)) beforeCommit += records.length;
      tally(records);
      const saving = document.querySelector('table.sheet tbody tr.saving') !== null;
      if (saving && records.some((r) => [...r.addedNodes].some(isNote))) noteWhileSaving = true;
      if (savedAt === null && !saving && rowCount() === before + 1) savedAt = performance.now();
      if (shownAt === null && rowCount() === before + 1) {
        shownAt = performance.now();
        markedSaving = saving;
        requestAnimationFrame(() => {
          const raf = performance.now();
          // What this frame shows: every change made before its callbacks
          // (style, layout and paint follow them; a task after the frame
          // belongs to the next one).
          tally(obs.takeRecords());
          phase = 'later';
          const ch = new MessageChannel();
          ch.port1.onmessage = () => {
            const end = performance.now();
            const result = {
              rows_ms: raf - t0,
              painted_ms: end - t0,
              mutations: { ...counts, total: counts.added + counts.removed + counts.attributes + counts.characterData },
              by_region: regions,
            };
            setTimeout(() => {
              tally(obs.takeRecords());
              obs.disconnect();
              // The commit may come after the frame that shows the row.
              const commit = (window.__commits || []).find((c) => c >= t0);
              result.committed_ms = commit === undefined ? null : commit - t0;
              result.after_commit_ms = commit === undefined ? null : end - commit;
              result.shown_before_commit = commit === undefined ? null : shownAt < commit;
              result.before_commit = commit === undefined ? null : beforeCommit;
              result.marked_saving = markedSaving;
              result.saved_ms = savedAt === null ? null : savedAt - t0;
              result.saved_after_commit = savedAt === null || commit === undefined ? null : savedAt >= commit;
              result.note_while_saving = noteWhileSaving;
              loaf.disconnect();
              const frame = frames.find((f) => f.renderStart > 0 && f.renderStart >= shownAt);
              result.frame_end_ms = frame ? frame.startTime + frame.duration - t0 : null;
              result.later = { ...later, total: later.added + later.removed + later.attributes + later.characterData };
              resolve(result);
            }, 1000);
          };
          ch.port2.postMessage(0);
        });
      }
    });
    obs.observe(document.body, { childList: true, subtree: true, attributes: true, characterData: true });
    // Chromium's long animation frames (LoAF): the frame that renders the
    // new row, to the end of its rendering (style, layout, paint), whatever
    // tasks run after it.
    const frames = [];
    const loaf = new PerformanceObserver((list) => frames.push(...list.getEntries()));
    try { loaf.observe({ type: 'long-animation-frame' }); } catch { /* not in this browser */ }
    const t0 = performance.now();
    document.querySelector('[data-testid="save-hand"]').click();
  }));
}

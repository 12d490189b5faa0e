// Probe: two tabs on one game tap Save at once, N times (argument, default 5),
// with each tab's press, lift and click logged and the Save button's removals;
// prints each run's stored hands and whether a tap was lost (saved nothing,
// said nothing), with the logs of a lost one. Any engine (ENGINE=...).
// Measured the tap lost under a rebuilt form (docs/engines.md).
import { openApp, poll } from './harness.mjs';
import { HomeScreen, GameScreen } from './pages.mjs';
import { idbDump } from './idb.mjs';

const N = Number(process.argv[2] || 5);
const rec = () => {
  window.__log = [];
  const t0 = performance.now();
  const d = (e) => { const el = e.target; return el?.dataset?.testid || (el?.tagName + ':' + (el?.textContent || '').slice(0, 20)) + (el?.isConnected ? '' : '(detached)'); };
  for (const ty of ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click']) {
    document.addEventListener(ty, (e) => window.__log.push(`${Math.round(performance.now() - t0)} ${ty} ${d(e)} y=${Math.round(e.clientY)} sY=${Math.round(scrollY)}`), true);
  }
  new MutationObserver((ms) => {
    for (const m of ms) for (const n of m.removedNodes) {
      if (n.nodeType === 1 && (n.matches?.('[data-testid=save-hand]') || n.querySelector?.('[data-testid=save-hand]'))) window.__log.push(`${Math.round(performance.now() - t0)} save-hand removed`);
    }
  }).observe(document.body, { childList: true, subtree: true });
  const b = document.querySelector('[data-testid=save-hand]');
  window.__log.push(`save-hand at y=${Math.round(b.getBoundingClientRect().y)} scrollY=${scrollY}`);
};
async function fill(page, pips) {
  const game = new GameScreen(page);
  await game.wentOut('Ann');
  await game.typePips('Bob', String(pips));
}
const pipsOf = async (page, id) => JSON.parse((await idbDump(page)).games[id]).log.map((h) => h.left[1].pips);
let bad = 0;
for (let run = 0; run < N; run++) {
  const app = await openApp();
  try {
    const a = app.page;
    const setup = await new HomeScreen(a).startNew('chickenfoot');
    await setup.addPlayers(['Ann', 'Bob']);
    await setup.choose('Domino set', 'Double-15');
    await setup.start();
    const gameUrl = a.url();
    const id = gameUrl.split('/').pop();
    const b = await app.context.newPage();
    await b.goto(gameUrl);
    await b.getByTestId('leaders').waitFor();
    const A = new GameScreen(a), B = new GameScreen(b);
    for (const [p, P, q, Q, n] of [[a, A, b, B, 5], [b, B, a, A, 7], [b, B, a, A, 9], [a, A, b, B, 11]]) {
      await fill(p, n); await P.save(); const rows = (await pipsOf(a, id)).length; await P.waitRows(rows); await Q.waitRows(rows);
    }
    await fill(a, 13); await fill(b, 15);
    await a.evaluate(`(${rec})()`); await b.evaluate(`(${rec})()`);
    await Promise.all([a.getByTestId('save-hand').click(), b.getByTestId('save-hand').click()]);
    let pips;
    try {
      pips = await poll(async () => {
        const now = await pipsOf(a, id);
        const refused = await a.getByTestId('save-error').count() + await b.getByTestId('save-error').count();
        return (now.length === 6 || refused > 0) && now;
      }, { timeout: 8000 });
    } catch { pips = false; }
    if (!Array.isArray(pips)) pips = await pipsOf(a, id);
    const ok = pips.length === 6 || (await a.getByTestId('save-error').count() + await b.getByTestId('save-error').count()) > 0;
    console.log(`run ${run}: stored ${pips.join(',')} ${ok ? 'ok' : 'LOST'}`);
    if (!ok) {
      bad++;
      console.log('A:', (await a.evaluate('window.__log')).join(' | '));
      console.log('B:', (await b.evaluate('window.__log')).join(' | '));
      console.log('A form:', await a.getByLabel('Bob: pips left').inputValue().catch((e) => e.message), 'B form:', await b.getByLabel('Bob: pips left').inputValue().catch((e) => e.message));
    } else if (run === 0) {
      console.log('A:', (await a.evaluate('window.__log')).join(' | '));
      console.log('B:', (await b.evaluate('window.__log')).join(' | '));
    }
  } finally { await app.close(); }
}
console.log(`${bad} of ${N} lost`);

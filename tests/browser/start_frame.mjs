// Start on a new-game form, measured in the page: shared by the benchmark
// (bench.mjs `start`, `open`) and its trace (trace_start.mjs).
import { NewGameScreen } from './pages.mjs';

/** From home: New Chickenfoot, four players seated, and the score
 *  screen's code arrived (fetched while the form is filled). */
export async function fillNewChickenfoot(page) {
  await page.getByTestId('new-chickenfoot').click();
  await new NewGameScreen(page).addPlayers(['Ann', 'Bob', 'Cy', 'Dee']);
  await page.waitForFunction(() => performance.getEntriesByType('resource')
    .some((e) => e.name.includes('split_games_chunk') && e.responseEnd > 0));
  // And its score screen built once off-screen (src/app/game/warm.rs), as
  // a person seating players gives it time; a build without it waits 3 s.
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-warmed'), null, { timeout: 3000 }).catch(() => {});
}

/** Taps `selector` in the page: ms from the tap to the end of the frame
 *  showing a score screen ready for an entry (a task posted from that
 *  frame's rAF callback). */
export function tapToScoreScreen(page, selector) {
  return page.evaluate((selector) => new Promise((resolve) => {
    const target = document.querySelector(selector);
    const tap = performance.now();
    new MutationObserver((_, obs) => {
      if (!document.querySelector('[data-testid=save-hand]')) return;
      obs.disconnect();
      requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - tap)));
    }).observe(document.body, { childList: true, subtree: true });
    target.click();
  }), selector);
}

// Shared set-up for the browser tests and the benchmark: serve the release
// build from dist/ on 127.0.0.1 and drive a phone (390×844) on the engine
// under test: Debian's headless Chromium with playwright-core (touch), or
// WebKit or Gecko through engines/ (ENGINE=webkit|firefox).
import path from 'node:path';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startServer } from '../tools/static-server.mjs';
import { launchPhone } from './engines/index.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
export const DIST = process.env.CHICKEN_DIST || path.resolve(here, '../../dist');
// Every game's id, in the home screen's order: the build's manifest has a
// shortcut to each game's new-game page, written from the game registry
// (src/rules/mod.rs, by tests/tools/games.sh).
export const GAME_IDS = gameIds(DIST);

/** The games of the build in `dist`, from its manifest's shortcuts. */
function gameIds(dist) {
  const file = path.join(dist, 'manifest.webmanifest');
  if (!fs.existsSync(file)) return [];
  const urls = (JSON.parse(fs.readFileSync(file, 'utf8')).shortcuts || []).map((s) => s.url);
  const ids = urls.map((u) => /^\/play\/([^/]+)\/new$/.exec(u)?.[1]);
  if (ids.length === 0 || ids.some((id) => !id)) {
    throw new Error(`${file}: expected a shortcut to /play/<id>/new per game, found ${JSON.stringify(urls)}`);
  }
  return ids;
}

import { ENGINE } from './engines/index.mjs';
import { removeDir } from './engines/process.mjs';
export { CHROMIUM_ARGS, ENGINE } from './engines/index.mjs';

/** Waits for home to have read storage: its "Finished games (N)" link
 *  (the page's static copy, painted before the app runs, says
 *  "Finished games" without a count). */
export async function homeReady(page) {
  await page.getByTestId('history-link').filter({ hasText: /\(\d+\)/ }).waitFor();
}

/** Serves dist/ and opens a fresh phone on the engine under test (ENGINE,
 *  engines/index.mjs); `features`: WebKit's, as launchPhone takes them.
 *  Call `close()` after. */
export async function openApp({ colorScheme = 'light', width = 390, height = 844, features, allow } = {}) {
  if (!fs.existsSync(path.join(DIST, 'index.html'))) {
    throw new Error('dist/ has no build: run `trunk build --release` first');
  }
  const server = await startServer(DIST, 0, '127.0.0.1');
  const url = `http://127.0.0.1:${server.address().port}`;
  const phone = await launchPhone({ colorScheme, width, height, features, allow });
  const { page, context, errors } = phone;
  await page.goto(url + '/');
  // The app is running and its storage open (not only the page's static home).
  await homeReady(page);
  return {
    page, url, context, errors, engine: phone.engine, server, phone, allow: phone.allow,
    async close() {
      await phone.close();
      await new Promise((r) => server.close(r));
      removeDir(phone.profile);
    },
  };
}

/**
 * The file a download link gives, as { name, text }. On Chromium the link
 * is tapped and the download caught; the WebDriver engines have no
 * download event, so there the file is read from the link's own address
 * (the Blob the app made) under the name it offers.
 */
export async function downloadFrom(page, link) {
  if (ENGINE === 'chromium') {
    const [dl] = await Promise.all([page.waitForEvent('download'), link.click()]);
    return { name: dl.suggestedFilename(), text: Buffer.concat(await (await dl.createReadStream()).toArray()).toString() };
  }
  await link.waitFor();
  const name = await link.getAttribute('download');
  const text = await link.evaluate((a) => fetch(a.href).then((r) => r.text()));
  return { name, text };
}

/**
 * Waits for a condition that needs an asynchronous read (IndexedDB, the
 * caches, the service worker, the test server): calls `check` until it
 * returns a truthy value, and returns that value; once `timeout` ms have
 * passed it returns the last (falsy) value, for the caller's assertion to
 * say what is wrong. Playwright's `expect.poll`, for node:test.
 * (`page.waitForFunction` cannot wait on a promise: a pending promise is
 * truthy, so an async predicate passes at once.)
 */
export async function poll(check, { timeout = 10_000, interval = 100 } = {}) {
  const end = Date.now() + timeout;
  for (;;) {
    const value = await check();
    if (value || Date.now() >= end) return value;
    await new Promise((r) => setTimeout(r, interval));
  }
}

/** Settles with `promise`, or fails after `ms` saying `what` did not happen. */
export function within(promise, ms, what) {
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * Waits until the screen is still: no "Opening your games…" placeholder,
 * nothing marked busy, and no CSS transition or (finite) animation running,
 * so what is measured or audited is what stays on screen.
 */
export async function screenStill(page, timeout = 10_000) {
  await page.waitForFunction(() => !document.querySelector('[data-testid=opening], [aria-busy=true]')
    && document.getAnimations().every((a) => a.playState !== 'running'
      || a.effect?.getComputedTiming().iterations === Infinity), null, { timeout });
}

/**
 * How much wider than the phone the page is (0 when it fits): its width
 * against the viewport the test set. Not against `window.innerWidth`: a
 * phone-emulating Chromium widens the layout viewport to the content, so
 * that difference is 0 however wide the page is.
 */
export async function overflow(page) {
  const { width } = page.viewportSize();
  const over = await page.evaluate((width) => document.documentElement.scrollWidth - width, width);
  if (over > 0) {
    // What sticks out, for the person reading the failure: the innermost
    // elements reaching past the phone's right edge.
    const out = await page.evaluate((width) => [...document.body.querySelectorAll('*')]
      .filter((e) => e.getBoundingClientRect().right > width + 1 && ![...e.children].some((c) => c.getBoundingClientRect().right > width + 1))
      .slice(0, 3).map((e) => `${e.tagName.toLowerCase()}.${[...e.classList].join('.')} "${e.textContent.trim().slice(0, 40)}"`), width);
    console.error(`${page.url()}: ${over}px wider than the phone: ${out.join('; ')}`);
  }
  return over;
}

/** Where the readability walk (readable.test.mjs) leaves its screenshots. */
export const READABLE_SHOTS = path.join(here, 'output', 'readable');

/**
 * Checks the screen as it is now for text that does not read cleanly
 * (`textProblems`), in the dark theme and in the light one, and leaves a
 * screenshot of it in dark in READABLE_SHOTS/<screen>.png. Returns the
 * problems, each prefixed by `screen`. `names`: the players' names, which
 * may break anywhere (a long name has nowhere else to break). Leaves the
 * page in dark.
 */
export async function readableScreen(page, screen, names = []) {
  const out = [];
  for (const colorScheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme });
    for (const p of await textProblems(page, names)) out.push(`${screen} (${colorScheme}): ${p}`);
  }
  fs.mkdirSync(READABLE_SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(READABLE_SHOTS, `${screen.replace(/[^\w-]+/g, '-')}.png`), fullPage: true });
  return out;
}

/**
 * Text that does not read cleanly on the screen, each as "<what>: <text>":
 * - "cut": an element whose overflow hides (or ellipsizes) its text and
 *   whose content is wider or taller than its box; "spills": its text
 *   wider than its box, over its border;
 * - "broken": a word split over two lines (its range has two line boxes),
 *   or text that allows it (`overflow-wrap: anywhere`, `word-break:
 *   break-all`) on an element whose text is not one of `names` (a
 *   player's name: a long one has nowhere else to break).
 * Only visible elements count.
 */
export async function textProblems(page, names = []) {
  return page.evaluate((names) => {
    const out = [];
    const visible = (el) => {
      const r = el.getBoundingClientRect();
      const cs = getComputedStyle(el);
      return r.width > 0 && r.height > 0 && cs.visibility !== 'hidden' && cs.display !== 'none';
    };
    const short = (t) => t.replace(/\s+/g, ' ').trim().slice(0, 60);
    // Where it is: the element's tag and classes, and its parent's.
    const where = (el) => {
      const one = (e) => e ? e.tagName.toLowerCase() + [...e.classList].map((c) => `.${c}`).join('') : '';
      return `${one(el.parentElement)} > ${one(el)}`;
    };
    // Text kept for screen readers only (clipped on purpose) is not on screen.
    const offScreen = (cs) => cs.clipPath !== 'none' || (cs.clip && cs.clip !== 'auto');
    for (const el of document.body.querySelectorAll('*')) {
      if (!visible(el) || !el.textContent.trim()) continue;
      const cs = getComputedStyle(el);
      if (offScreen(cs)) continue;
      const hides = (v) => v === 'hidden' || v === 'clip';
      const ownText = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
      const scrolls = (v) => v === 'auto' || v === 'scroll';
      if (ownText && (hides(cs.overflowX) || cs.textOverflow === 'ellipsis') && el.scrollWidth > el.clientWidth + 1) {
        out.push(`cut: ${short(el.textContent)} [${where(el)}]`);
      } else if (ownText && !scrolls(cs.overflowX) && cs.display !== 'inline' && el.scrollWidth > el.clientWidth + 1) {
        // Wider than its box, spilling over its border (under whatever is
        // beside it).
        out.push(`spills: ${short(el.textContent)} [${where(el)}]`);
      } else if (ownText && hides(cs.overflowY) && el.scrollHeight > el.clientHeight + 1) {
        out.push(`cut: ${short(el.textContent)} [${where(el)}]`);
      }
      if (ownText && (cs.overflowWrap === 'anywhere' || cs.wordBreak === 'break-all') && !names.includes(el.textContent.trim())) {
        out.push(`may break words: ${short(el.textContent)} [${where(el)}]`);
      }
    }
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    // Text past the edge of a box further up that hides its overflow (a
    // sub-line in a narrow cell): cut where no ellipsis says so.
    const clippedBy = (n) => {
      range.selectNodeContents(n);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0);
      if (!rects.length) return null;
      const left = Math.min(...rects.map((r) => r.left));
      const right = Math.max(...rects.map((r) => r.right));
      // An ellipsis says so only on the box the text flows in (the first
      // that is not inline): a cell's does not reach a button's text.
      let flowsIn = true;
      for (let e = n.parentElement; e && e !== document.body; e = e.parentElement) {
        const cs = getComputedStyle(e);
        if ((flowsIn && cs.textOverflow === 'ellipsis') || offScreen(cs)) return null;
        if (cs.display !== 'inline') flowsIn = false;
        if (cs.overflowX === 'auto' || cs.overflowX === 'scroll') return null;
        if (cs.overflowX === 'hidden' || cs.overflowX === 'clip') {
          const box = e.getBoundingClientRect();
          if (right > box.right + 1 || left < box.left - 1) return e;
        }
      }
      return null;
    };
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (!n.parentElement || !visible(n.parentElement)) continue;
      if (n.textContent.trim()) {
        const by = clippedBy(n);
        if (by) out.push(`cut by a box further up: ${short(n.textContent)} [${where(n.parentElement)} in ${where(by)}]`);
      }
      for (const m of n.textContent.matchAll(/\S+/g)) {
        range.setStart(n, m.index);
        range.setEnd(n, m.index + m[0].length);
        const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (lines.size < 2) continue;
        // Where the word goes to a new line: fine only after a hyphen or
        // dash in a compound ("lowest-/valued", "80-/card"), as printed
        // text breaks; never inside a word or a number ("9-/9", "5–/9").
        const top = (k) => {
          range.setStart(n, m.index + k);
          range.setEnd(n, m.index + k + 1);
          const r = [...range.getClientRects()].find((x) => x.width > 0);
          return r ? Math.round(r.top) : null;
        };
        const w = m[0];
        let bad = false;
        for (let k = 1; k < w.length; k++) {
          const a = top(k - 1); const b = top(k);
          if (a === null || b === null || Math.abs(a - b) < 8) continue;
          const afterDash = /[-–]/.test(w[k - 1]) && !(/\d/.test(w[k - 2] || '') && /\d/.test(w[k]));
          if (!afterDash) bad = true;
        }
        if (bad) out.push(`broken: ${w} [${where(n.parentElement)}]`);
      }
    }
    return [...new Set(out)];
  }, names);
}

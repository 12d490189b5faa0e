// Gecko for the browser tests: Debian's firefox-esr, headless, driven over
// WebDriver BiDi by puppeteer-core (npm; it downloads no browser here: it
// is given Debian's). The profile is a folder of ours, so a killed browser
// comes back to what it had written.
import fs from 'node:fs';
import path from 'node:path';
import puppeteer from 'puppeteer-core';
import { childPids, waitGone } from './process.mjs';

/** Firefox's line for a load the service worker answered when the page
 *  cancelled it (dom.properties' InterceptionFailedWithURL). */
const SW_CUT_SHORT = /^Failed to load ‘[^’]+’\. A ServiceWorker intercepted the request and encountered an unexpected error\.$/;


export const FIREFOX_BIN = process.env.FIREFOX || '/usr/bin/firefox-esr';

/** Starts a Firefox phone with its profile in `profile`. */
export async function launchFirefox({ profile, width, height, colorScheme, onEvent }) {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_BIN,
    headless: true,
    userDataDir: profile,
    defaultViewport: { width, height },
    extraPrefsFirefox: {
      // prefers-color-scheme for pages: 0 dark, 1 light.
      'layout.css.prefers-color-scheme.content-override': colorScheme === 'dark' ? 0 : 1,
      // Scrollbars over the page, as on a phone (not 12 px beside it).
      'ui.useOverlayScrollbars': 1,
      'widget.gtk.overlay-scrollbars.enabled': true,
      // Nothing of Mozilla's own on this closed network.
      'browser.newtabpage.enabled': false,
      'app.normandy.enabled': false,
      'messaging-system.rsexperimentloader.enabled': false,
    },
  });
  return new FirefoxBackend(browser, onEvent, { width, height }, profile);
}

class FirefoxBackend {
  constructor(browser, onEvent, viewport, profile) {
    this.profile = profile;
    this.engine = 'firefox';
    this.viewport = viewport;
    this.browser = browser;
    this.onEvent = onEvent;
    this.pid = browser.process()?.pid;
    this.version = null;
  }

  /** Runs `work` (a navigation of the test's). */
  async leave(work) {
    return work();
  }

  /** Whether `text` is Firefox's line for a load of the page's that was
   *  cut short while the service worker answered it: logged as an error by
   *  Gecko alone (WebKit's are left out so too, webkit.mjs; Chromium logs
   *  nothing). It was left out only while a page was left and 3 s after,
   *  then 10 s; under CI's load one still came later than that (a11y,
   *  CI of 7c3652b), so it is left out whenever it comes. A load the page
   *  still needed fails the test by what the screen then shows. */
  cutShort(text) {
    return SW_CUT_SHORT.test(text);
  }

  async init() {
    this.version = (await this.browser.version()).replace(/^firefox\//i, 'Firefox ');
    return this;
  }

  listen(page) {
    // Gecko reports the line as a script error too (BiDi's "javascript"
    // log entry, which puppeteer gives as a page error: CI of 5e71990).
    page.on('pageerror', (e) => {
      const text = String(e?.message ?? e);
      if (!this.cutShort(text)) this.onEvent?.({ kind: 'pageerror', text });
    });
    page.on('console', (m) => {
      if (m.type() === 'error' && !this.cutShort(m.text())) this.onEvent?.({ kind: 'console', type: 'error', text: m.text() });
    });
    page.on('dialog', (d) => { this.onEvent?.({ kind: 'dialog', text: d.message() }); d.dismiss().catch(() => {}); });
  }

  tab(page) {
    this.listen(page);
    return {
      engine: 'firefox',
      handle: page,
      exec: (source, args) => page.evaluate(`(${source})(...${JSON.stringify(args)})`),
      element: async (source, args) => {
        const h = await page.evaluateHandle(`(${source})(...${JSON.stringify(args)})`);
        const el = h.asElement();
        if (!el) await h.dispose();
        return el;
      },
      click: (h, { clickCount = 1 } = {}) => h.click({ count: clickCount }),
      type: (h, text) => h.type(text),
      press: (key) => page.keyboard.press(key),
      selectAll: async () => {
        await page.keyboard.down('Control');
        await page.keyboard.press('a');
        await page.keyboard.up('Control');
      },
      setFiles: (h, files) => h.uploadFile(...files),
      goto: (url) => this.leave(() => page.goto(url)),
      reload: () => this.leave(() => page.reload()),
      leave: (work) => this.leave(work),
      // Back into a page the back/forward cache kept fires no load: the
      // traversal is waited for as far as the document being there.
      back: () => this.leave(() => page.goBack({ waitUntil: 'domcontentloaded', timeout: 10_000 }))
        .catch((e) => { if (e.name !== 'TimeoutError') throw e; }),
      url: async () => page.url(),
      setViewport: ({ width, height }) => page.setViewport({ width, height }),
      screenshot: async () => Buffer.from(await page.screenshot()),
      close: () => page.close(),
    };
  }

  /** A second tab, in a window of its own: Firefox pauses the animation
   *  frames of a tab behind another in one window, as a phone does with a
   *  tab not shown; a test drives both, so both are shown. */
  async newTab() { return this.tab(await this.browser.newPage({ type: 'window' })); }

  /** The tab Firefox opened with (the default viewport reaches only the
   *  tabs opened later: it is given its size here). */
  async firstTab() {
    const [first] = await this.browser.pages();
    const page = first || await this.browser.newPage();
    await page.setViewport(this.viewport);
    return this.tab(page);
  }

  async close() { await this.browser.close(); }

  /** Kills the browser and its content processes at once. */
  async kill() {
    const pids = this.pid ? [this.pid, ...childPids(this.pid)] : [];
    for (const pid of pids) { try { process.kill(pid, 'SIGKILL'); } catch { /* gone */ } }
    await this.browser.disconnect().catch(() => {});
    // Gone before its profile is used again or removed (a content process
    // still ending wrote into it: ENOTEMPTY on removal, seen under load).
    await waitGone(pids);
    // Once the browser has exited, puppeteer puts the profile's own
    // prefs.js back from its copy (`prefs.js.puppeteer`): a launch on the
    // profile meanwhile lost prefs.js under it (ENOENT, CI's durability
    // test). Waited for, at most 5 s.
    const copy = path.join(this.profile, 'prefs.js.puppeteer');
    const end = Date.now() + 5000;
    while (fs.existsSync(copy) && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
  }
}

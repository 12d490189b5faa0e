// The browser engines the tests run on, one parameter: ENGINE=chromium
// (the default: Debian's Chromium through playwright-core), webkit
// (WebKitGTK through WebKitWebDriver) or firefox (Firefox ESR over WebDriver
// BiDi). `launchPhone` opens one phone (a browser with its own profile) and
// hands back a Playwright context and page, or, on WebKit and Gecko, the
// same API over their drivers (engines/page.mjs), so a test is written once.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'node:test';
import { chromium } from 'playwright-core';
import { ShimPage } from './page.mjs';
import { launchWebKit, webkitLogReader } from './webkit.mjs';
import { launchFirefox } from './firefox.mjs';

export const ENGINES = ['chromium', 'webkit', 'firefox'];
export const ENGINE = process.env.ENGINE || 'chromium';
if (!ENGINES.includes(ENGINE)) throw new Error(`ENGINE=${ENGINE}: expected one of ${ENGINES.join(', ')}`);

/** Every phone opened in this test file: after each test, what its pages
 *  reported since the last check (a page error, a promise rejected with no
 *  handler, a console error, a dialog) fails the test, except the lines the
 *  test allowed (`allow` at launch, or `phone.allow(...)`: the browser's own
 *  network lines in a test that makes the network fail on purpose). */
const watched = [];

afterEach(() => {
  const unexpected = [];
  for (const phone of watched) {
    const fresh = phone.errors.slice(phone.checked);
    phone.checked = phone.errors.length;
    unexpected.push(...fresh.filter((e) => !phone.allowed.some((re) => re.test(e))).map((e) => `${phone.engine}: ${e.slice(0, 400)}`));
  }
  if (unexpected.length) {
    throw new Error(`the app reported ${unexpected.length} error(s) no test expected:\n${unexpected.join('\n')}`);
  }
});

/** Adds `phone` to the phones checked after each test. */
function checkedAfterEachTest(phone, allow) {
  const entry = { engine: phone.engine, errors: phone.errors, checked: 0, allowed: [...allow] };
  watched.push(entry);
  phone.allow = (...res) => { entry.allowed.push(...res); };
  return phone;
}

export const CHROMIUM_ARGS = [
  '--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--disable-dev-shm-usage',
];

/**
 * Opens a phone on `engine`: `profile` is its browser profile (a new one
 * when not given). Returns { context, page, errors, profile, engine, kill,
 * close, allow }: `errors` collects page errors (thrown, or a promise
 * rejected unhandled), console errors and dialogs, and fails the test (see
 * `watched`) unless allowed; `kill()` ends the browser at once,
 * as a crash or the phone's system would, keeping the profile.
 */
/** Chromium's line for a manifest whose body was empty: seen once in CI
 *  (club_peer.test.mjs, stop 59) on a phone navigating between the club's
 *  pages, never locally; the manifest itself is checked by the install
 *  tests and tests/tools/manifest.mjs, so only this exact line is let
 *  through. */
const MANIFEST_CUT_SHORT = 'Manifest: Line: 1, column: 1, Syntax error.';

export async function launchPhone({ engine = ENGINE, profile, width = 390, height = 844, colorScheme = 'light', features, allow = [] } = {}) {
  const dir = profile || fs.mkdtempSync(path.join(os.tmpdir(), `chicken-${engine}-`));
  const errors = [];
  if (engine === 'chromium') {
    const context = await chromium.launchPersistentContext(dir, {
      executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
      args: CHROMIUM_ARGS, viewport: { width, height }, hasTouch: true, isMobile: true, colorScheme,
    });
    const page = context.pages()[0] || (await context.newPage());
    const watch = (p) => {
      p.on('pageerror', (e) => errors.push(String(e)));
      p.on('console', (m) => { if (m.type() === 'error' && m.text() !== MANIFEST_CUT_SHORT) errors.push(m.text()); });
      p.on('dialog', (d) => { errors.push(`unexpected dialog: ${d.message()}`); d.dismiss(); });
    };
    watch(page);
    context.on('page', watch);
    return checkedAfterEachTest({
      engine, context, page, errors, profile: dir, version: `Chromium ${context.browser()?.version() ?? ''}`.trim(),
      async kill() {
        const pid = context.browser()?.process?.()?.pid;
        if (pid) process.kill(pid, 'SIGKILL');
        await context.close().catch(() => {});
      },
      async close() { await context.close(); },
    }, allow);
  }
  const context = new ShimContext({ width, height });
  const onEvent = (ev) => {
    const text = ev.kind === 'dialog' ? `unexpected dialog: ${ev.text}` : ev.text;
    errors.push(text);
    for (const p of context.open) p.emit(ev.kind, ev.kind === 'pageerror' ? new Error(ev.text) : { type: () => ev.type, text: () => ev.text });
  };
  const readLog = webkitLogReader();
  const backend = engine === 'webkit'
    ? await launchWebKit({ profile: dir, width, height, colorScheme, features, onLog: (line) => { const ev = readLog(line); if (ev) onEvent(ev); } })
    : await (await launchFirefox({ profile: dir, width, height, colorScheme, onEvent })).init();
  context.backend = backend;
  const page = context.adopt(await backend.firstTab());
  return checkedAfterEachTest({
    engine, context, page, errors, profile: dir, version: backend.version,
    kill: () => backend.kill(),
    close: () => backend.close(),
  }, allow);
}

/** A browser's tabs, as a Playwright BrowserContext shows them. */
class ShimContext {
  constructor(viewport) {
    this.viewport = viewport;
    this.open = [];
    this.backend = null;
  }
  adopt(tab) {
    const page = new ShimPage(tab, this);
    this.open.push(page);
    return page;
  }
  forget(page) { this.open = this.open.filter((p) => p !== page); }
  pages() { return [...this.open]; }
  async newPage() { return this.adopt(await this.backend.newTab()); }
  async close() { await this.backend.close(); }
  async addInitScript() { throw new Error(`addInitScript: not on ${this.backend.engine} (a Chromium-only test)`); }
  async setOffline() { throw new Error(`setOffline: not on ${this.backend.engine}: stop the app's server instead`); }
}

// The page a test drives on WebKit and Gecko: the part of Playwright's Page
// and Locator API that the tests use, over an engine's backend
// (engines/webkit.mjs, engines/firefox.mjs), so one test file runs on every
// engine. Locators are Playwright's own: the selector strings are built by
// playwright-core's locator helpers and resolved in the page by its injected
// script (its selector engine, roles and accessible names), so a locator
// finds the same elements here as in Chromium. Actions wait as Playwright's
// do: for exactly one element (more is an error), visible, enabled, still,
// and hit by a click at its centre; then the backend acts with real input.
import { createRequire } from 'node:module';
import fs from 'node:fs';

const require = createRequire(import.meta.url);
const pw = (p) => require(require.resolve('playwright-core/package.json').replace(/package\.json$/, p));
const sel = pw('lib/utils/isomorphic/locatorUtils.js');
const { escapeForTextSelector } = pw('lib/utils/isomorphic/stringUtils.js');
const INJECTED = pw('lib/generated/injectedScriptSource.js').source;

/** Installs Playwright's injected script in the page, once per document. */
const install = (engine) => `() => {
  if (globalThis.__chickenPw) return;
  const module = {};
  ${INJECTED}
  globalThis.__chickenPw = new (module.exports.InjectedScript())(globalThis, {
    isUnderTest: false, sdkLanguage: 'javascript', testIdAttributeName: 'data-testid',
    stableRafCount: 1, browserName: ${JSON.stringify(engine)}, isUtilityWorld: false, customEngines: [] });
}`;

/** The page-side half of a locator operation: resolves `selector`, then runs
 *  `body` (a function's text: (els, arg, pw) => value). */
const onMatches = (body) => `async (selector, arg) => {
  const pw = globalThis.__chickenPw;
  if (!pw) return { install: true };
  const els = pw.querySelectorAll(pw.parseSelector(selector), document);
  return { value: await (${body})(els, arg, pw) };
}`;

export const DEFAULT_TIMEOUT = 30_000;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

class TimeoutError extends Error {
  constructor(m) { super(m); this.name = 'TimeoutError'; }
}

export class ShimPage {
  /** `tab`: a backend tab; `context`: the ShimContext it belongs to. */
  constructor(tab, context) {
    this.tab = tab;
    this._context = context;
    this.engine = tab.engine;
    this.timeout = DEFAULT_TIMEOUT;
    this.listeners = new Map();
    this.viewport = { ...context.viewport };
    this.keyboard = { press: (key) => this.tab.press(key) };
    this.closed = false;
  }

  context() { return this._context; }
  on(event, fn) {
    if (!this.listeners.has(event)) this.listeners.set(event, []);
    this.listeners.get(event).push(fn);
    return this;
  }
  once(event, fn) {
    const wrapped = (...a) => { this.off(event, wrapped); fn(...a); };
    return this.on(event, wrapped);
  }
  off(event, fn) {
    this.listeners.set(event, (this.listeners.get(event) || []).filter((f) => f !== fn));
    return this;
  }
  emit(event, value) { for (const fn of this.listeners.get(event) || []) fn(value); }
  setDefaultTimeout(ms) { this.timeout = ms; }

  /** Runs `source` (a function's text) in the page with `args`, after
   *  putting Playwright's injected script there when asked for. */
  async run(source, args) {
    for (let tries = 0; ; tries++) {
      // The address comes back with every answer: page.url() stays current.
      // (WebDriver sends undefined as null: it is said apart.)
      const { value, none, href } = await this.tab.exec(
        `(...a) => Promise.resolve((${source})(...a)).then((value) => ({ value, none: value === undefined, href: location.href }))`, args);
      this._url = href;
      const r = none ? undefined : value;
      if (!r?.install || tries > 2) return r;
      await this.tab.exec(install(this.engine), []);
    }
  }

  async evaluate(fn, arg) {
    const src = typeof fn === 'function' ? fn.toString() : `() => (${fn})`;
    return this.run(`(arg) => (${src})(arg)`, [arg === undefined ? null : arg]);
  }

  async waitForFunction(fn, arg, { timeout, polling = 100 } = {}) {
    const t = timeout ?? this.timeout;
    const end = Date.now() + t;
    for (;;) {
      const v = await this.evaluate(fn, arg).catch((e) => { if (/navigat|context|unload|destroyed/i.test(String(e))) return undefined; throw e; });
      if (v) return { jsonValue: async () => v };
      if (Date.now() > end) throw new TimeoutError(`page.waitForFunction: Timeout ${t}ms exceeded (${this.engine})`);
      await sleep(typeof polling === 'number' ? polling : 50);
    }
  }

  /** Opens `url`, waiting for its load; with `waitUntil: 'commit'`, only
   *  for the browser to be at the new address (a page that never loads,
   *  as with a stalled network, is not waited for). */
  async goto(url, { waitUntil = 'load' } = {}) {
    if (waitUntil !== 'commit') return this.tab.goto(url);
    // The document here is marked, and a new one at `url` is waited for:
    // the address alone is already right when `url` is the page shown, and
    // a next goto's script, run in this document before it is replaced,
    // would be lost with it. (The page may be gone before the script's
    // answer: that is the point.)
    const leave = this.tab.leave ?? ((work) => work());
    await leave(async () => {
      await this.tab.exec('(url) => { window.__shimLeft = true; setTimeout(() => { location.href = url; }); }', [url]).catch(() => {});
      const stillHere = () => Promise.race([
        this.tab.exec('() => window.__shimLeft === true', []).catch(() => true),
        sleep(2000).then(() => true),
      ]);
      const end = Date.now() + this.timeout;
      while (await this.tab.url().catch(() => '') !== url || await stillHere()) {
        if (Date.now() > end) throw new TimeoutError(`page.goto: ${url} not reached within ${this.timeout}ms${await this.screenSays()}`);
        await sleep(50);
      }
    });
  }
  /** For a timeout's message: the address and the start of what the screen
   *  says, so a failure in CI shows where the app was. */
  async screenSays() {
    const seen = await Promise.race([
      this.tab.exec('() => location.pathname + ": " + (document.body?.innerText ?? "").replace(/\\s+/g, " ").slice(0, 400)', []),
      sleep(3000).then(() => 'no answer from the page'),
    ]).catch((e) => `no answer from the page (${String(e.message || e).slice(0, 1600)})`);
    return `\n  the screen: ${seen}`;
  }
  async reload() { await this.tab.reload(); }
  async goBack() { await this.tab.back(); }
  url() { return this._url; }
  /** The address now (Playwright's url() is synchronous; ours is kept
   *  current after every navigation the test makes, and read here). */
  async currentUrl() { this._url = await this.tab.url(); return this._url; }
  async waitForURL(pattern, { timeout } = {}) {
    const t = timeout ?? this.timeout;
    const end = Date.now() + t;
    const ok = (u) => (pattern instanceof RegExp ? pattern.test(u) : typeof pattern === 'function' ? pattern(new URL(u)) : u === pattern || u.endsWith(pattern));
    for (;;) {
      if (ok(await this.currentUrl())) return;
      if (Date.now() > end) throw new TimeoutError(`page.waitForURL: Timeout ${t}ms exceeded waiting for ${pattern}`);
      await sleep(50);
    }
  }
  async waitForLoadState() { await this.waitForFunction(() => document.readyState === 'complete'); }
  async setViewportSize(size) {
    await this.tab.setViewport(size);
    this.viewport = { ...size };
    // The window's size reaches the page a frame or two later.
    await this.waitForFunction((w) => window.innerWidth === w, size.width, { timeout: 5000 });
  }
  viewportSize() { return { ...this.viewport }; }
  /** Light or dark, once the phone is open (it opens in the scheme
   *  asked for, the system's preference). Neither engine here can switch
   *  the system's preference while running: Firefox 153 has no command
   *  for it (BiDi's emulation.setMediaFeaturesOverride has it from Firefox
   *  159), and WebKitGTK's web process dies when the GTK dark theme is
   *  switched on while a page is shown (the shell's SIGUSR1: even a plain
   *  text page, "session deleted because of page crash"). The app's own
   *  theme setting stands in: <html data-theme>, the same CSS. */
  async emulateMedia({ colorScheme } = {}) {
    if (!colorScheme) return;
    await this.evaluate((s) => { document.documentElement.dataset.theme = s; }, colorScheme);
  }
  /** Runs a script file in the page, as a <script> of it would (axe-core). */
  async addScriptTag({ path: file, content } = {}) {
    const source = content ?? fs.readFileSync(file, 'utf8');
    await this.evaluate((src) => { (0, eval)(src); return true; }, source);
  }
  async screenshot({ path } = {}) {
    const png = await this.tab.screenshot();
    if (path) fs.writeFileSync(path, png);
    return png;
  }
  async close() {
    if (this.closed) return;
    this.closed = true;
    await this.tab.close();
    this._context.forget(this);
  }
  isClosed() { return this.closed; }

  locator(selector, options) { return new ShimLocator(this, selector, options); }
  getByTestId(id) { return new ShimLocator(this, sel.getByTestIdSelector('data-testid', id)); }
  getByRole(role, options) { return new ShimLocator(this, sel.getByRoleSelector(role, options)); }
  getByLabel(text, options) { return new ShimLocator(this, sel.getByLabelSelector(text, options)); }
  getByText(text, options) { return new ShimLocator(this, sel.getByTextSelector(text, options)); }
  getByPlaceholder(text, options) { return new ShimLocator(this, sel.getByPlaceholderSelector(text, options)); }
  getByTitle(text, options) { return new ShimLocator(this, sel.getByTitleSelector(text, options)); }
}

// Navigations keep page.url() current, as Playwright's does.
for (const name of ['goto', 'reload', 'goBack']) {
  const inner = ShimPage.prototype[name];
  ShimPage.prototype[name] = async function (...a) {
    await inner.apply(this, a);
    await this.currentUrl();
  };
}

export class ShimLocator {
  constructor(page, selector, options = {}) {
    this.page = page;
    this.selector = selector;
    if (options.hasText !== undefined) this.selector += ` >> internal:has-text=${escapeForTextSelector(options.hasText, false)}`;
    if (options.hasNotText !== undefined) this.selector += ` >> internal:has-not-text=${escapeForTextSelector(options.hasNotText, false)}`;
    if (options.has) this.selector += ` >> internal:has=${JSON.stringify(options.has.selector)}`;
    if (options.hasNot) this.selector += ` >> internal:has-not=${JSON.stringify(options.hasNot.selector)}`;
    if (options.visible !== undefined) this.selector += ` >> visible=${options.visible ? 'true' : 'false'}`;
  }

  chain(s) { return new ShimLocator(this.page, `${this.selector} >> ${s}`); }
  locator(s, options) {
    const inner = typeof s === 'string' ? s : `internal:chain=${JSON.stringify(s.selector)}`;
    return new ShimLocator(this.page, `${this.selector} >> ${inner}`, options);
  }
  getByTestId(id) { return this.chain(sel.getByTestIdSelector('data-testid', id)); }
  getByRole(role, options) { return this.chain(sel.getByRoleSelector(role, options)); }
  getByLabel(text, options) { return this.chain(sel.getByLabelSelector(text, options)); }
  getByText(text, options) { return this.chain(sel.getByTextSelector(text, options)); }
  filter(options) { return new ShimLocator(this.page, this.selector, options); }
  first() { return this.chain('nth=0'); }
  last() { return this.chain('nth=-1'); }
  nth(i) { return this.chain(`nth=${i}`); }
  or(other) { return this.chain(`internal:or=${JSON.stringify(other.selector)}`); }
  and(other) { return this.chain(`internal:and=${JSON.stringify(other.selector)}`); }

  /** `body(els, arg, pw)` run in the page over every match, now. */
  async matches(body, arg = null) {
    const r = await this.page.run(onMatches(body), [this.selector, arg]);
    return r.value;
  }

  /**
   * Waits until exactly one element matches and `ready(el, pw)` (a
   * function's text) holds for it, then returns `then(el, arg, pw)`'s value.
   * More than one match is an error at once (Playwright's strictness).
   */
  async one(then, { arg = null, ready = '() => true', timeout, what = 'act' } = {}) {
    const t = timeout ?? this.page.timeout;
    const end = Date.now() + t;
    let last = 'no element matches';
    for (;;) {
      const r = await this.matches(`async (els, arg, pw) => {
        if (els.length > 1) return { many: els.length, html: els.slice(0, 3).map((e) => e.outerHTML.slice(0, 120)) };
        if (els.length === 0) return { wait: 'no element matches' };
        const why = (${ready})(els[0], pw);
        if (why !== true) return { wait: why };
        return { ok: true, value: await (${then})(els[0], arg, pw) };
      }`, arg).catch((e) => ({ wait: String(e.message || e).slice(0, 200) }));
      if (r?.many) throw new Error(`strict mode violation: ${this.selector} resolved to ${r.many} elements (${this.page.engine}): ${r.html.join(' | ')}`);
      if (r?.ok) return r.value;
      last = r?.wait || last;
      if (Date.now() > end) throw new TimeoutError(`locator.${what}: Timeout ${t}ms exceeded (${this.page.engine}) waiting for ${this.selector}: ${last}${await this.page.screenSays()}`);
      await sleep(50);
    }
  }

  async count() { return this.matches('(els) => els.length'); }
  async all() {
    const n = await this.count();
    return Array.from({ length: n }, (_, i) => this.nth(i));
  }
  async allTextContents() { return this.matches('(els) => els.map((e) => e.textContent)'); }
  async allInnerTexts() { return this.matches('(els) => els.map((e) => e.innerText)'); }
  async textContent(o) { return this.one('(el) => el.textContent', { ...o, what: 'textContent' }); }
  async innerText(o) { return this.one('(el) => el.innerText', { ...o, what: 'innerText' }); }
  async innerHTML(o) { return this.one('(el) => el.innerHTML', { ...o, what: 'innerHTML' }); }
  async inputValue(o) { return this.one('(el) => el.value', { ...o, what: 'inputValue' }); }
  async getAttribute(name, o) { return this.one('(el, name) => el.getAttribute(name)', { ...o, arg: name, what: 'getAttribute' }); }
  async isVisible() { return this.matches('(els, _, pw) => els.length > 0 && pw.elementState(els[0], "visible").matches'); }
  async isHidden() { return !(await this.isVisible()); }
  async isDisabled(o) { return this.one('(el, _, pw) => pw.elementState(el, "disabled").matches', { ...o, what: 'isDisabled' }); }
  async isEnabled(o) { return !(await this.isDisabled(o)); }
  async isChecked(o) { return this.one('(el, _, pw) => pw.elementState(el, "checked").matches', { ...o, what: 'isChecked' }); }
  async boundingBox(o) {
    return this.one('(el) => { const r = el.getBoundingClientRect(); return { x: r.x, y: r.y, width: r.width, height: r.height }; }', { ...o, what: 'boundingBox' });
  }
  async evaluate(fn, arg, o) {
    return this.one(`(el, arg) => (${fn.toString()})(el, arg)`, { ...o, arg: arg === undefined ? null : arg, what: 'evaluate' });
  }
  async evaluateAll(fn, arg) { return this.matches(`(els, arg) => (${fn.toString()})(els, arg)`, arg === undefined ? null : arg); }

  /** Waits for the state: 'visible' (default), 'hidden', 'attached', 'detached'. */
  async waitFor({ state = 'visible', timeout } = {}) {
    const t = timeout ?? this.page.timeout;
    const end = Date.now() + t;
    for (;;) {
      const r = await this.matches(`(els, state, pw) => {
        if (els.length > 1 && state !== 'detached' && state !== 'hidden') return { many: els.length };
        const visible = els.length === 1 && pw.elementState(els[0], 'visible').matches;
        return { done: state === 'attached' ? els.length === 1 : state === 'detached' ? els.length === 0
          : state === 'visible' ? visible : !visible && els.length <= 1 };
      }`, state).catch(() => ({}));
      if (r?.many) throw new Error(`strict mode violation: ${this.selector} resolved to ${r.many} elements (${this.page.engine})`);
      if (r?.done) return;
      if (Date.now() > end) throw new TimeoutError(`locator.waitFor: Timeout ${t}ms exceeded (${this.page.engine}) waiting for ${this.selector} to be ${state}${await this.page.screenSays()}`);
      await sleep(50);
    }
  }

  /** The one element, ready for an action: visible, enabled and not inert
   *  (unless forced), still for a frame, scrolled into view and the one a
   *  tap at its centre would reach. Returns its backend handle. */
  async actionable({ timeout, enabled = true, hit = true, what } = {}) {
    const t = timeout ?? this.page.timeout;
    const end = Date.now() + t;
    for (;;) {
      const left = Math.max(0, end - Date.now());
      await this.one('(el) => { el.scrollIntoView({ block: "center", inline: "center" }); return true; }', {
        timeout: left, what,
        ready: `(el, pw) => {
          if (!pw.elementState(el, 'visible').matches) return 'element is not visible';
          if (${enabled} && !pw.elementState(el, 'enabled').matches) return 'element is not enabled';
          // An inert part of the page (a form while it saves) takes no tap.
          if (${enabled} && el.closest('[inert]')) return 'element is inert';
          return true;
        }`,
      });
      // Still: the same box across two animation frames.
      const still = await this.page.run(`(selector) => new Promise((resolve) => {
        const pw = globalThis.__chickenPw;
        if (!pw) return resolve({ install: true });
        const box = () => { const el = pw.querySelector(pw.parseSelector(selector), document, false); if (!el) return null; const r = el.getBoundingClientRect(); return [r.x, r.y, r.width, r.height].join(); };
        const a = box();
        requestAnimationFrame(() => requestAnimationFrame(() => {
          const b = box();
          if (!b || a !== b) return resolve({ value: 'element is moving' });
          if (!${hit}) return resolve({ value: true });
          const el = pw.querySelector(pw.parseSelector(selector), document, false);
          const r = el.getBoundingClientRect();
          const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
          resolve({ value: top && (el === top || el.contains(top)) ? true : 'another element would receive the click: ' + (top ? top.outerHTML.slice(0, 100) : 'nothing') });
        }));
      })`, [this.selector]).then((r) => r?.value, (e) => String(e.message || e));
      if (still === true) {
        // Redrawn between the check and here ("stale"): check again.
        const handle = await this.handle().catch(() => null);
        if (handle) return handle;
      }
      if (Date.now() > end) throw new TimeoutError(`locator.${what}: Timeout ${t}ms exceeded (${this.page.engine}) for ${this.selector}: ${still}${await this.page.screenSays()}`);
      await sleep(50);
    }
  }

  /** The backend's handle of the one element matching now (or null). */
  handle() {
    return this.page.tab.element(`(selector) => {
      const pw = globalThis.__chickenPw;
      return pw ? pw.querySelector(pw.parseSelector(selector), document, false) : null;
    }`, [this.selector]);
  }

  /**
   * Taps the element. Between the checks and the tap the page may move
   * (a row another tab saved pushes the form down): as Playwright does, a
   * listener of its injected script stands guard during the tap, and a
   * tap that would reach another element is stopped before the page sees
   * it and made again.
   */
  async click({ timeout, clickCount = 1, force = false } = {}) {
    const end = Date.now() + (timeout ?? this.page.timeout);
    for (;;) {
      const handle = await this.actionable({ timeout: Math.max(0, end - Date.now()), enabled: !force, hit: !force, what: 'click' });
      let missed;
      try {
        if (!force) await this.guardHit();
        await this.page.tab.click(handle, { clickCount });
        missed = force ? 'done' : await this.endGuard();
        if (missed === 'done') return;
      } catch (e) {
        // Gone or covered between the check and the tap: try again.
        missed = String(e.message || e);
      }
      if (Date.now() > end) throw new TimeoutError(`locator.click (${this.page.engine}) ${this.selector}: the tap kept missing it: ${missed}`);
      await sleep(50);
    }
  }

  async guardHit() {
    const r = await this.matches(`(els, _, pw) => {
      if (els.length !== 1) return 'the element is gone';
      const guard = pw.setupHitTargetInterceptor(els[0], 'mouse', undefined, false);
      if (typeof guard === 'string') return guard;
      globalThis.__chickenHitGuard = guard;
      return 'done';
    }`);
    if (r !== 'done') throw new Error(r);
  }

  /** What the guarded tap reached: 'done' when the element. A page left
   *  by the tap (a link) took it. */
  async endGuard() {
    return this.page.tab.exec(`() => {
      const guard = globalThis.__chickenHitGuard;
      delete globalThis.__chickenHitGuard;
      return guard ? guard.stop() : 'done';
    }`, []).catch(() => 'done');
  }
  async dblclick(o = {}) { return this.click({ ...o, clickCount: 2 }); }
  async tap(o) { return this.click(o); }
  async focus(o) { await this.one('(el) => { el.focus(); return true; }', { ...o, what: 'focus' }); }
  async scrollIntoViewIfNeeded(o) { await this.one('(el) => { el.scrollIntoView({ block: "center" }); return true; }', { ...o, what: 'scrollIntoViewIfNeeded' }); }
  async dispatchEvent(type, init = {}, o) {
    await this.one('(el, a) => { el.dispatchEvent(new Event(a.type, { bubbles: true, cancelable: true, ...a.init })); return true; }', { ...o, arg: { type, init }, what: 'dispatchEvent' });
  }

  /** Replaces the field's text as a person does: select all, then type
   *  (or delete, for ''). */
  async fill(value, o = {}) {
    const handle = await this.actionable({ ...o, hit: false, what: 'fill' });
    await this.one('(el) => { el.focus(); if (el.select) el.select(); return true; }', { ...o, what: 'fill' });
    await this.page.tab.selectAll();
    if (String(value) === '') await this.page.tab.press('Backspace');
    else await this.page.tab.type(handle, String(value));
  }
  async clear(o) { return this.fill('', o); }
  async type(text, o) {
    const handle = await this.actionable({ ...o, hit: false, what: 'type' });
    await this.page.tab.type(handle, String(text));
  }
  async pressSequentially(text, o) { return this.type(text, o); }
  async press(key, o) {
    await this.focus(o);
    await this.page.tab.press(key);
  }
  async selectOption(values, o) {
    const list = (Array.isArray(values) ? values : [values]).map((v) => (typeof v === 'string' ? { valueOrLabel: v } : v));
    return this.one(`(el, list, pw) => {
      const options = [...el.options];
      const picked = list.map((w) => options.find((op) => w.valueOrLabel !== undefined ? (op.value === w.valueOrLabel || op.label === w.valueOrLabel)
        : (w.value === undefined || op.value === w.value) && (w.label === undefined || op.label === w.label) && (w.index === undefined || op.index === w.index)));
      if (picked.some((p) => !p)) return null;
      for (const op of options) op.selected = picked.includes(op);
      el.dispatchEvent(new Event('input', { bubbles: true }));
      el.dispatchEvent(new Event('change', { bubbles: true }));
      return picked.map((p) => p.value);
    }`, { ...o, arg: list, what: 'selectOption' });
  }
  async check(o) { if (!(await this.isChecked(o))) await this.click(o); }
  async uncheck(o) { if (await this.isChecked(o)) await this.click(o); }

  /** Files for a file input: paths, or { name, mimeType, buffer } written
   *  to a scratch file first (a real file, picked as a person would). */
  async setInputFiles(files, o) {
    const list = (Array.isArray(files) ? files : [files]).map((f) => {
      if (typeof f === 'string') return f;
      const dir = fs.mkdtempSync('/tmp/chicken-upload-');
      const p = `${dir}/${f.name}`;
      fs.writeFileSync(p, f.buffer);
      return p;
    });
    // A file input is often hidden behind its label: attached is enough.
    await this.waitFor({ state: 'attached', ...o });
    const handle = await this.handle();
    await this.page.tab.setFiles(handle, list);
  }
}

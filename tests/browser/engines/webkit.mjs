// WebKit for the browser tests: WebKitGTK (Debian's webkit2gtk-driver and
// libwebkit2gtk-4.1) driven over W3C WebDriver (classic) by WebKitWebDriver,
// showing our phone-sized shell (tests/tools/webkit-phone/phone.c, built by
// the set-up into .tools/) on an Xvfb display. One WebKitWebDriver and one
// browser per phone. What the pages log to the console comes out on the
// browser's stderr ("CONSOLE ERROR ...", "CONSOLE JS ERROR ..."): that is
// where page errors, unhandled rejections and console errors are read.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, display, childPids, waitFor, waitGone } from './process.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
export const PHONE_BIN = process.env.WEBKIT_PHONE || path.resolve(here, '../../../.tools/webkit-phone');
const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';
const KEYS = { Enter: '\uE007', Backspace: '\uE003', Tab: '\uE004', Escape: '\uE00C', Delete: '\uE017',
  ArrowLeft: '\uE012', ArrowUp: '\uE013', ArrowRight: '\uE014', ArrowDown: '\uE015', Control: '\uE009', Space: ' ' };

/** The WebKit features Safari ships on and WebKitGTK leaves off by default
 *  (Safari 16.4+ has navigator.storage with persist() and estimate()). */
export const SAFARI_FEATURES = ['StorageAPI', 'StorageAPIEstimate'];

/**
 * Starts a WebKit phone: a WebKitWebDriver, and through it our shell with
 * its profile in `profile`. `features`: WebKit features to turn on.
 * Returns a backend for engines/page.mjs.
 */
export async function launchWebKit(options) {
  if (!fs.existsSync(PHONE_BIN)) throw new Error(`${PHONE_BIN} is missing: run bash tests/tools/setup.sh --browser`);
  try {
    return await startWebKit(options);
  } catch (e) {
    if (e.code !== 'no browser') throw e;
    // Seen once in CI, with all three engines' tests side by side: after a
    // kill, the new browser never came up and the driver waited on it for
    // ever. The launch is tried once more; a second failure is the test's.
    return startWebKit(options);
  }
}

/** How long a browser may take to start and answer its driver. */
const START_TIMEOUT = 60_000;

async function startWebKit({ profile, width, height, colorScheme, features = SAFARI_FEATURES, onLog }) {
  const env = { ...process.env, DISPLAY: await display(), GTK_A11Y: 'none', NO_AT_BRIDGE: '1' };
  const port = await freePort();
  const driver = spawn('WebKitWebDriver', [`--port=${port}`], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const said = [];
  const lines = lineReader((line) => {
    said.push(line);
    if (said.length > 20) said.shift();
    onLog?.(line);
  });
  driver.stdout.on('data', lines);
  driver.stderr.on('data', lines);
  const base = `http://127.0.0.1:${port}`;
  const args = ['--automation', `--data-dir=${profile}`, `--width=${width}`, `--height=${height}`,
    ...(colorScheme === 'dark' ? ['--dark'] : []), ...features.map((f) => `--feature=${f}`),
    // WEBKIT_ARGS: more of the shell's options, for an experiment.
    ...(process.env.WEBKIT_ARGS ? process.env.WEBKIT_ARGS.split(' ') : [])];
  const caps = {
    'webkitgtk:browserOptions': { binary: PHONE_BIN, args },
    unhandledPromptBehavior: 'dismiss and notify',
    pageLoadStrategy: 'normal',
  };
  let created;
  try {
    await waitFor(async () => (await fetch(`${base}/status`).then((r) => r.ok, () => false)), 10_000, 'WebKitWebDriver answers');
    created = await call(base, 'POST', '/session', { capabilities: { alwaysMatch: caps } }, START_TIMEOUT);
  } catch (e) {
    await stopDriver(driver);
    const failed = new Error(`WebKit did not start (${e.message}); its driver said:\n${said.join('\n').slice(-2000)}`);
    failed.code = 'no browser';
    throw failed;
  }
  const session = `${base}/session/${created.sessionId}`;
  const first = await call(session, 'GET', '/window');
  return new WebKitBackend({ driver, session, window: first, version: created.capabilities.browserVersion, said });
}

/** Ends a driver and the browser it started, at once. */
function stopDriver(driver) {
  for (const pid of childPids(driver.pid)) { try { process.kill(pid, 'SIGKILL'); } catch { /* gone */ } }
  return endDriver(driver);
}

/** Ends a driver (the browser's own processes are left to end with it). */
function endDriver(driver) {
  if (driver.exitCode !== null) return Promise.resolve();
  const exited = new Promise((r) => driver.once('exit', r));
  driver.kill('SIGKILL');
  return exited;
}

/** One WebDriver command; its value, or an Error carrying WebDriver's error code. */
async function call(base, method, p, body, timeout) {
  const r = await fetch(base + p, {
    method, headers: { 'content-type': 'application/json; charset=utf-8' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: timeout ? AbortSignal.timeout(timeout) : undefined,
  });
  const j = await r.json().catch(() => ({ value: { error: 'bad answer', message: `HTTP ${r.status}` } }));
  if (!r.ok || j.value?.error) {
    const e = new Error(`WebDriver ${method} ${p}: ${j.value?.error}: ${j.value?.message}`);
    e.code = j.value?.error;
    throw e;
  }
  return j.value;
}

/** Splits a stream into lines for `each`. */
function lineReader(each) {
  let rest = '';
  return (chunk) => {
    rest += chunk;
    const lines = rest.split('\n');
    rest = lines.pop();
    for (const l of lines) each(l);
  };
}

/** WebKit's line for a load that failed or was cancelled, our own files
 *  included (no access control applies to them: the words are WebKit's). */
const CANCELLED_LOAD = /^(Fetch API cannot|Cannot) load \S+ due to access control checks\.$/;

/** A reader of the shell's lines that turns them into test events: an error
 *  thrown or a promise rejected unhandled ("CONSOLE JS ERROR") is a page
 *  error; console.error ("CONSOLE ERROR") a console error. A page being left
 *  (from the shell's "load started" to "load committed") has its loads
 *  still in flight cancelled, and WebKit logs each as an error, which
 *  Chromium and Gecko do not: those lines are the engine's, not the app's,
 *  and are left out. */
export function webkitLogReader() {
  let leaving = 0;
  return (line) => {
    const load = /^chicken-phone: load (started|committed)/.exec(line);
    if (load) leaving = Math.max(0, leaving + (load[1] === 'started' ? 1 : -1));
    const m = /CONSOLE (JS )?ERROR (.*)$/.exec(line);
    if (!m || (leaving > 0 && CANCELLED_LOAD.test(m[2]))) return null;
    return m[1] ? { kind: 'pageerror', text: m[2] } : { kind: 'console', type: 'error', text: m[2] };
  };
}

class WebKitBackend {
  constructor({ driver, session, window, version, said }) {
    this.engine = 'webkit';
    this.version = `WebKitGTK ${version}`;
    this.driver = driver;
    this.session = session;
    this.current = window;
    this.queue = Promise.resolve();
    this.said = said;
  }

  /** Runs WebDriver commands one at a time, in `window` (a tab). */
  in(window, work) {
    const run = this.queue.then(async () => {
      if (window && window !== this.current) {
        await call(this.session, 'POST', '/window', { handle: window });
        this.current = window;
      }
      return work();
    });
    this.queue = run.catch(() => {});
    return run;
  }

  /** One command of this session. A session gone (the browser ended) says
   *  the driver's and the shell's last lines: why it ended. */
  cmd(method, p, body) {
    return call(this.session, method, p, body).catch((e) => {
      if (e.code === 'invalid session id') e.message += `\n  the browser's last lines:\n    ${this.said.join('\n    ').slice(-1500)}`;
      throw e;
    });
  }

  /** Presses `keys` down in order, then lets them go in reverse (a chord). */
  async keys(keys) {
    const actions = [...keys.map((value) => ({ type: 'keyDown', value })), ...[...keys].reverse().map((value) => ({ type: 'keyUp', value }))];
    await this.cmd('POST', '/actions', { actions: [{ type: 'key', id: 'keys', actions }] });
    await this.cmd('DELETE', '/actions');
  }

  /** A tab's operations (engines/page.mjs's backend interface). */
  tab(window) {
    const w = (work) => this.in(window, work);
    const el = (h) => `/element/${h[ELEMENT]}`;
    return {
      engine: 'webkit',
      handle: window,
      // `source` is an async function's text; its JSON-able result.
      exec: (source, args) => w(() => this.cmd('POST', '/execute/async', {
        script: `const done = arguments[arguments.length - 1];
          Promise.resolve().then(() => (${source})(...arguments[0]))
            .then((v) => done({ ok: v === undefined ? null : v }), (e) => done({ err: String(e && e.stack || e) }));`,
        args: [args],
      })).then(unwrap),
      // The element `source` returns (or null), as a handle.
      element: (source, args) => w(() => this.cmd('POST', '/execute/sync', {
        script: `return (${source})(...arguments[0]) || null;`, args: [args],
      })),
      click: (h, { clickCount = 1 } = {}) => w(async () => {
        if (clickCount === 1) return this.cmd('POST', `${el(h)}/click`, {});
        const pointer = [{ type: 'pointerMove', origin: h, x: 0, y: 0 }];
        for (let i = 0; i < clickCount; i++) pointer.push({ type: 'pointerDown', button: 0 }, { type: 'pointerUp', button: 0 });
        await this.cmd('POST', '/actions', { actions: [{ type: 'pointer', id: 'mouse', parameters: { pointerType: 'mouse' }, actions: pointer }] });
        await this.cmd('DELETE', '/actions');
      }),
      type: (h, text) => w(() => this.cmd('POST', `${el(h)}/value`, { text })),
      press: (key) => w(() => this.keys([KEYS[key] ?? key])),
      selectAll: () => w(() => this.keys([KEYS.Control, 'a'])),
      setFiles: (h, files) => w(() => this.cmd('POST', `${el(h)}/value`, { text: files.join('\n') })),
      goto: (url) => w(() => this.cmd('POST', '/url', { url })),
      reload: () => w(() => this.cmd('POST', '/refresh', {})),
      back: () => w(() => this.cmd('POST', '/back', {})),
      url: () => w(() => this.cmd('GET', '/url')),
      setViewport: ({ width, height }) => w(() => this.cmd('POST', '/window/rect', { width, height })),
      screenshot: () => w(() => this.cmd('GET', '/screenshot')).then((b64) => Buffer.from(b64, 'base64')),
      close: () => w(async () => {
        await this.cmd('DELETE', '/window');
        this.current = null;
      }),
    };
  }

  /** A new tab (WebDriver's New Window: a window of its own here). */
  async newTab() {
    const { handle } = await this.in(null, () => this.cmd('POST', '/window/new', { type: 'tab' }));
    return this.tab(handle);
  }

  /** The first tab. */
  firstTab() { return this.tab(this.current); }

  /** Ends the session and the browser. */
  async close() {
    await this.queue;
    // The browser's processes, known before it ends (they leave the
    // driver's tree as it does): waited for, so none still writes into the
    // profile when it is removed.
    const browser = childPids(this.driver.pid);
    await this.cmd('DELETE', '').catch(() => {});
    await this.stop();
    await waitGone(browser);
  }

  /** Kills the browser at once (as the phone's system would), then its driver. */
  kill() { return stopDriver(this.driver); }

  stop() { return endDriver(this.driver); }
}

function unwrap(v) {
  if (v && 'err' in v) throw new Error(`in the page: ${v.err}`);
  return v?.ok;
}

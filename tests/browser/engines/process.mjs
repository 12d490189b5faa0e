// Processes for the engines: a free port, the X display WebKit needs (one
// Xvfb per test process, started on first use), a process's descendants,
// and waiting for a condition.
import net from 'node:net';
import fs from 'node:fs';
import { spawn } from 'node:child_process';

/** A free port on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); });
  });
}

let xvfb = null;
/** The X display for the browsers: $DISPLAY when set, else an Xvfb of our
 *  own, started once and stopped when this process exits. */
export async function display() {
  if (process.env.DISPLAY) return process.env.DISPLAY;
  if (!xvfb) {
    xvfb = new Promise((resolve, reject) => {
      // -displayfd: Xvfb picks a free display and writes its number on fd 3.
      const proc = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'],
        { stdio: ['ignore', 'ignore', 'pipe', 'pipe'] });
      let out = '';
      let err = '';
      proc.stderr.on('data', (d) => { err += d; });
      proc.stdio[3].on('data', (d) => {
        out += d;
        if (!out.includes('\n')) return;
        // Nothing of Xvfb's keeps this process alive: it ends with it.
        proc.stdio[3].destroy();
        proc.stderr.destroy();
        proc.unref();
        resolve(`:${out.trim()}`);
      });
      proc.on('exit', (code) => reject(new Error(`Xvfb exited (${code}): ${err.slice(-500)}`)));
      process.on('exit', () => proc.kill('SIGKILL'));
    });
  }
  return xvfb;
}

/** The pids of every descendant of `pid` (children first), from /proc. */
export function childPids(pid) {
  const parent = new Map();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      // The command may hold spaces and parentheses: the fields follow the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parent.set(Number(name), ppid);
    } catch { /* gone meanwhile */ }
  }
  const out = [];
  const walk = (p) => {
    for (const [child, pp] of parent) if (pp === p) { out.push(child); walk(child); }
  };
  walk(pid);
  return out;
}

/** Calls `check` until it returns a truthy value (returned), or fails after
 *  `timeout` ms saying `what` did not happen. */
export async function waitFor(check, timeout, what, interval = 50) {
  const end = Date.now() + timeout;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > end) throw new Error(`${what}: not within ${timeout} ms`);
    await new Promise((r) => setTimeout(r, interval));
  }
}

/** Removes a browser's profile folder: tried again for a second while a
 *  process of the browser that is ending still writes into it (ENOTEMPTY,
 *  seen with WebKit's cache storage in CI). */
export function removeDir(dir) {
  fs.rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
}

/** Waits until none of `pids` runs any more (at most `timeout` ms), then
 *  kills what is left. */
export async function waitGone(pids, timeout = 5000) {
  // A zombie (ended, not yet reaped by its parent) writes nothing more.
  const running = (pid) => {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      return stat[stat.lastIndexOf(')') + 2] !== 'Z';
    } catch { return false; }
  };
  const alive = () => pids.filter(running);
  const end = Date.now() + timeout;
  while (alive().length && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
  for (const pid of alive()) { try { process.kill(pid, 'SIGKILL'); } catch { /* gone */ } }
}

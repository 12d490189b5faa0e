// A whole phone slowed, its workers included (issue 53): Chromium's CPU
// throttle (Emulation.setCPUThrottlingRate) slows a page's main thread but
// not its workers, so a "4x" phone kept its sync worker at full speed.
// Here every process of one phone's browser (found by its profile,
// `--user-data-dir=<profile>`) goes into a cgroup (v1) with a CPU quota of
// 1/rate of one CPU: no thread of it runs faster than 1/rate, and its page
// and worker share that (slower still when both are busy). Processes the
// browser starts later (renderers forked from its zygote) inherit it.
// Needs a writable /sys/fs/cgroup/cpu (root on this machine); where there
// is none, `quotaAvailable()` says so and the benchmark says which
// throttle it used.
import fs from 'node:fs';

const CPU = '/sys/fs/cgroup/cpu';
const PERIOD_US = 100_000;
let made = 0;

/** Whether a CPU quota can be put on a browser here. */
export function quotaAvailable() {
  try {
    fs.accessSync(`${CPU}/cgroup.procs`, fs.constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/** The process ids of the browser whose command line names `profile` as
 *  its profile, and of every process under it (zygotes, renderers, GPU
 *  and utility processes: their own command lines do not name it). */
function processesOf(profile) {
  const mark = `--user-data-dir=${profile}`;
  const children = new Map();
  const roots = [];
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      // The parent's id: the field after the command's name in brackets.
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const ppid = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1];
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(pid);
      if (cmd.includes(mark) && !cmd.some((a) => a.startsWith('--type='))) roots.push(pid);
    } catch { /* gone meanwhile */ }
  }
  const all = [];
  const visit = (pid) => { all.push(pid); for (const c of children.get(pid) || []) visit(c); };
  roots.forEach(visit);
  return all;
}

/** Puts every process of the browser using `profile` under a quota of
 *  1/`rate` of one CPU; returns the undo (processes back, quota gone). */
export function slowBrowser(profile, rate) {
  const dir = `${CPU}/chicken-phone-${process.pid}-${made++}`;
  fs.mkdirSync(dir);
  fs.writeFileSync(`${dir}/cpu.cfs_period_us`, String(PERIOD_US));
  fs.writeFileSync(`${dir}/cpu.cfs_quota_us`, String(Math.round(PERIOD_US / rate)));
  const pids = processesOf(profile);
  if (pids.length === 0) throw new Error(`no browser process uses the profile ${profile}`);
  for (const pid of pids) {
    try { fs.writeFileSync(`${dir}/cgroup.procs`, pid); } catch { /* gone meanwhile */ }
  }
  return () => {
    const left = fs.readFileSync(`${dir}/cgroup.procs`, 'utf8').split('\n').filter(Boolean);
    for (const pid of left) {
      try { fs.writeFileSync(`${CPU}/cgroup.procs`, pid); } catch { /* gone meanwhile */ }
    }
    try { fs.rmdirSync(dir); } catch { /* a process still in it */ }
  };
}

/** Ms a fixed loop takes on a blank page of `context` and in a worker of
 *  it: { page, worker } (a blank page: the app's content policy allows no
 *  worker made from a string). */
export async function loopMs(context) {
  const blank = await context.newPage();
  try {
    await blank.goto('about:blank');
    return await blank.evaluate(async () => {
      const body = 'let x = 0; const t = performance.now(); for (let i = 0; i < 4e7; i++) x = (x * 31 + i) | 0;';
      const page = new Function(`${body} return performance.now() - t;`)();
      const url = URL.createObjectURL(new Blob([`${body} postMessage(performance.now() - t);`], { type: 'text/javascript' }));
      const w = new Worker(url);
      const worker = await new Promise((resolve) => { w.onmessage = (e) => resolve(e.data); });
      w.terminate();
      return { page: Math.round(page), worker: Math.round(worker) };
    });
  } finally {
    await blank.close();
  }
}

// Runs the browser tests: every file on Chromium, and the cross-engine set
// (tests/browser/engines/cross-engine.txt) on WebKit and on Gecko, as one
// queue of (engine, file) jobs shared by LANES runners side by side (2 by
// default; BROWSER_LANES to change it), the longest first, so all lanes
// end together. Each job is `node --test <file>` with ENGINE set; its
// output is printed whole when it ends, then the time per engine and every
// failed job. Exits 1 if any job failed.
//
//   node tests/tools/browser-lanes.mjs [file.test.mjs ...]   (default: all)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BROWSER = path.join(ROOT, 'tests/browser');
// Two by default: CI takes about 22 minutes here, against 50 in one lane.
// Each of the defects the second lane's load showed is fixed (the last:
// WebKit's club leave, "the club's documents are gone from B"), and the
// club's files run alone (ALONE). BROWSER_LANES=1: one job at a time.
const LANES = Number(process.env.BROWSER_LANES || 2);
/** A job whose WebKit browser ended under it (the driver's "invalid
 *  session id" where no test killed it: WebKitGTK's shell or web process
 *  gone, about 1 job in 60) is run again; every output is printed,
 *  and the browser's last lines say why it ended. */
const BROWSER_ENDED = /invalid session id/;
/** At most this many times: under two lanes the web process's GLib abort
 *  ("getauxval () failed: Interrupted system call", docs/engines.md) came
 *  about once in 7 runs of a club test opening game pages. */
const RETRIES = 2;
const JOB_LIMIT_S = 900;
/** Files run with no other job beside them: the club's phones race the
 *  real sync server, and under a second lane's load WebKit's leave kept
 *  the club's documents (docs/engines.md, "CI's time"). */
const ALONE = new Set(['club.test.mjs', 'club_peer.test.mjs', 'club_first_entries.test.mjs', 'club_stress.test.mjs', 'club_resting.test.mjs']);

/** Seconds each file took alone on Chromium (CI's log, stop 40): the order
 *  the queue starts them in. Any other file (each game's own, as the
 *  registry names no game here) counts a second per 300 bytes of it. */
const SECONDS = {
  'a11y.test.mjs': 83, 'readable.test.mjs': 70, 'durability.test.mjs': 65, 'storage.test.mjs': 56,
  'offline.test.mjs': 54, 'home.test.mjs': 45, 'around_the_table.test.mjs': 39, 'club.test.mjs': 38,
  'nights_players.test.mjs': 29, 'backup.test.mjs': 27, 'questions.test.mjs': 26, 'tabs.test.mjs': 22,
  'table.test.mjs': 16, 'browser_features.test.mjs': 14, 'history.test.mjs': 12, 'club_peer.test.mjs': 150,
  'club_first_entries.test.mjs': 60, 'club_stress.test.mjs': 95, 'club_resting.test.mjs': 80, 'club_upgrade.test.mjs': 15,
};
const estimate = (file) => SECONDS[file] ?? Math.max(5, fs.statSync(path.join(BROWSER, file)).size / 300);
/** How much slower an engine runs the same file than Chromium (Gecko's
 *  browser takes 4-5 s to start; CI's log). */
const FACTOR = { chromium: 1, webkit: 1.1, firefox: 1.5 };

const only = process.argv.slice(2).map((f) => path.basename(f));
const pick = (files) => (only.length ? files.filter((f) => only.includes(f)) : files);
const all = pick(fs.readdirSync(BROWSER).filter((f) => f.endsWith('.test.mjs')).sort());
const cross = pick(fs.readFileSync(path.join(BROWSER, 'engines/cross-engine.txt'), 'utf8')
  .split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#')));

const jobs = [
  ...all.map((file) => ({ engine: 'chromium', file })),
  ...cross.map((file) => ({ engine: 'webkit', file })),
  ...cross.map((file) => ({ engine: 'firefox', file })),
].map((j) => ({ ...j, weight: estimate(j.file) * FACTOR[j.engine] }))
  .sort((a, b) => b.weight - a.weight);

/** Runs one job; resolves with its exit code, output and seconds. */
function run({ engine, file }) {
  const t0 = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--test', '--test-reporter=tap', path.join(BROWSER, file)], {
      cwd: ROOT, env: { ...process.env, ENGINE: engine }, stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out = [];
    // A job still running after 15 minutes is stopped and fails (a file
    // whose process never ends once hung CI for 20 minutes).
    const limit = setTimeout(() => {
      out.push(Buffer.from(`\n${engine} ${file}: stopped after ${JOB_LIMIT_S} s\n`));
      child.kill('SIGKILL');
    }, JOB_LIMIT_S * 1000);
    child.on('close', () => clearTimeout(limit));
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => out.push(d));
    child.on('close', (code) => resolve({ code, output: Buffer.concat(out).toString(), seconds: (Date.now() - t0) / 1000 }));
  });
}

const started = Date.now();
const failed = [];
const perEngine = {};
const queue = [...jobs];
const retried = [];
let running = 0;
let aloneRunning = false;
/** Starts jobs while a lane is free; a job of a file in ALONE waits for
 *  an idle machine and holds it (so they run last, one by one). */
await new Promise((allDone) => {
  const pump = () => {
    while (running < LANES && !aloneRunning) {
      const at = queue.findIndex((j) => !ALONE.has(j.file) || running === 0);
      if (at < 0) break;
      const [job] = queue.splice(at, 1);
      running += 1;
      aloneRunning = ALONE.has(job.file);
      run(job).then((result) => {
        running -= 1;
        aloneRunning = false;
        report(job, result);
        pump();
      });
    }
    if (running === 0 && queue.length === 0) allDone();
  };
  pump();
});

/** Prints a job's output with its verdict; a WebKit job whose browser
 *  ended goes back to the front of the queue (RETRIES times at most). */
function report(job, { code, output, seconds }) {
  perEngine[job.engine] = (perEngine[job.engine] || 0) + seconds;
  const again = code !== 0 && (job.retry ?? 0) < RETRIES && job.engine === 'webkit' && BROWSER_ENDED.test(output);
  const verdict = code === 0 ? 'pass' : again ? 'FAILED: its browser ended, run again' : `FAILED (exit ${code})`;
  process.stdout.write(`==== ${job.engine} ${job.file}: ${verdict}, ${seconds.toFixed(0)} s\n${output}\n`);
  if (again) {
    retried.push(`${job.engine} ${job.file}`);
    queue.unshift({ ...job, retry: (job.retry ?? 0) + 1 });
  } else if (code !== 0) failed.push(`${job.engine} ${job.file}`);
}

console.log(`== browser tests: ${jobs.length} jobs in ${LANES} lanes, ${((Date.now() - started) / 1000).toFixed(0)} s`);
for (const [engine, s] of Object.entries(perEngine)) console.log(`   ${engine}: ${s.toFixed(0)} s of jobs`);
if (retried.length) console.log(`== run again, their browser having ended:\n${retried.map((f) => `   ${f}`).join('\n')}`);
if (failed.length) {
  console.log(`== failed:\n${failed.map((f) => `   ${f}`).join('\n')}`);
  process.exit(1);
}

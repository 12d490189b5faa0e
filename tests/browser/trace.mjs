// What the trace tools share (trace_save.mjs, trace_start.mjs,
// trace_open.mjs): a Chromium trace over CDP, the page's renderer main
// thread summed by event name, and a sampled profile by function.

const CATEGORIES = 'devtools.timeline,v8.execute,v8.wasm,disabled-by-default-devtools.timeline,blink.user_timing,loading';

/** Starts tracing; `await stop()` ends it and gives every event. */
export async function startTrace(cdp) {
  const events = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
  const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
  await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents' });
  return async () => {
    await cdp.send('Tracing.end');
    await done;
    return events;
  };
}

/** The complete events of the page's renderer main thread(s). */
export function mainThread(events) {
  const mains = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  return events.filter((e) => e.ph === 'X' && e.dur && mains.has(`${e.pid}:${e.tid}`));
}

/** ms by event name of the events starting within [from, to] (µs; nested
 *  events count in each: a task holds its function calls), the top `n`. */
export function byName(events, from = -Infinity, to = Infinity, n = 25) {
  const sums = {};
  for (const e of events) { if (e.ts >= from && e.ts <= to) sums[e.name] = (sums[e.name] || 0) + e.dur / 1000; }
  return Object.entries(sums).sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${v.toFixed(1)} ms ${k}`).join('\n');
}

/** Starts the sampling profiler; `await stop()` gives the functions by
 *  self time, the top `n` (WASM names need a build keeping them:
 *  tests/tools/named-build.sh). */
export async function startProfile(cdp, n = 40) {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  return async () => {
    const { profile } = await cdp.send('Profiler.stop');
    const dt = {};
    profile.timeDeltas.forEach((d, i) => { const id = profile.samples[i]; dt[id] = (dt[id] || 0) + d / 1000; });
    const self = {};
    for (const node of profile.nodes) {
      const k = (node.callFrame.functionName || '(anonymous)').replace(/17h[0-9a-f]{16}E$/, '').slice(0, 140);
      self[k] = (self[k] || 0) + (dt[node.id] || 0);
    }
    return Object.entries(self).sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${v.toFixed(1)} ms ${k}`).join('\n');
  };
}

// How long the reference sync server takes to carry a change between two
// peers when neither is our app: two automerge-repo JS clients (the
// server's own packages) on one document, a change on one timed until the
// other sees it. Compared with the app's phone-to-phone figure
// (club_bench.mjs), it says how much of that is the server and protocol.
// Usage: node tests/tools/relay-probe.mjs <sync server port> [changes] [gap ms]
// (the gap between changes: the server batches what comes within 100 ms)
const am = '../../sync-server/node_modules/@automerge';
// Automerge's WASM starts with its Node entry point.
await import(`${am}/automerge/dist/mjs/entrypoints/fullfat_node_next.js`);
const { Repo } = await import(`${am}/automerge-repo/dist/index.js`);
const { BrowserWebSocketClientAdapter } = await import(`${am}/automerge-repo-network-websocket/dist/index.js`);

const port = Number(process.argv[2]);
const changes = Number(process.argv[3] || 50);
const gap = Number(process.argv[4] || 0);
if (!port) {
  console.error('usage: node tests/tools/relay-probe.mjs <port> [changes]');
  process.exit(2);
}
const peer = () => {
  const adapter = new BrowserWebSocketClientAdapter(`ws://127.0.0.1:${port}`);
  return { adapter, repo: new Repo({ network: [adapter] }) };
};
const a = peer();
const b = peer();
const docA = a.repo.create({ n: 0 });
const docB = await b.repo.find(docA.url);
await docB.whenReady();

const times = [];
for (let i = 1; i <= changes; i++) {
  if (gap) await new Promise((r) => setTimeout(r, gap));
  const seen = new Promise((resolve) => {
    const on = ({ doc }) => { if (doc.n === i) { docB.off('change', on); resolve(); } };
    docB.on('change', on);
  });
  const t0 = performance.now();
  docA.change((d) => { d.n = i; });
  await seen;
  times.push(performance.now() - t0);
}
times.sort((x, y) => x - y);
const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
console.log(`JS peer to JS peer through the sync server, ${changes} changes ${gap} ms apart: median ${at(0.5).toFixed(0)} ms, p95 ${at(0.95).toFixed(0)} ms (min ${times[0].toFixed(0)}, max ${times[times.length - 1].toFixed(0)})`);
for (const p of [a, b]) {
  p.adapter.socket?.removeEventListener('close', p.adapter.onClose);
  p.adapter.socket?.close();
}
process.exit(0);

// A small static server for the built app, as a static host should serve it:
//  - <file>.br / <file>.gz written by tests/tools/postbuild.mjs, when the
//    request's Accept-Encoding allows (brotli first), with Content-Encoding
//    and `Vary: Accept-Encoding`; without them, gzip -9 on the fly;
//  - Cache-Control: a year and immutable for content-hashed names
//    (name-0123456789abcdef.ext), `no-cache` for pages, sw.js and the rest,
//    with an ETag so a revalidation costs a 304;
//  - a path without a file is an app route, answered with its page: the
//    index.html of the longest folder that holds one (dist/index.html for
//    one page; dist/play/<kind>/index.html for /play/<kind>/... when each
//    bundle has its own page).
// Usage: node static-server.mjs <dir> <port> [host]
// With TLS_CERT and TLS_KEY (PEM files) in the environment it serves HTTPS
// (tests/tools/serve-https.sh makes them for a game night on the LAN).
// Tests may wrap `handler(dir)` to answer some requests themselves.
// With a sync server's port (SYNC_PORT, or `sync` below), a WebSocket to
// /sync is passed through to it: one address for the app and the club's
// sync, so a page on HTTPS reaches it as wss:// (tests/tools/sync-server.sh).
import http from 'node:http';
import net from 'node:net';
import https from 'node:https';
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import zlib from 'node:zlib';
import { COMPRESSIBLE, HASHED, pageMap, pageFor } from './postbuild.mjs';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript',
  '.wasm': 'application/wasm', '.css': 'text/css', '.svg': 'image/svg+xml',
  '.json': 'application/json', '.webmanifest': 'application/manifest+json', '.png': 'image/png',
  '.txt': 'text/plain; charset=utf-8', '.map': 'application/json',
  '.crt': 'application/x-x509-ca-cert',
};

/** The encodings a request accepts (q > 0), from its Accept-Encoding. */
function accepted(header = '') {
  const ok = new Set();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) ok.add(name);
  }
  if (ok.has('*')) { ok.add('br'); ok.add('gzip'); }
  return ok;
}

const isFile = (f) => { try { return fs.statSync(f).isFile(); } catch { return false; } };
const onTheFly = new Map(); // file -> { mtime, gz }

/** The request handler serving `dir`. */
export function handler(dir) {
  const root = path.resolve(dir);
  return (req, res) => {
    const url = new URL(req.url, 'http://x');
    let pathname;
    try { pathname = decodeURIComponent(url.pathname); } catch { res.writeHead(400); res.end(); return; }
    let file = path.join(root, pathname);
    if (!file.startsWith(root + path.sep) || !isFile(file)) {
      // An app route: the page for this path.
      const page = pageFor(pageMap(root), url.pathname);
      file = page ? path.join(root, page) : null;
    }
    let stat;
    try { stat = fs.statSync(file); } catch { res.writeHead(404); res.end(); return; }
    const rel = path.relative(root, file).split(path.sep).join('/');
    const ext = path.extname(file);
    const headers = {
      'Content-Type': TYPES[ext] || 'application/octet-stream',
      'Cache-Control': HASHED.test(rel) ? 'public, max-age=31536000, immutable' : 'no-cache',
      ETag: `W/"${stat.size.toString(36)}-${Math.floor(stat.mtimeMs).toString(36)}"`,
    };
    let body = null;
    if (COMPRESSIBLE.test(file)) {
      headers.Vary = 'Accept-Encoding';
      const ok = accepted(req.headers['accept-encoding']);
      for (const [enc, suffix] of [['br', '.br'], ['gzip', '.gz']]) {
        if (ok.has(enc) && isFile(file + suffix)) {
          body = fs.readFileSync(file + suffix);
          headers['Content-Encoding'] = enc;
          break;
        }
      }
      if (!body && ok.has('gzip')) {
        const hit = onTheFly.get(file);
        if (hit && hit.mtime === stat.mtimeMs) body = hit.gz;
        else {
          body = zlib.gzipSync(fs.readFileSync(file), { level: 9 });
          onTheFly.set(file, { mtime: stat.mtimeMs, gz: body });
        }
        headers['Content-Encoding'] = 'gzip';
      }
    }
    if (req.headers['if-none-match'] === headers.ETag) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    body ||= fs.readFileSync(file);
    headers['Content-Length'] = body.length;
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  };
}

/** Passes a WebSocket upgrade on /sync through to the sync server on
 *  127.0.0.1:`syncPort`, bytes both ways (the request line rewritten to /). */
/** Set `syncTrace.on` to `(direction, connection, bytes)` to hear each
 *  chunk passed to ('up') or from ('down') the sync server, as it passes
 *  (the chunk itself as a fourth argument)
 *  (tests/browser/club_bench.mjs trace); `syncTrace.closed` to
 *  `(connection, 'server' | 'phone')` to hear who ended a connection. */
export const syncTrace = { on: null, closed: null };
let connections = 0;

/** A test's network switch per phone: a page whose cookie says
 *  `phone=<name>` is cut from the sync server while `syncCut.off` holds
 *  its name (its connections closed, new ones refused), as a phone whose
 *  network drops (tests/browser/club_stress.test.mjs). */
export const syncCut = { off: new Set(), open: new Map(), deaf: new Set() };

/** Phone `name` hears nothing from the sync server (`deaf`), or hears it
 *  again: what the server says meanwhile is held, and lost when the
 *  connection is cut (as a network that drops the answers and then the
 *  connection; tests/browser/club_resting.test.mjs). */
export function setPhoneDeaf(name, deaf) {
  if (deaf) syncCut.deaf.add(name);
  else syncCut.deaf.delete(name);
}

/** Cuts phone `name` from the sync server, or (`on`) lets it reach it. */
export function setPhoneOnline(name, on) {
  if (on) return syncCut.off.delete(name);
  syncCut.off.add(name);
  for (const socket of syncCut.open.get(name) || []) socket.destroy();
}

function phoneOf(req) {
  const m = /(?:^|;\s*)phone=([^;]+)/.exec(req.headers.cookie || '');
  return m ? m[1] : null;
}

export function passSync(server, syncPort) {
  server.on('upgrade', (req, socket, head) => {
    if (!syncPort || !req.url.startsWith('/sync')) return socket.destroy();
    const phone = phoneOf(req);
    if (phone && syncCut.off.has(phone)) return socket.destroy();
    if (phone) {
      if (!syncCut.open.has(phone)) syncCut.open.set(phone, new Set());
      syncCut.open.get(phone).add(socket);
      socket.on('close', () => syncCut.open.get(phone)?.delete(socket));
    }
    const id = ++connections;
    const upstream = net.connect(syncPort, '127.0.0.1', () => {
      const lines = [`GET / HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      upstream.write(lines.join('\r\n') + '\r\n\r\n');
      if (head.length) upstream.write(head);
      // The server's bytes reach the phone unless it is deaf (then held,
      // in order, until it hears again or its connection is cut).
      const held = [];
      upstream.on('data', (d) => {
        if (phone && syncCut.deaf.has(phone)) return held.push(d);
        while (held.length) socket.write(held.shift());
        socket.write(d);
      });
      upstream.on('end', () => socket.end());
      socket.pipe(upstream);
      // Listened to once piped (a listener before would read chunks away).
      if (syncTrace.on) {
        socket.on('data', (d) => syncTrace.on?.('up', id, d.length, d));
        upstream.on('data', (d) => syncTrace.on?.('down', id, d.length, d));
      }
    });
    const close = () => { upstream.destroy(); socket.destroy(); };
    upstream.on('error', close);
    socket.on('error', close);
    // syncTrace.closed: which side ended a connection first.
    let ended = false;
    const first = (by) => { if (!ended) { ended = true; syncTrace.closed?.(id, by); } };
    upstream.on('close', () => { first('server'); close(); });
    socket.on('close', () => { first('phone'); close(); });
  });
}

/** Serves `dir` (or, a function, the folder it names for each request: a
 *  release replaced in place, tests/browser/club_upgrade.test.mjs). */
export function startServer(dir, port = 0, host = '127.0.0.1', tls = null, sync = Number(process.env.SYNC_PORT) || 0) {
  const h = typeof dir === 'function' ? (req, res) => handler(dir(req))(req, res) : handler(dir);
  const server = tls ? https.createServer(tls, h) : http.createServer(h);
  passSync(server, sync);
  return new Promise((resolve) => server.listen(port, host, () => resolve(server)));
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  const [dir = 'dist', port = '8080', host = '0.0.0.0'] = process.argv.slice(2);
  const { TLS_CERT, TLS_KEY } = process.env;
  const tls = TLS_CERT && TLS_KEY ? { cert: fs.readFileSync(TLS_CERT), key: fs.readFileSync(TLS_KEY) } : null;
  const scheme = tls ? 'https' : 'http';
  const server = await startServer(dir, Number(port), host, tls);
  const p = server.address().port;
  console.log(`Chicken Scores is served from ${dir}:`);
  console.log(`  on this machine:  ${scheme}://127.0.0.1:${p}/`);
  if (host === '0.0.0.0') {
    for (const addrs of Object.values(os.networkInterfaces())) {
      for (const a of addrs || []) {
        if (a.family === 'IPv4' && !a.internal) console.log(`  on your phone:    ${scheme}://${a.address}:${p}/`);
      }
    }
  }
  if (!fs.existsSync(path.join(dir, 'index.html.br'))) {
    console.log('  (no .br files: run `node tests/tools/postbuild.mjs dist` for brotli; gzip on the fly meanwhile)');
  }
  if (!tls) {
    console.log('  Note: Chromium asks for brotli only over HTTPS or from localhost/127.0.0.1;');
    console.log('  a phone on plain http://<LAN address> gets gzip.');
  }
  console.log('Press Ctrl+C to stop.');
}

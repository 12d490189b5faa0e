// A small static server for the built app: gzip for text; a path without a
// file is an app route, answered with its bundle's page (/play/<kind>/... is
// dist/play/<kind>/index.html, the rest dist/index.html); pages not cached.
// Usage: node static-server.mjs <dir> <port> [host]
// With TLS_CERT and TLS_KEY (PEM files) in the environment it serves HTTPS
// (tests/tools/serve-https.sh makes them for a game night on the LAN).
import http from 'node:http';
import https from 'node:https';
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import zlib from 'node:zlib';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript',
  '.wasm': 'application/wasm', '.css': 'text/css', '.svg': 'image/svg+xml',
  '.json': 'application/json', '.webmanifest': 'application/manifest+json', '.png': 'image/png',
  '.crt': 'application/x-x509-ca-cert',
};

export function startServer(dir, port = 0, host = '127.0.0.1', tls = null) {
  const root = path.resolve(dir);
  const handler = (req, res) => {
    const url = new URL(req.url, 'http://x');
    let file = path.join(root, decodeURIComponent(url.pathname));
    if (!file.startsWith(root) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      // An app route: /play/<kind>/... is that game's bundle, the rest the shell.
      const game = url.pathname.match(/^\/play\/([a-z0-9-]+)\//);
      const page = game ? path.join(root, 'play', game[1], 'index.html')
        : url.pathname.startsWith('/records/') ? path.join(root, 'records', 'index.html') : null;
      file = page && fs.existsSync(page) ? page : path.join(root, 'index.html');
    }
    let body;
    try { body = fs.readFileSync(file); } catch { res.writeHead(404); res.end(); return; }
    const ext = path.extname(file);
    const headers = { 'Content-Type': TYPES[ext] || 'application/octet-stream' };
    headers['Cache-Control'] = ext === '.html' || file.endsWith('sw.js') ? 'no-cache' : 'max-age=31536000, immutable';
    if (/gzip/.test(req.headers['accept-encoding'] || '') && ext !== '.png') {
      body = zlib.gzipSync(body, { level: 9 });
      headers['Content-Encoding'] = 'gzip';
    }
    headers['Content-Length'] = body.length;
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  };
  const server = tls ? https.createServer(tls, handler) : http.createServer(handler);
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
  console.log('Press Ctrl+C to stop.');
}

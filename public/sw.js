// Offline support. Game data lives in localStorage, never here; this caches
// the app itself. The shell and each game's bundle are separate pages
// (dist/index.html, dist/play/<kind>/index.html); once installed, the worker
// fetches every game's bundle so any game opens offline, even one never
// opened before. Pages are network-first (the cached page when offline);
// hashed assets are cache-first.
const CACHE = 'chicken-scores-v2';
const ASSET = /["'](\/[^"']+\.(?:js|wasm|css))["']/g;

// The page a path belongs to: its game's bundle, or the shell.
function pageKey(pathname) {
  const game = pathname.match(/^\/play\/([a-z0-9-]+)\//);
  if (game) return `/play/${game[1]}/index.html`;
  return pathname.startsWith('/records/') ? '/records/index.html' : '/index.html';
}

async function cachePage(cache, key, url) {
  const res = await fetch(url, { cache: 'no-cache' });
  if (!res.ok) return;
  const html = await res.clone().text();
  await cache.put(key, res);
  const assets = [...html.matchAll(ASSET)].map((m) => m[1]);
  await Promise.all(assets.map(async (a) => {
    if (!(await cache.match(a))) {
      const r = await fetch(a);
      if (r.ok) await cache.put(a, r);
    }
  }));
}

async function fillCache() {
  const cache = await caches.open(CACHE);
  await cachePage(cache, '/index.html', '/');
  const kinds = await fetch('/bundles.json').then((r) => r.json()).catch(() => []);
  for (const kind of kinds) await cachePage(cache, `/play/${kind}/index.html`, `/play/${kind}/`);
  await cachePage(cache, '/records/index.html', '/records/');
}

self.addEventListener('install', (event) => {
  self.skipWaiting();
  event.waitUntil(fillCache().catch(() => {}));
});
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const req = event.request;
  const url = new URL(req.url);
  if (req.method !== 'GET' || url.origin !== self.location.origin) return;
  if (req.mode === 'navigate') {
    const key = pageKey(url.pathname);
    event.respondWith(
      fetch(req)
        .then((res) => {
          const copy = res.clone();
          caches.open(CACHE).then((c) => c.put(key, copy));
          return res;
        })
        .catch(() => caches.match(key)),
    );
    return;
  }
  event.respondWith(
    caches.match(req).then((hit) => hit || fetch(req).then((res) => {
      if (res.ok) {
        const copy = res.clone();
        caches.open(CACHE).then((c) => c.put(req, copy));
      }
      return res;
    })),
  );
});

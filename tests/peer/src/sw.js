// The stand-in peer's service worker: caches every file on install, then
// answers from the cache first (the network only for what it lacks).
const CACHE = 'peer-v1';
// Every file of the app (tests/browser/peer_bench.mjs reads this list).
const FILES = ["./", "index.html", "app.js", "vue.min.js", "vuetify.min.js", "vuetify.min.css", "manifest.webmanifest", "icon.svg"];

self.addEventListener('install', (event) => {
  self.skipWaiting();
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)));
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    const old = (await caches.keys()).filter((k) => k !== CACHE);
    await Promise.all(old.map((k) => caches.delete(k)));
    await self.clients.claim();
  })());
});

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET' || new URL(req.url).origin !== self.location.origin) return;
  event.respondWith(caches.match(req, { ignoreSearch: true, ignoreVary: true }).then((hit) => hit || fetch(req)));
});

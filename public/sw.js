// Offline support. Game data lives in IndexedDB, never here; this keeps the
// app itself, one whole release at a time.
//
// The build (tests/tools/postbuild.mjs) writes the release between the
// RELEASE markers below: its version (a hash of every file), every file the
// app needs offline (all pages, scripts, WASM, chunks, CSS, icons,
// manifest) and which page answers which paths. So every release changes
// this file's bytes, the browser installs the new worker, and it:
//  - install: fetches every listed file into a cache named by the version
//    (HTTP cache bypassed, except for content-hashed names, whose bytes
//    never change); any non-OK answer or network failure fails the install,
//    so the release before keeps working and the browser tries again later;
//  - activate: deletes every other cache of ours, takes over open pages;
//  - fetch: a listed file from the cache first (the network if missing);
//    a navigation from the network, but after TIMEOUT ms, on a network
//    error or on an error status, the cached page for that path; anything
//    else of ours from the network (the cache if that fails). Only OK
//    answers are ever cached.
// Without a release written in (the bare public/sw.js, e.g. `trunk serve`)
// it caches nothing and answers nothing.
const RELEASE = /*RELEASE*/{ "version": "dev", "files": [], "hashed": [], "pages": [] }/*RELEASE*/;
const PREFIX = 'chicken-scores-';
const CACHE = `${PREFIX}${RELEASE.version}`;
const RUNTIME = `${CACHE}-runtime`;
const TIMEOUT = 3000;
const LISTED = new Set(RELEASE.files);
const HASHED = new Set(RELEASE.hashed);
const PAGES = new Map(RELEASE.pages.map(([prefix, page]) => [page, prefix]));

/** The page that answers an app path: longest prefix wins. */
function pageFor(pathname) {
  if (LISTED.has(pathname)) return pathname;
  const p = pathname.endsWith('/') ? pathname : `${pathname}/`;
  const hit = RELEASE.pages.find(([prefix]) => p.startsWith(prefix));
  return hit ? hit[1] : null;
}

/** Fetches one listed file for the cache; throws unless the answer is OK. */
async function fetchListed(file) {
  // A page is asked for by its folder (/play/<id>/, not .../index.html),
  // as navigations ask for it: some hosts redirect index.html away.
  const url = PAGES.has(file) ? PAGES.get(file) : file;
  const res = await fetch(url, { cache: HASHED.has(file) ? 'default' : 'no-cache' });
  if (!res.ok) throw new Error(`${file}: HTTP ${res.status}`);
  // A redirected response cannot answer a navigation: keep the bytes only.
  return res.redirected ? new Response(await res.blob(), { status: 200, headers: res.headers }) : res;
}

async function install() {
  const cache = await caches.open(CACHE);
  // A file an earlier, failed attempt at this same version cached is kept.
  const have = new Set((await cache.keys()).map((r) => new URL(r.url).pathname));
  const todo = RELEASE.files.filter((f) => !have.has(f));
  const worker = async () => {
    try {
      for (let f = todo.shift(); f; f = todo.shift()) await cache.put(f, await fetchListed(f));
    } catch (e) {
      todo.length = 0; // one failure fails the install: stop the others
      throw e;
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
}

self.addEventListener('install', (event) => {
  self.skipWaiting();
  if (LISTED.size) event.waitUntil(install());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    const keep = LISTED.size ? [CACHE, RUNTIME] : [];
    const ours = (await caches.keys()).filter((k) => k.startsWith(PREFIX) && !keep.includes(k));
    await Promise.all(ours.map((k) => caches.delete(k)));
    await self.clients.claim();
  })());
});

const cached = async (key, name = CACHE) => (await caches.open(name)).match(key, { ignoreVary: true });

/** The network's answer, or `fallback` if it fails, is not OK or takes
 *  longer than TIMEOUT ms. */
function networkOr(req, fallback) {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(fallback), TIMEOUT);
    fetch(req)
      .then((res) => resolve(res.ok || res.type === 'opaqueredirect' ? res : fallback), () => resolve(fallback))
      .finally(() => clearTimeout(timer));
  });
}

async function navigate(req, url) {
  const key = pageFor(url.pathname);
  const page = key && (await cached(key));
  return page ? networkOr(req, page) : fetch(req);
}

async function listed(req, url) {
  return (await cached(url.pathname)) || fetch(req);
}

async function other(req) {
  const copy = (await cached(req, RUNTIME)) || (await caches.match(req, { ignoreSearch: true, ignoreVary: true }));
  if (copy) return networkOr(req, copy);
  const res = await fetch(req);
  if (res.status === 200 && res.type === 'basic') {
    const keep = res.clone();
    caches.open(RUNTIME).then((c) => c.put(req, keep)).catch(() => {});
  }
  return res;
}

self.addEventListener('fetch', (event) => {
  const req = event.request;
  const url = new URL(req.url);
  if (!LISTED.size || req.method !== 'GET' || url.origin !== self.location.origin) return;
  if (req.mode === 'navigate') event.respondWith(navigate(req, url));
  else if (LISTED.has(url.pathname)) event.respondWith(listed(req, url));
  else event.respondWith(other(req));
});

// Reading and writing the app's IndexedDB from a test, as a broken or
// foreign writer would: values are {t: text} (summaries add f and u).
export const DB = 'chicken-scores';
export const STORES = ['games', 'summaries', 'drafts', 'meta', 'aside', 'nights'];

/** Every store's keys and texts: {games: {id: text}, ...}. */
export async function idbDump(page) {
  return page.evaluate(async (stores) => {
    const db = await new Promise((res, rej) => {
      const r = indexedDB.open('chicken-scores');
      r.onsuccess = () => res(r.result);
      r.onerror = () => rej(r.error);
    });
    const out = {};
    for (const name of stores) {
      if (!db.objectStoreNames.contains(name)) { out[name] = {}; continue; }
      const tx = db.transaction(name);
      const store = tx.objectStore(name);
      const [keys, values] = await Promise.all([store.getAllKeys(), store.getAll()].map((r) => new Promise((res) => { r.onsuccess = () => res(r.result); })));
      out[name] = Object.fromEntries(keys.map((k, i) => [String(k), typeof values[i]?.t === 'string' ? values[i].t : JSON.stringify(values[i])]));
    }
    db.close();
    return out;
  }, STORES);
}

/** Puts `text` under `key` in `store`, keeping the value's other fields. */
export async function idbPoke(page, store, key, text) {
  await page.evaluate(async ([store, key, text]) => {
    const db = await new Promise((res, rej) => {
      const r = indexedDB.open('chicken-scores');
      r.onsuccess = () => res(r.result);
      r.onerror = () => rej(r.error);
    });
    const tx = db.transaction(store, 'readwrite');
    const s = tx.objectStore(store);
    const old = await new Promise((res) => { const r = s.get(key); r.onsuccess = () => res(r.result); });
    s.put({ ...(old || {}), t: text }, key);
    await new Promise((res, rej) => { tx.oncomplete = res; tx.onabort = () => rej(tx.error); });
    db.close();
  }, [store, key, text]);
}

/** Writes many games straight into the store (the benchmark's seed). */
export async function idbSeed(page, rows) {
  await page.evaluate(async (rows) => {
    const db = await new Promise((res, rej) => {
      const r = indexedDB.open('chicken-scores');
      r.onsuccess = () => res(r.result);
      r.onerror = () => rej(r.error);
    });
    const tx = db.transaction(['games', 'summaries'], 'readwrite');
    for (const { record, summary } of rows) {
      tx.objectStore('games').put({ t: JSON.stringify(record) }, record.id);
      tx.objectStore('summaries').put({ t: JSON.stringify(summary), f: summary.finished ? 1 : 0, u: -summary.updated_ms }, record.id);
    }
    await new Promise((res, rej) => { tx.oncomplete = res; tx.onabort = () => rej(tx.error); });
    db.close();
  }, rows);
}

/** Puts back every game, summary, draft and meta value of `dump` (an
 *  idbDump), removing what is there now. */
export async function idbRestore(page, dump) {
  await page.evaluate(async (dump) => {
    const db = await new Promise((res, rej) => {
      const r = indexedDB.open('chicken-scores');
      r.onsuccess = () => res(r.result);
      r.onerror = () => rej(r.error);
    });
    const names = ['games', 'summaries', 'drafts', 'meta'];
    const tx = db.transaction(names, 'readwrite');
    for (const name of names) {
      const s = tx.objectStore(name);
      s.clear();
      for (const [k, t] of Object.entries(dump[name] || {})) {
        if (name === 'summaries') {
          let f = 0; let u = 0;
          try { const v = JSON.parse(t); f = v.finished ? 1 : 0; u = -v.updated_ms; } catch { /* as found */ }
          s.put({ t, f, u }, k);
        } else {
          s.put({ t }, k);
        }
      }
    }
    await new Promise((res, rej) => { tx.oncomplete = res; tx.onabort = () => rej(tx.error); });
    db.close();
  }, dump);
}

/**
 * A full disk, at IndexedDB's boundary, while localStorage 'test.full' is
 * '1': a transaction that writes is aborted at commit with a
 * QuotaExceededError, as the browser does when the disk is full; one that
 * only deletes commits. (Chromium 156 does not enforce CDP's
 * Storage.overrideQuotaForOrigin on IndexedDB writes: measured, a 2 MB
 * write under a 1,000-byte quota commits.)
 */
export async function simulateFullDisk(context) {
  await context.addInitScript(() => {
    const transaction = IDBDatabase.prototype.transaction;
    IDBDatabase.prototype.transaction = function (names, mode, options) {
      const tx = transaction.call(this, names, mode, options);
      if (mode !== 'readwrite' || localStorage.getItem('test.full') !== '1') return tx;
      let wrote = false;
      const objectStore = tx.objectStore.bind(tx);
      tx.objectStore = (name) => {
        const s = objectStore(name);
        for (const m of ['put', 'add']) {
          const real = s[m].bind(s);
          s[m] = (...args) => { wrote = true; return real(...args); };
        }
        return s;
      };
      const quota = new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      Object.defineProperty(tx, 'error', { get: () => (wrote ? quota : null) });
      const commit = tx.commit.bind(tx);
      tx.commit = () => (wrote ? tx.abort() : commit());
      return tx;
    };
  });
}

/** How many chunks the club's documents hold on `page`'s phone: 0 when its
 *  database is absent, -1 when it cannot be opened within 5 s (a deletion
 *  of it waits on another connection, and holds every opening behind it). */
export async function syncDocuments(page) {
  return page.evaluate(async () => {
    if (!(await indexedDB.databases()).some((d) => d.name === 'chicken-scores-sync')) return 0;
    const count = new Promise((resolve, reject) => {
      const open = indexedDB.open('chicken-scores-sync');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('chunks')) return db.close(), resolve(0);
        const r = db.transaction('chunks').objectStore('chunks').count();
        r.onsuccess = () => (db.close(), resolve(r.result));
        r.onerror = () => (db.close(), reject(r.error));
      };
    });
    return Promise.race([count, new Promise((resolve) => setTimeout(() => resolve(-1), 5_000))]);
  });
}

/** The keys the club's documents hold on `page`'s phone for document
 *  `docId` (each a chunk of it: a snapshot or a change), for a failure's
 *  message; null when the database cannot be read within 5 s. */
export async function syncChunks(page, docId) {
  return page.evaluate(async (docId) => {
    if (!(await indexedDB.databases()).some((d) => d.name === 'chicken-scores-sync')) return [];
    const keys = new Promise((resolve, reject) => {
      const open = indexedDB.open('chicken-scores-sync');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('chunks')) return db.close(), resolve([]);
        const r = db.transaction('chunks').objectStore('chunks').getAllKeys();
        r.onsuccess = () => (db.close(), resolve(r.result.filter((k) => k[0] === docId).map((k) => k.slice(1).join('/'))));
        r.onerror = () => (db.close(), reject(r.error));
      };
    });
    return Promise.race([keys, new Promise((resolve) => setTimeout(() => resolve(null), 5_000))]);
  }, docId);
}

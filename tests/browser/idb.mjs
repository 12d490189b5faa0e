// Reading and writing the app's IndexedDB from a test, as a broken or
// foreign writer would: values are {t: text} (summaries add f and u).
export const DB = 'chicken-scores';
export const STORES = ['games', 'summaries', 'drafts', 'meta', 'aside'];

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

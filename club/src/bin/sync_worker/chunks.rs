//! The sync engine's storage in the worker: IndexedDB database
//! `chicken-scores-sync`, one object store `chunks` whose keys are the
//! engine's storage keys as arrays of strings (so a prefix is a key range:
//! an array sorts after every string, so `[...prefix, []]` bounds it).
//! Each write is its own transaction, done once IndexedDB committed it.

use js_sys::{Array, Uint8Array};
use samod_core::io::{StorageResult, StorageTask};
use samod_core::StorageKey;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{IdbDatabase, IdbKeyRange, IdbTransaction, IdbTransactionMode, WorkerGlobalScope};

/// Why storage failed: the browser's error name, for the message.
#[derive(Debug)]
pub struct StoreError(pub String);

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

fn error_of(e: &JsValue) -> StoreError {
    let name = js_sys::Reflect::get(e, &"name".into())
        .ok()
        .and_then(|v| v.as_string())
        .unwrap_or_else(|| "unknown error".into());
    StoreError(name.chars().take(40).collect())
}

async fn request(req: &web_sys::IdbRequest) -> Result<JsValue, StoreError> {
    chicken_club::idb::request(req)
        .await
        .map_err(|e| error_of(&e))
}

async fn finished(tx: &IdbTransaction) -> Result<(), StoreError> {
    chicken_club::idb::finished(tx)
        .await
        .map_err(|e| error_of(&e))
}

const STORE: &str = chicken_club::idb::SYNC_STORE;

fn factory() -> Result<web_sys::IdbFactory, StoreError> {
    let scope: WorkerGlobalScope = js_sys::global().unchecked_into();
    scope
        .indexed_db()
        .ok()
        .flatten()
        .ok_or_else(|| StoreError("no IndexedDB".into()))
}

/// The open database.
pub struct Chunks {
    db: IdbDatabase,
}

fn key_of(key: &StorageKey) -> Array {
    key.into_iter()
        .map(|part| JsValue::from_str(part))
        .collect()
}

fn key_from(value: &JsValue) -> Option<StorageKey> {
    let parts: Array = value.clone().dyn_into().ok()?;
    let parts: Vec<String> = parts.iter().map(|p| p.as_string()).collect::<Option<_>>()?;
    StorageKey::from_parts(parts).ok()
}

impl Chunks {
    /// Opens (and on first use creates) the database.
    pub async fn open() -> Result<Chunks, StoreError> {
        let db = chicken_club::idb::open_sync(&factory()?)
            .await
            .map_err(|e| error_of(&e))?;
        // A deletion or upgrade of this database (an older release's leave,
        // a later layout) waits for every connection: this one lets go at
        // once.
        let closing = db.clone();
        let on_change = Closure::<dyn FnMut(web_sys::Event)>::new(move |_: web_sys::Event| {
            closing.close();
        });
        db.set_onversionchange(Some(on_change.as_ref().unchecked_ref()));
        on_change.forget(); // lives as long as the worker
        Ok(Chunks { db })
    }

    /// Closes the connection (tasks after this fail).
    pub fn close(&self) {
        self.db.close();
    }

    /// Empties the database through a connection of its own.
    pub async fn empty() -> Result<(), StoreError> {
        chicken_club::idb::empty_sync(&factory()?)
            .await
            .map_err(|e| error_of(&e))
    }

    /// Empties the database: the club's documents gone from this phone.
    pub async fn clear(&self) -> Result<(), StoreError> {
        chicken_club::idb::clear_sync(&self.db)
            .await
            .map_err(|e| error_of(&e))
    }

    /// The documents stored, each as a key of its id alone (the engine's
    /// keys name their document first): only each key's first part is
    /// read, and the kept words' keys are not read (a club of 5,000 games
    /// stores 10,000 of them).
    pub async fn documents(&self) -> Result<Vec<StorageKey>, StoreError> {
        let refused = |_| StoreError("IndexedDB".into());
        let tx = self.db.transaction_with_str(STORE).map_err(refused)?;
        let store = tx.object_store(STORE).map_err(refused)?;
        // Every key but the kept words': those before them, and after.
        let kept = key_of(
            &StorageKey::from_parts([chicken_club::kept::PREFIX])
                .map_err(|_| StoreError("key".into()))?,
        );
        let after_kept = kept.clone();
        after_kept.push(&Array::new());
        let before = IdbKeyRange::upper_bound_with_open(&kept, true).map_err(refused)?;
        let after = IdbKeyRange::lower_bound_with_open(&after_kept, true).map_err(refused)?;
        let below = store.get_all_keys_with_key(&before).map_err(refused)?;
        let above = store.get_all_keys_with_key(&after).map_err(refused)?;
        let below: Array = request(&below)
            .await?
            .dyn_into()
            .map_err(|_| StoreError("keys".into()))?;
        let above: Array = request(&above)
            .await?
            .dyn_into()
            .map_err(|_| StoreError("keys".into()))?;
        let mut docs = Vec::new();
        let mut last = String::new();
        for key in below.iter().chain(above.iter()) {
            let Some(first) = key.dyn_ref::<Array>().and_then(|k| k.get(0).as_string()) else {
                continue;
            };
            // Keys come sorted: a document's are together.
            if first == last {
                continue;
            }
            if let Ok(doc) = StorageKey::from_parts([first.as_str()]) {
                docs.push(doc);
            }
            last = first;
        }
        Ok(docs)
    }

    /// Performs one of the engine's storage tasks.
    pub async fn perform(&self, task: StorageTask) -> Result<StorageResult, StoreError> {
        let refused = |_| StoreError("IndexedDB".into());
        match task {
            StorageTask::Load { key } => {
                let tx = self.db.transaction_with_str(STORE).map_err(refused)?;
                let store = tx.object_store(STORE).map_err(refused)?;
                let value = request(&store.get(&key_of(&key)).map_err(refused)?).await?;
                Ok(StorageResult::Load {
                    value: bytes_of(&value),
                })
            }
            StorageTask::LoadRange { prefix } => {
                let tx = self.db.transaction_with_str(STORE).map_err(refused)?;
                let store = tx.object_store(STORE).map_err(refused)?;
                let lower = key_of(&prefix);
                let upper = key_of(&prefix);
                upper.push(&Array::new());
                let range = IdbKeyRange::bound(&lower, &upper).map_err(refused)?;
                let keys = request(&store.get_all_keys_with_key(&range).map_err(refused)?).await?;
                let values = request(&store.get_all_with_key(&range).map_err(refused)?).await?;
                crate::outbox::mark("range fetched");
                let keys: Array = keys.dyn_into().map_err(|_| StoreError("keys".into()))?;
                let values: Array = values.dyn_into().map_err(|_| StoreError("values".into()))?;
                let mut found = std::collections::HashMap::new();
                for (k, v) in keys.iter().zip(values.iter()) {
                    if let (Some(k), Some(v)) = (key_from(&k), bytes_of(&v)) {
                        found.insert(k, v);
                    }
                }
                Ok(StorageResult::LoadRange { values: found })
            }
            StorageTask::Put { key, value } => {
                let tx = self.write()?;
                let store = tx.object_store(STORE).map_err(refused)?;
                let bytes = Uint8Array::from(value.as_slice());
                store.put_with_key(&bytes, &key_of(&key)).map_err(refused)?;
                finished(&tx).await?;
                Ok(StorageResult::Put)
            }
            StorageTask::Delete { key } => {
                let tx = self.write()?;
                let store = tx.object_store(STORE).map_err(refused)?;
                store.delete(&key_of(&key)).map_err(refused)?;
                finished(&tx).await?;
                Ok(StorageResult::Delete)
            }
        }
    }

    /// Performs the engine's writes and deletions `tasks` in one
    /// transaction, in order; each one's result once it is committed.
    pub async fn write_all(
        &self,
        tasks: Vec<StorageTask>,
    ) -> Result<Vec<StorageResult>, StoreError> {
        let refused = |_| StoreError("IndexedDB".into());
        let tx = self.write()?;
        let store = tx.object_store(STORE).map_err(refused)?;
        let mut results = Vec::with_capacity(tasks.len());
        for task in tasks {
            match task {
                StorageTask::Put { key, value } => {
                    let bytes = Uint8Array::from(value.as_slice());
                    store.put_with_key(&bytes, &key_of(&key)).map_err(refused)?;
                    results.push(StorageResult::Put);
                }
                StorageTask::Delete { key } => {
                    store.delete(&key_of(&key)).map_err(refused)?;
                    results.push(StorageResult::Delete);
                }
                // Reads are not written: never handed here.
                StorageTask::Load { .. } | StorageTask::LoadRange { .. } => {}
            }
        }
        finished(&tx).await?;
        Ok(results)
    }

    fn write(&self) -> Result<IdbTransaction, StoreError> {
        self.db
            .transaction_with_str_and_mode(STORE, IdbTransactionMode::Readwrite)
            .map_err(|_| StoreError("IndexedDB".into()))
    }
}

fn bytes_of(value: &JsValue) -> Option<Vec<u8>> {
    value
        .dyn_ref::<Uint8Array>()
        .map(|a| a.to_vec())
        .or_else(|| {
            value
                .dyn_ref::<js_sys::ArrayBuffer>()
                .map(|b| Uint8Array::new(b).to_vec())
        })
}

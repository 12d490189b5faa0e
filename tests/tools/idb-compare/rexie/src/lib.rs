//! rexie 0.6: the same, but no way to ask for durability "strict".
use rexie::{ObjectStore, Rexie, TransactionMode};
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
pub async fn run(key: String, text: String) -> Result<JsValue, JsValue> {
    let err = |e: rexie::Error| JsValue::from_str(&e.to_string());
    let db = Rexie::builder("cmp").version(1).add_object_store(ObjectStore::new("s")).build().await.map_err(err)?;
    let tx = db.transaction(&["s"], TransactionMode::ReadWrite).map_err(err)?;
    let store = tx.store("s").map_err(err)?;
    store.put(&text.into(), Some(&key.clone().into())).await.map_err(err)?;
    tx.commit().await.map_err(err)?;
    let tx = db.transaction(&["s"], TransactionMode::ReadOnly).map_err(err)?;
    let got = tx.store("s").map_err(err)?.get(key.into()).await.map_err(err)?;
    Ok(got.unwrap_or(JsValue::NULL))
}

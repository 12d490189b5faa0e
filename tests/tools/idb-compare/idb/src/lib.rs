//! idb 0.6: the same, but no way to ask for durability "strict".
use idb::{DatabaseEvent, Factory, ObjectStoreParams, TransactionMode};
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
pub async fn run(key: String, text: String) -> Result<JsValue, JsValue> {
    let err = |e: idb::Error| JsValue::from_str(&e.to_string());
    let factory = Factory::new().map_err(err)?;
    let mut open = factory.open("cmp", Some(1)).map_err(err)?;
    open.on_upgrade_needed(|event| {
        if let Ok(db) = event.database() {
            let _ = db.create_object_store("s", ObjectStoreParams::new());
        }
    });
    let db = open.await.map_err(err)?;
    let tx = db.transaction(&["s"], TransactionMode::ReadWrite).map_err(err)?;
    let store = tx.object_store("s").map_err(err)?;
    store.put(&text.into(), Some(&key.clone().into())).map_err(err)?.await.map_err(err)?;
    tx.commit().map_err(err)?.await.map_err(err)?;
    let tx = db.transaction(&["s"], TransactionMode::ReadOnly).map_err(err)?;
    let got = tx.object_store("s").map_err(err)?.get(JsValue::from(key)).map_err(err)?.await.map_err(err)?;
    Ok(got.unwrap_or(JsValue::NULL))
}

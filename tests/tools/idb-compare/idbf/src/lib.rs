//! indexed_db_futures 0.6: the same with durability "strict".
use indexed_db_futures::database::Database;
use indexed_db_futures::prelude::*;
use indexed_db_futures::transaction::{TransactionDurability, TransactionMode, TransactionOptions};
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
pub async fn run(key: String, text: String) -> Result<JsValue, JsValue> {
    let err = |e: indexed_db_futures::error::Error| JsValue::from_str(&e.to_string());
    let db = Database::open("cmp")
        .with_version(1u8)
        .with_on_upgrade_needed(|_, db| {
            db.create_object_store("s").build()?;
            Ok(())
        })
        .await
        .map_err(|e| JsValue::from_str(&e.to_string()))?;
    let tx = db
        .transaction("s")
        .with_mode(TransactionMode::Readwrite)
        .with_options(TransactionOptions::new().with_durability(TransactionDurability::Strict))
        .build()
        .map_err(err)?;
    let store = tx.object_store("s").map_err(err)?;
    store.put(text).with_key(key.clone()).await.map_err(err)?;
    tx.commit().await.map_err(err)?;
    let tx = db.transaction("s").build().map_err(err)?;
    let store = tx.object_store("s").map_err(err)?;
    let got: Option<String> = store.get(key).await.map_err(err)?;
    Ok(got.map(JsValue::from).unwrap_or(JsValue::NULL))
}

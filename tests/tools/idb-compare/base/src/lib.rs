//! web-sys directly: open, readwrite put with durability "strict", await complete, read back.
#![allow(deprecated)] // IDBTransaction.commit() is standard; web-sys marks it deprecated
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{IdbDatabase, IdbOpenDbRequest, IdbRequest, IdbTransaction};

#[wasm_bindgen]
extern "C" {
    type Db;
    #[wasm_bindgen(method, catch, js_name = transaction)]
    fn transaction_with(db: &Db, names: &JsValue, mode: &str, opts: &JsValue) -> Result<IdbTransaction, JsValue>;
}

async fn wait_request(req: &IdbRequest) -> Result<JsValue, JsValue> {
    let p = js_sys::Promise::new(&mut |ok, bad| {
        let r2 = req.clone();
        let s = Closure::once_into_js(move || { let _ = ok.call1(&JsValue::NULL, &r2.result().unwrap_or(JsValue::NULL)); });
        let e = Closure::once_into_js(move || { let _ = bad.call0(&JsValue::NULL); });
        req.set_onsuccess(Some(s.unchecked_ref()));
        req.set_onerror(Some(e.unchecked_ref()));
    });
    wasm_bindgen_futures::JsFuture::from(p).await
}

async fn wait_tx(tx: &IdbTransaction) -> Result<(), JsValue> {
    let p = js_sys::Promise::new(&mut |ok, bad| {
        let s = Closure::once_into_js(move || { let _ = ok.call0(&JsValue::NULL); });
        let bad2 = bad.clone();
        let e = Closure::once_into_js(move || { let _ = bad.call0(&JsValue::NULL); });
        let a = Closure::once_into_js(move || { let _ = bad2.call0(&JsValue::NULL); });
        tx.set_oncomplete(Some(s.unchecked_ref()));
        tx.set_onerror(Some(e.unchecked_ref()));
        tx.set_onabort(Some(a.unchecked_ref()));
    });
    wasm_bindgen_futures::JsFuture::from(p).await.map(|_| ())
}

#[wasm_bindgen]
pub async fn run(key: String, text: String) -> Result<JsValue, JsValue> {
    let factory = web_sys::window().ok_or("no window")?.indexed_db()?.ok_or("no idb")?;
    let open: IdbOpenDbRequest = factory.open_with_u32("cmp", 1)?;
    let up = Closure::once_into_js({
        let open = open.clone();
        move || {
            if let Ok(db) = open.result() {
                let db: IdbDatabase = db.unchecked_into();
                let _ = db.create_object_store("s");
            }
        }
    });
    open.set_onupgradeneeded(Some(up.unchecked_ref()));
    let db: IdbDatabase = wait_request(&open).await?.unchecked_into();
    let opts = js_sys::Object::new();
    js_sys::Reflect::set(&opts, &"durability".into(), &"strict".into())?;
    let tx = db.unchecked_ref::<Db>().transaction_with(&"s".into(), "readwrite", &opts)?;
    let store = tx.object_store("s")?;
    store.put_with_key(&text.into(), &key.clone().into())?;
    tx.commit()?;
    wait_tx(&tx).await?;
    let tx = db.transaction_with_str("s")?;
    let got = tx.object_store("s")?.get(&key.into())?;
    wait_request(&got).await
}

//! The sync worker: a dedicated Web Worker, loaded only on a phone that
//! belongs to a club, running the club's replica (Automerge documents and
//! the automerge-repo protocol, `chicken_club`) off the page's
//! thread. It keeps the documents in its own IndexedDB database, talks to
//! the sync server over a WebSocket, and to the app by messages
//! (`club::message`). A document that made it fail stops this worker
//! only: the app notices and says so, and keeps working on its own.

#[cfg(target_arch = "wasm32")]
mod chunks;
#[cfg(target_arch = "wasm32")]
mod inbox;
#[cfg(target_arch = "wasm32")]
mod outbox;
#[cfg(target_arch = "wasm32")]
mod worker;

#[cfg(target_arch = "wasm32")]
fn main() {
    worker::start();
}

/// Native builds (`cargo test`) have no worker to run.
#[cfg(not(target_arch = "wasm32"))]
fn main() {}

//! The app's entry point: installs the panic hook and mounts the app. The
//! build splits the WASM so that each game's screens, the history and the
//! records load on demand (`app::lazy`).

#[cfg(target_arch = "wasm32")]
fn main() {
    chicken_scores::app::install_panic_hook();
    leptos::mount::mount_to_body(chicken_scores::app::App);
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("The app runs in the browser: build it with tests/tools/build.sh.");
}

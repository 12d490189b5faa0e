//! The records bundle's entry point (players, nights, backup, games
//! handed over): installs the panic hook and mounts its pages.

#[cfg(target_arch = "wasm32")]
fn main() {
    chicken_scores::app::install_panic_hook();
    leptos::mount::mount_to_body(chicken_scores::app::Records);
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("The app runs in the browser: build it with tests/tools/build.sh.");
}

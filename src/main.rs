//! The shell's entry point (home and history): installs the panic hook and
//! mounts the app; nothing else. Each game has its own in `src/bin/`.

#[cfg(target_arch = "wasm32")]
fn main() {
    chicken_scores::app::install_panic_hook();
    leptos::mount::mount_to_body(chicken_scores::app::Shell);
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("The app runs in the browser: build it with `trunk build --release`.");
}

//! Chickenfoot's bundle (its new-game and game pages): installs the panic hook
//! and mounts the app; nothing else.

#[cfg(target_arch = "wasm32")]
fn main() {
    use chicken_scores::rules::chickenfoot::Chickenfoot;
    chicken_scores::app::install_panic_hook();
    leptos::mount::mount_to_body(chicken_scores::app::play::<Chickenfoot>);
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("The app runs in the browser: build it with tests/tools/build.sh.");
}

//! The app's entry point: installs the panic hook, mounts the app and
//! removes the page's static home it replaces. The
//! build splits the WASM so that each game's screens, the history and the
//! records load on demand (`app::lazy`).

#[cfg(target_arch = "wasm32")]
fn main() {
    chicken_scores::app::install_panic_hook();
    // A new game's form painted by the page (a game just tapped on its
    // static home) is painted before the app starts: mounting compiles
    // and runs much of the app for the first time, 50-100 ms at 4x CPU.
    if chicken_scores::app::pages::static_form::shown() {
        chicken_scores::app::after_next_paint(start);
    } else {
        start();
    }
}

#[cfg(target_arch = "wasm32")]
fn start() {
    leptos::mount::mount_to_body(chicken_scores::app::App);
    chicken_scores::app::take_over_static_home();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("The app runs in the browser: build it with tests/tools/build.sh.");
}

//! Chicken Scores: the score keeper for the chicken family of games.
//!
//! `rules` is the pure game logic, `model` what is persisted, `storage` the
//! one owner of every localStorage key, and `app` the Leptos interface
//! (built for the browser only).

pub mod model;
pub mod rules;
pub mod stats;
pub mod storage;

pub mod app;

/// A game's bundle, `src/bin/play-<id>.rs`, is one line:
/// `chicken_scores::bundle!(chicken_scores::rules::cluck::Cluck);`
#[macro_export]
macro_rules! bundle {
    ($rules:path) => {
        #[cfg(target_arch = "wasm32")]
        fn main() {
            $crate::app::start_bundle::<$rules>();
        }

        #[cfg(not(target_arch = "wasm32"))]
        fn main() {
            eprintln!("The app runs in the browser: build it with tests/tools/build.sh.");
        }
    };
}

//! The game page: loads one stored game and shows its game's screen, or
//! says why it cannot (a game that cannot be read is kept aside).

use leptos::prelude::*;

use crate::app::game::{game_screen, GameUi};
use crate::app::pages::back_bar;
use crate::app::router::Route;
use crate::app::{use_app, with_store};
use crate::model::GameRecord;

/// Reads game `id` as a game of `R`. A record that cannot be read is kept
/// aside (never overwritten) and the message says so.
pub fn load_game<R: GameUi>(id: &str) -> Result<GameRecord<R>, String> {
    let (header, raw) = with_store(|s| s.load_game(id))?;
    if header.kind != R::KIND.as_str() {
        return Err(format!(
            "This game is a \"{}\" game, not {}.",
            header.kind,
            R::KIND.name()
        ));
    }
    GameRecord::<R>::from_json(&raw).map_err(|reason| with_store(|s| s.set_aside_game(id, &reason)))
}

/// The game page (`/play/<kind>/<id>`).
pub fn game_page<R: GameUi>(id: &str) -> AnyView {
    let app = use_app();
    match load_game::<R>(id) {
        Ok(record) => game_screen(record),
        Err(message) => {
            app.refresh();
            view! {
                <section class="page">
                    {back_bar("Game not available".into(), None)}
                    <p class="banner warn" role="alert" data-testid="problem">{message}</p>
                    <a class="button secondary wide" href=Route::new_game(R::KIND)>{format!("Start a new {} game", R::KIND.name())}</a>
                </section>
            }
            .into_any()
        }
    }
}

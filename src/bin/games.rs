//! Prints the game registry (`rules::GAMES`) as JSON, for the build: the
//! manifest's shortcuts and the page's static home come from it
//! (`tests/tools/games.sh` and `split.sh`, Trunk post_build hooks). Native only: Trunk builds the `chicken-scores` bin
//! (`data-bin` in `public/index.html`), so none of this reaches the WASM.
//!
//! Each game, in the home screen's order: `{"id", "name", "line": what
//! home says under its name, "players": [fewest, most], "new_game": its
//! new-game page's path}`; the page's static home lists them
//! (`tests/tools/static-home.mjs`).

use chicken_scores::app::router::Route;
use chicken_scores::rules::GAMES;
use serde_json::{json, Value};

fn main() {
    let games: Vec<Value> = GAMES
        .iter()
        .map(|k| {
            let players = k.players();
            json!({
                "id": k.as_str(),
                "name": k.name(),
                "line": chicken_scores::app::pages::home_page::kind_line(*k),
                "players": [players.start(), players.end()],
                "new_game": Route::new_game(*k),
            })
        })
        .collect();
    println!("{:#}", Value::Array(games));
}

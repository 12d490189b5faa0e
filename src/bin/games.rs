//! Prints the game registry (`rules::GAMES`) as JSON, for the build: the
//! manifest's shortcuts come from it (`tests/tools/games.sh`, a Trunk
//! post_build hook). Native only: Trunk builds the `chicken-scores` bin
//! (`data-bin` in `public/index.html`), so none of this reaches the WASM.
//!
//! Each game, in the home screen's order: `{"id", "name", "players":
//! [fewest, most], "new_game": its new-game page's path}`.

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
                "players": [players.start(), players.end()],
                "new_game": Route::new_game(*k),
            })
        })
        .collect();
    println!("{:#}", Value::Array(games));
}

//! What the app and the sync worker say to each other (JSON, through
//! `postMessage`). The worker owns the documents and the connection; the
//! app owns the games as stored here, and checks every game the worker
//! hands it as an import.

use serde::{Deserialize, Serialize};

/// From the app to the sync worker.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum ToWorker {
    /// Start: dial `server`, and open the club at `club` (its document's
    /// address), or create a club called `create`.
    Start {
        /// The sync server's WebSocket address.
        server: String,
        /// The club's document (`automerge:...`), once known.
        club: Option<String>,
        /// The name of a club to create (when `club` is `None`).
        create: Option<String>,
    },
    /// A game saved on this phone: `record` now, `before` as the app last
    /// had it (`None`: a game the club may not know yet).
    Saved {
        /// The game's id.
        id: String,
        /// This save's number on this page (rising): the worker says
        /// which it has applied, so an older view is never kept over it.
        seq: u64,
        /// The stored record before the save, if the app had one.
        before: Option<String>,
        /// The stored record now.
        record: String,
        /// The heads of the club's view `before` was read from (as
        /// [`FromWorker::Game`] told them), when it was one: the save is
        /// written as made at those heads, so a change the phone had not
        /// seen stands beside it (two values of one hand are both kept and
        /// asked), never written over. `None`: `before` is this page's
        /// previous save (the worker goes on from it), or not known.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<String>,
    },
    /// Game `id`'s line in the club's list is missing or differs from the
    /// game as kept here: `line` is it ([`crate::listed`]).
    Listed {
        /// The game.
        id: String,
        /// Its line.
        line: String,
    },
    /// Game `id` is opened here before its document arrived: fetch it
    /// first.
    Want {
        /// The game.
        id: String,
    },
    /// The table picked `value` for entry `index` of game `id`.
    Settle {
        /// The game.
        id: String,
        /// The entry's place.
        index: usize,
        /// The value that stands.
        value: String,
        /// The heads of the view the table was asked from: the pick
        /// answers the values it showed; one written meanwhile elsewhere
        /// stands beside it, asked again.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<String>,
    },
    /// This phone saved `value` as entry `index` of game `id`, but another
    /// phone's value for that entry reached it first: `value` is kept
    /// beside it (written as made without it), for the table to pick.
    Rival {
        /// The game.
        id: String,
        /// The entry's place.
        index: usize,
        /// This phone's value (entry JSON).
        value: String,
    },
    /// Parts of the round being typed at the table, changed on this
    /// phone (see [`crate::round_doc`]).
    Round {
        /// The game.
        id: String,
        /// (key, text) of each part that changed.
        parts: Vec<(String, String)>,
    },
    /// A player added on this phone.
    Player {
        /// The name.
        name: String,
    },
    /// Player `from` renamed `to` on this phone (or merged into `to`).
    Renamed {
        /// The name before.
        from: String,
        /// The name now.
        to: String,
    },
    /// A night saved on this phone (its stored JSON).
    Night {
        /// The night's id.
        id: String,
        /// Its stored JSON.
        json: String,
    },
    /// The phone leaves the club: stop, and empty the club's documents out
    /// here (the worker holds them open), then say [`FromWorker::Left`].
    Leave,
    /// Game `id` is kept here as the worker told it `at` (see
    /// [`crate::kept`]): a page opened later is not told it again until
    /// its document changes.
    Kept {
        /// The game.
        id: String,
        /// The heads the worker told it at.
        at: String,
    },
}

/// One entry with more than one value, as the app shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Asked {
    /// The entry's place in the log.
    pub index: usize,
    /// Every value (entry JSON), the one shown first.
    pub values: Vec<String>,
}

/// From the sync worker to the app.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum FromWorker {
    /// The club is open: its address (the link's key), name and games.
    Club {
        /// `automerge:...`.
        url: String,
        /// Its name.
        name: String,
        /// Games in its index.
        games: usize,
        /// Games of the index here so far.
        here: usize,
        /// The club's players.
        players: Vec<String>,
        /// Names renamed on some phone: the old name's key, the new name.
        renamed: Vec<(String, String)>,
    },
    /// Connected to the server, or not.
    Online {
        /// Whether the server answered.
        online: bool,
        /// Why the connection ended (the engine's words, for the log).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        why: Option<String>,
    },
    /// How many of this phone's games and lists hold changes the server
    /// has not said it holds (0: in step with it).
    Sending {
        /// Games and lists still to reach the server.
        left: usize,
    },
    /// A game of the club as its document holds it now.
    Game {
        /// Its id.
        id: String,
        /// The last of this page's saves of it that the document holds.
        seq: u64,
        /// The record (revision 0), to check as an import.
        record: String,
        /// Entries two phones recorded differently.
        asked: Vec<Asked>,
        /// Entries after a gap (recorded after an undone one elsewhere).
        stray: usize,
        /// The document's heads, when this view is all the app needs of it
        /// (nothing asked, none stray, no round typed): the app says
        /// [`ToWorker::Kept`] with them once it holds the game.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<String>,
        /// The document's heads this view was read at (always): the base
        /// of the app's next save of the game ([`ToWorker::Saved`]'s `at`).
        #[serde(default)]
        heads: String,
        /// The game's line in the club's list as the worker last read it
        /// (`None`: none): the app writes its own when it differs.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        line: Option<String>,
    },
    /// Lines of the club's list of games ([`crate::listed`]) the app has
    /// not been told, of games it may not hold: home lists them until
    /// each game arrives.
    Listed {
        /// (game id, line) of each.
        lines: Vec<(String, String)>,
        /// Entries of the list left out (not lines, or past the limit).
        left_out: usize,
    },
    /// The round being typed at game `id`'s table, as its document holds
    /// it now (every part).
    Round {
        /// The game.
        id: String,
        /// (key, text) of each part.
        parts: Vec<(String, String)>,
    },
    /// A night of the club (its stored JSON).
    Night {
        /// Its id.
        id: String,
        /// Its JSON.
        json: String,
    },
    /// The club's documents are gone from here (after [`ToWorker::Leave`]),
    /// or `failed` says why not.
    Left {
        /// The browser's reason, if emptying them failed.
        failed: Option<String>,
    },
    /// A document was refused: which, and why.
    Refused {
        /// The document's address.
        url: String,
        /// Why, in words for the person holding the phone.
        message: String,
    },
}

impl ToWorker {
    /// As sent.
    pub fn to_text(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}

impl FromWorker {
    /// Whether it tells the app of a game.
    pub fn is_game(&self) -> bool {
        matches!(self, FromWorker::Game { .. })
    }

    /// As sent.
    pub fn to_text(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}

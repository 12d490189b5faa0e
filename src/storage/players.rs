//! Players across every game: rename a player (every game record and
//! summary that has the name, and the roster, in one transaction, each
//! record at its next revision so open pages see the change), merge two
//! spellings of one person (a rename into the other name), and remove a
//! player who never played (from the roster only). Records are rewritten
//! as JSON values, so every game's record is handled without its rules and
//! nothing else in it changes.

use serde_json::Value;

use super::aside::newer_message;
use super::{check, label_of, order_of, Area, Backend, Checked, Store, StoreError, Write, ROSTER};
use crate::model::{
    check_new_player, result_line, same_name, winners_of, RecordHeader, Roster, Summary,
    SCHEMA_VERSION,
};

/// The games a rename changed: each id with its new revision.
pub type Changed = Vec<(String, u64)>;

/// Why a change to a player wrote nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerError {
    /// The new name is not acceptable (empty, too long): the message.
    BadName(String),
    /// Nobody of that name played or is on the roster.
    Unknown,
    /// The new name belongs to someone else in this game (its label):
    /// two people, who cannot be made one.
    SameGame(String),
    /// The player has played (so many games): only a player who never
    /// played can be removed.
    HasPlayed(usize),
    /// A newer version of the app wrote a game or the roster involved.
    Newer(String),
    /// Storage failed.
    Failed(StoreError),
}

impl PlayerError {
    /// The message for the person holding the phone; nothing was changed
    /// in every case.
    pub fn message(&self) -> String {
        match self {
            PlayerError::BadName(m) => m.clone(),
            PlayerError::Unknown => "Nobody of that name has played here.".into(),
            PlayerError::SameGame(game) => format!(
                "Not changed: both names played in the same game ({game}), so they are two people. Pick another name."
            ),
            PlayerError::HasPlayed(n) => format!(
                "Not removed: this player is in {}. Only a player who never played can be removed; rename or merge instead.",
                crate::rules::count(n, "game")
            ),
            PlayerError::Newer(m) => format!("Not changed: {m}"),
            PlayerError::Failed(StoreError::Full) => super::full_message(),
            PlayerError::Failed(e) => format!("Not changed: {e}. Try again."),
        }
    }
}

impl From<StoreError> for PlayerError {
    fn from(e: StoreError) -> Self {
        PlayerError::Failed(e)
    }
}

/// Checks a player's new name: not empty, at most 40 letters.
pub fn check_player_name(name: &str) -> Result<String, String> {
    check_new_player(name, &[])
}

/// `players` with everyone called `from` called `to`, or the error if
/// someone else in them is already called `to` (`label` names the game).
pub fn renamed(
    players: &[String],
    from: &str,
    to: &str,
    label: &str,
) -> Result<Vec<String>, PlayerError> {
    if players
        .iter()
        .any(|p| !same_name(p, from) && same_name(p, to))
    {
        return Err(PlayerError::SameGame(super::bounded(label, 80)));
    }
    Ok(players
        .iter()
        .map(|p| {
            if same_name(p, from) {
                to.to_string()
            } else {
                p.clone()
            }
        })
        .collect())
}

/// A stored game record with its players renamed and its revision raised
/// (the other fields untouched), and its new revision. `Ok(None)` if the text is not a readable
/// record (it is then left as it is).
fn rename_record(
    text: &str,
    id: &str,
    from: &str,
    to: &str,
    label: &str,
) -> Result<Option<(String, u64)>, PlayerError> {
    match check::<RecordHeader>(text, Some(id), "a game") {
        Checked::Good(h) => {
            let Ok(mut value) = serde_json::from_str::<Value>(text) else {
                return Ok(None);
            };
            let players = renamed(&h.players, from, to, label)?;
            if let Some(obj) = value.as_object_mut() {
                obj.insert("players".into(), Value::from(players));
                obj.insert("rev".into(), Value::from(h.rev + 1));
            }
            Ok(serde_json::to_string(&value).ok().map(|t| (t, h.rev + 1)))
        }
        Checked::Newer(schema) => Err(PlayerError::Newer(newer_message(label, schema))),
        Checked::Broken(_) => Ok(None),
    }
}

impl<B: Backend> Store<B> {
    /// Renames the player `from` to `to` in every game (record and
    /// summary) and on the roster, in one transaction; each record and its
    /// summary move to the next revision, so a page that has the game open
    /// reloads it. A name another player already has in the same game is
    /// refused ([`PlayerError::SameGame`]); otherwise, renaming into a name
    /// used elsewhere merges the two spellings into one player. Returns how
    /// the games that changed, with their new revisions (to tell other
    /// pages). A record that cannot be read is left as it is.
    pub async fn rename_player(
        &self,
        from: &str,
        to: &str,
    ) -> Result<Vec<(String, u64)>, PlayerError> {
        let to = check_player_name(to).map_err(PlayerError::BadName)?;
        let (summaries, _) = self.all_summaries().await;
        let ids: Vec<String> = summaries
            .iter()
            .filter(|s| s.players.iter().any(|p| same_name(p, from)))
            .map(|s| s.id.clone())
            .collect();
        let mut reads: Vec<(Area, String)> = vec![(Area::Meta, ROSTER.to_string())];
        for id in &ids {
            reads.push((Area::Games, id.clone()));
            reads.push((Area::Summaries, id.clone()));
        }
        let from = from.to_string();
        let verdict = self
            .backend
            .update(reads, move |found| {
                match rename_writes(&found, &ids, &from, &to) {
                    Ok((writes, n)) => (writes, Ok(n)),
                    Err(e) => (Vec::new(), Err(e)),
                }
            })
            .await?;
        verdict
    }

    /// Removes `name` from the roster, if they never played (a player with
    /// games is refused: [`PlayerError::HasPlayed`]).
    pub async fn remove_player(&self, name: &str) -> Result<(), PlayerError> {
        let (summaries, _) = self.all_summaries().await;
        let played = summaries
            .iter()
            .filter(|s| s.players.iter().any(|p| same_name(p, name)))
            .count();
        if played > 0 {
            return Err(PlayerError::HasPlayed(played));
        }
        let (roster, problem) = self.roster().await;
        if let Some(p) = problem {
            return Err(PlayerError::Newer(p));
        }
        if !roster.names.iter().any(|n| same_name(n, name)) {
            return Err(PlayerError::Unknown);
        }
        self.save_roster(&roster.without(name))
            .await
            .map_err(|e| match e {
                super::SaveError::Failed(e) => PlayerError::Failed(e),
                other => PlayerError::Newer(other.message()),
            })
    }
}

/// The writes of a rename, from what the transaction read: the roster,
/// then each game's record and summary (in `ids` order); and the games
/// that changed, with their new revisions.
fn rename_writes(
    found: &[Option<String>],
    ids: &[String],
    from: &str,
    to: &str,
) -> Result<(Vec<Write>, Changed), PlayerError> {
    let mut writes = Vec::new();
    let mut games = Vec::new();
    let mut known = false;
    if let Some(Some(text)) = found.first() {
        match check::<Roster>(text, None, "a list of players") {
            Checked::Good(r) if r.names.iter().any(|n| same_name(n, from)) => {
                known = true;
                let mut names: Vec<String> = Vec::new();
                for n in &r.names {
                    let n = if same_name(n, from) {
                        to.to_string()
                    } else {
                        n.clone()
                    };
                    if !names.iter().any(|m| same_name(m, &n)) {
                        names.push(n);
                    }
                }
                let roster = Roster {
                    schema: SCHEMA_VERSION,
                    names,
                };
                let text = serde_json::to_string(&roster).unwrap_or_default();
                writes.push(Write::put(Area::Meta, ROSTER, text));
            }
            Checked::Newer(schema) => {
                return Err(PlayerError::Newer(newer_message(
                    "The list of players from earlier games",
                    schema,
                )))
            }
            _ => {}
        }
    }
    for (i, id) in ids.iter().enumerate() {
        let record = found.get(1 + 2 * i).cloned().flatten();
        let summary = found.get(2 + 2 * i).cloned().flatten();
        let old = summary
            .as_deref()
            .map(|t| check::<Summary>(t, Some(id), "a game's summary"));
        let label = match &old {
            Some(Checked::Good(s)) => label_of(s),
            _ => format!("the game {}", super::bounded(id, 24)),
        };
        let Some(record) = record else { continue };
        let Some((text, rev)) = rename_record(&record, id, from, to, &label)? else {
            continue;
        };
        known = true;
        games.push((id.clone(), rev));
        writes.push(Write::put(Area::Games, id, text));
        match old {
            Some(Checked::Good(s)) => {
                let players = renamed(&s.players, from, to, &label)?;
                // A result line names the winners: it follows the rename.
                let was = result_line(&winners_of(&s.players, &s.leaders));
                let line = if s.finished && s.summary == was {
                    result_line(&winners_of(&players, &s.leaders))
                } else {
                    s.summary.clone()
                };
                let next = Summary {
                    players,
                    rev,
                    summary: line,
                    ..s
                };
                writes.push(Write::Put {
                    area: Area::Summaries,
                    key: id.clone(),
                    text: serde_json::to_string(&next).unwrap_or_default(),
                    order: Some(order_of(&next)),
                });
            }
            Some(Checked::Newer(schema)) => {
                return Err(PlayerError::Newer(newer_message(&label, schema)))
            }
            _ => {}
        }
    }
    if !known {
        return Err(PlayerError::Unknown);
    }
    Ok((writes, games))
}

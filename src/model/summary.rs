//! A game's summary: the one line the games lists show without reading the
//! game (players, their totals and who leads, state of play or result, when
//! it was saved). It is a cache
//! of what the rules derive from the record, written in the same
//! transaction as the record, so the two never disagree.

use serde::{Deserialize, Serialize};

use super::{GameRecord, SCHEMA_VERSION};
use crate::rules::{replay_prefix, Outcome, Rules, Standings};

/// One game's line in the games lists.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Summary {
    /// The schema it was written with.
    pub schema: u32,
    /// The game's identifier.
    pub id: String,
    /// The revision of the record it summarises.
    #[serde(default)]
    pub rev: u64,
    /// The game's kind, as stored.
    pub kind: String,
    /// Player names in seating order.
    pub players: Vec<String>,
    /// When the game was created (ms since the epoch).
    pub created_ms: i64,
    /// When it was last saved (ms since the epoch); the lists sort by it.
    pub updated_ms: i64,
    /// Whether the game was over when last saved.
    pub finished: bool,
    /// One line: the state of play or the result.
    pub summary: String,
    /// Each player's total as the game shows it ("12", "-3.5"), by seat.
    /// Empty in summaries written before totals were kept (the card then
    /// shows no scores until the game is saved again).
    #[serde(default)]
    pub totals: Vec<String>,
    /// The seats of the players leading (the winners once the game is
    /// over); empty when nobody leads or it was not kept.
    #[serde(default)]
    pub leaders: Vec<usize>,
    /// Each player's place once the game is over, by seat, as the rules
    /// decided it (1 is first; tied players share a place: 1, 1, 3). Empty
    /// while the game is on, and in summaries written before places were
    /// kept (`crate::model::stats::places` then derives them from the
    /// totals and the winners).
    #[serde(default)]
    pub ranks: Vec<usize>,
}

/// A finished game's line naming its winners: "Won by Ann", "Shared by
/// Ann & Bob", or "Finished" with none. The games lists show it, and a
/// rename rewrites it with the new name.
pub fn result_line(winners: &[String]) -> String {
    match winners.len() {
        0 => "Finished".into(),
        1 => format!("Won by {}", winners.join("")),
        _ => format!("Shared by {}", winners.join(" & ")),
    }
}

/// The winners' names in `players`, from their seats (a seat out of range
/// is skipped).
pub fn winners_of(players: &[String], seats: &[usize]) -> Vec<String> {
    seats
        .iter()
        .filter_map(|i| players.get(*i).cloned())
        .collect()
}

/// One line of the localStorage release's index (`chicken.index`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SummaryV1 {
    /// The game's identifier.
    pub id: String,
    /// The game's kind, as stored.
    pub kind: String,
    /// Player names in seating order.
    pub players: Vec<String>,
    /// When the game was created.
    pub created_ms: i64,
    /// When it was last saved.
    pub updated_ms: i64,
    /// Whether the game was over.
    pub finished: bool,
    /// The state of play or the result.
    pub summary: String,
}

/// The localStorage release's index of all games.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct IndexV1 {
    /// The schema it was written with (1).
    pub schema: u32,
    /// One line per game.
    pub games: Vec<SummaryV1>,
}

impl SummaryV1 {
    /// The same line as a summary of a revision-0 record.
    pub fn upgrade(self) -> Summary {
        Summary {
            schema: SCHEMA_VERSION,
            id: self.id,
            rev: 0,
            kind: self.kind,
            players: self.players,
            created_ms: self.created_ms,
            updated_ms: if self.updated_ms > 0 {
                self.updated_ms
            } else {
                self.created_ms
            },
            finished: self.finished,
            summary: self.summary,
            totals: Vec::new(),
            leaders: Vec::new(),
            ranks: Vec::new(),
        }
    }
}

/// One line for the games list: the result, or the state of play.
pub fn summary_line(players: &[String], standings: &Standings) -> String {
    match &standings.outcome {
        Some(Outcome {
            pending: Some(p), ..
        }) => p.clone(),
        Some(Outcome { winners, .. }) => result_line(&winners_of(players, winners)),
        None => standings
            .status
            .first()
            .cloned()
            .unwrap_or_else(|| "In progress".into()),
    }
}

/// The summary the games lists show for `record`, as its rules derive it,
/// saved at `updated_ms`: what the game screen writes with every save, and
/// what an import writes beside each game it keeps.
pub fn summary_at<R: Rules>(record: &GameRecord<R>, updated_ms: i64) -> Summary {
    let setup = record.setup();
    let (state, _) = replay_prefix::<R>(&setup, &record.log);
    summary_with(record, &R::standings(&setup, &state), updated_ms)
}

/// [`summary_at`] from `standings` already derived from `record`'s log.
pub fn summary_with<R: Rules>(
    record: &GameRecord<R>,
    standings: &Standings,
    updated_ms: i64,
) -> Summary {
    Summary {
        schema: SCHEMA_VERSION,
        id: record.id.clone(),
        rev: record.rev,
        kind: record.kind.as_str().to_string(),
        players: record.players.clone(),
        created_ms: record.created_ms,
        updated_ms,
        finished: standings.finished(),
        summary: summary_line(&record.players, standings),
        totals: standings.totals.iter().map(|t| t.to_string()).collect(),
        leaders: standings.leaders(),
        ranks: standings
            .outcome
            .as_ref()
            .map(|o| o.ranks.clone())
            .unwrap_or_default(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_summary_written_before_totals_reads_with_none() {
        let old = r#"{"schema":2,"id":"g","rev":3,"kind":"chickenfoot","players":["Ann","Bob"],
            "created_ms":1,"updated_ms":2,"finished":false,"summary":"Hand 2 of 13"}"#;
        let s: Summary = serde_json::from_str(old).unwrap();
        assert!(s.totals.is_empty() && s.leaders.is_empty() && s.ranks.is_empty());
        let mut now = s.clone();
        now.totals = vec!["0".into(), "12.5".into()];
        now.leaders = vec![0];
        now.ranks = vec![2, 1];
        let text = serde_json::to_string(&now).unwrap();
        assert_eq!(serde_json::from_str::<Summary>(&text).unwrap(), now);
    }
}

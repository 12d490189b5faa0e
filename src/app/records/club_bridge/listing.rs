//! The club's list of games on this phone (issue 53; `chicken_club::listed`):
//! each game's line, made from its summary here and written into the
//! club's document, and the club's lines of games not on this phone yet,
//! which home lists until each game arrives.

use std::collections::HashSet;

use crate::model::{Summary, SCHEMA_VERSION};
use crate::rules::GameKind;

/// Players a line may name (the most any game seats).
const MAX_PLAYERS: usize = 16;
/// The longest text of a line's field.
const MAX_TEXT: usize = 200;

/// What a list shows of a game in progress before it arrives: its score
/// comes with its own document, so a hand does not change the line.
const IN_PROGRESS: &str = "In progress";

/// The club's line for a game summarised here as `s`: the summary, without
/// the score of a game in progress (listed at its creation time).
pub fn line_of(s: &Summary) -> String {
    serde_json::to_string(&line_summary(s)).unwrap_or_default()
}

fn line_summary(s: &Summary) -> Summary {
    let mut line = s.clone();
    line.rev = 0;
    line.schema = SCHEMA_VERSION;
    if !line.finished {
        line.summary = IN_PROGRESS.into();
        line.totals.clear();
        line.leaders.clear();
        line.ranks.clear();
        line.updated_ms = line.created_ms;
    }
    line
}

/// Whether the club's `line` already says what `mine` (a summary here)
/// would: the time a finished game was saved may differ by phone, and
/// the line written first stands.
pub fn listed_alike(line: Option<&str>, mine: &Summary) -> bool {
    let Some(club) = line.and_then(|l| read_line(&mine.id, l)) else {
        return false;
    };
    let mut mine = line_summary(mine);
    mine.updated_ms = club.updated_ms;
    club == mine
}

/// The summary home shows of game `id` from the club's `line`, if it is
/// one this app reads: a known game, its players named, bounded.
pub fn read_line(id: &str, line: &str) -> Option<Summary> {
    let mut s: Summary = serde_json::from_str(line).ok()?;
    let known = s.kind.parse::<GameKind>().is_ok();
    let bounded = |t: &str| !t.trim().is_empty() && t.len() <= MAX_TEXT;
    let fits = (1..=MAX_PLAYERS).contains(&s.players.len())
        && s.players.iter().all(|p| bounded(p))
        && bounded(&s.summary)
        && s.totals.len() <= s.players.len()
        && s.totals.iter().all(|t| t.len() <= 24)
        && s.leaders.iter().all(|i| *i < s.players.len())
        && s.ranks.len() <= s.players.len();
    if !(known && fits && s.id == id) {
        return None;
    }
    s.rev = 0;
    s.schema = SCHEMA_VERSION;
    Some(s)
}

/// Of the club's `lines`, the summaries of those this app reads, and the
/// number it cannot; `skip`: games known to be here.
pub fn read_lines(lines: &[(String, String)], skip: &HashSet<String>) -> (Vec<Summary>, usize) {
    let mut bad = 0;
    let read = lines
        .iter()
        .filter(|(id, _)| !skip.contains(id))
        .filter_map(|(id, line)| {
            let s = read_line(id, line);
            bad += usize::from(s.is_none());
            s
        })
        .collect();
    (read, bad)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn summary(finished: bool) -> Summary {
        Summary {
            schema: SCHEMA_VERSION,
            id: "g1".into(),
            rev: 7,
            kind: "chickenfoot".into(),
            players: vec!["Ann".into(), "Bob".into()],
            created_ms: 1_000,
            updated_ms: 9_000,
            finished,
            summary: if finished {
                "Won by Ann".into()
            } else {
                "Hand 3 of 7".into()
            },
            totals: vec!["3".into(), "40".into()],
            leaders: vec![0],
            ranks: if finished { vec![1, 2] } else { Vec::new() },
        }
    }

    #[test]
    fn a_game_in_progress_is_listed_without_its_score_so_a_hand_does_not_change_it() {
        let line = line_of(&summary(false));
        let read = read_line("g1", &line).unwrap();
        assert_eq!(read.summary, IN_PROGRESS);
        assert!(read.totals.is_empty() && read.leaders.is_empty());
        assert_eq!(read.updated_ms, 1_000);
        let mut later = summary(false);
        later.summary = "Hand 4 of 7".into();
        later.totals = vec!["9".into(), "40".into()];
        assert_eq!(line_of(&later), line);
        assert!(listed_alike(Some(&line), &later));
    }

    #[test]
    fn a_finished_game_is_listed_with_its_result_and_another_phones_time_stands() {
        let line = line_of(&summary(true));
        assert_eq!(read_line("g1", &line).unwrap().ranks, vec![1, 2]);
        let mut kept_later = summary(true);
        kept_later.updated_ms = 12_000;
        assert!(listed_alike(Some(&line), &kept_later));
        // The result changed (a merge): listed again.
        kept_later.summary = "Won by Bob".into();
        assert!(!listed_alike(Some(&line), &kept_later));
        // None yet, or a line of an older state: listed.
        assert!(!listed_alike(None, &summary(true)));
        assert!(!listed_alike(
            Some(&line_of(&summary(false))),
            &summary(true)
        ));
    }

    #[test]
    fn a_line_this_app_does_not_write_is_left_out_and_counted() {
        let good = line_of(&summary(true));
        let mut hostile = summary(true);
        hostile.players = vec!["x".repeat(10_000)];
        let mut unknown = summary(true);
        unknown.kind = "chess".into();
        let mut out_of_range = summary(true);
        out_of_range.leaders = vec![9];
        let lines = vec![
            ("g1".to_string(), good),
            ("g2".to_string(), "not json".to_string()),
            ("g1x".to_string(), line_of(&summary(true))), // another game's line
            ("g3".to_string(), line_of(&hostile)),
            ("g4".to_string(), line_of(&unknown)),
            ("g5".to_string(), line_of(&out_of_range)),
        ];
        let (read, bad) = read_lines(&lines, &HashSet::new());
        assert_eq!(read.len(), 1);
        assert_eq!(bad, 5);
        let (read, bad) = read_lines(&lines, &HashSet::from(["g1".to_string()]));
        assert_eq!((read.len(), bad), (0, 5));
    }
}

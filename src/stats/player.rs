//! Players and their stats, from the games' summaries alone: everyone who
//! played (merged with the saved roster), and one player's games and wins
//! per game, win rate, average and best score, longest winning streak,
//! head-to-head against each opponent and results over time. Only
//! finished games count towards the stats; games still on are listed.

use std::collections::BTreeMap;

use super::places::{lower_wins, parse_total, places};
use crate::model::{name_key, same_name, Summary};
use crate::rules::GameKind;

/// One line of the players list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerLine {
    /// The name as the roster spells it, else as their latest game does.
    pub name: String,
    /// Finished games played.
    pub played: usize,
    /// Finished games won (a shared win counts).
    pub won: usize,
    /// Games still on.
    pub on: usize,
}

/// Everyone who played (from the summaries) and everyone on the roster,
/// once each however their name's case and spaces were typed, with games
/// played and won; most games played first, then by name.
pub fn players(games: &[Summary], roster: &[String]) -> Vec<PlayerLine> {
    // key -> (line, created_ms of the game that spelt the name)
    let mut lines: BTreeMap<String, (PlayerLine, i64)> = BTreeMap::new();
    for g in games {
        let ranks = places(g);
        let mut seen: Vec<String> = Vec::new();
        for (seat, name) in g.players.iter().enumerate() {
            let key = name_key(name);
            if key.is_empty() || seen.contains(&key) {
                continue;
            }
            seen.push(key.clone());
            let entry = lines.entry(key).or_insert_with(|| {
                let line = PlayerLine {
                    name: name.trim().to_string(),
                    played: 0,
                    won: 0,
                    on: 0,
                };
                (line, g.created_ms)
            });
            if g.created_ms >= entry.1 {
                entry.0.name = name.trim().to_string();
                entry.1 = g.created_ms;
            }
            match &ranks {
                Some(r) => {
                    entry.0.played += 1;
                    entry.0.won += usize::from(r.get(seat) == Some(&1));
                }
                None => entry.0.on += 1,
            }
        }
    }
    for name in roster {
        let key = name_key(name);
        if key.is_empty() {
            continue;
        }
        let entry = lines.entry(key).or_insert_with(|| {
            let line = PlayerLine {
                name: String::new(),
                played: 0,
                won: 0,
                on: 0,
            };
            (line, i64::MIN)
        });
        entry.0.name = name.trim().to_string();
    }
    let mut out: Vec<PlayerLine> = lines.into_values().map(|(l, _)| l).collect();
    out.sort_by(|a, b| {
        b.played
            .cmp(&a.played)
            .then(name_key(&a.name).cmp(&name_key(&b.name)))
    });
    out
}

/// Won out of played, as a fraction (`None` with no game played).
pub fn win_rate(won: usize, played: usize) -> Option<f64> {
    (played > 0).then(|| won as f64 / played as f64)
}

/// A win rate for people: "67%", or "–" with no game played.
pub fn win_rate_text(won: usize, played: usize) -> String {
    match win_rate(won, played) {
        Some(r) => format!("{:.0}%", r * 100.0),
        None => "–".into(),
    }
}

/// A player's results in one game.
#[derive(Clone, Debug, PartialEq)]
pub struct GameStats {
    /// The game's kind, as stored.
    pub kind: String,
    /// Finished games played.
    pub played: usize,
    /// Finished games won.
    pub won: usize,
    /// The mean final total over the games whose total could be read.
    pub average: Option<f64>,
    /// The best final total: the lowest in a game where lowest wins.
    pub best: Option<f64>,
    /// Whether the lowest total is best in this game.
    pub lower_wins: bool,
}

impl GameStats {
    /// The game's name ("Chickenfoot"), or its stored kind, bounded.
    pub fn name(&self) -> String {
        self.kind
            .parse::<GameKind>()
            .map(|k| k.name().to_string())
            .unwrap_or_else(|_| crate::storage::bounded(&self.kind, 24))
    }
}

/// How a player did against one opponent in the finished games they both
/// played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeadToHead {
    /// The opponent's name, as spelt in their latest game together.
    pub opponent: String,
    /// Finished games they both played.
    pub together: usize,
    /// Games the player finished ahead of the opponent.
    pub ahead: usize,
    /// Games the opponent finished ahead.
    pub behind: usize,
    /// Games they finished level (sharing a place).
    pub level: usize,
}

/// One finished game of a player's, for the results over time.
#[derive(Clone, Debug, PartialEq)]
pub struct GameResult {
    /// The game's id.
    pub id: String,
    /// The game's kind, as stored.
    pub kind: String,
    /// When it was started.
    pub created_ms: i64,
    /// The player's place.
    pub place: usize,
    /// How many played.
    pub of: usize,
    /// The player's final total, if readable.
    pub total: Option<f64>,
}

/// Everything a player's page shows.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerStats {
    /// Finished games played.
    pub played: usize,
    /// Finished games won (a shared win counts).
    pub won: usize,
    /// Per game, most played first.
    pub per_game: Vec<GameStats>,
    /// The most games won in a row, by the date the games were started
    /// (a shared win counts as a win).
    pub longest_streak: usize,
    /// Per opponent, most games together first.
    pub head_to_head: Vec<HeadToHead>,
    /// Their finished games, oldest first.
    pub results: Vec<GameResult>,
    /// Their latest games (finished or not), newest first, at most 10.
    pub recent: Vec<Summary>,
}

/// The seat `name` sits in, if they played `g`.
pub fn seat_of(g: &Summary, name: &str) -> Option<usize> {
    g.players.iter().position(|p| same_name(p, name))
}

/// The stats of the player called `name` (however its case and spaces
/// were typed) over `games`.
pub fn player_stats(name: &str, games: &[Summary]) -> PlayerStats {
    let mut mine: Vec<&Summary> = games
        .iter()
        .filter(|g| seat_of(g, name).is_some())
        .collect();
    mine.sort_by(|a, b| a.created_ms.cmp(&b.created_ms).then(a.id.cmp(&b.id)));
    let mut results = Vec::new();
    let mut h2h: BTreeMap<String, HeadToHead> = BTreeMap::new();
    for g in &mine {
        let (Some(seat), Some(ranks)) = (seat_of(g, name), places(g)) else {
            continue;
        };
        let Some(place) = ranks.get(seat).copied() else {
            continue;
        };
        results.push(GameResult {
            id: g.id.clone(),
            kind: g.kind.clone(),
            created_ms: g.created_ms,
            place,
            of: g.players.len(),
            total: g.totals.get(seat).and_then(|t| parse_total(t)),
        });
        let mut seen = vec![name_key(name)];
        for (other, their) in g.players.iter().zip(&ranks) {
            let key = name_key(other);
            if seen.contains(&key) {
                continue;
            }
            seen.push(key.clone());
            let row = h2h.entry(key).or_insert_with(|| HeadToHead {
                opponent: String::new(),
                together: 0,
                ahead: 0,
                behind: 0,
                level: 0,
            });
            row.opponent = other.trim().to_string();
            row.together += 1;
            match place.cmp(their) {
                std::cmp::Ordering::Less => row.ahead += 1,
                std::cmp::Ordering::Greater => row.behind += 1,
                std::cmp::Ordering::Equal => row.level += 1,
            }
        }
    }
    let mut head_to_head: Vec<HeadToHead> = h2h.into_values().collect();
    head_to_head.sort_by(|a, b| {
        b.together
            .cmp(&a.together)
            .then(name_key(&a.opponent).cmp(&name_key(&b.opponent)))
    });
    let recent = mine.iter().rev().take(10).map(|g| (*g).clone()).collect();
    PlayerStats {
        played: results.len(),
        won: results.iter().filter(|r| r.place == 1).count(),
        per_game: per_game(&results),
        longest_streak: longest_streak(&results),
        head_to_head,
        results,
        recent,
    }
}

/// The most wins in a row in `results` (in the order given).
pub fn longest_streak(results: &[GameResult]) -> usize {
    let (mut best, mut run) = (0, 0);
    for r in results {
        run = if r.place == 1 { run + 1 } else { 0 };
        best = best.max(run);
    }
    best
}

/// Per game: played, won, average and best total (most played first).
fn per_game(results: &[GameResult]) -> Vec<GameStats> {
    let mut by_kind: BTreeMap<&str, Vec<&GameResult>> = BTreeMap::new();
    for r in results {
        by_kind.entry(r.kind.as_str()).or_default().push(r);
    }
    let mut out: Vec<GameStats> = by_kind
        .into_iter()
        .map(|(kind, rs)| {
            let lower = lower_wins(kind);
            let totals: Vec<f64> = rs.iter().filter_map(|r| r.total).collect();
            let best = totals.iter().copied().reduce(|a, b| {
                if (lower && b < a) || (!lower && b > a) {
                    b
                } else {
                    a
                }
            });
            GameStats {
                kind: kind.to_string(),
                played: rs.len(),
                won: rs.iter().filter(|r| r.place == 1).count(),
                average: (!totals.is_empty())
                    .then(|| totals.iter().sum::<f64>() / totals.len() as f64),
                best,
                lower_wins: lower,
            }
        })
        .collect();
    out.sort_by(|a, b| b.played.cmp(&a.played).then(a.kind.cmp(&b.kind)));
    out
}

/// A score for people: whole numbers as such, else one decimal ("12",
/// "-3.5", "7.3").
pub fn score_text(v: f64) -> String {
    if (v - v.round()).abs() < 1e-9 {
        format!("{:.0}", v)
    } else {
        format!("{:.1}", v)
    }
}

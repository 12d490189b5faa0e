//! Game nights: which games belong to a night (derived from when they
//! were created, never stored), when a night ends by itself, when to
//! suggest one, and the night's table of wins and placings with its
//! champion.

use std::collections::BTreeMap;

use super::places::places;
use crate::model::{name_key, Night, Summary};

/// One hour in milliseconds.
const HOUR_MS: i64 = 3_600_000;

/// A game started within this long of the previous one suggests a game
/// night ("Make tonight a game night?").
pub const SUGGEST_WITHIN_MS: i64 = 4 * HOUR_MS;

/// A night nobody ended ends by itself this long after its last game was
/// started (or after it started, with no game yet).
pub const IDLE_END_MS: i64 = 8 * HOUR_MS;

/// When `night` ends: when the table ended it, else [`IDLE_END_MS`] after
/// the last game of its chain: the games created from its start on, each
/// within [`IDLE_END_MS`] of the one before (a game taken out of the night
/// still counts as something played that evening). `created` are the
/// creation times of every game, in any order.
pub fn night_end(night: &Night, created: &[i64]) -> i64 {
    if let Some(end) = night.ended_ms {
        return end;
    }
    // Each step takes the latest game within the idle time of the last
    // one. (No sort: the shell links this, and a sort costs kilobytes.)
    let mut last = night.started_ms;
    while let Some(next) = created
        .iter()
        .copied()
        .filter(|t| *t > last && t.saturating_sub(last) <= IDLE_END_MS)
        .max()
    {
        last = next;
    }
    last.saturating_add(IDLE_END_MS)
}

/// Whether `night` is still on at `now`: nobody ended it and it has not
/// ended by itself.
pub fn is_open(night: &Night, games: &[Summary], now: i64) -> bool {
    night.ended_ms.is_none() && now < night_end(night, &created_times(games))
}

fn created_times(games: &[Summary]) -> Vec<i64> {
    games.iter().map(|g| g.created_ms).collect()
}

/// The games of `night`, in the order they were started: those created
/// from its start to its end ([`night_end`]), less those the table took
/// out.
pub fn members<'a>(night: &Night, games: &'a [Summary]) -> Vec<&'a Summary> {
    let end = night_end(night, &created_times(games));
    let mut out: Vec<&Summary> = Vec::new();
    for g in games {
        if g.created_ms >= night.started_ms
            && g.created_ms <= end
            && !night.left_out.contains(&g.id)
        {
            insert_by(&mut out, g, |a, b| {
                (a.created_ms, a.id.as_str()) < (b.created_ms, b.id.as_str())
            });
        }
    }
    out
}

/// Inserts `item` into `v` (in order by `before`) after every item not
/// after it. A night's games and the nights are few, and the shell links
/// this: a library sort would cost kilobytes of its download.
pub fn insert_by<T>(v: &mut Vec<T>, item: T, before: impl Fn(&T, &T) -> bool) {
    let at = v.iter().position(|x| before(&item, x)).unwrap_or(v.len());
    v.insert(at, item);
}

/// The night still on at `now`, if any (the latest started, should two be).
pub fn open_night<'a>(nights: &'a [Night], games: &[Summary], now: i64) -> Option<&'a Night> {
    nights
        .iter()
        .filter(|n| is_open(n, games, now))
        .max_by_key(|n| n.started_ms)
}

/// When to start a suggested night, if one should be suggested at `now`:
/// no night is on, the latest game was started within
/// [`SUGGEST_WITHIN_MS`] of the one before and less than [`IDLE_END_MS`]
/// ago, and neither belongs to a night. The night then starts when the
/// earlier of the two was.
pub fn suggestion(nights: &[Night], games: &[Summary], now: i64) -> Option<i64> {
    if open_night(nights, games, now).is_some() {
        return None;
    }
    // The two latest started, without sorting (see `insert_by`).
    let key = |g: &Summary| (g.created_ms, g.id.clone());
    let latest = games.iter().max_by_key(|g| key(g))?;
    let before = games
        .iter()
        .filter(|g| key(g) < key(latest))
        .max_by_key(|g| key(g))?;
    let close = latest.created_ms.saturating_sub(before.created_ms) <= SUGGEST_WITHIN_MS;
    let recent = now.saturating_sub(latest.created_ms) < IDLE_END_MS;
    let in_a_night = |g: &Summary| {
        nights
            .iter()
            .any(|n| members(n, games).iter().any(|m| m.id == g.id))
    };
    (close && recent && !in_a_night(latest) && !in_a_night(before)).then_some(before.created_ms)
}

/// Points are kept in these units so shared places split exactly (every
/// number of tied players up to 10 divides it).
pub const POINT_UNIT: i64 = 2520;

/// One player's line in a night's table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableRow {
    /// The name, as spelt in their latest game of the night.
    pub name: String,
    /// Finished games they played.
    pub games: usize,
    /// Games they won (a shared win counts for each winner).
    pub wins: usize,
    /// How often they finished in each place: `placings[0]` is 1st, a
    /// shared place counting for everyone who shares it.
    pub placings: Vec<usize>,
    /// Their points in [`POINT_UNIT`]s (see [`night_table`]).
    pub points: i64,
}

/// A night's table: its rows, best first, and who is champion.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NightTable {
    /// One row per player, best first.
    pub rows: Vec<TableRow>,
    /// How many of the rows (from the top) share the championship: 0 with
    /// no finished game, 1 for a clear champion.
    pub champions: usize,
    /// How many finished games the table counts.
    pub finished: usize,
}

/// The points a place is worth in a game of `n` players: last place 0,
/// one more for each place above it (so 1st of 4 is worth 3). Players
/// sharing a place share the points of the places they cover equally:
/// two tied 1st of 4 cover 1st and 2nd and get (3 + 2) / 2 each.
/// In [`POINT_UNIT`]s.
pub fn place_points(place: usize, tied: usize, n: usize) -> i64 {
    let tied = tied.max(1);
    let covered: i64 = (place..place + tied)
        .map(|p| n.saturating_sub(p) as i64)
        .sum();
    covered.saturating_mul(POINT_UNIT) / tied as i64
}

/// Points in [`POINT_UNIT`]s for people: "3", "2.5", "1.33".
pub fn points_text(points: i64) -> String {
    let whole = points / POINT_UNIT;
    let rest = points % POINT_UNIT;
    if rest == 0 {
        return whole.to_string();
    }
    let text = format!("{:.2}", points as f64 / POINT_UNIT as f64);
    text.trim_end_matches('0').to_string()
}

/// The table of a night's `games` (only finished games count): each
/// player's games, wins, placings and points ([`place_points`]). Rows are
/// ordered by points, then wins, then placings (more 1sts, then more 2nds,
/// ...); the champion is the top row, and players level with it on all
/// three share the championship. A player is the same person however
/// their name's case and spaces were typed.
pub fn night_table(games: &[&Summary]) -> NightTable {
    let mut rows: BTreeMap<String, TableRow> = BTreeMap::new();
    let mut finished = 0;
    for g in games {
        let Some(ranks) = places(g) else { continue };
        finished += 1;
        let n = g.players.len();
        let mut seen: Vec<String> = Vec::new();
        for (name, place) in g.players.iter().zip(&ranks) {
            let key = name_key(name);
            if seen.contains(&key) {
                continue;
            }
            seen.push(key.clone());
            let tied = ranks.iter().filter(|r| *r == place).count();
            let row = rows.entry(key).or_insert_with(|| TableRow {
                name: String::new(),
                games: 0,
                wins: 0,
                placings: vec![0; 0],
                points: 0,
            });
            row.name = name.trim().to_string();
            row.games += 1;
            row.wins += usize::from(*place == 1);
            if row.placings.len() < *place {
                row.placings.resize(*place, 0);
            }
            if let Some(c) = row.placings.get_mut(place.saturating_sub(1)) {
                *c += 1;
            }
            row.points = row.points.saturating_add(place_points(*place, tied, n));
        }
    }
    let mut rows: Vec<TableRow> = rows.into_values().collect();
    rows.sort_by(|a, b| rank_key(b).cmp(&rank_key(a)).then(a.name.cmp(&b.name)));
    let champions = match rows.first() {
        Some(top) => rows
            .iter()
            .take_while(|r| rank_key(r) == rank_key(top))
            .count(),
        None => 0,
    };
    NightTable {
        rows,
        champions,
        finished,
    }
}

/// What orders the table: points, wins, then placings from 1st down.
fn rank_key(r: &TableRow) -> (i64, usize, Vec<usize>) {
    let mut placings = r.placings.clone();
    while placings.last() == Some(&0) {
        placings.pop();
    }
    (r.points, r.wins, placings)
}

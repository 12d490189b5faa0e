//! Each player's place in a finished game, from its summary alone: the
//! places the rules decided when the summary kept them, else derived from
//! the totals shown and the winners (summaries written before places were
//! kept), so stats never need a game's rules.

use crate::model::Summary;
use crate::rules::GameKind;

/// A total as the summary shows it ("12", "-3.5"), if it is a finite
/// number.
pub fn parse_total(shown: &str) -> Option<f64> {
    shown.trim().parse::<f64>().ok().filter(|v| v.is_finite())
}

/// Whether the lowest total is best in the game stored as `kind` (false
/// for a game this app does not know).
pub fn lower_wins(kind: &str) -> bool {
    kind.parse::<GameKind>()
        .map(|k| k.lower_wins())
        .unwrap_or(false)
}

/// Each seat's place in a finished game (1 is first, tied players share a
/// place and the next is skipped: 1, 1, 3); `None` while it is on.
///
/// The places the rules decided are used when the summary kept them (one
/// per seat, each between 1 and the number of players). Otherwise they are
/// derived by [`derive_places`].
pub fn places(s: &Summary) -> Option<Vec<usize>> {
    let n = s.players.len();
    if !s.finished || n == 0 {
        return None;
    }
    if s.ranks.len() == n && s.ranks.iter().all(|r| (1..=n).contains(r)) {
        return Some(s.ranks.clone());
    }
    Some(derive_places(&s.totals, &s.leaders, lower_wins(&s.kind), n))
}

/// Places for `n` seats from the totals shown and the winners: every
/// winner is first (a tie-breaker may have split equal totals, and the
/// winners are what the rules decided); the others follow, ranked by their
/// totals (the lowest best when `lower_wins`), tied totals sharing a place.
/// A total that is missing or unreadable ranks behind every readable one.
/// Winners out of range are ignored; with no winners kept, the totals
/// alone decide.
pub fn derive_places(
    totals: &[String],
    winners: &[usize],
    lower_wins: bool,
    n: usize,
) -> Vec<usize> {
    let is_winner = |seat: usize| winners.contains(&seat) && seat < n;
    let first = (0..n).filter(|s| is_winner(*s)).count();
    let value = |seat: usize| totals.get(seat).and_then(|t| parse_total(t));
    let better = |a: Option<f64>, b: Option<f64>| match (a, b) {
        (Some(x), Some(y)) => {
            if lower_wins {
                x < y
            } else {
                x > y
            }
        }
        (Some(_), None) => true,
        _ => false,
    };
    (0..n)
        .map(|seat| {
            if is_winner(seat) {
                return 1;
            }
            let mine = value(seat);
            let ahead = (0..n)
                .filter(|o| !is_winner(*o) && better(value(*o), mine))
                .count();
            1 + first + ahead
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn totals_parse_as_shown() {
        assert_eq!(parse_total("12"), Some(12.0));
        assert_eq!(parse_total(" -3.5 "), Some(-3.5));
        assert_eq!(parse_total(""), None);
        assert_eq!(parse_total("NaN"), None);
        assert_eq!(parse_total("inf"), None);
        assert_eq!(parse_total("12 eggs"), None);
    }

    #[test]
    fn every_game_knows_which_totals_win() {
        assert!(lower_wins("chickenfoot"));
        assert!(lower_wins("big-chicken"));
        assert!(lower_wins("chicken-lines-rummy"));
        assert!(lower_wins("circus-trump"));
        assert!(!lower_wins("cluck"));
        assert!(!lower_wins("playing-chicken"));
        assert!(!lower_wins("poker"));
    }

    #[test]
    fn places_are_derived_with_the_winners_first() {
        // (totals, winners, lower wins, places)
        type Case<'a> = (&'a [&'a str], &'a [usize], bool, &'a [usize]);
        let cases: &[Case] = &[
            (&["10", "5", "20"], &[1], true, &[2, 1, 3]),
            (&["10", "5", "20"], &[2], false, &[2, 3, 1]),
            // Equal totals after the winners share a place.
            (&["10", "5", "10", "30"], &[1], true, &[2, 1, 2, 4]),
            // A tie-breaker split equal totals: the winner is still first.
            (&["7", "7", "9"], &[1], true, &[2, 1, 3]),
            // A shared win.
            (&["7", "7", "9"], &[0, 1], true, &[1, 1, 3]),
            // Negative and fractional totals.
            (&["-3.5", "2", "-4"], &[2], true, &[2, 3, 1]),
            // Unreadable or missing totals rank last.
            (&["x", "5", "9"], &[1], true, &[3, 1, 2]),
            (&[], &[0], true, &[1, 2, 2]),
            // No winners kept: the totals decide.
            (&["4", "9", "4"], &[], false, &[2, 1, 2]),
            // A winner's seat out of range is ignored.
            (&["4", "9"], &[5], false, &[2, 1]),
        ];
        for (totals, winners, lower, want) in cases {
            assert_eq!(
                derive_places(&strings(totals), winners, *lower, want.len()),
                want.to_vec(),
                "{totals:?} {winners:?} {lower}"
            );
        }
    }

    #[test]
    fn kept_places_are_used_and_games_on_have_none() {
        let mut s = Summary {
            schema: 2,
            id: "g".into(),
            rev: 1,
            kind: "chickenfoot".into(),
            players: strings(&["Ann", "Bob", "Cy"]),
            created_ms: 0,
            updated_ms: 0,
            finished: false,
            summary: String::new(),
            totals: strings(&["10", "10", "3"]),
            leaders: vec![2],
            ranks: vec![3, 2, 1],
        };
        assert_eq!(places(&s), None, "a game on has no places");
        s.finished = true;
        assert_eq!(places(&s), Some(vec![3, 2, 1]), "the rules' places");
        s.ranks = Vec::new();
        assert_eq!(places(&s), Some(vec![2, 2, 1]), "derived");
        s.ranks = vec![1, 9, 1];
        assert_eq!(
            places(&s),
            Some(vec![2, 2, 1]),
            "impossible places are not used"
        );
        s.players.clear();
        assert_eq!(places(&s), None);
    }
}

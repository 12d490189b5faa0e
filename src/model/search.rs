//! Finding finished games: by game, by player, since a date, and by a
//! name typed in the search box, matched without case or accents.
//!
//! Matching folds names with [`fold`]: ASCII letters to lower case and the
//! Latin letters with accents (Latin-1 and Latin Extended-A: "É", "ø",
//! "ł", "ß") to plain ones, from a table of a few hundred bytes, instead
//! of `str::to_lowercase`'s Unicode tables (the history page is in the
//! first load). The browser lowercases other scripts first
//! (`toLocaleLowerCase`), so "ΖΩΗ" finds "ζωη" too.

use super::Summary;

/// Plain lower-case letters for U+00C0 to U+00FF ('.' keeps the letter;
/// Æ, Þ and ß are written out in [`fold_char`]).
const LATIN_1: &[u8; 64] = b"aaaaaaaceeeeiiiidnooooo.ouuuuy..aaaaaaaceeeeiiiidnooooo.ouuuuy.y";
/// Plain lower-case letters for U+0100 to U+017F (Ĳ and Œ are written out
/// in [`fold_char`]).
const LATIN_EXT_A: &[u8; 128] = b"aaaaaaccccccccddddeeeeeeeeeegggggggghhhhiiiiiiiiiiiijjkkkllllllllllnnnnnnnnnoooooooorrrrrrssssssssttttttuuuuuuuuuuuuwwyyyzzzzzzs";

/// One character folded: pushed onto `out` as plain lower-case letters,
/// dropped if it is a combining accent, else kept as it is.
fn fold_char(c: char, out: &mut String) {
    let code = c as u32;
    let special = match c {
        'Æ' | 'æ' => Some("ae"),
        'Þ' | 'þ' => Some("th"),
        'ß' => Some("ss"),
        'Ĳ' | 'ĳ' => Some("ij"),
        'Œ' | 'œ' => Some("oe"),
        _ => None,
    };
    if let Some(s) = special {
        out.push_str(s);
        return;
    }
    let table = match code {
        0xC0..=0xFF => LATIN_1.get((code - 0xC0) as usize),
        0x100..=0x17F => LATIN_EXT_A.get((code - 0x100) as usize),
        // Combining accents (a name typed as "e" + "◌́").
        0x300..=0x36F => return,
        _ => None,
    };
    match table {
        Some(b) if *b != b'.' => out.push(char::from(*b)),
        _ => out.push(c.to_ascii_lowercase()),
    }
}

/// `text` folded for matching: ASCII lower case, Latin accents dropped
/// ("ÉMILE" → "emile", "Zoë" → "zoe", "Øyvind" → "oyvind"), spaces
/// trimmed; other letters as they are.
pub fn fold(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.trim().chars() {
        fold_char(c, &mut out);
    }
    out
}

/// Whether every word of the folded `query` is part of one of the folded
/// `names` ("zo" finds "Zoë"; "ann bob" finds games Ann and Bob both
/// played). An empty query finds everything.
pub fn names_match(query: &str, names: &[String]) -> bool {
    query
        .split_whitespace()
        .all(|word| names.iter().any(|n| n.contains(word)))
}

/// The time windows offered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Period {
    /// Every finished game.
    #[default]
    Any,
    /// Saved in the last 7 days.
    Week,
    /// Saved in the last 30 days.
    Month,
    /// Saved since 1 January (the phone's time zone).
    Year,
}

impl Period {
    /// Every period, in the order offered.
    pub const ALL: [Period; 4] = [Period::Any, Period::Week, Period::Month, Period::Year];

    /// Its name in the list.
    pub fn label(self) -> &'static str {
        match self {
            Period::Any => "Any time",
            Period::Week => "Last 7 days",
            Period::Month => "Last 30 days",
            Period::Year => "This year",
        }
    }

    /// The earliest update time it keeps (ms since the epoch), given the
    /// time now and the start of this year on the phone's clock.
    pub fn since(self, now_ms: i64, year_start_ms: i64) -> Option<i64> {
        const DAY: i64 = 86_400_000;
        match self {
            Period::Any => None,
            Period::Week => Some(now_ms.saturating_sub(7 * DAY)),
            Period::Month => Some(now_ms.saturating_sub(30 * DAY)),
            Period::Year => Some(year_start_ms),
        }
    }
}

/// What the history list is narrowed to. Empty fields keep everything.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Filter {
    /// Only games of this kind (its id).
    pub kind: Option<String>,
    /// Only games this player played (folded with [`fold`]).
    pub player: Option<String>,
    /// Only games saved at or after this time.
    pub since_ms: Option<i64>,
    /// Only games with players matching every word (folded).
    pub query: String,
}

impl Filter {
    /// Whether the list keeps `game`, whose player names folded are
    /// `names`.
    pub fn keeps(&self, game: &Summary, names: &[String]) -> bool {
        self.kind.as_ref().is_none_or(|k| *k == game.kind)
            && self.player.as_ref().is_none_or(|p| names.contains(p))
            && self.since_ms.is_none_or(|t| game.updated_ms >= t)
            && names_match(&self.query, names)
    }

    /// Whether it keeps everything.
    pub fn is_empty(&self) -> bool {
        self.kind.is_none()
            && self.player.is_none()
            && self.since_ms.is_none()
            && self.query.trim().is_empty()
    }
}

/// Every player of `games` once (the first spelling seen of names that
/// fold alike), with their folded name, sorted by it.
pub fn players_of<'a>(
    games: impl IntoIterator<Item = (&'a Summary, &'a [String])>,
) -> Vec<(String, String)> {
    // Kept sorted as it grows (a binary search per name): no sort
    // routine in the first load.
    let mut out: Vec<(String, String)> = Vec::new();
    for (game, folded) in games {
        for (name, key) in game.players.iter().zip(folded) {
            if let Err(at) = out.binary_search_by(|(_, k)| k.cmp(key)) {
                out.insert(at, (name.clone(), key.clone()));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(kind: &str, players: &[&str], updated_ms: i64) -> Summary {
        Summary {
            schema: 2,
            id: format!("{kind}{updated_ms}"),
            rev: 1,
            kind: kind.into(),
            players: players.iter().map(|p| p.to_string()).collect(),
            created_ms: 0,
            updated_ms,
            finished: true,
            summary: String::new(),
            totals: Vec::new(),
            leaders: Vec::new(),
            ranks: Vec::new(),
        }
    }

    fn folded(g: &Summary) -> Vec<String> {
        g.players.iter().map(|p| fold(p)).collect()
    }

    #[test]
    fn names_fold_without_case_or_accents() {
        let table = [
            ("Zoë", "zoe"),
            ("ÉMILE", "emile"),
            ("Øyvind", "oyvind"),
            ("  Ann  ", "ann"),
            ("Łukasz", "lukasz"),
            ("Ægir", "aegir"),
            ("Straße", "strasse"),
            ("Şükrü", "sukru"),
            ("Ÿvonne", "yvonne"),
            ("Œdipe", "oedipe"),
            ("Þóra", "thora"),
            ("Zoe\u{308}", "zoe"),
            ("Ζωή", "Ζωή"),
            ("O'Brien-Smith 2", "o'brien-smith 2"),
            ("×÷", "×÷"),
            ("", ""),
        ];
        for (name, want) in table {
            assert_eq!(fold(name), want, "{name}");
        }
        // Every Latin-1 and Latin Extended-A letter folds to ASCII.
        for code in (0xC0u32..=0x17F).filter(|c| *c != 0xD7 && *c != 0xF7) {
            let c = char::from_u32(code).unwrap();
            assert!(fold(&c.to_string()).is_ascii(), "{c}");
        }
    }

    #[test]
    fn every_word_of_the_search_must_match_a_player() {
        let names: Vec<String> = ["Zoë", "ÉMILE", "Øyvind"].iter().map(|n| fold(n)).collect();
        for (query, want) in [
            ("", true),
            ("zoe", true),
            ("ZOË", true),
            ("émile", true),
            ("emi", true),
            ("oyv", true),
            ("øyvind zoe", true),
            ("  zo   em  ", true),
            ("bob", false),
            ("zoe bob", false),
            ("zoeemile", false),
        ] {
            assert_eq!(names_match(&fold(query), &names), want, "{query}");
        }
    }

    #[test]
    fn the_filter_keeps_what_every_field_allows() {
        let a = game("cluck", &["Zoë", "Bob"], 1_000);
        let b = game("chickenfoot", &["ÉMILE", "Ann"], 5_000);
        let f = Filter::default();
        assert!(f.is_empty() && f.keeps(&a, &folded(&a)) && f.keeps(&b, &folded(&b)));
        let by_kind = Filter {
            kind: Some("cluck".into()),
            ..Filter::default()
        };
        assert!(by_kind.keeps(&a, &folded(&a)) && !by_kind.keeps(&b, &folded(&b)));
        let by_player = Filter {
            player: Some(fold("EMILE")),
            ..Filter::default()
        };
        assert!(!by_player.keeps(&a, &folded(&a)) && by_player.keeps(&b, &folded(&b)));
        let since = Filter {
            since_ms: Some(5_000),
            ..Filter::default()
        };
        assert!(!since.keeps(&a, &folded(&a)) && since.keeps(&b, &folded(&b)));
        let both = Filter {
            kind: Some("cluck".into()),
            query: fold("zoe"),
            ..Filter::default()
        };
        assert!(!both.is_empty() && both.keeps(&a, &folded(&a)) && !both.keeps(&b, &folded(&b)));
    }

    #[test]
    fn periods_reach_back_from_now() {
        let now = 100 * 86_400_000;
        assert_eq!(Period::Any.since(now, 5), None);
        assert_eq!(Period::Week.since(now, 5), Some(93 * 86_400_000));
        assert_eq!(Period::Month.since(now, 5), Some(70 * 86_400_000));
        assert_eq!(Period::Year.since(now, 5), Some(5));
        assert_eq!(Period::Week.since(i64::MIN, 0), Some(i64::MIN));
        assert_eq!(Period::ALL.map(Period::label)[0], "Any time");
    }

    #[test]
    fn players_are_listed_once_in_folded_order() {
        let a = game("cluck", &["Zoë", "bob"], 1);
        let b = game("cluck", &["ZOE", "Ann"], 2);
        let (fa, fb) = (folded(&a), folded(&b));
        let list = players_of([(&a, fa.as_slice()), (&b, fb.as_slice())]);
        let names: Vec<&str> = list.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, vec!["Ann", "bob", "Zoë"]);
    }
}

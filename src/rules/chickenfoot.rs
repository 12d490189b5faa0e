//! Chickenfoot dominoes (`rules/chickenfoot.txt` and its RULINGS section):
//! the sets, the double each hand starts with, tiles to draw, hand scores
//! (the double-blank at 50 or 25), stalemates and the lowest-total winner.

use crate::rules::pick::FirstChoice;
use serde::{Deserialize, Serialize};

use super::{
    outcome_by_totals, running_totals, GameInfo, GameKind, HelpLine, Points, RuleError, Rules,
    Setup, SheetRow, Standings, WentOut,
};

/// A domino set, named by its highest double.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DominoSet {
    /// Double-6: 28 tiles, 7 hands.
    #[serde(rename = "d6")]
    Double6,
    /// Double-9: 55 tiles, 10 hands (the usual set).
    #[default]
    #[serde(rename = "d9")]
    Double9,
    /// Double-12: 91 tiles, 13 hands.
    #[serde(rename = "d12")]
    Double12,
    /// Double-15: 136 tiles, 16 hands.
    #[serde(rename = "d15")]
    Double15,
}

impl DominoSet {
    /// Every set, smallest first.
    pub const ALL: [DominoSet; 4] = [
        DominoSet::Double6,
        DominoSet::Double9,
        DominoSet::Double12,
        DominoSet::Double15,
    ];

    /// The highest number of pips on one end.
    pub const fn max(self) -> u8 {
        match self {
            DominoSet::Double6 => 6,
            DominoSet::Double9 => 9,
            DominoSet::Double12 => 12,
            DominoSet::Double15 => 15,
        }
    }

    /// The set's name ("Double-9").
    pub fn name(self) -> String {
        format!("Double-{}", self.max())
    }

    /// Number of suits (0 to max), which is also the number of hands.
    pub const fn suits(self) -> usize {
        self.max() as usize + 1
    }

    /// Number of tiles in the set.
    pub const fn tile_count(self) -> usize {
        let s = self.suits();
        s * (s + 1) / 2
    }

    /// Every tile of the set, `(low, high)`, in a stable order: by high end,
    /// then low end.
    pub fn tiles(self) -> Vec<Tile> {
        (0..=self.max())
            .flat_map(|hi| (0..=hi).map(move |lo| Tile(lo, hi)))
            .collect()
    }

    /// Pips on all tiles of the set, the double-blank counted at `blank`.
    pub fn total_score(self, blank: DoubleBlank) -> u32 {
        let n = self.max() as u32;
        (n + 2) * n * (n + 1) / 2 + blank.points()
    }

    /// The double that hand `hand` (0-based) is meant to start with: the
    /// highest double first, then one lower each hand.
    pub fn preferred_double(self, hand: usize) -> Option<u8> {
        let max = self.max() as usize;
        (hand <= max).then(|| (max - hand) as u8)
    }
}

/// What the double-blank is worth, chosen before the game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DoubleBlank {
    /// 50 points (the rulebook's default).
    #[default]
    #[serde(rename = "50")]
    Fifty,
    /// 25 points (the rulebook's option).
    #[serde(rename = "25")]
    TwentyFive,
}

impl DoubleBlank {
    /// Points for the double-blank left in hand.
    pub const fn points(self) -> u32 {
        match self {
            DoubleBlank::Fifty => 50,
            DoubleBlank::TwentyFive => 25,
        }
    }
}

/// What the table is told before typing a pip total: the double-blank is
/// not worth its (zero) pips.
pub fn pips_hint(blank: DoubleBlank) -> String {
    format!(
        "Pips left: add up every tile's dots, counting the double-blank as {} (or pick the tiles and the app counts).",
        blank.points()
    )
}

/// One domino, `(low end, high end)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Tile(pub u8, pub u8);

impl Tile {
    /// The same tile with its ends ordered low, high.
    pub fn normalized(self) -> Tile {
        if self.0 <= self.1 {
            self
        } else {
            Tile(self.1, self.0)
        }
    }

    /// Whether both ends match.
    pub fn is_double(self) -> bool {
        self.0 == self.1
    }

    /// What the tile scores left in a hand.
    pub fn score(self, blank: DoubleBlank) -> u32 {
        if self.0 == 0 && self.1 == 0 {
            blank.points()
        } else {
            self.0 as u32 + self.1 as u32
        }
    }
}

impl std::fmt::Display for Tile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}-{}", self.0, self.1)
    }
}

/// The variants, chosen when the game is created and locked for it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// The domino set in play.
    pub set: DominoSet,
    /// What the double-blank scores.
    pub double_blank: DoubleBlank,
    /// "Highest available double" beginning: the table records which
    /// double actually started each hand.
    pub highest_available: bool,
    /// The Chickenlittle rule (a reminder only; it has no points).
    pub chickenlittle: bool,
}

/// What one player has left at the end of a hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Left {
    /// A pip total typed in (the double-blank already counted at its value).
    Pips(u32),
    /// The tiles left, picked one by one.
    Tiles(Vec<Tile>),
}

/// One hand, as recorded at its end.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hand {
    /// The seat of the player who went out, or `None` for a stalemate.
    pub out: Option<usize>,
    /// With the "highest available double" variant, the double that
    /// actually started the hand, if not the preferred one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub started_with: Option<u8>,
    /// What each player has left, by seat (ignored for the player who went
    /// out, who scores 0).
    pub left: Vec<Left>,
}

/// The state after some hands: each hand's scores and its starting double.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct State {
    /// Per hand: (the double that started it, who went out, points by seat).
    pub hands: Vec<ScoredHand>,
}

/// A hand as scored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoredHand {
    /// The double that started the hand.
    pub double: u8,
    /// Whether that was a different double from the preferred one.
    pub substituted: bool,
    /// Who went out, or `None` for a stalemate.
    pub out: Option<usize>,
    /// Points by seat.
    pub points: Vec<u32>,
}

/// The printed table: tiles each player draws, 42 / players rounded, for
/// 2 to 10 players.
pub fn printed_tiles_per_player(players: usize) -> Option<usize> {
    (2..=10)
        .contains(&players)
        .then(|| (42 + players / 2) / players)
}

/// How many tiles each player draws, and whether the printed count had to
/// be cut down because it would empty the chicken yard.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Draw {
    /// The printed count (42 / players, rounded).
    pub printed: usize,
    /// The count to use: the printed one, or the largest that leaves at
    /// least one tile in the chicken yard.
    pub each: usize,
}

impl Draw {
    /// Whether the printed count was too many for the set.
    pub fn reduced(&self) -> bool {
        self.each != self.printed
    }
}

/// The tiles player `seat`'s picker must not offer: those another player
/// is entered as holding (`left[j]` is `None` for a player not entered by
/// tiles), each with its holder. The rules refuse a tile held twice.
pub fn tiles_taken(left: &[Option<&[Tile]>], seat: usize) -> Vec<(Tile, usize)> {
    left.iter()
        .enumerate()
        .filter(|(j, _)| *j != seat)
        .filter_map(|(j, tiles)| tiles.map(|t| (j, t)))
        .flat_map(|(j, tiles)| tiles.iter().map(move |t| (*t, j)))
        .collect()
}

/// The sentence the status line, the help panel and the new-game screen
/// say about tiles to draw, or `None` outside 2 to 10 players.
pub fn draw_sentence(set: DominoSet, players: usize) -> Option<String> {
    let draw = tiles_to_draw(set, players)?;
    Some(if draw.reduced() {
        format!(
            "42 ÷ {players} gives {} tiles each, which would empty a {} set: draw {} each to leave tiles in the chicken yard.",
            draw.printed,
            set.name(),
            draw.each
        )
    } else {
        format!(
            "Each player draws {} tiles (42 ÷ {players} players, rounded).",
            draw.each
        )
    })
}

/// Tiles to draw for `players` with `set`, or `None` outside 2 to 10 players.
pub fn tiles_to_draw(set: DominoSet, players: usize) -> Option<Draw> {
    let printed = printed_tiles_per_player(players)?;
    let tiles = set.tile_count();
    let each = if printed * players >= tiles {
        (tiles - 1) / players
    } else {
        printed
    };
    Some(Draw { printed, each })
}

/// The Chickenfoot rules.
pub struct Chickenfoot;

impl Chickenfoot {
    fn score_left(settings: &Settings, left: &Left) -> u32 {
        match left {
            Left::Pips(p) => *p,
            Left::Tiles(tiles) => tiles.iter().map(|t| t.score(settings.double_blank)).sum(),
        }
    }

    fn check_hand(
        setup: &Setup<Settings>,
        hand_no: usize,
        hand: &Hand,
    ) -> Result<ScoredHand, RuleError> {
        let s = &setup.settings;
        let n = setup.players.len();
        let hands = s.set.suits();
        let Some(preferred) = s.set.preferred_double(hand_no) else {
            return Err(RuleError::new(format!(
                "The game is over: a {} game has {hands} hands.",
                s.set.name()
            )));
        };
        if hand.left.len() != n {
            return Err(RuleError::new(format!(
                "The hand lists {} players; the game has {n}.",
                hand.left.len()
            )));
        }
        if let Some(out) = hand.out {
            if out >= n {
                return Err(RuleError::new(
                    "The player who went out is not in this game.",
                ));
            }
        }
        let double = match hand.started_with {
            None => preferred,
            Some(d) if !s.highest_available => {
                if d != preferred {
                    return Err(RuleError::new(format!(
                        "This game starts hand {} with the {preferred}-{preferred}; turn on \"highest available double\" when creating a game to record another.",
                        hand_no + 1
                    )));
                }
                d
            }
            Some(d) if d > s.set.max() => {
                return Err(RuleError::new(format!(
                    "A {} set has no {d}-{d}.",
                    s.set.name()
                )))
            }
            Some(d) => d,
        };

        let max_one = s.set.total_score(s.double_blank);
        let mut seen: Vec<(Tile, usize)> = Vec::new();
        let mut points = Vec::with_capacity(n);
        for (seat, left) in hand.left.iter().enumerate() {
            let name = setup.name(seat);
            if hand.out == Some(seat) {
                points.push(0);
                continue;
            }
            if let Left::Tiles(tiles) = left {
                for raw in tiles {
                    let t = raw.normalized();
                    if t.1 > s.set.max() {
                        return Err(RuleError::for_player(
                            seat,
                            format!("A {} set has no {t} tile.", s.set.name()),
                        ));
                    }
                    if t == Tile(double, double) {
                        return Err(RuleError::for_player(
                            seat,
                            format!(
                                "The {t} started this hand, so it cannot be left in {name}'s hand."
                            ),
                        ));
                    }
                    if let Some((_, other)) = seen.iter().find(|(u, _)| *u == t) {
                        let whose = if *other == seat {
                            "twice".to_string()
                        } else {
                            format!("for {} too", setup.name(*other))
                        };
                        return Err(RuleError::for_player(
                            seat,
                            format!("The {t} is picked {whose}: each tile is in one hand only."),
                        ));
                    }
                    seen.push((t, seat));
                }
            }
            let score = Self::score_left(s, left);
            if score == 0 {
                return Err(RuleError::for_player(
                    seat,
                    format!(
                        "{name} has 0 left: mark {name} as the one who went out, or enter the tiles left."
                    ),
                ));
            }
            if score > max_one {
                return Err(RuleError::for_player(
                    seat,
                    format!(
                        "{score} is more than the whole {} set holds ({max_one}).",
                        s.set.name()
                    ),
                ));
            }
            points.push(score);
        }
        let sum: u32 = points.iter().sum();
        // The starting double is on the table, so the hands hold at most
        // everything else.
        let on_table = Tile(double, double).score(s.double_blank);
        let most = max_one - on_table;
        if sum > most {
            return Err(RuleError::new(format!(
                "Together the hands hold {sum}, but a {} set holds only {most} besides the {double}-{double} on the table.",
                s.set.name()
            )));
        }
        Ok(ScoredHand {
            double,
            substituted: double != preferred,
            out: hand.out,
            points,
        })
    }
}

impl Rules for Chickenfoot {
    const KIND: GameKind = GameKind::new(&GameInfo {
        id: "chickenfoot",
        name: "Chickenfoot",
        blurb: "Dominoes: play off the doubles; lowest pip total after every hand wins.",
        players: (2, 10),
        lower_wins: true,
    });
    const SHEET_STEP: &'static str = "Hand";
    type Settings = Settings;
    type Entry = Hand;
    type State = State;
    // The holder of the hand's double starts it: the app only names who
    // shuffles, and records nothing.
    const FIRST: FirstChoice =
        FirstChoice::named("Who shuffles first?", "shuffles the tiles first");

    fn start(_setup: &Setup<Settings>) -> State {
        State::default()
    }

    fn apply(setup: &Setup<Settings>, state: &State, entry: &Hand) -> Result<State, RuleError> {
        let scored = Self::check_hand(setup, state.hands.len(), entry)?;
        let mut next = state.clone();
        next.hands.push(scored);
        Ok(next)
    }

    fn standings(setup: &Setup<Settings>, state: &State) -> Standings {
        let s = &setup.settings;
        let n = setup.players.len();
        let rows: Vec<Vec<Points>> = state
            .hands
            .iter()
            .map(|h| h.points.iter().map(|p| Points::new(*p as i64)).collect())
            .collect();
        let running = running_totals(n, &rows);
        let totals = running
            .last()
            .cloned()
            .unwrap_or_else(|| vec![Points::ZERO; n]);
        let sheet = state
            .hands
            .iter()
            .zip(rows)
            .zip(running)
            .enumerate()
            .map(|(i, ((h, points), totals))| {
                let mut notes = vec![match h.out {
                    Some(seat) => format!("{} went out", setup.name(seat)),
                    None => "Stalemate: everyone scored their hand".to_string(),
                }];
                if h.substituted {
                    notes.push(format!(
                        "Started with the {0}-{0} (highest available)",
                        h.double
                    ));
                }
                SheetRow {
                    label: format!("Hand {} · {}-{}", i + 1, h.double, h.double),
                    number: (i + 1).to_string(),
                    out: h.out.map_or(WentOut::Nobody, WentOut::Player),
                    entry: Some(i),
                    points,
                    totals,
                    notes,
                    details: vec![Vec::new(); n],
                }
            })
            .collect();
        let played = state.hands.len();
        let hands = s.set.suits();
        let mut status = Vec::new();
        let outcome = if played >= hands {
            Some(outcome_by_totals(&totals, true))
        } else {
            if let Some(d) = s.set.preferred_double(played) {
                let alt = if s.highest_available {
                    " (or the highest double anyone has)"
                } else {
                    ""
                };
                status.push(format!(
                    "Hand {} of {hands} starts with the {d}-{d}{alt}.",
                    played + 1
                ));
            }
            status.extend(draw_sentence(s.set, n));
            if s.chickenlittle {
                status.push("Chickenlittle: say it as you play your next-to-last tile.".into());
            }
            None
        };
        Standings {
            totals,
            lower_wins: true,
            sheet,
            status,
            outcome,
        }
    }

    fn help(setup: &Setup<Settings>) -> Vec<HelpLine> {
        let s = &setup.settings;
        let n = setup.players.len();
        let mut lines = vec![
            HelpLine::new(
                "Set",
                format!(
                    "{}: {} tiles, {} hands, starting with the {3}-{3} and one double lower each hand.",
                    s.set.name(),
                    s.set.tile_count(),
                    s.set.suits(),
                    s.set.max(),
                ),
            ),
            HelpLine::new(
                "Scoring",
                "Each hand, every player scores the pips left in their hand; whoever went out scores 0. In a stalemate everyone scores their hand. Lowest total after the last hand wins; tied players share the win.",
            ),
            HelpLine::new(
                "Double-blank",
                format!(
                    "Counts {} (chosen before the game, locked for it). A typed total includes it at that value.",
                    s.double_blank.points()
                ),
            ),
            HelpLine::new(
                "Beginning a hand",
                if s.highest_available {
                    "Highest available double: if nobody has the hand's double, the highest double anyone has starts it; the app records which. The next hand still asks for its own double."
                } else {
                    "Standard: each hand starts with its own double; if nobody has it, everyone draws until someone does."
                },
            ),
            HelpLine::new(
                "Chickenlittle",
                if s.chickenlittle {
                    "On: say \"Chickenlittle\" as you play your next-to-last tile, or draw a tile as a penalty. It scores nothing, so the app only reminds you."
                } else {
                    "Off for this game."
                },
            ),
        ];
        if let Some(sentence) = draw_sentence(s.set, n) {
            lines.push(HelpLine::new("Tiles to draw", sentence));
        }
        lines.push(HelpLine::new(
            "Checks",
            "A player who did not go out holds at least one tile, so 0 is refused for them; a total larger than the set holds is refused; a tile can be picked for one player only, and never the double that started the hand.",
        ));
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pips_hint_names_the_double_blanks_worth() {
        assert!(pips_hint(DoubleBlank::Fifty).contains("double-blank as 50"));
        assert!(pips_hint(DoubleBlank::TwentyFive).contains("double-blank as 25"));
    }

    #[test]
    fn tile_counts_and_pip_totals() {
        assert_eq!(DominoSet::Double6.tile_count(), 28);
        assert_eq!(DominoSet::Double9.tile_count(), 55);
        assert_eq!(DominoSet::Double12.tile_count(), 91);
        assert_eq!(DominoSet::Double15.tile_count(), 136);
        for set in DominoSet::ALL {
            assert_eq!(set.tiles().len(), set.tile_count());
            let pips: u32 = set.tiles().iter().map(|t| t.0 as u32 + t.1 as u32).sum();
            assert_eq!(set.total_score(DoubleBlank::Fifty), pips + 50);
        }
    }
}

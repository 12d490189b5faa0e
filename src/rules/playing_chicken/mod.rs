//! Playing Chicken (`rules/playing-chicken.txt` and its RULINGS section):
//! the 21 goal cards and the goal deck (the app can be the deck, drawn when
//! the game starts and stored with it), the five rounds and their prize ladder, the hands
//! (cards played this round, cards discarded for the rest of the game), the
//! verdict of each trick (under, over, exact) and the most-points winner.
//!
//! The log is one [`Trick`] per trick: the goal and the card each player
//! revealed. Everything else (round and trick in play, the cards each player
//! still holds, the discards, points and the outcome) is derived from it.
//!
//! Decision on the goal deck: every trick entry records the goal it was
//! played for, whichever [`GoalSource`] is chosen, so the log is
//! self-contained and an edit never depends on the deck. With
//! [`GoalSource::AppDeck`] the screen pre-fills the goal from the stored deck ([`deck_goal`]);
//! `apply` accepts any goal printed on a card for the player count (so a
//! mis-tap or a physical card can still be recorded) and the score sheet
//! notes a trick whose goal differs from the app's card.
//!
//! Decision on hidden hands: the trick form offers every card (1 to 6) to
//! every player, so it shows no hand; a card no longer held is refused by
//! `apply`, saying the trick it was played in (or the round it was
//! discarded in), beside that player's field. A correction that gives a
//! player a card they played in another trick of the same round swaps the
//! two cards ([`swaps`], [`PlayingChicken`]'s `Rules::correct`), so two
//! tricks entered the wrong way round are fixed in one saved change.

use rand::seq::SliceRandom;
use rand::Rng;
use serde::{Deserialize, Serialize};

use super::{
    check_player_count, count, join_names, outcome_by_totals, replace_entry, running_totals,
    GameInfo, GameKind, HelpLine, LogError, Points, RuleError, Rules, Setup, SheetRow, Standings,
    WentOut,
};

mod goals;
mod swaps;
mod tricks;

pub use goals::*;
pub use swaps::*;
pub use tricks::*;

/// Rounds in a game.
pub const ROUNDS: usize = 5;

/// Tricks in a game: 5 + 4 + 3 + 2 + 1.
pub const TRICKS: usize = 15;

/// The values on each player's six cards.
pub const CARDS: std::ops::RangeInclusive<u8> = 1..=6;

/// What a trick won exactly on the goal is worth, chosen at game creation.
///
/// The rulebook reads both ways: step 4 ("two points" in the first round)
/// and step 10 ("12 points" for the last trick) double the prize, while
/// step 9 speaks of "one additional point".
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ExactBonus {
    /// The prize is doubled (4, 6, 8, 10, 12): the default.
    #[default]
    #[serde(rename = "double")]
    Double,
    /// One extra point (3, 4, 5, 6, 7).
    #[serde(rename = "plus-one", alias = "+1")]
    PlusOne,
}

impl ExactBonus {
    /// A short name for the variant ("double", "+1").
    pub fn name(self) -> &'static str {
        match self {
            ExactBonus::Double => "double",
            ExactBonus::PlusOne => "+1",
        }
    }
}

/// Where each trick's goal comes from, chosen at game creation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GoalSource {
    /// The app shuffles the goal cards ([`Settings::deck`]) and flips
    /// one per trick (the default).
    #[default]
    #[serde(rename = "app-deck")]
    AppDeck,
    /// The table flips real goal cards and types each goal in.
    #[serde(rename = "typed")]
    Typed,
}

/// The variants, chosen when the game is created and locked for it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// What an exact hit is worth.
    pub exact_bonus: ExactBonus,
    /// Whether the app is the goal deck or the goals are typed in.
    pub goal_source: GoalSource,
    /// With the app as the goal deck: the goal it flips for each trick, in
    /// order, drawn when the game started ([`draw_goal_deck`]) and stored,
    /// so every phone and every release shows the same cards.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub deck: Vec<u32>,
}

/// A card out of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Discard {
    /// The card's value.
    pub card: u8,
    /// The round at whose end it was discarded.
    pub round: usize,
}

/// One player's cards for the trick in play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hand {
    /// The cards still in hand, lowest first: the ones that may be played.
    pub held: Vec<u8>,
    /// The cards played so far this round, in order.
    pub played: Vec<u8>,
    /// The cards discarded so far in the game, oldest first.
    pub discards: Vec<Discard>,
}

impl Hand {
    /// A full hand of 1 to 6, as at the start of the game.
    pub fn fresh() -> Self {
        Hand {
            held: CARDS.collect(),
            played: Vec::new(),
            discards: Vec::new(),
        }
    }

    /// The round in which `card` was discarded, if it was.
    pub fn discarded_in(&self, card: u8) -> Option<usize> {
        self.discards
            .iter()
            .find(|d| d.card == card)
            .map(|d| d.round)
    }
}

/// A trick as applied: its place, what was played, and what it scored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedTrick {
    /// Where the trick falls in the game.
    pub position: Position,
    /// The goal it was played for.
    pub goal: u32,
    /// The card each player played, by seat.
    pub cards: Vec<u8>,
    /// On a round's last trick, the card each player discarded (the one not
    /// played), by seat; empty on other tricks.
    pub discards: Vec<u8>,
    /// With the app as the goal deck, the card the app flipped for this
    /// trick (which the recorded goal may differ from).
    pub deck_goal: Option<u32>,
    /// The verdict, winners and prize.
    pub result: TrickResult,
}

/// The state after some tricks: every trick as scored, and each player's
/// cards for the trick in play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    /// The tricks played so far, oldest first.
    pub tricks: Vec<PlayedTrick>,
    /// Each player's cards for the trick in play, by seat. After the last
    /// trick nothing is held and `played` keeps the last round's card.
    pub hands: Vec<Hand>,
}

impl State {
    /// The trick in play, or `None` once all 15 are played.
    pub fn current(&self) -> Option<Position> {
        position(self.tricks.len())
    }

    /// Whether all 15 tricks are played.
    pub fn finished(&self) -> bool {
        self.tricks.len() >= TRICKS
    }

    /// A player's cards for the trick in play.
    pub fn hand(&self, seat: usize) -> Option<&Hand> {
        self.hands.get(seat)
    }

    /// Points each player scored in round `round` (1-based), by seat.
    pub fn round_points(&self, round: usize) -> Vec<u32> {
        let n = self.hands.len();
        self.tricks
            .iter()
            .filter(|t| t.position.round == round)
            .fold(vec![0; n], |mut acc, t| {
                for (a, p) in acc.iter_mut().zip(t.result.points(n)) {
                    *a = a.saturating_add(p);
                }
                acc
            })
    }

    /// Each player's total so far, by seat.
    pub fn totals(&self) -> Vec<u32> {
        let n = self.hands.len();
        self.tricks.iter().fold(vec![0; n], |mut acc, t| {
            for (a, p) in acc.iter_mut().zip(t.result.points(n)) {
                *a = a.saturating_add(p);
            }
            acc
        })
    }
}

/// The goal the app flips for the trick in play, when the app is the goal
/// deck and the game is not over.
pub fn next_goal(setup: &Setup<Settings>, state: &State) -> Option<u32> {
    if state.finished() {
        return None;
    }
    deck_goal(setup, state.tricks.len())
}

/// The goal the app's deck gives trick `index` (the trick form's goal for
/// a new trick or an edit), when the app is the goal deck.
pub fn deck_goal(setup: &Setup<Settings>, index: usize) -> Option<u32> {
    match setup.settings.goal_source {
        GoalSource::AppDeck => setup.settings.deck.get(index).copied(),
        GoalSource::Typed => None,
    }
}

/// A card a correction moves into another trick of the same round: the
/// "4, 5, 7 and 8".
fn join_numbers(numbers: &[u32]) -> String {
    let words: Vec<String> = numbers.iter().map(u32::to_string).collect();
    let refs: Vec<&str> = words.iter().map(String::as_str).collect();
    join_names(&refs)
}

/// The Playing Chicken rules.
pub struct PlayingChicken;

impl PlayingChicken {
    /// The score-sheet note for one trick ("Trick 1: goal 15, total 14
    /// (under) → Ann 6 wins 2").
    pub fn trick_note(setup: &Setup<Settings>, trick: &PlayedTrick) -> String {
        let r = &trick.result;
        let names: Vec<&str> = r.winners.iter().map(|s| setup.name(*s)).collect();
        let card = r.winning_card.map(|c| c.to_string()).unwrap_or_default();
        let won = match names.len() {
            0 => "nobody wins".to_string(),
            1 => format!("{} {card} wins {}", join_names(&names), r.prize_each),
            _ => format!("{} ({card}) win {} each", join_names(&names), r.prize_each),
        };
        let mut note = format!(
            "Trick {}: goal {}, total {} ({}) → {won}",
            trick.position.trick,
            trick.goal,
            r.total,
            r.verdict.word()
        );
        if let Some(deck) = trick.deck_goal.filter(|d| *d != trick.goal) {
            note.push_str(&format!(" (the app's card was {deck})"));
        }
        note
    }
}

impl Rules for PlayingChicken {
    const KIND: GameKind = GameKind::new(&GameInfo {
        id: "playing-chicken",
        name: "Playing Chicken",
        blurb: "Cards 1-6 against a goal card: under it the highest card wins, over it the lowest; most points after 15 tricks wins.",
        players: (3, 8),
        lower_wins: false,
    });
    const SHEET_STEP: &'static str = "Round";
    type Settings = Settings;
    type Entry = Trick;
    type State = State;

    fn check_setup(setup: &Setup<Settings>) -> Result<(), RuleError> {
        let n = setup.players.len();
        check_player_count(n, Self::KIND.players())?;
        let settings = &setup.settings;
        if settings.goal_source == GoalSource::AppDeck && !is_goal_deck(n, &settings.deck) {
            return Err(RuleError::new(format!(
                "The app's goal deck is not {TRICKS} goals from the cards for {n} players."
            )));
        }
        Ok(())
    }

    /// The app's goal deck is drawn when the game starts (a rematch draws
    /// a new one, never the last game's order of goals).
    fn with_draws<G: Rng + ?Sized>(settings: &Settings, players: usize, rng: &mut G) -> Settings {
        Settings {
            deck: match settings.goal_source {
                GoalSource::AppDeck => draw_goal_deck(players, rng),
                GoalSource::Typed => Vec::new(),
            },
            ..settings.clone()
        }
    }

    fn start(setup: &Setup<Settings>) -> State {
        State {
            tricks: Vec::new(),
            hands: vec![Hand::fresh(); setup.players.len()],
        }
    }

    fn apply(setup: &Setup<Settings>, state: &State, entry: &Trick) -> Result<State, RuleError> {
        let n = setup.players.len();
        check_player_count(n, Self::KIND.players())?;
        let Some(pos) = state.current() else {
            return Err(RuleError::new(format!(
                "The game is over: all {TRICKS} tricks are played."
            )));
        };
        let at = pos.label();
        if state.hands.len() != n {
            return Err(RuleError::new(format!(
                "{at}: the game state has {} hands for {n} players.",
                state.hands.len()
            )));
        }
        if entry.cards.len() != n {
            return Err(RuleError::new(format!(
                "{at}: the trick lists {} cards; the game has {n} players.",
                entry.cards.len()
            )));
        }
        let goals = possible_goals(n);
        if !goals.contains(&entry.goal) {
            return Err(RuleError::new(format!(
                "{at}: no goal card for {n} players says {}; theirs say {}.",
                entry.goal,
                join_numbers(&goals)
            )));
        }
        for (seat, (card, hand)) in entry.cards.iter().zip(&state.hands).enumerate() {
            let name = setup.name(seat);
            if !CARDS.contains(card) {
                return Err(RuleError::for_player(
                    seat,
                    format!("{at}: {name}'s card must be 1 to 6, not {card}."),
                ));
            }
            if let Some(round) = hand.discarded_in(*card) {
                return Err(RuleError::for_player(
                    seat,
                    format!("{at}: {name} discarded the {card} in round {round}; it is out of the game."),
                ));
            }
            if let Some(k) = hand.played.iter().position(|c| c == card) {
                return Err(RuleError::for_player(
                    seat,
                    format!(
                        "{name} played the {card} in trick {} of this round.",
                        k.saturating_add(1)
                    ),
                ));
            }
            if !hand.held.contains(card) {
                return Err(RuleError::for_player(
                    seat,
                    format!("{at}: {name} does not hold the {card}."),
                ));
            }
        }

        let result = judge(
            entry.goal,
            &entry.cards,
            pos.round,
            setup.settings.exact_bonus,
        );
        let mut hands = state.hands.clone();
        let mut discards = Vec::new();
        for (hand, card) in hands.iter_mut().zip(&entry.cards) {
            hand.held.retain(|c| c != card);
            hand.played.push(*card);
            if pos.last_of_round() {
                // The card not played is discarded for the rest of the game.
                for left in std::mem::take(&mut hand.held) {
                    discards.push(left);
                    hand.discards.push(Discard {
                        card: left,
                        round: pos.round,
                    });
                }
                if pos.round < ROUNDS {
                    let out: Vec<u8> = hand.discards.iter().map(|d| d.card).collect();
                    hand.held = CARDS.filter(|c| !out.contains(c)).collect();
                    hand.played.clear();
                }
            }
        }
        let deck_goal = deck_goal(setup, pos.index);
        let mut next = state.clone();
        next.tricks.push(PlayedTrick {
            position: pos,
            goal: entry.goal,
            cards: entry.cards.clone(),
            discards,
            deck_goal,
            result,
        });
        next.hands = hands;
        Ok(next)
    }

    /// A correction of a trick that gives a player a card they played in
    /// another trick of the same round swaps the two cards ([`swaps`]), so
    /// the table fixes two tricks entered the wrong way round in one change;
    /// the whole log is then checked as usual.
    fn correct(
        setup: &Setup<Settings>,
        log: &[Trick],
        index: usize,
        entry: Trick,
    ) -> Result<Vec<Trick>, LogError> {
        let moved = swapped(log, &swaps(log, index, &entry.cards));
        replace_entry::<Self>(setup, &moved, index, entry)
    }

    fn standings(setup: &Setup<Settings>, state: &State) -> Standings {
        let n = setup.players.len();
        let rounds: Vec<usize> = (1..=ROUNDS)
            .filter(|r| state.tricks.iter().any(|t| t.position.round == *r))
            .collect();
        let rows: Vec<Vec<Points>> = rounds
            .iter()
            .map(|r| {
                let mut pts = state.round_points(*r);
                pts.resize(n, 0);
                pts.into_iter().map(|p| Points::new(i64::from(p))).collect()
            })
            .collect();
        let running = running_totals(n, &rows);
        let totals = running
            .last()
            .cloned()
            .unwrap_or_else(|| vec![Points::ZERO; n]);
        let sheet = rounds
            .iter()
            .zip(rows)
            .zip(running)
            .map(|((round, points), totals)| {
                let tricks: Vec<&PlayedTrick> = state
                    .tricks
                    .iter()
                    .filter(|t| t.position.round == *round)
                    .collect();
                let notes = tricks.iter().map(|t| Self::trick_note(setup, t)).collect();
                let details = (0..n)
                    .map(|seat| {
                        let lines: Vec<String> = tricks
                            .iter()
                            .filter_map(|t| {
                                let card = t.cards.get(seat)?;
                                let won = t.result.winners.contains(&seat);
                                Some(if won {
                                    format!(
                                        "Trick {}: {card} · +{}",
                                        t.position.trick, t.result.prize_each
                                    )
                                } else {
                                    format!("Trick {}: {card}", t.position.trick)
                                })
                            })
                            .collect();
                        // The discard went face down: it stays with the
                        // player's hidden cards, not on the sheet.
                        lines
                    })
                    .collect();
                SheetRow {
                    label: format!("Round {round} · {} pts/card", prize(*round)),
                    number: round.to_string(),
                    out: WentOut::NotAsked,
                    entry: None,
                    points,
                    totals,
                    notes,
                    details,
                }
            })
            .collect();
        let mut status = Vec::new();
        let outcome = match state.current() {
            None => {
                let mut outcome = outcome_by_totals(&totals, false);
                if outcome.winners.len() > 1 {
                    let names: Vec<&str> = outcome.winners.iter().map(|s| setup.name(*s)).collect();
                    let best = outcome
                        .winners
                        .first()
                        .and_then(|s| totals.get(*s))
                        .copied()
                        .unwrap_or_default();
                    outcome.notes.push(format!(
                        "{} tie on {best} points and share the win.",
                        join_names(&names)
                    ));
                }
                Some(outcome)
            }
            Some(pos) => {
                status.push(format!(
                    "Round {} of {ROUNDS} · trick {} of {} · {} a winning card",
                    pos.round,
                    pos.trick,
                    pos.tricks_in_round,
                    count(pos.prize(), "point")
                ));
                if let Some(goal) = next_goal(setup, state) {
                    status.push(format!("Next goal: {goal}"));
                }
                if pos.last_of_round() {
                    status.push("Last trick of the round: the card not played is discarded".into());
                }
                None
            }
        };
        Standings {
            totals,
            lower_wins: false,
            sheet,
            status,
            outcome,
        }
    }

    fn help(setup: &Setup<Settings>) -> Vec<HelpLine> {
        let s = &setup.settings;
        let n = setup.players.len();
        let deck = goal_deck(n);
        let goals = possible_goals(n);
        let exact: Vec<u32> = (1..=ROUNDS)
            .map(|r| exact_prize(r, s.exact_bonus))
            .collect();
        let mut lines = vec![
            HelpLine::new(
                "Rounds",
                "5 rounds of 5, 4, 3, 2 and 1 tricks (15 in all), starting with 6, 5, 4, 3 and 2 cards; each winning card scores 2, 3, 4, 5 and 6 points.",
            ),
            HelpLine::new(
                "Winning a trick",
                "Under the goal the highest card wins; over it the lowest card wins; exactly on it the highest card wins the prize plus the exact bonus. Every player who played the winning card scores.",
            ),
            HelpLine::new(
                "Exact bonus",
                match s.exact_bonus {
                    ExactBonus::Double => format!(
                        "Double (chosen for this game): the prize is doubled, {} by round. The rulebook says both \"two points\" (round 1) and \"12 points\" (round 5), which double, and \"one additional point\"; the other variant is +1.",
                        join_numbers(&exact)
                    ),
                    ExactBonus::PlusOne => format!(
                        "+1 (chosen for this game): one extra point, {} by round. The rulebook says both \"one additional point\" and \"two points\" / \"12 points\", which double the prize; the other variant is double.",
                        join_numbers(&exact)
                    ),
                },
            ),
            HelpLine::new(
                "Goal cards",
                match s.goal_source {
                    GoalSource::AppDeck => format!(
                        "The app is the goal deck: the {} cards for {n} players, shuffled, one flipped per trick and reshuffled when used up. The shuffle is drawn when the game starts and saved with it, so every phone shows the same next card.",
                        deck.len()
                    ),
                    GoalSource::Typed => format!(
                        "The table flips the real goal cards (only the {} marked {n}P) and types each goal in; the app accepts only goals printed on those cards.",
                        deck.len()
                    ),
                },
            ),
            HelpLine::new(
                "Goals",
                format!("For {n} players the cards say {}.", join_numbers(&goals)),
            ),
        ];
        if n == 7 {
            lines.push(HelpLine::new(
                "7-player range",
                "The rulebook gives 13 to 37 for 7 players, but no 37 card is listed; the app follows the cards (13 to 33).",
            ));
        }
        lines.push(HelpLine::new(
            "Hands",
            "A card played is out of your hand for the rest of the round and comes back next round. The trick form offers every card, 1 to 6, to every player, so it shows no one's hand; a card already played this round, or discarded, is refused, saying where it went.",
        ));
        lines.push(HelpLine::new(
            "Discards",
            "On a round's last trick each player holds two cards: the one not played is discarded face down for the rest of the game. The app works it out from the card played and shows it only with that player's hidden cards.",
        ));
        lines.push(HelpLine::new(
            "Corrections",
            "Correcting a trick with a card the player played in another trick of the same round swaps the two cards: the other trick gets the card this one had, in the same saved change.",
        ));
        lines.push(HelpLine::new(
            "Winner",
            "Most points after the 15th trick wins; tied players all win.",
        ));
        lines
    }
}

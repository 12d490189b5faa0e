//! The Good and Bad Eggs: who they are, their tie rules, and the tie
//! questions the table must answer.

use super::*;

/// A tie the entry must settle before it can be saved. The UI asks these
/// on the draft (see [`pending_ties`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TieQuestion {
    /// Round 1 Bad Egg tie: ask each of `seats` for the highest card still
    /// in their hand (`Round::highest_cards`).
    BadEggHighestCards {
        /// The tied players holding cards, who must answer.
        seats: Vec<usize>,
        /// Those of them without an answer yet.
        unanswered: Vec<usize>,
        /// The points they tied on.
        points: u32,
    },
    /// The Bad Egg tie is still level: the table picks (`Round::bad_egg_pick`).
    BadEggPick {
        /// The players to pick from.
        seats: Vec<usize>,
        /// The points they tied on.
        points: u32,
    },
    /// The Good Egg tie is level: the table picks (`Round::good_egg_pick`).
    GoodEggPick {
        /// The players to pick from.
        seats: Vec<usize>,
        /// The points they tied on.
        points: u32,
    },
}

pub(super) fn names(setup: &Setup<Settings>, seats: &[usize]) -> String {
    let names: Vec<&str> = seats.iter().map(|s| setup.name(*s)).collect();
    crate::rules::join_names(&names)
}

impl TieQuestion {
    /// The players the question is about.
    pub fn seats(&self) -> &[usize] {
        match self {
            TieQuestion::BadEggHighestCards { seats, .. }
            | TieQuestion::BadEggPick { seats, .. }
            | TieQuestion::GoodEggPick { seats, .. } => seats,
        }
    }

    /// The question, as the UI shows it.
    pub fn text(&self, setup: &Setup<Settings>) -> String {
        match self {
            TieQuestion::BadEggHighestCards { seats, points, .. } => format!(
                "Bad Egg tie: {} scored {points} each. In round 1 the one holding the highest card is Bad Egg: what is the highest card each of them still holds?",
                names(setup, seats)
            ),
            TieQuestion::BadEggPick { seats, points } => format!(
                "Bad Egg tie: {} scored {points} each and the tie rules leave them level. Who does the table pick as Bad Egg?",
                names(setup, seats)
            ),
            TieQuestion::GoodEggPick { seats, points } => format!(
                "Good Egg tie: {} scored {points} each and none of them went out. Who does the table pick as Good Egg?",
                names(setup, seats)
            ),
        }
    }

    /// What the question settles: "Bad Egg tie" or "Good Egg tie".
    pub fn title(&self) -> &'static str {
        match self {
            TieQuestion::BadEggHighestCards { .. } | TieQuestion::BadEggPick { .. } => {
                "Bad Egg tie"
            }
            TieQuestion::GoodEggPick { .. } => "Good Egg tie",
        }
    }

    /// Whether `other` is the same question (same kind; its players and
    /// what is still unanswered may differ).
    pub fn same_kind(&self, other: &TieQuestion) -> bool {
        std::mem::discriminant(self) == std::mem::discriminant(other)
    }

    /// What is still missing, as the form says beside the question when a
    /// Save is refused for it ("Not answered yet: ...").
    pub fn missing(&self, setup: &Setup<Settings>) -> String {
        match self {
            TieQuestion::BadEggHighestCards {
                seats, unanswered, ..
            } => {
                let who = if unanswered.is_empty() {
                    seats
                } else {
                    unanswered
                };
                format!(
                    "Not answered yet: the highest card of {}.",
                    names(setup, who)
                )
            }
            TieQuestion::BadEggPick { .. } => {
                "Not answered yet: tap the player the table picks as Bad Egg.".to_string()
            }
            TieQuestion::GoodEggPick { .. } => {
                "Not answered yet: tap the player the table picks as Good Egg.".to_string()
            }
        }
    }

    /// The question as the error `apply` refuses with (beside the first
    /// unanswered player's card field, for the highest-card question).
    pub fn to_error(&self, setup: &Setup<Settings>) -> RuleError {
        match self {
            TieQuestion::BadEggHighestCards { unanswered, .. } => match unanswered.first() {
                Some(seat) => RuleError::for_player(*seat, self.text(setup)),
                None => RuleError::new(self.text(setup)),
            },
            _ => RuleError::new(self.text(setup)),
        }
    }
}

pub(super) fn decide_eggs(
    state: &State,
    round: &Round,
    score: &RoundScores,
) -> Result<(EggPick, EggPick), Vec<TieQuestion>> {
    let n = score.points.len();
    let all: Vec<usize> = (0..n).collect();
    let pts = |s: usize| score.points.get(s).copied().unwrap_or(0);
    let mut questions = Vec::new();
    // Good Egg first: with everyone level, the winner is Good Egg and the
    // Bad Egg comes from the others.
    let good = good_egg(round, score, &mut questions);
    let most = best_seats(&all, pts, true);
    let tied_points = most.first().map(|s| pts(*s)).unwrap_or(0);
    let mut candidates = most.clone();
    let mut only_other = false;
    if let Some(g) = good {
        if candidates.len() > 1 && candidates.contains(&g.seat) {
            candidates.retain(|s| *s != g.seat);
            only_other = candidates.len() == 1;
        }
    }
    // In the round that ends the game nobody deals again: a Bad Egg tie is
    // not asked about.
    let ends = score.totals.iter().any(|t| *t >= END_SCORE) || state.rounds.len() + 1 >= MAX_ROUNDS;
    let bad = match candidates.as_slice() {
        [] => None,
        [first, _, ..] if ends => Some(EggPick {
            seat: *first,
            by: EggReason::NotNeeded,
        }),
        [one] => Some(EggPick {
            seat: *one,
            by: if only_other {
                EggReason::OnlyOther
            } else {
                EggReason::Outright
            },
        }),
        tied if state.rounds.is_empty() => {
            round_1_bad_egg(round, tied, tied_points, &mut questions)
        }
        tied => {
            let total = |s: usize| score.totals.get(s).copied().unwrap_or(0);
            let top = best_seats(tied, total, true);
            match top.as_slice() {
                [one] => Some(EggPick {
                    seat: *one,
                    by: EggReason::HighestTotal,
                }),
                _ => table_pick(round, top, tied_points, &mut questions),
            }
        }
    };
    match (good, bad) {
        (Some(good), Some(bad)) if questions.is_empty() => Ok((bad, good)),
        _ => Err(questions),
    }
}

/// The Good Egg: fewest points; a tie goes to the player who went out, else
/// to the table's pick (asked for when missing).
fn good_egg(
    round: &Round,
    score: &RoundScores,
    questions: &mut Vec<TieQuestion>,
) -> Option<EggPick> {
    let all: Vec<usize> = (0..score.points.len()).collect();
    let pts = |s: usize| score.points.get(s).copied().unwrap_or(0);
    let fewest = best_seats(&all, pts, false);
    match fewest.as_slice() {
        [one] => Some(EggPick {
            seat: *one,
            by: EggReason::Outright,
        }),
        tied if tied.contains(&score.out) => Some(EggPick {
            seat: score.out,
            by: EggReason::WentOut,
        }),
        tied => match round.good_egg_pick.filter(|p| tied.contains(p)) {
            Some(p) => Some(EggPick {
                seat: p,
                by: EggReason::TablePick,
            }),
            None => {
                questions.push(TieQuestion::GoodEggPick {
                    seats: tied.to_vec(),
                    points: tied.first().map(|s| pts(*s)).unwrap_or(0),
                });
                None
            }
        },
    }
}

/// The table's Bad Egg pick among `top` (asked for when missing).
fn table_pick(
    round: &Round,
    top: Vec<usize>,
    points: u32,
    questions: &mut Vec<TieQuestion>,
) -> Option<EggPick> {
    match round.bad_egg_pick.filter(|p| top.contains(p)) {
        Some(p) => Some(EggPick {
            seat: p,
            by: EggReason::TablePick,
        }),
        None => {
            questions.push(TieQuestion::BadEggPick { seats: top, points });
            None
        }
    }
}

/// A round 1 Bad Egg tie: the tied player holding the highest card (asked
/// for when missing). A player with no cards holds nothing, so loses it.
fn round_1_bad_egg(
    round: &Round,
    tied: &[usize],
    points: u32,
    questions: &mut Vec<TieQuestion>,
) -> Option<EggPick> {
    let left = |s: &usize| round.cards_left.get(*s).copied().unwrap_or(0);
    let holders: Vec<usize> = tied.iter().copied().filter(|s| left(s) > 0).collect();
    let card = |s: &usize| round.highest_cards.get(*s).copied().flatten();
    match holders.as_slice() {
        [] => table_pick(round, tied.to_vec(), points, questions),
        [one] => Some(EggPick {
            seat: *one,
            by: EggReason::HighestCard(card(one)),
        }),
        _ => {
            let unanswered: Vec<usize> = holders
                .iter()
                .copied()
                .filter(|s| card(s).is_none())
                .collect();
            if !unanswered.is_empty() {
                questions.push(TieQuestion::BadEggHighestCards {
                    seats: holders.clone(),
                    unanswered,
                    points,
                });
                return None;
            }
            let best = holders.iter().filter_map(card).max();
            let top: Vec<usize> = holders
                .iter()
                .copied()
                .filter(|s| card(s) == best)
                .collect();
            match top.as_slice() {
                [one] => Some(EggPick {
                    seat: *one,
                    by: EggReason::HighestCard(best),
                }),
                _ => table_pick(round, top, points, questions),
            }
        }
    }
}

/// The tie questions a draft round still needs answered before it can be
/// saved (empty when none), or why the draft is refused for another reason.
/// Answers already in the draft are used, so after the highest cards are
/// given a "table picks" question may follow.
pub fn pending_ties(
    setup: &Setup<Settings>,
    state: &State,
    round: &Round,
) -> Result<Vec<TieQuestion>, RuleError> {
    let score = score_round(setup, state, round)?;
    Ok(match decide_eggs(state, round, &score) {
        Ok(_) => Vec::new(),
        Err(questions) => questions,
    })
}

/// The table's answers to the tie questions, as a round form holds them
/// (answers to questions that do not apply are ignored).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TieAnswers {
    /// Round 1 Bad Egg tie: each tied player's highest card, by seat.
    pub highest: Vec<Option<Card>>,
    /// The table's Bad Egg pick.
    pub bad_pick: Option<usize>,
    /// The table's Good Egg pick.
    pub good_pick: Option<usize>,
}

/// The tie questions to show for `base` (a round without tie answers) and
/// the round with those of `answers` that apply. Answering the highest
/// cards can leave a "table picks" question, so the questions are asked
/// again with the answers given, until none is new (each kind once).
pub fn settle_ties(
    setup: &Setup<Settings>,
    state: &State,
    base: &Round,
    answers: &TieAnswers,
) -> Result<(Vec<TieQuestion>, Round), RuleError> {
    let n = setup.players.len();
    let mut r = base.clone();
    let mut shown: Vec<TieQuestion> = Vec::new();
    for _ in 0..3 {
        let mut changed = false;
        for q in pending_ties(setup, state, &r)? {
            if shown.iter().any(|s| s.same_kind(&q)) {
                continue;
            }
            match &q {
                TieQuestion::BadEggHighestCards { seats, .. } => {
                    r.highest_cards = (0..n)
                        .map(|s| {
                            seats
                                .contains(&s)
                                .then(|| answers.highest.get(s).copied().flatten())
                                .flatten()
                        })
                        .collect();
                }
                TieQuestion::BadEggPick { seats, .. } => {
                    r.bad_egg_pick = answers.bad_pick.filter(|p| seats.contains(p));
                }
                TieQuestion::GoodEggPick { seats, .. } => {
                    r.good_egg_pick = answers.good_pick.filter(|p| seats.contains(p));
                }
            }
            shown.push(q);
            changed = true;
        }
        if !changed {
            break;
        }
    }
    if r.highest_cards.iter().all(Option::is_none) {
        r.highest_cards.clear();
    }
    Ok((shown, r))
}

/// The tie questions [`settle_ties`] shows for `base` that the table's
/// `answers` leave unanswered (each with what is still missing): Save is
/// refused while any is. Every one of them is among the questions shown.
pub fn open_ties(
    setup: &Setup<Settings>,
    state: &State,
    base: &Round,
    answers: &TieAnswers,
) -> Result<Vec<TieQuestion>, RuleError> {
    let (_, r) = settle_ties(setup, state, base, answers)?;
    pending_ties(setup, state, &r)
}

/// The round to save: `base` with the tie answers that apply, or the first
/// tie question still unanswered (as a refusal naming it and what it
/// misses; the form shows the question itself).
pub fn round_with_answers(
    setup: &Setup<Settings>,
    state: &State,
    base: &Round,
    answers: &TieAnswers,
) -> Result<Round, RuleError> {
    let (_, r) = settle_ties(setup, state, base, answers)?;
    match pending_ties(setup, state, &r)?.first() {
        Some(q) => Err(RuleError::new(format!(
            "Answer the tie question first ({}). {}",
            q.title(),
            q.missing(setup)
        ))),
        None => Ok(r),
    }
}

/// The cards of `deck` a picker must not offer: those of which every copy
/// is already taken by `others` (seat, card), each with the seats holding
/// it.
pub fn cards_taken(deck: &[Card], others: &[(usize, Card)]) -> Vec<(Card, Vec<usize>)> {
    distinct_cards(deck)
        .into_iter()
        .filter_map(|c| {
            let holders: Vec<usize> = others
                .iter()
                .filter(|(_, t)| *t == c)
                .map(|(s, _)| *s)
                .collect();
            (!holders.is_empty() && holders.len() >= copies_in(deck, c)).then_some((c, holders))
        })
        .collect()
}

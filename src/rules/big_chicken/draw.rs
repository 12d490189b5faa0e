//! The card-draw tie-breaker: the Golden Egg draw and the standalone
//! helpers (draw order, judging, a virtual draw).

use super::*;

/// Where a card draw stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DrawVerdict {
    /// This player drew the single highest card.
    Winner(usize),
    /// These players (in draw order) draw (again) next.
    DrawNext(Vec<usize>),
}

/// A card draw judged so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DrawReport {
    /// Each draw round: who drew which card, in draw order.
    pub rounds: Vec<Vec<(usize, Card)>>,
    /// For each draw round, whether the whole deck was gathered and
    /// reshuffled before it (the rest was too small for the players).
    pub reshuffled: Vec<bool>,
    /// Who won, or who draws next.
    pub verdict: DrawVerdict,
}

/// `tied` in clockwise order (increasing seat, wrapping) starting with
/// `start`, or with the first of them after `start` if `start` is not
/// among them. Seats out of range and repeats are dropped.
pub fn draw_order(players: usize, start: usize, tied: &[usize]) -> Vec<usize> {
    if players == 0 {
        return Vec::new();
    }
    let start = start % players;
    let mut order: Vec<usize> = tied.iter().copied().filter(|s| *s < players).collect();
    order.sort_by_key(|s| (s + players - start) % players);
    order.dedup();
    order
}

/// Checks the players of a draw: at least one, no repeats.
pub(super) fn check_draw_players(deck: &[Card], players: &[usize]) -> Result<(), RuleError> {
    if players.is_empty() {
        return Err(RuleError::new("Nobody is drawing."));
    }
    for (i, p) in players.iter().enumerate() {
        if players.iter().take(i).any(|q| q == p) {
            return Err(RuleError::for_player(
                *p,
                "A player is listed twice for the draw.",
            ));
        }
    }
    if deck.len() < players.len() {
        return Err(RuleError::new(format!(
            "The deck has {} cards, too few for {} players to draw.",
            deck.len(),
            players.len()
        )));
    }
    Ok(())
}

/// Indexes (into `cards`) of the single highest card, or of all who drew an
/// equal highest card (Ducks only tie with Ducks, and lose to everything).
pub(super) fn highest_indexes(cards: &[Card]) -> Vec<usize> {
    let best = cards.iter().max();
    cards
        .iter()
        .enumerate()
        .filter(|(_, c)| Some(*c) == best)
        .map(|(i, _)| i)
        .collect()
}

/// Judges real (or recorded) draws: `players` in draw order, `draws[k]` the
/// cards of draw round `k`, one per player still drawing, in order. Players
/// who drew the single highest card win; players level on the highest card
/// draw again from the rest of the same deck. Refuses a card not in `deck`,
/// a card drawn more often than the deck holds it, a wrong number of cards,
/// or cards after the draw was decided. Before a draw round, if the rest of
/// the deck holds fewer cards than players drawing, the whole deck is
/// gathered and reshuffled.
pub fn judge_draws(
    deck: &[Card],
    players: &[usize],
    draws: &[Vec<Card>],
) -> Result<DrawReport, RuleError> {
    check_draw_players(deck, players)?;
    let mut drawing: Vec<usize> = players.to_vec();
    let mut used: Vec<Card> = Vec::new();
    let mut report = DrawReport {
        rounds: Vec::new(),
        reshuffled: Vec::new(),
        verdict: DrawVerdict::DrawNext(drawing.clone()),
    };
    if let [one] = drawing.as_slice() {
        report.verdict = DrawVerdict::Winner(*one);
    }
    for (k, cards) in draws.iter().enumerate() {
        if let DrawVerdict::Winner(_) = report.verdict {
            return Err(RuleError::new(format!(
                "Draw {}: the draw was already decided, so no more cards are drawn.",
                k + 1
            )));
        }
        if cards.len() != drawing.len() {
            return Err(RuleError::new(format!(
                "Draw {}: {} draw, but the draw lists {}.",
                k + 1,
                count(drawing.len(), "player"),
                count(cards.len(), "card")
            )));
        }
        let reshuffle = deck.len().saturating_sub(used.len()) < drawing.len();
        if reshuffle {
            used.clear();
        }
        for (player, card) in drawing.iter().zip(cards) {
            let copies = copies_in(deck, *card);
            if copies == 0 {
                return Err(RuleError::for_player(
                    *player,
                    format!("There is no {card} in this deck."),
                ));
            }
            used.push(*card);
            if copies_in(&used, *card) > copies {
                return Err(RuleError::for_player(
                    *player,
                    format!(
                        "The deck has {} of the {card}, and it has been drawn more often than that.",
                        copies_word(copies)
                    ),
                ));
            }
        }
        let top = highest_indexes(cards);
        report
            .rounds
            .push(drawing.iter().copied().zip(cards.iter().copied()).collect());
        report.reshuffled.push(reshuffle);
        drawing = top
            .iter()
            .filter_map(|i| drawing.get(*i))
            .copied()
            .collect();
        report.verdict = match drawing.as_slice() {
            [one] => DrawVerdict::Winner(*one),
            _ => DrawVerdict::DrawNext(drawing.clone()),
        };
    }
    Ok(report)
}

/// Deals a virtual card draw: `deck` shuffled with `rng`, one card from
/// the top for each player in
/// `players` order, again for those level on the highest card, until one
/// player has the single highest card. Returns the cards of each draw round
/// (as [`judge_draws`] and [`CardDraw::draws`] take them). When the rest of
/// the deck is too small for the players drawing, the whole deck is
/// reshuffled (with the same generator). A single player wins without a
/// draw. Refuses no players, repeats, a deck smaller than the players, or a
/// draw still level after [`MAX_DRAW_ROUNDS`] rounds.
pub fn virtual_draw<G: Rng + ?Sized>(
    deck: &[Card],
    players: &[usize],
    rng: &mut G,
) -> Result<Vec<Vec<Card>>, RuleError> {
    check_draw_players(deck, players)?;
    let mut pile = deck.to_vec();
    pile.shuffle(rng);
    let mut next = 0usize;
    let mut drawing = players.len();
    let mut draws = Vec::new();
    if drawing <= 1 {
        return Ok(draws);
    }
    for _ in 0..MAX_DRAW_ROUNDS {
        if pile.len().saturating_sub(next) < drawing {
            pile = deck.to_vec();
            pile.shuffle(rng);
            next = 0;
        }
        let cards: Vec<Card> = pile.iter().skip(next).take(drawing).copied().collect();
        next = next.saturating_add(drawing);
        let top = highest_indexes(&cards).len();
        draws.push(cards);
        if top <= 1 {
            return Ok(draws);
        }
        drawing = top;
    }
    Err(RuleError::new(
        "The draw is still level after many rounds: this deck cannot settle it.",
    ))
}

/// The tied players for the Golden Egg in draw order (starting with the
/// last Good Egg, or the first tied player after them, going clockwise),
/// while the game is over, the lowest total is shared and the card draw is
/// not recorded yet; otherwise `None`.
pub fn golden_tie(setup: &Setup<Settings>, state: &State) -> Option<Vec<usize>> {
    if state.golden_draw.is_some() {
        return None;
    }
    golden_tie_players(setup, state)
}

/// The Golden Egg card draw the table must make, in the words the status
/// line and the draw panel use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GoldenDrawGuide {
    /// The tied players in draw order.
    pub players: Vec<usize>,
    /// The one-line status: who ties and who draws first.
    pub status: String,
    /// The panel's instructions: the deck, the order, how the draw is won.
    pub intro: String,
}

/// The guide to the Golden Egg card draw, while one is waiting.
pub fn golden_draw_guide(setup: &Setup<Settings>, state: &State) -> Option<GoldenDrawGuide> {
    let players = golden_tie(setup, state)?;
    let first = players.first().copied().unwrap_or(0);
    let why = if Some(first) == state.good_egg() {
        "the last Good Egg"
    } else {
        "the first tied player after the last Good Egg"
    };
    let points = state.totals().get(first).copied().unwrap_or(0);
    let tied = names(setup, &players);
    let order: Vec<&str> = players.iter().map(|s| setup.name(*s)).collect();
    let deck_size = deck(setup.players.len()).len();
    Some(GoldenDrawGuide {
        status: format!(
            "Golden Egg tie between {tied}: draw cards to break it, starting with {} ({why}) and going clockwise.",
            setup.name(first)
        ),
        intro: format!(
            "{tied} tie for the Golden Egg with {}. Shuffle this game's full {deck_size}-card deck; each draws one card, starting with {} ({why}) and going clockwise: {}. The highest card in the Pecking Order wins; a Duck loses to every card.",
            count(points, "point"),
            setup.name(first),
            order.join(", ")
        ),
        players,
    })
}

/// The Golden Egg tie, in draw order, recorded or not.
pub(super) fn golden_tie_players(setup: &Setup<Settings>, state: &State) -> Option<Vec<usize>> {
    if !state.is_over() {
        return None;
    }
    let n = setup.players.len();
    let totals = state.totals();
    let all: Vec<usize> = (0..n.min(totals.len())).collect();
    let tied = best_seats(&all, |s| totals.get(s).copied().unwrap_or(0), false);
    if tied.len() < 2 {
        return None;
    }
    let start = state.good_egg().unwrap_or(0);
    Some(draw_order(n, start, &tied))
}

impl BigChicken {
    pub(super) fn apply_draw(
        setup: &Setup<Settings>,
        state: &State,
        draw: &CardDraw,
    ) -> Result<State, RuleError> {
        if !state.is_over() {
            return Err(RuleError::new(
                "The card draw for the Golden Egg comes after the game's last round.",
            ));
        }
        if state.golden_draw.is_some() {
            return Err(RuleError::new(
                "The Golden Egg tie is already broken; edit that draw instead.",
            ));
        }
        let Some(tied) = golden_tie(setup, state) else {
            return Err(RuleError::new("There is no Golden Egg tie to break."));
        };
        let mut listed = draw.players.clone();
        listed.sort_unstable();
        let mut expected = tied.clone();
        expected.sort_unstable();
        if listed != expected {
            return Err(RuleError::new(format!(
                "The Golden Egg tie is between {}, so they are the ones who draw.",
                names(setup, &tied)
            )));
        }
        let report = judge_draws(&deck(setup.players.len()), &draw.players, &draw.draws)?;
        let winner = match report.verdict {
            DrawVerdict::Winner(w) => w,
            DrawVerdict::DrawNext(level) => {
                return Err(RuleError::new(format!(
                    "The draw is not finished: {} must draw (again).",
                    names(setup, &level)
                )))
            }
        };
        let mut next = state.clone();
        next.golden_draw = Some(GoldenDraw {
            entry: state.entries,
            players: draw.players.clone(),
            draws: draw.draws.clone(),
            winner,
            app_dealt: draw.app_dealt,
        });
        Ok(next)
    }
}

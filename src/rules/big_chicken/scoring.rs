//! A round's scores: card scores with the player-count multipliers, the
//! penalties, and the checks a round must pass.

use super::*;

/// One row of the CARD SCORE table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScoreBand {
    /// Points per card left.
    pub multiplier: u32,
    /// The fewest cards in this row.
    pub from: u32,
    /// The most cards in this row, as printed (the last row also covers any
    /// larger hand).
    pub to: u32,
}

/// The printed tops of the ×1, ×2 and ×3 rows, and the last row's top.
pub(super) fn band_tops(players: usize) -> Option<[u32; 4]> {
    match players {
        3 => Some([5, 10, 15, 16]),
        2 | 4 | 5 => Some([4, 9, 14, 16]),
        6 => Some([3, 7, 11, 14]),
        _ => None,
    }
}

/// The CARD SCORE table for `players` (2 players use the "2, 4 or 5"
/// column), or an empty list outside 2 to 6 players.
pub fn score_bands(players: usize) -> Vec<ScoreBand> {
    let Some(tops) = band_tops(players) else {
        return Vec::new();
    };
    let mut from = 1;
    tops.iter()
        .zip(1..)
        .map(|(to, multiplier)| {
            let band = ScoreBand {
                multiplier,
                from,
                to: *to,
            };
            from = to.saturating_add(1);
            band
        })
        .collect()
}

/// The multiplier for `cards` left with `players` (a hand above the table
/// uses ×4; 0 cards counts as the ×1 row), or `None` outside 2 to 6 players.
pub fn multiplier(players: usize, cards: u32) -> Option<u32> {
    let tops = band_tops(players)?;
    let m = tops
        .iter()
        .take(3)
        .position(|top| cards <= *top)
        .unwrap_or(3);
    Some(m as u32 + 1)
}

/// The card score for `cards` left with `players`: cards × multiplier, or
/// `None` outside 2 to 6 players.
pub fn card_score(players: usize, cards: u32) -> Option<u32> {
    multiplier(players, cards).map(|m| cards.saturating_mul(m))
}

/// A round's scores, by seat: what saving it records ([`ScoredRound`]
/// holds one) and what the entry form previews ([`preview_round`]). The
/// Good and Bad Eggs are decided from these.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RoundScores {
    /// The player who went out.
    pub out: usize,
    /// The multiplier for each player's cards left, by seat.
    pub multipliers: Vec<u32>,
    /// Cards left × multiplier, by seat.
    pub card_scores: Vec<u32>,
    /// The penalties, by seat.
    pub penalties: Vec<Vec<Penalty>>,
    /// Round points (card score + penalties), by seat.
    pub points: Vec<u32>,
    /// Running totals after the round, by seat.
    pub totals: Vec<u32>,
    /// The assisting player, when the Penalty for Assistance applies.
    pub assistant: Option<usize>,
}

/// Checks a round (all but its tie answers) and scores it.
pub(super) fn score_round(
    setup: &Setup<Settings>,
    state: &State,
    round: &Round,
) -> Result<RoundScores, RuleError> {
    let n = setup.players.len();
    let out = check_result(setup, state, round)?;
    check_cards_left(setup, round, out)?;
    check_extras(setup, state, round)?;
    // Card scores.
    let multipliers: Vec<u32> = round
        .cards_left
        .iter()
        .map(|c| multiplier(n, *c).unwrap_or(1))
        .collect();
    let card_scores: Vec<u32> = round
        .cards_left
        .iter()
        .zip(&multipliers)
        .map(|(c, m)| c.saturating_mul(*m))
        .collect();

    let (penalties, assistant) = penalties_of(round, n, out, &card_scores);

    let points: Vec<u32> = card_scores
        .iter()
        .zip(&penalties)
        .map(|(score, list)| {
            list.iter()
                .fold(*score, |acc, p| acc.saturating_add(p.points()))
        })
        .collect();
    let before = state.totals();
    let totals: Vec<u32> = points
        .iter()
        .enumerate()
        .map(|(seat, p)| before.get(seat).copied().unwrap_or(0).saturating_add(*p))
        .collect();
    Ok(RoundScores {
        out,
        multipliers,
        card_scores,
        penalties,
        points,
        totals,
        assistant,
    })
}

/// Refuses a round that cannot be entered now (the game is over), or whose
/// winner is missing or wrong; the winner's seat otherwise.
fn check_result(setup: &Setup<Settings>, state: &State, round: &Round) -> Result<usize, RuleError> {
    let n = setup.players.len();
    check_player_count(n, BigChicken::KIND.players())?;
    if let Some(end) = state.end() {
        return Err(RuleError::new(match end {
            GameEnd::Reached100 => {
                "The game is over: someone reached 100 points. Undo or edit a round to play on."
            }
            GameEnd::TenRounds => {
                "The game is over after 10 rounds. Undo or edit a round to play on."
            }
        }));
    }
    if round.cards_left.len() != n {
        return Err(RuleError::new(format!(
            "The round lists {} players; the game has {n}.",
            round.cards_left.len()
        )));
    }
    let Some(out) = round.out else {
        return Err(RuleError::new(
            "Nobody went out: pick the player who went out (the round ends when someone does).",
        ));
    };
    if out >= n {
        return Err(RuleError::new(
            "The player who went out is not in this game.",
        ));
    }
    let winner = setup.name(out);
    let winner_left = round.cards_left.get(out).copied().unwrap_or(0);
    if winner_left != 0 {
        return Err(RuleError::for_player(
            out,
            format!("{winner} went out, so {winner} has 0 cards left, not {winner_left}."),
        ));
    }
    for (seat, left) in round.cards_left.iter().enumerate() {
        if seat != out && *left == 0 {
            let name = setup.name(seat);
            return Err(RuleError::for_player(
                seat,
                format!(
                    "Only one player goes out: {winner} did, so {name} still holds at least one card. Enter {name}'s cards left."
                ),
            ));
        }
    }
    Ok(out)
}

/// Refuses cards left that no deal can leave: more than a hand can hold,
/// or more than the deck in all (the winner's last lay is on the table).
fn check_cards_left(setup: &Setup<Settings>, round: &Round, out: usize) -> Result<(), RuleError> {
    let n = setup.players.len();
    let winner = setup.name(out);
    let deck_size = deck_setup(n).map(|d| d.deck_size).unwrap_or(0) as u32;
    // The winner's last lay is on the table, so the hands hold less than
    // the whole deck.
    let on_table = match round.last_lay {
        LastLay::Single => 1,
        LastLay::Several => 2,
    };
    let most = deck_size.saturating_sub(on_table);
    for (seat, left) in round.cards_left.iter().enumerate() {
        if *left > most {
            return Err(RuleError::for_player(
                seat,
                format!(
                    "{left} cards is more than {} can hold: the deck has {deck_size} cards and {winner}'s last lay is on the table.",
                    setup.name(seat)
                ),
            ));
        }
    }
    let sum = round
        .cards_left
        .iter()
        .fold(0u32, |acc, c| acc.saturating_add(*c));
    if sum > most {
        return Err(RuleError::new(format!(
            "Together the hands hold {sum} cards, but the deck has only {deck_size} and {winner}'s last lay is on the table."
        )));
    }
    Ok(())
}

/// Refuses Crowing, Assistance, challenges and tie answers the round
/// cannot have.
fn check_extras(setup: &Setup<Settings>, state: &State, round: &Round) -> Result<(), RuleError> {
    let n = setup.players.len();
    let number = state.round_number();
    let winner = round.out.map(|o| setup.name(o)).unwrap_or("?");
    if let Some(crower) = round.crowed {
        if number == 1 {
            return Err(RuleError::new(
                "Nobody Crows in round 1: the holder of Big Red leads it.",
            ));
        }
        if crower >= n {
            return Err(RuleError::new("The player who Crowed is not in this game."));
        }
    }
    if round.assisted && round.last_lay == LastLay::Several {
        return Err(RuleError::new(format!(
            "The Penalty for Assistance only applies when the winner goes out with a single card; {winner} laid several."
        )));
    }
    if !round.challenges.is_empty() && !setup.settings.tournament {
        return Err(RuleError::new(
            "Challenges belong to the Advanced / Tournament rule, which is off for this game.",
        ));
    }
    if round.challenges.iter().any(|c| c.seat >= n) {
        return Err(RuleError::new(
            "A challenge names a player who is not in this game.",
        ));
    }
    check_highest_cards(setup, round)?;
    if round.bad_egg_pick.is_some_and(|p| p >= n) {
        return Err(RuleError::new("The Bad Egg picked is not in this game."));
    }
    if round.good_egg_pick.is_some_and(|p| p >= n) {
        return Err(RuleError::new("The Good Egg picked is not in this game."));
    }
    Ok(())
}

/// The penalties of a round, by seat (never multiplied), and the player
/// who took the Penalty for Assistance.
fn penalties_of(
    round: &Round,
    n: usize,
    out: usize,
    card_scores: &[u32],
) -> (Vec<Vec<Penalty>>, Option<usize>) {
    let mut penalties: Vec<Vec<Penalty>> = vec![Vec::new(); n];

    if let Some(crower) = round.crowed {
        if crower == out {
            for (seat, list) in penalties.iter_mut().enumerate() {
                if seat != out {
                    list.push(Penalty::Crowing);
                }
            }
        } else if let Some(list) = penalties.get_mut(crower) {
            list.push(Penalty::EatingCrow);
        }
    }
    if round.last_lay == LastLay::Several {
        for (seat, list) in penalties.iter_mut().enumerate() {
            if seat != out {
                list.push(Penalty::Egging);
            }
        }
    }
    let assistant = if round.assisted {
        round.assisting_player(n)
    } else {
        None
    };
    if let Some(helper) = assistant {
        let others = card_scores
            .iter()
            .enumerate()
            .filter(|(seat, _)| *seat != out && *seat != helper)
            .fold(0u32, |acc, (_, s)| acc.saturating_add(*s));
        if let Some(list) = penalties.get_mut(helper) {
            list.push(Penalty::Assistance(others));
        }
    }
    for c in &round.challenges {
        if let Some(list) = penalties.get_mut(c.seat) {
            list.push(Penalty::Challenge(c.side));
        }
    }
    (penalties, assistant)
}

/// Refuses highest cards that are not in the deck, or more copies of a card
/// than the deck holds.
pub(super) fn check_highest_cards(setup: &Setup<Settings>, round: &Round) -> Result<(), RuleError> {
    let n = setup.players.len();
    if round.highest_cards.len() > n {
        return Err(RuleError::new(format!(
            "The highest cards list {} players; the game has {n}.",
            round.highest_cards.len()
        )));
    }
    let cards = deck(n);
    let mut seen: Vec<Card> = Vec::new();
    for (seat, card) in round.highest_cards.iter().enumerate() {
        let Some(card) = card else { continue };
        let copies = copies_in(&cards, *card);
        if copies == 0 {
            return Err(RuleError::for_player(
                seat,
                format!(
                    "There is no {card} in the {}-card deck for {n} players.",
                    cards.len()
                ),
            ));
        }
        seen.push(*card);
        if copies_in(&seen, *card) > copies {
            return Err(RuleError::for_player(
                seat,
                format!(
                    "The deck has {} of the {card}, and more players than that are said to hold it.",
                    copies_word(copies)
                ),
            ));
        }
    }
    Ok(())
}

pub(super) fn copies_word(copies: usize) -> String {
    match copies {
        1 => "one copy".to_string(),
        n => format!("{n} copies"),
    }
}

/// Seats whose value is the best in `values` by `better`.
pub(super) fn best_seats(
    seats: &[usize],
    value: impl Fn(usize) -> u32,
    highest: bool,
) -> Vec<usize> {
    let values = seats.iter().map(|s| value(*s));
    let best = if highest { values.max() } else { values.min() };
    match best {
        Some(best) => seats
            .iter()
            .copied()
            .filter(|s| value(*s) == best)
            .collect(),
        None => Vec::new(),
    }
}

/// Decides the Good and Bad Eggs, or lists the questions still open.
/// The scores a draft round would get, or why it would be refused (tie
/// questions aside: they change who the Eggs are, never the points).
pub fn preview_round(
    setup: &Setup<Settings>,
    state: &State,
    round: &Round,
) -> Result<RoundScores, RuleError> {
    score_round(setup, state, round)
}

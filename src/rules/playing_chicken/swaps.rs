//! Corrections that swap a player's cards between two tricks of one round.

use super::*;

/// player's new card was played in that other trick, so the two tricks
/// swap that player's cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Swap {
    /// The player whose two cards swap.
    pub seat: usize,
    /// The other trick (0-based across the game).
    pub index: usize,
    /// The card the other trick had, now played in the corrected trick.
    pub card: u8,
    /// The card the other trick gets: the one the corrected trick had.
    pub gets: u8,
}

impl Swap {
    /// What saving the correction does, beside the player's field ("Ann
    /// played the 5 in trick 2 of this round: saving swaps the cards, so
    /// trick 2 gets the 3.").
    pub fn note(&self, name: &str) -> String {
        let trick = position(self.index).map_or(0, |p| p.trick);
        format!(
            "{name} played the {} in trick {trick} of this round: saving swaps the cards, so trick {trick} gets the {}.",
            self.card, self.gets
        )
    }
}

/// What correcting player `seat`'s card in trick `index` of `log` to
/// `card` carries into another trick: if they played `card` in another
/// trick of the same round, that trick gets the card trick `index` had
/// (the two swap). `None` when the card is unchanged, was not played
/// elsewhere in the round, or `index` is not a trick of the log.
pub fn swap_for(log: &[Trick], index: usize, seat: usize, card: u8) -> Option<Swap> {
    let pos = position(index)?;
    let had = *log.get(index)?.cards.get(seat)?;
    if had == card {
        return None;
    }
    let first = index.saturating_sub(pos.trick.saturating_sub(1));
    let round = first..first.saturating_add(pos.tricks_in_round);
    round
        .filter(|j| *j != index)
        .find(|j| {
            log.get(*j)
                .and_then(|t| t.cards.get(seat))
                .is_some_and(|c| *c == card)
        })
        .map(|j| Swap {
            seat,
            index: j,
            card,
            gets: had,
        })
}

/// The swaps correcting trick `index` of `log` to `cards` carries into the
/// other tricks of its round, one per player whose card moves.
pub fn swaps(log: &[Trick], index: usize, cards: &[u8]) -> Vec<Swap> {
    cards
        .iter()
        .enumerate()
        .filter_map(|(seat, card)| swap_for(log, index, seat, *card))
        .collect()
}

/// `log` with `swaps` made: each swap's trick gets its new card.
pub fn swapped(log: &[Trick], swaps: &[Swap]) -> Vec<Trick> {
    let mut next = log.to_vec();
    for s in swaps {
        if let Some(slot) = next.get_mut(s.index).and_then(|t| t.cards.get_mut(s.seat)) {
            *slot = s.gets;
        }
    }
    next
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(goal: u32, cards: &[u8]) -> Trick {
        Trick {
            goal,
            cards: cards.to_vec(),
        }
    }

    #[test]
    fn a_card_played_in_another_trick_of_the_round_swaps() {
        // Round 1: Ann's 3 went in as trick 1 and her 5 as trick 2.
        let log = vec![t(11, &[3, 5, 1]), t(14, &[5, 6, 2]), t(17, &[6, 4, 3])];
        let swap = swap_for(&log, 0, 0, 5);
        assert_eq!(
            swap,
            Some(Swap {
                seat: 0,
                index: 1,
                card: 5,
                gets: 3
            })
        );
        assert_eq!(
            swap.map(|s| s.note("Ann")),
            Some(
                "Ann played the 5 in trick 2 of this round: saving swaps the cards, so trick 2 gets the 3."
                    .into()
            )
        );
        // Backwards too: correcting trick 3 with a card of trick 1.
        assert_eq!(
            swap_for(&log, 2, 2, 1).map(|s| (s.index, s.gets)),
            Some((0, 3))
        );
        // Nothing moves: the same card, a card not played this round, a
        // trick or seat that is not there.
        assert_eq!(swap_for(&log, 0, 0, 3), None);
        assert_eq!(swap_for(&log, 0, 0, 2), None);
        assert_eq!(swap_for(&log, 3, 0, 5), None);
        assert_eq!(swap_for(&log, 0, 5, 5), None);
        assert_eq!(swap_for(&[], 0, 0, 5), None);
        let moved = swapped(&log, &swaps(&log, 0, &[5, 6, 1]));
        // Ann's and Bob's cards both swap with trick 2.
        assert_eq!(moved[1].cards, vec![3, 5, 2]);
        assert_eq!(moved[2], log[2]);
    }

    #[test]
    fn cards_swap_only_within_the_round() {
        // Trick 6 is round 2's first: Ann's 5 in round 1 is no clash.
        let mut log: Vec<Trick> = (0..5)
            .map(|k| t(11, &[k + 1, k + 1, k + 1]))
            .collect();
        log.push(t(11, &[1, 2, 3]));
        assert_eq!(swap_for(&log, 5, 0, 5), None);
        assert_eq!(swap_for(&log, 4, 0, 1).map(|s| s.index), Some(0));
    }
}

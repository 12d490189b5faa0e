//! The table companion: what the people at the table need to hear for the
//! next round (who deals and how many cards, who leads and why, the card
//! exchange, the order of play, Crowing) and during it (who would take the
//! Penalty for Assistance, and how much). The status line and the round
//! form both show these sentences; neither derives them.

use super::*;

/// The Last Egg reminder, every round.
pub const LAST_EGG: &str = "Last Egg: say it with one card left; a player Caught takes 2 cards from the shuffled discards (no points).";

/// The tournament rule's reminder.
pub const TOURNAMENT_RULE: &str = "Tournament rule: a Fowl lead before the Eggs are Broken may be challenged; whoever is wrong gets +5.";

/// What the Crowing question explains (round 2 onward).
pub const CROWING_HINT: &str = "After the card exchange the Good Egg asks; the first to Crow leads. Goes out: every opponent +15. Does not: +20 to the crower (Eating Crow).";

/// The next round at the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundGuide {
    /// The round's number, from 1.
    pub number: usize,
    /// "Dealer: Bob (Bad Egg)", or "Dealer: anyone" in round 1.
    pub dealer: String,
    /// "Deal the 64-card deck: 16 cards each."
    pub deal: String,
    /// Who leads, once known (the crower, the Good Egg, the Big Red holder).
    pub leader_seat: Option<usize>,
    /// "Leads: Ann (Good Egg), unless someone Crows".
    pub leader: String,
    /// The Good/Bad Egg card exchange (round 2 onward).
    pub exchange: Option<String>,
    /// Seats in the order of play, from the leader round the table and back
    /// to the leader (the first seat when the leader is not known yet).
    pub order: Vec<usize>,
    /// Whether players may Crow (round 2 onward).
    pub crowing: bool,
}

/// The guide to the round after `state`, with `crowed` the first player to
/// Crow (ignored in round 1) and `direction` the Direction of Play card as
/// it lies now.
pub fn round_guide(
    setup: &Setup<Settings>,
    state: &State,
    crowed: Option<usize>,
    direction: Direction,
) -> RoundGuide {
    let n = setup.players.len();
    let number = state.round_number();
    let crowing = number > 1;
    let crowed = crowed.filter(|c| crowing && *c < n);
    let good = state.good_egg().filter(|g| *g < n);
    let bad = state.bad_egg().filter(|b| *b < n);
    let big_red = state.big_red.filter(|h| *h < n);
    let dealer = match bad {
        Some(b) => format!("Dealer: {} (Bad Egg)", setup.name(b)),
        None => "Dealer: anyone".to_string(),
    };
    let deal = deck_setup(n)
        .map(|s| {
            format!(
                "Deal the {}-card deck: {} cards each.",
                s.deck_size, s.dealt
            )
        })
        .unwrap_or_default();
    let leader_seat = crowed.or(good).or(big_red);
    let leader = match (crowed, good, big_red) {
        (Some(c), _, _) => format!("Leads: {} (Crowed first)", setup.name(c)),
        (None, Some(g), _) => format!("Leads: {} (Good Egg), unless someone Crows", setup.name(g)),
        (None, None, Some(h)) => format!(
            "Leads: {} (holds Big Red, shows it, cannot lead with it)",
            setup.name(h)
        ),
        _ => "Leads: the holder of Big Red (they show it and cannot lead with it)".to_string(),
    };
    let exchange = match (good, bad) {
        (Some(g), Some(b)) if crowing => Some(format!(
            "Card exchange: {g} (Good Egg) gives {b} (Bad Egg) their best card, never Big Red, face up; {b} must take it and gives back any other card, face up.",
            g = setup.name(g),
            b = setup.name(b),
        )),
        _ => None,
    };
    let first = leader_seat.unwrap_or(0);
    let mut order = Vec::with_capacity(n + 1);
    if n > 0 {
        let mut seat = first;
        for _ in 0..n {
            order.push(seat);
            seat = direction.after(seat, n);
        }
        order.push(first);
    }
    RoundGuide {
        number,
        dealer,
        deal,
        leader_seat,
        leader,
        exchange,
        order,
        crowing,
    }
}

/// Why the Direction of Play card lies the other way than play went at the
/// last lay, when the winner went out on a Duck (which flips the card):
/// "Cluckwise at the last lay; the Duck that went out flipped the card to
/// Counter-Cluckwise". `None` when the last lay flipped nothing.
pub fn duck_flip_note(round: &Round) -> Option<String> {
    round.last_lay_flipped.then(|| {
        format!(
            "{} at the last lay; the Duck that went out flipped the card to {}",
            round.direction_at_last_lay().name(),
            round.direction.name()
        )
    })
}

/// The Penalty for Assistance question for a round being entered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Assistance {
    /// The player who played right before the winner: who would take it.
    pub helper: usize,
    /// "Could Dee have stopped it?"
    pub question: String,
    /// Who played before whom, in which direction, and what it would cost.
    pub explain: String,
}

/// Whether the Penalty for Assistance question applies to `round` (a winner
/// who went out with a single card, 3 or more players), and what it says.
/// `scores`, once the round is complete, gives the amount.
pub fn assistance(
    setup: &Setup<Settings>,
    round: &Round,
    scores: Option<&RoundScores>,
) -> Option<Assistance> {
    let n = setup.players.len();
    let out = round.out.filter(|o| *o < n)?;
    if !round.assistance_applies(n) {
        return None;
    }
    let helper = round.assisting_player(n)?;
    let amount = scores
        .map(|s| {
            let extra: u32 = s
                .card_scores
                .iter()
                .enumerate()
                .filter(|(seat, _)| *seat != out && *seat != helper)
                .map(|(_, c)| *c)
                .sum();
            format!(" (+{extra})")
        })
        .unwrap_or_default();
    let (h, o) = (setup.name(helper), setup.name(out));
    let why = duck_flip_note(round)
        .unwrap_or_else(|| format!("{} at the last lay", round.direction_at_last_lay().name()));
    Some(Assistance {
        helper,
        question: format!("Could {h} have stopped it?"),
        explain: format!(
            "{h} played right before {o} ({why}). If {h} could have beaten that last single card with a higher single or a Coop, {h} takes the other losers' card scores{amount}."
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setup(n: usize) -> Setup<Settings> {
        Setup {
            players: ["Ann", "Bob", "Cy", "Dee"]
                .iter()
                .take(n)
                .map(|s| s.to_string())
                .collect(),
            settings: Settings::default(),
        }
    }

    fn after(setup: &Setup<Settings>, log: &[Entry]) -> State {
        crate::rules::replay::<BigChicken>(setup, log).unwrap()
    }

    #[test]
    fn round_1_anyone_deals_and_the_big_red_holder_leads() {
        let s = setup(4);
        let g = round_guide(&s, &BigChicken::start(&s), Some(2), Direction::Cluckwise);
        assert_eq!(g.dealer, "Dealer: anyone");
        assert_eq!(g.deal, "Deal the 64-card deck: 16 cards each.");
        // Nobody Crows in round 1, even if a draft says so.
        assert!(!g.crowing);
        assert_eq!(g.leader_seat, None);
        assert!(g.exchange.is_none());
        let st = after(&s, &[Entry::BigRedHolder { seat: 1 }]);
        let g = round_guide(&s, &st, None, Direction::CounterCluckwise);
        assert_eq!(g.leader_seat, Some(1));
        assert_eq!(g.order, vec![1, 0, 3, 2, 1]);
    }

    #[test]
    fn later_rounds_the_bad_egg_deals_and_the_crower_leads() {
        let s = setup(4);
        // Ann out; Dee most points (Bad Egg), Ann Good Egg.
        let st = after(&s, &[Entry::Round(Round::won_by(0, vec![0, 2, 3, 9]))]);
        let g = round_guide(&s, &st, None, Direction::Cluckwise);
        assert_eq!(g.dealer, "Dealer: Dee (Bad Egg)");
        assert_eq!(g.leader, "Leads: Ann (Good Egg), unless someone Crows");
        assert!(g
            .exchange
            .unwrap()
            .starts_with("Card exchange: Ann (Good Egg) gives Dee (Bad Egg)"));
        assert!(g.crowing);
        let g = round_guide(&s, &st, Some(2), Direction::Cluckwise);
        assert_eq!(g.leader, "Leads: Cy (Crowed first)");
        assert_eq!(g.order, vec![2, 3, 0, 1, 2]);
    }

    #[test]
    fn a_duck_flip_says_why_the_card_lies_the_other_way() {
        let mut r = Round::won_by(1, vec![3, 0, 2, 5]);
        assert_eq!(duck_flip_note(&r), None);
        // The card now lies Counter-Cluckwise because the Duck flipped it.
        r.direction = Direction::CounterCluckwise;
        r.last_lay_flipped = true;
        assert_eq!(
            duck_flip_note(&r).as_deref(),
            Some("Cluckwise at the last lay; the Duck that went out flipped the card to Counter-Cluckwise")
        );
        r.direction = Direction::Cluckwise;
        assert_eq!(
            duck_flip_note(&r).as_deref(),
            Some("Counter-Cluckwise at the last lay; the Duck that went out flipped the card to Cluckwise")
        );
    }

    #[test]
    fn assistance_applies_to_a_single_card_with_three_or_more() {
        let s = setup(4);
        let mut r = Round::won_by(1, vec![3, 0, 2, 5]);
        let a = assistance(&s, &r, None).unwrap();
        assert_eq!(a.helper, 0);
        assert_eq!(a.question, "Could Ann have stopped it?");
        assert!(a.explain.contains("Cluckwise at the last lay)"));
        // After a Duck flip the card lies Counter-Cluckwise; the last lay
        // was still Cluckwise, and the text says why.
        r.direction = Direction::CounterCluckwise;
        r.last_lay_flipped = true;
        let a = assistance(&s, &r, None).unwrap();
        assert_eq!(a.helper, 0);
        assert_eq!(
            a.explain,
            "Ann played right before Bob (Cluckwise at the last lay; the Duck that went out flipped the card to Counter-Cluckwise). If Ann could have beaten that last single card with a higher single or a Coop, Ann takes the other losers' card scores."
        );
        let scores = preview_round(&s, &BigChicken::start(&s), &r).unwrap();
        // The other losers' card scores: Cy 2 cards, Dee 5 cards.
        let extra = card_score(4, 2).unwrap() + card_score(4, 5).unwrap();
        let text = assistance(&s, &r, Some(&scores)).unwrap().explain;
        assert!(text.ends_with(&format!("(+{extra}).")), "{text}");
        r.last_lay = LastLay::Several;
        assert!(assistance(&s, &r, None).is_none());
        let two = setup(2);
        assert!(assistance(&two, &Round::won_by(0, vec![0, 3]), None).is_none());
    }
}

//! The Chicken Lines deck (`rules/chicken-lines.txt`) and its two games:
//! [`rummy`] (Chicken Lines Rummy) and [`circus`] (Plumedini's Circus
//! Trump). This file owns what both share: the cards, what the deck holds,
//! and the suits' names.
//!
//! The deck: 9 suits, each with standard cards 0-9 and 2 Super Chickens;
//! 1 Yoker; 3 Egg jokers; 1 Plumedini card (113 cards). The rulebook names
//! four suits (Hopper, Betsy, Chug, Bud); the app numbers the other five
//! ("Suit 5" ... "Suit 9") unless the table names them, and never invents
//! a name.

use serde::{Deserialize, Serialize};

pub mod circus;
pub mod rummy;

pub use circus::CircusTrump;
pub use rummy::Rummy;

/// How many suits the deck has.
pub const SUITS: usize = 9;

/// The suit names the rulebook gives, in the order the app lists them.
pub const NAMED_SUITS: [&str; 4] = ["Hopper", "Betsy", "Chug", "Bud"];

/// The longest name the table may give a suit.
pub const SUIT_NAME_MAX: usize = 16;

/// How many cards the whole deck holds.
pub const DECK_SIZE: u32 = 113;

/// One card of the Chicken Lines deck, by kind (the suit does not change
/// what a card scores, so it is not recorded).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Card {
    /// A standard card, 0-9.
    Standard(u8),
    /// A Super Chicken showing the number 1-9.
    Super(u8),
    /// An Egg joker.
    Egg,
    /// The Yoker.
    Yoker,
    /// The Plumedini card.
    Plumedini,
}

impl Card {
    /// Every kind of card in the deck, in the order a picker shows them:
    /// standard 0-9, Super Chicken 1-9, Egg, Yoker, Plumedini.
    pub fn kinds() -> Vec<Card> {
        (0..=9)
            .map(Card::Standard)
            .chain((1..=9).map(Card::Super))
            .chain([Card::Egg, Card::Yoker, Card::Plumedini])
            .collect()
    }

    /// Whether the card exists in the deck (a standard card 0-9, a Super
    /// Chicken 1-9, or one of the specials).
    pub fn exists(self) -> bool {
        match self {
            Card::Standard(n) => n <= 9,
            Card::Super(n) => (1..=9).contains(&n),
            _ => true,
        }
    }

    /// The card's name for people ("7", "Super Chicken 3", "Egg").
    pub fn name(self) -> String {
        match self {
            Card::Standard(n) => n.to_string(),
            Card::Super(n) => format!("Super Chicken {n}"),
            Card::Egg => "Egg".into(),
            Card::Yoker => "Yoker".into(),
            Card::Plumedini => "Plumedini".into(),
        }
    }

    /// The group of cards the deck counts together: every standard number
    /// is its own group; all Super Chickens are one group (18 cards: the
    /// rulebook does not say how many show each number).
    pub fn group(self) -> Card {
        match self {
            Card::Super(_) => Card::Super(0),
            other => other,
        }
    }

    /// How many cards of this card's [`Card::group`] the deck holds: 9 of
    /// each standard number (one per suit), 18 Super Chickens, 3 Eggs, 1
    /// Yoker, 1 Plumedini.
    pub fn copies(self) -> u32 {
        match self {
            Card::Standard(n) if n > 9 => 0,
            Card::Standard(_) => SUITS as u32,
            Card::Super(_) => 2 * SUITS as u32,
            Card::Egg => 3,
            Card::Yoker | Card::Plumedini => 1,
        }
    }
}

/// How many of `card`'s group are still free when `picked` are already
/// held (each group counted against [`Card::copies`]).
pub fn copies_left(picked: &[Card], card: Card) -> u32 {
    let group = card.group();
    let used = picked.iter().filter(|c| c.group() == group).count();
    card.copies()
        .saturating_sub(u32::try_from(used).unwrap_or(u32::MAX))
}

/// The first card of `picked` that the deck does not hold that many of
/// (or that does not exist), if any.
pub fn over_the_deck(picked: &[Card]) -> Option<Card> {
    picked.iter().copied().find(|c| {
        let group = c.group();
        let used = picked.iter().filter(|d| d.group() == group).count();
        !c.exists() || used > c.copies() as usize
    })
}

/// The name of suit `index` (0-8): the table's name if it gave one, else
/// the rulebook's (Hopper, Betsy, Chug, Bud), else "Suit 5" ... "Suit 9".
pub fn suit_name(custom: &[String], index: usize) -> String {
    if let Some(name) = custom.get(index).map(|s| s.trim()).filter(|s| !s.is_empty()) {
        return name.chars().take(SUIT_NAME_MAX).collect();
    }
    match NAMED_SUITS.get(index) {
        Some(name) => (*name).to_string(),
        None => format!("Suit {}", index + 1),
    }
}

/// Every suit's name, in order.
pub fn suit_names(custom: &[String]) -> Vec<String> {
    (0..SUITS).map(|i| suit_name(custom, i)).collect()
}

/// Refuses suit names the table typed that cannot be told apart or are
/// too long (more than 9, longer than [`SUIT_NAME_MAX`], or two the same).
pub fn check_suit_names(custom: &[String]) -> Result<(), String> {
    if custom.len() > SUITS {
        return Err(format!("The deck has {SUITS} suits."));
    }
    if let Some(long) = custom
        .iter()
        .find(|s| s.trim().chars().count() > SUIT_NAME_MAX)
    {
        return Err(format!(
            "\"{}\" is too long for a suit's name (at most {SUIT_NAME_MAX} letters).",
            super::echo(long.trim())
        ));
    }
    let names = suit_names(custom);
    for (i, a) in names.iter().enumerate() {
        if names
            .iter()
            .skip(i + 1)
            .any(|b| b.eq_ignore_ascii_case(a))
        {
            return Err(format!(
                "Two suits are called \"{}\": give each suit its own name.",
                super::echo(a)
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_deck_holds_113_cards() {
        let groups: Vec<Card> = Card::kinds()
            .into_iter()
            .map(Card::group)
            .fold(Vec::new(), |mut v, g| {
                if !v.contains(&g) {
                    v.push(g)
                }
                v
            });
        let total: u32 = groups.iter().map(|g| g.copies()).sum();
        assert_eq!(total, DECK_SIZE);
        assert_eq!(Card::Standard(10).copies(), 0);
        assert!(!Card::Super(0).exists());
    }

    #[test]
    fn suits_are_named_by_the_rulebook_or_numbered() {
        let names = suit_names(&[]);
        assert_eq!(
            names,
            vec!["Hopper", "Betsy", "Chug", "Bud", "Suit 5", "Suit 6", "Suit 7", "Suit 8", "Suit 9"]
        );
        let custom = vec!["".into(), " ".into(), "x".into(), "".into(), "Rocket".into()];
        assert_eq!(suit_name(&custom, 4), "Rocket");
        assert_eq!(suit_name(&custom, 0), "Hopper");
        assert!(check_suit_names(&custom).is_ok());
        assert!(check_suit_names(&["Betsy".into()]).is_err());
        assert!(check_suit_names(&["y".repeat(40)]).is_err());
        assert!(check_suit_names(&vec![String::new(); 10]).is_err());
    }

    #[test]
    fn suit_names_fold_ascii_case_only() {
        // Compared without the Unicode case tables (issue 13): A-Z folds,
        // other letters are compared as typed, as for players' names.
        assert!(check_suit_names(&["BETSY".into()]).is_err());
        assert!(check_suit_names(&["Émile".into(), "Émile".into()]).is_err());
        assert!(check_suit_names(&["Émile".into(), "émile".into()]).is_ok());
        assert!(check_suit_names(&["Zoë".into(), "ZOË".into()]).is_ok());
    }

    #[test]
    fn copies_left_count_each_group() {
        let picked = [Card::Super(3), Card::Super(9), Card::Egg, Card::Standard(4)];
        assert_eq!(copies_left(&picked, Card::Super(1)), 16);
        assert_eq!(copies_left(&picked, Card::Egg), 2);
        assert_eq!(copies_left(&picked, Card::Standard(4)), 8);
        assert_eq!(copies_left(&[Card::Yoker], Card::Yoker), 0);
        assert_eq!(over_the_deck(&[Card::Yoker, Card::Yoker]), Some(Card::Yoker));
        assert_eq!(over_the_deck(&[Card::Standard(11)]), Some(Card::Standard(11)));
        assert_eq!(over_the_deck(&picked), None);
    }
}

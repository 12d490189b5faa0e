//! The cards: suits, the Pecking Order, the deck for each player count.

use super::*;

/// The suits (colours) of the Eggs and Chickens, lowest first, as in a
/// rainbow. Deriving `Ord` gives the Pecking Order of suits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Suit {
    /// The lowest suit.
    Blue,
    /// Above Blue.
    Green,
    /// Above Green.
    Yellow,
    /// The highest suit.
    Orange,
}

impl Suit {
    /// Every suit, lowest first.
    pub const ALL: [Suit; 4] = [Suit::Blue, Suit::Green, Suit::Yellow, Suit::Orange];

    /// The suit's name ("Blue").
    pub fn name(self) -> &'static str {
        match self {
            Suit::Blue => "Blue",
            Suit::Green => "Green",
            Suit::Yellow => "Yellow",
            Suit::Orange => "Orange",
        }
    }
}

/// One playing card. The derived `Ord` is the Pecking Order: a Duck loses to
/// every card; Eggs go by number, then suit (Blue < Green < Yellow < Orange);
/// every Chicken beats every Egg, in suit order; Big Red beats everything.
/// The two copies of an Egg (and the Ducks) compare equal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Card {
    /// A Duck: loses to every other card (a Duck against a Duck is equal).
    Duck,
    /// A numbered Egg card (1 to 10).
    Egg {
        /// The number, 1 to 10; compared before the suit.
        number: u8,
        /// The suit.
        suit: Suit,
    },
    /// A Chicken of one of the four suits.
    Chicken(Suit),
    /// Big Red, the highest card.
    BigRed,
}

impl Card {
    /// A numbered Egg.
    pub const fn egg(number: u8, suit: Suit) -> Card {
        Card::Egg { number, suit }
    }

    /// Whether this is a Fowl card (a Chicken, Big Red or a Duck).
    pub fn is_fowl(self) -> bool {
        !matches!(self, Card::Egg { .. })
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Card::Duck => f.write_str("Duck"),
            Card::Egg { number, suit } => write!(f, "{} {number}", suit.name()),
            Card::Chicken(suit) => write!(f, "{} Chicken", suit.name()),
            Card::BigRed => f.write_str("Big Red"),
        }
    }
}

/// The DECK SETUP table for one player count, as the table builds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeckSetup {
    /// The player count this is for.
    pub players: usize,
    /// The suits of Eggs the app uses (the lowest ones; any suits will do at
    /// the table as long as there are this many).
    pub suits: Vec<Suit>,
    /// The lowest numbered Egg used (4, 1, 2 or 1).
    pub lowest_number: u8,
    /// The highest numbered Egg used (always 10).
    pub highest_number: u8,
    /// Copies of each Egg (always 2).
    pub copies: usize,
    /// Chickens used, Big Red included (always all 5).
    pub chickens: usize,
    /// Ducks used (1 for 3 players, otherwise 3).
    pub ducks: usize,
    /// How many of the lowest One cards are removed (0 or 4).
    pub ones_removed: usize,
    /// The One cards removed, lowest first (the lowest suits' Ones).
    pub removed: Vec<Card>,
    /// Cards in the deck, as printed (48, 64, 80 or 84).
    pub deck_size: usize,
    /// Cards dealt to each player (16, or 14 for 6 players).
    pub dealt: usize,
}

impl DeckSetup {
    /// One sentence for the screen: suits, numbers, Fowl, removed Ones,
    /// deck size and deal.
    pub fn describe(&self) -> String {
        let suits: Vec<&str> = self.suits.iter().map(|s| s.name()).collect();
        let removed = if self.removed.is_empty() {
            String::new()
        } else {
            let names: Vec<String> = self.removed.iter().map(|c| c.to_string()).collect();
            format!(
                ", without the lowest {} Ones ({})",
                self.ones_removed,
                names.join(", ")
            )
        };
        let ducks = if self.ducks == 1 { "Duck" } else { "Ducks" };
        format!(
            "{} players: {} suits ({}), Eggs {}-{} twice each{removed}, all {} Chickens, {} {ducks}: {} cards, {} dealt to each player.",
            self.players,
            self.suits.len(),
            suits.join(", "),
            self.lowest_number,
            self.highest_number,
            self.chickens,
            self.ducks,
            self.deck_size,
            self.dealt
        )
    }
}

/// The DECK SETUP table for `players` (2 players use the "2 or 4" column),
/// or `None` outside 2 to 6 players.
pub fn deck_setup(players: usize) -> Option<DeckSetup> {
    let (suit_count, lowest_number, ducks, ones_removed, deck_size, dealt) = match players {
        3 => (3, 4, 1, 0, 48, 16),
        2 | 4 => (3, 1, 3, 4, 64, 16),
        5 => (4, 2, 3, 0, 80, 16),
        6 => (4, 1, 3, 4, 84, 14),
        _ => return None,
    };
    let suits: Vec<Suit> = Suit::ALL.iter().copied().take(suit_count).collect();
    // "Remove the lowest numbered cards from the lowest-valued suits": the
    // Eggs in Pecking Order, lowest first, and the first few of them.
    let removed = all_eggs(&suits, lowest_number)
        .into_iter()
        .take(ones_removed)
        .collect();
    Some(DeckSetup {
        players,
        suits,
        lowest_number,
        highest_number: 10,
        copies: 2,
        chickens: 5,
        ducks,
        ones_removed,
        removed,
        deck_size,
        dealt,
    })
}

/// Every Egg of `suits` from `lowest` to 10, two copies each, in Pecking Order.
pub(super) fn all_eggs(suits: &[Suit], lowest: u8) -> Vec<Card> {
    (lowest..=10)
        .flat_map(|number| {
            suits
                .iter()
                .flat_map(move |suit| [Card::egg(number, *suit), Card::egg(number, *suit)])
        })
        .collect()
}

/// The deck the app uses for `players`, lowest card first (empty outside 2
/// to 6 players): Ducks, Eggs without the removed Ones, Chickens, Big Red.
pub fn deck(players: usize) -> Vec<Card> {
    let Some(setup) = deck_setup(players) else {
        return Vec::new();
    };
    let mut cards = vec![Card::Duck; setup.ducks];
    cards.extend(
        all_eggs(&setup.suits, setup.lowest_number)
            .into_iter()
            .skip(setup.ones_removed),
    );
    cards.extend(Suit::ALL.iter().map(|s| Card::Chicken(*s)));
    cards.push(Card::BigRed);
    cards
}

/// How many copies of `card` the deck holds.
pub fn copies_in(deck: &[Card], card: Card) -> usize {
    deck.iter().filter(|c| **c == card).count()
}

/// The different cards of a deck, lowest first (for a card picker).
pub fn distinct_cards(deck: &[Card]) -> Vec<Card> {
    let mut cards = deck.to_vec();
    cards.sort();
    cards.dedup();
    cards
}

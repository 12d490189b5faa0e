//! What the log records: the round, the Big Red holder, the card draw.

use super::*;

/// The Direction of Play card.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Direction {
    /// Clockwise: play passes to the next seat (seat index + 1). The game
    /// starts this way.
    #[default]
    Cluckwise,
    /// Counter-clockwise: play passes to the previous seat.
    CounterCluckwise,
}

impl Direction {
    /// The other side of the card.
    pub fn flipped(self) -> Direction {
        match self {
            Direction::Cluckwise => Direction::CounterCluckwise,
            Direction::CounterCluckwise => Direction::Cluckwise,
        }
    }

    /// The name printed on the card.
    pub fn name(self) -> &'static str {
        match self {
            Direction::Cluckwise => "Cluckwise",
            Direction::CounterCluckwise => "Counter-Cluckwise",
        }
    }

    /// The player who plays right after `seat` in this direction.
    pub fn after(self, seat: usize, players: usize) -> usize {
        if players == 0 {
            return seat;
        }
        let seat = seat % players;
        match self {
            Direction::Cluckwise => (seat + 1) % players,
            Direction::CounterCluckwise => (seat + players - 1) % players,
        }
    }

    /// The player who plays right before `seat` in this direction.
    pub fn before(self, seat: usize, players: usize) -> usize {
        self.flipped().after(seat, players)
    }
}

/// How many cards the winner laid when going out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LastLay {
    /// One card (the Penalty for Assistance may apply).
    #[default]
    Single,
    /// More than one card (Egging: every other player +5).
    Several,
}

/// Who lost a tournament challenge, and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChallengeSide {
    /// The lead player, who led a Fowl card before the Eggs were Broken.
    Leader,
    /// The challenger: the Eggs had been Broken after all.
    Challenger,
}

/// One tournament challenge: `seat` gets +5.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Challenge {
    /// The player who gets the 5 points.
    pub seat: usize,
    /// Whether they were the lead player or the challenger.
    pub side: ChallengeSide,
}

/// One round, as recorded at its end.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    /// The player who went out (`None` in a draft: refused on saving).
    pub out: Option<usize>,
    /// Whether the winner's last lay was one card or several.
    #[serde(default)]
    pub last_lay: LastLay,
    /// Cards left in each hand, by seat (0 for the winner).
    pub cards_left: Vec<u32>,
    /// The first player to Crow this round (round 2 onward), if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub crowed: Option<usize>,
    /// The table says the player directly before the winner could have
    /// stopped a single-card last lay (Penalty for Assistance).
    #[serde(default, skip_serializing_if = "is_false")]
    pub assisted: bool,
    /// Tournament challenges lost this round (the tournament rule only).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub challenges: Vec<Challenge>,
    /// The Direction of Play card at the end of the round (the next round
    /// starts this way).
    #[serde(default)]
    pub direction: Direction,
    /// The winner's last lay flipped the Direction of Play card (they went
    /// out on a Duck): `direction` is the card after that flip, and the
    /// assisting player is found with the direction before it.
    #[serde(default, skip_serializing_if = "is_false")]
    pub last_lay_flipped: bool,
    /// Round 1 Bad Egg tie: each tied player's highest card still in hand,
    /// by seat (`None` where not asked).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub highest_cards: Vec<Option<Card>>,
    /// The table's pick for a Bad Egg tie the rules leave level.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bad_egg_pick: Option<usize>,
    /// The table's pick for a Good Egg tie the rules leave level.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub good_egg_pick: Option<usize>,
}

impl Round {
    /// A round won by `out` with a single card, Cluckwise, no penalties.
    pub fn won_by(out: usize, cards_left: Vec<u32>) -> Round {
        Round {
            out: Some(out),
            cards_left,
            ..Round::default()
        }
    }

    /// The direction of play when the winner made their last lay.
    pub fn direction_at_last_lay(&self) -> Direction {
        if self.last_lay_flipped {
            self.direction.flipped()
        } else {
            self.direction
        }
    }

    /// The player directly before the winner in the direction of play at
    /// the last lay: the one the Penalty for Assistance would fall on.
    /// `None` without a winner in range or with fewer than 2 players.
    pub fn assisting_player(&self, players: usize) -> Option<usize> {
        let out = self.out.filter(|o| *o < players)?;
        (players >= 2).then(|| self.direction_at_last_lay().before(out, players))
    }

    /// Whether the Penalty for Assistance can apply: a winner who went out
    /// with a single card, with 3 or more players.
    pub fn assistance_applies(&self, players: usize) -> bool {
        self.last_lay == LastLay::Single && players >= 3 && self.out.is_some_and(|o| o < players)
    }

    /// Whether the winner went out Egging (several cards at once: every
    /// other player gets +5).
    pub fn egging(&self) -> bool {
        self.out.is_some() && self.last_lay == LastLay::Several
    }

    /// The round with only the answers the rules ask for it: Assistance
    /// only where it can apply, a Duck's flip only after a single card.
    pub fn as_asked(mut self, players: usize) -> Round {
        self.assisted &= self.assistance_applies(players);
        self.last_lay_flipped &= self.last_lay == LastLay::Single;
        self
    }
}

/// The cards drawn to break a Golden Egg tie.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardDraw {
    /// The tied players, in the order they drew.
    pub players: Vec<usize>,
    /// The cards drawn, one list per draw round: the first has a card for
    /// each player of `players` in that order, each later one a card for
    /// each player still level, in the same order.
    pub draws: Vec<Vec<Card>>,
    /// Whether the app dealt these cards ([`virtual_draw`]); otherwise the
    /// players drew real cards. The cards are what count.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub app_dealt: bool,
}

/// One entry of a Big Chicken log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Entry {
    /// Before round 1 (optional): who holds Big Red and so leads round 1.
    BigRedHolder {
        /// The holder's seat.
        seat: usize,
    },
    /// A round's result.
    Round(Round),
    /// The card draw breaking a Golden Egg tie, after the game's end.
    CardDraw(CardDraw),
}

/// The Big Chicken variants, chosen when the game is created.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// The Advanced / Tournament rule: challenges of a Fowl lead (+5 to
    /// whoever is wrong). Off by default.
    pub tournament: bool,
}

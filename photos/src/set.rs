//! The four sets as the generator deals them: the tiles of each, in the
//! order the app's rules list them (so a seed deals the same hand as when
//! the generator used the rules' own types). Kept here so the tools build
//! without the app.

/// A domino set, by its highest half.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DominoSet(u8);

/// A tile: its two halves' pips.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tile(pub u8, pub u8);

impl DominoSet {
    pub const ALL: [DominoSet; 4] = [DominoSet(6), DominoSet(9), DominoSet(12), DominoSet(15)];

    /// The set a truth names ("d6", "d9", "d12", "d15").
    pub fn named(name: &str) -> Option<DominoSet> {
        Self::ALL.into_iter().find(|s| format!("d{}", s.0) == name)
    }

    /// The highest number of pips on one end.
    pub fn max(self) -> u8 {
        self.0
    }

    /// Every tile, lowest end first.
    pub fn tiles(self) -> Vec<Tile> {
        (0..=self.0)
            .flat_map(|hi| (0..=hi).map(move |lo| Tile(lo, hi)))
            .collect()
    }
}

impl Tile {
    /// Its pips as scored, the double-blank at 50.
    pub fn score(self) -> u32 {
        match self {
            Tile(0, 0) => 50,
            Tile(a, b) => a as u32 + b as u32,
        }
    }

    /// Lowest end first.
    pub fn normalized(self) -> Tile {
        Tile(self.0.min(self.1), self.0.max(self.1))
    }
}

impl std::fmt::Display for Tile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}-{}", self.0, self.1)
    }
}

//! Counting a Chickenfoot hand from a photo (issue 38). The counting is the
//! `chicken-vision` crate (pure Rust over a picture's pixels, tuned and
//! measured on `photos/`); here what it finds becomes the rules' tiles, and
//! `header` reads a photo's size before anything decodes it.

pub mod header;

use crate::rules::chickenfoot::{DominoSet, Tile};

pub use chicken_vision::{pip_cells, Picture};

/// A tile found: its numbers (`a` at the end of the first two corners)
/// and its top face's corners in the picture, pixels.
#[derive(Clone, Debug, PartialEq)]
pub struct Found {
    pub tile: Tile,
    pub corners: [(f32, f32); 4],
}

/// The tiles of `set` in `picture`, each once.
pub fn count(picture: &Picture, set: DominoSet) -> Vec<Found> {
    chicken_vision::count(picture, set.max())
        .into_iter()
        .map(|f| Found {
            tile: Tile(f.halves.0, f.halves.1),
            corners: f.corners,
        })
        .collect()
}

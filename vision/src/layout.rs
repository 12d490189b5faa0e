//! How a domino's half shows 0 to 9: its pips on a 3 × 3 grid. Shared by
//! the tile picker's drawing, the photo generator and the counter's tests.

/// The cells (row by row, 0 to 8) of a 3 × 3 grid where `n`'s pips sit;
/// none above 9 (those are laid out in columns, or shown as numerals).
pub fn pip_cells(n: u8) -> &'static [usize] {
    match n {
        1 => &[4],
        2 => &[0, 8],
        3 => &[0, 4, 8],
        4 => &[0, 2, 6, 8],
        5 => &[0, 2, 4, 6, 8],
        6 => &[0, 2, 3, 5, 6, 8],
        7 => &[0, 2, 3, 4, 5, 6, 8],
        8 => &[0, 1, 2, 3, 5, 6, 7, 8],
        9 => &[0, 1, 2, 3, 4, 5, 6, 7, 8],
        _ => &[],
    }
}

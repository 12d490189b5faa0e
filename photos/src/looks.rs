//! How a set looks (its tiles, pips and pin) and what lies under it: the
//! colours a picture is drawn with, and where each number's pips sit.

use crate::set::DominoSet;
use rand::RngExt;
use rand_xorshift::XorShiftRng;

/// Linear RGB, 0-1.
pub type Rgb = [f64; 3];

/// A set's look.
#[derive(Clone, Debug)]
pub struct Look {
    /// The tiles' face (ivory, white, or black).
    pub face: Rgb,
    /// White pips on black tiles.
    pub black: bool,
    /// Each number's pip colour, 0 to 15.
    pub pips: Vec<Rgb>,
    /// The divider line's colour.
    pub line: Rgb,
    /// A brass pin at the tile's centre (a "spinner").
    pub pin: bool,
    /// Pip radius as a fraction of the tile's width.
    pub pip_radius: f64,
}

/// The colour-dot palette of Double-12 and Double-15 sets as this project
/// draws it (no maker publishes one; this one is the usual description:
/// 1 light blue, 2 green, 3 red, 4 brown, 5 dark blue, 6 yellow, 7 lavender,
/// 8 dark green, 9 purple, 10 orange, 11 black, 12 grey, 13 teal, 14 olive,
/// 15 magenta). sRGB.
pub const PALETTE: [[u8; 3]; 16] = [
    [0, 0, 0],
    [80, 170, 230],
    [40, 150, 60],
    [215, 40, 50],
    [130, 85, 40],
    [25, 50, 160],
    [235, 200, 20],
    [170, 140, 220],
    [15, 90, 45],
    [110, 30, 140],
    [240, 120, 20],
    [20, 20, 20],
    [130, 130, 130],
    [30, 140, 140],
    [110, 110, 40],
    [220, 40, 160],
];

/// sRGB 0-255 to linear 0-1.
pub fn linear(c: [u8; 3]) -> Rgb {
    c.map(|v| {
        let v = v as f64 / 255.0;
        if v <= 0.04045 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    })
}

/// The look of a picture's `set`: black-on-white or white-on-black dots
/// for Double-6 and Double-9, coloured dots for Double-12 and Double-15
/// (the palette above, or in one picture of five another maker's order).
pub fn look(set: DominoSet, rng: &mut XorShiftRng) -> Look {
    let ivory = linear([
        rng.random_range(235..=255),
        rng.random_range(228..=250),
        rng.random_range(205..=240),
    ]);
    let coloured = set.max() > 9;
    if !coloured && rng.random_bool(0.3) {
        return Look {
            face: linear([18, 18, 20]),
            black: true,
            pips: vec![linear([238, 238, 232]); 16],
            line: linear([200, 200, 195]),
            pin: rng.random_bool(0.3),
            pip_radius: 0.085,
        };
    }
    let pips = if coloured {
        let mut order: Vec<usize> = (0..16).collect();
        if rng.random_bool(0.2) {
            for i in (2..16).rev() {
                order.swap(i, rng.random_range(1..=i));
            }
        }
        order.iter().map(|&i| linear(PALETTE[i])).collect()
    } else {
        vec![linear([22, 22, 24]); 16]
    };
    Look {
        face: ivory,
        black: false,
        pips,
        line: linear([60, 60, 60]),
        pin: rng.random_bool(if coloured { 0.7 } else { 0.3 }),
        pip_radius: if coloured { 0.062 } else { 0.085 },
    }
}

/// Where `n`'s pips sit in a half, as fractions of the tile's width from
/// the half's centre (x across the tile, y along it): 0-9 on a 3×3 grid,
/// 10-15 in three columns of up to five.
pub fn pip_spots(n: u8) -> Vec<(f64, f64)> {
    const G: f64 = 0.3;
    let grid = |cells: &[usize]| {
        cells
            .iter()
            .map(|&c| ((c % 3) as f64 * G - G, (c / 3) as f64 * G - G))
            .collect()
    };
    match n {
        0..=9 => grid(chicken_vision::pip_cells(n)),
        _ => {
            let columns: [usize; 3] = match n {
                10 => [4, 2, 4],
                11 => [4, 3, 4],
                12 => [4, 4, 4],
                13 => [5, 3, 5],
                14 => [5, 4, 5],
                _ => [5, 5, 5],
            };
            let mut spots = Vec::new();
            for (col, &k) in columns.iter().enumerate() {
                for row in 0..k {
                    let y = if k == 1 {
                        0.0
                    } else {
                        -0.34 + 0.68 * row as f64 / (k - 1) as f64
                    };
                    spots.push((col as f64 * G - G, y));
                }
            }
            spots
        }
    }
}

/// What the tiles lie on.
#[derive(Clone, Debug)]
pub enum Background {
    /// Wood: two browns, the grain's direction and fineness.
    Wood {
        light: Rgb,
        dark: Rgb,
        angle: f64,
        grain: f64,
    },
    /// A card table's felt.
    Felt { colour: Rgb },
    /// Cloth: two colours in stripes or checks, their period (mm).
    Cloth {
        a: Rgb,
        b: Rgb,
        period: f64,
        checks: bool,
        angle: f64,
    },
    /// A plain top: white or grey laminate (white tiles on it are the
    /// hard case).
    Plain { colour: Rgb },
}

pub fn background(rng: &mut XorShiftRng) -> Background {
    let angle = rng.random_range(0.0..std::f64::consts::PI);
    match rng.random_range(0..10) {
        0..=3 => {
            let base = [
                rng.random_range(120..200),
                rng.random_range(70..130),
                rng.random_range(30..80),
            ];
            Background::Wood {
                light: linear(base),
                dark: linear(base.map(|v: u8| (v as f64 * 0.6) as u8)),
                angle,
                grain: rng.random_range(1.5..5.0),
            }
        }
        4..=5 => Background::Felt {
            colour: linear(
                [[20, 100, 50], [25, 60, 120], [120, 25, 35], [40, 40, 45]][rng.random_range(0..4)],
            ),
        },
        6..=8 => Background::Cloth {
            a: linear([
                rng.random_range(20..240),
                rng.random_range(20..240),
                rng.random_range(20..240),
            ]),
            b: linear([
                rng.random_range(20..240),
                rng.random_range(20..240),
                rng.random_range(20..240),
            ]),
            period: rng.random_range(6.0..40.0),
            checks: rng.random_bool(0.5),
            angle,
        },
        _ => {
            let v = rng.random_range(150..235);
            Background::Plain {
                colour: linear([v, v, v.saturating_sub(rng.random_range(0..12))]),
            }
        }
    }
}

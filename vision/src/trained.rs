//! The trained reader: each half of a tile as a small patch of how far each
//! pixel's colour is from the face's, classified 0 to 15 by a small network
//! (one hidden layer, int8 weights) trained on the generator's tuning
//! pictures (`photos/src/bin/train.rs`; never the held-out ones). Its
//! weights are built into the release (`reader.bin`).

use super::pips::{Face, LONG, SHORT};

/// A patch is `SIDE` × `SIDE`: a half (48 × 48 of the upright face) at
/// half its size.
pub const SIDE: usize = 24;
pub const INPUTS: usize = SIDE * SIDE;
pub const CLASSES: usize = 17;
/// The class of a patch that is no tile's half (an outline on the table,
/// or across two tiles).
pub const NOT_A_HALF: usize = 16;

/// The weights as trained: `CSR1`, hidden size (u16), then for each layer
/// its rows' scales (f32), biases (f32) and weights (i8, row by row).
static WEIGHTS: &[u8] = include_bytes!("reader.bin");

/// The two halves of `face` as the network sees them: each pixel's
/// distance from the face's colour, 100 at the pip cut. The second half is
/// turned round, so each patch has the divider on its right.
pub fn patches(face: &Face) -> [[u8; INPUTS]; 2] {
    let value = |i: usize, j: usize| face.apart.get(j * LONG + i).copied().unwrap_or(0.0);
    let mut out = [[0u8; INPUTS]; 2];
    for (half, patch) in out.iter_mut().enumerate() {
        for y in 0..SIDE {
            for x in 0..SIDE {
                let (i, j) = if half == 0 {
                    (2 * x, 2 * y)
                } else {
                    (LONG - 2 - 2 * x, SHORT - 2 - 2 * y)
                };
                let mean =
                    (value(i, j) + value(i + 1, j) + value(i, j + 1) + value(i + 1, j + 1)) / 4.0;
                patch[y * SIDE + x] = (mean / face.cut.max(1.0) * 100.0).min(255.0) as u8;
            }
        }
    }
    out
}

/// One layer: `rows` outputs of `cols` inputs each.
struct Layer<'a> {
    rows: usize,
    cols: usize,
    scales: &'a [u8],
    biases: &'a [u8],
    weights: &'a [u8],
}

fn f32_at(bytes: &[u8], k: usize) -> f32 {
    bytes
        .get(4 * k..4 * k + 4)
        .map_or(0.0, |b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
}

impl Layer<'_> {
    /// The layer's outputs for `input`.
    fn apply(&self, input: &[f32]) -> Vec<f32> {
        (0..self.rows)
            .map(|r| {
                let row = &self.weights[r * self.cols..(r + 1) * self.cols];
                let sum: f32 = row
                    .iter()
                    .zip(input)
                    .map(|(&w, &x)| f32::from(w as i8) * x)
                    .sum();
                sum * f32_at(self.scales, r) + f32_at(self.biases, r)
            })
            .collect()
    }
}

/// Cuts `bytes` into the two layers, or `None` if they do not fit.
fn layers(bytes: &[u8]) -> Option<[Layer<'_>; 2]> {
    let rest = bytes.strip_prefix(b"CSR1")?;
    let hidden = usize::from(u16::from_le_bytes([*rest.first()?, *rest.get(1)?]));
    let mut rest = &rest[2..];
    let mut layer = |rows: usize, cols: usize| -> Option<Layer<'_>> {
        let (scales, r) = rest.split_at_checked(4 * rows)?;
        let (biases, r) = r.split_at_checked(4 * rows)?;
        let (weights, r) = r.split_at_checked(rows * cols)?;
        rest = r;
        Some(Layer {
            rows,
            cols,
            scales,
            biases,
            weights,
        })
    };
    let first = layer(hidden, INPUTS)?;
    let second = layer(CLASSES, hidden)?;
    Some([first, second])
}

/// The patch's pips, 0 to `max`, or [`NOT_A_HALF`], and how sure the
/// network is (its probability), or `None` without usable weights.
pub fn classify(patch: &[u8; INPUTS], max: u8) -> Option<(u8, f32)> {
    classify_by(WEIGHTS, patch, max)
}

fn classify_by(weights: &[u8], patch: &[u8; INPUTS], max: u8) -> Option<(u8, f32)> {
    let [first, second] = layers(weights)?;
    let input: Vec<f32> = patch.iter().map(|&p| f32::from(p) / 100.0).collect();
    let hidden: Vec<f32> = first
        .apply(&input)
        .into_iter()
        .map(|h| h.max(0.0))
        .collect();
    let logits = second.apply(&hidden);
    let allowed: Vec<(usize, f32)> = logits
        .iter()
        .copied()
        .enumerate()
        .filter(|&(c, _)| c <= usize::from(max) || c == NOT_A_HALF)
        .collect();
    let (best, top) = allowed.iter().copied().max_by(|a, b| a.1.total_cmp(&b.1))?;
    let total: f32 = allowed.iter().map(|&(_, l)| (l - top).exp()).sum();
    Some((best as u8, 1.0 / total))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_weights_are_whole() {
        assert!(layers(WEIGHTS).is_some());
        let (pips, sure) = classify(&[0; INPUTS], 6).expect("weights");
        assert!((pips <= 6 || usize::from(pips) == NOT_A_HALF) && (0.0..=1.0).contains(&sure));
    }

    #[test]
    fn weights_cut_short_or_foreign_read_nothing_and_never_panic() {
        for len in [0, 3, 4, 5, 6, 100, WEIGHTS.len() - 1] {
            assert_eq!(classify_by(&WEIGHTS[..len], &[50; INPUTS], 15), None);
        }
        assert_eq!(classify_by(b"PNG\x89rest", &[50; INPUTS], 15), None);
        // A set's highest number above the classes is held to them.
        assert!(classify(&[50; INPUTS], 200).is_some());
    }

    #[test]
    fn a_face_cut_short_gives_patches_and_no_panic() {
        let face = Face {
            apart: vec![300.0; 10],
            cut: 0.0,
        };
        let [a, b] = patches(&face);
        assert_eq!(a.len(), INPUTS);
        assert!(b.iter().all(|&v| v == 0));
    }
}

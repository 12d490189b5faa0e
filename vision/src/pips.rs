//! Reading one tile: an upright copy of its face, 96 × 48, split at the
//! divider into two halves, and each half's pips counted as the blobs that
//! stand out from the face (darker or coloured on a white face, lighter on
//! a black one), the pin at the centre and the edges left out.

use super::outline::Quad;
use super::Picture;

pub const LONG: usize = 96;
pub const SHORT: usize = 48;

/// The face of a tile, upright: `LONG` × `SHORT` samples, row by row, each
/// how far its colour is from the face's own (each channel's median: pips
/// are a few of its pixels), and the cut between face and pip (Otsu's).
pub struct Face {
    pub apart: Vec<f32>,
    pub cut: f32,
}

/// The face of the tile outlined by `quad`.
pub fn face(picture: &Picture, quad: &Quad) -> Face {
    let face = upright(picture, quad);
    let median = |k: usize| {
        let mut hist = [0usize; 256];
        for p in &face {
            hist[(p[k] as usize).min(255)] += 1;
        }
        let mut below = 0;
        hist.iter()
            .position(|&n| {
                below += n;
                below > face.len() / 2
            })
            .map_or(0.0, |v| v as f32 + 0.5)
    };
    let colour = [median(0), median(1), median(2)];
    let apart: Vec<f32> = face
        .iter()
        .map(|p| {
            ((p[0] - colour[0]).powi(2) + (p[1] - colour[1]).powi(2) + (p[2] - colour[2]).powi(2))
                .sqrt()
        })
        .collect();
    let mut hist = [0u32; 256];
    for &d in &apart {
        hist[(d as usize).min(255)] += 1;
    }
    let cut = (otsu(&hist) as f32).max(40.0);
    Face { apart, cut }
}

/// The halves of `face` counted as blobs, or `None` when a half reads as
/// more than `max`: a pip is any pixel past the cut, dark, light or
/// coloured.
pub fn read(face: &Face, max: u8) -> Option<(u8, u8)> {
    let pip: Vec<bool> = face.apart.iter().map(|&d| d > face.cut).collect();
    let a = count_half(&pip, 0)?;
    let b = count_half(&pip, LONG / 2)?;
    (a <= max && b <= max).then_some((a, b))
}

/// Otsu's threshold of a histogram.
pub fn otsu(hist: &[u32; 256]) -> u8 {
    let total: u64 = hist.iter().map(|&h| h as u64).sum();
    let sum: f64 = hist
        .iter()
        .enumerate()
        .map(|(i, &h)| i as f64 * h as f64)
        .sum();
    let (mut below, mut sum_below, mut best, mut at) = (0u64, 0.0f64, 0.0f64, 0u8);
    for (i, &h) in hist.iter().enumerate() {
        below += h as u64;
        if below == 0 || below == total {
            continue;
        }
        sum_below += i as f64 * h as f64;
        let (wb, wf) = (below as f64, (total - below) as f64);
        let (mb, mf) = (sum_below / wb, (sum - sum_below) / wf);
        let between = wb * wf * (mb - mf) * (mb - mf);
        if between > best {
            best = between;
            at = i as u8;
        }
    }
    at
}

/// The tile's face sampled upright: `LONG` along it, `SHORT` across.
fn upright(picture: &Picture, quad: &Quad) -> Vec<[f32; 3]> {
    let mut out = Vec::with_capacity(LONG * SHORT);
    for j in 0..SHORT {
        for i in 0..LONG {
            let s = (i as f32 + 0.5) / LONG as f32 * 2.0 - 1.0;
            let t = (j as f32 + 0.5) / SHORT as f32 * 2.0 - 1.0;
            let (x, y) = quad.at(s, t);
            out.push(picture.sample(x - 0.5, y - 0.5));
        }
    }
    out
}

/// The pips in the half starting at column `from`: blobs of pip pixels
/// away from the half's edges and the tile's centre.
fn count_half(pip: &[bool], from: usize) -> Option<u8> {
    let margin = SHORT / 12;
    let half = LONG / 2;
    let inside = |i: usize, j: usize| {
        let centre = ((i + from) as f32 - LONG as f32 / 2.0).hypot(j as f32 - SHORT as f32 / 2.0);
        i >= margin
            && i + margin < half
            && j >= margin
            && j + margin < SHORT
            && centre > SHORT as f32 / 8.0
    };
    let mut seen = vec![false; half * SHORT];
    let mut areas = Vec::new();
    for j0 in 0..SHORT {
        for i0 in 0..half {
            let k0 = j0 * half + i0;
            if seen[k0]
                || !inside(i0, j0)
                || !pip.get(j0 * LONG + from + i0).copied().unwrap_or(false)
            {
                continue;
            }
            seen[k0] = true;
            let mut stack = vec![(i0, j0)];
            let mut area = 0usize;
            let (mut lo, mut hi) = ((i0, j0), (i0, j0));
            while let Some((i, j)) = stack.pop() {
                area += 1;
                lo = (lo.0.min(i), lo.1.min(j));
                hi = (hi.0.max(i), hi.1.max(j));
                let next = [
                    (i.wrapping_sub(1), j),
                    (i + 1, j),
                    (i, j.wrapping_sub(1)),
                    (i, j + 1),
                ];
                for (ni, nj) in next {
                    if ni >= half || nj >= SHORT || !inside(ni, nj) {
                        continue;
                    }
                    let k = nj * half + ni;
                    if !seen[k] && pip.get(nj * LONG + from + ni).copied().unwrap_or(false) {
                        seen[k] = true;
                        stack.push((ni, nj));
                    }
                }
            }
            // A strip (the table, an edge's shadow) is no pip: pips are
            // round, or two or three in a short row when they touch.
            let (bw, bh) = (hi.0 - lo.0 + 1, hi.1 - lo.1 + 1);
            let fill = area as f32 / (bw * bh) as f32;
            if bw.max(bh) < 4 * bw.min(bh) && fill > 0.35 {
                areas.push(area);
            }
        }
    }
    // Specks are noise; a blob twice the usual size is two pips touching;
    // one far larger than any pip is the face's edge or the table.
    let mut big: Vec<usize> = areas
        .into_iter()
        .filter(|&a| (SHORT * SHORT / 400..SHORT * SHORT / 8).contains(&a))
        .collect();
    if big.is_empty() {
        return Some(0);
    }
    big.sort_unstable();
    let usual = big[big.len() / 2] as f32;
    let n: usize = big
        .iter()
        .map(|&a| ((a as f32 / usual).round() as usize).max(1))
        .sum();
    u8::try_from(n).ok()
}

//! Reading one tile: an upright copy of its face, 96 × 48, split at the
//! divider into two halves, and each half's pips counted as the blobs that
//! stand out from the face (darker or coloured on a white face, lighter on
//! a black one), the pin at the centre and the edges left out.

use super::outline::Rect;
use super::Picture;

const LONG: usize = 96;
const SHORT: usize = 48;

/// The halves of the tile outlined by `rect`, or `None` when a half reads
/// as more than `max`.
pub fn read(picture: &Picture, rect: &Rect, max: u8, dark: bool) -> Option<(u8, u8)> {
    let face = upright(picture, rect);
    let level = |p: [f32; 3]| p[0].max(p[1]).max(p[2]);
    let mut levels: Vec<f32> = face.iter().map(|&p| level(p)).collect();
    levels.sort_by(f32::total_cmp);
    let face_level = levels.get(levels.len() * 3 / 4).copied().unwrap_or(0.0);
    let face_level = if dark {
        levels.get(levels.len() / 4).copied().unwrap_or(0.0)
    } else {
        face_level
    };
    let pip: Vec<bool> = face
        .iter()
        .map(|&p| {
            let v = level(p);
            let min = p[0].min(p[1]).min(p[2]);
            let saturation = if v > 0.0 { (v - min) / v } else { 0.0 };
            if dark {
                v - face_level > 60.0
            } else {
                face_level - v > 45.0 || (saturation > 0.35 && face_level - v > 12.0)
            }
        })
        .collect();
    let a = count_half(&pip, 0)?;
    let b = count_half(&pip, LONG / 2)?;
    (a <= max && b <= max).then_some((a, b))
}

/// The tile's face sampled upright: `LONG` along it, `SHORT` across.
fn upright(picture: &Picture, rect: &Rect) -> Vec<[f32; 3]> {
    let mut out = Vec::with_capacity(LONG * SHORT);
    for j in 0..SHORT {
        for i in 0..LONG {
            let u = ((i as f32 + 0.5) / LONG as f32 * 2.0 - 1.0) * rect.half_length;
            let v = ((j as f32 + 0.5) / SHORT as f32 * 2.0 - 1.0) * rect.half_width;
            let (x, y) = rect.at(u, v);
            out.push(picture.sample(x - 0.5, y - 0.5));
        }
    }
    out
}

/// The pips in the half starting at column `from`: blobs of pip pixels
/// away from the half's edges and the tile's centre.
fn count_half(pip: &[bool], from: usize) -> Option<u8> {
    let margin = 4;
    let half = LONG / 2;
    let inside = |i: usize, j: usize| {
        let centre = ((i + from) as f32 - LONG as f32 / 2.0).hypot(j as f32 - SHORT as f32 / 2.0);
        i >= margin && i + margin < half && j >= margin && j + margin < SHORT && centre > 6.0
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
            while let Some((i, j)) = stack.pop() {
                area += 1;
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
            areas.push(area);
        }
    }
    // Specks are noise; a blob twice the usual size is two pips touching.
    let mut big: Vec<usize> = areas.into_iter().filter(|&a| a >= 6).collect();
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

//! The tiles told from the table: a tile's face is white or ivory (or
//! black) and unsaturated, where wood, felt and most cloth are coloured.
//! Each polarity is tried; the one whose parts look most like tiles wins.

use super::Picture;

/// One connected part of the picture that may be one tile or several.
pub struct Part {
    pub points: Vec<(u32, u32)>,
    /// Black tiles (white pips).
    pub dark: bool,
    /// The median area of the parts shaped like one tile, pixels (0 if
    /// none is).
    pub typical_area: f32,
}

/// The parts of `picture` that are tiles' faces.
pub fn tile_parts(picture: &Picture) -> Vec<Part> {
    let light = parts_of(picture, false);
    let dark = parts_of(picture, true);
    let score = |ps: &[Part]| ps.iter().map(|p| p.points.len()).sum::<usize>();
    if score(&dark) > score(&light) {
        dark
    } else {
        light
    }
}

/// How much pixel `p` looks like a tile's face: bright (or dark) and grey.
fn faceness(p: [u8; 3], dark: bool) -> u8 {
    let max = p.iter().copied().max().unwrap_or(0) as u32;
    let min = p.iter().copied().min().unwrap_or(0) as u32;
    let grey = 255 - ((max - min) * 255).checked_div(max).unwrap_or(0);
    let level = if dark { 255 - max } else { max };
    (level * grey / 255) as u8
}

/// Otsu's threshold of a histogram.
fn otsu(hist: &[u32; 256]) -> u8 {
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

fn parts_of(picture: &Picture, dark: bool) -> Vec<Part> {
    let (w, h) = (picture.width, picture.height);
    let mut level = vec![0u8; w * h];
    let mut hist = [0u32; 256];
    for y in 0..h {
        for x in 0..w {
            let f = faceness(picture.at(x, y), dark);
            level[y * w + x] = f;
            hist[f as usize] += 1;
        }
    }
    let cut = otsu(&hist);
    // The faces' own level, and a cut between it and Otsu's: a tile's
    // bevelled rim and its side faces fall below it, so tiles that touch
    // come apart at their edges.
    let mut above: Vec<u8> = level.iter().copied().filter(|&f| f > cut).collect();
    above.sort_unstable();
    let face = above.get(above.len() / 2).copied().unwrap_or(cut);
    let core = cut as u32 + (face.saturating_sub(cut) as u32) * 85 / 100;
    let mut mask: Vec<bool> = level.iter().map(|&f| f as u32 > core).collect();
    fill_holes(&mut mask, w, h);
    let area = (w * h) as f32;
    let mut parts: Vec<Part> = components(&mask, w, h)
        .into_iter()
        .filter(|pts| {
            let a = pts.len() as f32 / area;
            (0.0004..0.4).contains(&a)
        })
        .map(|points| Part {
            points,
            dark,
            typical_area: 0.0,
        })
        .collect();
    let mut singles: Vec<f32> = parts
        .iter()
        .filter_map(|p| {
            let r = super::outline::rectangle(&p.points)?;
            let fill = p.points.len() as f32 / r.area().max(1.0);
            let aspect = r.half_length / r.half_width.max(0.5);
            ((1.6..2.5).contains(&aspect) && fill > 0.8).then_some(p.points.len() as f32)
        })
        .collect();
    singles.sort_by(f32::total_cmp);
    let typical = singles.get(singles.len() / 2).copied().unwrap_or(0.0);
    if std::env::var("VISION_DEBUG").is_ok() {
        eprintln!(
            "dark {dark} otsu {cut} face {face} core {core} parts {} singles {:?}",
            parts.len(),
            singles
        );
    }
    // Without one part shaped like a tile, this polarity found no tiles.
    if typical == 0.0 {
        return Vec::new();
    }
    for p in &mut parts {
        p.typical_area = typical;
    }
    parts.retain(|p| p.points.len() as f32 > typical * 0.4);
    parts
}

/// Marks as mask every pixel the table cannot reach from the picture's
/// edge without crossing the mask (a tile's pips, its divider).
fn fill_holes(mask: &mut [bool], w: usize, h: usize) {
    let mut outside = vec![false; w * h];
    let mut stack: Vec<usize> = Vec::new();
    for x in 0..w {
        stack.push(x);
        stack.push((h - 1) * w + x);
    }
    for y in 0..h {
        stack.push(y * w);
        stack.push(y * w + w - 1);
    }
    while let Some(i) = stack.pop() {
        if mask.get(i) != Some(&false) || outside.get(i) != Some(&false) {
            continue;
        }
        outside[i] = true;
        let (x, y) = (i % w, i / w);
        if x > 0 {
            stack.push(i - 1);
        }
        if x + 1 < w {
            stack.push(i + 1);
        }
        if y > 0 {
            stack.push(i - w);
        }
        if y + 1 < h {
            stack.push(i + w);
        }
    }
    for (m, o) in mask.iter_mut().zip(outside) {
        *m = !o;
    }
}

/// The mask's 4-connected parts, as their pixels.
fn components(mask: &[bool], w: usize, h: usize) -> Vec<Vec<(u32, u32)>> {
    let mut seen = vec![false; w * h];
    let mut parts = Vec::new();
    let mut stack = Vec::new();
    for start in 0..w * h {
        if !mask[start] || seen[start] {
            continue;
        }
        let mut pts = Vec::new();
        seen[start] = true;
        stack.push(start);
        while let Some(i) = stack.pop() {
            let (x, y) = (i % w, i / w);
            pts.push((x as u32, y as u32));
            let mut visit = |j: usize| {
                if mask[j] && !seen[j] {
                    seen[j] = true;
                    stack.push(j);
                }
            };
            if x > 0 {
                visit(i - 1);
            }
            if x + 1 < w {
                visit(i + 1);
            }
            if y > 0 {
                visit(i - w);
            }
            if y + 1 < h {
                visit(i + w);
            }
        }
        parts.push(pts);
    }
    parts
}

//! Counting a Chickenfoot hand from a photo (issue 38): the tiles laid face
//! up, found and read on the phone. Pure Rust over a picture's pixels (the
//! browser decodes and shrinks the photo); tested natively against the
//! generated pictures of `photos/`. Nothing here panics on any picture.
//! The app's `vision` module turns what is found into the rules' tiles.
//!
//! The steps: each tile found by its divider, the thin line across its
//! middle (`divider`), its outline fitted to its face (`fit`), then each
//! half's pips counted on an upright copy of the tile (`pips`).

mod divider;
mod fit;
mod layout;
mod outline;
mod pips;
mod trained;

pub use layout::pip_cells;
pub use outline::Quad;
pub use trained::{INPUTS, SIDE};

/// A picture: `width` × `height` pixels, row by row, each `step` bytes
/// whose first three are red, green and blue (3 for RGB; 4 for RGBA, as a
/// canvas gives them).
pub struct Picture<'a> {
    pub width: usize,
    pub height: usize,
    pub step: usize,
    pub pixels: &'a [u8],
}

impl Picture<'_> {
    /// The pixel at (`x`, `y`), black outside.
    fn at(&self, x: usize, y: usize) -> [u8; 3] {
        if x >= self.width {
            return [0; 3];
        }
        let i = (y * self.width + x) * self.step;
        match self.pixels.get(i..i + 3) {
            Some(p) => [p[0], p[1], p[2]],
            None => [0; 3],
        }
    }

    /// Bilinear sample at (`x`, `y`), in pixels.
    fn sample(&self, x: f32, y: f32) -> [f32; 3] {
        let (x0, y0) = (x.floor(), y.floor());
        if x0 < 0.0 || y0 < 0.0 {
            return [0.0; 3];
        }
        let (tx, ty) = (x - x0, y - y0);
        let (xi, yi) = (x0 as usize, y0 as usize);
        let p = |dx: usize, dy: usize| self.at(xi + dx, yi + dy).map(f32::from);
        let (a, b, c, d) = (p(0, 0), p(1, 0), p(0, 1), p(1, 1));
        [0, 1, 2].map(|k| {
            let top = a[k] + (b[k] - a[k]) * tx;
            let bottom = c[k] + (d[k] - c[k]) * tx;
            top + (bottom - top) * ty
        })
    }
}

/// A tile found: its two halves' pips (the first at the end of the first
/// two corners) and its top face's corners in the picture, pixels.
#[derive(Clone, Debug, PartialEq)]
pub struct Found {
    pub halves: (u8, u8),
    pub corners: [(f32, f32); 4],
}

/// The same tile either way round.
fn same(a: (u8, u8), b: (u8, u8)) -> bool {
    a == b || a == (b.1, b.0)
}

/// How a tile's halves are read: by counting the blobs on each
/// (`Counted`), by the trained network (`Trained`), or counted with the
/// network's reading where it is sure of a tile the count read
/// (`Checked`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reader {
    Counted,
    Trained,
    Checked,
}

/// The tiles in `picture` of the set whose highest half is `max` pips,
/// each once, read by the trained network (it measured best:
/// docs/photo-counter.md).
pub fn count(picture: &Picture, max: u8) -> Vec<Found> {
    count_with(picture, max, Reader::Trained)
}

/// `count`, each tile's halves read by `reader`.
pub fn count_with(picture: &Picture, max: u8, reader: Reader) -> Vec<Found> {
    let mut found: Vec<Found> = Vec::new();
    // An outline not read as a tile (across two tiles, or on a seam between
    // rows of them) claims no tile: the lines it hid are tried.
    outlines_kept(picture, |quad| {
        let Some(halves) = read(picture, quad, max, reader) else {
            return false;
        };
        if !found.iter().any(|f| same(f.halves, halves)) {
            found.push(Found {
                halves,
                corners: quad.corners,
            });
        }
        true
    });
    found
}

/// The halves of the tile outlined by `quad`, read by `reader`, or `None`
/// when they cannot be read as a tile of the set.
pub fn read(picture: &Picture, quad: &Quad, max: u8, reader: Reader) -> Option<(u8, u8)> {
    let face = pips::face(picture, quad);
    match reader {
        Reader::Counted => pips::read(&face, max),
        Reader::Trained => trained_halves(&face, max, 0.0),
        Reader::Checked => {
            let counted = pips::read(&face, max)?;
            Some(trained_halves(&face, max, SURE).unwrap_or(counted))
        }
    }
}

/// How sure the network must be of both halves for `Checked` to take its
/// reading.
const SURE: f32 = 0.9;

/// Both halves as the network reads them, if it is at least `sure` of
/// each and reads both as halves.
fn trained_halves(face: &pips::Face, max: u8, sure: f32) -> Option<(u8, u8)> {
    let [a, b] = trained::patches(face);
    let (a, pa) = trained::classify(&a, max)?;
    let (b, pb) = trained::classify(&b, max)?;
    let halves = usize::from(a) != trained::NOT_A_HALF && usize::from(b) != trained::NOT_A_HALF;
    (halves && pa >= sure && pb >= sure).then_some((a, b))
}

/// Each half of the tile outlined by `quad`, as the trained reader sees it
/// (for training it).
pub fn half_patches(picture: &Picture, quad: &Quad) -> [[u8; INPUTS]; 2] {
    trained::patches(&pips::face(picture, quad))
}

/// The outlines of the tiles in `picture`, the surest first.
pub fn outlines(picture: &Picture) -> Vec<Quad> {
    outlines_kept(picture, |_| true)
}

/// The outlines of the tiles in `picture`, the surest first, each one
/// `keep` takes: an outline kept hides the lines claiming its tile; one
/// not kept hides nothing.
fn outlines_kept(picture: &Picture, mut keep: impl FnMut(&Quad) -> bool) -> Vec<Quad> {
    let mut quads = Vec::new();
    if picture.width < 16
        || picture.height < 16
        || picture.step < 3
        || picture.pixels.len() < picture.width * picture.height * picture.step
    {
        return quads;
    }
    let (w, h) = (picture.width, picture.height);
    let lum = divider::luminance(picture, w, h);
    // Dividers are looked for at three scales, the first at most 1400
    // pixels long (a larger picture only sharpens the pips).
    let (mut small, mut sw, mut sh, mut scale) = (lum.clone(), w, h, 1.0);
    while sw.max(sh) > 1400 {
        (small, sw, sh) = halve(&small, sw, sh);
        scale *= 2.0;
    }
    let mut lines = Vec::new();
    for k in 0..3 {
        if k > 0 {
            (small, sw, sh) = halve(&small, sw, sh);
            scale *= 2.0;
        }
        lines.extend(divider::lines(picture, &small, sw, sh, scale));
    }
    // A line whose tile shows no face may have its ends misplaced (found
    // at a coarser scale, or swollen by a pip or a pin): tried again with
    // its ends found on the picture itself.
    let (mut tiles, mut unfaced) = (Vec::new(), Vec::new());
    for line in lines {
        if faced(picture, &lum, &line, &line.tile(), true) {
            tiles.push(line);
            continue;
        }
        let again = divider::refit(&lum, w, h, line);
        if faced(picture, &lum, &again, &again.tile(), true) {
            tiles.push(again);
        } else {
            unfaced.push(again);
        }
    }
    // The tiles' usual size: the median width, each line weighing by its
    // length and contrast (so the many short specks of pips and edges do
    // not outvote the dividers).
    let mut widths: Vec<(f32, f32)> = tiles
        .iter()
        .map(|l| (l.tile().half_width, l.strength))
        .collect();
    widths.sort_by(|a, b| a.0.total_cmp(&b.0));
    let half_weight = widths.iter().map(|w| w.1).sum::<f32>() / 2.0;
    let mut so_far = 0.0;
    let typical = widths
        .iter()
        .find(|w| {
            so_far += w.1;
            so_far >= half_weight
        })
        .map_or(0.0, |w| w.0);
    // A line some tiles long may be the dividers
    // of tiles lying side by side, run together through the strips of
    // table between them (a black tile's light divider reaches the light
    // table): cut into that many lines of the usual length, each tried.
    let usual = typical * 2.0 * divider::SHARE_OF_WIDTH;
    let long: Vec<divider::Line> = tiles
        .iter()
        .chain(&unfaced)
        .filter(|l| l.length >= 1.7 * usual)
        .copied()
        .collect();
    for l in long {
        let k = (l.length / (typical * 2.0)).round();
        if !(2.0..=4.0).contains(&k) {
            continue;
        }
        for i in 0..k as usize {
            let t = (i as f32 + 0.5) / k - 0.5;
            let piece = divider::Line {
                centre: (
                    l.centre.0 + t * l.length * l.dir.0,
                    l.centre.1 + t * l.length * l.dir.1,
                ),
                length: usual,
                // Below any line found whole, where one claims its tile.
                strength: l.strength / 4.0,
                ..l
            };
            // (Its line goes on past its ends, into the next tile's.)
            if faced(picture, &lum, &piece, &piece.tile(), false) {
                tiles.push(piece);
            }
        }
    }
    let mut tiles: Vec<(divider::Line, outline::Rect)> = tiles
        .into_iter()
        .map(|l| (l, l.tile()))
        .filter(|(_, r)| (0.6..1.6).contains(&(r.half_width / typical.max(1e-3))))
        .collect();
    tiles.sort_by(|a, b| rank(&b.0).total_cmp(&rank(&a.0)));
    let mut kept: Vec<outline::Rect> = Vec::new();
    for (_, rect) in tiles {
        if kept.iter().any(|k| overlap(k, &rect) > 0.25) {
            continue;
        }
        let quad = fit::to_face(picture, rect);
        if keep(&quad) {
            kept.push(rect);
            quads.push(quad);
        }
    }
    quads
}

/// Which of two lines claiming one tile is its divider: the one of higher
/// contrast (a row's seam is softer).
fn rank(l: &divider::Line) -> f32 {
    l.strength
}

/// How much of `b` lies in `a`, as a share of `b` (on a 6 × 3 grid).
fn overlap(a: &outline::Rect, b: &outline::Rect) -> f32 {
    let mut inside = 0;
    for i in 0..6 {
        for j in 0..3 {
            let u = ((i as f32 + 0.5) / 6.0 * 2.0 - 1.0) * b.half_length;
            let v = ((j as f32 + 0.5) / 3.0 * 2.0 - 1.0) * b.half_width;
            inside += a.holds(b.at(u, v), 1.0) as usize;
        }
    }
    inside as f32 / 18.0
}

/// `lum` at half its size (each 2 × 2 pixels' mean).
fn halve(lum: &[u8], w: usize, h: usize) -> (Vec<u8>, usize, usize) {
    let (hw, hh) = (w / 2, h / 2);
    let mut out = vec![0u8; hw * hh];
    for (y, line) in out.chunks_exact_mut(hw.max(1)).enumerate().take(hh) {
        let (top, bottom) = (2 * y * w, (2 * y + 1) * w);
        halve_row(&lum[top..top + 2 * hw], &lum[bottom..bottom + 2 * hw], line);
    }
    (out, hw, hh)
}

/// `line`: each 2 × 2 pixels' mean of rows `top` and `bottom` (a function
/// called once a row, which the browser's WASM compiles well; see
/// `divider::along_row`).
#[inline(never)]
fn halve_row(top: &[u8], bottom: &[u8], line: &mut [u8]) {
    let pairs = top.chunks_exact(2).zip(bottom.chunks_exact(2));
    for (o, (t, b)) in line.iter_mut().zip(pairs) {
        let sum = u16::from(t[0]) + u16::from(t[1]) + u16::from(b[0]) + u16::from(b[1]);
        *o = ((sum + 2) / 4) as u8;
    }
}

/// Whether the tile `rect` that `line` would divide has a face: mostly of
/// one level, well apart from the line's (lighter than a dark line, darker
/// than a light one).
fn faced(
    picture: &Picture,
    lum: &[u8],
    line: &divider::Line,
    rect: &outline::Rect,
    ends: bool,
) -> bool {
    let (w, h) = (picture.width, picture.height);
    let at = |p: (f32, f32)| divider::lum_at(lum, w, h, p);
    let mut face = Vec::new();
    for i in 0..16 {
        for j in 0..8 {
            let u = ((i as f32 + 0.5) / 16.0 * 2.0 - 1.0) * rect.half_length * 0.85;
            let v = ((j as f32 + 0.5) / 8.0 * 2.0 - 1.0) * rect.half_width * 0.85;
            if u.abs() < rect.half_width * 0.15 {
                continue;
            }
            match at(rect.at(u, v)) {
                Some(l) => face.push(l),
                None => return false,
            }
        }
    }
    face.sort_by(f32::total_cmp);
    let median = face[face.len() / 2];
    let near = face.iter().filter(|&&l| (l - median).abs() < 35.0).count();
    // The line's level at five points along it, each the darkest (or
    // lightest) of three across it: a thin line blurred may fall between
    // two pixels.
    let mut on_line: Vec<f32> = (-2..=2)
        .filter_map(|k| line.level(lum, w, h, k as f32 / 5.0 * line.length, &[-1.0, 0.0, 1.0]))
        .collect();
    on_line.sort_by(f32::total_cmp);
    let Some(&line_level) = on_line.get(on_line.len() / 2) else {
        return false;
    };
    let apart = if line.light {
        line_level - median
    } else {
        median - line_level
    };
    // Just past each end of a divider is its tile's face (0.08 of a width
    // is left at each end, where the line's blurred end may still reach);
    // past the end of a strip of table between two tiles lying side by
    // side is the table.
    let past_ends = !ends
        || [-0.92, 0.92].iter().all(|&k| {
            at(rect.at(0.0, k * rect.half_width)).is_some_and(|l| (l - median).abs() < apart * 0.75)
        });
    // At least half the face is near its median (a Double-9's 9-9 leaves
    // little more than that between its pips).
    apart > 50.0 && near * 10 >= face.len() * 5 && past_ends
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A brown table with one white tile, upright, its halves showing
    /// `a` and `b` as dark dots (the layouts of 0-6).
    fn one_tile(a: u8, b: u8) -> Vec<u8> {
        let (w, h) = (200usize, 150usize);
        let mut rgb = vec![0u8; w * h * 3];
        let spots = |n: u8| -> Vec<(f32, f32)> {
            let g = |c: usize| ((c % 3) as f32 - 1.0, (c / 3) as f32 - 1.0);
            pip_cells(n).iter().map(|&c| g(c)).collect()
        };
        for y in 0..h {
            for x in 0..w {
                // The tile: 40 wide, 80 long, centred at (100, 75).
                let (u, v) = (y as f32 - 75.0, x as f32 - 100.0);
                let mut c = [150u8, 90, 40];
                if u.abs() < 40.0 && v.abs() < 20.0 {
                    c = [240, 238, 230];
                    let (n, hu) = if u < 0.0 {
                        (a, u + 20.0)
                    } else {
                        (b, u - 20.0)
                    };
                    if spots(n)
                        .iter()
                        .any(|(sx, sy)| (v - sx * 11.0).hypot(hu - sy * 11.0) < 3.5)
                    {
                        c = [20, 20, 20];
                    }
                    // The divider stops short of the tile's sides.
                    if u.abs() < 1.0 && v.abs() < 16.0 {
                        c = [60, 60, 60];
                    }
                }
                rgb[(y * w + x) * 3..(y * w + x) * 3 + 3].copy_from_slice(&c);
            }
        }
        rgb
    }

    #[test]
    fn a_lone_tile_is_read_with_both_halves() {
        for (a, b) in [(2, 5), (0, 6), (3, 3)] {
            let rgb = one_tile(a, b);
            let found = count(
                &Picture {
                    width: 200,
                    height: 150,
                    step: 3,
                    pixels: &rgb,
                },
                6,
            );
            assert_eq!(found.len(), 1, "{a}-{b}: {found:?}");
            assert!(same(found[0].halves, (a, b)), "{a}-{b}: {found:?}");
        }
    }

    #[test]
    fn no_picture_or_a_short_one_gives_nothing_and_no_panic() {
        let rgb = one_tile(1, 2);
        for (w, h, len) in [
            (0, 0, 0),
            (200, 150, 10),
            (200, 150, rgb.len() - 1),
            (3, 3, 27),
        ] {
            let picture = Picture {
                width: w,
                height: h,
                step: 3,
                pixels: rgb.get(..len).unwrap_or(&[]),
            };
            assert!(count(&picture, 9).is_empty());
        }
        let flat = vec![128u8; 100 * 100 * 3];
        assert!(count(
            &Picture {
                width: 100,
                height: 100,
                step: 3,
                pixels: &flat
            },
            12
        )
        .is_empty());
    }
}

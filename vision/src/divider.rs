//! Tiles found by their dividers: every domino has a line across its
//! middle, thin, straight and of high contrast (dark on a white face, light
//! on a black one), about 0.84 of the tile's width long. A line found gives
//! the tile's centre, its turn and its size, whether or not the tile
//! touches or lies a little over its neighbours: nothing has to part the
//! faces from each other.

use super::outline::Rect;
use super::Picture;

/// How long a divider is, as a share of its tile's width.
pub const SHARE_OF_WIDTH: f32 = 0.84;

/// A thin straight line found in the picture, pixels.
#[derive(Clone, Copy, Debug)]
pub struct Line {
    pub centre: (f32, f32),
    /// Unit direction along it.
    pub dir: (f32, f32),
    pub length: f32,
    pub thickness: f32,
    /// Its mean contrast with its surroundings, luminance levels.
    pub strength: f32,
    /// Light on a dark face.
    pub light: bool,
}

impl Line {
    /// Its level `t` pixels along it from its centre on `lum` (`w` × `h`):
    /// the darkest (for a light line the lightest) of the pixels `d` across
    /// it, for each `d` in `across` (a thin line blurred may fall between
    /// two pixels).
    pub fn level(&self, lum: &[u8], w: usize, h: usize, t: f32, across: &[f32]) -> Option<f32> {
        let levels = across.iter().filter_map(|&d| {
            lum_at(
                lum,
                w,
                h,
                (
                    self.centre.0 + t * self.dir.0 - d * self.dir.1,
                    self.centre.1 + t * self.dir.1 + d * self.dir.0,
                ),
            )
        });
        if self.light {
            levels.reduce(f32::max)
        } else {
            levels.reduce(f32::min)
        }
    }

    /// The tile this line would divide: across the line, a width either
    /// side; along it, half a width either side.
    pub fn tile(&self) -> Rect {
        let width = self.length / SHARE_OF_WIDTH;
        Rect {
            centre: self.centre,
            axis: (-self.dir.1, self.dir.0),
            half_length: width,
            half_width: width / 2.0,
        }
    }
}

/// `lum`'s level (`w` × `h`, row by row) at the point `(x, y)`, pixels;
/// `None` outside it.
pub fn lum_at(lum: &[u8], w: usize, h: usize, (x, y): (f32, f32)) -> Option<f32> {
    (x >= 0.0 && y >= 0.0 && (x as usize) < w && (y as usize) < h)
        .then(|| f32::from(lum[y as usize * w + x as usize]))
}

/// The picture's luminance, row by row, 0 to 255.
pub fn luminance(picture: &Picture, w: usize, h: usize) -> Vec<u8> {
    picture
        .pixels
        .chunks_exact(picture.step)
        .take(w * h)
        .map(|p| ((77 * p[0] as u32 + 150 * p[1] as u32 + 29 * p[2] as u32 + 128) >> 8) as u8)
        .collect()
}

/// The lines at one scale: `lum` is `w` × `h`; what is found is scaled by
/// `scale` back to the picture's pixels.
pub fn lines(picture: &Picture, lum: &[u8], w: usize, h: usize, scale: f32) -> Vec<Line> {
    let mut out = Vec::new();
    for light in [false, true] {
        let signal = top_hat(lum, w, h, 2, light);
        let mask: Vec<bool> = signal.iter().map(|&s| s > 40).collect();
        let mut pieces: Vec<Line> = blobs(&mask, w, h)
            .into_iter()
            .filter_map(|pts| shape(&pts, &signal, w, light))
            .filter(|l| l.length >= 6.0 && l.length >= 3.0 * l.thickness)
            .collect();
        let pin = |a: &Line, b: &Line| {
            let mid = (
                (a.centre.0 + b.centre.0) / 2.0,
                (a.centre.1 + b.centre.1) / 2.0,
            );
            let p = picture.at((mid.0 * scale) as usize, (mid.1 * scale) as usize);
            let brass = p[0] as i32 - p[2] as i32 > 60 && p[1] as i32 - p[2] as i32 > 25;
            // Beside a pin is the face, as beside the pieces; beside the gap
            // between two tiles' dividers is the table between the tiles.
            let off = 0.15 * (a.length + b.length);
            let level = |(x, y): (f32, f32), k: f32| {
                lum_at(lum, w, h, (x - a.dir.1 * off * k, y + a.dir.0 * off * k))
            };
            let face = [
                level(a.centre, 1.0),
                level(a.centre, -1.0),
                level(b.centre, 1.0),
                level(b.centre, -1.0),
            ];
            let beside = [level(mid, 1.0), level(mid, -1.0)];
            let (Some(lo), Some(hi)) = (
                face.iter().flatten().copied().reduce(f32::min),
                face.iter().flatten().copied().reduce(f32::max),
            ) else {
                return false;
            };
            let like_face = |l: &Option<f32>| l.is_some_and(|l| l > lo - 25.0 && l < hi + 25.0);
            // Or, further out on both sides (past a pin's blurred edge on
            // a small tile), the face again.
            let further = [level(mid, 2.2), level(mid, -2.2)];
            brass && (beside.iter().any(like_face) || further.iter().all(like_face))
        };
        join_collinear(&mut pieces, pin);
        out.extend(
            pieces
                .into_iter()
                .filter(|l| l.length >= 10.0 && l.length >= 8.0 * l.thickness)
                .map(|l| Line {
                    centre: (l.centre.0 * scale, l.centre.1 * scale),
                    length: l.length * scale,
                    thickness: l.thickness * scale,
                    ..l
                }),
        );
    }
    out
}

/// `line` (found at a coarser scale, or its blob swollen by a pip or a
/// pin) with its ends found again on `lum`, `w` × `h`, the picture's own
/// pixels: walked out from a quarter of its length each way while the
/// picture stays nearer the line's level than the face's beside it. The
/// line as it was if either end is not found, or the length found is under
/// two thirds or over one and a half times the old.
pub fn refit(lum: &[u8], w: usize, h: usize, line: Line) -> Line {
    let d = line.dir;
    // The line's level at `t` along it, of five pixels across it.
    let level = |t: f32| line.level(lum, w, h, t, &[-2.0, -1.0, 0.0, 1.0, 2.0]);
    let beside = line.thickness.max(2.0) + 3.0;
    // The face beside it: its level a few pixels to either side.
    let face: Vec<f32> = [-0.25, 0.25]
        .iter()
        .flat_map(|&k| [beside, -beside].map(|s| line.level(lum, w, h, k * line.length, &[s])))
        .flatten()
        .collect();
    let on: Vec<f32> = [-0.3, -0.25, 0.25, 0.3]
        .iter()
        .filter_map(|&k| level(k * line.length))
        .collect();
    if face.len() < 4 || on.len() < 4 {
        return line;
    }
    let mean = |v: &[f32]| v.iter().sum::<f32>() / v.len() as f32;
    let cut = (mean(&face) + mean(&on)) / 2.0;
    let liney = |t: f32| level(t).is_some_and(|l| if line.light { l > cut } else { l < cut });
    // Out from a quarter of the length (past a pin at the middle) until
    // two steps in a row leave the line.
    let end = |sign: f32| -> Option<f32> {
        let mut last = None;
        let mut t = 0.25 * line.length;
        let mut misses = 0;
        while t < 0.8 * line.length {
            if liney(sign * t) {
                last = Some(t);
                misses = 0;
            } else {
                misses += 1;
                if misses == 2 {
                    break;
                }
            }
            t += 1.0;
        }
        last
    };
    let (Some(a), Some(b)) = (end(1.0), end(-1.0)) else {
        return line;
    };
    let length = a + b + 1.0;
    if !(0.67..1.5).contains(&(length / line.length)) {
        return line;
    }
    let shift = (a - b) / 2.0;
    Line {
        centre: (line.centre.0 + shift * d.0, line.centre.1 + shift * d.1),
        length,
        ..line
    }
}

/// Thin features of `lum` narrower than `2r + 1`: darker than their
/// surroundings (a closing less the picture) or, with `light`, lighter
/// (the picture less an opening).
fn top_hat(lum: &[u8], w: usize, h: usize, r: usize, light: bool) -> Vec<u8> {
    let grown = if light {
        filter(&filter(lum, w, h, r, u8::min), w, h, r, u8::max)
    } else {
        filter(&filter(lum, w, h, r, u8::max), w, h, r, u8::min)
    };
    lum.iter()
        .zip(&grown)
        .map(|(&p, &g)| if light { p - g } else { g - p })
        .collect()
}

/// A square `2r + 1` filter taking `pick` of each neighbourhood, in two
/// passes (along each row, then across the rows, a whole row at a time).
/// On bytes and slices, which the WASM build runs several times faster
/// than floats indexed pixel by pixel.
fn filter(src: &[u8], w: usize, h: usize, r: usize, pick: impl Fn(u8, u8) -> u8 + Copy) -> Vec<u8> {
    if w == 0 || h == 0 {
        return Vec::new();
    }
    let mut rows = vec![0u8; w * h];
    for (row, out) in src.chunks_exact(w).zip(rows.chunks_exact_mut(w)) {
        along_row(row, out, r, pick);
    }
    let mut out = vec![0u8; w * h];
    for (y, line) in out.chunks_exact_mut(w).enumerate() {
        let (a, b) = (y.saturating_sub(r), (y + r).min(h - 1));
        across_rows(&rows[a * w..(b + 1) * w], line, pick);
    }
    out
}

// The passes are functions called once a row, not loops in one call: the
// browser compiles a WASM function well only once it has run a while, and
// a function called once runs to its end as first compiled.

/// `out[x]`: `pick` of `row` from `x - r` to `x + r`.
#[inline(never)]
fn along_row(row: &[u8], out: &mut [u8], r: usize, pick: impl Fn(u8, u8) -> u8 + Copy) {
    let w = row.len().min(out.len());
    let window = |x: usize| {
        row[x.saturating_sub(r)..(x + r + 1).min(w)]
            .iter()
            .copied()
            .reduce(pick)
            .unwrap_or(0)
    };
    if r != 2 || w < 5 {
        for (x, o) in out.iter_mut().enumerate().take(w) {
            *o = window(x);
        }
        return;
    }
    // The top-hat's radius, away from the ends: five neighbours at fixed
    // offsets, with no slice made or bound checked per pixel (most of the
    // count's time went to the window above).
    for (o, win) in out[2..w - 2].iter_mut().zip(row.windows(5)) {
        if let &[a, b, c, d, e] = win {
            *o = pick(pick(pick(a, b), pick(c, d)), e);
        }
    }
    for x in [0, 1, w - 2, w - 1] {
        out[x] = window(x);
    }
}

/// `line`: `pick` of the rows of `rows` (each `line.len()` long), pixel by
/// pixel.
#[inline(never)]
fn across_rows(rows: &[u8], line: &mut [u8], pick: impl Fn(u8, u8) -> u8) {
    let w = line.len();
    if w > 0 && rows.len() == 5 * w {
        // The top-hat's radius, away from the top and bottom: the five rows
        // read together, each pixel stored once.
        let (r0, r1, r2, r3, r4) = (
            &rows[..w],
            &rows[w..2 * w],
            &rows[2 * w..3 * w],
            &rows[3 * w..4 * w],
            &rows[4 * w..5 * w],
        );
        // (Indexed: the rows zipped ran slower in the browser's WASM.)
        #[allow(clippy::needless_range_loop)]
        for x in 0..w {
            line[x] = pick(pick(pick(r0[x], r1[x]), pick(r2[x], r3[x])), r4[x]);
        }
        return;
    }
    let mut rows = rows.chunks_exact(w.max(1));
    if let Some(first) = rows.next() {
        line.copy_from_slice(first);
    }
    for row in rows {
        for (o, &p) in line.iter_mut().zip(row) {
            *o = pick(*o, p);
        }
    }
}

/// The mask's 8-connected parts, as their pixel indices.
fn blobs(mask: &[bool], w: usize, h: usize) -> Vec<Vec<usize>> {
    let mut seen = vec![false; w * h];
    let mut parts = Vec::new();
    for start in 0..w * h {
        if !mask[start] || seen[start] {
            continue;
        }
        seen[start] = true;
        let mut stack = vec![start];
        let mut pts = Vec::new();
        while let Some(i) = stack.pop() {
            pts.push(i);
            let (x, y) = ((i % w) as isize, (i / w) as isize);
            for (dx, dy) in [
                (-1, -1),
                (0, -1),
                (1, -1),
                (-1, 0),
                (1, 0),
                (-1, 1),
                (0, 1),
                (1, 1),
            ] {
                let (nx, ny) = (x + dx, y + dy);
                if nx < 0 || ny < 0 || nx >= w as isize || ny >= h as isize {
                    continue;
                }
                let j = ny as usize * w + nx as usize;
                if mask[j] && !seen[j] {
                    seen[j] = true;
                    stack.push(j);
                }
            }
        }
        parts.push(pts);
    }
    parts
}

/// A part's line: its main axis (by its second moments), its length along
/// it and its mean thickness.
fn shape(pts: &[usize], signal: &[u8], w: usize, light: bool) -> Option<Line> {
    if pts.len() < 6 || pts.len() > 20_000 {
        return None;
    }
    let n = pts.len() as f32;
    let xy = |i: usize| ((i % w) as f32, (i / w) as f32);
    let (mx, my) = pts
        .iter()
        .map(|&i| xy(i))
        .fold((0.0, 0.0), |(a, b), (x, y)| (a + x / n, b + y / n));
    let (mut sxx, mut sxy, mut syy) = (0.0, 0.0, 0.0);
    for &i in pts {
        let (x, y) = xy(i);
        sxx += (x - mx) * (x - mx) / n;
        sxy += (x - mx) * (y - my) / n;
        syy += (y - my) * (y - my) / n;
    }
    let angle = 0.5 * (2.0 * sxy).atan2(sxx - syy);
    let dir = (angle.cos(), angle.sin());
    let (mut lo, mut hi) = (f32::MAX, f32::MIN);
    for &i in pts {
        let (x, y) = xy(i);
        let u = (x - mx) * dir.0 + (y - my) * dir.1;
        lo = lo.min(u);
        hi = hi.max(u);
    }
    let length = hi - lo + 1.0;
    let mid = (lo + hi) / 2.0;
    Some(Line {
        centre: (mx + mid * dir.0, my + mid * dir.1),
        dir,
        length,
        thickness: n / length,
        strength: pts.iter().map(|&i| f32::from(signal[i])).sum::<f32>() / n,
        light,
    })
}

/// Joins pieces of one line broken by a pin at its middle: parallel, on
/// one line, a short gap apart, and a pin between them (`pin`). Without
/// the pin, they are the dividers of two tiles lying side by side.
fn join_collinear(lines: &mut Vec<Line>, pin: impl Fn(&Line, &Line) -> bool) {
    let mut i = 0;
    while i < lines.len() {
        let mut joined = false;
        for j in i + 1..lines.len() {
            let (a, b) = (lines[i], lines[j]);
            if a.light != b.light || (a.dir.0 * b.dir.0 + a.dir.1 * b.dir.1).abs() < 0.985 {
                continue;
            }
            let d = (b.centre.0 - a.centre.0, b.centre.1 - a.centre.1);
            let across = (-a.dir.1 * d.0 + a.dir.0 * d.1).abs();
            let along = (a.dir.0 * d.0 + a.dir.1 * d.1).abs();
            let gap = along - (a.length + b.length) / 2.0;
            if across > 2.0 + a.thickness.max(b.thickness) || gap > 0.4 * (a.length + b.length) {
                continue;
            }
            if !pin(&a, &b) {
                continue;
            }
            let (ua, ub) = (0.0, a.dir.0 * d.0 + a.dir.1 * d.1);
            let lo = (ua - a.length / 2.0).min(ub - b.length / 2.0);
            let hi = (ua + a.length / 2.0).max(ub + b.length / 2.0);
            let mid = (lo + hi) / 2.0;
            let total = a.length + b.length;
            lines[i] = Line {
                centre: (a.centre.0 + mid * a.dir.0, a.centre.1 + mid * a.dir.1),
                dir: a.dir,
                length: hi - lo,
                thickness: (a.thickness * a.length + b.thickness * b.length) / total,
                strength: (a.strength * a.length + b.strength * b.length) / total,
                light: a.light,
            };
            lines.swap_remove(j);
            joined = true;
            break;
        }
        if !joined {
            i += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The filter's row pass against the plain window, at every length
    /// from none to a few, for min and max, radius 1 to 3.
    #[test]
    fn a_row_pass_takes_each_window_whole() {
        let row: Vec<u8> = (0..40u32).map(|i| (i * 97 % 251) as u8).collect();
        for w in 0..row.len() {
            for r in 1..=3 {
                for pick in [u8::min, u8::max] {
                    let mut out = vec![0u8; w];
                    along_row(&row[..w], &mut out, r, pick);
                    let plain: Vec<u8> = (0..w)
                        .map(|x| {
                            let window = &row[x.saturating_sub(r)..(x + r + 1).min(w)];
                            window.iter().copied().reduce(pick).unwrap_or(0)
                        })
                        .collect();
                    assert_eq!(out, plain, "w {w}, r {r}");
                }
            }
        }
    }

    /// A light face 100 × 60 with a dark line 3 px thick from x = 20 to
    /// x = 79 along y = 30.
    fn face_with_a_line() -> Vec<u8> {
        (0..100 * 60)
            .map(|i| {
                let (x, y) = (i % 100, i / 100);
                if (20..80).contains(&x) && (29..32).contains(&y) {
                    40
                } else {
                    220
                }
            })
            .collect()
    }

    #[test]
    fn a_line_found_off_its_ends_is_put_back_on_them() {
        let lum = face_with_a_line();
        let off = Line {
            centre: (42.0, 30.0),
            dir: (1.0, 0.0),
            length: 56.0,
            thickness: 3.0,
            strength: 100.0,
            light: false,
        };
        let fitted = refit(&lum, 100, 60, off);
        assert!((fitted.centre.0 - 49.5).abs() <= 1.0, "{fitted:?}");
        assert!((fitted.length - 60.0).abs() <= 1.5, "{fitted:?}");
        // Where there is no line it stays as it was.
        let nowhere = Line {
            centre: (50.0, 10.0),
            ..off
        };
        let same = refit(&lum, 100, 60, nowhere);
        assert_eq!((same.centre, same.length), (nowhere.centre, nowhere.length));
    }

    /// The whole filter against the plain square, on pictures of a few
    /// sizes, for min and max, radius 1 to 3.
    #[test]
    fn a_filter_takes_each_square_whole() {
        for (w, h) in [(1usize, 1usize), (3, 7), (9, 4), (12, 11)] {
            let lum: Vec<u8> = (0..w * h).map(|i| (i * 131 % 253) as u8).collect();
            for r in 1..=3 {
                for pick in [u8::min, u8::max] {
                    let lum = &lum;
                    let plain: Vec<u8> = (0..w * h)
                        .map(|i| {
                            let (x, y) = (i % w, i / w);
                            let ys = y.saturating_sub(r)..(y + r + 1).min(h);
                            let xs = x.saturating_sub(r)..(x + r + 1).min(w);
                            ys.flat_map(|v| xs.clone().map(move |u| lum[v * w + u]))
                                .reduce(pick)
                                .unwrap_or(0)
                        })
                        .collect();
                    assert_eq!(filter(lum, w, h, r, pick), plain, "{w} × {h}, r {r}");
                }
            }
        }
    }
}

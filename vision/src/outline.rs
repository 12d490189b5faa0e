//! A part's outline: the smallest rectangle around it (rotating calipers
//! over its convex hull), and that rectangle cut into the tiles it holds
//! when tiles touch side by side or end to end.

/// A turned rectangle: its centre, the unit direction of its long side,
/// and its half sides, pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rect {
    pub centre: (f32, f32),
    pub axis: (f32, f32),
    pub half_length: f32,
    pub half_width: f32,
}

impl Rect {
    pub fn area(&self) -> f32 {
        4.0 * self.half_length * self.half_width
    }

    /// The point at (`u`, `v`) in the rectangle's own coordinates.
    pub fn at(&self, u: f32, v: f32) -> (f32, f32) {
        let (c, s) = self.axis;
        (self.centre.0 + u * c - v * s, self.centre.1 + u * s + v * c)
    }

    /// Whether `p` lies inside it shrunk to `share` of its size.
    pub fn holds(&self, p: (f32, f32), share: f32) -> bool {
        let (dx, dy) = (p.0 - self.centre.0, p.1 - self.centre.1);
        let (c, s) = self.axis;
        let (u, v) = (dx * c + dy * s, -dx * s + dy * c);
        u.abs() < self.half_length * share && v.abs() < self.half_width * share
    }

    /// Its corners, going round from the `-u` end.
    pub fn corners(&self) -> [(f32, f32); 4] {
        let (l, w) = (self.half_length, self.half_width);
        [
            self.at(-l, -w),
            self.at(l, -w),
            self.at(l, w),
            self.at(-l, w),
        ]
    }
}

/// The convex hull of `points` (Andrew's monotone chain), anticlockwise.
fn hull(points: &[(u32, u32)]) -> Vec<(f32, f32)> {
    let mut pts: Vec<(i64, i64)> = points.iter().map(|&(x, y)| (x as i64, y as i64)).collect();
    pts.sort_unstable();
    pts.dedup();
    if pts.len() < 3 {
        return pts.iter().map(|&(x, y)| (x as f32, y as f32)).collect();
    }
    let cross = |o: (i64, i64), a: (i64, i64), b: (i64, i64)| {
        (a.0 - o.0) * (b.1 - o.1) - (a.1 - o.1) * (b.0 - o.0)
    };
    let mut lower: Vec<(i64, i64)> = Vec::new();
    for &p in &pts {
        while lower.len() >= 2 && cross(lower[lower.len() - 2], lower[lower.len() - 1], p) <= 0 {
            lower.pop();
        }
        lower.push(p);
    }
    let mut upper: Vec<(i64, i64)> = Vec::new();
    for &p in pts.iter().rev() {
        while upper.len() >= 2 && cross(upper[upper.len() - 2], upper[upper.len() - 1], p) <= 0 {
            upper.pop();
        }
        upper.push(p);
    }
    lower.pop();
    upper.pop();
    lower.extend(upper);
    lower.iter().map(|&(x, y)| (x as f32, y as f32)).collect()
}

/// The smallest rectangle holding every pixel of `points` (each pixel a
/// unit square); `None` for fewer than three distinct pixels.
pub fn rectangle(points: &[(u32, u32)]) -> Option<Rect> {
    let h = hull(points);
    if h.len() < 3 {
        return None;
    }
    let mut best: Option<(f32, Rect)> = None;
    for i in 0..h.len() {
        let (a, b) = (h[i], h[(i + 1) % h.len()]);
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let len = dx.hypot(dy);
        if len < 1e-6 {
            continue;
        }
        let (ux, uy) = (dx / len, dy / len);
        let (mut u0, mut u1, mut v0, mut v1) = (f32::MAX, f32::MIN, f32::MAX, f32::MIN);
        for &(x, y) in &h {
            let u = x * ux + y * uy;
            let v = -x * uy + y * ux;
            u0 = u0.min(u);
            u1 = u1.max(u);
            v0 = v0.min(v);
            v1 = v1.max(v);
        }
        // Each pixel is a unit square: half a pixel more on every side.
        let (lu, lv) = (u1 - u0 + 1.0, v1 - v0 + 1.0);
        let area = lu * lv;
        if best.as_ref().is_some_and(|(a, _)| *a <= area) {
            continue;
        }
        let (cu, cv) = ((u0 + u1) / 2.0, (v0 + v1) / 2.0);
        let centre = (cu * ux - cv * uy + 0.5, cu * uy + cv * ux + 0.5);
        let rect = if lu >= lv {
            Rect {
                centre,
                axis: (ux, uy),
                half_length: lu / 2.0,
                half_width: lv / 2.0,
            }
        } else {
            Rect {
                centre,
                axis: (-uy, ux),
                half_length: lv / 2.0,
                half_width: lu / 2.0,
            }
        };
        best = Some((area, rect));
    }
    best.map(|(_, r)| r)
}

/// The tiles in a part outlined by `rect` holding `area` pixels, where one
/// tile is about `typical` pixels: one, or the rectangle cut into tiles
/// lying side by side or end to end.
pub fn tiles_in(rect: &Rect, area: usize, typical: f32) -> Vec<Rect> {
    let n = (area as f32 / typical.max(1.0)).round();
    let aspect = rect.half_length / rect.half_width.max(0.5);
    if n < 1.5 {
        return if (1.4..2.8).contains(&aspect) {
            vec![*rect]
        } else {
            Vec::new()
        };
    }
    if n > 8.0 {
        return Vec::new();
    }
    let width = (typical / 2.0).sqrt();
    let (long, short) = (rect.half_length * 2.0, rect.half_width * 2.0);
    // Side by side: the long side holds n widths, the short one a length;
    // end to end: the long side holds n lengths, the short one a width.
    let side = (long / width - n).abs() + (short / (2.0 * width) - 1.0).abs() * 2.0;
    let end = (long / (2.0 * width) - n).abs() + (short / width - 1.0).abs() * 2.0;
    let step = rect.half_length * 2.0 / n;
    (0..n as usize)
        .map(|i| {
            let u = -rect.half_length + step * (i as f32 + 0.5);
            let centre = rect.at(u, 0.0);
            if side <= end {
                // Each tile runs across the rectangle.
                Rect {
                    centre,
                    axis: (-rect.axis.1, rect.axis.0),
                    half_length: rect.half_width,
                    half_width: step / 2.0,
                }
            } else {
                Rect {
                    centre,
                    axis: rect.axis,
                    half_length: step / 2.0,
                    half_width: rect.half_width,
                }
            }
        })
        .collect()
}

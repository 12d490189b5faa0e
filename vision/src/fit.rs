//! A tile's outline fitted to its face. The divider gives a tile's centre
//! and turn well, its size less so: the camera's tilt draws the tile
//! longer or shorter than twice its divider. Each side is moved to where
//! the face ends: the first line of samples across the tile with less than
//! a third of the face's colour, looked for from 0.8 to 1.25 of where it
//! was (a pip covers less of such a line). Each side is found at each of
//! its halves, so it may lean (the camera's tilt draws a near tile's far
//! end narrower); the corners are where the sides meet.

use super::outline::{Quad, Rect};
use super::Picture;

/// `rect` with each of its four sides moved to the face's edge; a side
/// with no clear edge (the face going on into a neighbour's) stays.
pub fn to_face(picture: &Picture, rect: Rect) -> Quad {
    let sample = |u: f32, v: f32| {
        let (x, y) = rect.at(u, v);
        picture.sample(x - 0.5, y - 0.5)
    };
    // The face's colour: each channel's median over the tile's middle.
    let mut inner = Vec::new();
    for i in 0..12 {
        for j in 0..6 {
            let u = ((i as f32 + 0.5) / 12.0 * 2.0 - 1.0) * rect.half_length * 0.8;
            let v = ((j as f32 + 0.5) / 6.0 * 2.0 - 1.0) * rect.half_width * 0.8;
            inner.push(sample(u, v));
        }
    }
    let median = |k: usize| {
        let mut c: Vec<f32> = inner.iter().map(|p| p[k]).collect();
        c.sort_by(f32::total_cmp);
        c[c.len() / 2]
    };
    let face = [median(0), median(1), median(2)];
    let is_face = |p: [f32; 3]| {
        let d = (p[0] - face[0]).powi(2) + (p[1] - face[1]).powi(2) + (p[2] - face[2]).powi(2);
        d < 40.0 * 40.0
    };
    // The share of face along a part of a line across the tile at `t` from
    // its centre, along the axis (`long`) or across it: the part from
    // `from` to `to` of the way across (-1 to 1).
    let share = |long: bool, t: f32, from: f32, to: f32| {
        let n = 7;
        let hits = (0..n)
            .filter(|&k| {
                let s = from + (k as f32 + 0.5) / n as f32 * (to - from);
                let p = if long {
                    sample(t, s * rect.half_width)
                } else {
                    sample(s * rect.half_length, t)
                };
                is_face(p)
            })
            .count();
        hits as f32 / n as f32
    };
    let edge = |long: bool, sign: f32, half: f32, from: f32, to: f32| {
        let steps = 30;
        (0..=steps)
            .map(|k| half * (0.8 + 0.45 * k as f32 / steps as f32))
            .find(|&t| share(long, sign * t, from, to) < 0.12)
            .unwrap_or(half)
    };
    // Each side at its two halves (at 0.35 either side of its middle): a
    // side leaning more than 0.15 of the tile's other size is the face's
    // edge missed at one half, so the two are averaged.
    let side = |long: bool, sign: f32| {
        let (half, other) = if long {
            (rect.half_length, rect.half_width)
        } else {
            (rect.half_width, rect.half_length)
        };
        let (a, b) = (
            edge(long, sign, half, -0.7, 0.0),
            edge(long, sign, half, 0.0, 0.7),
        );
        if (a - b).abs() > 0.15 * other {
            let m = (a + b) / 2.0;
            (m, m)
        } else {
            (a, b)
        }
    };
    // Each side as a line: the ends `u = p + q v`, the long sides
    // `v = p + q u` (in the rectangle's own coordinates).
    let line = |long: bool, sign: f32| {
        let (a, b) = side(long, sign);
        let across = 0.35
            * if long {
                rect.half_width
            } else {
                rect.half_length
            };
        (sign * (a + b) / 2.0, sign * (b - a) / (2.0 * across))
    };
    // The divider is the tile's middle: its two ends are as far from it,
    // the nearer one's distance (the other has run on into the tile's
    // side or its shadow, the same colour as a black face, or into a
    // neighbour's face).
    let mut ends = [line(true, -1.0), line(true, 1.0)];
    let near = ends[0].0.abs().min(ends[1].0);
    for end in &mut ends {
        end.0 = end.0.signum() * near;
    }
    let sides = [line(false, -1.0), line(false, 1.0)];
    let meet = |(p, q): (f32, f32), (r, s): (f32, f32)| {
        let d = 1.0 - q * s;
        let u = if d.abs() < 1e-3 { p } else { (p + q * r) / d };
        rect.at(u, r + s * u)
    };
    Quad {
        corners: [
            meet(ends[0], sides[0]),
            meet(ends[1], sides[0]),
            meet(ends[1], sides[1]),
            meet(ends[0], sides[1]),
        ],
    }
}

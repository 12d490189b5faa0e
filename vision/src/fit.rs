//! A tile's outline fitted to its face. The divider gives a tile's centre
//! and turn well, its size less so: the camera's tilt draws the tile
//! longer or shorter than twice its divider. Each side is moved to where
//! the face ends: the first line of samples across the tile with less than
//! a third of the face's colour, looked for from 0.8 to 1.25 of where it
//! was (a pip covers less of such a line).

use super::outline::Rect;
use super::Picture;

/// `rect` with each of its four sides moved to the face's edge; a side
/// with no clear edge (the face going on into a neighbour's) stays.
pub fn to_face(picture: &Picture, rect: Rect) -> Rect {
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
    // The share of face along a line across the tile at `t` from its
    // centre: along the axis (`long`) or across it.
    let share = |long: bool, t: f32| {
        let n = 9;
        let hits = (0..n)
            .filter(|&k| {
                let s = (k as f32 + 0.5) / n as f32 * 1.4 - 0.7;
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
    let edge = |long: bool, sign: f32, half: f32| {
        let steps = 30;
        (0..=steps)
            .map(|k| half * (0.8 + 0.45 * k as f32 / steps as f32))
            .find(|&t| share(long, sign * t) < 0.12)
            .unwrap_or(half)
    };
    let (u0, u1) = (
        edge(true, -1.0, rect.half_length),
        edge(true, 1.0, rect.half_length),
    );
    let (v0, v1) = (
        edge(false, -1.0, rect.half_width),
        edge(false, 1.0, rect.half_width),
    );
    let centre = rect.at((u1 - u0) / 2.0, (v1 - v0) / 2.0);
    Rect {
        centre,
        half_length: (u0 + u1) / 2.0,
        half_width: (v0 + v1) / 2.0,
        ..rect
    }
}

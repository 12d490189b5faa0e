//! A tile's outline on the picture: a turned rectangle (where its divider
//! puts it), then four sides fitted to its face (the camera's tilt draws
//! a near tile's far end narrower).

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
}

/// Four corners going round from the first end: (-u, -v), (u, -v),
/// (u, v), (-u, v) in its [`Rect`]'s own coordinates, pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Quad {
    pub corners: [(f32, f32); 4],
}

impl Quad {
    /// The point at (`s`, `t`), each from -1 to 1: `s` from the first end
    /// to the other, `t` across (blending the corners).
    pub fn at(&self, s: f32, t: f32) -> (f32, f32) {
        let (a, b) = ((1.0 - s) / 2.0, (1.0 + s) / 2.0);
        let (c, d) = ((1.0 - t) / 2.0, (1.0 + t) / 2.0);
        let [p0, p1, p2, p3] = self.corners;
        (
            c * (a * p0.0 + b * p1.0) + d * (a * p3.0 + b * p2.0),
            c * (a * p0.1 + b * p1.1) + d * (a * p3.1 + b * p2.1),
        )
    }
}

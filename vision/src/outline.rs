//! A tile's outline on the picture: a turned rectangle.

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

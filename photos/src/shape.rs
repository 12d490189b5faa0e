//! A tile's outline on the table: a rounded rectangle, and the way from
//! table millimetres to the tile's own (u along its length, v across).

use crate::scene::Placed;

#[derive(Clone, Copy, Debug)]
pub struct Shape {
    pub centre: (f64, f64),
    /// Cosine and sine of the long axis's angle.
    pub axis: (f64, f64),
    pub half_length: f64,
    pub half_width: f64,
    pub radius: f64,
}

impl Shape {
    pub fn of(p: &Placed, size: (f64, f64, f64)) -> Shape {
        Shape {
            centre: p.centre,
            axis: (p.angle.cos(), p.angle.sin()),
            half_length: size.0 / 2.0,
            half_width: size.1 / 2.0,
            radius: size.1 * 0.08,
        }
    }

    /// Table point (`x`, `y`) in the tile's own coordinates.
    pub fn local(&self, x: f64, y: f64) -> (f64, f64) {
        let (dx, dy) = (x - self.centre.0, y - self.centre.1);
        let (c, s) = self.axis;
        (dx * c + dy * s, -dx * s + dy * c)
    }

    /// The tile's point (`u`, `v`) on the table.
    pub fn table(&self, u: f64, v: f64) -> (f64, f64) {
        let (c, s) = self.axis;
        (self.centre.0 + u * c - v * s, self.centre.1 + u * s + v * c)
    }

    /// Signed distance from (`u`, `v`) to the outline: negative inside.
    pub fn edge_distance(&self, u: f64, v: f64) -> f64 {
        let qx = u.abs() - (self.half_length - self.radius);
        let qy = v.abs() - (self.half_width - self.radius);
        let outside = qx.max(0.0).hypot(qy.max(0.0));
        outside + qx.max(qy).min(0.0) - self.radius
    }

    /// The four corners (of the rectangle, not rounded), going round.
    pub fn corners(&self) -> [(f64, f64); 4] {
        let (l, w) = (self.half_length, self.half_width);
        [
            self.table(-l, -w),
            self.table(l, -w),
            self.table(l, w),
            self.table(-l, w),
        ]
    }

    /// Whether it and `other`, each shrunk by `margin` on every side,
    /// overlap (separating axes): tiles may lie `2 × margin` over each
    /// other at most.
    pub fn overlaps(&self, other: &Shape, margin: f64) -> bool {
        let shrunk = |s: &Shape| Shape {
            half_length: s.half_length - margin,
            half_width: s.half_width - margin,
            ..*s
        };
        let (a, b) = (shrunk(self), shrunk(other));
        let axes = [a.axis, (-a.axis.1, a.axis.0), b.axis, (-b.axis.1, b.axis.0)];
        axes.iter().all(|&(ax, ay)| {
            let span = |s: &Shape| {
                let ps = s.corners().map(|(x, y)| x * ax + y * ay);
                let lo = ps.iter().copied().fold(f64::MAX, f64::min);
                let hi = ps.iter().copied().fold(f64::MIN, f64::max);
                (lo, hi)
            };
            let ((a0, a1), (b0, b1)) = (span(&a), span(&b));
            a0 < b1 && b0 < a1
        })
    }
}

//! The pinhole camera over the table: a pixel's ray down to a plane, and a
//! point on the table back to its pixel.

use crate::scene::Camera;

pub type V3 = [f64; 3];

fn add(a: V3, b: V3) -> V3 {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

fn scale(a: V3, k: f64) -> V3 {
    [a[0] * k, a[1] * k, a[2] * k]
}

fn dot(a: V3, b: V3) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

/// The camera placed for a picture `width` × `height` pixels: it looks at
/// the table's origin from `distance`, tilted by `pitch`, the picture
/// turned by `roll`.
#[derive(Clone, Debug)]
pub struct Frame {
    pub width: f64,
    pub height: f64,
    focal: f64,
    eye: V3,
    forward: V3,
    right: V3,
    down: V3,
}

impl Frame {
    pub fn new(c: &Camera, width: u32, height: u32) -> Frame {
        let (sp, cp) = c.pitch.sin_cos();
        let forward = [0.0, sp, -cp];
        let right0 = [1.0, 0.0, 0.0];
        let down0 = [0.0, -cp, -sp];
        let (sr, cr) = c.roll.sin_cos();
        let right = add(scale(right0, cr), scale(down0, sr));
        let down = add(scale(down0, cr), scale(right0, -sr));
        Frame {
            width: width as f64,
            height: height as f64,
            focal: (width as f64 / 2.0) / (c.fov / 2.0).tan(),
            eye: scale(forward, -c.distance),
            forward,
            right,
            down,
        }
    }

    /// Where pixel (`x`, `y`)'s ray meets the plane at height `z` (mm).
    pub fn on_plane(&self, x: f64, y: f64, z: f64) -> (f64, f64) {
        let dir = add(
            scale(self.forward, self.focal),
            add(
                scale(self.right, x - self.width / 2.0),
                scale(self.down, y - self.height / 2.0),
            ),
        );
        let t = if dir[2].abs() < 1e-9 {
            0.0
        } else {
            (z - self.eye[2]) / dir[2]
        };
        (self.eye[0] + t * dir[0], self.eye[1] + t * dir[1])
    }

    /// The pixel showing table point (`x`, `y`) at height `z`.
    pub fn project(&self, x: f64, y: f64, z: f64) -> (f64, f64) {
        let v = [x - self.eye[0], y - self.eye[1], z - self.eye[2]];
        let depth = dot(v, self.forward).max(1e-9);
        (
            self.focal * dot(v, self.right) / depth + self.width / 2.0,
            self.focal * dot(v, self.down) / depth + self.height / 2.0,
        )
    }

    /// Millimetres per pixel at the picture's centre.
    pub fn mm_per_pixel(&self) -> f64 {
        let (x0, y0) = self.on_plane(self.width / 2.0, self.height / 2.0, 0.0);
        let (x1, y1) = self.on_plane(self.width / 2.0 + 1.0, self.height / 2.0, 0.0);
        (x1 - x0).hypot(y1 - y0)
    }
}

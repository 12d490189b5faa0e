//! What a picture truly shows: each tile's two numbers and where its top
//! face is in the picture (pixels), and how much of it another tile hides.

use serde::{Deserialize, Serialize};

use crate::camera::Frame;
use crate::scene::Scene;
use crate::shape::Shape;

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct TrueTile {
    /// The numbers on its two halves, in the order laid (`a` at the end of
    /// its first two corners).
    pub a: u8,
    pub b: u8,
    /// The top face's centre and corners, pixels.
    pub centre: [f64; 2],
    pub corners: [[f64; 2]; 4],
    /// The fraction of its top face under tiles laid after it.
    pub hidden: f64,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Truth {
    pub seed: u64,
    /// "d6", "d9", "d12" or "d15".
    pub set: String,
    /// "white", "black" (white pips) or "colour".
    pub look: String,
    pub width: u32,
    pub height: u32,
    pub tiles: Vec<TrueTile>,
}

/// The truth of `scene` drawn `width` × `height`.
pub fn truth(scene: &Scene, width: u32, height: u32) -> Truth {
    let frame = Frame::new(&scene.camera, width, height);
    let z = scene.size.2;
    let shapes: Vec<Shape> = scene
        .tiles
        .iter()
        .map(|p| Shape::of(p, scene.size))
        .collect();
    let tiles = scene
        .tiles
        .iter()
        .zip(&shapes)
        .enumerate()
        .map(|(i, (p, s))| {
            let (cx, cy) = frame.project(s.centre.0, s.centre.1, z);
            let corners = s.corners().map(|(x, y)| {
                let (px, py) = frame.project(x, y, z);
                [px, py]
            });
            TrueTile {
                a: p.tile.0,
                b: p.tile.1,
                centre: [cx, cy],
                corners,
                hidden: hidden(s, &shapes[i + 1..]),
            }
        })
        .collect();
    Truth {
        seed: scene.seed,
        set: format!("d{}", scene.set.max()),
        look: if scene.set.max() > 9 {
            "colour"
        } else if scene.look.black {
            "black"
        } else {
            "white"
        }
        .into(),
        width,
        height,
        tiles,
    }
}

/// The fraction of `s`'s face under any of `over`, on a 16 × 8 grid.
fn hidden(s: &Shape, over: &[Shape]) -> f64 {
    let mut covered = 0;
    for i in 0..16 {
        for j in 0..8 {
            let u = (i as f64 + 0.5) / 16.0 * 2.0 * s.half_length - s.half_length;
            let v = (j as f64 + 0.5) / 8.0 * 2.0 * s.half_width - s.half_width;
            let (x, y) = s.table(u, v);
            if over.iter().any(|o| {
                let (ou, ov) = o.local(x, y);
                o.edge_distance(ou, ov) < 0.0
            }) {
                covered += 1;
            }
        }
    }
    covered as f64 / 128.0
}

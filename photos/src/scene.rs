//! What one picture shows, drawn from its seed: the set and its look, the
//! tiles and where they lie on the table (millimetres), the camera, the
//! light, the cloth under them and the camera's flaws. Rendering it is
//! `render`'s; the truth it holds is `truth`'s.

use crate::set::{DominoSet, Tile};
use rand::RngExt;
use rand_xorshift::XorShiftRng;

use crate::looks::{self, Background, Look};

/// A tile on the table: `tile.0` is the half at its `-u` end.
#[derive(Clone, Debug)]
pub struct Placed {
    pub tile: Tile,
    /// Its centre on the table, mm.
    pub centre: (f64, f64),
    /// The angle of its long axis from the table's x axis, radians.
    pub angle: f64,
}

/// The camera: a phone held above the table, tilted up to about 30°.
#[derive(Clone, Debug)]
pub struct Camera {
    /// Distance from the lens to the table point at the picture's centre, mm.
    pub distance: f64,
    /// Tilt from looking straight down, radians.
    pub pitch: f64,
    /// Turn of the picture about its centre, radians.
    pub roll: f64,
    /// Horizontal field of view, radians.
    pub fov: f64,
}

/// The light: a lamp's direction (for shadows), uneven light over the
/// picture, a shine, the white balance and the exposure.
#[derive(Clone, Debug)]
pub struct Light {
    pub azimuth: f64,
    /// Height of the lamp above the horizon, radians.
    pub elevation: f64,
    /// How dark a tile's shadow is (0-1) and how soft its edge (mm).
    pub shadow: f64,
    pub softness: f64,
    /// Brightness changing across the picture: direction and strength.
    pub gradient: (f64, f64, f64),
    pub vignette: f64,
    /// A bright spot: where (fractions of the picture), how wide, how bright.
    pub spot: (f64, f64, f64, f64),
    /// Multipliers of red, green and blue (a warm or cold lamp).
    pub balance: [f64; 3],
    pub exposure: f64,
}

/// The camera's flaws.
#[derive(Clone, Debug)]
pub struct Sensor {
    /// Gaussian blur, pixels at 4032 wide.
    pub blur: f64,
    /// Luminance and colour noise, in 0-255 steps.
    pub noise: f64,
    pub chroma: f64,
    pub jpeg_quality: u8,
}

/// One picture's whole description.
#[derive(Clone, Debug)]
pub struct Scene {
    pub seed: u64,
    pub set: DominoSet,
    pub look: Look,
    pub tiles: Vec<Placed>,
    /// Tile length, width and thickness, mm.
    pub size: (f64, f64, f64),
    pub camera: Camera,
    pub light: Light,
    pub background: Background,
    pub sensor: Sensor,
}

/// How many tiles a picture holds at most (the 1 to 20).
pub const MOST_TILES: usize = 20;

/// The scene of `seed`.
pub fn scene(seed: u64) -> Scene {
    let mut rng = crate::rng(seed);
    let set = DominoSet::ALL[rng.random_range(0..DominoSet::ALL.len())];
    let look = looks::look(set, &mut rng);
    let width = rng.random_range(20.0..25.0);
    let size = (
        width * rng.random_range(1.95..2.05),
        width,
        width * rng.random_range(0.3..0.42),
    );
    let count = tile_count(&mut rng);
    let tiles = lay_out(&deal(set, count, &mut rng), size, &mut rng);
    let extent = tiles
        .iter()
        .map(|p| p.centre.0.hypot(p.centre.1) + size.0 / 2.0)
        .fold(size.0, f64::max);
    let fov = 2.0 * (18.0f64 / rng.random_range(24.0..28.0)).atan();
    // The hand fills 45-90% of the picture's height (3/4 of its width).
    let fill = rng.random_range(0.45..0.9);
    let half_height = (fov / 2.0).tan() * 0.75;
    let mut camera = Camera {
        distance: extent / (half_height * fill),
        pitch: rng.random_range(0.0..30f64.to_radians()),
        roll: rng.random_range(0.0..std::f64::consts::TAU),
        fov,
    };
    while !in_frame(&tiles, size, &camera) {
        camera.distance *= 1.1;
    }
    let light = light(&mut rng);
    let background = looks::background(&mut rng);
    let sensor = Sensor {
        blur: rng.random_range(0.7..2.5),
        noise: rng.random_range(1.5..7.0),
        chroma: rng.random_range(0.5..3.0),
        jpeg_quality: rng.random_range(70..=95),
    };
    Scene {
        seed,
        set,
        look,
        tiles,
        size,
        camera,
        light,
        background,
        sensor,
    }
}

/// Whether every tile's top face is inside the picture, with a margin.
fn in_frame(tiles: &[Placed], size: (f64, f64, f64), camera: &Camera) -> bool {
    let frame = crate::camera::Frame::new(camera, 4032, 3024);
    tiles.iter().all(|p| {
        crate::shape::Shape::of(p, size)
            .corners()
            .iter()
            .all(|&(x, y)| {
                let (px, py) = frame.project(x, y, size.2);
                (80.0..3952.0).contains(&px) && (60.0..2964.0).contains(&py)
            })
    })
}

/// 1 to 20 tiles, fewer more often (hands end small).
fn tile_count(rng: &mut XorShiftRng) -> usize {
    let r: f64 = rng.random_range(0.0..1.0);
    1 + (r * r * MOST_TILES as f64) as usize
}

/// `count` tiles of `set`, each once, in a random order and way round.
fn deal(set: DominoSet, count: usize, rng: &mut XorShiftRng) -> Vec<Tile> {
    let mut all = set.tiles();
    let mut hand = Vec::with_capacity(count);
    for _ in 0..count.min(all.len()) {
        let t = all.swap_remove(rng.random_range(0..all.len()));
        hand.push(if rng.random_bool(0.5) {
            t
        } else {
            Tile(t.1, t.0)
        });
    }
    hand
}

/// Where the tiles lie: side by side in rows (touching, a gap, or a
/// little over each other), or scattered; the whole turned any way.
fn lay_out(hand: &[Tile], size: (f64, f64, f64), rng: &mut XorShiftRng) -> Vec<Placed> {
    let (length, width, _) = size;
    let mut placed: Vec<Placed> = Vec::with_capacity(hand.len());
    if rng.random_bool(0.55) {
        let per_row = rng.random_range(3..=10usize).min(hand.len());
        let gap = rng.random_range(-0.08..0.35) * width;
        let row_gap = rng.random_range(0.05..0.5) * width;
        for (i, &tile) in hand.iter().enumerate() {
            let (row, col) = (i / per_row, i % per_row);
            placed.push(Placed {
                tile,
                centre: (
                    col as f64 * (width + gap) + rng.random_range(-0.04..0.04) * width,
                    row as f64 * (length + row_gap) + rng.random_range(-0.08..0.08) * width,
                ),
                angle: std::f64::consts::FRAC_PI_2 + rng.random_range(-0.06..0.06),
            });
        }
    } else {
        let mut radius = width * (hand.len() as f64).sqrt() * 1.2;
        for &tile in hand {
            let mut tries = 0;
            loop {
                let c = (
                    rng.random_range(-radius..radius),
                    rng.random_range(-radius..radius),
                );
                let angle = rng.random_range(0.0..std::f64::consts::PI);
                let here = Placed {
                    tile,
                    centre: c,
                    angle,
                };
                // Touching or a little over each other (up to 0.16 of a
                // width at an edge), never hiding another's pips.
                let shape = crate::shape::Shape::of(&here, size);
                if placed
                    .iter()
                    .all(|p| !crate::shape::Shape::of(p, size).overlaps(&shape, width * 0.08))
                {
                    placed.push(here);
                    break;
                }
                tries += 1;
                if tries % 50 == 0 {
                    radius *= 1.15;
                }
            }
        }
    }
    // Centred on the table's origin, and turned as a whole.
    let n = placed.len().max(1) as f64;
    let mid = placed.iter().fold((0.0, 0.0), |m, p| {
        (m.0 + p.centre.0 / n, m.1 + p.centre.1 / n)
    });
    let turn = rng.random_range(0.0..std::f64::consts::TAU);
    let (s, c) = turn.sin_cos();
    for p in &mut placed {
        let (x, y) = (p.centre.0 - mid.0, p.centre.1 - mid.1);
        p.centre = (x * c - y * s, x * s + y * c);
        p.angle += turn;
    }
    placed
}

fn light(rng: &mut XorShiftRng) -> Light {
    let kelvin_warm = rng.random_range(-1.0..1.0f64);
    Light {
        azimuth: rng.random_range(0.0..std::f64::consts::TAU),
        elevation: rng.random_range(35f64.to_radians()..80f64.to_radians()),
        shadow: rng.random_range(0.15..0.55),
        softness: rng.random_range(1.0..8.0),
        gradient: {
            let a = rng.random_range(0.0..std::f64::consts::TAU);
            (a.cos(), a.sin(), rng.random_range(0.0..0.45))
        },
        vignette: rng.random_range(0.0..0.35),
        spot: (
            rng.random_range(0.0..1.0),
            rng.random_range(0.0..1.0),
            rng.random_range(0.1..0.4),
            rng.random_range(0.0..0.25),
        ),
        balance: [1.0 + 0.12 * kelvin_warm, 1.0, 1.0 - 0.15 * kelvin_warm],
        exposure: rng.random_range(0.75..1.2),
    }
}

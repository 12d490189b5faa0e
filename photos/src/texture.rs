//! The table's surface at a point: wood grain, felt, striped or checked
//! cloth, or a plain top, from smooth value noise (no image files).

use crate::looks::{Background, Rgb};

/// A repeatable pseudo-random value in 0-1 for lattice point (`x`, `y`).
fn hash(x: i64, y: i64, seed: u64) -> f64 {
    let mut h = (x as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ (y as u64).wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
        ^ seed.wrapping_mul(0x1656_67B1_9E37_79F9);
    h ^= h >> 33;
    h = h.wrapping_mul(0xFF51_AFD7_ED55_8CCD);
    h ^= h >> 33;
    (h >> 11) as f64 / (1u64 << 53) as f64
}

/// Smooth noise in 0-1, one feature per unit.
pub fn value_noise(x: f64, y: f64, seed: u64) -> f64 {
    let (xf, yf) = (x.floor(), y.floor());
    let (xi, yi) = (xf as i64, yf as i64);
    let (tx, ty) = (x - xf, y - yf);
    let (sx, sy) = (tx * tx * (3.0 - 2.0 * tx), ty * ty * (3.0 - 2.0 * ty));
    let a = hash(xi, yi, seed);
    let b = hash(xi + 1, yi, seed);
    let c = hash(xi, yi + 1, seed);
    let d = hash(xi + 1, yi + 1, seed);
    let top = a + (b - a) * sx;
    let bottom = c + (d - c) * sx;
    top + (bottom - top) * sy
}

/// Three octaves of noise, 0-1.
pub fn fractal(x: f64, y: f64, seed: u64) -> f64 {
    (value_noise(x, y, seed) * 4.0
        + value_noise(x * 2.0, y * 2.0, seed + 1) * 2.0
        + value_noise(x * 4.0, y * 4.0, seed + 2))
        / 7.0
}

fn mix(a: Rgb, b: Rgb, t: f64) -> Rgb {
    [
        a[0] + (b[0] - a[0]) * t,
        a[1] + (b[1] - a[1]) * t,
        a[2] + (b[2] - a[2]) * t,
    ]
}

fn turned(x: f64, y: f64, angle: f64) -> (f64, f64) {
    let (s, c) = angle.sin_cos();
    (x * c + y * s, -x * s + y * c)
}

/// The surface's colour at table point (`x`, `y`), mm.
pub fn surface(bg: &Background, x: f64, y: f64, seed: u64) -> Rgb {
    match bg {
        Background::Wood {
            light,
            dark,
            angle,
            grain,
        } => {
            let (along, across) = turned(x, y, *angle);
            // Grain lines bent by slow noise, with fine fibres.
            let bend = fractal(along / 80.0, across / 30.0, seed) * 12.0;
            let lines = ((across + bend) / grain).sin() * 0.5 + 0.5;
            let fibre = value_noise(along / 1.5, across / 0.3, seed + 7);
            mix(*light, *dark, (lines * 0.7 + fibre * 0.3).powf(1.5))
        }
        Background::Felt { colour } => {
            let n =
                fractal(x / 2.0, y / 2.0, seed) * 0.25 + value_noise(x * 3.0, y * 3.0, seed) * 0.1;
            colour.map(|c| c * (0.85 + n))
        }
        Background::Cloth {
            a,
            b,
            period,
            checks,
            angle,
        } => {
            let (u, v) = turned(x, y, *angle);
            let band = |t: f64| ((t / period).rem_euclid(1.0) < 0.5) as u8 as f64;
            let t = if *checks {
                (band(u) + band(v)) / 2.0
            } else {
                band(u)
            };
            let weave = value_noise(u * 2.5, v * 2.5, seed) * 0.15;
            mix(*a, *b, t).map(|c| c * (0.9 + weave))
        }
        Background::Plain { colour } => {
            let n = fractal(x / 40.0, y / 40.0, seed) * 0.06;
            colour.map(|c| c * (0.97 + n))
        }
    }
}

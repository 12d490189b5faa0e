//! Draws a scene as the phone's camera would see it: each pixel's ray meets
//! a tile's top face, a tile's side, or the table (in a tile's shadow or
//! not), under uneven light; then the lens's blur, the sensor's noise and
//! sRGB. Rows are drawn on every core, each row's noise from its own seed,
//! so a seed gives the same picture however many cores draw it.

use image::RgbImage;
use rand::RngExt;

use crate::camera::Frame;
use crate::looks::{linear, pip_spots, Rgb};
use crate::scene::Scene;
use crate::shape::Shape;
use crate::texture::surface;

/// `scene` drawn `width` × `height` pixels.
pub fn render(scene: &Scene, width: u32, height: u32) -> RgbImage {
    let frame = Frame::new(&scene.camera, width, height);
    let shapes: Vec<Shape> = scene
        .tiles
        .iter()
        .map(|p| Shape::of(p, scene.size))
        .collect();
    let mut plane = vec![[0f32; 3]; (width * height) as usize];
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let rows_each = (height as usize).div_ceil(threads);
    std::thread::scope(|s| {
        for (i, chunk) in plane.chunks_mut(rows_each * width as usize).enumerate() {
            let (frame, shapes) = (&frame, &shapes);
            s.spawn(move || {
                for (j, px) in chunk.iter_mut().enumerate() {
                    let y = i * rows_each + j / width as usize;
                    let x = j % width as usize;
                    let c = shade(scene, frame, shapes, x as f64 + 0.5, y as f64 + 0.5);
                    *px = c.map(|v| v as f32);
                }
            });
        }
    });
    blur(
        &mut plane,
        width as usize,
        height as usize,
        scene.sensor.blur * width as f64 / 4032.0,
    );
    finish(scene, &plane, width, height)
}

/// The light reaching the table at pixel (`x`, `y`): the lamp's uneven
/// spread, the lens's vignette and a shine.
fn light_at(scene: &Scene, frame: &Frame, x: f64, y: f64) -> f64 {
    let l = &scene.light;
    let (nx, ny) = (x / frame.width - 0.5, y / frame.height - 0.5);
    let gradient = 1.0 + l.gradient.2 * (nx * l.gradient.0 + ny * l.gradient.1) * 2.0;
    let vignette = 1.0 - l.vignette * (nx * nx + ny * ny) * 2.0;
    let (sx, sy) = (x / frame.width - l.spot.0, y / frame.height - l.spot.1);
    let spot = l.spot.3 * (-(sx * sx + sy * sy) / (l.spot.2 * l.spot.2)).exp();
    (gradient * vignette + spot).max(0.05)
}

fn shade(scene: &Scene, frame: &Frame, shapes: &[Shape], x: f64, y: f64) -> Rgb {
    let thickness = scene.size.2;
    let (tx, ty) = frame.on_plane(x, y, thickness);
    // The top face of the tile laid last wins (a tile over another).
    let top = shapes.iter().enumerate().rev().find_map(|(i, s)| {
        let (u, v) = s.local(tx, ty);
        (s.edge_distance(u, v) < 0.0).then_some((i, u, v))
    });
    let light = light_at(scene, frame, x, y) * scene.light.exposure;
    let albedo = if let Some((i, u, v)) = top {
        face(scene, &shapes[i], i, u, v)
    } else {
        let (fx, fy) = frame.on_plane(x, y, 0.0);
        let side = shapes.iter().any(|s| {
            let (u, v) = s.local(fx, fy);
            s.edge_distance(u, v) < 0.0
        });
        if side {
            scene
                .look
                .face
                .map(|c| c * if scene.look.black { 1.6 } else { 0.72 })
        } else {
            let shadow = shadow(scene, shapes, fx, fy);
            surface(&scene.background, fx, fy, scene.seed).map(|c| c * (1.0 - shadow))
        }
    };
    [0, 1, 2].map(|k| albedo[k] * light * scene.light.balance[k])
}

/// How much of the lamp a tile hides at table point (`x`, `y`): each
/// tile's shadow is its outline moved away from the lamp, its edge soft.
fn shadow(scene: &Scene, shapes: &[Shape], x: f64, y: f64) -> f64 {
    let l = &scene.light;
    let reach = scene.size.2 / l.elevation.tan();
    let (ox, oy) = (-l.azimuth.cos() * reach, -l.azimuth.sin() * reach);
    let nearest = shapes
        .iter()
        .map(|s| {
            let (u, v) = s.local(x - ox, y - oy);
            s.edge_distance(u, v)
        })
        .fold(f64::INFINITY, f64::min);
    let t = (0.5 - nearest / l.softness).clamp(0.0, 1.0);
    l.shadow * t * t * (3.0 - 2.0 * t)
}

/// A tile's top face at its point (`u`, `v`): the face, its bevelled edge
/// lit from the lamp's side, the divider, the pin and the pips.
fn face(scene: &Scene, s: &Shape, index: usize, u: f64, v: f64) -> Rgb {
    let look = &scene.look;
    let w = scene.size.1;
    let mut c = look.face;
    let edge = -s.edge_distance(u, v);
    let bevel = w * 0.07;
    if edge < bevel {
        // The edge's outward direction on the table, against the lamp's.
        let (nu, nv) = if u.abs() - s.half_length > v.abs() - s.half_width {
            (u.signum(), 0.0)
        } else {
            (0.0, v.signum())
        };
        let (ca, sa) = s.axis;
        let (nx, ny) = (nu * ca - nv * sa, nu * sa + nv * ca);
        let toward = nx * scene.light.azimuth.cos() + ny * scene.light.azimuth.sin();
        let k = 1.0 + 0.35 * (1.0 - edge / bevel) * toward - 0.12 * (1.0 - edge / bevel);
        c = c.map(|x| x * k);
    }
    if u.abs() < w * 0.022 && v.abs() < w * 0.42 {
        c = look.line;
    }
    if look.pin && u.hypot(v) < w * 0.075 {
        let shine = 1.0 - (u.hypot(v) / (w * 0.075));
        return linear([200, 160, 70]).map(|x| x * (0.8 + 0.5 * shine));
    }
    let tile = scene.tiles[index].tile;
    let (number, hu) = if u < 0.0 {
        (tile.0, u + s.half_length / 2.0)
    } else {
        (tile.1, u - s.half_length / 2.0)
    };
    let r = look.pip_radius * w;
    for (sx, sy) in pip_spots(number) {
        let d = (v - sx * w).hypot(hu - sy * w);
        if d < r {
            // A dimple: the rim in shade, the paint inside.
            let t = d / r;
            let paint = look.pips[number as usize];
            let rim = look.face.map(|x| x * 0.55);
            let k = ((t - 0.78) / 0.22).clamp(0.0, 1.0);
            return [0, 1, 2].map(|i| paint[i] + (rim[i] - paint[i]) * k * 0.6);
        }
    }
    c
}

/// Gaussian blur of `sigma` pixels, rows then columns.
fn blur(plane: &mut [[f32; 3]], width: usize, height: usize, sigma: f64) {
    if sigma < 0.3 {
        return;
    }
    let radius = (sigma * 3.0).ceil() as isize;
    let kernel: Vec<f32> = (-radius..=radius)
        .map(|i| (-(i * i) as f64 / (2.0 * sigma * sigma)).exp() as f32)
        .collect();
    let total: f32 = kernel.iter().sum();
    let kernel: Vec<f32> = kernel.iter().map(|k| k / total).collect();
    let pass = |src: &[[f32; 3]], dst: &mut [[f32; 3]], along_rows: bool| {
        let (n, lines) = if along_rows {
            (width, height)
        } else {
            (height, width)
        };
        for line in 0..lines {
            for i in 0..n {
                let mut acc = [0f32; 3];
                for (k, w) in kernel.iter().enumerate() {
                    let j = (i as isize + k as isize - radius).clamp(0, n as isize - 1) as usize;
                    let p = if along_rows {
                        src[line * width + j]
                    } else {
                        src[j * width + line]
                    };
                    for c in 0..3 {
                        acc[c] += p[c] * w;
                    }
                }
                let at = if along_rows {
                    line * width + i
                } else {
                    i * width + line
                };
                dst[at] = acc;
            }
        }
    };
    let mut tmp = vec![[0f32; 3]; plane.len()];
    pass(plane, &mut tmp, true);
    pass(&tmp, plane, false);
}

/// Noise, then sRGB bytes.
fn finish(scene: &Scene, plane: &[[f32; 3]], width: u32, height: u32) -> RgbImage {
    let mut img = RgbImage::new(width, height);
    for y in 0..height {
        let mut rng = crate::rng(scene.seed ^ ((y as u64 + 1) << 32));
        for x in 0..width {
            let p = plane[(y * width + x) as usize];
            let luma = gauss(&mut rng) * scene.sensor.noise;
            let px = img.get_pixel_mut(x, y);
            for (out, value) in px.0.iter_mut().zip(p) {
                let chroma = gauss(&mut rng) * scene.sensor.chroma;
                let v = srgb(value as f64) * 255.0 + luma + chroma;
                *out = v.round().clamp(0.0, 255.0) as u8;
            }
        }
    }
    img
}

fn gauss(rng: &mut rand_xorshift::XorShiftRng) -> f64 {
    let a: f64 = rng.random_range(1e-12..1.0);
    let b: f64 = rng.random_range(0.0..1.0);
    (-2.0 * a.ln()).sqrt() * (std::f64::consts::TAU * b).cos()
}

fn srgb(v: f64) -> f64 {
    let v = v.clamp(0.0, 1.0);
    if v <= 0.003_130_8 {
        v * 12.92
    } else {
        1.055 * v.powf(1.0 / 2.4) - 0.055
    }
}

//! Synthetic photos of Chickenfoot hands, each with its true tiles: the
//! pictures the photo counter (issue 38) is tuned and measured on. No
//! public set of domino photos can be fetched here, so they are drawn:
//! tiles of every set with perspective, rotation, uneven light, shadows,
//! blur, noise and JPEG on wood, felt, cloth or a plain top. A seed gives
//! the same picture on every machine (`seeds.txt` says which seeds tune
//! and which are held out).

pub mod camera;
pub mod held_out;
pub mod looks;
pub mod render;
pub mod scene;
pub mod set;
pub mod shape;
pub mod texture;
pub mod truth;

use rand::SeedableRng;
use rand_xorshift::XorShiftRng;

/// The generator every draw comes from: XorShift, named, so the pictures
/// do not change with rand's default generator.
pub fn rng(seed: u64) -> XorShiftRng {
    XorShiftRng::seed_from_u64(seed)
}

/// Picture `seed`, `width` × `height` (4:3), as JPEG bytes, and its truth.
pub fn photo(seed: u64, width: u32, height: u32) -> (Vec<u8>, truth::Truth) {
    let scene = scene::scene(seed);
    let img = render::render(&scene, width, height);
    let mut jpeg = Vec::new();
    let encoder =
        image::codecs::jpeg::JpegEncoder::new_with_quality(&mut jpeg, scene.sensor.jpeg_quality);
    // Writing to memory cannot fail.
    img.write_with_encoder(encoder).expect("a JPEG in memory");
    (jpeg, truth::truth(&scene, width, height))
}

/// Picture `seed` drawn `width` wide (4:3), written as JPEG and read back,
/// and shrunk to `long_side` pixels on its long side as the app has the
/// browser do, with its truth.
pub fn shrunk(seed: u64, width: u32, long_side: f64) -> (image::RgbImage, truth::Truth) {
    let (jpeg, truth) = photo(seed, width, width * 3 / 4);
    let img = image::load_from_memory(&jpeg)
        .expect("our own JPEG")
        .to_rgb8();
    let scale = long_side / img.width().max(img.height()) as f64;
    let small = image::imageops::resize(
        &img,
        (img.width() as f64 * scale).round() as u32,
        (img.height() as f64 * scale).round() as u32,
        image::imageops::FilterType::Triangle,
    );
    (small, truth)
}

/// Picture `seed` drawn `width` wide, written as JPEG and read back, and
/// shrunk to `long_side`, with its truth; kept in and read from the folder
/// `CACHE` names, if it does (the drawing is most of the time taken).
pub fn kept(seed: u64, width: u32, long_side: f64) -> (image::RgbImage, truth::Truth) {
    let cache = std::env::var("CACHE")
        .ok()
        .map(|d| std::path::PathBuf::from(d).join(format!("{seed}-{width}-{long_side}")));
    if let Some(c) = &cache {
        let (png, json) = (c.with_extension("png"), c.with_extension("json"));
        if let (Ok(img), Ok(text)) = (image::open(&png), std::fs::read_to_string(&json)) {
            if let Ok(truth) = serde_json::from_str(&text) {
                return (img.to_rgb8(), truth);
            }
        }
    }
    let (small, truth) = shrunk(seed, width, long_side);
    if let Some(c) = &cache {
        let _ = std::fs::create_dir_all(c.parent().expect("a file in a folder"));
        let _ = small.save(c.with_extension("png"));
        let _ = std::fs::write(
            c.with_extension("json"),
            serde_json::to_string(&truth).expect("a truth is JSON"),
        );
    }
    (small, truth)
}

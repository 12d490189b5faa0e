//! Draws what the counter saw: `look <seed> <dir> [width]` writes
//! `<seed>-seen.png`, the picture shrunk as the app shrinks it with each
//! tile found outlined (green) and the true tiles' outlines (blue), for
//! tuning by eye; `look <seed> <dir> <width> x y w h` draws only that part,
//! three times as large.

use chicken_photos::set::{DominoSet, Tile};
use chicken_vision::{count, Picture};
use image::{imageops::FilterType, Rgb};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(seed), Some(dir)) = (
        args.first().and_then(|s| s.parse::<u64>().ok()),
        args.get(1),
    ) else {
        eprintln!("usage: look <seed> <dir> [width]");
        std::process::exit(2);
    };
    let width = args
        .get(2)
        .and_then(|s| s.parse::<u32>().ok())
        .unwrap_or(2016);
    let (mut small, truth) = chicken_photos::kept(seed, width, 1280.0);
    let scale = 1280.0 / width as f64;
    let set = DominoSet::named(&truth.set).expect("a truth names its set");
    let raw = small.as_raw().clone();
    let picture = Picture {
        width: small.width() as usize,
        height: small.height() as usize,
        step: 3,
        pixels: &raw,
    };
    let found = count(&picture, set.max());
    let mut line = |a: (f32, f32), b: (f32, f32), c: [u8; 3]| {
        let n = ((b.0 - a.0).hypot(b.1 - a.1)).ceil().max(1.0) as usize;
        for k in 0..=n {
            let t = k as f32 / n as f32;
            let (x, y) = (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t);
            if x >= 0.0 && y >= 0.0 && (x as u32) < small.width() && (y as u32) < small.height() {
                small.put_pixel(x as u32, y as u32, Rgb(c));
            }
        }
    };
    for t in &truth.tiles {
        let c: Vec<(f32, f32)> = t
            .corners
            .iter()
            .map(|p| ((p[0] * scale) as f32, (p[1] * scale) as f32))
            .collect();
        for k in 0..4 {
            line(c[k], c[(k + 1) % 4], [40, 80, 255]);
        }
    }
    for f in &found {
        for k in 0..4 {
            line(f.corners[k], f.corners[(k + 1) % 4], [0, 255, 0]);
        }
    }
    let path = std::path::Path::new(dir).join(format!("{seed}-seen.png"));
    // `x y w h`: only that part, three times as large.
    let crop: Vec<u32> = args[3.min(args.len())..]
        .iter()
        .filter_map(|s| s.parse().ok())
        .collect();
    if let [x, y, w, h] = crop[..] {
        let part = image::imageops::crop_imm(&small, x, y, w, h).to_image();
        image::imageops::resize(&part, w * 3, h * 3, FilterType::Nearest)
            .save(&path)
            .expect("a PNG");
    } else {
        small.save(&path).expect("a PNG");
    }
    let mut truth_tiles: Vec<String> = truth
        .tiles
        .iter()
        .map(|t| format!("{}-{}", t.a.min(t.b), t.a.max(t.b)))
        .collect();
    truth_tiles.sort();
    let mut found: Vec<String> = found
        .iter()
        .map(|f| Tile(f.halves.0, f.halves.1).normalized().to_string())
        .collect();
    found.sort();
    println!("{}\ntrue  {truth_tiles:?}\nfound {found:?}", path.display());
}

//! Measures the photo counter on generated pictures: `measure <first seed>
//! <count> [width] [--list] [--why]`. Each picture is drawn `width` wide (4032: a
//! 12-megapixel photo, unless told), written as JPEG and read back, shrunk
//! to 1280 pixels on its long side as the app has the browser do, and
//! counted. Reports the share of pictures whose pip total is exact (the
//! double-blank at 50) and of tiles found with both halves right, by set,
//! and the counting time. `--list` prints each picture whose total is
//! wrong; `--why` each tile missed or misread, with its length and how much
//! of it is hidden. The halves are read as the app reads them, by the
//! trained network; `READER=counted` counts their pips as blobs instead,
//! `READER=checked` takes the network's reading only where it is sure
//! (see `chicken_vision::Reader`).

use chicken_photos::set::{DominoSet, Tile};
use chicken_vision::{count_with, Picture, Reader};

#[derive(Default)]
struct Tally {
    photos: usize,
    exact: usize,
    tiles: usize,
    right: usize,
    located: usize,
    extra: usize,
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(first), Some(n)) = (
        args.first().and_then(|s| s.parse::<u64>().ok()),
        args.get(1).and_then(|s| s.parse::<u64>().ok()),
    ) else {
        eprintln!("usage: measure <first seed> <count> [width] [--list] [--why]");
        std::process::exit(2);
    };
    let width = args
        .get(2)
        .and_then(|s| s.parse::<u32>().ok())
        .unwrap_or(4032);
    let list = args.iter().any(|a| a == "--list");
    let why = args.iter().any(|a| a == "--why");
    // The long side the picture is shrunk to (`LONG_SIDE`, 1280 unless told).
    let long_side: f64 = std::env::var("LONG_SIDE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1280.0);
    // How the halves are read (`READER`: by the network, as the app
    // reads them, unless told).
    let reader = match std::env::var("READER").as_deref() {
        Ok("counted") => Reader::Counted,
        Ok("checked") => Reader::Checked,
        _ => Reader::Trained,
    };
    let mut by_set: Vec<(String, Tally)> = Vec::new();
    let mut counting = std::time::Duration::ZERO;
    for seed in first..first + n {
        let (small, truth) = chicken_photos::kept(seed, width, long_side);
        let scale = long_side / width as f64;
        let set = DominoSet::named(&truth.set).expect("a truth names its set");
        let picture = Picture {
            width: small.width() as usize,
            height: small.height() as usize,
            step: 3,
            pixels: small.as_raw(),
        };
        let t0 = std::time::Instant::now();
        let found = count_with(&picture, set.max(), reader);
        counting += t0.elapsed();
        let true_tiles: Vec<Tile> = truth
            .tiles
            .iter()
            .map(|t| Tile(t.a, t.b).normalized())
            .collect();
        let total = |ts: &[Tile]| ts.iter().map(|t| t.score()).sum::<u32>();
        let found_tiles: Vec<Tile> = found
            .iter()
            .map(|f| Tile(f.halves.0, f.halves.1).normalized())
            .collect();
        let right = true_tiles
            .iter()
            .filter(|t| found_tiles.contains(t))
            .count();
        let key = format!("{} {}", truth.set, truth.look);
        let at = match by_set.iter().position(|(k, _)| *k == key) {
            Some(i) => i,
            None => {
                by_set.push((key, Tally::default()));
                by_set.len() - 1
            }
        };
        let t = &mut by_set[at].1;
        t.photos += 1;
        let exact = total(&true_tiles) == total(&found_tiles);
        t.exact += exact as usize;
        t.tiles += true_tiles.len();
        t.right += right;
        // Located: a tile found (read right or not) centred on the true one.
        for tt in &truth.tiles {
            let (cx, cy) = (tt.centre[0] * scale, tt.centre[1] * scale);
            let long = (tt.corners[0][0] - tt.corners[1][0])
                .hypot(tt.corners[0][1] - tt.corners[1][1])
                * scale;
            let at = found.iter().find(|f| {
                let (fx, fy) = (
                    f.corners.iter().map(|c| c.0 as f64).sum::<f64>() / 4.0,
                    f.corners.iter().map(|c| c.1 as f64).sum::<f64>() / 4.0,
                );
                (fx - cx).hypot(fy - cy) < long / 4.0
            });
            t.located += at.is_some() as usize;
            let read = at.map(|f| Tile(f.halves.0, f.halves.1).normalized());
            if why && read != Some(Tile(tt.a, tt.b).normalized()) {
                println!(
                    "seed {seed} {} {}: {}-{} {} ({long:.0} px long, hidden {:.2}, at {cx:.0},{cy:.0})",
                    truth.set,
                    truth.look,
                    tt.a,
                    tt.b,
                    read.map_or("missed".to_string(), |r| format!("read as {r}")),
                    tt.hidden
                );
            }
        }
        t.extra += found_tiles.len().saturating_sub(right);
        if list && !exact {
            println!(
                "seed {seed} ({}): true {:?}, found {:?}",
                truth.set,
                sorted(&true_tiles),
                sorted(&found_tiles)
            );
        }
    }
    by_set.sort_by(|a, b| a.0.cmp(&b.0));
    let mut all = Tally::default();
    println!(
        "| pictures | count | exact pip total | tiles right | tiles located | tiles found that are not there |"
    );
    println!("|---|---|---|---|---|---|");
    for (k, t) in &by_set {
        row(k, t);
        all.photos += t.photos;
        all.exact += t.exact;
        all.tiles += t.tiles;
        all.right += t.right;
        all.located += t.located;
        all.extra += t.extra;
    }
    row("all", &all);
    println!(
        "counting: {:.1} ms a picture at 1x, natively ({long_side} px long side)",
        counting.as_secs_f64() * 1000.0 / n.max(1) as f64
    );
}

fn sorted(ts: &[Tile]) -> Vec<String> {
    let mut v: Vec<Tile> = ts.to_vec();
    v.sort_by_key(|t| (t.0, t.1));
    v.iter().map(|t| t.to_string()).collect()
}

fn row(name: &str, t: &Tally) {
    let pct = |a: usize, b: usize| {
        if b == 0 {
            0.0
        } else {
            a as f64 * 100.0 / b as f64
        }
    };
    println!(
        "| {name} | {} | {:.1}% | {:.1}% ({} of {}) | {:.1}% | {} |",
        t.photos,
        pct(t.exact, t.photos),
        pct(t.right, t.tiles),
        t.right,
        t.tiles,
        pct(t.located, t.tiles),
        t.extra
    );
}

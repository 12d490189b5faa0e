//! Trains the photo counter's trained reader (`chicken_vision::Reader::
//! Trained`): `train <first> <count> <check first> <check count> [hidden]
//! [epochs]`. Every tile the counter outlines on the pictures `first..`
//! (drawn 2016 wide and shrunk to 1280, as `measure` draws them; `CACHE`
//! keeps them) gives two halves labelled with their true pips; a network
//! of one hidden layer learns them, checked after each epoch on the halves
//! of the pictures `check first..`. Its weights, quantized to int8, are
//! written to `vision/src/reader.bin`. Tuning seeds only (photos/seeds.txt).

use chicken_photos::set::DominoSet;
use chicken_vision::{half_patches, outlines, read, Picture, Reader, INPUTS};
use rand::{Rng, RngExt};

const CLASSES: usize = 17;
/// The class of an outline on no tile (`chicken_vision`'s `NOT_A_HALF`).
const NOT_A_HALF: u8 = 16;

/// A half: its patch, its true pips and its set's highest number.
struct Sample {
    patch: [u8; INPUTS],
    pips: u8,
    max: u8,
    /// The half as the counter counts it.
    counted: Option<u8>,
}

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let [first, count, check_first, check_count, ..] = args[..] else {
        eprintln!("usage: train <first> <count> <check first> <check count> [hidden] [epochs]");
        std::process::exit(2);
    };
    let hidden = args.get(4).copied().unwrap_or(64) as usize;
    let epochs = args.get(5).copied().unwrap_or(40) as usize;
    let training = samples(first, count);
    let checking = samples(check_first, check_count);
    println!(
        "{} halves to learn from, {} to check on",
        training.len(),
        checking.len()
    );
    let counted = checking
        .iter()
        .filter(|s| s.counted == Some(s.pips))
        .count();
    println!(
        "counted: {:.2}% of the check halves right",
        counted as f64 * 100.0 / checking.len().max(1) as f64
    );
    let mut net = Net::new(hidden);
    let mut rng = chicken_photos::rng(7);
    let mut order: Vec<usize> = (0..training.len()).collect();
    for epoch in 0..epochs {
        let rate = 2e-3 * 0.93f32.powi(epoch as i32);
        for i in (1..order.len()).rev() {
            order.swap(i, rng.random_range(0..=i));
        }
        let mut grads = Grads::new(hidden);
        for (k, &i) in order.iter().enumerate() {
            let s = &training[i];
            let input = varied(&s.patch, &mut rng);
            net.learn(&input, s.pips, s.max, &mut grads);
            if k % 32 == 31 {
                net.step(&mut grads, rate);
            }
        }
        let right = checking
            .iter()
            .filter(|s| net.best(&plain(&s.patch), s.max) == s.pips)
            .count();
        println!(
            "epoch {epoch}: {:.2}% of the check halves right",
            right as f64 * 100.0 / checking.len().max(1) as f64
        );
    }
    let bytes = net.quantized();
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../vision/src/reader.bin");
    std::fs::write(path, &bytes).expect("the weights written");
    println!("{} bytes written to vision/src/reader.bin", bytes.len());
}

/// The halves of every tile the counter outlines on pictures `first..`
/// that lies on a true tile no more than a little hidden.
fn samples(first: u64, count: u64) -> Vec<Sample> {
    let (width, long_side) = (2016, 1280.0);
    let scale = long_side / width as f64;
    let mut out = Vec::new();
    for seed in first..first + count {
        let (small, truth) = chicken_photos::kept(seed, width, long_side);
        let Some(set) = DominoSet::named(&truth.set) else {
            continue;
        };
        let picture = Picture {
            width: small.width() as usize,
            height: small.height() as usize,
            step: 3,
            pixels: small.as_raw(),
        };
        for quad in outlines(&picture) {
            let at = |s: f32| {
                let (x, y) = quad.at(s, 0.0);
                (x as f64, y as f64)
            };
            let (centre, first_half) = (at(0.0), at(-0.5));
            let Some(tile) = truth.tiles.iter().find(|t| {
                let long = (t.corners[0][0] - t.corners[1][0])
                    .hypot(t.corners[0][1] - t.corners[1][1])
                    * scale;
                (t.centre[0] * scale - centre.0).hypot(t.centre[1] * scale - centre.1) < long / 4.0
            }) else {
                // An outline on no tile: both its halves are no tile's.
                let [pa, pb] = half_patches(&picture, &quad);
                let counted = read(&picture, &quad, set.max(), Reader::Counted);
                for patch in [pa, pb] {
                    out.push(Sample {
                        patch,
                        pips: NOT_A_HALF,
                        max: set.max(),
                        counted: Some(if counted.is_some() {
                            u8::MAX
                        } else {
                            NOT_A_HALF
                        }),
                    });
                }
                continue;
            };
            if tile.hidden > 0.15 {
                continue;
            }
            // `a` is at the end of corners 0 and 3.
            let end = |i: usize, j: usize| {
                (
                    (tile.corners[i][0] + tile.corners[j][0]) / 2.0 * scale,
                    (tile.corners[i][1] + tile.corners[j][1]) / 2.0 * scale,
                )
            };
            let near = |p: (f64, f64)| (p.0 - first_half.0).hypot(p.1 - first_half.1);
            let (one, other) = if near(end(0, 3)) < near(end(1, 2)) {
                (tile.a, tile.b)
            } else {
                (tile.b, tile.a)
            };
            let [pa, pb] = half_patches(&picture, &quad);
            let counted = read(&picture, &quad, set.max(), Reader::Counted);
            for (patch, pips, counted) in [
                (pa, one, counted.map(|c| c.0)),
                (pb, other, counted.map(|c| c.1)),
            ] {
                out.push(Sample {
                    patch,
                    pips,
                    max: set.max(),
                    counted,
                });
            }
        }
    }
    out
}

/// The patch as the network reads it.
fn plain(patch: &[u8; INPUTS]) -> Vec<f32> {
    patch.iter().map(|&p| f32::from(p) / 100.0).collect()
}

/// The patch moved up to a pixel each way and made a little stronger or
/// weaker: the outline and the cut are never quite where they were.
fn varied(patch: &[u8; INPUTS], rng: &mut impl Rng) -> Vec<f32> {
    let side = chicken_vision::SIDE as i32;
    let (dx, dy) = (rng.random_range(-1..=1), rng.random_range(-1..=1));
    let gain: f32 = rng.random_range(0.8..1.2);
    let mut out = vec![0.0; INPUTS];
    for y in 0..side {
        for x in 0..side {
            let (sx, sy) = (x + dx, y + dy);
            if (0..side).contains(&sx) && (0..side).contains(&sy) {
                out[(y * side + x) as usize] =
                    f32::from(patch[(sy * side + sx) as usize]) / 100.0 * gain;
            }
        }
    }
    out
}

/// One hidden layer (ReLU) and a softmax over the pips allowed.
struct Net {
    hidden: usize,
    w1: Vec<f32>,
    b1: Vec<f32>,
    w2: Vec<f32>,
    b2: Vec<f32>,
    adam: [Adam; 4],
    steps: i32,
}

#[derive(Clone)]
struct Adam {
    m: Vec<f32>,
    v: Vec<f32>,
}

struct Grads {
    w1: Vec<f32>,
    b1: Vec<f32>,
    w2: Vec<f32>,
    b2: Vec<f32>,
}

impl Grads {
    fn new(hidden: usize) -> Self {
        Grads {
            w1: vec![0.0; hidden * INPUTS],
            b1: vec![0.0; hidden],
            w2: vec![0.0; CLASSES * hidden],
            b2: vec![0.0; CLASSES],
        }
    }
}

impl Net {
    fn new(hidden: usize) -> Self {
        let mut rng = chicken_photos::rng(11);
        let mut init = |n: usize, fan_in: usize| -> Vec<f32> {
            let r = (6.0 / fan_in as f32).sqrt();
            (0..n).map(|_| rng.random_range(-r..r)).collect()
        };
        let (w1, w2) = (
            init(hidden * INPUTS, INPUTS),
            init(CLASSES * hidden, hidden),
        );
        let adam = |n: usize| Adam {
            m: vec![0.0; n],
            v: vec![0.0; n],
        };
        Net {
            hidden,
            w1,
            b1: vec![0.0; hidden],
            w2,
            b2: vec![0.0; CLASSES],
            adam: [
                adam(hidden * INPUTS),
                adam(hidden),
                adam(CLASSES * hidden),
                adam(CLASSES),
            ],
            steps: 0,
        }
    }

    fn forward(&self, input: &[f32]) -> (Vec<f32>, Vec<f32>) {
        let h: Vec<f32> = (0..self.hidden)
            .map(|r| {
                let row = &self.w1[r * INPUTS..(r + 1) * INPUTS];
                (row.iter().zip(input).map(|(w, x)| w * x).sum::<f32>() + self.b1[r]).max(0.0)
            })
            .collect();
        let logits = (0..CLASSES)
            .map(|c| {
                let row = &self.w2[c * self.hidden..(c + 1) * self.hidden];
                row.iter().zip(&h).map(|(w, x)| w * x).sum::<f32>() + self.b2[c]
            })
            .collect();
        (h, logits)
    }

    fn best(&self, input: &[f32], max: u8) -> u8 {
        let (_, logits) = self.forward(input);
        logits
            .iter()
            .enumerate()
            .filter(|&(c, _)| c <= max as usize || c == NOT_A_HALF as usize)
            .max_by(|a, b| a.1.total_cmp(b.1))
            .map_or(0, |(i, _)| i as u8)
    }

    /// Adds the gradient of the cross-entropy of `input` being `pips`.
    fn learn(&self, input: &[f32], pips: u8, max: u8, g: &mut Grads) {
        let (h, logits) = self.forward(input);
        let allowed: Vec<usize> = (0..CLASSES)
            .filter(|&c| c <= max as usize || c == NOT_A_HALF as usize)
            .collect();
        let top = allowed.iter().map(|&c| logits[c]).fold(f32::MIN, f32::max);
        let exps: Vec<f32> = (0..CLASSES)
            .map(|c| {
                if allowed.contains(&c) {
                    (logits[c] - top).exp()
                } else {
                    0.0
                }
            })
            .collect();
        let total: f32 = exps.iter().sum();
        let mut dh = vec![0.0; self.hidden];
        for &c in &allowed {
            let d = exps[c] / total - f32::from(c == pips as usize);
            g.b2[c] += d;
            for r in 0..self.hidden {
                g.w2[c * self.hidden + r] += d * h[r];
                dh[r] += d * self.w2[c * self.hidden + r];
            }
        }
        for r in 0..self.hidden {
            if h[r] <= 0.0 {
                continue;
            }
            g.b1[r] += dh[r];
            let row = &mut g.w1[r * INPUTS..(r + 1) * INPUTS];
            for (gw, x) in row.iter_mut().zip(input) {
                *gw += dh[r] * x;
            }
        }
    }

    /// One Adam step with the gradients summed since the last, which are
    /// then cleared.
    fn step(&mut self, g: &mut Grads, rate: f32) {
        self.steps += 1;
        let t = self.steps;
        let params = [&mut self.w1, &mut self.b1, &mut self.w2, &mut self.b2];
        let grads = [&mut g.w1, &mut g.b1, &mut g.w2, &mut g.b2];
        for ((p, gr), a) in params.into_iter().zip(grads).zip(self.adam.iter_mut()) {
            for i in 0..p.len() {
                let d = gr[i] / 32.0 + 1e-4 * p[i];
                a.m[i] = 0.9 * a.m[i] + 0.1 * d;
                a.v[i] = 0.999 * a.v[i] + 0.001 * d * d;
                let m = a.m[i] / (1.0 - 0.9f32.powi(t));
                let v = a.v[i] / (1.0 - 0.999f32.powi(t));
                p[i] -= rate * m / (v.sqrt() + 1e-8);
                gr[i] = 0.0;
            }
        }
    }

    /// The weights as `chicken_vision` reads them: `CSR1`, the hidden size,
    /// then each layer's row scales, biases and int8 weights.
    fn quantized(&self) -> Vec<u8> {
        let mut out = b"CSR1".to_vec();
        out.extend((self.hidden as u16).to_le_bytes());
        for (w, b, cols) in [
            (&self.w1, &self.b1, INPUTS),
            (&self.w2, &self.b2, self.hidden),
        ] {
            let rows = b.len();
            let scales: Vec<f32> = (0..rows)
                .map(|r| {
                    w[r * cols..(r + 1) * cols]
                        .iter()
                        .fold(0.0f32, |m, x| m.max(x.abs()))
                        .max(1e-9)
                        / 127.0
                })
                .collect();
            for s in &scales {
                out.extend(s.to_le_bytes());
            }
            for x in b {
                out.extend(x.to_le_bytes());
            }
            for r in 0..rows {
                for x in &w[r * cols..(r + 1) * cols] {
                    out.push((x / scales[r]).round().clamp(-127.0, 127.0) as i8 as u8);
                }
            }
        }
        out
    }
}

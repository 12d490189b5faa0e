//! The Playing Chicken goal deck exactly as release 2 (schema 2) drew it
//! from the seed stored with a game, so its migration stores the very
//! cards that game showed. Release 2 shuffled with `rand` 0.9's `StdRng`
//! (ChaCha12, seeded by `seed_from_u64`) and `SliceRandom::shuffle`; those
//! algorithms are frozen here, decoding old records only: nothing new is
//! ever drawn with them. `tests/fixtures/release-2/goal-decks.json` holds
//! rand 0.9's own output, and the tests below must match it.

/// ChaCha with 12 rounds, key from the seed, counter and stream from 0: a
/// stream of 32-bit words, 16 per block.
struct ChaCha12 {
    key: [u32; 8],
    counter: u64,
    block: [u32; 16],
    next: usize,
}

impl ChaCha12 {
    /// `StdRng::seed_from_u64(seed)` of rand 0.9: the 32-byte key filled
    /// by PCG32 from `seed`.
    fn seed_from_u64(mut state: u64) -> Self {
        const MUL: u64 = 6_364_136_223_846_793_005;
        const INC: u64 = 11_634_580_027_462_260_723;
        let mut key = [0u32; 8];
        for word in &mut key {
            state = state.wrapping_mul(MUL).wrapping_add(INC);
            let xorshifted = (((state >> 18) ^ state) >> 27) as u32;
            *word = xorshifted.rotate_right((state >> 59) as u32);
        }
        ChaCha12 {
            key,
            counter: 0,
            block: [0; 16],
            next: 16,
        }
    }

    fn refill(&mut self) {
        let mut input = [0u32; 16];
        input[..4].copy_from_slice(&[0x6170_7865, 0x3320_646e, 0x7962_2d32, 0x6b20_6574]);
        input[4..12].copy_from_slice(&self.key);
        input[12] = self.counter as u32;
        input[13] = (self.counter >> 32) as u32;
        let mut x = input;
        for _ in 0..6 {
            for [a, b, c, d] in [
                [0, 4, 8, 12],
                [1, 5, 9, 13],
                [2, 6, 10, 14],
                [3, 7, 11, 15],
                [0, 5, 10, 15],
                [1, 6, 11, 12],
                [2, 7, 8, 13],
                [3, 4, 9, 14],
            ] {
                quarter_round(&mut x, a, b, c, d);
            }
        }
        for (out, (w, i)) in self.block.iter_mut().zip(x.iter().zip(input.iter())) {
            *out = w.wrapping_add(*i);
        }
        self.counter = self.counter.wrapping_add(1);
        self.next = 0;
    }

    fn next_u32(&mut self) -> u32 {
        if self.next >= 16 {
            self.refill();
        }
        let word = self.block.get(self.next).copied().unwrap_or(0);
        self.next += 1;
        word
    }

    /// rand 0.9's `random_range(..bound)` for `u32` (`bound` > 0): the
    /// high word of a widening multiply, with one more word when the low
    /// word falls in the biased zone.
    fn below(&mut self, bound: u32) -> u32 {
        let wide = u64::from(self.next_u32()) * u64::from(bound);
        let (mut result, low) = ((wide >> 32) as u32, wide as u32);
        if low > bound.wrapping_neg() {
            let more = ((u64::from(self.next_u32()) * u64::from(bound)) >> 32) as u32;
            if low.checked_add(more).is_none() {
                result += 1;
            }
        }
        result
    }
}

fn quarter_round(x: &mut [u32; 16], a: usize, b: usize, c: usize, d: usize) {
    x[a] = x[a].wrapping_add(x[b]);
    x[d] = (x[d] ^ x[a]).rotate_left(16);
    x[c] = x[c].wrapping_add(x[d]);
    x[b] = (x[b] ^ x[c]).rotate_left(12);
    x[a] = x[a].wrapping_add(x[b]);
    x[d] = (x[d] ^ x[a]).rotate_left(8);
    x[c] = x[c].wrapping_add(x[d]);
    x[b] = (x[b] ^ x[c]).rotate_left(7);
}

/// rand 0.9's `shuffle` of a short slice: Fisher-Yates from the front,
/// several indexes cut from one draw (its `IncreasingUniform`).
fn shuffle<T>(items: &mut [T], rng: &mut ChaCha12) {
    if items.len() <= 1 {
        return;
    }
    let mut n: u32 = 0;
    let mut chunk: u32 = 0;
    let mut remaining: u8 = 1;
    for i in 0..items.len() {
        let next_n = n + 1;
        let left = match remaining.checked_sub(1) {
            Some(left) => left,
            None => {
                let (bound, count) = bound_of(next_n);
                chunk = rng.below(bound);
                count - 1
            }
        };
        let index = if left == 0 {
            chunk
        } else {
            let r = chunk % next_n;
            chunk /= next_n;
            r
        };
        remaining = left;
        n = next_n;
        items.swap(i, (index as usize).min(i));
    }
}

/// The largest product m (m+1) ... that fits in 32 bits, and its factor
/// count.
fn bound_of(m: u32) -> (u32, u8) {
    let mut product = m;
    let mut current = m + 1;
    while let Some(p) = product.checked_mul(current) {
        product = p;
        current += 1;
    }
    (product, (current - m) as u8)
}

/// The deck for `players` (in the rulebook's order, as `goal_deck` gives
/// it) as release 2 shuffled it for its `pass`-th pass (0 first) of a
/// game with `seed`.
pub fn release2_pass(deck: &[u32], seed: u64, pass: u64) -> Vec<u32> {
    let mut shuffled = deck.to_vec();
    let mut rng = ChaCha12::seed_from_u64(pass_seed(seed, pass));
    shuffle(&mut shuffled, &mut rng);
    shuffled
}

/// The seed of a pass, as release 2 derived it (SplitMix64's finaliser).
fn pass_seed(seed: u64, pass: u64) -> u64 {
    let mut z = seed.wrapping_add(pass.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The goals release 2 showed for the first `tricks` tricks of a game with
/// `deck` (the goal cards for its player count) and `seed`: pass after
/// pass, as it flipped them. Empty for an empty deck.
pub fn release2_goals(deck: &[u32], seed: u64, tricks: usize) -> Vec<u32> {
    if deck.is_empty() {
        return Vec::new();
    }
    (0u64..)
        .map(|pass| release2_pass(deck, seed, pass))
        .take(tricks.div_ceil(deck.len()))
        .flatten()
        .take(tricks)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::playing_chicken::goal_deck;

    /// rand 0.9's own decks, written by release 2 (c86224d).
    #[test]
    fn matches_release_2_for_every_player_count_seed_and_pass() {
        let text = include_str!("../../../tests/fixtures/release-2/goal-decks.json");
        let rows: Vec<serde_json::Value> = serde_json::from_str(text).unwrap();
        assert_eq!(rows.len(), 6 * 9 * 3);
        for row in rows {
            let players = row["players"].as_u64().unwrap() as usize;
            let seed: u64 = row["seed"].as_str().unwrap().parse().unwrap();
            let pass = row["pass"].as_u64().unwrap();
            let want: Vec<u32> = serde_json::from_value(row["deck"].clone()).unwrap();
            assert_eq!(
                release2_pass(&goal_deck(players), seed, pass),
                want,
                "{players} players, seed {seed}, pass {pass}"
            );
        }
    }

    #[test]
    fn goals_run_pass_after_pass() {
        let deck = goal_deck(3);
        let goals = release2_goals(&deck, 7, 15);
        assert_eq!(goals.len(), 15);
        assert_eq!(goals[..10], release2_pass(&deck, 7, 0)[..]);
        assert_eq!(goals[10..], release2_pass(&deck, 7, 1)[..5]);
        assert!(release2_goals(&[], 7, 15).is_empty());
    }
}

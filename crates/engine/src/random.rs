//! Randomness handed in: the engine reads no entropy, but every caller that draws (a page, a simulation, a
//! test) draws through one trait and, when it wants a seeded stream, one generator.
//!
//! A seeded generator is pure arithmetic, so it lives here rather than in each caller: [`SplitMix64`] is the
//! project's one generator, and [`RandomSource::below`] its one way to draw a number in a range.

/// The golden-ratio increment of SplitMix64, ⌊2⁶⁴/φ⌋ rounded to odd. Public so that tests that want a cheap
/// multiplicative hash use the same constant rather than write it again.
pub const GOLDEN_GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// Where random numbers come from: a seeded [`SplitMix64`], the page's random words, a fixed sequence in a test.
///
/// Only [`next_u64`](RandomSource::next_u64) is required. Any `FnMut() -> u64` closure is a source.
///
/// ```
/// use marubatsu_engine::random::RandomSource;
///
/// // below(n) keeps the high word of draw × n: (2⁶³ + 1) × 10 = 5 × 2⁶⁴ + 10.
/// let mut draws = [(1u64 << 63) + 1, u64::MAX, 0, 7].into_iter();
/// let mut source = || draws.next().unwrap_or(0);
/// assert_eq!(source.below(10), 5);
/// assert_eq!(source.below(10), 9);
/// // The draw 0 would favour the result 0 (its low word, 0, is below 2⁶⁴ mod 10 = 6): it is skipped, 7 used,
/// // and 7 × 10 is still below 2⁶⁴.
/// assert_eq!(source.below(10), 0);
/// ```
pub trait RandomSource {
    /// The next 64 random bits.
    fn next_u64(&mut self) -> u64;

    /// A number in `0..n`, each equally likely if the bits are (`0` when `n` is 0):
    /// [`below_u64`](RandomSource::below_u64).
    fn below(&mut self, n: usize) -> usize {
        // Below n, which is a usize.
        usize::try_from(self.below_u64(n as u64)).unwrap_or_default()
    }

    /// A number in `0..n`, exactly uniform (`0` when `n` is 0, without drawing): Lemire's multiply-shift with
    /// rejection ("Fast random integer generation in an interval", 2019).
    ///
    /// The rejection matters for large `n` — a vote at 16 players has 15¹⁶ ≈ 2⁶²·⁵ outcomes, where plain
    /// multiply-shift would favour some by a third — and costs nothing for small `n`, where it almost never
    /// rejects. After 64 rejections in a row (a chance below 2⁻⁶⁴ for a fair source, so only a broken one gets
    /// there) it keeps the last draw rather than loop for ever.
    fn below_u64(&mut self, n: u64) -> u64 {
        if n == 0 {
            return 0;
        }
        let mut product = u128::from(self.next_u64()) * u128::from(n);
        if (product as u64) < n {
            // 2⁶⁴ mod n: the low words below it belong to a value that would be drawn once too often.
            let threshold = n.wrapping_neg() % n;
            for _ in 0..64 {
                if (product as u64) >= threshold {
                    break;
                }
                product = u128::from(self.next_u64()) * u128::from(n);
            }
        }
        (product >> 64) as u64
    }

    /// A uniformly chosen element, or `None` from an empty slice (which draws nothing).
    fn pick<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        if items.is_empty() {
            None
        } else {
            items.get(self.below(items.len()))
        }
    }
}

impl<F: FnMut() -> u64> RandomSource for F {
    fn next_u64(&mut self) -> u64 {
        self()
    }
}

/// SplitMix64 (Steele, Lea and Flood, 2014): a small, fast, seedable generator, good enough for simulations and
/// for a page's draws. A simulation gives every game its own stream ([`SplitMix64::stream`]), so a game's result
/// depends only on the seed and its index.
///
/// ```
/// use marubatsu_engine::random::{RandomSource, SplitMix64};
///
/// let mut a = SplitMix64::new(42);
/// let mut b = SplitMix64::new(42);
/// assert_eq!(a.next_u64(), b.next_u64());
/// assert!(a.below(6) < 6);
/// assert_ne!(SplitMix64::stream(42, 0).next_u64(), SplitMix64::stream(42, 1).next_u64());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator from `seed`.
    pub const fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    /// The generator for game `index` of a simulation seeded with `seed`: the seed and the index are mixed
    /// once, so neighbouring indices give unrelated streams.
    pub fn stream(seed: u64, index: u64) -> SplitMix64 {
        let mut mixer = SplitMix64(seed ^ index.wrapping_mul(GOLDEN_GAMMA).rotate_left(17));
        SplitMix64(mixer.next_u64())
    }

    /// A generator from a list of random words (a page's `crypto.getRandomValues`): each word is mixed into the
    /// state and stirred by one step, so every word changes every later draw.
    pub fn from_words(words: &[u32]) -> SplitMix64 {
        let mut generator = SplitMix64(0);
        for &word in words {
            generator.0 ^= u64::from(word);
            generator.next_u64();
        }
        generator
    }
}

impl RandomSource for SplitMix64 {
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(GOLDEN_GAMMA);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_the_reference_sequence() {
        // The first outputs of SplitMix64 seeded with 1234567, from the reference implementation.
        let mut rng = SplitMix64::new(1234567);
        assert_eq!(rng.next_u64(), 6457827717110365317);
        assert_eq!(rng.next_u64(), 3203168211198807973);
    }

    #[test]
    fn from_words_mixes_every_word() {
        assert_eq!(SplitMix64::from_words(&[]), SplitMix64::new(0));
        assert_ne!(SplitMix64::from_words(&[1, 2]), SplitMix64::from_words(&[2, 1]));
        assert_ne!(SplitMix64::from_words(&[0]), SplitMix64::from_words(&[0, 0]));
    }

    #[test]
    fn below_is_roughly_uniform() {
        let mut rng = SplitMix64::new(9);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            counts[rng.below(6)] += 1;
        }
        assert!(counts.iter().all(|&c| (9_400..10_600).contains(&c)), "{counts:?}");
        assert_eq!(rng.below(0), 0);
    }

    #[test]
    fn below_u64_is_uniform_where_plain_multiply_shift_is_not() {
        // n = 3 · 2⁶²: plain multiply-shift maps 2 words of 4 onto every outcome divisible by 3 and 1 onto the
        // others, so half the draws would be ≡ 0 (mod 3); with rejection each residue gets a third.
        let n = 3u64 << 62;
        let mut rng = SplitMix64::new(17);
        let mut residues = [0u32; 3];
        for _ in 0..30_000 {
            residues[(rng.below_u64(n) % 3) as usize] += 1;
        }
        assert!(residues.iter().all(|&c| (9_400..10_600).contains(&c)), "{residues:?}");
        assert_eq!(rng.below_u64(0), 0);
        assert_eq!(rng.below_u64(1), 0);
    }

    #[test]
    fn below_ends_on_a_broken_source() {
        let mut zeros = || 0u64;
        assert_eq!(zeros.below(3), 0);
        assert_eq!(zeros.below(8), 0);
        assert_eq!(zeros.below(1), 0);
        assert_eq!(zeros.below(0), 0);
        assert_eq!(zeros.pick::<u8>(&[]), None);
    }
}

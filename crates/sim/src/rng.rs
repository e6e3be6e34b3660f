//! SplitMix64: a small, fast, seedable generator (Steele, Lea and Flood, 2014), good enough for simulations.

/// A SplitMix64 generator. Every game of a simulation gets its own stream ([`SplitMix64::stream`]), so a game's
/// result depends only on the seed and its index.
///
/// ```
/// use marubatsu_sim::SplitMix64;
///
/// let mut a = SplitMix64::new(42);
/// let mut b = SplitMix64::new(42);
/// assert_eq!(a.next_u64(), b.next_u64());
/// assert!(a.below(6) < 6);
/// assert_ne!(SplitMix64::stream(42, 0).next_u64(), SplitMix64::stream(42, 1).next_u64());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitMix64(u64);

/// The golden-ratio increment of SplitMix64.
const GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

impl SplitMix64 {
    /// A generator from `seed`.
    pub const fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    /// The generator for game `index` of a simulation seeded with `seed`: the seed and the index are mixed
    /// once, so neighbouring indices give unrelated streams.
    pub fn stream(seed: u64, index: u64) -> SplitMix64 {
        let mut mixer = SplitMix64(seed ^ index.wrapping_mul(GAMMA).rotate_left(17));
        SplitMix64(mixer.next_u64())
    }

    /// The next 64 bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(GAMMA);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform number in `0..n` (0 when `n` is 0): [`below_u64`](SplitMix64::below_u64).
    pub fn below(&mut self, n: usize) -> usize {
        self.below_u64(n as u64) as usize
    }

    /// A uniform number in `0..n` (0 when `n` is 0), exactly: Lemire's multiply-shift with rejection ("Fast
    /// random integer generation in an interval", 2019). The rejection matters for large `n` — a vote at 16
    /// players has 15^16 ≈ 2^62.5 outcomes, where plain multiply-shift would favour some by a third — and costs
    /// nothing for small `n`, where it almost never rejects.
    pub fn below_u64(&mut self, n: u64) -> u64 {
        if n == 0 {
            return 0;
        }
        let mut product = u128::from(self.next_u64()) * u128::from(n);
        if (product as u64) < n {
            // 2^64 mod n: the low words below it belong to a value that would be drawn once too often.
            let threshold = n.wrapping_neg() % n;
            while (product as u64) < threshold {
                product = u128::from(self.next_u64()) * u128::from(n);
            }
        }
        (product >> 64) as u64
    }

    /// A uniformly chosen element, or `None` from an empty slice.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        if items.is_empty() {
            None
        } else {
            items.get(self.below(items.len()))
        }
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
        // n = 3 · 2^62: plain multiply-shift maps 2 words of 4 onto every outcome divisible by 3 and 1 onto the
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
}

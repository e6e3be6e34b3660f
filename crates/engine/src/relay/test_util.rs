//! Helpers shared by the tests of the relay module: a tiny deterministic source of random numbers.

use super::random::RandomSource;

/// Marsaglia's xorshift64: deterministic pseudo-random numbers with no dependency, for property-style tests.
pub(crate) struct XorShift(u64);

impl XorShift {
    /// A generator from `seed`; zero, the one state xorshift never leaves, is replaced by a fixed constant.
    pub(crate) fn new(seed: u64) -> XorShift {
        XorShift(if seed == 0 {
            0x9E37_79B9_7F4A_7C15
        } else {
            seed
        })
    }
}

impl RandomSource for XorShift {
    fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }
}

//! The one deterministic generator the engine's tests share.

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

    /// The next 64 bits.
    pub(crate) fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    /// A number in `0..n`, for `n > 0` (the modulo bias is far below what a test can see).
    pub(crate) fn below_u64(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// A number in `0..n`, for `n > 0`.
    pub(crate) fn below(&mut self, n: usize) -> usize {
        // usize is at most 64 bits wide on every target this builds for, and the result is below n.
        self.below_u64(n as u64) as usize
    }
}

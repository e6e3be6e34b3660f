//! The one deterministic generator the engine's tests share: the sim crate's SplitMix64 (the project's one
//! generator), behind a local type so that test helpers can add methods to it.

use marubatsu_sim::SplitMix64;

/// Deterministic pseudo-random numbers for property-style tests.
pub(crate) struct TestRng(SplitMix64);

impl TestRng {
    /// A generator from `seed`.
    pub(crate) fn new(seed: u64) -> TestRng {
        TestRng(SplitMix64::new(seed))
    }

    /// The next 64 bits.
    pub(crate) fn next(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// A uniform number in `0..n`, for `n > 0`.
    pub(crate) fn below_u64(&mut self, n: u64) -> u64 {
        self.0.below_u64(n)
    }

    /// A uniform number in `0..n`, for `n > 0`.
    pub(crate) fn below(&mut self, n: usize) -> usize {
        self.0.below(n)
    }
}

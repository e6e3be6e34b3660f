//! Helpers shared by the tests of the relay module: the engine's test generator as a random source.

use super::random::RandomSource;

pub(crate) use crate::test_rng::XorShift;

impl RandomSource for XorShift {
    fn next_u64(&mut self) -> u64 {
        self.next()
    }
}

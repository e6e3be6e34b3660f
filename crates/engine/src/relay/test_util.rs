//! Helpers shared by the tests of the relay module: the engine's test generator as a random source.

use super::random::RandomSource;

pub(crate) use crate::test_rng::TestRng;

impl RandomSource for TestRng {
    fn next_u64(&mut self) -> u64 {
        self.next()
    }
}

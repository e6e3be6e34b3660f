//! The random source the UI hands in: the engine draws nothing by itself.

/// Where random numbers come from: the UI's generator in a game, a fixed sequence in a test.
///
/// Only [`next_u64`](RandomSource::next_u64) is required. Any `FnMut() -> u64` closure is a source.
///
/// ```
/// use marubatsu_engine::relay::RandomSource;
///
/// let mut draws = [7u64, 12, 3, 25].into_iter();
/// let mut source = || draws.next().unwrap_or(0);
/// assert_eq!(source.below(10), 7);
/// assert_eq!(source.below(10), 2);
/// // 2⁶⁴ leaves 6 over a multiple of 10, so draws below 6 would favour 0..6: 3 is skipped, 25 used.
/// assert_eq!(source.below(10), 5);
/// ```
pub trait RandomSource {
    /// The next 64 random bits.
    fn next_u64(&mut self) -> u64;

    /// A number in `0..n`, each equally likely if the bits are (`0` when `n` is 0 or 1).
    ///
    /// Draws that would favour small numbers are rejected, so the result is exactly uniform; after 64
    /// rejections in a row (a chance below 2⁻²⁰⁰⁰ for a fair source, so only a broken source gets there) it
    /// takes the last draw modulo `n` rather than loop for ever.
    fn below(&mut self, n: usize) -> usize {
        let Ok(n) = u64::try_from(n) else {
            return 0;
        };
        if n <= 1 {
            return 0;
        }
        // 2⁶⁴ mod n: the values below it are the ones that would appear once too often.
        let threshold = n.wrapping_neg() % n;
        let mut bits = self.next_u64();
        for _ in 0..64 {
            if bits >= threshold {
                break;
            }
            bits = self.next_u64();
        }
        // Below n, which is a usize.
        usize::try_from(bits % n).unwrap_or_default()
    }
}

impl<F: FnMut() -> u64> RandomSource for F {
    fn next_u64(&mut self) -> u64 {
        self()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn below_rejects_the_values_that_would_bias_it() {
        // For n = 3, 2⁶⁴ mod 3 = 1: the value 0 is rejected and the next one used.
        let mut values = [0u64, 0, 7].into_iter();
        let mut source = || values.next().unwrap_or(0);
        assert_eq!(source.below(3), 1);
        // A power of two rejects nothing.
        let mut zeros = || 0u64;
        assert_eq!(zeros.below(8), 0);
        assert_eq!(zeros.below(1), 0);
        assert_eq!(zeros.below(0), 0);
        // A broken source that only ever gives rejected values still ends.
        assert_eq!(zeros.below(3), 0);
    }

    #[test]
    fn below_covers_its_range() {
        let mut x = 0x1234_5678_9ABC_DEF0u64;
        let mut source = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let mut seen = [0u32; 7];
        for _ in 0..7_000 {
            seen[source.below(7)] += 1;
        }
        assert!(seen.iter().all(|&count| (800..1_200).contains(&count)), "{seen:?}");
    }
}

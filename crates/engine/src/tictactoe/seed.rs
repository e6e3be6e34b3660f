//! The 256-bit number the Easy CPU picks its cell with.

use core::fmt;
use core::num::NonZeroU8;

/// The contract's `uint256 seed`, as its 32 big-endian bytes.
///
/// The engine never makes randomness: the seed comes from outside (the contract's hash on chain, a caller's
/// choice off chain), so a game replays exactly from its events. Only [`Seed::rem`] reads it, and it does what
/// the contract's `seed % n` does on the full 256-bit number.
///
/// ```
/// use core::num::NonZeroU8;
/// use marubatsu_engine::tictactoe::Seed;
///
/// let nine = NonZeroU8::new(9).unwrap();
/// assert_eq!(Seed::from_u64(1_000_000).rem(nine), 1); // 1 + 999,999
/// assert_eq!(Seed::from_be_bytes([0xFF; 32]).rem(nine), 6); // (2^256 - 1) mod 9
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Seed(pub [u8; 32]);

impl Seed {
    /// The seed zero: Easy then always takes the lowest empty cell.
    pub const ZERO: Seed = Seed([0; 32]);

    /// The seed whose big-endian bytes are `bytes` (what `U256::to_be_bytes` gives).
    pub const fn from_be_bytes(bytes: [u8; 32]) -> Seed {
        Seed(bytes)
    }

    /// A seed below 2^64, handy in tests and on the command line.
    pub const fn from_u64(value: u64) -> Seed {
        let low = value.to_be_bytes();
        let mut bytes = [0; 32];
        let mut i = 0;
        while i < 8 {
            bytes[24 + i] = low[i];
            i += 1;
        }
        Seed(bytes)
    }

    /// The big-endian bytes.
    pub const fn to_be_bytes(self) -> [u8; 32] {
        self.0
    }

    /// The seed modulo `n`, exactly as the contract computes `seed % n`.
    ///
    /// Long division one byte at a time: the remainder so far is below `n <= 255`, so `remainder * 256 + byte`
    /// stays below 2^16 and no wider arithmetic is needed. `n` is non-zero by type because `x % 0` has no
    /// value (the contract would revert).
    pub const fn rem(&self, n: NonZeroU8) -> u8 {
        let n = n.get() as u32;
        let mut remainder = 0u32;
        let mut i = 0;
        while i < self.0.len() {
            remainder = (remainder * 256 + self.0[i] as u32) % n;
            i += 1;
        }
        // Below n, which is a u8.
        remainder as u8
    }
}

impl From<[u8; 32]> for Seed {
    fn from(bytes: [u8; 32]) -> Seed {
        Seed(bytes)
    }
}

/// `0x` and 64 hex digits, as the number is written on chain.
impl fmt::Display for Seed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("0x")?;
        for byte in self.0 {
            write!(f, "{byte:02x}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Seed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Seed({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::{RandomSource, SplitMix64};

    fn nz(n: u8) -> NonZeroU8 {
        NonZeroU8::new(n).unwrap_or_else(|| panic!("test divides by {n}"))
    }

    /// A seed from a u128, to compare against Rust's own `%`.
    fn seed_u128(value: u128) -> Seed {
        let mut bytes = [0; 32];
        bytes[16..].copy_from_slice(&value.to_be_bytes());
        Seed(bytes)
    }

    #[test]
    fn rem_matches_native_arithmetic_below_2_128() {
        // A deterministic spread of values from the engine's generator, two draws per 128-bit value.
        let mut rng = SplitMix64::new(0x0123_4567_89AB_CDEF);
        for _ in 0..1_000 {
            let value = u128::from(rng.next_u64()) << 64 | u128::from(rng.next_u64());
            for n in 1..=u8::MAX {
                assert_eq!(seed_u128(value).rem(nz(n)), (value % u128::from(n)) as u8);
            }
        }
        assert_eq!(seed_u128(u128::MAX).rem(nz(7)), (u128::MAX % 7) as u8);
    }

    #[test]
    fn rem_uses_all_256_bits() {
        // 2^256 - 1: 2^6 = 1 (mod 9) and 256 = 6*42 + 4, so 2^256 = 16 = 7 and the number is 6 (mod 9).
        let all_ones = Seed([0xFF; 32]);
        assert_eq!(all_ones.rem(nz(9)), 6);
        assert_eq!(all_ones.rem(nz(8)), 7);
        // 2^3 = 1 (mod 7) and 256 = 3*85 + 1, so 2^256 - 1 = 2 - 1 = 1 (mod 7).
        assert_eq!(all_ones.rem(nz(7)), 1);
        // 2^255 alone: 2^255 = 2^(6*42+3) = 8 (mod 9).
        let mut top = [0; 32];
        top[0] = 0x80;
        assert_eq!(Seed(top).rem(nz(9)), 8);
        assert_eq!(Seed::ZERO.rem(nz(5)), 0);
        assert_eq!(Seed::from_u64(17).rem(nz(1)), 0);
    }

    #[test]
    fn from_u64_is_big_endian_and_displays_as_hex() {
        let seed = Seed::from_u64(0x0102);
        assert_eq!(seed.0[30..], [1, 2]);
        assert_eq!(seed.to_string(), format!("0x{}0102", "0".repeat(60)));
    }
}

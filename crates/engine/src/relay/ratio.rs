//! Exact fractions, for chances that must come out as 5/8 and not 0.6249999.

use core::fmt;

/// A non-negative fraction in lowest terms, with `u128` numerator and denominator.
///
/// ```
/// use marubatsu_engine::relay::Ratio;
///
/// let three_eighths = Ratio::new(24, 64).unwrap();
/// assert_eq!((three_eighths.numerator(), three_eighths.denominator()), (3, 8));
/// assert_eq!(three_eighths.complement().unwrap().to_string(), "5/8");
/// assert_eq!(Ratio::new(1, 0), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ratio {
    numerator: u128,
    denominator: u128,
}

const fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        let r = a % b;
        a = b;
        b = r;
    }
    a
}

impl Ratio {
    /// Zero.
    pub const ZERO: Ratio = Ratio {
        numerator: 0,
        denominator: 1,
    };
    /// One.
    pub const ONE: Ratio = Ratio {
        numerator: 1,
        denominator: 1,
    };

    /// `numerator / denominator` in lowest terms, or `None` for a zero denominator.
    pub const fn new(numerator: u128, denominator: u128) -> Option<Ratio> {
        if denominator == 0 {
            return None;
        }
        let g = gcd(numerator, denominator);
        Some(Ratio {
            numerator: numerator / g,
            denominator: denominator / g,
        })
    }

    /// The numerator, in lowest terms.
    pub const fn numerator(self) -> u128 {
        self.numerator
    }

    /// The denominator, in lowest terms (never zero).
    pub const fn denominator(self) -> u128 {
        self.denominator
    }

    /// `1 − self`, or `None` if `self` is above one.
    pub const fn complement(self) -> Option<Ratio> {
        match self.denominator.checked_sub(self.numerator) {
            Some(rest) => Ratio::new(rest, self.denominator),
            None => None,
        }
    }

    /// `self · other`, or `None` if it does not fit.
    pub fn checked_mul(self, other: Ratio) -> Option<Ratio> {
        // Cross-cancel first so the products stay as small as they can.
        let a = gcd(self.numerator, other.denominator).max(1);
        let b = gcd(other.numerator, self.denominator).max(1);
        Ratio::new(
            (self.numerator / a).checked_mul(other.numerator / b)?,
            (self.denominator / b).checked_mul(other.denominator / a)?,
        )
    }

    /// `self + other`, or `None` if it does not fit.
    pub fn checked_add(self, other: Ratio) -> Option<Ratio> {
        let g = gcd(self.denominator, other.denominator);
        let left = other.denominator / g;
        let right = self.denominator / g;
        Ratio::new(
            self.numerator
                .checked_mul(left)?
                .checked_add(other.numerator.checked_mul(right)?)?,
            self.denominator.checked_mul(left)?,
        )
    }

    /// The value as an `f64`: numerator and denominator each rounded to `f64`, then divided.
    pub fn to_f64(self) -> f64 {
        self.numerator as f64 / self.denominator as f64
    }
}

impl fmt::Display for Ratio {
    /// `numerator/denominator`, e.g. `5/8`, `0/1`, `1/1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.numerator, self.denominator)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(n: u128, d: u128) -> Ratio {
        Ratio::new(n, d).unwrap_or_else(|| panic!("{n}/{d}"))
    }

    #[test]
    fn arithmetic_stays_in_lowest_terms() {
        assert_eq!(r(6, 4), r(3, 2));
        assert_eq!(r(0, 7), Ratio::ZERO);
        assert_eq!(r(9, 9), Ratio::ONE);
        assert_eq!(r(2, 3).checked_mul(r(9, 4)), Some(r(3, 2)));
        assert_eq!(r(1, 6).checked_add(r(1, 3)), Some(r(1, 2)));
        assert_eq!(r(3, 8).complement(), Some(r(5, 8)));
        assert_eq!(r(9, 8).complement(), None);
        assert_eq!(Ratio::ONE.complement(), Some(Ratio::ZERO));
        assert_eq!(r(1, u128::MAX).checked_mul(r(1, 2)), None);
        assert_eq!(r(1, u128::MAX).checked_add(r(1, 2)), None);
        assert_eq!(r(5, 8).to_f64(), 0.625);
        assert_eq!(r(2, 3).to_string(), "2/3");
    }
}

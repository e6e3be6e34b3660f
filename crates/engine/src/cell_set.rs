//! What the games' bit sets share, in one vocabulary (shakmaty's): the operators of `std::ops`, `len`, `iter`,
//! walking the members in ascending order, and collecting members into a set.

/// Implements, for a set type `$set` with `const fn first(self) -> Option<$member>`, `without(self, $member)`,
/// `with(self, $member)` and `len(self)`, and the constant `$set::EMPTY`: the iterator `$iter` over its
/// members in ascending order (exact size, fused), `IntoIterator` for the set, and `FromIterator<$member>`.
///
/// A macro rather than a trait, so that each game keeps its own concrete, documented types and its `const fn`s.
macro_rules! ascending_members {
    ($set:ident, $iter:ident, $member:ident) => {
        /// The members of the set in ascending order; made by its `iter()`.
        #[derive(Clone, Debug)]
        pub struct $iter($set);

        impl Iterator for $iter {
            type Item = $member;

            fn next(&mut self) -> Option<$member> {
                let member = self.0.first()?;
                self.0 = self.0.without(member);
                Some(member)
            }

            fn size_hint(&self) -> (usize, Option<usize>) {
                let n = usize::from(self.0.len());
                (n, Some(n))
            }
        }

        impl ExactSizeIterator for $iter {}

        impl core::iter::FusedIterator for $iter {}

        impl IntoIterator for $set {
            type Item = $member;
            type IntoIter = $iter;

            fn into_iter(self) -> $iter {
                self.iter()
            }
        }

        impl FromIterator<$member> for $set {
            fn from_iter<I: IntoIterator<Item = $member>>(members: I) -> $set {
                members.into_iter().fold($set::EMPTY, $set::with)
            }
        }
    };
}

pub(crate) use ascending_members;

/// Implements the set operators for a bit set `$set(bits)`: `a | b` (either), `a & b` (both), `a ^ b` (exactly
/// one), `a - b` (in `a`, not in `b`), and their assigning forms. Each keeps a valid set valid, since no operator
/// sets a bit that neither side has. The `const fn` forms (`union`, `intersect`, …) stay for constants.
macro_rules! set_operators {
    ($set:ident) => {
        impl core::ops::BitOr for $set {
            type Output = $set;

            fn bitor(self, other: $set) -> $set {
                $set(self.0 | other.0)
            }
        }

        impl core::ops::BitAnd for $set {
            type Output = $set;

            fn bitand(self, other: $set) -> $set {
                $set(self.0 & other.0)
            }
        }

        impl core::ops::BitXor for $set {
            type Output = $set;

            fn bitxor(self, other: $set) -> $set {
                $set(self.0 ^ other.0)
            }
        }

        impl core::ops::Sub for $set {
            type Output = $set;

            fn sub(self, other: $set) -> $set {
                $set(self.0 & !other.0)
            }
        }

        impl core::ops::BitOrAssign for $set {
            fn bitor_assign(&mut self, other: $set) {
                self.0 |= other.0;
            }
        }

        impl core::ops::BitAndAssign for $set {
            fn bitand_assign(&mut self, other: $set) {
                self.0 &= other.0;
            }
        }

        impl core::ops::SubAssign for $set {
            fn sub_assign(&mut self, other: $set) {
                self.0 &= !other.0;
            }
        }
    };
}

pub(crate) use set_operators;

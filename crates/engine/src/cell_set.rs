//! What the games' bit sets share: walking their members in ascending order, and collecting members into a set.

/// Implements, for a set type `$set` with `const fn first(self) -> Option<$member>`, `without(self, $member)`,
/// `with(self, $member)` and `count(self) -> u8`, and the constant `$set::EMPTY`: the iterator `$iter` over its
/// members in ascending order (exact size, fused), `IntoIterator` for the set, and `FromIterator<$member>`.
///
/// A macro rather than a trait, so that each game keeps its own concrete, documented types and its `const fn`s.
macro_rules! ascending_members {
    ($set:ident, $iter:ident, $member:ident) => {
        /// The members of the set in ascending order; made by its `cells()`.
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
                let n = usize::from(self.0.count());
                (n, Some(n))
            }
        }

        impl ExactSizeIterator for $iter {}

        impl core::iter::FusedIterator for $iter {}

        impl IntoIterator for $set {
            type Item = $member;
            type IntoIter = $iter;

            fn into_iter(self) -> $iter {
                self.cells()
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

//! Seats around the table, clockwise, and sets of them packed in a `u16`.

use core::fmt;
use core::iter::FusedIterator;

/// The most players a table can seat: a [`SeatSet`] is a 16-bit mask.
pub const MAX_PLAYERS: usize = 16;

/// A seat at the table. Seats are numbered from 0 in clockwise order, so the player after seat `i` is seat
/// `i + 1`, and after the last seat comes seat 0.
///
/// ```text
///        0   1
///     7         2      clockwise: 0 → 1 → 2 → … → 7 → 0
///     6         3
///        5   4
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "u8", into = "u8"))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(type = "number"))]
pub struct Seat(u8);

impl Seat {
    /// The seat with this index, or `None` beyond [`MAX_PLAYERS`]. Whether the seat exists at a given table is
    /// the game's business: events naming a seat the table does not have are refused.
    pub const fn new(index: u8) -> Option<Seat> {
        if (index as usize) < MAX_PLAYERS {
            Some(Seat(index))
        } else {
            None
        }
    }

    /// The seat's index, from 0.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The seat's index as a byte, as events carry it.
    pub const fn number(self) -> u8 {
        self.0
    }

    /// The seat `offset` places clockwise from this one at a table of `players` seats.
    pub(crate) const fn clockwise(self, offset: u8, players: u8) -> Seat {
        Seat(((self.0 as u16 + offset as u16) % players as u16) as u8)
    }

    /// Every seat of a table of `players` seats, in seat order (at most [`MAX_PLAYERS`]).
    pub(crate) fn all(players: u8) -> impl Iterator<Item = Seat> {
        (0..players.min(MAX_PLAYERS as u8)).map(Seat)
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.0)
    }
}

/// A seat number at or beyond [`MAX_PLAYERS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NoSuchSeat(pub u8);

impl fmt::Display for NoSuchSeat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {} does not exist: seats are 0 to {}", self.0, MAX_PLAYERS - 1)
    }
}

impl std::error::Error for NoSuchSeat {}

impl TryFrom<u8> for Seat {
    type Error = NoSuchSeat;

    fn try_from(index: u8) -> Result<Seat, NoSuchSeat> {
        Seat::new(index).ok_or(NoSuchSeat(index))
    }
}

impl From<Seat> for u8 {
    fn from(seat: Seat) -> u8 {
        seat.number()
    }
}

/// A set of seats: bit `i` is seat `i`.
///
/// ```
/// use marubatsu_engine::werewolf::{Seat, SeatSet};
///
/// let (a, b) = (Seat::new(1).unwrap(), Seat::new(5).unwrap());
/// let set = SeatSet::EMPTY.with(b).with(a);
/// assert_eq!(set.len(), 2);
/// assert!(set.contains(a) && !set.without(a).contains(a));
/// assert_eq!(set.iter().collect::<Vec<_>>(), vec![a, b]); // always in seat order
/// assert_eq!(set.to_string(), "{1, 5}");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SeatSet(u16);

impl SeatSet {
    /// No seats.
    pub const EMPTY: SeatSet = SeatSet(0);

    /// The set with these bits (bit `i` is seat `i`).
    pub const fn from_bits(bits: u16) -> SeatSet {
        SeatSet(bits)
    }

    /// Every seat of a table of `players` seats.
    pub const fn first_seats(players: u8) -> SeatSet {
        if players as usize >= MAX_PLAYERS {
            SeatSet(u16::MAX)
        } else {
            SeatSet((1u16 << players) - 1)
        }
    }

    /// The raw bits.
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// The set with `seat` added.
    #[must_use]
    pub const fn with(self, seat: Seat) -> SeatSet {
        SeatSet(self.0 | 1 << seat.0)
    }

    /// The set with `seat` removed.
    #[must_use]
    pub const fn without(self, seat: Seat) -> SeatSet {
        SeatSet(self.0 & !(1 << seat.0))
    }

    /// Whether `seat` is in the set.
    pub const fn contains(self, seat: Seat) -> bool {
        self.0 & 1 << seat.0 != 0
    }

    /// The seats in both sets.
    #[must_use]
    pub const fn intersect(self, other: SeatSet) -> SeatSet {
        SeatSet(self.0 & other.0)
    }

    /// How many seats.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set has no seats.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The lowest seat, if any.
    pub const fn first(self) -> Option<Seat> {
        if self.0 == 0 {
            None
        } else {
            Some(Seat(self.0.trailing_zeros() as u8))
        }
    }

    /// The seats in seat order.
    pub const fn iter(self) -> Seats {
        Seats(self.0)
    }
}

crate::cell_set::set_operators!(SeatSet);

impl FromIterator<Seat> for SeatSet {
    fn from_iter<I: IntoIterator<Item = Seat>>(iter: I) -> SeatSet {
        iter.into_iter().fold(SeatSet::EMPTY, SeatSet::with)
    }
}

impl IntoIterator for SeatSet {
    type Item = Seat;
    type IntoIter = Seats;

    fn into_iter(self) -> Seats {
        self.iter()
    }
}

impl fmt::Display for SeatSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("{")?;
        for (i, seat) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{}", seat.0)?;
        }
        f.write_str("}")
    }
}

/// The seats of a [`SeatSet`], lowest first.
#[derive(Clone, Debug)]
pub struct Seats(u16);

impl Iterator for Seats {
    type Item = Seat;

    fn next(&mut self) -> Option<Seat> {
        if self.0 == 0 {
            return None;
        }
        let seat = Seat(self.0.trailing_zeros() as u8);
        self.0 &= self.0 - 1;
        Some(seat)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl DoubleEndedIterator for Seats {
    fn next_back(&mut self) -> Option<Seat> {
        if self.0 == 0 {
            return None;
        }
        let seat = Seat(15 - self.0.leading_zeros() as u8);
        self.0 &= !(1 << seat.0);
        Some(seat)
    }
}

impl ExactSizeIterator for Seats {}
impl FusedIterator for Seats {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clockwise_wraps_around_the_table() {
        let seven = Seat(7);
        assert_eq!(seven.clockwise(1, 8), Seat(0));
        assert_eq!(seven.clockwise(8, 8), seven);
        assert_eq!(Seat(2).clockwise(3, 4), Seat(1));
    }

    #[test]
    fn sets_iterate_in_seat_order_and_count() {
        let set: SeatSet = [Seat(9), Seat(0), Seat(15), Seat(3)].into_iter().collect();
        assert_eq!(set.len(), 4);
        assert_eq!(set.iter().map(Seat::number).collect::<Vec<_>>(), [0, 3, 9, 15]);
        assert_eq!(set.first(), Some(Seat(0)));
        assert_eq!(set.iter().rev().map(Seat::number).collect::<Vec<_>>(), [15, 9, 3, 0]);
        assert_eq!(SeatSet::first_seats(16).len(), 16);
        assert_eq!(SeatSet::first_seats(3), SeatSet::from_bits(0b111));
        assert_eq!((set - SeatSet::first_seats(4)).to_string(), "{9, 15}");
        assert_eq!(Seat::new(16), None);
    }
}

//! Chits lying on the table: who placed which kind in front of whom.

use core::fmt;

use super::seat::{MAX_PLAYERS, Seat, SeatSet};

/// The colour of a seer's verdict (R4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "WerewolfVerdict"))]
pub enum Verdict {
    /// "Is a werewolf."
    Black,
    /// "Is not a werewolf."
    White,
}

impl Verdict {
    /// Both colours, black first.
    pub const ALL: [Verdict; 2] = [Verdict::Black, Verdict::White];

    /// The chit of this colour.
    pub const fn chit(self) -> ChitKind {
        match self {
            Verdict::Black => ChitKind::Black,
            Verdict::White => ChitKind::White,
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Verdict::Black => "black",
            Verdict::White => "white",
        })
    }
}

/// The three kinds of chit a player owns (R1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum ChitKind {
    /// A black verdict.
    Black,
    /// A white verdict.
    White,
    /// An attack.
    Attack,
}

impl ChitKind {
    /// The three kinds.
    pub const ALL: [ChitKind; 3] = [ChitKind::Black, ChitKind::White, ChitKind::Attack];

    /// 0, 1, 2 in the order of [`ChitKind::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for ChitKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ChitKind::Black => "black verdict",
            ChitKind::White => "white verdict",
            ChitKind::Attack => "attack",
        })
    }
}

/// Every chit on the table: for each owner and target, how many of each kind lie in front of the target.
///
/// A chit stays until a rule removes it (R1, R6); a removed chit is gone for good, so the counts only grow by
/// placing and only shrink by removal of all of an owner's chits of a kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Chits([[[u8; 3]; MAX_PLAYERS]; MAX_PLAYERS]);

impl Chits {
    /// No chits anywhere.
    pub const EMPTY: Chits = Chits([[[0; 3]; MAX_PLAYERS]; MAX_PLAYERS]);

    /// How many chits of `kind` owned by `owner` lie in front of `target`.
    pub const fn count(&self, owner: Seat, target: Seat, kind: ChitKind) -> u8 {
        self.0[owner.index()][target.index()][kind.index()]
    }

    /// The owners of at least one chit of `kind` in front of `target`.
    pub fn owners_on(&self, target: Seat, kind: ChitKind) -> SeatSet {
        (0..MAX_PLAYERS)
            .filter(|&owner| self.0[owner][target.index()][kind.index()] > 0)
            .filter_map(|owner| Seat::new(owner as u8))
            .collect()
    }

    /// The players in front of whom `owner` has at least one chit of `kind`.
    pub fn targets_of(&self, owner: Seat, kind: ChitKind) -> SeatSet {
        (0..MAX_PLAYERS)
            .filter(|&target| self.0[owner.index()][target][kind.index()] > 0)
            .filter_map(|target| Seat::new(target as u8))
            .collect()
    }

    /// How many chits of `kind` lie in front of `target`, counting only owners in `owners`.
    pub fn on_from(&self, target: Seat, kind: ChitKind, owners: SeatSet) -> u8 {
        owners.iter().map(|owner| self.count(owner, target, kind)).sum()
    }

    /// How many chits of `kind` `owner` has on the table.
    pub fn placed_by(&self, owner: Seat, kind: ChitKind) -> u8 {
        self.0[owner.index()].iter().map(|c| c[kind.index()]).sum()
    }

    /// Lays one chit of `kind` from `owner` in front of `target`.
    pub(crate) fn place(&mut self, owner: Seat, target: Seat, kind: ChitKind) {
        self.0[owner.index()][target.index()][kind.index()] += 1;
    }

    /// Takes every chit of `kind` that `owner` has on the table off it; returns how many.
    pub(crate) fn remove_all(&mut self, owner: Seat, kind: ChitKind) -> u8 {
        let mut removed = 0;
        for target in &mut self.0[owner.index()] {
            removed += target[kind.index()];
            target[kind.index()] = 0;
        }
        removed
    }
}

impl Default for Chits {
    fn default() -> Chits {
        Chits::EMPTY
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seat(i: u8) -> Seat {
        Seat::new(i).unwrap_or_default()
    }

    #[test]
    fn placing_and_removing_counts_per_owner_target_and_kind() {
        let mut chits = Chits::EMPTY;
        chits.place(seat(1), seat(2), ChitKind::Attack);
        chits.place(seat(1), seat(2), ChitKind::Attack);
        chits.place(seat(1), seat(4), ChitKind::Attack);
        chits.place(seat(1), seat(2), ChitKind::Black);
        chits.place(seat(3), seat(2), ChitKind::Attack);
        assert_eq!(chits.count(seat(1), seat(2), ChitKind::Attack), 2);
        assert_eq!(chits.owners_on(seat(2), ChitKind::Attack).to_string(), "{1, 3}");
        assert_eq!(chits.targets_of(seat(1), ChitKind::Attack).to_string(), "{2, 4}");
        assert_eq!(chits.on_from(seat(2), ChitKind::Attack, SeatSet::first_seats(2)), 2);
        assert_eq!(chits.remove_all(seat(1), ChitKind::Attack), 3);
        assert_eq!(chits.placed_by(seat(1), ChitKind::Attack), 0);
        assert_eq!(chits.placed_by(seat(1), ChitKind::Black), 1);
        assert_eq!(chits.count(seat(3), seat(2), ChitKind::Attack), 1);
    }
}

//! How a game ended and who won.

use super::role::Role;
use super::seat::{Seat, SeatSet};

/// The end of a game: why, and every winning seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// Which end condition (R10) or paradox (R11).
    pub end: End,
    /// Every player who wins, alive or dead.
    pub winners: SeatSet,
}

/// The end conditions of R10, in the order they are checked, and the paradox of R11.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum End {
    /// R10.1: everyone is dead; the fixed werewolves win.
    AllDead,
    /// R10.2: every alive player has lost the werewolf possibility; everyone who has lost it wins.
    VillageWins,
    /// R10.3: alive fixed werewolves are at least half of the alive players; the fixed werewolves win.
    WerewolvesWin,
    /// R11: the state became contradictory or the game can no longer end; every player not fixed as one role
    /// wins (Version 2: alive or dead, and a player who lost every role too).
    Paradox(Paradox),
}

/// What made the game a paradox (R11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Paradox {
    /// R7: `player` owes `cards` cards of `role` and no complete legal transfer exists.
    NoTransfer {
        /// The player who owes the transfer.
        player: Seat,
        /// The lost role.
        role: Role,
        /// The cards that could not all be placed.
        cards: u8,
    },
    /// R2: `player` lost every role, so no hand could be theirs.
    NoRoleLeft {
        /// The player.
        player: Seat,
    },
    /// R11 (Version 2): no assignment of roles to the players fits the composition, the possibilities left,
    /// the seers' chits and the attack chits ([`WerewolfState::is_consistent`](super::WerewolfState::is_consistent)).
    Contradiction,
    /// R9: a vote phase began with fewer than 3 players alive.
    UndecidableVote {
        /// How many were alive.
        alive: u8,
    },
}

/// Which side a game's end favours, for statistics.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(rename = "WerewolfSide", rename_all = "lowercase")
)]
pub enum Side {
    /// R10.2.
    Village,
    /// R10.1 and R10.3.
    Werewolves,
    /// R11.
    Paradox,
}

impl Side {
    /// The three sides.
    pub const ALL: [Side; 3] = [Side::Village, Side::Werewolves, Side::Paradox];

    /// The lower-case name: `village`, `werewolves`, `paradox`.
    pub const fn name(self) -> &'static str {
        match self {
            Side::Village => "village",
            Side::Werewolves => "werewolves",
            Side::Paradox => "paradox",
        }
    }
}

impl End {
    /// The side this end favours.
    pub const fn side(self) -> Side {
        match self {
            End::VillageWins => Side::Village,
            End::AllDead | End::WerewolvesWin => Side::Werewolves,
            End::Paradox(_) => Side::Paradox,
        }
    }

    /// The rule it comes from: `R10.1`, `R10.2`, `R10.3`, `R11 (R7)`, `R11 (R2)`, `R11` or `R11 (R9)`.
    pub const fn rule(self) -> &'static str {
        match self {
            End::AllDead => "R10.1",
            End::VillageWins => "R10.2",
            End::WerewolvesWin => "R10.3",
            End::Paradox(Paradox::NoTransfer { .. }) => "R11 (R7)",
            End::Paradox(Paradox::NoRoleLeft { .. }) => "R11 (R2)",
            End::Paradox(Paradox::Contradiction) => "R11",
            End::Paradox(Paradox::UndecidableVote { .. }) => "R11 (R9)",
        }
    }

    /// A short stable name for statistics: `all-dead`, `village`, `werewolves`, `paradox-transfer`,
    /// `paradox-no-role`, `paradox-contradiction`, `paradox-vote`.
    pub const fn key(self) -> &'static str {
        match self {
            End::AllDead => "all-dead",
            End::VillageWins => "village",
            End::WerewolvesWin => "werewolves",
            End::Paradox(Paradox::NoTransfer { .. }) => "paradox-transfer",
            End::Paradox(Paradox::NoRoleLeft { .. }) => "paradox-no-role",
            End::Paradox(Paradox::Contradiction) => "paradox-contradiction",
            End::Paradox(Paradox::UndecidableVote { .. }) => "paradox-vote",
        }
    }
}

//! The player-versus-player game's vocabulary, as the contract keeps it and the pages read it, and the rule of
//! who may end a game whose player to move let the clock run out.
//!
//! The contract (`TicTacToe.sol`) and its reference model (`crates/conformance/src/model.rs`) decide; these types
//! name what they decide so that the web and its pages spell it once. With the `serde` feature each is a JSON string:
//! the spellings are the pages' (`"xWon"`, `"claimTimeout"`, `"X"`), checked against the pages' own types by
//! the web crate's tests.

use super::position::Side;

/// Where a PvP game stands. The numbers are the Solidity enum's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[repr(u8)]
pub enum PvpStatus {
    /// Created, waiting for O to join.
    Open = 0,
    /// Both joined; someone is to move.
    Active = 1,
    /// X has a line, or O resigned or timed out.
    XWon = 2,
    /// O has a line, or X resigned or timed out.
    OWon = 3,
    /// The board filled up without a line.
    Draw = 4,
    /// The creator took the game back before anyone joined.
    Cancelled = 5,
    /// A player to move let the clock run out before their first move: each stake goes back.
    Aborted = 6,
}

impl PvpStatus {
    /// Every status, in the Solidity enum's order.
    pub const ALL: [PvpStatus; 7] = [
        PvpStatus::Open,
        PvpStatus::Active,
        PvpStatus::XWon,
        PvpStatus::OWon,
        PvpStatus::Draw,
        PvpStatus::Cancelled,
        PvpStatus::Aborted,
    ];

    /// The status with this Solidity enum value, or `None` above 6.
    pub const fn from_u8(value: u8) -> Option<PvpStatus> {
        if (value as usize) < PvpStatus::ALL.len() {
            Some(PvpStatus::ALL[value as usize])
        } else {
            None
        }
    }
}

/// How a PvP game ended. The numbers are the Solidity `EndReason`'s.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[repr(u8)]
pub enum PvpEnding {
    /// The mover completed a line.
    Win = 0,
    /// The board filled up without a line.
    Draw = 1,
    /// The waiting player claimed after the mover's deadline.
    Timeout = 2,
    /// A player gave the game up.
    Resignation = 3,
    /// The clock ran out before a player's first move: each stake goes back.
    Abort = 4,
    /// The creator took the game back before anyone joined.
    Cancellation = 5,
}

impl PvpEnding {
    /// Every ending, in the Solidity enum's order.
    pub const ALL: [PvpEnding; 6] = [
        PvpEnding::Win,
        PvpEnding::Draw,
        PvpEnding::Timeout,
        PvpEnding::Resignation,
        PvpEnding::Abort,
        PvpEnding::Cancellation,
    ];

    /// The ending with this Solidity enum value, or `None` above 5.
    pub const fn from_u8(value: u8) -> Option<PvpEnding> {
        if (value as usize) < PvpEnding::ALL.len() {
            Some(PvpEnding::ALL[value as usize])
        } else {
            None
        }
    }
}

/// Who is looking at a PvP game, as far as the game is concerned.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum PvpRole {
    /// The creator, who plays X.
    #[cfg_attr(feature = "serde", serde(rename = "X"))]
    X,
    /// The player who joined as O.
    #[cfg_attr(feature = "serde", serde(rename = "O"))]
    O,
    /// The one account an open game invites: it may join.
    Invited,
    /// Anyone, at an open game that invites no one in particular: any account may join.
    Open,
    /// Anyone else.
    Watcher,
}

impl PvpRole {
    /// Every role.
    pub const ALL: [PvpRole; 5] = [
        PvpRole::X,
        PvpRole::O,
        PvpRole::Invited,
        PvpRole::Open,
        PvpRole::Watcher,
    ];

    /// The side this role plays, if it is a player's.
    pub const fn side(self) -> Option<Side> {
        match self {
            PvpRole::X => Some(Side::X),
            PvpRole::O => Some(Side::O),
            PvpRole::Invited | PvpRole::Open | PvpRole::Watcher => None,
        }
    }
}

/// Something a viewer may do to a PvP game, each one transaction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum PvpAction {
    /// Join an open game as O, with the same stake.
    Join,
    /// Take back an open game nobody joined (its creator).
    Cancel,
    /// Take a cell (the player to move, before the deadline).
    Play,
    /// End the game after the deadline of the player to move: see [`may_claim_timeout`].
    ClaimTimeout,
    /// Give the game up; the other player wins.
    Resign,
}

impl PvpAction {
    /// Every action, in the order a page offers them.
    pub const ALL: [PvpAction; 5] = [
        PvpAction::Join,
        PvpAction::Cancel,
        PvpAction::Play,
        PvpAction::ClaimTimeout,
        PvpAction::Resign,
    ];
}

/// Whether `claimer`, a player of an active game in which `to_move` is to move, may claim a timeout: only once
/// the deadline has passed (`expired`), and then the waiting player, who wins; or, if the player to move has not
/// moved yet in this game (`!mover_has_moved`), either player, and the game is aborted with each stake back.
///
/// ```
/// use marubatsu_engine::tictactoe::{Side, may_claim_timeout};
///
/// // O let the clock run out after moving once: X wins by claiming, O may not claim its own timeout.
/// assert!(may_claim_timeout(Side::X, Side::O, true, true));
/// assert!(!may_claim_timeout(Side::O, Side::O, true, true));
/// // X never moved: either player may abort.
/// assert!(may_claim_timeout(Side::X, Side::X, false, true));
/// // Before the deadline nobody may.
/// assert!(!may_claim_timeout(Side::X, Side::O, true, false));
/// ```
pub const fn may_claim_timeout(claimer: Side, to_move: Side, mover_has_moved: bool, expired: bool) -> bool {
    let waiting = !matches!((claimer, to_move), (Side::X, Side::X) | (Side::O, Side::O));
    expired && (waiting || !mover_has_moved)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statuses_follow_the_solidity_enum() {
        for (i, status) in PvpStatus::ALL.into_iter().enumerate() {
            assert_eq!(PvpStatus::from_u8(i as u8), Some(status));
            assert_eq!(status as usize, i);
        }
        assert_eq!(PvpStatus::from_u8(7), None);
    }

    #[test]
    fn endings_follow_the_solidity_enum() {
        for (i, ending) in PvpEnding::ALL.into_iter().enumerate() {
            assert_eq!(PvpEnding::from_u8(i as u8), Some(ending));
            assert_eq!(ending as usize, i);
        }
        assert_eq!(PvpEnding::from_u8(6), None);
    }

    #[test]
    fn only_players_have_sides() {
        let sides: Vec<_> = PvpRole::ALL.into_iter().map(PvpRole::side).collect();
        assert_eq!(sides, [Some(Side::X), Some(Side::O), None, None, None]);
    }
}

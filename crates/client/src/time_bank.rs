//! Time banks ([`ITicTacToeTimeBank`]): whether a `TicTacToe` contract has them, a game's banks, and the bound
//! they put on a whole game. A contract that speaks only `ITicTacToe` has none, and every call here says so
//! (`None`) instead of failing: the toolkit plays such contracts as before.

use alloy_primitives::{Address, U256};
use marubatsu_chain::{bindings::ITicTacToeTimeBank, evm::Transactor};

use crate::error::Error;

/// The bank of a game that has none, as `timeBanks` returns it and a join names it (`2^32 - 1`).
pub const NO_TIME_BANK: u32 = u32::MAX;

/// The most turns a game has: each is bounded by its deadline.
const TURNS: u64 = 9;

/// What a contract with time banks fixes for all its games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BankRules {
    /// The seconds of every move that no bank pays for.
    pub free_move_time: u32,
    /// The largest bank a creator may choose, in seconds.
    pub max_time_bank: u32,
}

/// A game's banks, in seconds: as chosen, and what is left of X's and O's as they stood when the turn began.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeBanks {
    /// The bank each player started with.
    pub time_bank: u32,
    /// What is left of X's.
    pub x: u32,
    /// What is left of O's.
    pub o: u32,
}

/// The longest the turns' deadlines of a game can add up to, in seconds: nine turns of `move_timeout`, and with
/// a bank of `time_bank` also at most nine free moves plus both banks (each turn lasts at most its free
/// seconds plus what is left of the mover's bank).
pub fn whole_game_bound(move_timeout: u32, time_bank: Option<u32>, rules: Option<BankRules>) -> u64 {
    let unbanked = TURNS * u64::from(move_timeout);
    match (time_bank, rules) {
        (Some(bank), Some(rules)) => unbanked.min(TURNS * u64::from(rules.free_move_time) + 2 * u64::from(bank)),
        _ => unbanked,
    }
}

/// Whether `reason` is about the node rather than the contract: such a failure is no answer about banks.
fn unreachable(err: &Error) -> bool {
    matches!(err, Error::Unreachable { .. } | Error::Rpc { .. })
}

/// The bank rules of the contract at `pvp`, or `None` if it does not answer `ITicTacToeTimeBank`'s constants
/// (a contract that speaks only `ITicTacToe`). Nothing is sent.
pub fn bank_rules<T: Transactor<Error = Error>>(chain: &mut T, pvp: Address) -> Result<Option<BankRules>, Error> {
    let answer = chain
        .view(pvp, &ITicTacToeTimeBank::FREE_MOVE_TIMECall {})
        .and_then(|free| Ok((free, chain.view(pvp, &ITicTacToeTimeBank::MAX_TIME_BANKCall {})?)));
    match answer {
        Ok((free_move_time, max_time_bank)) => Ok(Some(BankRules {
            free_move_time,
            max_time_bank,
        })),
        Err(err) if unreachable(&err) => Err(err),
        Err(_) => Ok(None),
    }
}

/// Game `game`'s banks on the contract at `pvp`, which has banks: `None` for a game without one. An unknown game
/// is the contract's error.
pub fn time_banks<T: Transactor<Error = Error>>(
    chain: &mut T,
    pvp: Address,
    game: U256,
) -> Result<Option<TimeBanks>, Error> {
    let banks = chain.view(pvp, &ITicTacToeTimeBank::timeBanksCall { gameId: game })?;
    Ok((banks.timeBank != NO_TIME_BANK).then_some(TimeBanks {
        time_bank: banks.timeBank,
        x: banks.xBank,
        o: banks.oBank,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    const RULES: BankRules = BankRules {
        free_move_time: 60,
        max_time_bank: 30 * 24 * 3600,
    };

    #[test]
    fn a_bank_bounds_a_game_by_nine_free_moves_and_both_banks() {
        assert_eq!(whole_game_bound(3600, Some(3600), Some(RULES)), 540 + 7200);
        // A short move timeout bounds the game before the banks do.
        assert_eq!(whole_game_bound(60, Some(3600), Some(RULES)), 540);
        assert_eq!(whole_game_bound(3600, Some(0), Some(RULES)), 540);
    }

    #[test]
    fn without_a_bank_nine_turns_of_the_timeout_bound_a_game() {
        assert_eq!(whole_game_bound(3600, None, Some(RULES)), 9 * 3600);
        assert_eq!(whole_game_bound(604_800, Some(10), None), 9 * 604_800);
    }
}

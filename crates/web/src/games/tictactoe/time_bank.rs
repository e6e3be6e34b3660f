//! The time bank (`ITicTacToeTimeBank`) as the page meets it: whether the contract has one, the create and join
//! calls with it or without it, and the bound it puts on a whole game. A contract written by a user may speak
//! only `ITicTacToe`: its games have no bank, and are created and joined through that interface's calls.

use alloy_primitives::{Address, U256};
use alloy_sol_types::{SolCall, SolError};
use marubatsu_chain::bindings::{ITicTacToe, ITicTacToeTimeBank};

use super::words::{Contract, duration, refusal};
use crate::api::ApiError;
use crate::chain::{ChainClient, ReadError};
use crate::words::Words;

pub(super) use marubatsu_client::time_bank::NO_TIME_BANK;
use marubatsu_client::time_bank::{BankRules, whole_game_bound};

/// The seconds of every move that no bank pays for (the contract's `FREE_MOVE_TIME`).
pub(super) const FREE_MOVE_TIME: u32 = 60;
/// The largest bank a creator may choose (the contract's `MAX_TIME_BANK`): 30 days.
pub(super) const MAX_TIME_BANK: u32 = 30 * 24 * 60 * 60;
/// The rules of the shipped `TicTacToe`, which the page's words assume of every contract with banks.
const RULES: BankRules = BankRules {
    free_move_time: FREE_MOVE_TIME,
    max_time_bank: MAX_TIME_BANK,
};

/// A banked game's banks, in seconds: as chosen, and X's and O's as they stood when the current turn began.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Banks {
    pub(super) chosen: u32,
    pub(super) x: u32,
    pub(super) o: u32,
}

/// What the contract says of a game's bank.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum GameBank {
    /// The contract has no `timeBanks`: it speaks only `ITicTacToe`.
    Unsupported,
    /// The contract has banks, and this game was created without one.
    None,
    Banked(Banks),
}

/// Whether the PvP contract has the time bank's functions: it answers `NO_TIME_BANK()` with the bank's value. A
/// contract without it reverts or answers something else; only a node that cannot be asked is an error.
pub(super) async fn contract_has_banks(chain: &ChainClient) -> Result<bool, ApiError> {
    let data = ITicTacToeTimeBank::NO_TIME_BANKCall {}.abi_encode();
    match chain.call(chain.contracts().pvp, data.into()).await {
        Ok(output) => Ok(ITicTacToeTimeBank::NO_TIME_BANKCall::abi_decode_returns(&output).ok() == Some(NO_TIME_BANK)),
        Err(ReadError::Refused(_) | ReadError::RevertedBare(_)) => Ok(false),
        Err(ReadError::Failed(reason)) => Err(unreadable(reason)),
    }
}

/// Game `id`'s bank, read with `timeBanks`.
pub(super) async fn game_bank(chain: &ChainClient, id: u64) -> Result<GameBank, ApiError> {
    let call = ITicTacToeTimeBank::timeBanksCall { gameId: U256::from(id) };
    match chain.call(chain.contracts().pvp, call.abi_encode().into()).await {
        Ok(output) => Ok(match ITicTacToeTimeBank::timeBanksCall::abi_decode_returns(&output) {
            Ok(banks) if banks.timeBank == NO_TIME_BANK => GameBank::None,
            Ok(banks) => GameBank::Banked(Banks {
                chosen: banks.timeBank,
                x: banks.xBank,
                o: banks.oBank,
            }),
            // A fallback that answers anything it does not know with nothing, or with something else.
            Err(_) => GameBank::Unsupported,
        }),
        Err(ReadError::Refused(data)) => {
            let refused = refusal(Contract::Pvp, &data);
            // The game is unknown to a contract that has the function; any other revert is a contract without it.
            if refused.name == "UnknownGame" {
                Err(ApiError::not_found(refused.words))
            } else {
                Ok(GameBank::Unsupported)
            }
        }
        Err(ReadError::RevertedBare(_)) => Ok(GameBank::Unsupported),
        Err(ReadError::Failed(reason)) => Err(unreadable(reason)),
    }
}

/// The deployment's `claimBlocks`, when the contract answers it: what each late turn can add to a game's length.
pub(super) async fn claim_blocks(chain: &ChainClient) -> Option<u64> {
    let output = chain
        .call(
            chain.contracts().pvp,
            ITicTacToe::claimBlocksCall {}.abi_encode().into(),
        )
        .await
        .ok()?;
    ITicTacToe::claimBlocksCall::abi_decode_returns(&output)
        .ok()
        .map(|blocks| blocks.saturating_to())
}

fn unreadable(reason: crate::words::Arg) -> ApiError {
    ApiError::unavailable(Words::new("api.chainUnreadable").with("reason", reason))
}

/// The calldata of a new game: `ITicTacToeTimeBank`'s three-argument `createGame` for a bank, `ITicTacToe`'s
/// two-argument one for none (which every PvP contract has). `bank` is the creator's choice (`None`, or the
/// contract's `NO_TIME_BANK`: no bank); `contract_has_banks` whether the contract has the function at all.
pub(super) fn create_call(
    timeout: u32,
    bank: Option<u32>,
    opponent: Address,
    contract_has_banks: bool,
) -> Result<Vec<u8>, ApiError> {
    let Some(bank) = bank.filter(|&bank| bank != NO_TIME_BANK) else {
        return Ok(ITicTacToe::createGameCall {
            moveTimeout: U256::from(timeout),
            opponent,
        }
        .abi_encode());
    };
    if !contract_has_banks {
        return Err(ApiError::bad_request(Words::new("tictactoe.call.noTimeBank")));
    }
    if bank > MAX_TIME_BANK {
        // The contract's own refusal, in its words, without the wallet round trip.
        let refused = ITicTacToeTimeBank::TimeBankTooLarge {
            timeBank: U256::from(bank),
            maximum: MAX_TIME_BANK,
        }
        .abi_encode();
        return Err(ApiError::bad_request(refusal(Contract::Pvp, &refused).words));
    }
    Ok(ITicTacToeTimeBank::createGameCall {
        moveTimeout: U256::from(timeout),
        timeBank: U256::from(bank),
        opponent,
    }
    .abi_encode())
}

/// The terms a join names, besides the game: its creator and time limit as read from the chain, and the bank the
/// joiner was shown (`None`: none, or the contract's `NO_TIME_BANK`).
pub(super) struct JoinTerms {
    pub(super) game: u64,
    pub(super) creator: Address,
    pub(super) timeout: u32,
    pub(super) shown_bank: Option<u32>,
}

/// The calldata of a join: `ITicTacToeTimeBank`'s four-argument `joinGame` naming the bank shown for a banked
/// game, `ITicTacToe`'s three-argument one for a game without a bank (as the interface asks). A bank shown that
/// is not the game's is the contract's own refusal (`TimeBankChanged`), said before a wallet is asked.
pub(super) fn join_call(terms: &JoinTerms, on_chain: GameBank) -> Result<Vec<u8>, ApiError> {
    let shown = terms.shown_bank.filter(|&bank| bank != NO_TIME_BANK);
    let game_id = U256::from(terms.game);
    let changed = |bank: u32| {
        let refused = ITicTacToeTimeBank::TimeBankChanged {
            gameId: game_id,
            timeBank: bank,
        }
        .abi_encode();
        let refusal = refusal(Contract::Pvp, &refused);
        ApiError::conflict(refusal.words, Some(refusal.name))
    };
    match (on_chain, shown) {
        (GameBank::Unsupported | GameBank::None, None) => Ok(ITicTacToe::joinGameCall {
            gameId: game_id,
            creator: terms.creator,
            moveTimeout: U256::from(terms.timeout),
        }
        .abi_encode()),
        (GameBank::Unsupported, Some(_)) => Err(ApiError::bad_request(Words::new("tictactoe.call.noTimeBank"))),
        (GameBank::None, Some(_)) => Err(changed(NO_TIME_BANK)),
        (GameBank::Banked(banks), shown) if shown != Some(banks.chosen) => Err(changed(banks.chosen)),
        (GameBank::Banked(banks), _) => Ok(ITicTacToeTimeBank::joinGameCall {
            gameId: game_id,
            creator: terms.creator,
            moveTimeout: U256::from(terms.timeout),
            timeBank: U256::from(banks.chosen),
        }
        .abi_encode()),
    }
}

/// The most the turns' deadlines of a whole game add up to, in seconds: nine turns of the time limit, and with a
/// bank at most nine free minutes plus both banks (a turn lasts `min(timeout, FREE_MOVE_TIME + bank left)`).
pub(super) fn game_bound(timeout: u32, bank: Option<u32>) -> u64 {
    whole_game_bound(timeout, bank.filter(|&bank| bank != NO_TIME_BANK), Some(RULES))
}

/// The bound in words: the whole game's deadlines, and the claim blocks each turn can add (a late move still
/// lands until they have passed); a chain that mines only on transactions (`claim_blocks` 0) adds nothing.
pub(super) fn bound_words(timeout: u32, bank: Option<u32>, claim_blocks: u64) -> Words {
    let bound = duration(game_bound(timeout, bank));
    let key = if claim_blocks == 0 {
        "tictactoe.bank.bound"
    } else {
        "tictactoe.bank.boundBlocks"
    };
    Words::new(key).with("bound", bound).arg("blocks", claim_blocks)
}

/// When the mover's turn starts spending their bank (unix time): its free seconds end then. None when the turn's
/// time limit ends first (the turn spends nothing), or when the deadline is before the turn could have begun.
pub(super) fn spending_from(deadline: u64, timeout: u32, mover_bank: u32) -> Option<u64> {
    let turn = u64::from(timeout).min(u64::from(FREE_MOVE_TIME) + u64::from(mover_bank));
    if turn <= u64::from(FREE_MOVE_TIME) {
        return None;
    }
    deadline
        .checked_sub(turn)
        .map(|start| start + u64::from(FREE_MOVE_TIME))
}

#[cfg(test)]
mod tests {
    use alloy_sol_types::SolCall;

    use super::*;
    use crate::lang::Lang;

    const CREATOR: Address = Address::repeat_byte(0xc0);

    fn terms(shown_bank: Option<u32>) -> JoinTerms {
        JoinTerms {
            game: 7,
            creator: CREATOR,
            timeout: 3_600,
            shown_bank,
        }
    }

    fn banked(chosen: u32) -> GameBank {
        GameBank::Banked(Banks {
            chosen,
            x: chosen,
            o: chosen,
        })
    }

    #[test]
    fn a_bank_is_created_through_the_time_bank_interface_and_none_through_tictactoe() {
        let with = create_call(3_600, Some(3_600), Address::ZERO, true).unwrap();
        let call = ITicTacToeTimeBank::createGameCall::abi_decode(&with).unwrap();
        assert_eq!(
            (call.moveTimeout, call.timeBank),
            (U256::from(3_600), U256::from(3_600))
        );
        for none in [None, Some(NO_TIME_BANK)] {
            let without = create_call(3_600, none, Address::ZERO, true).unwrap();
            assert!(ITicTacToe::createGameCall::abi_decode(&without).is_ok(), "{none:?}");
        }
        // A contract that speaks only ITicTacToe: no bank is created as today, a bank is refused in words.
        let plain = create_call(60, None, CREATOR, false).unwrap();
        assert_eq!(
            ITicTacToe::createGameCall::abi_decode(&plain).unwrap().opponent,
            CREATOR
        );
        let refused = create_call(60, Some(60), Address::ZERO, false).unwrap_err();
        assert!(format!("{refused:?}").contains("tictactoe.call.noTimeBank"));
        let too_large = create_call(60, Some(MAX_TIME_BANK + 1), Address::ZERO, true).unwrap_err();
        assert!(format!("{too_large:?}").contains("tictactoe.refusal.TimeBankTooLarge"));
        assert!(create_call(60, Some(MAX_TIME_BANK), Address::ZERO, true).is_ok());
    }

    #[test]
    fn a_join_names_the_bank_it_showed_or_none() {
        let banked_join = join_call(&terms(Some(600)), banked(600)).unwrap();
        let call = ITicTacToeTimeBank::joinGameCall::abi_decode(&banked_join).unwrap();
        assert_eq!(
            (call.gameId, call.creator, call.moveTimeout, call.timeBank),
            (U256::from(7), CREATOR, U256::from(3_600), U256::from(600))
        );
        for (shown, on_chain) in [
            (None, GameBank::None),
            (Some(NO_TIME_BANK), GameBank::None),
            (None, GameBank::Unsupported),
        ] {
            let plain = join_call(&terms(shown), on_chain).unwrap();
            assert!(
                ITicTacToe::joinGameCall::abi_decode(&plain).is_ok(),
                "{shown:?} {on_chain:?}"
            );
        }
        // Another bank than the game's, or a bank for a game without one: the contract's TimeBankChanged.
        for (shown, on_chain) in [(Some(60), banked(600)), (None, banked(600)), (Some(60), GameBank::None)] {
            let refused = join_call(&terms(shown), on_chain).unwrap_err();
            assert!(
                format!("{refused:?}").contains("TimeBankChanged"),
                "{shown:?} {on_chain:?}"
            );
        }
        let refused = join_call(&terms(Some(60)), GameBank::Unsupported).unwrap_err();
        assert!(format!("{refused:?}").contains("tictactoe.call.noTimeBank"));
    }

    #[test]
    fn the_bound_is_nine_free_minutes_and_both_banks_or_nine_time_limits() {
        assert_eq!(game_bound(3_600, Some(3_600)), 9 * 60 + 2 * 3_600);
        assert_eq!(game_bound(60, Some(3_600)), 9 * 60);
        assert_eq!(game_bound(86_400, None), 9 * 86_400);
        assert_eq!(game_bound(86_400, Some(NO_TIME_BANK)), 9 * 86_400);
        assert_eq!(
            bound_words(3_600, Some(3_600), 0).in_lang(Lang::En),
            "The whole game ends within 2 hours 9 minutes."
        );
        assert_eq!(
            bound_words(3_600, Some(0), 5).in_lang(Lang::Ja),
            "ゲーム全体は9分以内に終わります（ただし各手番で、遅れた手が届く5ブロック分だけ延びることがあります）。"
        );
    }

    #[test]
    fn the_bank_is_spent_after_the_free_minute() {
        // A turn of min(3600, 60 + 600) = 660 s ending at 10_660 began at 10_000; its bank runs from 10_060.
        assert_eq!(spending_from(10_660, 3_600, 600), Some(10_060));
        assert_eq!(spending_from(10_060, 60, 600), None);
        assert_eq!(spending_from(10_060, 3_600, 0), None);
        assert_eq!(spending_from(5, 3_600, 600), None);
    }
}

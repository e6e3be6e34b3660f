//! The transactions a page may ask for, encoded here with the contracts' `sol!` bindings: the page hands the
//! result to a wallet as it is and never builds calldata itself.

use alloy_primitives::{Address, Bytes, U256, utils::parse_ether};
use alloy_sol_types::{SolCall, SolError};
use marubatsu_chain::{
    bindings::{ISoloTicTacToe, ITicTacToe},
    pvp::{MAX_MOVE_TIMEOUT, MIN_MOVE_TIMEOUT},
};
use marubatsu_engine::tictactoe::Difficulty;
use serde::{Deserialize, Serialize};

use super::time_bank::{self, NO_TIME_BANK};
use super::words::{Contract, duration, ether, refusal};
use crate::api::ApiError;
use crate::chain::{ChainClient, Contracts};
use crate::lang::Lang;
use crate::words::{Words, t};

/// One transaction, as the page asks for it.
#[derive(Debug, Deserialize)]
#[serde(
    tag = "action",
    rename_all = "camelCase",
    rename_all_fields = "camelCase",
    deny_unknown_fields
)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "TictactoeAction"))]
pub(super) enum Action {
    /// Solo: a new game against the CPU.
    NewSolo {
        /// The engine's level, read by its serde form (`easy`, `normal`, `hard`).
        difficulty: Difficulty,
        cpu_first: bool,
    },
    /// Solo: a move (the CPU answers in the same transaction).
    PlaySolo {
        game: u64,
        cell: u8,
    },
    /// PvP: open a game with a stake in ether (`"0.01"`), a time limit per move in seconds, and optionally the
    /// only account allowed to join.
    Create {
        stake: String,
        timeout: u32,
        #[serde(default)]
        #[cfg_attr(test, ts(optional = nullable))]
        opponent: Option<String>,
        /// The account that will send it, when the page knows it: inviting oneself is refused before a wallet
        /// is asked.
        #[serde(default)]
        #[cfg_attr(test, ts(type = "string | null", optional))]
        from: Option<Address>,
        /// Each player's time bank in seconds (`ITicTacToeTimeBank`); none (or absent): a game without one,
        /// created through `ITicTacToe`.
        #[serde(default)]
        #[cfg_attr(test, ts(optional = nullable))]
        time_bank: Option<u32>,
    },
    /// PvP: join with the game's stake, read from the chain (so the page cannot send a different amount), naming
    /// the time bank the joiner was shown (none, or absent: the game showed none).
    Join {
        game: u64,
        #[serde(default)]
        #[cfg_attr(test, ts(optional = nullable))]
        time_bank: Option<u32>,
    },
    Play {
        game: u64,
        cell: u8,
    },
    ClaimTimeout {
        game: u64,
    },
    Resign {
        game: u64,
    },
    Cancel {
        game: u64,
    },
    Withdraw,
}

/// A transaction ready for `eth_sendTransaction`: the page adds `from` (its wallet's account) and sends it.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "EncodedTx"))]
pub(super) struct Encoded {
    #[serde(serialize_with = "super::view::checksummed")]
    #[cfg_attr(test, ts(type = "string"))]
    pub(super) to: Address,
    #[cfg_attr(test, ts(type = "string"))]
    pub(super) data: Bytes,
    /// Wei, as a `0x` quantity, as EIP-1193 wants it.
    #[cfg_attr(test, ts(type = "string"))]
    pub(super) value: U256,
    /// What it does, in words, for the status line and the wallet's confirmation.
    pub(super) summary: String,
}

impl Action {
    /// Checks the request and encodes it against the chain's contracts; a join reads the game's stake first.
    pub(super) async fn encode(self, chain: &ChainClient, lang: Lang) -> Result<Encoded, ApiError> {
        let Contracts { solo, pvp, .. } = chain.contracts().clone();
        let pvp_call = |data: Vec<u8>, value: U256, summary: String| Encoded {
            to: pvp,
            data: data.into(),
            value,
            summary,
        };
        Ok(match self {
            Action::NewSolo {
                difficulty: level,
                cpu_first,
            } => {
                let call = ISoloTicTacToe::newGameCall {
                    difficulty: ISoloTicTacToe::Difficulty::from(level).into(),
                    cpuFirst: cpu_first,
                };
                Encoded {
                    to: solo,
                    data: call.abi_encode().into(),
                    value: U256::ZERO,
                    summary: t(lang, "tictactoe.call.newSolo", &[("level", &level_words(level, lang))]),
                }
            }
            Action::PlaySolo { game, cell } => {
                check_cell(cell)?;
                let call = ISoloTicTacToe::playCall {
                    gameId: U256::from(game),
                    cell,
                };
                Encoded {
                    to: solo,
                    data: call.abi_encode().into(),
                    value: U256::ZERO,
                    summary: t(lang, "tictactoe.call.play", &[("game", &game)]),
                }
            }
            Action::Create {
                stake,
                timeout,
                opponent,
                from,
                time_bank,
            } => {
                let wei = parse_stake(&stake)?;
                // The contract's bounds, checked here too so that a typo is caught before a wallet is asked.
                if !(MIN_MOVE_TIMEOUT..=MAX_MOVE_TIMEOUT).contains(&timeout) {
                    return Err(ApiError::bad_request(
                        Words::new("tictactoe.call.timeoutRange")
                            .with("min", duration(MIN_MOVE_TIMEOUT.into()))
                            .with("max", duration(MAX_MOVE_TIMEOUT.into())),
                    ));
                }
                let opponent = match opponent.as_deref().map(str::trim) {
                    None | Some("") => Address::ZERO,
                    Some(text) => text.parse::<Address>().map_err(|_| {
                        ApiError::bad_request(Words::new("tictactoe.call.badAddress").arg("text", format!("{text:?}")))
                    })?,
                };
                if opponent != Address::ZERO && from == Some(opponent) {
                    // The contract's own refusal, in its words, without the wallet round trip.
                    let refused = ITicTacToe::CannotInviteSelf { creator: opponent }.abi_encode();
                    return Err(ApiError::bad_request(refusal(Contract::Pvp, &refused).words));
                }
                let banked = time_bank.is_some_and(|bank| bank != NO_TIME_BANK);
                // Only a bank asks whether the contract has banks: a game without one is created as ever.
                let has_banks = banked && time_bank::contract_has_banks(chain).await?;
                let data = time_bank::create_call(timeout, time_bank, opponent, has_banks)?;
                let limit = duration(timeout.into()).in_lang(lang);
                let summary = match time_bank.filter(|_| banked) {
                    Some(bank) => t(
                        lang,
                        "tictactoe.call.createBanked",
                        &[
                            ("stake", &ether(wei)),
                            ("limit", &limit),
                            ("bank", &duration(bank.into()).in_lang(lang)),
                        ],
                    ),
                    None => t(
                        lang,
                        "tictactoe.call.create",
                        &[("stake", &ether(wei)), ("limit", &limit)],
                    ),
                };
                pvp_call(data, wei, summary)
            }
            Action::Join { game, time_bank } => {
                let record = chain
                    .view(
                        Contract::Pvp,
                        &ITicTacToe::getGameCall {
                            gameId: U256::from(game),
                        },
                    )
                    .await?;
                // Named terms: the join is for the game read here, with the bank the joiner was shown, or for none.
                let terms = time_bank::JoinTerms {
                    game,
                    creator: record.creator,
                    timeout: record.moveTimeout,
                    shown_bank: time_bank,
                };
                let data = time_bank::join_call(&terms, time_bank::game_bank(chain, game).await?)?;
                pvp_call(
                    data,
                    record.stake,
                    t(
                        lang,
                        "tictactoe.call.join",
                        &[("game", &game), ("stake", &ether(record.stake))],
                    ),
                )
            }
            Action::Play { game, cell } => {
                check_cell(cell)?;
                let call = ITicTacToe::playCall {
                    gameId: U256::from(game),
                    cell: U256::from(cell),
                };
                pvp_call(
                    call.abi_encode(),
                    U256::ZERO,
                    t(lang, "tictactoe.call.play", &[("game", &game)]),
                )
            }
            Action::ClaimTimeout { game } => pvp_call(
                ITicTacToe::claimTimeoutCall {
                    gameId: U256::from(game),
                }
                .abi_encode(),
                U256::ZERO,
                t(lang, "tictactoe.call.claimTimeout", &[("game", &game)]),
            ),
            Action::Resign { game } => pvp_call(
                ITicTacToe::resignCall {
                    gameId: U256::from(game),
                }
                .abi_encode(),
                U256::ZERO,
                t(lang, "tictactoe.call.resign", &[("game", &game)]),
            ),
            Action::Cancel { game } => pvp_call(
                ITicTacToe::cancelCall {
                    gameId: U256::from(game),
                }
                .abi_encode(),
                U256::ZERO,
                t(lang, "tictactoe.call.cancel", &[("game", &game)]),
            ),
            Action::Withdraw => pvp_call(
                ITicTacToe::withdrawCall {}.abi_encode(),
                U256::ZERO,
                t(lang, "tictactoe.call.withdraw", &[]),
            ),
        })
    }
}

fn check_cell(cell: u8) -> Result<(), ApiError> {
    if cell > 8 {
        return Err(ApiError::bad_request(
            Words::new("tictactoe.call.badCell").arg("cell", cell),
        ));
    }
    Ok(())
}

/// A CPU level as a summary names it: `easy`, `かんたん`.
fn level_words(level: Difficulty, lang: Lang) -> String {
    let key = match level {
        Difficulty::Easy => "tictactoe.call.level.easy",
        Difficulty::Normal => "tictactoe.call.level.normal",
        Difficulty::Hard => "tictactoe.call.level.hard",
    };
    t(lang, key, &[])
}

/// A stake in ether as a person types it: `0`, `0.01`, `2`.
fn parse_stake(text: &str) -> Result<U256, ApiError> {
    let refused = || ApiError::bad_request(Words::new("tictactoe.call.badStake").arg("text", format!("{text:?}")));
    let trimmed = text.trim();
    let number = trimmed
        .strip_suffix("ETH")
        .or_else(|| trimmed.strip_suffix("eth"))
        .unwrap_or(trimmed)
        .trim();
    if number.is_empty() || number.starts_with('-') {
        return Err(refused());
    }
    parse_ether(number).map_err(|_| refused())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stakes_are_ether_amounts() {
        assert_eq!(parse_stake("0.01").ok(), Some(U256::from(10u64.pow(16))));
        assert_eq!(parse_stake(" 2 ETH").ok(), Some(U256::from(2 * 10u64.pow(18))));
        assert!(parse_stake("-1").is_err());
        assert!(parse_stake("lots").is_err());
        assert!(parse_stake("").is_err());
    }
}

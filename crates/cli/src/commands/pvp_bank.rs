//! Time banks in `pvp` (ITicTacToeTimeBank): the --time-bank choice, whether the located contract has banks, a
//! game's banks and the bound they put on it, in words and in JSON, and the contract's bank refusals in words.

use alloy_primitives::{Address, U256};
use alloy_sol_types::{SolCall, SolInterface};
use marubatsu_chain::bindings::{ITicTacToeTimeBank, ITicTacToeTimeBank::ITicTacToeTimeBankErrors};
use marubatsu_client::{
    Error as DeployError,
    time_bank::{self, BankRules, NO_TIME_BANK, TimeBanks, whole_game_bound},
};
use serde::Serialize;

use super::network::Session;

/// The bank `pvp create` gives each player unless told otherwise, so that a game it opens is bounded (an hour
/// each: with the free minute of every move, a game's turns end within 2 h 9 min).
pub(crate) const DEFAULT_TIME_BANK: u32 = 3600;

/// A bank as the user names it: `none`, or a number of seconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum BankChoice {
    /// No bank: the game is bounded by nine turns of its time per move only.
    None,
    /// This many seconds for each player.
    Seconds(u32),
}

impl BankChoice {
    fn from_raw(raw: u32) -> Self {
        if raw == NO_TIME_BANK {
            Self::None
        } else {
            Self::Seconds(raw)
        }
    }
}

/// Reads `--time-bank`: `none` or whole seconds.
pub(crate) fn bank_choice(text: &str) -> Result<BankChoice, String> {
    let text = text.trim();
    if text.eq_ignore_ascii_case("none") {
        return Ok(BankChoice::None);
    }
    match text.parse::<u32>() {
        // The contract's "none" is 2^32 - 1; typed as a number it is a mistake, not a choice.
        Ok(NO_TIME_BANK) | Err(_) => Err(format!(
            "{text:?} is not a time bank: write a number of seconds (e.g. 3600) or none"
        )),
        Ok(seconds) => Ok(BankChoice::Seconds(seconds)),
    }
}

/// The located contract's bank rules: none for an older recorded deployment whose ABI has no `timeBanks`,
/// else whatever the contract answers (a contract of the user's own that speaks only ITicTacToe has none).
pub(crate) fn rules(session: &mut Session) -> eyre::Result<Option<BankRules>> {
    let recorded = session
        .older
        .as_ref()
        .and_then(|older| older.record.has_function(ITicTacToeTimeBank::timeBanksCall::SIGNATURE));
    if recorded == Some(false) {
        return Ok(None);
    }
    Ok(time_bank::bank_rules(&mut session.chain, session.address)?)
}

/// The bank `pvp create` opens the game with (`None`: through ITicTacToe, without one), from the user's
/// `choice` (`None`: the default) and the contract's `rules`.
pub(crate) fn bank_to_create(
    choice: Option<BankChoice>,
    rules: Option<BankRules>,
    pvp: Address,
) -> eyre::Result<Option<u32>> {
    match (choice, rules) {
        (None, Some(_)) => Ok(Some(DEFAULT_TIME_BANK)),
        (None, None) => {
            eprintln!(
                "note: the TicTacToe at {pvp} has no time banks (it does not speak ITicTacToeTimeBank): the game is \
                 opened without one, bounded by nine turns of its time per move"
            );
            Ok(None)
        }
        (Some(BankChoice::None), _) => Ok(None),
        (Some(BankChoice::Seconds(seconds)), None) => eyre::bail!(
            "the TicTacToe at {pvp} has no time banks (it does not speak ITicTacToeTimeBank), so it cannot give a \
             bank of {}; open the game with --time-bank none (nothing was sent)",
            span(seconds.into())
        ),
        (Some(BankChoice::Seconds(seconds)), Some(rules)) if seconds > rules.max_time_bank => eyre::bail!(
            "a time bank of {} is more than this TicTacToe allows, {} (nothing was sent)",
            span(seconds.into()),
            span(rules.max_time_bank.into())
        ),
        (Some(BankChoice::Seconds(seconds)), Some(_)) => Ok(Some(seconds)),
    }
}

/// The bank `pvp join` names for game `game` (`None`: through ITicTacToe, without one): the game's own, which
/// `named`, if the user named one, must match.
pub(crate) fn bank_to_join(session: &mut Session, game: U256, named: Option<BankChoice>) -> eyre::Result<Option<u32>> {
    let banks = GameBanks::read(session, game)?;
    let asked = BankChoice::from_raw(banks.banks.map_or(NO_TIME_BANK, |b| b.time_bank));
    match named {
        Some(named) if named != asked => eyre::bail!(
            "game {game} has {}, but --time-bank named {}; nothing was sent (`pvp show {game}` shows its terms)",
            bank_words(asked),
            match named {
                BankChoice::None => "none".to_owned(),
                BankChoice::Seconds(seconds) => span(seconds.into()),
            }
        ),
        _ => Ok(banks.banks.map(|b| b.time_bank)),
    }
}

fn bank_words(choice: BankChoice) -> String {
    match choice {
        BankChoice::None => "no time bank".to_owned(),
        BankChoice::Seconds(seconds) => format!("a time bank of {} each", span(seconds.into())),
    }
}

/// A game's banks as `pvp show` reads them.
pub(crate) struct GameBanks {
    rules: Option<BankRules>,
    banks: Option<TimeBanks>,
}

impl GameBanks {
    /// Reads game `game`'s banks, if the contract has them.
    pub(crate) fn read(session: &mut Session, game: U256) -> eyre::Result<Self> {
        let rules = rules(session)?;
        let banks = match rules {
            Some(_) => time_bank::time_banks(&mut session.chain, session.address, game)?,
            None => None,
        };
        Ok(Self { rules, banks })
    }

    /// The game's banks in JSON (`null` without one).
    pub(crate) fn json(&self) -> Option<TimeBankJson> {
        let (banks, rules) = (self.banks?, self.rules?);
        Some(TimeBankJson {
            chosen: banks.time_bank,
            x_left: banks.x,
            o_left: banks.o,
            free_move_time: rules.free_move_time,
        })
    }

    /// The longest the game's turns' deadlines can add up to, in seconds.
    pub(crate) fn bound(&self, move_timeout: u32) -> u64 {
        whole_game_bound(move_timeout, self.banks.map(|b| b.time_bank), self.rules)
    }

    /// The lines `pvp show` prints about the game's banks and its whole length.
    pub(crate) fn lines(&self, move_timeout: u32) -> [String; 2] {
        let bound = span(self.bound(move_timeout));
        match (self.banks.zip(self.rules), self.rules) {
            (Some((banks, rules)), _) => [
                format!(
                    "time bank: {} each, spent by what a move takes beyond its first {} s; left as this turn began: X {}, O {}",
                    span(banks.time_bank.into()),
                    rules.free_move_time,
                    span(banks.x.into()),
                    span(banks.o.into())
                ),
                format!(
                    "whole game: its turns end within {bound} of the join (nine free moves and both banks, or nine \
                     turns of {move_timeout} s if less); a late move can still land until the claim's blocks are \
                     mined"
                ),
            ],
            (None, rules) => [
                if rules.is_some() {
                    "time bank: none (each move may take its whole time)".to_owned()
                } else {
                    "time bank: none (this TicTacToe has no time banks)".to_owned()
                },
                format!("whole game: its turns end within {bound} of the join (nine turns of {move_timeout} s)"),
            ],
        }
    }
}

/// A game's bank in `pvp show --json`, in seconds.
#[derive(Serialize)]
pub(crate) struct TimeBankJson {
    /// The bank each player started with.
    chosen: u32,
    /// What is left of X's, as it stood when the current turn began.
    x_left: u32,
    /// What is left of O's, likewise.
    o_left: u32,
    /// The seconds of every move that no bank pays for.
    free_move_time: u32,
}

/// Seconds in words: `7740 s (2 h 9 min)`.
pub(crate) fn span(seconds: u64) -> String {
    let (days, hours, minutes) = (seconds / 86_400, seconds / 3600 % 24, seconds / 60 % 60);
    let parts: Vec<String> = [(days, "d"), (hours, "h"), (minutes, "min")]
        .into_iter()
        .filter(|(count, _)| *count > 0)
        .map(|(count, unit)| format!("{count} {unit}"))
        .collect();
    if parts.is_empty() {
        format!("{seconds} s")
    } else {
        format!("{seconds} s ({})", parts.join(" "))
    }
}

/// `err`, and if it is a bank refusal by the contract, what it means in plain words.
pub(crate) fn explain_refusal(err: eyre::Report) -> eyre::Report {
    let Some(DeployError::Reverted { data, .. }) = err.downcast_ref::<DeployError>() else {
        return err;
    };
    let words = match ITicTacToeTimeBankErrors::abi_decode(data) {
        Ok(ITicTacToeTimeBankErrors::TimeBankTooLarge(e)) => format!(
            "the contract refused a time bank of {} s: it allows at most {}",
            e.timeBank,
            span(e.maximum.into())
        ),
        Ok(ITicTacToeTimeBankErrors::TimeBankChanged(e)) => format!(
            "the join named {}, which is not game {}'s (it changed, or another game has that id now): \
             read its terms with `pvp show {}`",
            bank_words(BankChoice::from_raw(e.timeBank)),
            e.gameId,
            e.gameId
        ),
        Err(_) => return err,
    };
    err.wrap_err(words)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bank_is_seconds_or_none() {
        assert_eq!(bank_choice("none"), Ok(BankChoice::None));
        assert_eq!(bank_choice(" 3600 "), Ok(BankChoice::Seconds(3600)));
        for bad in ["-1", "1h", "4294967295", ""] {
            assert!(bank_choice(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_span_says_its_seconds_and_their_units() {
        assert_eq!(span(7740), "7740 s (2 h 9 min)");
        assert_eq!(span(45), "45 s");
        assert_eq!(span(2_592_000), "2592000 s (30 d)");
        assert_eq!(span(0), "0 s");
    }

    #[test]
    fn the_default_bank_needs_a_contract_with_banks() {
        let rules = BankRules {
            free_move_time: 60,
            max_time_bank: 2_592_000,
        };
        let pvp = Address::ZERO;
        assert_eq!(bank_to_create(None, Some(rules), pvp).unwrap(), Some(DEFAULT_TIME_BANK));
        assert_eq!(bank_to_create(None, None, pvp).unwrap(), None);
        assert!(bank_to_create(Some(BankChoice::Seconds(60)), None, pvp).is_err());
        assert!(bank_to_create(Some(BankChoice::Seconds(2_592_001)), Some(rules), pvp).is_err());
        assert_eq!(bank_to_create(Some(BankChoice::None), None, pvp).unwrap(), None);
    }
}

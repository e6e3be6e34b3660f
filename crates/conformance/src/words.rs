//! Steps, outcomes, events and games in words, for a counterexample a person reads.

use alloy_primitives::{Address, U256};
use alloy_sol_types::SolInterface;
use marubatsu_chain::{
    bindings::ITicTacToe::{ITicTacToeErrors as Error, ITicTacToeEvents as Event},
    evm::DecodedRevert,
};

use crate::action::{Action, Cast, Party, Terms};
use crate::model::{Game, MAX_STAKE, Outcome};

impl Cast {
    /// `account N` (its index among the chain's accounts), or what the address is to the sequence.
    pub(crate) fn name(&self, address: Address) -> String {
        if let Some(index) = self.actor_index(address) {
            format!("account {}", index + 1)
        } else if address == self.outsider {
            "the outsider".into()
        } else if address == self.contract {
            "the contract".into()
        } else if address.is_zero() {
            "the zero address".into()
        } else {
            address.to_string()
        }
    }

    fn party(&self, party: Party) -> String {
        self.name(self.address(party))
    }

    /// One step in words.
    pub(crate) fn step(&self, action: &Action) -> String {
        let actor = |index: usize| self.name(self.actors[index]);
        match *action {
            Action::Create {
                actor: a,
                stake,
                timeout,
                opponent,
            } => {
                let who = match opponent {
                    Party::Zero => "open to anyone".to_owned(),
                    other => format!("inviting {}", self.party(other)),
                };
                format!(
                    "{} creates a game staking {} with {timeout} s per move, {who}",
                    actor(a),
                    wei(stake)
                )
            }
            Action::Join {
                actor: a,
                game,
                value,
                terms,
            } => {
                let terms = match terms {
                    Terms::Shown => "naming the game's terms",
                    Terms::OtherCreator => "naming another creator (the outsider)",
                    Terms::OtherTimeout => "naming a time limit one second longer than the game's",
                };
                format!("{} joins game {game} sending {}, {terms}", actor(a), wei(value))
            }
            Action::Play { actor: a, game, cell } => format!("{} plays cell {cell} in game {game}", actor(a)),
            Action::ClaimTimeout { actor: a, game } => format!("{} claims a timeout in game {game}", actor(a)),
            Action::Resign { actor: a, game } => format!("{} resigns game {game}", actor(a)),
            Action::Cancel { actor: a, game } => format!("{} cancels game {game}", actor(a)),
            Action::Withdraw { actor: a, to: None } => format!("{} withdraws (withdraw)", actor(a)),
            Action::Withdraw { actor: a, to: Some(to) } => {
                format!("{} withdraws to {} (withdrawTo)", actor(a), self.party(to))
            }
            Action::Transfer { actor: a, value } => {
                format!("{} sends {} to the contract with no calldata", actor(a), wei(value))
            }
            Action::Advance { seconds } => format!("{seconds} s pass, in one new block"),
            Action::ToDeadline { game, offset: 0 } => {
                format!("time moves to game {game}'s deadline (its own second), in one new block")
            }
            Action::ToDeadline { game, offset } => format!(
                "time moves to {} s {} game {game}'s deadline, in one new block",
                offset.unsigned_abs(),
                if offset < 0 { "before" } else { "after" }
            ),
            Action::Mine { blocks } => format!("{blocks} blocks are mined in the same second"),
            Action::MineRest { game } => {
                format!("the blocks a claim in game {game} still needs are mined in the same second")
            }
            Action::Fund { actor: a, wei: amount } => format!("{} is given {} in all", actor(a), wei(amount)),
        }
    }

    /// An outcome of the rules, or of the contract read back into the same shape.
    pub(crate) fn outcome(&self, outcome: &Outcome) -> String {
        match outcome {
            Ok(done) => {
                let events: Vec<String> = done.events.iter().map(|event| self.event(event)).collect();
                let returned = done.game_id.map(|id| format!(", returning {id}")).unwrap_or_default();
                if events.is_empty() {
                    format!("succeeds with no events{returned}")
                } else {
                    format!("succeeds{returned}, emitting {}", events.join(", "))
                }
            }
            Err(error) => format!("reverts with {}", self.named(error_words(error))),
        }
    }

    /// `text` with every address of the sequence replaced by its name.
    pub(crate) fn named(&self, text: String) -> String {
        let known = self.actors.iter().chain([&self.outsider, &self.contract]);
        known.fold(text, |text, &address| {
            text.replace(&address.to_checksum(None), &self.name(address))
        })
    }

    /// An event with its fields, addresses by name.
    pub(crate) fn event(&self, event: &Event) -> String {
        match event {
            Event::GameCreated(e) => format!(
                "GameCreated(game {}, creator {}, opponent {}, stake {}, {} s)",
                e.gameId,
                self.name(e.creator),
                self.name(e.opponent),
                wei(e.stake),
                e.moveTimeout
            ),
            Event::GameJoined(e) => format!(
                "GameJoined(game {}, joiner {}, deadline {})",
                e.gameId,
                self.name(e.joiner),
                e.deadline
            ),
            Event::Moved(e) => format!(
                "Moved(game {}, player {}, cell {}, deadline {})",
                e.gameId,
                self.name(e.player),
                e.cell,
                e.deadline
            ),
            Event::GameEnded(e) => format!(
                "GameEnded(game {}, reason {:?}, winner {})",
                e.gameId,
                e.reason,
                self.name(e.winner)
            ),
            Event::BalanceCredited(e) => {
                format!("BalanceCredited({}, {})", self.name(e.account), wei(e.amount))
            }
            Event::Withdrawn(e) => format!(
                "Withdrawn({} to {}, {})",
                self.name(e.account),
                self.name(e.to),
                wei(e.amount)
            ),
        }
    }

    /// A game as `getGame` returns it.
    pub(crate) fn game(&self, game: &Game) -> String {
        format!(
            "{:?}: X {}, O {}, stake {}, {} s per move, deadline {}, X on {}, O on {}",
            game.status,
            self.name(game.creator),
            self.name(game.opponent),
            wei(game.stake),
            game.move_timeout,
            game.deadline,
            cells(game.x),
            cells(game.o)
        )
    }
}

/// A custom error with its fields, as the chain crate writes reverts.
pub(crate) fn error_words(error: &Error) -> String {
    DecodedRevert::from_data(&error.abi_encode()).map_or_else(|| format!("{error:?}"), |decoded| decoded.words())
}

/// Small amounts in wei, others in ether (exact: no digit is dropped).
fn wei(amount: U256) -> String {
    if amount == MAX_STAKE {
        "2^96 - 1 wei (the stake cap)".into()
    } else if amount == MAX_STAKE + U256::from(1) {
        "2^96 wei (one over the stake cap)".into()
    } else if amount < U256::from(1_000_000_000u64) {
        format!("{amount} wei")
    } else {
        marubatsu_chain::amounts::ether(amount)
    }
}

fn cells(board: u16) -> String {
    let taken: Vec<String> = (0..9)
        .filter(|cell| board & (1 << cell) != 0)
        .map(|cell| cell.to_string())
        .collect();
    if taken.is_empty() {
        "no cell".into()
    } else {
        format!("cells {}", taken.join(" "))
    }
}

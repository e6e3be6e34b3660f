//! The steps of a sequence, and what the rules say each one does to the model.

use alloy_primitives::{Address, U256};
use marubatsu_chain::bindings::ITicTacToe::Status;

use crate::model::{Model, Outcome};

/// An address a step names: one of the actors, or one of the addresses that never act.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Party {
    /// The actor at this index.
    Actor(usize),
    /// An address with no code that never acts: invited to games it never joins, paid by `withdrawTo`.
    Outsider,
    /// The game contract itself (which takes no plain ether).
    Contract,
    /// The zero address.
    Zero,
}

/// The terms a join names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Terms {
    /// The game's own creator and time limit, as a client reads them.
    Shown,
    /// Another creator than the game's (the outsider).
    OtherCreator,
    /// The game's creator with a time limit one second longer.
    OtherTimeout,
}

/// One step of a sequence: a call of the contract by an actor, or the chain moving on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Action {
    Create {
        actor: usize,
        stake: U256,
        timeout: u32,
        opponent: Party,
    },
    Join {
        actor: usize,
        game: U256,
        value: U256,
        terms: Terms,
    },
    Play {
        actor: usize,
        game: U256,
        cell: u8,
    },
    ClaimTimeout {
        actor: usize,
        game: U256,
    },
    Resign {
        actor: usize,
        game: U256,
    },
    Cancel {
        actor: usize,
        game: U256,
    },
    /// `withdraw()` when `to` is `None`, else `withdrawTo(to)`.
    Withdraw {
        actor: usize,
        to: Option<Party>,
    },
    /// A plain ether transfer to the contract (no calldata).
    Transfer {
        actor: usize,
        value: U256,
    },
    /// Time passes, in one new block.
    Advance {
        seconds: u64,
    },
    /// Time passes up to `offset` seconds around the deadline of `game` (nothing if that is not ahead).
    ToDeadline {
        game: U256,
        offset: i8,
    },
    /// Blocks are mined, within the same second.
    Mine {
        blocks: u64,
    },
    /// As many blocks are mined as a claim in `game` still needs (none if it needs none).
    MineRest {
        game: U256,
    },
    /// The actor's ether is set to `wei` (the stake cap is more than a test account holds).
    Fund {
        actor: usize,
        wei: U256,
    },
}

/// What the rules say a step must do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Expected {
    /// A call: done, or this custom error.
    Call(Outcome),
    /// A plain transfer: rejected, with no revert data or with `EtherNotAccepted(value)`.
    Refused,
    /// Time moved by this many seconds, in one new block.
    Time(u64),
    /// This many blocks were mined.
    Mined(u64),
    /// The actor's ether was set.
    Funded,
    /// The payer cannot pay what the step sends: not a step the rules judge.
    Unpayable,
}

/// The addresses a sequence's steps name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Cast {
    /// The contract under test.
    pub(crate) contract: Address,
    /// The accounts that act (funded test accounts of the chain).
    pub(crate) actors: Vec<Address>,
    /// An address that never acts.
    pub(crate) outsider: Address,
}

impl Cast {
    pub(crate) fn address(&self, party: Party) -> Address {
        match party {
            Party::Actor(index) => self.actors[index],
            Party::Outsider => self.outsider,
            Party::Contract => self.contract,
            Party::Zero => Address::ZERO,
        }
    }

    /// The actor whose address this is.
    pub(crate) fn actor_index(&self, address: Address) -> Option<usize> {
        self.actors.iter().position(|&actor| actor == address)
    }
}

/// Runs `action` on the model; returns what the contract must do.
pub(crate) fn apply(model: &mut Model, cast: &Cast, action: &Action) -> Expected {
    let who = |actor: usize| cast.actors[actor];
    match *action {
        Action::Create {
            actor,
            stake,
            timeout,
            opponent,
        } => {
            if !model.can_pay(who(actor), stake) {
                return Expected::Unpayable;
            }
            Expected::Call(model.create(who(actor), who(actor), stake, timeout, cast.address(opponent)))
        }
        Action::Join {
            actor,
            game,
            value,
            terms,
        } => {
            if !model.can_pay(who(actor), value) {
                return Expected::Unpayable;
            }
            let (creator, timeout) = join_terms(model, cast, game, terms);
            Expected::Call(model.join_on_terms(who(actor), who(actor), game, value, creator, timeout))
        }
        Action::Play { actor, game, cell } => Expected::Call(model.play(who(actor), game, cell)),
        Action::ClaimTimeout { actor, game } => Expected::Call(model.claim_timeout(who(actor), game)),
        Action::Resign { actor, game } => Expected::Call(model.resign(who(actor), game)),
        Action::Cancel { actor, game } => Expected::Call(model.cancel(who(actor), game)),
        Action::Withdraw { actor, to } => Expected::Call(model.withdraw(who(actor), to.map(|to| cast.address(to)))),
        Action::Transfer { actor, value } => {
            if model.can_pay(who(actor), value) {
                Expected::Refused
            } else {
                Expected::Unpayable
            }
        }
        Action::Advance { seconds } => {
            model.advance(seconds);
            Expected::Time(seconds)
        }
        Action::ToDeadline { game, offset } => {
            let seconds = deadline_wait(model, game, offset);
            model.advance(seconds);
            Expected::Time(seconds)
        }
        Action::Mine { blocks } => {
            model.mine(blocks);
            Expected::Mined(blocks)
        }
        Action::MineRest { game } => {
            let blocks = model.claim_blocks_left(game).unwrap_or(0);
            model.mine(blocks);
            Expected::Mined(blocks)
        }
        Action::Fund { actor, wei } => {
            model.wallets.insert(who(actor), wei);
            Expected::Funded
        }
    }
}

/// The creator and time limit a join names.
pub(crate) fn join_terms(model: &Model, cast: &Cast, game: U256, terms: Terms) -> (Address, U256) {
    let (creator, timeout) = model.game(game).map_or((Address::ZERO, U256::ZERO), |game| {
        (game.creator, U256::from(game.move_timeout))
    });
    match terms {
        Terms::Shown => (creator, timeout),
        Terms::OtherCreator => (cast.outsider, timeout),
        Terms::OtherTimeout => (creator, timeout + U256::from(1)),
    }
}

/// The seconds from now to `offset` seconds around active `game`'s deadline (zero if that is not ahead).
fn deadline_wait(model: &Model, game: U256, offset: i8) -> u64 {
    model
        .game(game)
        .filter(|game| game.status == Status::Active)
        .map(|game| {
            let target = game.deadline.saturating_add_signed(i64::from(offset));
            target.saturating_sub(model.now)
        })
        .unwrap_or(0)
}

//! What the table tells the engine (events), what the engine waits for (pending decisions), and why an event is
//! refused.

use core::fmt;

use super::chits::Verdict;
use super::role::Role;
use super::seat::{Seat, SeatSet};
use crate::rules::Refusal;

/// The three phases of a round, in order (R3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "WerewolfPhase"))]
pub enum Phase {
    /// R4: players holding seer cards mark others black or white.
    Seer,
    /// R5: players holding werewolf cards attack.
    Attack,
    /// R9: everyone alive votes somebody dead.
    Vote,
}

impl Phase {
    /// The role whose card holders act in this phase; the vote has none.
    pub const fn actor_role(self) -> Option<Role> {
        match self {
            Phase::Seer => Some(Role::Seer),
            Phase::Attack => Some(Role::Werewolf),
            Phase::Vote => None,
        }
    }
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Phase::Seer => "seer phase",
            Phase::Attack => "attack phase",
            Phase::Vote => "vote phase",
        })
    }
}

/// One hand-over of a transfer (R7): `cards` cards of the lost role go to `to`, who gives back as many cards of
/// role `take`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase", deny_unknown_fields))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "WerewolfSlot"))]
pub struct HandOver {
    /// The receiving player.
    pub to: Seat,
    /// The role the giver takes back from `to`, one card per card handed over.
    pub take: Role,
    /// How many cards, at least 1.
    pub cards: u8,
}

/// One player's vote in a [`WerewolfEvent::Vote`] (R9): `voter` points at `target`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase", deny_unknown_fields))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "WerewolfBallotCast"))]
pub struct Ballot {
    /// The alive player voting.
    pub voter: Seat,
    /// The player pointed at: one of the candidates, never the voter.
    pub target: Seat,
}

/// Something that happened at the table, reported to the engine. Every random outcome and every choice
/// arrives as an event and is checked against the [pending decision](Pending).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(
        tag = "type",
        rename_all = "camelCase",
        rename_all_fields = "camelCase",
        deny_unknown_fields
    )
)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum WerewolfEvent {
    /// The winner of the rock-paper-scissors that breaks a tie for start player (R4, R5).
    StartPlayer {
        /// The winner; must be one of the tied players.
        seat: Seat,
    },
    /// A seer's action (R4).
    Verdict {
        /// The acting player, whose turn it is.
        seer: Seat,
        /// The marked player.
        target: Seat,
        /// The colour of the chit.
        verdict: Verdict,
        /// The card the seer gives in exchange for one of the target's seer cards: `None` exactly when no
        /// exchange is possible, else one of the roles that may be given.
        give: Option<Role>,
    },
    /// A werewolf card holder's attack (R5).
    Attack {
        /// The acting player, whose turn it is.
        wolf: Seat,
        /// The attacked player.
        target: Seat,
        /// The card given in exchange for one of the target's werewolf cards, as for a verdict.
        give: Option<Role>,
    },
    /// How a player hands over every card of a role they lost (R7).
    Transfer {
        /// The player who owes the transfer.
        from: Seat,
        /// The lost role.
        role: Role,
        /// The hand-overs in canonical form: strictly increasing by `(to, take)`, each of at least one card,
        /// together exactly the cards of `role` that `from` holds.
        handovers: Vec<HandOver>,
    },
    /// The card drawn from a dead player's shuffled hand (R8), as an index into the hand in canonical order.
    Draw {
        /// The dead player.
        player: Seat,
        /// `0..N`: which card, counting W cards first, then S, then V.
        index: u8,
    },
    /// The whole vote (R9): every alive player points at once, and the UI, having collected the ballots (in
    /// secret, at a real table), reports them together.
    Vote {
        /// The ballots in canonical form: exactly one per alive player, in increasing seat order of the voters,
        /// each pointing at a candidate other than the voter.
        ballots: Vec<Ballot>,
    },
}

/// The decision the engine is waiting for. Exactly one is pending at a time until the game ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pending {
    /// Rock-paper-scissors among `tied` decides who starts `phase`.
    StartPlayer {
        /// The phase about to start.
        phase: Phase,
        /// The alive players tied for the most cards of the phase's role.
        tied: SeatSet,
    },
    /// `seer` must mark someone.
    Verdict {
        /// The acting player.
        seer: Seat,
    },
    /// `wolf` must attack someone.
    Attack {
        /// The acting player.
        wolf: Seat,
    },
    /// Transfers are owed (R7) and at least one can be completed: this names the first that can, in the order they
    /// arose — the one a table that asks nobody settles. Every other debtor whose transfer can be completed may make
    /// theirs instead (Version 2): [`WerewolfState::ready_transfers`](super::WerewolfState::ready_transfers) lists
    /// them, and [`legal_events`](super::legal_events) lists the transfers of all of them.
    Transfer {
        /// The player who owes the transfer.
        from: Seat,
        /// The lost role.
        role: Role,
        /// How many cards of it they still hold.
        cards: u8,
    },
    /// A card must be drawn from the dead `player`'s hand of `cards` cards.
    Draw {
        /// The dead player.
        player: Seat,
        /// The hand size: valid indices are `0..cards`.
        cards: u8,
    },
    /// Every one of `voters` must point at one of `candidates` (never themselves), all in one event.
    Vote {
        /// Who votes: everyone alive.
        voters: SeatSet,
        /// Who may be pointed at: everyone alive, or the tied players in a run-off.
        candidates: SeatSet,
        /// 0 for the first vote of the phase, then 1, 2, … for run-offs (R9 sets no limit; the count stops
        /// at `u16::MAX`).
        runoff: u16,
    },
}

/// Which kind of decision is pending, without its details: the word a page switches on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "WerewolfPendingKind"))]
pub enum PendingKind {
    /// [`Pending::StartPlayer`].
    StartPlayer,
    /// [`Pending::Verdict`].
    Verdict,
    /// [`Pending::Attack`].
    Attack,
    /// [`Pending::Transfer`].
    Transfer,
    /// [`Pending::Draw`].
    Draw,
    /// [`Pending::Vote`].
    Vote,
}

impl PendingKind {
    /// Every kind, in the order of [`Pending`]'s variants.
    pub const ALL: [PendingKind; 6] = [
        PendingKind::StartPlayer,
        PendingKind::Verdict,
        PendingKind::Attack,
        PendingKind::Transfer,
        PendingKind::Draw,
        PendingKind::Vote,
    ];
}

impl Pending {
    /// Which kind of decision this is.
    pub const fn kind(self) -> PendingKind {
        match self {
            Pending::StartPlayer { .. } => PendingKind::StartPlayer,
            Pending::Verdict { .. } => PendingKind::Verdict,
            Pending::Attack { .. } => PendingKind::Attack,
            Pending::Transfer { .. } => PendingKind::Transfer,
            Pending::Draw { .. } => PendingKind::Draw,
            Pending::Vote { .. } => PendingKind::Vote,
        }
    }

    /// The player who decides, if one player does: the tie-break is settled at the table among the tied
    /// players, a draw is a shuffle, and everyone alive votes. For a transfer, the first debtor who can make
    /// theirs; other ready debtors may go first ([`Pending::Transfer`]).
    pub const fn player(self) -> Option<Seat> {
        match self {
            Pending::StartPlayer { .. } | Pending::Draw { .. } | Pending::Vote { .. } => None,
            Pending::Verdict { seer: p } | Pending::Attack { wolf: p } | Pending::Transfer { from: p, .. } => Some(p),
        }
    }
}

/// The decision in plain words, for an [`WerewolfRefusal`]'s message (never its `Debug` form).
impl fmt::Display for Pending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Pending::StartPlayer { phase, tied } => write!(f, "who of {tied} starts the {phase}"),
            Pending::Verdict { seer } => write!(f, "{seer}'s verdict"),
            Pending::Attack { wolf } => write!(f, "{wolf}'s attack"),
            Pending::Transfer { from, role, cards } => write!(f, "{from}'s transfer of {cards} {role} card(s)"),
            Pending::Draw { player, cards } => write!(f, "a draw from {player}'s {cards} card(s)"),
            Pending::Vote { runoff: 0, .. } => f.write_str("the vote"),
            Pending::Vote { runoff, .. } => write!(f, "run-off vote {runoff}"),
        }
    }
}

/// Why an event was refused; the state is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum WerewolfRefusal {
    /// The game is over.
    GameOver,
    /// The event does not answer the pending decision (another kind, or another player's).
    NotPending {
        /// What the engine waits for.
        pending: Pending,
    },
    /// The start player must come from the tied players.
    NotTied {
        /// The seat reported.
        seat: Seat,
        /// The tied players.
        tied: SeatSet,
    },
    /// The target may not be chosen now.
    IllegalTarget {
        /// The seat named.
        target: Seat,
    },
    /// The actor has no chit of that colour left.
    NoChitLeft {
        /// The colour chosen.
        verdict: Verdict,
    },
    /// The card given does not match the exchange the rules require: an exchange is mandatory when possible,
    /// impossible otherwise, and the card must be one that may be given.
    WrongExchange {
        /// The card named.
        give: Option<Role>,
    },
    /// A draw index outside the hand.
    DrawOutOfRange {
        /// The index given.
        index: u8,
        /// The hand size.
        cards: u8,
    },
    /// The transfer is not a legal completion.
    BadTransfer {
        /// What is wrong with it.
        reason: TransferError,
    },
    /// The vote is not a legal set of ballots.
    BadVote {
        /// What is wrong with it.
        reason: BallotError,
    },
    /// After this choice or draw no world would be consistent, and another answer keeps one
    /// ([`Contradictions::Refused`](super::Contradictions::Refused)).
    LeavesNoWorld,
}

impl Refusal for WerewolfRefusal {
    fn code(&self) -> &'static str {
        match self {
            WerewolfRefusal::GameOver => "game_over",
            WerewolfRefusal::NotPending { .. } => "not_pending",
            WerewolfRefusal::NotTied { .. } => "not_tied",
            WerewolfRefusal::IllegalTarget { .. } => "illegal_target",
            WerewolfRefusal::NoChitLeft { .. } => "no_chit_left",
            WerewolfRefusal::WrongExchange { .. } => "wrong_exchange",
            WerewolfRefusal::DrawOutOfRange { .. } => "draw_out_of_range",
            WerewolfRefusal::BadTransfer { .. } => "bad_transfer",
            WerewolfRefusal::BadVote { .. } => "bad_vote",
            WerewolfRefusal::LeavesNoWorld => "leaves_no_world",
        }
    }
}

/// What is wrong with a transfer (R7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TransferError {
    /// The hand-overs are not strictly increasing by `(to, take)`, or one has no card.
    NotCanonical,
    /// The hand-overs do not add up to the cards owed.
    WrongTotal {
        /// Cards owed.
        owed: u8,
        /// Cards in the event.
        given: u16,
    },
    /// This player may not receive the cards: the giver themselves, dead, fixed, or without a card of the role.
    Recipient {
        /// The seat named.
        to: Seat,
    },
    /// The giver may not take back these cards: a role the giver lost, or more than the recipient holds.
    TakeBack {
        /// The recipient.
        to: Seat,
        /// The role asked for.
        take: Role,
    },
}

/// What is wrong with a vote (R9). Each names the first offending ballot, in the order given.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BallotError {
    /// A ballot from a seat that does not vote: dead, or not at this table.
    NotAVoter {
        /// The seat named as voter.
        voter: Seat,
    },
    /// A second ballot from the same voter.
    Twice {
        /// The voter.
        voter: Seat,
    },
    /// A ballot after one from a higher seat: ballots go in increasing seat order.
    OutOfOrder {
        /// The voter whose ballot comes too late.
        voter: Seat,
    },
    /// A voter pointing at themselves.
    OwnSeat {
        /// The voter.
        voter: Seat,
    },
    /// A voter pointing at somebody who may not be pointed at now: dead, not at the table, or not among the
    /// tied players of a run-off.
    NotACandidate {
        /// The voter.
        voter: Seat,
        /// The seat pointed at.
        target: Seat,
    },
    /// An alive player with no ballot (the lowest such seat).
    Missing {
        /// The voter left out.
        voter: Seat,
    },
}

impl fmt::Display for WerewolfRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WerewolfRefusal::GameOver => f.write_str("the game is over"),
            WerewolfRefusal::NotPending { pending } => {
                write!(f, "the event does not answer the pending decision, {pending}")
            }
            WerewolfRefusal::NotTied { seat, tied } => {
                write!(f, "{seat} is not among the tied players {tied}")
            }
            WerewolfRefusal::IllegalTarget { target } => write!(f, "{target} may not be targeted now"),
            WerewolfRefusal::NoChitLeft { verdict } => write!(f, "no {verdict} chit left"),
            WerewolfRefusal::WrongExchange { give: Some(role) } => {
                write!(f, "a {role} card may not be given in this exchange")
            }
            WerewolfRefusal::WrongExchange { give: None } => {
                f.write_str("the exchange is possible, so it is mandatory")
            }
            WerewolfRefusal::DrawOutOfRange { index, cards } => {
                write!(f, "card {index} drawn from a hand of {cards}")
            }
            WerewolfRefusal::BadTransfer { reason } => write!(f, "illegal transfer: {reason}"),
            WerewolfRefusal::BadVote { reason } => write!(f, "illegal vote: {reason}"),
            WerewolfRefusal::LeavesNoWorld => {
                f.write_str("no deal of the roles could explain the table after this, and another answer keeps one")
            }
        }
    }
}

impl fmt::Display for TransferError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TransferError::NotCanonical => {
                f.write_str("hand-overs must be strictly increasing by recipient and role, each of at least one card")
            }
            TransferError::WrongTotal { owed, given } => {
                write!(f, "{owed} cards owed, {given} handed over")
            }
            TransferError::Recipient { to } => write!(f, "{to} may not receive them"),
            TransferError::TakeBack { to, take } => {
                write!(f, "those {take} cards may not be taken back from {to}")
            }
        }
    }
}

impl fmt::Display for BallotError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BallotError::NotAVoter { voter } => {
                write!(f, "{voter} does not vote: not alive at this table")
            }
            BallotError::Twice { voter } => write!(f, "{voter} votes twice"),
            BallotError::OutOfOrder { voter } => write!(
                f,
                "{voter}'s ballot comes after a higher seat's: ballots go in seat order"
            ),
            BallotError::OwnSeat { voter } => write!(f, "{voter} points at themselves"),
            BallotError::NotACandidate { voter, target } => {
                write!(f, "{voter} points at {target}, who may not be pointed at now")
            }
            BallotError::Missing { voter } => write!(f, "{voter} has not voted"),
        }
    }
}

impl std::error::Error for WerewolfRefusal {}
impl std::error::Error for BallotError {}
impl std::error::Error for TransferError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refusal_names_the_pending_decision_in_words_not_its_debug_form() {
        let seer = Seat::new(2).expect("a seat");
        let refusal = WerewolfRefusal::NotPending {
            pending: Pending::Verdict { seer },
        };
        let words = refusal.to_string();
        assert_eq!(
            words,
            "the event does not answer the pending decision, seat 2's verdict"
        );
        assert!(!words.contains("Verdict {"), "{words}");
    }
}

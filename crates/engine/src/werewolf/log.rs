//! The game's log: every action and every consequence, with the rule that caused it and the players involved.

use super::chits::{ChitKind, Verdict};
use super::event::Phase;
use super::outcome::Outcome;
use super::role::Role;
use super::seat::{Seat, SeatSet};
use super::vote::Tally;

/// The rules of `docs/rules/quantum-werewolf.md`, by number: a line's [`Happening::rule`] (`R10.2`, `R4/R5`,
/// `R11 (R7)`) cites only these, and the page explains each.
pub const RULES: [&str; 11] = ["R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8", "R9", "R10", "R11"];

/// One line of the log: what happened, in which round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LogEntry {
    /// The round, from 1.
    pub round: u8,
    /// What happened.
    pub what: Happening,
}

/// Why a player lost a role.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LossCause {
    /// R2: they hold no card of it any more.
    NoCardsLeft,
    /// R6: they had marked `suspect` black, and `suspect` lost the werewolf possibility.
    MarkedBlackNotWerewolf {
        /// The player they had marked.
        suspect: Seat,
    },
    /// R6: they had marked `wolf` white, and `wolf` became a fixed werewolf.
    MarkedWhiteWerewolf {
        /// The new fixed werewolf.
        wolf: Seat,
    },
    /// R6: `wolf` attacked them and is a fixed werewolf.
    AttackedByWerewolf {
        /// The fixed werewolf.
        wolf: Seat,
    },
    /// R6: `seer`, a fixed seer, marked them black: they are a fixed werewolf.
    BlackFromSeer {
        /// The fixed seer.
        seer: Seat,
    },
    /// R6: `seer`, a fixed seer, marked them white.
    WhiteFromSeer {
        /// The fixed seer.
        seer: Seat,
    },
    /// R8: they died and drew `role`, so they are fixed as it.
    Drew {
        /// The card drawn.
        role: Role,
    },
}

impl LossCause {
    /// The rule: `R2`, `R6` or `R8`.
    pub const fn rule(self) -> &'static str {
        match self {
            LossCause::NoCardsLeft => "R2",
            LossCause::Drew { .. } => "R8",
            _ => "R6",
        }
    }
}

/// Why a player died.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DeathCause {
    /// R5: at least two attack chits of fixed werewolves lie in front of them.
    Attacked {
        /// The fixed werewolves whose chits lie there.
        wolves: SeatSet,
    },
    /// R5 with the werewolves' power [`StarterAttack::Kills`](super::StarterAttack::Kills): the attack
    /// phase's start player attacked them.
    StarterAttack {
        /// The start player who attacked.
        wolf: Seat,
    },
    /// R9: the vote.
    Voted {
        /// How many votes they got.
        votes: u8,
    },
}

/// Why an actor did nothing on their turn (R4, R5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PassReason {
    /// No chit of the phase's kind left.
    NoChits,
    /// Nobody may be targeted.
    NoTarget,
}

/// Why an action came without an exchange of cards (R4, R5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NoExchange {
    /// The actor is fixed.
    ActorFixed,
    /// The target is fixed.
    TargetFixed,
    /// The target holds no card of the phase's role.
    TargetHasNone,
    /// The actor holds no card of a role the target also holds (other than the phase's role).
    NothingToGive,
}

/// Everything the log records.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Happening {
    /// A round began (R3).
    RoundBegan,
    /// A phase began (R3).
    PhaseBegan {
        /// The phase.
        phase: Phase,
    },
    /// Nobody alive holds a card of the phase's role: the phase is skipped (R4, R5).
    NoActors {
        /// The phase.
        phase: Phase,
    },
    /// `seat` starts the phase: the most cards of its role, or the tie-break among `tied` (R4, R5).
    StartPlayer {
        /// The phase.
        phase: Phase,
        /// The start player.
        seat: Seat,
        /// Everyone who had the most cards (just `seat` when there was no tie).
        tied: SeatSet,
    },
    /// An actor passed (R4, R5).
    Passed {
        /// The phase.
        phase: Phase,
        /// The actor.
        seat: Seat,
        /// Why.
        reason: PassReason,
    },
    /// A verdict chit was placed (R4).
    Marked {
        /// The seer.
        seer: Seat,
        /// The marked player.
        target: Seat,
        /// The colour.
        verdict: Verdict,
    },
    /// An attack chit was placed (R5).
    Attacked {
        /// The attacker.
        wolf: Seat,
        /// The attacked player.
        target: Seat,
    },
    /// An action's exchange (R4, R5): `actor` gave `target` a `gave` card and took a `took` card.
    Exchanged {
        /// The acting player.
        actor: Seat,
        /// The target.
        target: Seat,
        /// The card given.
        gave: Role,
        /// The card taken (the phase's role).
        took: Role,
    },
    /// An action came without an exchange (R4, R5).
    NoExchange {
        /// The acting player.
        actor: Seat,
        /// The target.
        target: Seat,
        /// Why.
        why: NoExchange,
    },
    /// `player` lost the `role` possibility (R2, R6, R8).
    Lost {
        /// The player.
        player: Seat,
        /// The role.
        role: Role,
        /// Why.
        cause: LossCause,
    },
    /// `player` is fixed as `role`: every other role is lost (R2).
    Fixed {
        /// The player.
        player: Seat,
        /// The role.
        role: Role,
    },
    /// `owner`'s `count` chits of `kind` were taken off the table (R6).
    ChitsRemoved {
        /// The owner.
        owner: Seat,
        /// The kind (black and white are removed together, logged as two lines).
        kind: ChitKind,
        /// How many.
        count: u8,
    },
    /// `player` must hand over `cards` cards of the lost `role` (R7).
    TransferOwed {
        /// The player.
        player: Seat,
        /// The lost role.
        role: Role,
        /// How many cards.
        cards: u8,
    },
    /// One hand-over of a transfer (R7).
    HandedOver {
        /// The giver.
        from: Seat,
        /// The receiver.
        to: Seat,
        /// The lost role, handed over.
        role: Role,
        /// The role taken back.
        took: Role,
        /// How many cards each way.
        cards: u8,
    },
    /// `player`'s `cards` cards of the lost `role` left the game: nobody could take them (R7, Version 3).
    Discarded {
        /// The player.
        player: Seat,
        /// The lost role.
        role: Role,
        /// How many cards.
        cards: u8,
    },
    /// `player` died (R8).
    Died {
        /// The player.
        player: Seat,
        /// Why.
        cause: DeathCause,
    },
    /// The card drawn from a dead player's hand (R8); `index` is `None` when the hand held one role only.
    Drew {
        /// The dead player.
        player: Seat,
        /// The role drawn.
        role: Role,
        /// The index reported, if a draw was needed.
        index: Option<u8>,
    },
    /// One ballot of a vote (R9); a vote logs every ballot, in seat order, then the count.
    Voted {
        /// The voter.
        voter: Seat,
        /// The player pointed at.
        target: Seat,
    },
    /// The count of a vote or run-off (R9), before the death or the run-off it leads to.
    Counted {
        /// The votes each player received.
        tally: Tally,
    },
    /// A vote ended in a tie: run-off among `tied` (R9).
    RunOff {
        /// The tied players.
        tied: SeatSet,
        /// Their number of votes each.
        votes: u8,
    },
    /// Round 1 had no vote: the werewolves' power [`FirstVote::Skipped`](super::FirstVote::Skipped) (R9).
    VoteSkipped,
    /// The game ended (R10, R11).
    Ended {
        /// How, and who won.
        outcome: Outcome,
    },
}

impl Happening {
    /// The rule this line follows from, as cited in the text.
    pub const fn rule(&self) -> &'static str {
        match self {
            Happening::RoundBegan | Happening::PhaseBegan { .. } => "R3",
            Happening::NoActors { phase } | Happening::StartPlayer { phase, .. } | Happening::Passed { phase, .. } => {
                match phase {
                    Phase::Seer => "R4",
                    Phase::Attack => "R5",
                    Phase::Vote => "R9",
                }
            }
            Happening::Marked { .. } => "R4",
            Happening::Attacked { .. } => "R5",
            Happening::Exchanged { took, .. } => match took {
                Role::Seer => "R4",
                _ => "R5",
            },
            Happening::NoExchange { .. } => "R4/R5",
            Happening::Lost { cause, .. } => cause.rule(),
            Happening::Fixed { .. } => "R2",
            Happening::ChitsRemoved { .. } => "R6",
            Happening::TransferOwed { .. } | Happening::HandedOver { .. } | Happening::Discarded { .. } => "R7",
            Happening::Died {
                cause: DeathCause::Attacked { .. } | DeathCause::StarterAttack { .. },
                ..
            } => "R5",
            Happening::Died {
                cause: DeathCause::Voted { .. },
                ..
            }
            | Happening::Voted { .. }
            | Happening::Counted { .. }
            | Happening::RunOff { .. }
            | Happening::VoteSkipped => "R9",
            Happening::Drew { .. } => "R8",
            Happening::Ended { outcome } => outcome.end.rule(),
        }
    }
}

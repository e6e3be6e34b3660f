//! The state of a game: one of seven phases, each carrying exactly the data that phase needs.
//!
//! ```text
//! setup ─start→ topicReveal ─beginTalk→ talk ─talkDone (last speaker)→ handover ─received→ vote
//!                ↺ redraw (once)        ↺ talkDone, pause, resume         ↑               │ confirm
//!                   │                                                     └── next voter ─┤
//!                   └──────────── nextRound ──── roundResult ←── last voter ──────────────┘
//!                                                    │ nextRound (last round)
//!                     setup ←─restart── finalResult ←┘          (abandon: any phase → setup)
//! ```
//!
//! Fields are private: a state is made only by the rules ([`Relay`](super::Relay)) or by
//! [`restore`](super::restore), so every state the engine holds passes [`RelayState::validate`].

use super::score::{Standing, ranking};
use super::table::Table;

/// The latest clock reading a deadline may be, in epoch milliseconds: 2⁵³ − 1, the largest integer every JSON
/// reader (JavaScript's included) holds exactly. It is in the year 287396, so no real clock is refused.
pub const MAX_TIME_MS: u64 = (1 << 53) - 1;

/// How long a talk turn lasts at least, in milliseconds: a "done" sooner after the turn began is refused. One
/// second is longer than the gap between the two taps of a double tap (150–250 ms on a phone, up to 500 ms for a
/// slow desktop double click) and shorter than anyone takes to hand the phone on and say a first word, so a
/// mis-tap while the phone changes hands cannot skip a speaker, and no real turn is ever refused.
pub const TURN_GUARD_MS: u64 = 1_000;

/// A game, as one of its phases. Its JSON form (feature `serde`) is the object [`save`](super::save) documents,
/// checked on the way in exactly as [`restore`](super::restore) checks it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "super::wire::WireState", into = "super::wire::WireState")
)]
pub enum RelayState {
    /// Nothing yet: the names, rounds and talk seconds are being typed.
    Setup,
    /// The round's topic is shown to everyone.
    TopicReveal(Round),
    /// Someone is talking, against a deadline.
    Talk(Talk),
    /// The phone travels to the next voter, whose ballot stays hidden until they say they have it.
    Handover(Handover),
    /// A voter picks the best explanation (never their own).
    Vote(Vote),
    /// The votes of the round are counted and added to the scores.
    RoundResult(RoundResult),
    /// The game is over: final scores and ranking.
    FinalResult(FinalResult),
}

/// The phase of a [`RelayState`], without its data.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(rename = "RelayPhase", rename_all = "camelCase")
)]
pub enum Phase {
    /// [`RelayState::Setup`].
    Setup,
    /// [`RelayState::TopicReveal`].
    TopicReveal,
    /// [`RelayState::Talk`].
    Talk,
    /// [`RelayState::Handover`].
    Handover,
    /// [`RelayState::Vote`].
    Vote,
    /// [`RelayState::RoundResult`].
    RoundResult,
    /// [`RelayState::FinalResult`].
    FinalResult,
}

impl Phase {
    /// Every phase, in the order a game meets them.
    pub const ALL: [Phase; 7] = [
        Phase::Setup,
        Phase::TopicReveal,
        Phase::Talk,
        Phase::Handover,
        Phase::Vote,
        Phase::RoundResult,
        Phase::FinalResult,
    ];

    /// The spec's name of the phase, as saved: `setup`, `topicReveal`, `talk`, `handover`, `vote`,
    /// `roundResult` or `finalResult`.
    pub const fn name(self) -> &'static str {
        match self {
            Phase::Setup => "setup",
            Phase::TopicReveal => "topicReveal",
            Phase::Talk => "talk",
            Phase::Handover => "handover",
            Phase::Vote => "vote",
            Phase::RoundResult => "roundResult",
            Phase::FinalResult => "finalResult",
        }
    }

    /// The phase with this [`name`](Phase::name), or `None`.
    pub fn from_name(name: &str) -> Option<Phase> {
        Phase::ALL.into_iter().find(|phase| phase.name() == name)
    }
}

impl RelayState {
    /// The phase, without its data.
    pub const fn phase(&self) -> Phase {
        match self {
            RelayState::Setup => Phase::Setup,
            RelayState::TopicReveal(_) => Phase::TopicReveal,
            RelayState::Talk(_) => Phase::Talk,
            RelayState::Handover(_) => Phase::Handover,
            RelayState::Vote(_) => Phase::Vote,
            RelayState::RoundResult(_) => Phase::RoundResult,
            RelayState::FinalResult(_) => Phase::FinalResult,
        }
    }

    /// The round being played, in every phase but setup and the final result.
    pub const fn round(&self) -> Option<&Round> {
        match self {
            RelayState::Setup | RelayState::FinalResult(_) => None,
            RelayState::TopicReveal(round) => Some(round),
            RelayState::Talk(talk) => Some(&talk.round),
            RelayState::Handover(handover) => Some(&handover.round),
            RelayState::Vote(vote) => Some(&vote.round),
            RelayState::RoundResult(result) => Some(&result.round),
        }
    }
}

/// What every phase of a round shares: the table, which round it is, the scores so far and the topic, whether
/// the topic was drawn again this round (once a round), and what the rules remember of the game so far: the
/// topics shown before this one (none comes back) and who closed the latest talk (they do not close the next one).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Round {
    pub(crate) table: Table,
    pub(crate) index: u8,
    pub(crate) scores: Vec<u32>,
    pub(crate) topic: String,
    pub(crate) used_topics: Vec<String>,
    pub(crate) last_closer: Option<usize>,
    pub(crate) redrawn: bool,
}

impl Round {
    /// The players, rounds and talk seconds.
    pub const fn table(&self) -> &Table {
        &self.table
    }

    /// The names, by seat.
    pub fn players(&self) -> &[String] {
        self.table.players()
    }

    /// Which round this is, from 0.
    pub const fn index(&self) -> u8 {
        self.index
    }

    /// How many rounds the game has.
    pub const fn rounds(&self) -> u8 {
        self.table.rounds()
    }

    /// Whether this is the last round.
    pub const fn is_last(&self) -> bool {
        self.index.saturating_add(1) >= self.table.rounds()
    }

    /// Votes received so far, by seat. In a round result they include that round's votes.
    pub fn scores(&self) -> &[u32] {
        &self.scores
    }

    /// The topic of the round, trimmed and never empty.
    pub fn topic(&self) -> &str {
        &self.topic
    }

    /// The topics shown earlier in this game, oldest first: the earlier rounds' and any a redraw set aside. A
    /// new topic may be none of these, nor this round's.
    pub fn used_topics(&self) -> &[String] {
        &self.used_topics
    }

    /// Whether this round's topic already replaced the one first drawn: a round allows one redraw.
    pub const fn redrawn(&self) -> bool {
        self.redrawn
    }

    /// The seat that closed (spoke last in) the latest talk of this game, if there was one: the next talk's
    /// order may not end with it. `None` too for a game restored from a save that did not record it.
    pub const fn last_closer(&self) -> Option<usize> {
        self.last_closer
    }
}

/// A speaker is talking: the speaking order of the round, whose turn it is, when the turn ends, and whether
/// the clock is paused.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Talk {
    pub(crate) round: Round,
    pub(crate) order: Vec<usize>,
    pub(crate) turn: usize,
    pub(crate) deadline_ms: u64,
    pub(crate) paused_at_ms: Option<u64>,
}

impl Talk {
    /// The round.
    pub const fn round(&self) -> &Round {
        &self.round
    }

    /// The speaking order: a permutation of the seats. Votes are cast in the same order.
    pub fn order(&self) -> &[usize] {
        &self.order
    }

    /// How far through the order the talk is: the speaker is `order[turn]`.
    pub const fn turn(&self) -> usize {
        self.turn
    }

    /// The seat of the speaker.
    pub fn speaker(&self) -> usize {
        self.order.get(self.turn).copied().unwrap_or_default()
    }

    /// The seat of the last speaker of the round, who closes on everything said before.
    pub fn closer(&self) -> usize {
        self.order.last().copied().unwrap_or_default()
    }

    /// When the speaker's time is up, in epoch milliseconds, if the clock runs on from its pause (if any) now.
    /// The state does not tick: the UI counts down to it.
    pub const fn deadline_ms(&self) -> u64 {
        self.deadline_ms
    }

    /// When the clock was paused, if it is: the time left stays what it was then until a resume.
    pub const fn paused_at_ms(&self) -> Option<u64> {
        self.paused_at_ms
    }

    /// Whether the speaker's clock is paused.
    pub const fn is_paused(&self) -> bool {
        self.paused_at_ms.is_some()
    }

    /// The time left at `now_ms`, never below zero; while paused, the time left at the pause, whatever the clock
    /// says. A page reloaded mid-talk shows the right time from this.
    pub const fn remaining_ms(&self, now_ms: u64) -> u64 {
        match self.paused_at_ms {
            Some(paused) => self.deadline_ms.saturating_sub(paused),
            None => self.deadline_ms.saturating_sub(now_ms),
        }
    }
}

/// The phone travels to the next voter; nothing is shown but whom to give it to.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Handover {
    pub(crate) round: Round,
    pub(crate) order: Vec<usize>,
    pub(crate) next_turn: usize,
    pub(crate) votes: Vec<usize>,
}

impl Handover {
    /// The round.
    pub const fn round(&self) -> &Round {
        &self.round
    }

    /// The order of the round, which voting follows too.
    pub fn order(&self) -> &[usize] {
        &self.order
    }

    /// How far through the order voting is: the next voter is `order[next_turn]`.
    pub const fn next_turn(&self) -> usize {
        self.next_turn
    }

    /// The seat of the next voter.
    pub fn next_voter(&self) -> usize {
        self.order.get(self.next_turn).copied().unwrap_or_default()
    }

    /// The votes cast so far: `votes[t]` is the seat that the voter `order[t]` voted for.
    pub fn votes(&self) -> &[usize] {
        &self.votes
    }
}

/// A voter holds the phone and picks an explanation.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Vote {
    pub(crate) round: Round,
    pub(crate) order: Vec<usize>,
    pub(crate) turn: usize,
    pub(crate) votes: Vec<usize>,
    pub(crate) selected: Option<usize>,
}

impl Vote {
    /// The round.
    pub const fn round(&self) -> &Round {
        &self.round
    }

    /// The order of the round.
    pub fn order(&self) -> &[usize] {
        &self.order
    }

    /// How far through the order voting is: the voter is `order[turn]`.
    pub const fn turn(&self) -> usize {
        self.turn
    }

    /// The seat of the voter.
    pub fn voter(&self) -> usize {
        self.order.get(self.turn).copied().unwrap_or_default()
    }

    /// The votes cast before this voter: `votes[t]` is the seat that the voter `order[t]` voted for.
    pub fn votes(&self) -> &[usize] {
        &self.votes
    }

    /// The seat the voter has picked so far, if any; never the voter.
    pub const fn selected(&self) -> Option<usize> {
        self.selected
    }

    /// The seats on the ballot: everyone but the voter, in seat order.
    pub fn candidates(&self) -> Vec<usize> {
        let voter = self.voter();
        (0..self.round.players().len()).filter(|&seat| seat != voter).collect()
    }
}

/// The votes of a round are counted.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RoundResult {
    pub(crate) round: Round,
    pub(crate) round_votes: Vec<u32>,
}

impl RoundResult {
    /// The round just played; its scores include its votes.
    pub const fn round(&self) -> &Round {
        &self.round
    }

    /// Votes received in this round, by seat.
    pub fn round_votes(&self) -> &[u32] {
        &self.round_votes
    }

    /// The standings after this round (ties share a rank).
    pub fn standings(&self) -> Vec<Standing> {
        ranking(&self.round.scores)
    }
}

/// The game is over.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FinalResult {
    pub(crate) players: Vec<String>,
    pub(crate) rounds: u8,
    pub(crate) scores: Vec<u32>,
}

impl FinalResult {
    /// The names, by seat.
    pub fn players(&self) -> &[String] {
        &self.players
    }

    /// How many rounds were played.
    pub const fn rounds(&self) -> u8 {
        self.rounds
    }

    /// Votes received over the game, by seat.
    pub fn scores(&self) -> &[u32] {
        &self.scores
    }

    /// The final ranking: most votes first, ties sharing a rank (and listed by seat).
    pub fn ranking(&self) -> Vec<Standing> {
        ranking(&self.scores)
    }
}

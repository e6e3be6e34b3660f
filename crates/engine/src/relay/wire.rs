//! The JSON form of a [`RelayState`]: one object per phase, tagged by `phase`, with exactly the fields the
//! phase has (the table in [`save`](super::save)'s module). Deserialising checks every field's type, then
//! [`RelayState::validate`] checks the whole, so only a state a game can be in comes back.

use serde::{Deserialize, Serialize};

use super::state::{FinalResult, Handover, RelayState, Round, RoundResult, Talk, Vote};
use super::table::Table;
use super::validate::StateError;

/// A phase as it is written. The round's fields come first in every phase that has a round, in this order,
/// because the documented save format (and every save already in a browser) lists them so.
#[derive(Debug, Deserialize, Serialize)]
#[serde(
    tag = "phase",
    rename_all = "camelCase",
    rename_all_fields = "camelCase",
    deny_unknown_fields
)]
pub(crate) enum WireState {
    // Braces, so that deny_unknown_fields holds here too: serde lets a unit variant of an internally tagged
    // enum carry any other field.
    Setup {},
    TopicReveal {
        round: u8,
        rounds: u32,
        players: Vec<String>,
        talk_seconds: u32,
        scores: Vec<u32>,
        topic: String,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        used_topics: Vec<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        last_closer: Option<usize>,
        #[serde(default, skip_serializing_if = "core::ops::Not::not")]
        redrawn: bool,
    },
    Talk {
        round: u8,
        rounds: u32,
        players: Vec<String>,
        talk_seconds: u32,
        scores: Vec<u32>,
        topic: String,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        used_topics: Vec<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        last_closer: Option<usize>,
        #[serde(default, skip_serializing_if = "core::ops::Not::not")]
        redrawn: bool,
        order: Vec<usize>,
        turn: usize,
        deadline: u64,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        paused_at: Option<u64>,
    },
    Handover {
        round: u8,
        rounds: u32,
        players: Vec<String>,
        talk_seconds: u32,
        scores: Vec<u32>,
        topic: String,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        used_topics: Vec<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        last_closer: Option<usize>,
        #[serde(default, skip_serializing_if = "core::ops::Not::not")]
        redrawn: bool,
        order: Vec<usize>,
        next_turn: usize,
        votes: Vec<usize>,
    },
    Vote {
        round: u8,
        rounds: u32,
        players: Vec<String>,
        talk_seconds: u32,
        scores: Vec<u32>,
        topic: String,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        used_topics: Vec<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        last_closer: Option<usize>,
        #[serde(default, skip_serializing_if = "core::ops::Not::not")]
        redrawn: bool,
        order: Vec<usize>,
        turn: usize,
        votes: Vec<usize>,
        selected: Option<usize>,
    },
    RoundResult {
        round: u8,
        rounds: u32,
        players: Vec<String>,
        talk_seconds: u32,
        scores: Vec<u32>,
        topic: String,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        used_topics: Vec<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        last_closer: Option<usize>,
        #[serde(default, skip_serializing_if = "core::ops::Not::not")]
        redrawn: bool,
        round_votes: Vec<u32>,
    },
    FinalResult {
        rounds: u8,
        players: Vec<String>,
        scores: Vec<u32>,
    },
}

/// The round's fields as a phase writes them, before they are checked.
struct RoundFields {
    index: u8,
    rounds: u32,
    players: Vec<String>,
    talk_seconds: u32,
    scores: Vec<u32>,
    topic: String,
    used_topics: Vec<String>,
    last_closer: Option<usize>,
    redrawn: bool,
}

impl RoundFields {
    fn into_round(self) -> Result<Round, StateError> {
        Ok(Round {
            table: Table::from_parts(self.players, self.rounds, self.talk_seconds)?,
            index: self.index,
            scores: self.scores,
            topic: self.topic,
            used_topics: self.used_topics,
            last_closer: self.last_closer,
            redrawn: self.redrawn,
        })
    }
}

impl TryFrom<WireState> for RelayState {
    type Error = StateError;

    fn try_from(wire: WireState) -> Result<RelayState, StateError> {
        // The round's fields, gathered from whichever phase carries them; `$make` builds the phase around the
        // checked round.
        macro_rules! phases {
            (
                $wire:expr;
                $($plain:pat => $plain_state:expr,)*;
                $($variant:ident { $($field:ident),* } => $make:expr,)*
            ) => {
                match $wire {
                    $($plain => $plain_state,)*
                    $(WireState::$variant {
                        round: index,
                        rounds,
                        players,
                        talk_seconds,
                        scores,
                        topic,
                        used_topics,
                        last_closer,
                        redrawn,
                        $($field),*
                    } => {
                        let fields = RoundFields {
                            index, rounds, players, talk_seconds, scores, topic, used_topics, last_closer, redrawn,
                        };
                        ($make)(fields.into_round()?)
                    })*
                }
            };
        }
        let state = phases!(wire;
            WireState::Setup {} => RelayState::Setup,
            WireState::FinalResult { rounds, players, scores } => {
                RelayState::FinalResult(FinalResult { rounds, players, scores })
            },
            ;
            TopicReveal {} => RelayState::TopicReveal,
            Talk { order, turn, deadline, paused_at } => {
                |round| RelayState::Talk(Talk { round, order, turn, deadline_ms: deadline, paused_at_ms: paused_at })
            },
            Handover { order, next_turn, votes } => {
                |round| RelayState::Handover(Handover { round, order, next_turn, votes })
            },
            Vote { order, turn, votes, selected } => {
                |round| RelayState::Vote(Vote { round, order, turn, votes, selected })
            },
            RoundResult { round_votes } => |round| RelayState::RoundResult(RoundResult { round, round_votes }),
        );
        state.validate()?;
        Ok(state)
    }
}

impl From<RelayState> for WireState {
    fn from(state: RelayState) -> WireState {
        // The round's fields, spread into whichever phase carries them.
        macro_rules! with_round {
            ($variant:ident, $round:expr, { $($field:ident: $value:expr),* $(,)? }) => {{
                let Round { table, index, scores, topic, used_topics, last_closer, redrawn } = $round;
                WireState::$variant {
                    round: index,
                    rounds: u32::from(table.rounds()),
                    talk_seconds: u32::from(table.talk_seconds()),
                    players: table.into_players(),
                    scores,
                    topic,
                    used_topics,
                    last_closer,
                    redrawn,
                    $($field: $value),*
                }
            }};
        }
        match state {
            RelayState::Setup => WireState::Setup {},
            RelayState::TopicReveal(round) => with_round!(TopicReveal, round, {}),
            RelayState::Talk(talk) => with_round!(Talk, talk.round, {
                order: talk.order,
                turn: talk.turn,
                deadline: talk.deadline_ms,
                paused_at: talk.paused_at_ms,
            }),
            RelayState::Handover(handover) => with_round!(Handover, handover.round, {
                order: handover.order,
                next_turn: handover.next_turn,
                votes: handover.votes,
            }),
            RelayState::Vote(vote) => with_round!(Vote, vote.round, {
                order: vote.order,
                turn: vote.turn,
                votes: vote.votes,
                selected: vote.selected,
            }),
            RelayState::RoundResult(result) => with_round!(RoundResult, result.round, {
                round_votes: result.round_votes,
            }),
            RelayState::FinalResult(result) => WireState::FinalResult {
                rounds: result.rounds,
                players: result.players,
                scores: result.scores,
            },
        }
    }
}

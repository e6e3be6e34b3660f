//! Saving and restoring a game: a versioned JSON envelope, and a restore that checks everything.
//!
//! ```text
//! {"version":1,"state":{"phase":"talk","round":0,"rounds":3,"players":["Aki","Ben","Cho"],
//!  "talkSeconds":60,"scores":[0,0,0],"topic":"…","order":[2,0,1],"turn":1,"deadline":1754000000000}}
//! ```
//!
//! | phase       | fields besides `phase`                                                           |
//! |-------------|----------------------------------------------------------------------------------|
//! | setup       | none                                                                             |
//! | topicReveal | `round`, `rounds`, `players`, `talkSeconds`, `scores`, `topic`                   |
//! | talk        | as topicReveal, and `order`, `turn`, `deadline`, and `pausedAt` while paused     |
//! | handover    | as topicReveal, and `order`, `nextTurn`, `votes`                                 |
//! | vote        | as topicReveal, and `order`, `turn`, `votes`, `selected` (a seat or `null`)      |
//! | roundResult | as topicReveal, and `roundVotes`                                                 |
//! | finalResult | `rounds`, `players`, `scores`                                                    |
//!
//! Every phase with a round may also carry what the rules remember of the rounds before: `usedTopics` (the
//! earlier rounds' topics, which the next topic may not repeat) and `lastCloser` (the seat that closed the
//! latest talk, which may not close the next), and `redrawn: true` once the round's topic was drawn again (a
//! round allows one redraw; the topic set aside joins `usedTopics`). Each is left out while empty or false, so a
//! save without them (written before they existed, or in the first round) still reads, with nothing remembered.
//! A paused talk's `deadline` is where it stood at the pause (`pausedAt`): the time left is their difference.
//!
//! The engine only turns states into text and back; where the text is kept (the page's session storage, a
//! file) is the UI's business.

use core::fmt;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::state::RelayState;
use super::validate::StateError;
use super::wire::WireState;

/// The version written into every envelope, and the only one [`restore`] reads.
pub const SAVE_VERSION: u64 = 1;

/// Why saved text does not restore to a game.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum RestoreError {
    /// The text is not JSON (or nests deeper than any save does); reading stopped at this byte offset.
    Syntax {
        /// The byte offset.
        offset: usize,
    },
    /// The envelope has no version, or one other than [`SAVE_VERSION`].
    Version {
        /// The version found, if it was a number.
        found: Option<u64>,
    },
    /// JSON, but not the shape of a save: a field missing, unknown, of the wrong type or out of range, or a
    /// phase the game does not have.
    Shape {
        /// Where, as a path from the envelope (`state`, `state.selected`), as far as it is known.
        path: String,
        /// What is wrong, naming the field or the value found.
        problem: String,
    },
    /// The state is well formed but not one a game can be in.
    Invalid(StateError),
}

impl fmt::Display for RestoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RestoreError::Syntax { offset } => write!(f, "not JSON: stopped at byte {offset}"),
            RestoreError::Version { found: Some(v) } => {
                write!(f, "save version {v}, only {SAVE_VERSION} is read")
            }
            RestoreError::Version { found: None } => f.write_str("the save has no version"),
            RestoreError::Shape { path, problem } => write!(f, "at `{path}`: {problem}"),
            RestoreError::Invalid(error) => write!(f, "invalid state: {error}"),
        }
    }
}

impl std::error::Error for RestoreError {}

impl From<StateError> for RestoreError {
    fn from(error: StateError) -> RestoreError {
        RestoreError::Invalid(error)
    }
}

/// A saved game as it is written, the version first, then the state: what [`save`] prints, and what a caller
/// puts into a larger JSON document (the web API) so that the save travels as an object, not as text in text.
#[derive(Clone, Debug, Serialize)]
pub struct SaveEnvelope {
    version: u64,
    state: RelayState,
}

impl SaveEnvelope {
    /// The envelope of `state`, at [`SAVE_VERSION`].
    pub const fn new(state: RelayState) -> SaveEnvelope {
        SaveEnvelope {
            version: SAVE_VERSION,
            state,
        }
    }
}

/// The envelope as it is read: the version is checked on its own first, so that a save from another version
/// says so rather than failing on some field that version spells differently.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ReadEnvelope {
    #[serde(rename = "version")]
    _version: Value,
    state: WireState,
}

/// The state as a versioned envelope, `{"version":1,"state":{…}}`, compact, keys in the documented order.
///
/// ```
/// use marubatsu_engine::relay::{restore, save, RelayState};
///
/// assert_eq!(save(&RelayState::Setup), r#"{"version":1,"state":{"phase":"setup"}}"#);
/// assert_eq!(restore(&save(&RelayState::Setup)), Ok(RelayState::Setup));
/// ```
pub fn save(state: &RelayState) -> String {
    // Plain structs of numbers, strings and lists always serialise.
    serde_json::to_string(&SaveEnvelope::new(state.clone())).unwrap_or_default()
}

/// The game saved in `text`, checked field by field and then as a whole ([`RelayState::validate`]); anything
/// broken is an error, so only a state a game can be in comes back. `restore(&save(s)) == Ok(s)` for every
/// state `s` the engine makes.
///
/// ```
/// use marubatsu_engine::relay::{restore, RestoreError, SetupError, StateError};
///
/// let two_players = r#"{"version":1,"state":{"phase":"topicReveal","round":0,"rounds":1,
///     "players":["Aki","Ben"],"talkSeconds":60,"scores":[0,0],"topic":"Tea"}}"#;
/// assert_eq!(
///     restore(two_players),
///     Err(RestoreError::Invalid(StateError::Table(SetupError::TooFewPlayers { found: 2 }))),
/// );
/// assert_eq!(restore(r#"{"version":2,"state":{"phase":"setup"}}"#),
///     Err(RestoreError::Version { found: Some(2) }));
/// assert!(matches!(restore("{\"version\":1,"), Err(RestoreError::Syntax { .. })));
/// ```
pub fn restore(text: &str) -> Result<RelayState, RestoreError> {
    let value: Value = serde_json::from_str(text).map_err(|error| RestoreError::Syntax {
        offset: byte_offset(text, error.line(), error.column()),
    })?;
    restore_value(value)
}

/// [`restore`] from an envelope already read as JSON.
pub fn restore_value(envelope: Value) -> Result<RelayState, RestoreError> {
    match envelope.get("version") {
        Some(Value::Number(n)) if n.as_u64() == Some(SAVE_VERSION) => {}
        Some(Value::Number(n)) if n.as_u64().is_some() => {
            return Err(RestoreError::Version { found: n.as_u64() });
        }
        _ if !envelope.is_object() => {
            return Err(RestoreError::Shape {
                path: String::from("."),
                problem: String::from("the save is not a JSON object"),
            });
        }
        _ => return Err(RestoreError::Version { found: None }),
    }
    let envelope: ReadEnvelope = serde_path_to_error::deserialize(envelope).map_err(|error| RestoreError::Shape {
        path: error.path().to_string(),
        problem: error.into_inner().to_string(),
    })?;
    Ok(RelayState::try_from(envelope.state)?)
}

/// The byte offset of serde_json's 1-based line and column (a column counts bytes).
fn byte_offset(text: &str, line: usize, column: usize) -> usize {
    let line_start: usize = text
        .split_inclusive('\n')
        .take(line.saturating_sub(1))
        .map(str::len)
        .sum();
    (line_start + column).saturating_sub(1).min(text.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::names::NameError;
    use crate::relay::state::MAX_TIME_MS;
    use crate::relay::table::SetupError;

    /// A valid vote: 4 players, round 2 of 3, the third voter (Cho, seat 2) has picked Dan.
    const VOTE: &str = r#"{"version":1,"state":{"phase":"vote","round":1,"rounds":3,"players":["Aki","Ben","Cho","Dan"],"talkSeconds":45,"scores":[1,2,1,0],"topic":"Why pigeons bob their heads","order":[3,0,2,1],"turn":2,"votes":[0,1],"selected":3}}"#;

    /// In an expected [`RestoreError::Shape`]: any path will do (serde does not track one inside a tagged
    /// state), as long as the problem says what it should.
    const ANY_PATH: &str = "*";

    fn with(from: &str, to: &str) -> String {
        assert!(VOTE.contains(from), "{from}");
        VOTE.replacen(from, to, 1)
    }

    #[test]
    fn the_saved_text_is_the_documented_envelope() {
        let Ok(state) = restore(VOTE) else {
            panic!("{:?}", restore(VOTE))
        };
        let RelayState::Vote(vote) = &state else {
            panic!("{state:?}")
        };
        assert_eq!((vote.voter(), vote.selected(), vote.votes()), (2, Some(3), &[0, 1][..]));
        assert_eq!(save(&state), VOTE);
        // Other writers' spacing and key order restore to the same state.
        let spaced = VOTE.replace(',', " ,\n ").replace(r#""version":1 ,"#, "");
        let spaced = format!("{} , \"version\" : 1 }}\r\n", &spaced[..spaced.len() - 1]);
        assert!(spaced.starts_with("{\n \"state\""), "{spaced}");
        assert_eq!(restore(&spaced), Ok(state));
    }

    #[test]
    fn anything_broken_restores_to_nothing() {
        use RestoreError::*;
        // What serde says of a field that is missing, unknown, or of the wrong type or size: the field, the value
        // found or the type expected is named in the problem. (How serde_json names a number depends on its
        // features, which other crates of a workspace may switch on, so numbers are matched by the type expected.)
        let shape_at = |path: &str, problem: &str| Shape {
            path: path.into(),
            problem: problem.into(),
        };
        let shape = |problem: &str| shape_at(ANY_PATH, problem);
        let cases: Vec<(String, RestoreError)> = vec![
            (with(r#""version":1"#, r#""version":2"#), Version { found: Some(2) }),
            (with(r#""version":1"#, r#""version":"1""#), Version { found: None }),
            (with(r#""version":1,"#, ""), Version { found: None }),
            (
                with(r#"{"version":1,"#, r#"{"version":1,"extra":0,"#),
                shape("unknown field `extra`"),
            ),
            (r#"{"version":1}"#.into(), shape("missing field `state`")),
            (
                r#"{"version":1,"state":[]}"#.into(),
                shape_at("state", "missing field `phase`"),
            ),
            (r#"[1]"#.into(), shape_at(".", "not a JSON object")),
            (
                with(r#""phase":"vote""#, r#""phase":"voting""#),
                shape("unknown variant `voting`"),
            ),
            (
                with(r#""phase":"vote""#, r#""phase":1"#),
                shape("expected variant identifier"),
            ),
            (with(r#","turn":2"#, ""), shape("missing field `turn`")),
            (
                with(r#""selected":3"#, r#""selected":3,"deadline":5"#),
                shape("unknown field `deadline`"),
            ),
            (
                with(r#""selected":3"#, r#""selected":"Dan""#),
                shape("invalid type: string \"Dan\""),
            ),
            (with(r#""round":1"#, r#""round":256"#), shape("expected u8")),
            (
                with(r#""scores":[1,2,1,0]"#, r#""scores":[1,2,1,4294967296]"#),
                shape("expected u32"),
            ),
            (
                with(r#""votes":[0,1]"#, r#""votes":[0,"1"]"#),
                shape("invalid type: string \"1\""),
            ),
            (
                with(
                    r#""players":["Aki","Ben","Cho","Dan"]"#,
                    r#""players":["Aki",2,"Cho","Dan"]"#,
                ),
                shape("expected a string"),
            ),
            // A valid shape, but not a game.
            (
                with(r#""players":["Aki","Ben","Cho","Dan"]"#, r#""players":["Aki","Ben"]"#),
                Invalid(StateError::Table(SetupError::TooFewPlayers { found: 2 })),
            ),
            (
                with(
                    r#""players":["Aki","Ben","Cho","Dan"]"#,
                    r#""players":["Aki","Ben","Aki","Dan"]"#,
                ),
                Invalid(StateError::Table(SetupError::Name(NameError::Repeated {
                    seat: 2,
                    first: 0,
                    name: "Aki".into(),
                    other: "Aki".into(),
                }))),
            ),
            (
                with(
                    r#""players":["Aki","Ben","Cho","Dan"]"#,
                    r#""players":["Aki","Ben","Cho ","Dan"]"#,
                ),
                Invalid(StateError::Table(SetupError::UntrimmedName { seat: 2 })),
            ),
            (
                with(r#""rounds":3"#, r#""rounds":11"#),
                Invalid(StateError::Table(SetupError::Rounds { found: 11 })),
            ),
            (
                with(r#""talkSeconds":45"#, r#""talkSeconds":5"#),
                Invalid(StateError::Table(SetupError::TalkSeconds { found: 5 })),
            ),
            (
                with(r#""round":1"#, r#""round":3"#),
                Invalid(StateError::RoundIndex { index: 3, rounds: 3 }),
            ),
            (
                with(r#""scores":[1,2,1,0]"#, r#""scores":[1,2,1,1]"#),
                Invalid(StateError::Scores),
            ),
            (
                with(r#""scores":[1,2,1,0]"#, r#""scores":[0,4,0,0]"#),
                Invalid(StateError::Scores),
            ),
            (
                with(r#""scores":[1,2,1,0]"#, r#""scores":[1,2,1]"#),
                Invalid(StateError::Scores),
            ),
            (with(r#""topic":"Why"#, r#""topic":" Why"#), Invalid(StateError::Topic)),
            (
                with(r#""order":[3,0,2,1]"#, r#""order":[3,0,2,2]"#),
                Invalid(StateError::Order),
            ),
            (
                with(r#""order":[3,0,2,1]"#, r#""order":[3,0,2]"#),
                Invalid(StateError::Order),
            ),
            (
                with(r#""turn":2"#, r#""turn":4"#),
                Invalid(StateError::Turn { turn: 4, players: 4 }),
            ),
            (with(r#""votes":[0,1]"#, r#""votes":[0]"#), Invalid(StateError::Votes)),
            (with(r#""votes":[0,1]"#, r#""votes":[0,4]"#), Invalid(StateError::Votes)),
            // Dan (seat 3) spoke first, so the first vote is Dan's: a vote for seat 3 is a self-vote.
            (
                with(r#""votes":[0,1]"#, r#""votes":[3,1]"#),
                Invalid(StateError::SelfVote { turn: 0 }),
            ),
            (
                with(r#""selected":3"#, r#""selected":2"#),
                Invalid(StateError::Selected),
            ),
            (
                with(r#""selected":3"#, r#""selected":9"#),
                Invalid(StateError::Selected),
            ),
        ];
        for (text, expected) in cases {
            let found = restore(&text);
            match (&found, &expected) {
                (
                    Err(Shape { path, problem }),
                    Shape {
                        path: want,
                        problem: says,
                    },
                ) => assert!(
                    (want == ANY_PATH || path == want) && problem.contains(says.as_str()),
                    "{text}: {found:?}, expected {expected:?}"
                ),
                _ => assert_eq!(found, Err(expected), "{text}"),
            }
        }
        assert!(restore(&with(r#""selected":3"#, r#""selected":null"#)).is_ok());
    }

    #[test]
    fn talk_handover_round_result_and_final_result_are_checked_too() {
        use RestoreError::Invalid;
        let base = r#""round":0,"rounds":2,"players":["A","B","C"],"talkSeconds":10,"#;
        let talk = |order: &str, turn: u64, deadline: u64| {
            format!(
                r#"{{"version":1,"state":{{"phase":"talk",{base}"scores":[0,0,0],"topic":"T","order":{order},"turn":{turn},"deadline":{deadline}}}}}"#
            )
        };
        assert!(restore(&talk("[2,0,1]", 2, 10_000)).is_ok());
        assert_eq!(
            restore(&talk("[2,0,1]", 3, 10_000)),
            Err(Invalid(StateError::Turn { turn: 3, players: 3 }))
        );
        assert_eq!(restore(&talk("[2,0,0]", 0, 10_000)), Err(Invalid(StateError::Order)));
        assert_eq!(
            restore(&talk("[2,0,1]", 0, 9_999)),
            Err(Invalid(StateError::Deadline { deadline_ms: 9_999 }))
        );
        assert_eq!(
            restore(&talk("[2,0,1]", 0, MAX_TIME_MS + 1)),
            Err(Invalid(StateError::Deadline {
                deadline_ms: MAX_TIME_MS + 1
            }))
        );

        let handover = |next: u64, votes: &str| {
            format!(
                r#"{{"version":1,"state":{{"phase":"handover",{base}"scores":[0,0,0],"topic":"T","order":[0,1,2],"nextTurn":{next},"votes":{votes}}}}}"#
            )
        };
        assert!(restore(&handover(2, "[1,0]")).is_ok());
        assert_eq!(
            restore(&handover(2, "[0,0]")),
            Err(Invalid(StateError::SelfVote { turn: 0 }))
        );
        assert_eq!(restore(&handover(1, "[1,0]")), Err(Invalid(StateError::Votes)));
        assert_eq!(
            restore(&handover(3, "[1,0,0]")),
            Err(Invalid(StateError::Turn { turn: 3, players: 3 }))
        );

        let result = |round: u64, scores: &str, votes: &str| {
            format!(
                r#"{{"version":1,"state":{{"phase":"roundResult","round":{round},"rounds":2,"players":["A","B","C"],"talkSeconds":10,"scores":{scores},"topic":"T","roundVotes":{votes}}}}}"#
            )
        };
        assert!(restore(&result(0, "[2,1,0]", "[2,1,0]")).is_ok());
        assert!(restore(&result(1, "[2,2,2]", "[0,1,2]")).is_ok());
        assert_eq!(
            restore(&result(0, "[2,1,0]", "[1,2,0]")),
            Err(Invalid(StateError::RoundVotes))
        );
        assert_eq!(
            restore(&result(0, "[3,0,0]", "[3,0,0]")),
            Err(Invalid(StateError::Scores))
        );
        // Four votes for A over two rounds is possible, but not if only one of them came in the second.
        assert_eq!(
            restore(&result(1, "[4,2,0]", "[1,2,0]")),
            Err(Invalid(StateError::RoundVotes))
        );
        assert_eq!(
            restore(&result(0, "[2,1,0]", "[2,1]")),
            Err(Invalid(StateError::RoundVotes))
        );

        let last = |rounds: u64, players: &str, scores: &str| {
            format!(
                r#"{{"version":1,"state":{{"phase":"finalResult","rounds":{rounds},"players":{players},"scores":{scores}}}}}"#
            )
        };
        assert!(restore(&last(2, r#"["A","B","C"]"#, "[4,2,0]")).is_ok());
        assert_eq!(
            restore(&last(2, r#"["A","B","C"]"#, "[4,1,0]")),
            Err(Invalid(StateError::Scores))
        );
        assert_eq!(
            restore(&last(0, r#"["A","B","C"]"#, "[]")),
            Err(Invalid(StateError::Table(SetupError::Rounds { found: 0 })))
        );
        assert_eq!(
            restore(&last(1, r#"["A","B"]"#, "[1,1]")),
            Err(Invalid(StateError::Table(SetupError::TooFewPlayers { found: 2 })))
        );
        assert_eq!(
            restore(r#"{"version":1,"state":{"phase":"setup","round":0}}"#).map_err(|e| e.to_string()),
            Err("at `state`: unknown field `round`, there are no fields".to_string())
        );
    }

    #[test]
    fn every_cut_of_a_save_is_refused() {
        for end in 0..VOTE.len() {
            if VOTE.is_char_boundary(end) {
                assert!(restore(&VOTE[..end]).is_err(), "{}", &VOTE[..end]);
            }
        }
    }

    #[test]
    fn messages() {
        assert_eq!(
            RestoreError::Version { found: Some(7) }.to_string(),
            "save version 7, only 1 is read"
        );
        assert_eq!(
            RestoreError::Invalid(StateError::SelfVote { turn: 1 }).to_string(),
            "invalid state: the voter of turn 1 voted for themselves"
        );
        assert_eq!(
            RestoreError::Syntax { offset: 3 }.to_string(),
            "not JSON: stopped at byte 3"
        );
    }
}

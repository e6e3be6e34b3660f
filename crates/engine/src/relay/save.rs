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
//! | talk        | as topicReveal, and `order`, `turn`, `deadline`                                  |
//! | handover    | as topicReveal, and `order`, `nextTurn`, `votes`                                 |
//! | vote        | as topicReveal, and `order`, `turn`, `votes`, `selected` (a seat or `null`)      |
//! | roundResult | as topicReveal, and `roundVotes`                                                 |
//! | finalResult | `rounds`, `players`, `scores`                                                    |
//!
//! The engine only turns states into text and back; where the text is kept (the page's session storage, a
//! file) is the UI's business.

use core::fmt;

use super::json::{Json, parse};
use super::state::{FinalResult, Handover, Phase, RelayState, Round, RoundResult, Talk, Vote};
use super::table::Table;
use super::validate::StateError;

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
    /// A field the envelope or the phase needs is missing.
    MissingField {
        /// The field.
        name: &'static str,
    },
    /// A field has the wrong JSON type.
    WrongType {
        /// The field.
        name: &'static str,
    },
    /// A number is too large for its field.
    OutOfRange {
        /// The field.
        name: &'static str,
    },
    /// A field that the envelope or the phase does not have.
    UnknownField {
        /// The field.
        name: String,
    },
    /// A phase the game does not have.
    UnknownPhase {
        /// The phase named.
        name: String,
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
            RestoreError::MissingField { name } => write!(f, "field `{name}` is missing"),
            RestoreError::WrongType { name } => write!(f, "field `{name}` has the wrong type"),
            RestoreError::OutOfRange { name } => write!(f, "field `{name}` is out of range"),
            RestoreError::UnknownField { name } => write!(f, "unexpected field `{name}`"),
            RestoreError::UnknownPhase { name } => write!(f, "unknown phase `{name}`"),
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

/// The state as a versioned envelope, `{"version":1,"state":{…}}`, compact, keys in the documented order.
///
/// ```
/// use marubatsu_engine::relay::{restore, save, RelayState};
///
/// assert_eq!(save(&RelayState::Setup), r#"{"version":1,"state":{"phase":"setup"}}"#);
/// assert_eq!(restore(&save(&RelayState::Setup)), Ok(RelayState::Setup));
/// ```
pub fn save(state: &RelayState) -> String {
    Json::Object(vec![
        ("version".to_owned(), Json::Number(SAVE_VERSION)),
        ("state".to_owned(), state_json(state)),
    ])
    .to_text()
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
    let envelope = parse(text).map_err(|offset| RestoreError::Syntax { offset })?;
    let mut envelope = Fields::of(envelope, "envelope")?;
    let version = envelope.take("version");
    match version {
        Ok(Json::Number(v)) if v == SAVE_VERSION => {}
        Ok(Json::Number(v)) => return Err(RestoreError::Version { found: Some(v) }),
        _ => return Err(RestoreError::Version { found: None }),
    }
    let state = envelope.take("state")?;
    envelope.finish()?;
    let state = state_from(Fields::of(state, "state")?)?;
    state.validate()?;
    Ok(state)
}

fn number(n: impl Into<u64>) -> Json {
    Json::Number(n.into())
}

fn seat(seat: usize) -> Json {
    // A seat is below 12.
    Json::Number(u64::try_from(seat).unwrap_or(u64::MAX))
}

fn seats(seats: &[usize]) -> Json {
    Json::Array(seats.iter().map(|&s| seat(s)).collect())
}

fn counts(counts: &[u32]) -> Json {
    Json::Array(counts.iter().map(|&c| number(c)).collect())
}

fn names(names: &[String]) -> Json {
    Json::Array(names.iter().map(|n| Json::String(n.clone())).collect())
}

fn field(name: &str, value: Json) -> (String, Json) {
    (name.to_owned(), value)
}

fn round_fields(phase: Phase, round: &Round) -> Vec<(String, Json)> {
    vec![
        field("phase", Json::String(phase.name().to_owned())),
        field("round", number(round.index)),
        field("rounds", number(round.rounds())),
        field("players", names(round.players())),
        field("talkSeconds", number(round.table.talk_seconds())),
        field("scores", counts(&round.scores)),
        field("topic", Json::String(round.topic.clone())),
    ]
}

fn state_json(state: &RelayState) -> Json {
    let phase = state.phase();
    let fields = match state {
        RelayState::Setup => vec![field("phase", Json::String(phase.name().to_owned()))],
        RelayState::TopicReveal(round) => round_fields(phase, round),
        RelayState::Talk(talk) => {
            let mut fields = round_fields(phase, &talk.round);
            fields.extend([
                field("order", seats(&talk.order)),
                field("turn", seat(talk.turn)),
                field("deadline", number(talk.deadline_ms)),
            ]);
            fields
        }
        RelayState::Handover(handover) => {
            let mut fields = round_fields(phase, &handover.round);
            fields.extend([
                field("order", seats(&handover.order)),
                field("nextTurn", seat(handover.next_turn)),
                field("votes", seats(&handover.votes)),
            ]);
            fields
        }
        RelayState::Vote(vote) => {
            let mut fields = round_fields(phase, &vote.round);
            fields.extend([
                field("order", seats(&vote.order)),
                field("turn", seat(vote.turn)),
                field("votes", seats(&vote.votes)),
                field("selected", vote.selected.map_or(Json::Null, seat)),
            ]);
            fields
        }
        RelayState::RoundResult(result) => {
            let mut fields = round_fields(phase, &result.round);
            fields.push(field("roundVotes", counts(&result.round_votes)));
            fields
        }
        RelayState::FinalResult(result) => vec![
            field("phase", Json::String(phase.name().to_owned())),
            field("rounds", number(result.rounds)),
            field("players", names(&result.players)),
            field("scores", counts(&result.scores)),
        ],
    };
    Json::Object(fields)
}

/// The fields of an object, taken one by one; whatever is left over at the end is an unknown field.
struct Fields {
    entries: Vec<(String, Option<Json>)>,
}

impl Fields {
    fn of(value: Json, name: &'static str) -> Result<Fields, RestoreError> {
        match value {
            Json::Object(entries) => Ok(Fields {
                entries: entries.into_iter().map(|(k, v)| (k, Some(v))).collect(),
            }),
            _ => Err(RestoreError::WrongType { name }),
        }
    }

    fn take(&mut self, name: &'static str) -> Result<Json, RestoreError> {
        self.entries
            .iter_mut()
            .find(|(key, _)| key == name)
            .and_then(|(_, value)| value.take())
            .ok_or(RestoreError::MissingField { name })
    }

    fn finish(self) -> Result<(), RestoreError> {
        match self.entries.into_iter().find(|(_, value)| value.is_some()) {
            Some((name, _)) => Err(RestoreError::UnknownField { name }),
            None => Ok(()),
        }
    }

    fn uint<T: TryFrom<u64>>(&mut self, name: &'static str) -> Result<T, RestoreError> {
        match self.take(name)? {
            Json::Number(n) => T::try_from(n).map_err(|_| RestoreError::OutOfRange { name }),
            _ => Err(RestoreError::WrongType { name }),
        }
    }

    fn string(&mut self, name: &'static str) -> Result<String, RestoreError> {
        match self.take(name)? {
            Json::String(s) => Ok(s),
            _ => Err(RestoreError::WrongType { name }),
        }
    }

    fn list<T>(
        &mut self,
        name: &'static str,
        item: impl Fn(Json) -> Result<T, RestoreError>,
    ) -> Result<Vec<T>, RestoreError> {
        match self.take(name)? {
            Json::Array(items) => items.into_iter().map(item).collect(),
            _ => Err(RestoreError::WrongType { name }),
        }
    }

    fn uints<T: TryFrom<u64>>(&mut self, name: &'static str) -> Result<Vec<T>, RestoreError> {
        self.list(name, |value| match value {
            Json::Number(n) => T::try_from(n).map_err(|_| RestoreError::OutOfRange { name }),
            _ => Err(RestoreError::WrongType { name }),
        })
    }

    fn strings(&mut self, name: &'static str) -> Result<Vec<String>, RestoreError> {
        self.list(name, |value| match value {
            Json::String(s) => Ok(s),
            _ => Err(RestoreError::WrongType { name }),
        })
    }

    fn optional_seat(&mut self, name: &'static str) -> Result<Option<usize>, RestoreError> {
        match self.take(name)? {
            Json::Null => Ok(None),
            Json::Number(n) => usize::try_from(n)
                .map(Some)
                .map_err(|_| RestoreError::OutOfRange { name }),
            _ => Err(RestoreError::WrongType { name }),
        }
    }

    fn round(&mut self) -> Result<Round, RestoreError> {
        let index = self.uint("round")?;
        let rounds = self.uint("rounds")?;
        let players = self.strings("players")?;
        let talk_seconds = self.uint("talkSeconds")?;
        let scores = self.uints("scores")?;
        let topic = self.string("topic")?;
        let table = Table::from_parts(players, rounds, talk_seconds).map_err(StateError::from)?;
        Ok(Round {
            table,
            index,
            scores,
            topic,
        })
    }
}

fn state_from(mut fields: Fields) -> Result<RelayState, RestoreError> {
    let name = fields.string("phase")?;
    let phase = Phase::from_name(&name).ok_or(RestoreError::UnknownPhase { name })?;
    let state = match phase {
        Phase::Setup => RelayState::Setup,
        Phase::TopicReveal => RelayState::TopicReveal(fields.round()?),
        Phase::Talk => RelayState::Talk(Talk {
            round: fields.round()?,
            order: fields.uints("order")?,
            turn: fields.uint("turn")?,
            deadline_ms: fields.uint("deadline")?,
        }),
        Phase::Handover => RelayState::Handover(Handover {
            round: fields.round()?,
            order: fields.uints("order")?,
            next_turn: fields.uint("nextTurn")?,
            votes: fields.uints("votes")?,
        }),
        Phase::Vote => RelayState::Vote(Vote {
            round: fields.round()?,
            order: fields.uints("order")?,
            turn: fields.uint("turn")?,
            votes: fields.uints("votes")?,
            selected: fields.optional_seat("selected")?,
        }),
        Phase::RoundResult => RelayState::RoundResult(RoundResult {
            round: fields.round()?,
            round_votes: fields.uints("roundVotes")?,
        }),
        Phase::FinalResult => RelayState::FinalResult(FinalResult {
            rounds: fields.uint("rounds")?,
            players: fields.strings("players")?,
            scores: fields.uints("scores")?,
        }),
    };
    fields.finish()?;
    Ok(state)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::relay::state::MAX_TIME_MS;
    use crate::relay::table::SetupError;

    /// A valid vote: 4 players, round 2 of 3, the third voter (Cho, seat 2) has picked Dan.
    const VOTE: &str = r#"{"version":1,"state":{"phase":"vote","round":1,"rounds":3,"players":["Aki","Ben","Cho","Dan"],"talkSeconds":45,"scores":[1,2,1,0],"topic":"Why pigeons bob their heads","order":[3,0,2,1],"turn":2,"votes":[0,1],"selected":3}}"#;

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
        assert_eq!(
            (vote.voter(), vote.selected(), vote.votes()),
            (2, Some(3), &[0, 1][..])
        );
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
        let cases: Vec<(String, RestoreError)> = vec![
            (
                with(r#""version":1"#, r#""version":2"#),
                Version { found: Some(2) },
            ),
            (
                with(r#""version":1"#, r#""version":"1""#),
                Version { found: None },
            ),
            (with(r#""version":1,"#, ""), Version { found: None }),
            (
                with(r#"{"version":1,"#, r#"{"version":1,"extra":0,"#),
                UnknownField {
                    name: "extra".into(),
                },
            ),
            (r#"{"version":1}"#.into(), MissingField { name: "state" }),
            (
                r#"{"version":1,"state":[]}"#.into(),
                WrongType { name: "state" },
            ),
            (r#"[1]"#.into(), WrongType { name: "envelope" }),
            (
                with(r#""phase":"vote""#, r#""phase":"voting""#),
                UnknownPhase {
                    name: "voting".into(),
                },
            ),
            (
                with(r#""phase":"vote""#, r#""phase":1"#),
                WrongType { name: "phase" },
            ),
            (with(r#","turn":2"#, ""), MissingField { name: "turn" }),
            (
                with(r#""selected":3"#, r#""selected":3,"deadline":5"#),
                UnknownField {
                    name: "deadline".into(),
                },
            ),
            (
                with(r#""selected":3"#, r#""selected":"Dan""#),
                WrongType { name: "selected" },
            ),
            (
                with(r#""round":1"#, r#""round":256"#),
                OutOfRange { name: "round" },
            ),
            (
                with(r#""scores":[1,2,1,0]"#, r#""scores":[1,2,1,4294967296]"#),
                OutOfRange { name: "scores" },
            ),
            (
                with(r#""votes":[0,1]"#, r#""votes":[0,"1"]"#),
                WrongType { name: "votes" },
            ),
            (
                with(
                    r#""players":["Aki","Ben","Cho","Dan"]"#,
                    r#""players":["Aki",2,"Cho","Dan"]"#,
                ),
                WrongType { name: "players" },
            ),
            // A valid shape, but not a game.
            (
                with(
                    r#""players":["Aki","Ben","Cho","Dan"]"#,
                    r#""players":["Aki","Ben"]"#,
                ),
                Invalid(StateError::Table(SetupError::TooFewPlayers { found: 2 })),
            ),
            (
                with(
                    r#""players":["Aki","Ben","Cho","Dan"]"#,
                    r#""players":["Aki","Ben","Aki","Dan"]"#,
                ),
                Invalid(StateError::Table(SetupError::RepeatedName {
                    seat: 2,
                    first: 0,
                })),
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
                Invalid(StateError::RoundIndex {
                    index: 3,
                    rounds: 3,
                }),
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
            (
                with(r#""topic":"Why"#, r#""topic":" Why"#),
                Invalid(StateError::Topic),
            ),
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
                Invalid(StateError::Turn {
                    turn: 4,
                    players: 4,
                }),
            ),
            (
                with(r#""votes":[0,1]"#, r#""votes":[0]"#),
                Invalid(StateError::Votes),
            ),
            (
                with(r#""votes":[0,1]"#, r#""votes":[0,4]"#),
                Invalid(StateError::Votes),
            ),
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
        for (text, error) in cases {
            assert_eq!(restore(&text), Err(error), "{text}");
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
            Err(Invalid(StateError::Turn {
                turn: 3,
                players: 3
            }))
        );
        assert_eq!(
            restore(&talk("[2,0,0]", 0, 10_000)),
            Err(Invalid(StateError::Order))
        );
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
        assert_eq!(
            restore(&handover(1, "[1,0]")),
            Err(Invalid(StateError::Votes))
        );
        assert_eq!(
            restore(&handover(3, "[1,0,0]")),
            Err(Invalid(StateError::Turn {
                turn: 3,
                players: 3
            }))
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
            Err(Invalid(StateError::Table(SetupError::TooFewPlayers {
                found: 2
            })))
        );
        assert_eq!(
            restore(r#"{"version":1,"state":{"phase":"setup","round":0}}"#),
            Err(RestoreError::UnknownField {
                name: "round".into()
            })
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

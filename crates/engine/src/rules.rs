//! One shape for every game's rules, in the manner of boardgame.io's single reducer: a state, an event, and a
//! transition that either accepts the event or gives the state back with the reason it was refused.
//!
//! It is the only public way to step a game: every caller — a page's replay, a simulation, a test, the fuzzer —
//! goes through [`Rules::transition`] (or [`Rules::step`], in place), so a game is reproducible from its log and
//! a refused event can never half-apply.

/// Why an event was refused, as a value a caller can branch on and a stable code for the wire.
pub trait Refusal: core::fmt::Debug {
    /// A stable `snake_case` name of the reason (`cell_taken`, `not_now`, …): what pages and API clients
    /// match on, and the key the words for each audience are looked up by. It never changes once shipped.
    fn code(&self) -> &'static str;
}

/// A game's rules: what a state is, what can happen to it, and why something may not.
///
/// ```
/// use marubatsu_engine::rules::{Refusal, Rules};
/// use marubatsu_engine::tictactoe::{Cell, Position, TicTacToe};
///
/// let corner = Cell::new(0).unwrap();
/// let position = TicTacToe::transition(Position::empty(), &corner).unwrap();
/// // The same cell again is refused: the position comes back unchanged, with the reason.
/// let (back, refusal) = TicTacToe::transition(position, &corner).unwrap_err();
/// assert_eq!(back, position);
/// assert_eq!(refusal.code(), "cell_taken");
/// ```
pub trait Rules {
    /// Everything the game remembers.
    type State: Clone;
    /// One thing that can happen: a move, a tap, a drawn value the caller injects.
    type Event;
    /// Why an event means nothing in a state.
    type Refusal: Refusal;
    /// What a game is set up from, as shakmaty's `Setup` is for a chess position: a table of players, a level
    /// and its scramble, or nothing for a game that starts the same way every time.
    type Setup;
    /// Why a setup starts no game.
    type SetupError: Refusal;

    /// The first state of the game `setup` describes, or why it describes none: the one way a game begins.
    fn setup(setup: &Self::Setup) -> Result<Self::State, Self::SetupError>;

    /// The setup `event` carries, for a game whose log begins (and may begin again) with one, as cross light's
    /// new puzzle does. `None` for the others, whose setup comes beside the log.
    fn setup_in(event: &Self::Event) -> Option<Self::Setup> {
        let _ = event;
        None
    }

    /// The state after `event`, or `state` itself, untouched, with the reason the event was refused.
    fn transition(state: Self::State, event: &Self::Event) -> Result<Self::State, (Self::State, Self::Refusal)>;

    /// Steps `state` in place: [`Rules::transition`] for a caller that keeps one state and changes it (a
    /// simulation, a search). On a refusal `state` is left as it was. The default copies the state once; a game
    /// whose own step checks in full before it changes anything overrides it without the copy.
    fn step(state: &mut Self::State, event: &Self::Event) -> Result<(), Self::Refusal> {
        match Self::transition(state.clone(), event) {
            Ok(next) => {
                *state = next;
                Ok(())
            }
            Err((_, refusal)) => Err(refusal),
        }
    }

    /// [`Rules::transition`] for a log that may begin before its game, as a page's does: an event that carries
    /// a setup ([`Rules::setup_in`]) starts the game afresh whatever came before (a setup that starts none
    /// leaves the state as it was); any other event needs a game, and before one it is refused as
    /// [`NotSetUp::NoGameYet`].
    #[expect(
        clippy::type_complexity,
        reason = "the state comes back beside the reason, as `transition` gives it"
    )]
    fn transition_or_setup(
        state: Option<Self::State>,
        event: &Self::Event,
    ) -> Result<Option<Self::State>, (Option<Self::State>, NotSetUp<Self::Refusal, Self::SetupError>)> {
        if let Some(setup) = Self::setup_in(event) {
            return Self::setup(&setup)
                .map(Some)
                .map_err(|error| (state, NotSetUp::Setup(error)));
        }
        match state {
            Some(state) => Self::transition(state, event)
                .map(Some)
                .map_err(|(back, refusal)| (Some(back), NotSetUp::Refused(refusal))),
            None => Err((None, NotSetUp::NoGameYet)),
        }
    }

    /// Folds `events` from `state` through [`Rules::transition`], skipping or stopping at a refused event as
    /// `on_refusal` says: a page's taps skip, a log that must replay whole stops.
    fn replay<'a, I>(state: Self::State, events: I, on_refusal: OnRefusal) -> Replayed<Self::State, Self::Refusal>
    where
        I: IntoIterator<Item = &'a Self::Event>,
        Self::Event: 'a,
    {
        fold(state, events, on_refusal, |state, event| Self::transition(state, event))
    }
}

/// Why [`Rules::transition_or_setup`] refused an event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotSetUp<R, E> {
    /// An event that needs a game came before any setup.
    NoGameYet,
    /// The event's setup starts no game.
    Setup(E),
    /// The game's rules refused the event.
    Refused(R),
}

impl<R: Refusal, E: Refusal> Refusal for NotSetUp<R, E> {
    fn code(&self) -> &'static str {
        match self {
            NotSetUp::NoGameYet => "no_game_yet",
            NotSetUp::Setup(error) => error.code(),
            NotSetUp::Refused(refusal) => refusal.code(),
        }
    }
}

/// A game that starts the same way every time cannot fail to.
impl Refusal for core::convert::Infallible {
    fn code(&self) -> &'static str {
        match *self {}
    }
}

/// What to do with a refused event in the middle of a log.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OnRefusal {
    /// Skip it and go on: a page's taps, where a tap that meant nothing stays in the log.
    Skip,
    /// Stop there: a log that must replay whole, cut at its first refused event.
    Stop,
}

/// What [`Rules::replay`] and [`fold`] end with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replayed<S, R> {
    /// The state after the log (up to the refused event, if the fold stopped).
    pub state: S,
    /// How many events were accepted.
    pub accepted: usize,
    /// The last refused event, with its position in the log: where the fold stopped, for [`OnRefusal::Stop`].
    pub refused: Option<(usize, R)>,
    /// Whether the last event folded was accepted (`false` for an empty log).
    pub last_accepted: bool,
}

/// Folds `events` from `state` through `step`: [`Rules::replay`]'s loop, for a caller whose step first reads or
/// checks what it was sent (a page's raw JSON, a cell number) and then calls the rules.
///
/// ```
/// use marubatsu_engine::rules::{fold, OnRefusal};
///
/// // Even numbers are added, odd ones refused.
/// let add_even = |sum: u32, n: u32| if n % 2 == 0 { Ok(sum + n) } else { Err((sum, "odd")) };
/// let skipped = fold(0, [2, 3, 4], OnRefusal::Skip, add_even);
/// assert_eq!((skipped.state, skipped.accepted, skipped.last_accepted), (6, 2, true));
/// assert_eq!(skipped.refused, Some((1, "odd")));
/// let stopped = fold(0, [2, 3, 4], OnRefusal::Stop, add_even);
/// assert_eq!((stopped.state, stopped.accepted, stopped.last_accepted), (2, 1, false));
/// assert_eq!(stopped.refused, Some((1, "odd")));
/// ```
pub fn fold<S, E, R>(
    state: S,
    events: impl IntoIterator<Item = E>,
    on_refusal: OnRefusal,
    mut step: impl FnMut(S, E) -> Result<S, (S, R)>,
) -> Replayed<S, R> {
    let mut folded = Replayed {
        state,
        accepted: 0,
        refused: None,
        last_accepted: false,
    };
    for (position, event) in events.into_iter().enumerate() {
        match step(folded.state, event) {
            Ok(next) => {
                folded.state = next;
                folded.accepted += 1;
                folded.last_accepted = true;
            }
            Err((back, refusal)) => {
                folded.state = back;
                folded.refused = Some((position, refusal));
                folded.last_accepted = false;
                if on_refusal == OnRefusal::Stop {
                    break;
                }
            }
        }
    }
    folded
}

/// Declares a game's rules type for a state whose `apply(&self, &Event) -> Result<State, Refusal>` already says
/// why it refuses: the transition is `apply`, with the state given back beside the reason. `setup:` names the
/// setup type, its error and the function that makes the first state; `setup_in:`, for a game whose events may
/// carry a setup, the function that finds it.
macro_rules! rules_by_apply {
    (
        $(#[$doc:meta])*
        $rules:ident: $state:ty, $event:ty, $refusal:ty,
        setup: $setup:ty, $setup_error:ty, $make:expr
        $(, setup_in: $setup_in:expr)?
    ) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
        pub struct $rules;

        impl $crate::rules::Rules for $rules {
            type State = $state;
            type Event = $event;
            type Refusal = $refusal;
            type Setup = $setup;
            type SetupError = $setup_error;

            fn setup(setup: &$setup) -> Result<$state, $setup_error> {
                $make(setup)
            }

            $(fn setup_in(event: &$event) -> Option<$setup> {
                $setup_in(event)
            })?

            fn transition(state: $state, event: &$event) -> Result<$state, ($state, $refusal)> {
                state.apply(event).map_err(|refusal| (state, refusal))
            }
        }
    };
}
pub(crate) use rules_by_apply;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lights::{Level, Lights, LightsEvent, LightsRefusal, ScrambleError};
    use crate::tictactoe::{Cell, MoveError, Position, TicTacToe};

    #[test]
    fn a_log_before_its_setup_is_refused_until_an_event_sets_the_game_up() {
        let press = LightsEvent::Press { cell: 0, at_ms: 5 };
        assert_eq!(
            Lights::transition_or_setup(None, &press),
            Err((None, NotSetUp::NoGameYet))
        );
        assert_eq!(
            NotSetUp::<LightsRefusal, ScrambleError>::NoGameYet.code(),
            "no_game_yet"
        );
        let puzzle = LightsEvent::NewPuzzle {
            level: Level::Easy,
            cells: vec![0, 1, 2, 3, 4, 5, 6],
            at_ms: 0,
        };
        let Ok(Some(game)) = Lights::transition_or_setup(None, &puzzle) else {
            panic!("a new puzzle sets the game up");
        };
        let Ok(Some(pressed)) = Lights::transition_or_setup(Some(game.clone()), &press) else {
            panic!("a press on the puzzle is played");
        };
        assert_eq!(pressed.moves(), 1);
        // A scramble that sets nothing up keeps the game there was; the reason is the setup's.
        let broken = LightsEvent::NewPuzzle {
            level: Level::Easy,
            cells: vec![0],
            at_ms: 0,
        };
        let (back, refusal) = Lights::transition_or_setup(Some(pressed.clone()), &broken).unwrap_err();
        assert_eq!(back, Some(pressed));
        assert!(matches!(
            refusal,
            NotSetUp::Setup(ScrambleError::WrongCount { found: 1, .. })
        ));
        assert_eq!(refusal.code(), "bad_scramble");
        // The rules' own refusals come through as they are.
        let (_, refusal) = Lights::transition_or_setup(Some(game), &LightsEvent::Undo).unwrap_err();
        assert_eq!(refusal, NotSetUp::Refused(LightsRefusal::NoPress));
    }

    fn cells(indices: &[u8]) -> Vec<Cell> {
        indices.iter().filter_map(|&i| Cell::new(i)).collect()
    }

    #[test]
    fn a_replay_skips_or_stops_at_a_refused_move() {
        // The second 0 is taken: skipped, the game goes on with O's move at 4; stopped, O never moves.
        let log = cells(&[0, 0, 4]);
        let skipped = TicTacToe::replay(Position::empty(), &log, OnRefusal::Skip);
        assert_eq!((skipped.accepted, skipped.last_accepted), (2, true));
        assert_eq!(skipped.refused, Some((1, MoveError::CellTaken { cell: log[1] })));
        assert!(skipped.state.o().contains(log[2]));

        let stopped = TicTacToe::replay(Position::empty(), &log, OnRefusal::Stop);
        assert_eq!((stopped.accepted, stopped.last_accepted), (1, false));
        assert_eq!(stopped.refused, Some((1, MoveError::CellTaken { cell: log[1] })));
        assert!(stopped.state.o().is_empty());

        let empty = TicTacToe::replay(Position::empty(), &[], OnRefusal::Stop);
        assert_eq!(
            (empty.state, empty.accepted, empty.refused, empty.last_accepted),
            (Position::empty(), 0, None, false)
        );
    }
}

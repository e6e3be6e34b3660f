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

    /// Folds `events` from `state`: the final state and, for the last event, the reason it was refused if it
    /// was. Refused events in the middle of a log are skipped, as a replay of a page's taps must.
    fn replay<'a, I>(state: Self::State, events: I) -> Replayed<Self::State, Self::Refusal>
    where
        I: IntoIterator<Item = &'a Self::Event>,
        Self::Event: 'a,
    {
        let mut replayed = Replayed {
            state,
            accepted: 0,
            last: None,
        };
        for event in events {
            replayed.last = match Self::transition(replayed.state, event) {
                Ok(next) => {
                    replayed.state = next;
                    replayed.accepted += 1;
                    Some(Ok(()))
                }
                Err((back, refusal)) => {
                    replayed.state = back;
                    Some(Err(refusal))
                }
            };
        }
        replayed
    }
}

/// What [`Rules::replay`] ends with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replayed<S, R> {
    /// The state after the whole log.
    pub state: S,
    /// How many events were accepted.
    pub accepted: usize,
    /// How the last event went (`None` for an empty log).
    pub last: Option<Result<(), R>>,
}

/// Declares a game's rules type for a state whose `apply(&self, &Event) -> Result<State, Refusal>` already says
/// why it refuses: the transition is `apply`, with the state given back beside the reason.
macro_rules! rules_by_apply {
    ($(#[$doc:meta])* $rules:ident: $state:ty, $event:ty, $refusal:ty) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
        pub struct $rules;

        impl $crate::rules::Rules for $rules {
            type State = $state;
            type Event = $event;
            type Refusal = $refusal;

            fn transition(state: $state, event: &$event) -> Result<$state, ($state, $refusal)> {
                state.apply(event).map_err(|refusal| (state, refusal))
            }
        }
    };
}
pub(crate) use rules_by_apply;

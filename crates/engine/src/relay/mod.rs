//! The know-it-all relay: a pass-and-play party game. Each round a topic is revealed, every player in turn
//! makes up a confident explanation building on the speakers before, then the phone goes round and everyone
//! votes for the best explanation — never their own. Votes received are points.
//!
//! The rules are one pure transition, [`Relay`]'s [`Rules`](crate::rules::Rules): a state and an event in, the next
//! state out. An event that means nothing in the current phase (a mis-tap while the phone is handed over, a double
//! confirm, a stale resubmit) is refused and gives the same state back. The UI draws the topics and the speaking order
//! and reads the clock, and passes the results in events; the engine only checks them.
//!
//! - [`RelayState`] (one of seven [`Phase`]s, each carrying exactly its data), [`RelayEvent`], [`Relay`].
//! - [`Table`], [`SetupError`] and the limits: 3 to 12 players, 1 to 10 rounds, 10 to 600 talk seconds.
//! - [`ranking`], [`Standing`]: votes received, ties sharing a rank.
//! - [`shuffled_order_avoiding_last`]: the UI's speaking order, random source passed in.
//! - [`repeated_closer_chance`], [`simulate_repeated_closers`]: how often someone closes twice, exactly
//!   ([`Ratio`]) and by simulation.
//! - [`save`], [`restore`] (feature `serde`): the versioned JSON envelope, and a restore that refuses anything
//!   broken.
//! - [`TOPICS`], [`draw_topic`]: the bundled deck, in Japanese and English; [`own_topics`],
//!   [`draw_next_topic`]: the table's own topics, drawn before the deck.
//! - One redraw a round on the topic screen ([`RelayEvent::Redraw`]), and a talk's clock paused and resumed
//!   ([`RelayEvent::Pause`], [`RelayEvent::Resume`]): rules of the state, so a second redraw or a double pause
//!   is refused like any other event that means nothing now.
//!
//! ```
//! use marubatsu_engine::relay::{restore, save, shuffled_order_avoiding_last, Relay, RelayEvent, RelayState};
//! use marubatsu_engine::rules::Rules;
//!
//! // The UI's random source: any closure giving 64 random bits.
//! let mut x = 0x2545_F491_4F6C_DD1Du64;
//! let mut random = || { x ^= x << 13; x ^= x >> 7; x ^= x << 17; x };
//!
//! let mut state = RelayState::Setup;
//! // A refused event leaves the state as it was, so a page's taps can be played as they come.
//! let play = |state: &mut RelayState, event: RelayEvent| {
//!     let _ = Relay::step(state, &event);
//! };
//! play(&mut state, RelayEvent::Start {
//!     players: vec!["Aki".into(), "Ben".into(), "千尋".into()],
//!     rounds: 1,
//!     talk_seconds: 60,
//!     topic: "Why pigeons bob their heads".into(),
//! });
//! let order = shuffled_order_avoiding_last(3, None, &mut random);
//! play(&mut state, RelayEvent::BeginTalk { now_ms: 1_000, order: order.clone() });
//! for turn in 0..3 {
//!     // Each turn lasts at least TURN_GUARD_MS: a "done" sooner is a double tap and is refused.
//!     play(&mut state, RelayEvent::TalkDone { now_ms: 3_000 + 2_000 * turn as u64, turn: Some(turn) });
//! }
//! // The phone goes round: each voter says they have it, then votes for the next seat.
//! for voter in order {
//!     play(&mut state, RelayEvent::Received);
//!     play(&mut state, RelayEvent::Select { target: (voter + 1) % 3 });
//!     play(&mut state, RelayEvent::Confirm);
//!     play(&mut state, RelayEvent::Confirm); // a double tap records nothing more
//! }
//! let RelayState::RoundResult(result) = &state else { panic!("the round is counted") };
//! assert_eq!(result.round_votes(), [1, 1, 1]);
//! assert_eq!(restore(&save(&state)), Ok(state.clone()));
//!
//! play(&mut state, RelayEvent::NextRound { topic: String::new() });
//! let RelayState::FinalResult(result) = &state else { panic!("one round only") };
//! assert!(result.ranking().iter().all(|standing| standing.rank == 1));
//! ```

mod event;
mod fairness;
mod order;
mod own_topics;
#[cfg(test)]
mod properties;
mod ratio;
#[cfg(feature = "serde")]
mod save;
mod score;
mod shuffle;
mod state;
mod table;
#[cfg(test)]
mod tests;
mod topics;
mod transition;
mod validate;
#[cfg(feature = "serde")]
mod wire;

pub use event::RelayEvent;
pub use fairness::{ShuffleRule, Simulation, closers_repeat, repeated_closer_chance, simulate_repeated_closers};
pub use order::is_permutation;
pub use own_topics::{MAX_OWN_TOPICS, MAX_TOPIC_CHARS, OwnTopicsError, draw_next_topic, own_topics};
pub use ratio::Ratio;
#[cfg(feature = "serde")]
pub use save::{RestoreError, SAVE_VERSION, SaveEnvelope, restore, restore_value, save};
pub use score::{Standing, ranking};
pub use shuffle::{shuffled_order, shuffled_order_avoiding_last};
pub use state::{FinalResult, Handover, MAX_TIME_MS, Phase, RelayState, Round, RoundResult, TURN_GUARD_MS, Talk, Vote};
pub use table::{
    MAX_NAME_CHARS, MAX_PLAYERS, MAX_ROUNDS, MAX_TALK_SECONDS, MIN_PLAYERS, MIN_ROUNDS, MIN_TALK_SECONDS, SetupError,
    Table,
};
pub use topics::{Language, TOPICS, Topic, draw_topic};
pub use transition::{Relay, RelayRefusal};
pub use validate::StateError;

//! Quantum werewolf without a game master (`docs/rules/quantum-werewolf.md`, rules R1–R11): every player
//! holds a public hand of role cards whose shares are the odds of their role, actions move cards between hands,
//! and a player's role is only fixed when every other role is lost or when they die and a card is drawn.
//!
//! ```text
//!  seat   hand (W S V)     lost   chits in front
//!  0      ██ ▒ ░░░░░       -      ● black from 3
//!  1      ███ ░░░░░        S      ✕ attack from 0
//!  …
//!  round: seer phase (R4) → attack phase (R5) → vote phase (R9); after every action the consequences cascade
//!  (R6), lost cards are handed over (R7), the dead draw a card (R8), and the end conditions are checked (R10).
//! ```
//!
//! - [`WerewolfState`]: the state — [`Hand`]s, lost [`RoleSet`]s, [`Chits`], the living, the round — with
//!   [`WerewolfState::pending`] naming the one decision the engine waits for.
//! - [`WerewolfEvent`], [`Werewolf`] (the [`Rules`](crate::rules::Rules)): tie-break winners, choices, draws and votes
//!   come in as events and are validated in full; an illegal event leaves the state unchanged.
//! - [`legal_events`]: exactly the events accepted now, as [`LegalEvents`]: listed, except a vote — one
//!   event with every alive player's [`Ballot`] (R9) — whose millions of combinations are numbered, not listed.
//! - [`LogEntry`], [`Happening`]: every action and consequence as values, citing its rule. The words a player reads
//!   are the page's, in each language (`marubatsu-web`); the engine writes none, so there is one text per audience.
//! - [`WerewolfState::chances`], [`Chances`]: each player's chance of each role as the share of the worlds that fit.
//! - [`Outcome`], [`End`], [`Paradox`], [`Side`]: who won and why.
//!
//! ```
//! use marubatsu_engine::rules::Rules;
//! use marubatsu_engine::werewolf::{
//!     legal_events, Pending, Role, Seat, Table, Verdict, Werewolf, WerewolfEvent, WerewolfState,
//! };
//!
//! let seat = |i| Seat::new(i).unwrap();
//! let mut game = WerewolfState::new(Table::DEFAULT);
//! // Rock-paper-scissors: seat 2 starts the seer phase.
//! Werewolf::step(&mut game, &WerewolfEvent::StartPlayer { seat: seat(2) })?;
//! assert_eq!(game.pending(), Some(Pending::Verdict { seer: seat(2) }));
//! // Seat 2 marks seat 5 black, giving a villager card for seat 5's only seer card.
//! let event =
//!     WerewolfEvent::Verdict { seer: seat(2), target: seat(5), verdict: Verdict::Black, give: Some(Role::Villager) };
//! assert!(legal_events(&game).contains(&event));
//! Werewolf::step(&mut game, &event)?;
//! assert_eq!(game.hand(seat(2)).to_string(), "2W 2S 4V");
//! assert_eq!(game.hand(seat(5)).to_string(), "2W 0S 6V");
//! // Seat 5 holds no seer card: it lost the seer possibility (R2) and will be skipped.
//! assert!(game.lost(seat(5)).contains(Role::Seer));
//! assert_eq!(game.pending(), Some(Pending::Verdict { seer: seat(3) }));
//! // The log holds the happenings as values, each citing its rule.
//! let rules: Vec<&str> = game.log().iter().map(|line| line.what.rule()).collect();
//! assert!(rules.contains(&"R2"));
//! # Ok::<(), marubatsu_engine::werewolf::WerewolfRefusal>(())
//! ```

mod cascade;
mod chances;
mod chits;
mod contradictions;
mod event;
mod flow;
mod game;
mod hand;
mod legal;
mod legal_set;
mod log;
mod names;
mod options;
mod outcome;
mod play;
mod queue;
mod readings;
pub mod recommended;
mod recommended_data;
mod refusal_reasons;
mod role;
mod seat;
mod setup;
mod setup_notation;
mod table;
mod vote;
mod world;

pub use chances::Chances;
pub use chits::{ChitKind, Chits, Verdict};
pub use event::{
    Ballot, BallotError, HandOver, Pending, PendingKind, Phase, TransferError, WerewolfEvent, WerewolfRefusal,
};
pub use game::WerewolfState;
pub use hand::Hand;
pub use legal::{legal_events, listed_events};
pub use legal_set::{IntoIter, Iter, LegalEvents};
pub use log::{DeathCause, Happening, LogEntry, LossCause, NoExchange, PassReason, RULES};
pub use names::{MAX_NAME_CHARS, SeatingError};
pub use options::{
    Certainty, Contradictions, DrawBy, EndCheck, FirstVote, Markers, Options, Parity, Powers, StarterAttack,
    Unplaceable,
};
pub use outcome::{End, Outcome, Paradox, Side};
pub use play::Werewolf;
pub use readings::{AttackDeath, DeathDraw};
pub use refusal_reasons::{RefusalReason, RefusedAnswer};
pub use role::{Role, RoleSet};
pub use seat::{MAX_PLAYERS, NoSuchSeat, Seat, SeatSet, Seats};
pub use setup::{WerewolfSetup, WerewolfSetupError};
pub use setup_notation::NotationError;
pub use table::{Table, TableError};
pub use vote::Tally;

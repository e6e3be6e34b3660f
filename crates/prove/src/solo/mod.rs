//! Any solo contract that speaks the interface, the toolkit's or the book's: the dialect read from its ABI, calls
//! through one adapter, and the named properties, each run and reported on its own.

mod adapter;
mod compiled;
mod dialect;
mod emit_test;
mod fork_line;
mod report;
mod run;
mod verdicts;

pub use adapter::{GameResult, ReadError, SoloContract, SoloState};
pub(crate) use adapter::{NEW_GAME, PLAY, PREVIEW, tx_words};
pub use compiled::prove_compiled;
pub use dialect::{BookGetter, Nonconforming, SOLO_INTERFACE_FILE, SoloDialect, solo_dialect};
pub use emit_test::{EmitTarget, emit_foundry_test};
pub use fork_line::ForkLine;
pub(crate) use report::failures;
pub use report::{LosingLine, Property, PropertyReport, Seat, SoloOptions, SoloReport, Status, UnknownProperty};
pub use run::prove_solo;
pub(crate) use verdicts::value_details;

pub(crate) use crate::lines::SoloTarget;

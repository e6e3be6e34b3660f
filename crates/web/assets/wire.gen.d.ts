// Generated from the Rust types by crates/web/src/wire_types.rs: do not edit.
// What every game's endpoints share, as serde writes and reads them.

type WireRefusal = { code: string, words: string, key: string, args: { [key in string]: WireArg }, };

type WireWords = { key: string, args: { [key in string]: WireArg }, };

type WireArg = string | WireWords;

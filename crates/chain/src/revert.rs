use std::fmt;

use alloy_primitives::Bytes;
use alloy_sol_types::{Panic, Revert as RevertString, SolError, SolInterface};

use crate::bindings;

/// A revert, with its raw data and — when a selector is known — the custom error it encodes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Revert {
    data: Bytes,
    gas_used: u64,
    decoded: Option<DecodedRevert>,
}

/// A revert's data decoded: the error's name and its fields as Rust shows them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DecodedRevert {
    /// The custom error's name, or `Error` / `Panic` for Solidity's built-in ones.
    pub name: String,
    /// The whole error with its fields, e.g. `CellOutOfRange { cell: 9 }`.
    pub detail: String,
}

impl Revert {
    pub(crate) fn new(data: Bytes, gas_used: u64) -> Self {
        let decoded = decode(&data);
        Self {
            data,
            gas_used,
            decoded,
        }
    }

    /// The raw revert data.
    pub fn data(&self) -> &Bytes {
        &self.data
    }

    /// Gas the reverted transaction consumed.
    pub fn gas_used(&self) -> u64 {
        self.gas_used
    }

    /// The decoded error, when its selector belongs to one of the contracts' interfaces (or is `Error`/`Panic`).
    pub fn decoded(&self) -> Option<&DecodedRevert> {
        self.decoded.as_ref()
    }

    /// The error's name, if known.
    pub fn name(&self) -> Option<&str> {
        self.decoded.as_ref().map(|d| d.name.as_str())
    }

    /// Decodes the revert as the custom error `E`; `None` if it is a different error.
    pub fn as_error<E: SolError>(&self) -> Option<E> {
        E::abi_decode(&self.data).ok()
    }
}

impl DecodedRevert {
    /// Decodes revert data from anywhere (an RPC error, a receipt replay): a custom error of one of the
    /// contracts' interfaces, or Solidity's `Error(string)` / `Panic(uint256)`; `None` for anything else.
    pub fn from_data(data: &[u8]) -> Option<Self> {
        decode(data)
    }
}

impl fmt::Display for Revert {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.decoded {
            Some(decoded) => write!(f, "reverted with {}", decoded.detail),
            None if self.data.is_empty() => f.write_str("reverted without data"),
            None => write!(f, "reverted with unknown error data {}", self.data),
        }
    }
}

fn decode(data: &[u8]) -> Option<DecodedRevert> {
    if let Ok(RevertString { reason }) = RevertString::abi_decode(data) {
        return Some(DecodedRevert {
            name: "Error".into(),
            detail: format!("Error({reason:?})"),
        });
    }
    if let Ok(panic) = Panic::abi_decode(data) {
        return Some(DecodedRevert {
            name: "Panic".into(),
            detail: format!("Panic({})", panic.code),
        });
    }
    bindings::decode_custom_error(data)
}

/// Turns a decoded `sol!` error enum into a name and detail. The enums' `Debug` reads
/// `Variant(Variant { field: value })`, so the variant name is what precedes the first parenthesis.
pub(crate) fn describe<E: SolInterface + fmt::Debug>(data: &[u8]) -> Option<DecodedRevert> {
    let error = E::abi_decode(data).ok()?;
    let debug = format!("{error:?}");
    let (name, inner) = match debug.split_once('(') {
        Some((name, rest)) => (name.to_owned(), rest.strip_suffix(')').unwrap_or(rest).to_owned()),
        None => (debug.clone(), debug),
    };
    Some(DecodedRevert { name, detail: inner })
}

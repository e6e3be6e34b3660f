use std::fmt;

use alloy_primitives::{Address, Bytes, U256};
use alloy_sol_types::{ContractError, SolError, SolInterface};

use crate::bindings;

/// A revert, with its raw data and — when a selector is known — the custom error it encodes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Revert {
    data: Bytes,
    gas_used: u64,
    decoded: Option<DecodedRevert>,
    /// False when the chain could not tell why (a node that cannot replay or trace the transaction): then the
    /// empty data means "unknown", not "reverted without a reason".
    known: bool,
}

/// A revert's data decoded: the error's name and its fields, each value written out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DecodedRevert {
    /// The custom error's name, or `Error` / `Panic` for Solidity's built-in ones.
    pub name: String,
    /// The error's fields by their Solidity names, in declaration order, with their values in words
    /// (`("cell", "9")`).
    pub fields: Vec<(&'static str, String)>,
}

impl DecodedRevert {
    /// Decodes revert data from anywhere (an RPC error, a receipt replay): a custom error of one of the
    /// contracts' interfaces, or Solidity's `Error(string)` / `Panic(uint256)`; `None` for anything else.
    pub fn from_data(data: &[u8]) -> Option<Self> {
        decode(data)
    }

    /// The error as Rust would construct it, e.g. `CellOutOfRange { cell: 9 }` (for developers and tests).
    pub fn detail(&self) -> String {
        if self.fields.is_empty() {
            return self.name.clone();
        }
        let fields: Vec<String> = self
            .fields
            .iter()
            .map(|(name, value)| format!("{name}: {value}"))
            .collect();
        format!("{} {{ {} }}", self.name, fields.join(", "))
    }

    /// The error in plain words for a person at a terminal, e.g. `CellTaken(gameId 1, cell 0)`.
    pub fn words(&self) -> String {
        let fields: Vec<String> = self
            .fields
            .iter()
            .map(|(name, value)| format!("{name} {value}"))
            .collect();
        format!("{}({})", self.name, fields.join(", "))
    }
}

impl Revert {
    /// A revert of `data` (from any chain: the in-process one, or a node's error or replay) after `gas_used`.
    pub fn new(data: Bytes, gas_used: u64) -> Self {
        let decoded = decode(&data);
        Self {
            data,
            gas_used,
            decoded,
            known: true,
        }
    }

    /// A revert whose reason the chain could not learn: no data, and [`Revert::is_known`] false, so that nobody
    /// guesses a reason for it.
    pub fn unknown(gas_used: u64) -> Self {
        Self {
            data: Bytes::new(),
            gas_used,
            decoded: None,
            known: false,
        }
    }

    /// Whether the data is what the transaction reverted with (else see [`Revert::unknown`]).
    pub fn is_known(&self) -> bool {
        self.known
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

impl fmt::Display for Revert {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.decoded {
            Some(decoded) => write!(f, "reverted with {}", decoded.detail()),
            None if !self.known => f.write_str("reverted, for a reason the node could not tell"),
            None if self.data.is_empty() => f.write_str("reverted without data"),
            None => write!(f, "reverted with unknown error data {}", self.data),
        }
    }
}

/// A `sol!` error enum whose variants' fields are known by name: what [`bindings`]' `named_errors!` writes for each
/// interface, so that a revert is read field by field and never from a `Debug` string.
pub(crate) trait NamedErrors: SolInterface {
    /// The error's name, from the selector-to-name table `sol!` generates.
    fn name(&self) -> &'static str;
    /// The error's fields by name, with their values in words.
    fn fields(&self) -> Vec<(&'static str, String)>;
}

/// A custom error's field value in words: numbers in decimal, addresses checksummed, enums by their Solidity
/// names.
pub(crate) trait FieldText {
    fn text(&self) -> String;
}

macro_rules! display_field {
    ($($ty:ty),*) => {
        $(impl FieldText for $ty {
            fn text(&self) -> String {
                self.to_string()
            }
        })*
    };
}

display_field!(u8, u16, u32, u64, U256);

impl FieldText for alloy_primitives::FixedBytes<4> {
    fn text(&self) -> String {
        self.to_string()
    }
}

impl FieldText for Address {
    fn text(&self) -> String {
        self.to_checksum(None)
    }
}

/// Decodes `data` with alloy's [`ContractError`] against `E`: Solidity's `Error(string)` and `Panic(uint256)`, or
/// one of `E`'s custom errors.
fn decode_as<E: NamedErrors>(data: &[u8]) -> Option<DecodedRevert> {
    match ContractError::<E>::abi_decode(data).ok()? {
        ContractError::CustomError(error) => Some(DecodedRevert {
            name: error.name().to_owned(),
            fields: error.fields(),
        }),
        ContractError::Revert(revert) => Some(DecodedRevert {
            name: "Error".into(),
            fields: vec![("reason", format!("{:?}", revert.reason))],
        }),
        ContractError::Panic(panic) => Some(DecodedRevert {
            name: "Panic".into(),
            fields: vec![("code", panic.code.to_string())],
        }),
    }
}

fn decode(data: &[u8]) -> Option<DecodedRevert> {
    use bindings::{
        IBoardHarness::IBoardHarnessErrors, ISoloTicTacToe::ISoloTicTacToeErrors, ITicTacToe::ITicTacToeErrors,
        ITicTacToeTimeBank::ITicTacToeTimeBankErrors, ITicTacToeV2::ITicTacToeV2Errors,
    };
    decode_as::<ISoloTicTacToeErrors>(data)
        .or_else(|| decode_as::<ITicTacToeErrors>(data))
        .or_else(|| decode_as::<ITicTacToeTimeBankErrors>(data))
        .or_else(|| decode_as::<ITicTacToeV2Errors>(data))
        .or_else(|| decode_as::<IBoardHarnessErrors>(data))
}

#[cfg(test)]
mod tests {
    use alloy_sol_types::{Panic, Revert as RevertString};

    use super::*;
    use crate::bindings::{ISoloTicTacToe, ITicTacToe, ITicTacToeV2};

    #[test]
    fn errors_are_read_field_by_field() {
        let taken = ISoloTicTacToe::CellTaken {
            gameId: U256::from(1),
            cell: 0,
        }
        .abi_encode();
        let decoded = DecodedRevert::from_data(&taken).unwrap();
        assert_eq!(decoded.name, "CellTaken");
        assert_eq!(decoded.detail(), "CellTaken { gameId: 1, cell: 0 }");
        assert_eq!(decoded.words(), "CellTaken(gameId 1, cell 0)");

        let closed = ITicTacToe::GameNotActive {
            gameId: U256::from(7),
            status: ITicTacToe::Status::Draw,
        }
        .abi_encode();
        assert_eq!(
            DecodedRevert::from_data(&closed).unwrap().words(),
            "GameNotActive(gameId 7, status Draw)"
        );
        let none = ITicTacToe::ZeroRecipient {}.abi_encode();
        assert_eq!(DecodedRevert::from_data(&none).unwrap().detail(), "ZeroRecipient");

        let reason = RevertString::from("no").abi_encode();
        assert_eq!(
            DecodedRevert::from_data(&reason).unwrap().detail(),
            "Error { reason: \"no\" }"
        );
        // Version 2's time-limit errors gave the value as a uint32: a v2 deployment's refusal is read too.
        let short = ITicTacToeV2::TimeoutTooShort {
            moveTimeout: 59,
            minimum: 60,
        }
        .abi_encode();
        assert_eq!(
            DecodedRevert::from_data(&short).unwrap().words(),
            "TimeoutTooShort(moveTimeout 59, minimum 60)"
        );
        let panic = Panic::from(0x11).abi_encode();
        assert_eq!(DecodedRevert::from_data(&panic).unwrap().words(), "Panic(code 17)");
        assert_eq!(DecodedRevert::from_data(&[1, 2, 3]), None);
    }
}

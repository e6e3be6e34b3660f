//! Whether a contract's ABI speaks `ITicTacToe`: every function of the interface, by its signature.

use std::collections::BTreeSet;

use marubatsu_chain::bindings::ITicTacToe::ITicTacToeCalls;

/// The interface the PvP rules are written against, as a path in the repository.
pub const PVP_INTERFACE: &str = "contracts/interfaces/ITicTacToe.sol";

/// A contract that cannot be judged by the PvP rules: its ABI lacks functions of the interface, or is no ABI.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Nonconforming {
    /// Functions of the interface the ABI does not have.
    #[error("the contract does not implement {interface}: missing {}", missing.join(", "))]
    Missing {
        /// The interface file.
        interface: &'static str,
        /// The missing functions' signatures, e.g. `claimBlocksLeft(uint256)`.
        missing: Vec<String>,
    },
    /// The ABI is not a JSON array of entries.
    #[error("the ABI is not a JSON array of entries: {0}")]
    NotAnAbi(String),
}

/// Checks that `abi` (a contract's JSON ABI) has every function of `ITicTacToe`, by name and parameter types.
pub fn pvp_conforms(abi: &serde_json::Value) -> Result<(), Nonconforming> {
    let entries = abi
        .as_array()
        .ok_or_else(|| Nonconforming::NotAnAbi(format!("found {}", kind_of(abi))))?;
    let present: BTreeSet<String> = entries
        .iter()
        .filter(|entry| entry["type"] == "function")
        .map(signature)
        .collect::<Result<_, _>>()?;
    let mut missing: Vec<String> = ITicTacToeCalls::SIGNATURES
        .iter()
        .filter(|wanted| !present.contains(**wanted))
        .map(|wanted| (*wanted).to_owned())
        .collect();
    missing.sort();
    if missing.is_empty() {
        Ok(())
    } else {
        Err(Nonconforming::Missing {
            interface: PVP_INTERFACE,
            missing,
        })
    }
}

/// `name(type,...)` of a function entry, tuples written out as Solidity's selectors spell them.
fn signature(entry: &serde_json::Value) -> Result<String, Nonconforming> {
    let name = entry["name"]
        .as_str()
        .ok_or_else(|| Nonconforming::NotAnAbi("a function entry without a name".into()))?;
    let inputs = parameter_list(&entry["inputs"], name)?;
    Ok(format!("{name}({inputs})"))
}

fn parameter_list(params: &serde_json::Value, function: &str) -> Result<String, Nonconforming> {
    let Some(params) = params.as_array() else {
        // An ABI may leave out `inputs` of a function without parameters.
        return if params.is_null() {
            Ok(String::new())
        } else {
            Err(Nonconforming::NotAnAbi(format!("{function}: inputs are not a list")))
        };
    };
    let types: Vec<String> = params
        .iter()
        .map(|param| canonical_type(param, function))
        .collect::<Result<_, _>>()?;
    Ok(types.join(","))
}

fn canonical_type(param: &serde_json::Value, function: &str) -> Result<String, Nonconforming> {
    let kind = param["type"]
        .as_str()
        .ok_or_else(|| Nonconforming::NotAnAbi(format!("{function}: a parameter without a type")))?;
    match kind.strip_prefix("tuple") {
        // `tuple`, `tuple[]`, `tuple[2][]`: the components in parentheses, then the array suffix.
        Some(suffix) => Ok(format!("({}){suffix}", parameter_list(&param["components"], function)?)),
        None => Ok(kind.to_owned()),
    }
}

fn kind_of(value: &serde_json::Value) -> &'static str {
    match value {
        serde_json::Value::Null => "null",
        serde_json::Value::Bool(_) => "a boolean",
        serde_json::Value::Number(_) => "a number",
        serde_json::Value::String(_) => "a string",
        serde_json::Value::Array(_) => "an array",
        serde_json::Value::Object(_) => "an object",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn function(name: &str, inputs: &[&str]) -> serde_json::Value {
        let inputs: Vec<_> = inputs.iter().map(|kind| serde_json::json!({"type": kind})).collect();
        serde_json::json!({"type": "function", "name": name, "inputs": inputs})
    }

    fn full_abi() -> Vec<serde_json::Value> {
        ITicTacToeCalls::SIGNATURES
            .iter()
            .map(|signature| {
                let (name, rest) = signature.split_once('(').unwrap();
                let inputs: Vec<&str> = rest
                    .trim_end_matches(')')
                    .split(',')
                    .filter(|t| !t.is_empty())
                    .collect();
                function(name, &inputs)
            })
            .collect()
    }

    #[test]
    fn the_whole_interface_conforms() {
        assert_eq!(pvp_conforms(&serde_json::Value::Array(full_abi())), Ok(()));
    }

    #[test]
    fn each_missing_or_changed_function_is_named_with_the_interface() {
        let mut abi = full_abi();
        abi.retain(|entry| entry["name"] != "claimBlocksLeft");
        // Version 2's `play(uint256,uint8)` is another function than `play(uint256,uint256)`.
        for entry in &mut abi {
            if entry["name"] == "play" {
                *entry = function("play", &["uint256", "uint8"]);
            }
        }
        let error = pvp_conforms(&serde_json::Value::Array(abi)).unwrap_err();
        let Nonconforming::Missing { interface, missing } = &error else {
            panic!("{error}");
        };
        assert_eq!(*interface, PVP_INTERFACE);
        assert_eq!(missing, &["claimBlocksLeft(uint256)", "play(uint256,uint256)"]);
        let message = error.to_string();
        assert!(
            message.contains("ITicTacToe.sol") && message.contains("claimBlocksLeft(uint256)"),
            "{message}"
        );
    }

    #[test]
    fn tuples_are_written_as_selectors_spell_them() {
        let param = serde_json::json!({"type": "tuple[]", "components": [{"type": "uint8"}, {"type": "address"}]});
        assert_eq!(canonical_type(&param, "f").unwrap(), "(uint8,address)[]");
    }

    #[test]
    fn something_else_than_an_abi_is_a_clear_error() {
        let error = pvp_conforms(&serde_json::json!({"abi": []})).unwrap_err();
        assert_eq!(
            error.to_string(),
            "the ABI is not a JSON array of entries: found an object"
        );
    }
}

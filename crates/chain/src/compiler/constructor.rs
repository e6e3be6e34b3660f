//! `--constructor-args` as forge takes them: one string per constructor parameter, read as that parameter's ABI
//! type, ABI-encoded after the creation code.

use alloy_dyn_abi::{JsonAbiExt, Specifier};
use alloy_json_abi::JsonAbi;
use alloy_primitives::Bytes;

use super::artifacts::CompiledContract;
use crate::error::CompileError;

impl CompiledContract {
    /// The creation code with `args` encoded for the constructor, each read as its parameter's type (`42`,
    /// `0xabc…`, `true`, `"text"`, `[1,2]`, `(1,0x…)`).
    pub fn creation_code_with_args<S: AsRef<str>>(&self, args: &[S]) -> Result<Bytes, CompileError> {
        let bad = |reason: String| CompileError::ConstructorArgs {
            contract: self.name.clone(),
            reason,
        };
        let abi: JsonAbi =
            serde_json::from_value(self.abi.clone()).map_err(|err| bad(format!("its ABI does not parse: {err}")))?;
        let Some(constructor) = &abi.constructor else {
            return if args.is_empty() {
                Ok(self.bytecode.clone())
            } else {
                Err(bad(format!(
                    "it has no constructor, but {} arguments were given",
                    args.len()
                )))
            };
        };
        let signature = constructor
            .inputs
            .iter()
            .map(|p| format!("{} {}", p.selector_type(), p.name).trim_end().to_owned())
            .collect::<Vec<_>>()
            .join(", ");
        if constructor.inputs.len() != args.len() {
            let takes = match constructor.inputs.len() {
                0 => "no arguments".to_owned(),
                1 => format!("1 argument ({signature})"),
                n => format!("{n} arguments ({signature})"),
            };
            return Err(bad(format!(
                "the constructor takes {takes}, but {} were given",
                args.len()
            )));
        }
        let mut values = Vec::with_capacity(args.len());
        for (index, (param, arg)) in constructor.inputs.iter().zip(args).enumerate() {
            let label = if param.name.is_empty() {
                format!("parameter {} ({})", index + 1, param.selector_type())
            } else {
                format!("parameter `{}` ({})", param.name, param.selector_type())
            };
            let ty = param
                .resolve()
                .map_err(|err| bad(format!("{label}: the ABI type does not resolve: {err}")))?;
            let value = ty
                .coerce_str(arg.as_ref())
                .map_err(|err| bad(format!("{label}: cannot read {:?}: {err}", arg.as_ref())))?;
            values.push(value);
        }
        let encoded = constructor
            .abi_encode_input(&values)
            .map_err(|err| bad(format!("encoding the arguments: {err}")))?;
        let mut code = self.bytecode.to_vec();
        code.extend_from_slice(&encoded);
        Ok(code.into())
    }
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use alloy_primitives::{Address, U256};
    use alloy_sol_types::SolValue;

    use super::*;

    fn contract(abi: serde_json::Value) -> CompiledContract {
        CompiledContract {
            name: "Game".to_owned(),
            source: PathBuf::from("src/Game.sol"),
            bytecode: Bytes::from(vec![0x60, 0x80]),
            deployed_bytecode: Bytes::new(),
            abi,
        }
    }

    fn with_constructor() -> CompiledContract {
        contract(serde_json::json!([{
            "type": "constructor",
            "stateMutability": "nonpayable",
            "inputs": [
                {"name": "timeout", "type": "uint32", "internalType": "uint32"},
                {"name": "owner", "type": "address", "internalType": "address"},
                {"name": "label", "type": "string", "internalType": "string"}
            ]
        }]))
    }

    #[test]
    fn arguments_are_read_as_their_types_and_appended() {
        let owner = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
        let code = with_constructor()
            .creation_code_with_args(&["3600", owner, "hello"])
            .unwrap();
        let expected = (U256::from(3600), owner.parse::<Address>().unwrap(), "hello".to_owned()).abi_encode_params();
        assert_eq!(&code[..2], &[0x60, 0x80]);
        assert_eq!(&code[2..], &expected[..]);
    }

    #[test]
    fn a_wrong_count_or_type_names_the_parameter() {
        let contract = with_constructor();
        let few = contract.creation_code_with_args(&["1"]).unwrap_err().to_string();
        assert!(
            few.contains("3 arguments (uint32 timeout, address owner, string label)") && few.contains("1 were given"),
            "{few}"
        );
        let bad = contract
            .creation_code_with_args(&["1", "not-an-address", "x"])
            .unwrap_err()
            .to_string();
        assert!(
            bad.contains("parameter `owner` (address)") && bad.contains("not-an-address"),
            "{bad}"
        );
        let overflow = contract
            .creation_code_with_args(&["4294967296", "0x0000000000000000000000000000000000000001", "x"])
            .unwrap_err()
            .to_string();
        assert!(overflow.contains("parameter `timeout` (uint32)"), "{overflow}");
    }

    #[test]
    fn no_constructor_takes_no_arguments() {
        let plain = contract(serde_json::json!([]));
        assert_eq!(plain.creation_code_with_args::<&str>(&[]).unwrap(), plain.bytecode);
        let err = plain.creation_code_with_args(&["1"]).unwrap_err().to_string();
        assert!(err.contains("no constructor"), "{err}");
    }
}

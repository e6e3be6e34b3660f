//! What a `prove` run proves, and where its bytecode came from — said before anything runs, so that a proof of
//! one contract is never mistaken for a proof of another.

use std::path::PathBuf;

use alloy_primitives::{Address, B256, Bytes, keccak256};
use eyre::{WrapErr, bail, eyre};
use marubatsu_chain::{
    compiler::{
        BOARD_HARNESS_CONTRACT, CompiledContract, ContractSet, EVM_VERSION, EvmVersion, PVP_CONTRACT, ResolvedContract,
        SOLO_CONTRACT, Workspace,
    },
    evm::Chain,
    pvp::pvp_creation_code,
};
use marubatsu_client::rpc::{ForkInfo, fork, resolve_rpc_url};

use super::ProveArgs;
use crate::clock::utc_time;

/// Blocks a timeout claim needs in the toolkit's own TicTacToe when `prove --pvp` creates it: a few, so that the
/// sequences reach claims refused for too few blocks and late moves that still land.
const PVP_PROOF_CLAIM_BLOCKS: u32 = 3;

/// The test contracts that the checkout's extras deploy besides `SoloTicTacToe`.
const EXTRAS_CONTRACTS: [&str; 3] = ["WeakHardSoloTicTacToe", "V1HardSoloTicTacToe", BOARD_HARNESS_CONTRACT];

/// What is proved.
pub(super) enum Subject {
    /// The toolkit's checkout: its contracts/ compiled, test contracts included, so that the extras run too.
    Checkout(ContractSet),
    /// One contract, created in a fresh in-process chain.
    Created(Created),
    /// The code at an address of a chain, forked at one block.
    OnChain(Box<OnChain>),
}

/// A contract the run creates itself.
pub(super) struct Created {
    /// Which bytecode, from where, with its code hash, in words.
    pub(super) label: String,
    /// Its code and ABI.
    pub(super) contract: CompiledContract,
    /// What its creation sends (constructor arguments appended).
    pub(super) init_code: Bytes,
    /// The EVM it was compiled for, which the chain then runs.
    pub(super) evm_version: EvmVersion,
    /// Its source file, for `--emit-test` (none for the shipped bytecode).
    pub(super) source: Option<PathBuf>,
    /// Other contracts of the folder that speak the same interface, in words (empty when none): a proof of the
    /// toolkit's contract says it is not a proof of those.
    pub(super) others: String,
}

/// A contract read off a chain.
pub(super) struct OnChain {
    /// The forked chain.
    pub(super) chain: Chain,
    /// What was forked.
    pub(super) info: ForkInfo,
    /// Where the contract is.
    pub(super) address: Address,
    /// keccak256 of its code.
    pub(super) code_hash: B256,
    /// The ABI it is called through: `--contract`'s, else the interface's.
    pub(super) abi: serde_json::Value,
    /// `--contract`, in words, and whether the chain's code is what it compiles to.
    pub(super) compared: Option<(String, bool)>,
}

impl OnChain {
    /// The contract, where it was read, and its code hash, in words.
    pub(super) fn label(&self) -> String {
        format!(
            "the contract at {} on {}, code hash {}",
            self.address,
            fork_words(&self.info),
            self.code_hash
        )
    }

    /// What a proof on chain is and is not, and whether the chain holds what `--contract` compiles to.
    pub(super) fn say_what_was_read(compared: Option<&(String, bool)>) {
        println!("(its code and state are read at that block into the in-process EVM; nothing is sent)");
        if let Some((contract, same)) = compared {
            let is = if *same { "is" } else { "is NOT" };
            println!("its code {is} what --contract compiles to ({contract})");
        }
    }
}

impl Created {
    /// A fresh in-process chain under the contract's EVM version, with the contract created on it by the first
    /// account; a contract that cannot be created leaves nothing to prove.
    pub(super) fn deploy(&self) -> eyre::Result<(Chain, Address)> {
        let nothing = |err: eyre::Report| err.wrap_err(crate::report::NothingProved);
        let mut chain = Chain::new();
        chain
            .set_evm_version(self.evm_version)
            .map_err(|err| nothing(err.into()))?;
        let deployer = chain.accounts()[0];
        let address = chain
            .deploy_code(deployer, self.init_code.clone(), Default::default())
            .map_err(|err| nothing(eyre::Report::new(err).wrap_err(format!("creating {}", self.contract.name))))?
            .address;
        Ok((chain, address))
    }
}

impl Subject {
    /// The subject `args` ask for: `--address`, else `--contract`, else the toolkit's own contracts (compiled
    /// from the checkout's contracts/, or as shipped in this binary outside a checkout).
    pub(super) fn choose(args: &ProveArgs) -> eyre::Result<Subject> {
        if let Some(address) = args.address {
            return on_chain(args, address).map(|on_chain| Subject::OnChain(Box::new(on_chain)));
        }
        if let Some(resolved) = args.contract.resolve(&args.compiler)? {
            let project = args.contract.project(&args.compiler)?;
            return Ok(Subject::Created(Created {
                label: resolved.to_string(),
                init_code: args.contract.creation_code(&resolved)?,
                evm_version: project.evm_version(),
                source: Some(project.root().join(&resolved.contract.source)),
                contract: resolved.contract,
                others: String::new(),
            }));
        }
        if !args.contract.constructor_args.is_empty() {
            bail!("--constructor-args needs --contract (the toolkit's own contracts take none of their own)");
        }
        let wanted = if args.pvp { PVP_CONTRACT } else { SOLO_CONTRACT };
        let checkout = match explicit_root(args) {
            Some(root) => Some(Workspace::at(root)?),
            None => Workspace::locate().ok(),
        };
        let Some(_) = checkout else {
            let resolved = ResolvedContract::shipped(wanted)?;
            let mut created = created_from(&resolved);
            // In a Foundry project of the user's own, a proof of the shipped bytecode must not pass for theirs.
            let here = std::env::current_dir().wrap_err("reading the current directory")?;
            if marubatsu_chain::compiler::FoundryProject::locate(&here).is_ok() {
                created.others = " (the one shipped in this binary, not a contract of this project)".to_owned();
            }
            return Ok(Subject::Created(created));
        };
        let contracts = args.compiler.compiler()?.compile().wrap_err("compiling contracts/")?;
        if contracts.get(wanted).is_err() {
            bail!(
                "contracts/ has no {wanted}; say which contract to prove with --contract <path>:<Name>{}",
                others_named(&contracts, args.pvp, wanted)
            );
        }
        let extras = EXTRAS_CONTRACTS.iter().all(|name| contracts.get(name).is_ok());
        if !args.pvp && extras {
            return Ok(Subject::Checkout(contracts));
        }
        let compiled = contracts.get(wanted)?;
        let label = format!(
            "{wanted}: compiled from {} with solc {} ({}), code hash {}",
            compiled.source.display(),
            contracts.solc_version(),
            contracts.solc(),
            compiled.deployed_code_hash()
        );
        Ok(Subject::Created(Created {
            label,
            init_code: init_code(wanted, compiled),
            evm_version: EVM_VERSION,
            source: None,
            contract: compiled.clone(),
            others: others_named(&contracts, args.pvp, wanted),
        }))
    }
}

/// `contracts` other than `wanted` (and outside contracts/test) that speak the interface, as a hint to
/// prove them with `--contract`; empty when there are none.
pub(super) fn others_named(contracts: &ContractSet, pvp: bool, wanted: &str) -> String {
    let others: Vec<String> = contracts
        .iter()
        .filter(|c| c.name != wanted && !c.source.starts_with("contracts/test") && !c.bytecode.is_empty())
        .filter(|c| {
            if pvp {
                marubatsu_conformance::pvp_conforms(&c.abi).is_ok()
            } else {
                marubatsu_prove::solo_dialect(&c.abi).is_ok()
            }
        })
        .map(|c| format!("{}:{}", c.source.display(), c.name))
        .collect();
    if others.is_empty() {
        String::new()
    } else {
        format!(" (these speak its interface: {})", others.join(", "))
    }
}

fn created_from(resolved: &ResolvedContract) -> Created {
    Created {
        label: resolved.to_string(),
        init_code: init_code(&resolved.contract.name, &resolved.contract),
        evm_version: EVM_VERSION,
        source: None,
        contract: resolved.contract.clone(),
        others: String::new(),
    }
}

/// The toolkit's TicTacToe takes its claim blocks; SoloTicTacToe takes nothing.
fn init_code(name: &str, compiled: &CompiledContract) -> Bytes {
    if name == PVP_CONTRACT {
        pvp_creation_code(compiled, PVP_PROOF_CLAIM_BLOCKS)
    } else {
        compiled.bytecode.clone()
    }
}

fn explicit_root(args: &ProveArgs) -> Option<PathBuf> {
    args.compiler.root.clone().or_else(|| {
        std::env::var_os(Workspace::ROOT_VAR)
            .filter(|root| !root.is_empty())
            .map(PathBuf::from)
    })
}

fn on_chain(args: &ProveArgs, address: Address) -> eyre::Result<OnChain> {
    let given = args
        .rpc_url
        .as_ref()
        .ok_or_else(|| eyre!("--address needs --rpc-url (or ETH_RPC_URL): the chain to read it from"))?;
    let place = args.compiler.place()?;
    let url = resolve_rpc_url(given, place.foundry_toml())?;
    let (mut chain, info) = fork(&url, args.block).wrap_err("forking the chain to read the contract")?;
    let code = chain
        .read_code(address)
        .wrap_err_with(|| format!("reading the code at {address}"))?;
    if code.is_empty() {
        bail!("there is no contract at {address} on {}", fork_words(&info));
    }
    let code_hash = keccak256(&code);
    let (abi, compared) = match args.contract.resolve(&args.compiler)? {
        Some(resolved) => {
            // The project says which EVM its build is for; without it the chain's own rules are unknown here.
            chain.set_evm_version(args.contract.project(&args.compiler)?.evm_version())?;
            let same = resolved.contract.deployed_code_hash() == code_hash;
            (resolved.contract.abi.clone(), Some((resolved.to_string(), same)))
        }
        None => {
            let interface = if args.pvp { PVP_CONTRACT } else { SOLO_CONTRACT };
            (ContractSet::shipped()?.get(interface)?.abi.clone(), None)
        }
    };
    Ok(OnChain {
        chain,
        info,
        address,
        code_hash,
        abi,
        compared,
    })
}

/// What was forked, in words: `chain 31337 at http://…, block 12 (0x…, 2026-12-06 07:00:00 UTC)`.
fn fork_words(info: &ForkInfo) -> String {
    format!(
        "chain {} at {}, block {} ({}, {})",
        info.chain_id,
        info.url,
        info.block,
        info.block_hash,
        utc_time(info.timestamp)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fork_is_named_by_chain_url_block_hash_and_time() {
        let info = ForkInfo {
            url: "http://127.0.0.1:8545".to_owned(),
            chain_id: 31_337,
            block: 12,
            block_hash: B256::repeat_byte(0xab),
            timestamp: 1_796_225_412,
        };
        let words = fork_words(&info);
        assert!(
            words.starts_with("chain 31337 at http://127.0.0.1:8545, block 12 (0xabab"),
            "{words}"
        );
        assert!(words.ends_with(", 2026-12-02 15:30:12 UTC)"), "{words}");
    }
}

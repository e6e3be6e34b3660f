//! Finding a solc and compiling `contracts/` with foundry-compilers; resolving `--contract` in any Foundry project.

mod artifacts;
mod constructor;
mod forge_out;
mod foundry;
mod npm;
mod project;
mod resolve;
mod shipped;
mod solc;
mod spec;
mod toolchain;
mod workspace;

pub use artifacts::{CompiledContract, ContractSet};
pub use foundry::{FORGE_DEFAULT_EVM_VERSION, FOUNDRY_PROFILE_VAR, FoundryProject, SolcSetting};
pub use project::Compiler;
pub use project::OPTIMIZER_RUNS;
pub use resolve::{Origin, ResolvedContract};
pub use shipped::{SHIPPED_CONTRACTS_PATH, shipped_sources_changed};
pub use solc::{PINNED_SOLC_VERSION, SOLC_VAR, SolcSource};
pub use spec::ContractSpec;
pub use toolchain::{CACHE_DIR_VAR, cache_dir};
pub use workspace::Workspace;

pub use crate::consts::{BOARD_HARNESS_CONTRACT, EVM_VERSION, PVP_CONTRACT, SOLO_CONTRACT};
pub use crate::error::CompileError;
/// The EVM versions solc compiles for (and a [`Chain`](crate::evm::Chain) can run,
/// [`Chain::set_evm_version`](crate::evm::Chain::set_evm_version)).
pub use foundry_compilers::artifacts::EvmVersion;

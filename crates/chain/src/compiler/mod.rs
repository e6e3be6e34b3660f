//! Finding a solc and compiling `contracts/` with foundry-compilers.

mod artifacts;
mod npm;
mod project;
mod shipped;
mod solc;
mod workspace;

pub use artifacts::{CompiledContract, ContractSet};
pub use project::Compiler;
pub use project::OPTIMIZER_RUNS;
pub use shipped::SHIPPED_CONTRACTS_PATH;
pub use solc::{PINNED_SOLC_VERSION, SOLC_VAR, SolcSource};
pub use workspace::Workspace;

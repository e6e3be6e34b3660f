use std::path::PathBuf;

use crate::{remote::RemoteError, revert::Revert};

/// Why the contracts could not be compiled.
#[derive(Debug, thiserror::Error)]
pub enum CompileError {
    /// No repository root (a folder with `foundry.toml` and `contracts/`) was found.
    #[error(
        "cannot find the marubatsu repository (a folder with foundry.toml and contracts/) from {start}; \
         run inside it or set MARUBATSU_ROOT"
    )]
    NoWorkspace {
        /// Where the search started.
        start: PathBuf,
    },
    /// The explicitly requested compiler does not exist or does not answer `--version`.
    #[error("the solc given by {origin} ({path}) is not usable: {reason}")]
    ExplicitSolc {
        /// The flag or variable that named it.
        origin: &'static str,
        /// The path given.
        path: PathBuf,
        /// What went wrong.
        reason: String,
    },
    /// solc-js is needed but Node.js or npm is missing.
    #[error(
        "{tool} was not found on PATH: solc-js needs Node.js (>= 18) and npm; install them (e.g. `apt-get install \
         nodejs npm`), put a native solc {version} on PATH, give --solc PATH (or MARUBATSU_SOLC), or run `forge build` \
         so that its artifacts in out/ are used"
    )]
    MissingNode {
        /// `node` or `npm`.
        tool: &'static str,
        /// The solc version that a native binary must have instead.
        version: String,
    },
    /// `npm ci` failed.
    #[error("`npm ci` in {dir} failed ({status}): {stderr}")]
    NpmInstall {
        /// The folder it ran in.
        dir: PathBuf,
        /// Its exit status.
        status: String,
        /// The end of what it printed on stderr.
        stderr: String,
    },
    /// A file operation failed.
    #[error("{action} {path}: {source}")]
    Io {
        /// What was being done.
        action: &'static str,
        /// On which path.
        path: PathBuf,
        /// The underlying error.
        source: std::io::Error,
    },
    /// foundry-compilers reported an error (including solc's own diagnostics).
    #[error("compiling the contracts failed: {0}")]
    Solc(String),
    /// A contract the caller asked for is not in the compiled set.
    #[error("no contract named {name} was compiled (have: {available})")]
    UnknownContract {
        /// The name asked for.
        name: String,
        /// The names that exist.
        available: String,
    },
    /// A contract compiled without bytecode (an interface or abstract contract).
    #[error("contract {name} has no deployable bytecode (interface or abstract?)")]
    NoBytecode {
        /// The contract's name.
        name: String,
    },
    /// A `--contract` value that is not `<path>:<Name>` or `<Name>`.
    #[error("--contract {spec:?}: {reason}; expected <path>:<Name> or <Name>, as forge create takes it")]
    BadContractSpec {
        /// What was given.
        spec: String,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// No `foundry.toml` in the folder or above it.
    #[error(
        "no foundry.toml in {start} or any folder above it; run inside a Foundry project (forge init) or give --root"
    )]
    NoFoundryProject {
        /// Where the search started.
        start: PathBuf,
    },
    /// `foundry.toml` could not be read as forge reads it.
    #[error("{path}: {reason}")]
    FoundryToml {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        reason: String,
    },
    /// The source file a `--contract` names does not exist.
    #[error("no source file {path} (looked under the project root {root} and the current directory)")]
    NoSourceFile {
        /// The path as given.
        path: PathBuf,
        /// The project root.
        root: PathBuf,
    },
    /// The source file exists but declares no contract of that name.
    #[error("{path} has no contract named {name} (it declares: {available})")]
    NotInFile {
        /// The file, relative to the project root.
        path: PathBuf,
        /// The name asked for.
        name: String,
        /// What the file declares, or "nothing".
        available: String,
    },
    /// A bare name that no source declares.
    #[error("no contract named {name} under {dir}; name it as <path>:{name}")]
    NameNotFound {
        /// The name asked for.
        name: String,
        /// The folder searched (the project's `src`).
        dir: PathBuf,
    },
    /// A bare name that several sources declare.
    #[error("contract {name} is declared in several files ({files}); name it as <path>:{name}")]
    AmbiguousName {
        /// The name asked for.
        name: String,
        /// The files, comma-separated.
        files: String,
    },
    /// The source's pragma excludes the pinned solc and the project names no version.
    #[error(
        "{path} asks for solc {requirement}, which the toolkit's solc {pinned} does not satisfy; set solc_version in          foundry.toml or give --solc"
    )]
    NoSolcVersion {
        /// The source file.
        path: PathBuf,
        /// Its version pragma.
        requirement: String,
        /// The toolkit's pinned version.
        pinned: &'static str,
    },
    /// `npm install solc@<version>` into the toolkit's cache failed.
    #[error("installing solc-js {version} into {dir} with npm failed ({status}): {stderr}")]
    SolcJsInstall {
        /// The version asked for.
        version: String,
        /// The cache folder.
        dir: PathBuf,
        /// npm's exit status.
        status: String,
        /// The end of what npm printed on stderr.
        stderr: String,
    },
    /// A forge artifact exists but cannot be used.
    #[error("forge artifact {path}: {reason}")]
    BadArtifact {
        /// The artifact file.
        path: PathBuf,
        /// What is wrong with it.
        reason: String,
    },
    /// `--constructor-args` do not fit the constructor.
    #[error("constructor arguments of {contract}: {reason}")]
    ConstructorArgs {
        /// The contract.
        contract: String,
        /// What does not fit, naming the parameter.
        reason: String,
    },
}

/// Why a transaction or call did not succeed.
#[derive(Debug, thiserror::Error)]
pub enum TxError {
    /// The contract reverted; the revert carries the decoded custom error.
    #[error("{0}")]
    Reverted(Revert),
    /// Execution halted exceptionally (out of gas, invalid opcode, …).
    #[error("execution halted: {reason} (gas used {gas_used})")]
    Halted {
        /// revm's halt reason.
        reason: String,
        /// Gas the transaction consumed.
        gas_used: u64,
    },
    /// The transaction was invalid before execution (insufficient funds, nonce, gas limit, …).
    #[error("transaction rejected: {0}")]
    Invalid(String),
    /// A forked chain could not read the state it needed from its remote (the node stopped answering, …):
    /// nothing ran on a guessed value.
    #[error("{0}")]
    Remote(RemoteError),
    /// The call succeeded but its return data did not decode as the binding expects.
    #[error("cannot decode the return data of {function}: {reason}")]
    Decode {
        /// The function's signature.
        function: &'static str,
        /// The decoder's message.
        reason: String,
    },
}

impl TxError {
    /// The revert, if this error is one.
    pub fn revert(&self) -> Option<&Revert> {
        match self {
            Self::Reverted(revert) => Some(revert),
            _ => None,
        }
    }
}

/// A difficulty value from the contract that the engine has no level for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the contract returned difficulty {0}, which is not easy (0), normal (1) or hard (2)")]
pub struct UnknownDifficulty(pub u8);

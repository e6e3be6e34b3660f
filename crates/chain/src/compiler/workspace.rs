use std::path::{Path, PathBuf};

use crate::error::CompileError;

/// The repository the toolkit works in: where `contracts/`, `package.json` and the solc-js wrapper are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Workspace {
    root: PathBuf,
}

impl Workspace {
    /// The environment variable that names the repository root explicitly.
    pub const ROOT_VAR: &'static str = "MARUBATSU_ROOT";

    /// Uses `root` as the repository root, checking that it looks like one.
    pub fn at(root: impl Into<PathBuf>) -> Result<Self, CompileError> {
        let root = root.into();
        if is_workspace(&root) {
            Ok(Self { root })
        } else {
            Err(CompileError::NoWorkspace { start: root })
        }
    }

    /// Finds the repository: `MARUBATSU_ROOT` if set, else the nearest ancestor of the current directory that
    /// holds `foundry.toml` and `contracts/`. Never the checkout this crate was built from: an installed binary
    /// run elsewhere must not compile, cache or record into it.
    pub fn locate() -> Result<Self, CompileError> {
        if let Some(root) = std::env::var_os(Self::ROOT_VAR) {
            return Self::at(PathBuf::from(root));
        }
        let start = std::env::current_dir().map_err(|source| CompileError::Io {
            action: "reading the current directory",
            path: PathBuf::from("."),
            source,
        })?;
        match start.ancestors().find(|dir| is_workspace(dir)) {
            Some(root) => Ok(Self {
                root: root.to_path_buf(),
            }),
            None => Err(CompileError::NoWorkspace { start }),
        }
    }

    /// The repository root.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The Solidity sources.
    pub fn contracts(&self) -> PathBuf {
        self.root.join("contracts")
    }

    /// The Node wrapper that makes solc-js behave like native solc.
    pub fn solc_wrapper(&self) -> PathBuf {
        self.root.join("script").join("solc-wrapper.js")
    }

    /// Where the toolkit keeps compiled artifacts and the compiler cache (apart from forge's `out/` and
    /// `cache/`, whose settings may differ and would invalidate each other's cache).
    pub fn build_dir(&self) -> PathBuf {
        self.root.join("target").join("contracts")
    }
}

fn is_workspace(dir: &Path) -> bool {
    dir.join("foundry.toml").is_file() && dir.join("contracts").is_dir()
}

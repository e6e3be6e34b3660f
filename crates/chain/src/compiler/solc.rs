use std::{
    fmt,
    path::{Path, PathBuf},
};

use foundry_compilers::solc::Solc;

use super::{npm, workspace::Workspace};
use crate::error::CompileError;

/// The solc version the contracts are built and proven with; `package.json` pins the same solc-js.
pub const PINNED_SOLC_VERSION: &str = "0.8.37";

/// The environment variable that names a solc binary explicitly (the `--solc` flag wins over it).
pub const SOLC_VAR: &str = "MARUBATSU_SOLC";

/// Where the compiler came from, in the order they are tried.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolcSource {
    /// A path given with `--solc` or `MARUBATSU_SOLC`.
    Explicit {
        /// The binary.
        path: PathBuf,
        /// `--solc` or `MARUBATSU_SOLC`.
        origin: &'static str,
    },
    /// A native `solc` on `PATH` whose version is the pinned one.
    Native(PathBuf),
    /// solc-js from `node_modules`, run through the repository's Node wrapper.
    SolcJs(PathBuf),
}

impl SolcSource {
    /// The executable foundry-compilers runs.
    pub fn path(&self) -> &Path {
        match self {
            Self::Explicit { path, .. } | Self::Native(path) | Self::SolcJs(path) => path,
        }
    }
}

impl fmt::Display for SolcSource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Explicit { path, origin } => write!(f, "{} (from {origin})", path.display()),
            Self::Native(path) => write!(f, "native {}", path.display()),
            Self::SolcJs(wrapper) => write!(f, "solc-js via {}", wrapper.display()),
        }
    }
}

/// Picks the compiler: the explicit path (flag, then environment variable), else a native `solc` of the pinned
/// version on `PATH`, else solc-js (installing the npm packages on first use).
pub(super) fn provision(
    workspace: &Workspace,
    flag: Option<PathBuf>,
) -> Result<(SolcSource, Solc), CompileError> {
    let explicit = flag
        .map(|path| (path, "--solc"))
        .or_else(|| std::env::var_os(SOLC_VAR).map(|path| (PathBuf::from(path), SOLC_VAR)));
    if let Some((path, origin)) = explicit {
        let solc = Solc::new(&path).map_err(|err| CompileError::ExplicitSolc {
            origin,
            path: path.clone(),
            reason: err.to_string(),
        })?;
        return Ok((SolcSource::Explicit { path, origin }, solc));
    }
    if let Some(native) = native_solc_on_path() {
        return Ok(native);
    }
    npm::ensure_solc_js(workspace.root())?;
    let wrapper = workspace.solc_wrapper();
    // Asking the wrapper for its version loads the whole of soljson (about a second), so read the installed
    // package's version instead; `--version` is still what foundry-compilers would get.
    let version = npm::installed_solc_js_version(workspace.root())?;
    Ok((
        SolcSource::SolcJs(wrapper.clone()),
        Solc::new_with_version(wrapper, version),
    ))
}

fn native_solc_on_path() -> Option<(SolcSource, Solc)> {
    let path_var = std::env::var_os("PATH")?;
    let binary = std::env::split_paths(&path_var)
        .map(|dir| dir.join("solc"))
        .find(|p| p.is_file())?;
    let solc = Solc::new(&binary).ok()?;
    let pinned = semver_triplet(PINNED_SOLC_VERSION);
    let found = (solc.version.major, solc.version.minor, solc.version.patch);
    (Some(found) == pinned).then_some((SolcSource::Native(binary), solc))
}

fn semver_triplet(version: &str) -> Option<(u64, u64, u64)> {
    let mut parts = version.split('.').map(str::parse::<u64>);
    match (parts.next(), parts.next(), parts.next()) {
        (Some(Ok(a)), Some(Ok(b)), Some(Ok(c))) => Some((a, b, c)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn package_json_pins_the_same_solc() {
        let manifest =
            std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../package.json"))
                .unwrap();
        let json: serde_json::Value = serde_json::from_str(&manifest).unwrap();
        assert_eq!(json["dependencies"]["solc"], PINNED_SOLC_VERSION);
    }

    #[test]
    fn an_explicit_path_that_does_not_exist_is_a_clear_error() {
        let workspace = Workspace::locate().unwrap();
        let err = provision(&workspace, Some(PathBuf::from("/nonexistent/solc"))).unwrap_err();
        let message = err.to_string();
        assert!(
            message.contains("--solc") && message.contains("/nonexistent/solc"),
            "{message}"
        );
    }
}

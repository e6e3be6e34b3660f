use std::{
    fmt,
    io::Read,
    path::{Path, PathBuf},
    process::{Command, Stdio},
    time::{Duration, Instant},
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
    /// The binary svm keeps for Foundry (`~/.svm/<version>/solc-<version>`).
    Svm(PathBuf),
    /// solc-js that the toolkit installed into its own cache folder, run through the wrapper written beside it.
    CachedSolcJs(PathBuf),
    /// No compiler ran: the contracts shipped inside this binary (see [`ContractSet::shipped`]).
    ///
    /// [`ContractSet::shipped`]: crate::compiler::ContractSet::shipped
    Shipped,
}

impl SolcSource {
    /// The executable foundry-compilers runs (none for the shipped contracts).
    pub fn path(&self) -> Option<&Path> {
        match self {
            Self::Explicit { path, .. }
            | Self::Native(path)
            | Self::SolcJs(path)
            | Self::Svm(path)
            | Self::CachedSolcJs(path) => Some(path),
            Self::Shipped => None,
        }
    }
}

impl fmt::Display for SolcSource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Explicit { path, origin } => write!(f, "{} (from {origin})", path.display()),
            Self::Native(path) => write!(f, "native {}", path.display()),
            Self::SolcJs(wrapper) => write!(f, "solc-js via {}", wrapper.display()),
            Self::Svm(path) => write!(f, "Foundry's svm {}", path.display()),
            Self::CachedSolcJs(wrapper) => write!(f, "solc-js installed by marubatsu, via {}", wrapper.display()),
            Self::Shipped => f.write_str("shipped in this binary, compiled from contracts/ when it was built"),
        }
    }
}

/// Picks the compiler: the explicit path (flag, then environment variable), else a native `solc` of the pinned
/// version on `PATH`, else solc-js (installing the npm packages on first use).
pub(super) fn provision(workspace: &Workspace, flag: Option<PathBuf>) -> Result<(SolcSource, Solc), CompileError> {
    if let Some((path, origin)) = explicit(flag) {
        return explicit_solc(path, origin);
    }
    let pinned = semver::Version::parse(PINNED_SOLC_VERSION).map_err(|err| CompileError::Solc(err.to_string()))?;
    if let Some(native) = native_solc_on_path(&pinned) {
        return Ok(native);
    }
    // Only the toolkit's own checkout gets `npm ci`; any other folder with a foundry.toml and contracts/ (a
    // copy of them, a user's project) gets solc-js from the toolkit's cache, and nothing installed into it.
    if super::toolchain::is_toolkit_checkout(workspace.root()) && workspace.solc_wrapper().is_file() {
        return provision_solc_js(workspace);
    }
    super::toolchain::cached_solc_js(&super::toolchain::cache_dir()?, &pinned)
}

/// The checkout's solc-js (`npm ci` on first use) through its `script/solc-wrapper.js`.
pub(super) fn provision_solc_js(workspace: &Workspace) -> Result<(SolcSource, Solc), CompileError> {
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

/// The explicit compiler (`--solc`, else `MARUBATSU_SOLC`), if one is named.
pub(super) fn explicit(flag: Option<PathBuf>) -> Option<(PathBuf, &'static str)> {
    flag.map(|path| (path, "--solc"))
        .or_else(|| std::env::var_os(SOLC_VAR).map(|path| (PathBuf::from(path), SOLC_VAR)))
}

/// The named binary, which must answer `--version`.
pub(super) fn explicit_solc(path: PathBuf, origin: &'static str) -> Result<(SolcSource, Solc), CompileError> {
    let solc = Solc::new(&path).map_err(|err| CompileError::ExplicitSolc {
        origin,
        path: path.clone(),
        reason: err.to_string(),
    })?;
    Ok((SolcSource::Explicit { path, origin }, solc))
}

/// The first `solc` on `PATH`, if it is a binary of the `wanted` version.
pub(super) fn native_solc_on_path(wanted: &semver::Version) -> Option<(SolcSource, Solc)> {
    let path_var = std::env::var_os("PATH")?;
    let binary = std::env::split_paths(&path_var)
        .map(|dir| dir.join("solc"))
        .find(|p| p.is_file() && !is_script(p))?;
    let version = probe_version(&binary, NATIVE_PROBE_LIMIT)?;
    (version == *wanted).then(|| {
        let solc = Solc::new_with_version(&binary, version);
        (SolcSource::Native(binary), solc)
    })
}

/// Whether `path` starts with `#!`. Native solc is a compiled binary; a `solc` script on `PATH` is a version
/// manager's shim (pyenv, solc-select), which may go to the network to pick a compiler. Such a setup can still
/// name its compiler with `--solc` or `MARUBATSU_SOLC`.
fn is_script(path: &Path) -> bool {
    let mut start = [0u8; 2];
    std::fs::File::open(path)
        .and_then(|mut file| file.read_exact(&mut start))
        .is_ok_and(|()| &start == b"#!")
}

/// How long a `solc` found on `PATH` may take to say its version. A real solc answers in milliseconds; a shim
/// such as solc-select's (installed alongside Slither) may instead try to download a compiler and hang, and then
/// it is not the compiler we want anyway.
pub(super) const NATIVE_PROBE_LIMIT: Duration = Duration::from_secs(3);

/// Runs `binary --version` and reads the version from its `Version: x.y.z+…` line; `None` when it fails, prints
/// no such line, or takes longer than `limit` (it is then killed).
pub(super) fn probe_version(binary: &Path, limit: Duration) -> Option<semver::Version> {
    let mut child = Command::new(binary)
        .arg("--version")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .ok()?;
    let started = Instant::now();
    loop {
        match child.try_wait() {
            Ok(Some(status)) if status.success() => break,
            Ok(Some(_)) | Err(_) => return None,
            Ok(None) if started.elapsed() >= limit => {
                // Killing can only fail if it has just exited; either way it is not used.
                let _ = child.kill();
                let _ = child.wait();
                return None;
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(10)),
        }
    }
    let mut output = String::new();
    child.stdout.take()?.read_to_string(&mut output).ok()?;
    parse_version_output(&output)
}

/// The version in solc's `--version` output, without its build metadata.
fn parse_version_output(output: &str) -> Option<semver::Version> {
    let line = output.lines().find_map(|l| l.trim().strip_prefix("Version:"))?;
    let core = line.trim().split(['+', '-']).next()?;
    semver::Version::parse(core).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn package_json_pins_the_same_solc() {
        let manifest = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../package.json")).unwrap();
        let json: serde_json::Value = serde_json::from_str(&manifest).unwrap();
        assert_eq!(json["dependencies"]["solc"], PINNED_SOLC_VERSION);
    }

    #[test]
    fn reads_the_version_from_solc_output() {
        let output = "solc, the solidity compiler commandline interface\nVersion: 0.8.37+commit.a1b79de6.Linux.g++\n";
        assert_eq!(parse_version_output(output), Some(semver::Version::new(0, 8, 37)));
        assert_eq!(parse_version_output("solc-select: no version installed"), None);
    }

    /// Writes an executable `solc` script into a fresh directory of its own, which the caller removes.
    #[cfg(unix)]
    fn fake_solc(name: &str, body: &str) -> (PathBuf, PathBuf) {
        use std::os::unix::fs::PermissionsExt;
        let dir = std::env::temp_dir().join(format!("marubatsu-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let shim = dir.join("solc");
        std::fs::write(&shim, format!("#!/bin/sh\n{body}\n")).unwrap();
        std::fs::set_permissions(&shim, std::fs::Permissions::from_mode(0o755)).unwrap();
        (dir, shim)
    }

    #[cfg(unix)]
    #[test]
    fn a_solc_on_path_that_hangs_is_given_up_on() {
        let (dir, shim) = fake_solc("hanging-solc", "sleep 30; echo 'Version: 0.8.37+commit.0'");
        let started = Instant::now();
        let version = probe_version(&shim, Duration::from_millis(300));
        let waited = started.elapsed();
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(version, None);
        assert!(waited < Duration::from_secs(20), "waited {waited:?}");
    }

    #[cfg(unix)]
    #[test]
    fn a_script_named_solc_is_taken_for_a_shim() {
        let (dir, shim) = fake_solc("shim-solc", "exec python3 -m solc_select");
        let script = is_script(&shim);
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(script);
        // This test binary is a compiled executable, as a native solc is.
        assert!(!is_script(&std::env::current_exe().unwrap()));
    }

    #[cfg(unix)]
    #[test]
    fn a_quick_solc_on_path_is_read() {
        let (dir, shim) = fake_solc("quick-solc", "echo 'Version: 0.8.37+commit.0.Linux'");
        let version = probe_version(&shim, Duration::from_secs(10));
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(version, Some(semver::Version::new(0, 8, 37)));
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

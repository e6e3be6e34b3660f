//! A Foundry project as forge reads it: the nearest `foundry.toml` upwards, its profile (`FOUNDRY_PROFILE`, falling
//! back key by key to `[profile.default]`), and forge's defaults for every key it leaves out.

use std::path::{Path, PathBuf};

use foundry_compilers::artifacts::{BytecodeHash, EvmVersion, remappings::Remapping};
use toml_edit::{Document, Item};

use crate::error::CompileError;

/// The environment variable forge reads to pick a profile of `foundry.toml`.
pub const FOUNDRY_PROFILE_VAR: &str = "FOUNDRY_PROFILE";

/// The compiler a project's `solc` (or `solc_version`) key names: a version, or a path to a binary.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolcSetting {
    /// A version, to be found (PATH, svm, solc-js).
    Version(semver::Version),
    /// A binary, relative paths taken from the project root.
    Path(PathBuf),
}

/// A Foundry project: where its sources and forge's output are, and the compiler settings forge would use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FoundryProject {
    root: PathBuf,
    profile: String,
    src: PathBuf,
    out: PathBuf,
    cache_path: PathBuf,
    libs: Vec<PathBuf>,
    remappings: Vec<Remapping>,
    solc: Option<SolcSetting>,
    optimizer: bool,
    optimizer_runs: usize,
    evm_version: EvmVersion,
    via_ir: bool,
    bytecode_hash: BytecodeHash,
    cbor_metadata: bool,
    toolkit_cache: Option<PathBuf>,
}

/// forge's `evm_version` when `foundry.toml` names none (`forge config --json` of forge 1.7).
pub const FORGE_DEFAULT_EVM_VERSION: EvmVersion = EvmVersion::Osaka;

impl FoundryProject {
    /// The project whose `foundry.toml` is in `start` or the nearest folder above it, as forge finds it.
    pub fn locate(start: &Path) -> Result<Self, CompileError> {
        let start = if start.is_absolute() {
            start.to_path_buf()
        } else {
            std::env::current_dir()
                .map(|dir| dir.join(start))
                .unwrap_or_else(|_| start.to_path_buf())
        };
        match start.ancestors().find(|dir| dir.join("foundry.toml").is_file()) {
            Some(root) => Self::at(root),
            None => Err(CompileError::NoFoundryProject { start }),
        }
    }

    /// The project rooted at `root`, which must hold a `foundry.toml`.
    pub fn at(root: impl Into<PathBuf>) -> Result<Self, CompileError> {
        let root = root.into();
        let root = if root.is_absolute() {
            root
        } else {
            std::env::current_dir().map(|dir| dir.join(&root)).unwrap_or(root)
        };
        // foundry-compilers names sources by their canonical paths; the root must be spelled the same way.
        let root = root.canonicalize().unwrap_or(root);
        let path = root.join("foundry.toml");
        if !path.is_file() {
            return Err(CompileError::NoFoundryProject { start: root });
        }
        let text = std::fs::read_to_string(&path).map_err(|source| CompileError::Io {
            action: "reading",
            path: path.clone(),
            source,
        })?;
        let profile = std::env::var(FOUNDRY_PROFILE_VAR)
            .ok()
            .filter(|p| !p.is_empty())
            .unwrap_or_else(|| "default".to_owned());
        Self::from_toml(root, &path, &text, &profile)
    }

    fn from_toml(root: PathBuf, path: &Path, text: &str, profile: &str) -> Result<Self, CompileError> {
        let bad = |reason: String| CompileError::FoundryToml {
            path: path.to_path_buf(),
            reason,
        };
        let document: Document<String> = text
            .to_owned()
            .parse()
            .map_err(|err: toml_edit::TomlError| bad(err.message().to_owned()))?;
        let keys = Profile {
            chosen: document.get("profile").and_then(|p| p.get(profile)),
            default: document.get("profile").and_then(|p| p.get("default")),
            name: profile,
        };
        if profile != "default" && keys.chosen.is_none() {
            return Err(bad(format!(
                "{FOUNDRY_PROFILE_VAR}={profile} but there is no [profile.{profile}]"
            )));
        }
        let string = |key: &str| -> Result<Option<String>, CompileError> {
            keys.get(key)
                .map(|item| {
                    item.as_str()
                        .map(str::to_owned)
                        .ok_or_else(|| bad(format!("[profile.{}] {key} must be a string", keys.name)))
                })
                .transpose()
        };
        let boolean = |key: &str, default: bool| -> Result<bool, CompileError> {
            keys.get(key).map_or(Ok(default), |item| {
                item.as_bool()
                    .ok_or_else(|| bad(format!("[profile.{}] {key} must be true or false", keys.name)))
            })
        };
        let strings = |key: &str| -> Result<Option<Vec<String>>, CompileError> {
            keys.get(key)
                .map(|item| {
                    item.as_array()
                        .and_then(|array| array.iter().map(|v| v.as_str().map(str::to_owned)).collect())
                        .ok_or_else(|| bad(format!("[profile.{}] {key} must be a list of strings", keys.name)))
                })
                .transpose()
        };

        let src = PathBuf::from(string("src")?.unwrap_or_else(|| "src".to_owned()));
        let out = PathBuf::from(string("out")?.unwrap_or_else(|| "out".to_owned()));
        let cache_path = PathBuf::from(string("cache_path")?.unwrap_or_else(|| "cache".to_owned()));
        let libs: Vec<PathBuf> = strings("libs")?
            .unwrap_or_else(|| vec!["lib".to_owned()])
            .into_iter()
            .map(PathBuf::from)
            .collect();
        let solc = match string("solc")?.or(string("solc_version")?) {
            None => None,
            Some(text) => Some(match semver::Version::parse(text.trim_start_matches('=')) {
                Ok(version) => SolcSetting::Version(version),
                Err(_) if text.contains('/') || text.contains('\\') => SolcSetting::Path(root.join(text)),
                Err(err) => {
                    return Err(bad(format!(
                        "solc = {text:?} is neither a version (x.y.z) nor a path: {err}"
                    )));
                }
            }),
        };
        let optimizer_runs = match keys.get("optimizer_runs") {
            None => 200,
            Some(item) => item
                .as_integer()
                .and_then(|runs| usize::try_from(runs).ok())
                .ok_or_else(|| bad(format!("[profile.{}] optimizer_runs must be a whole number", keys.name)))?,
        };
        let evm_version = match string("evm_version")? {
            None => FORGE_DEFAULT_EVM_VERSION,
            Some(name) => name
                .parse()
                .map_err(|err: String| bad(format!("evm_version = {name:?}: {err}")))?,
        };
        let bytecode_hash = match string("bytecode_hash")? {
            None => BytecodeHash::Ipfs,
            Some(name) => name
                .parse()
                .map_err(|err: String| bad(format!("bytecode_hash = {name:?}: {err}")))?,
        };

        let remappings = remappings(&root, &libs, strings("remappings")?.unwrap_or_default(), &bad)?;
        Ok(Self {
            profile: profile.to_owned(),
            src,
            out,
            cache_path,
            libs,
            remappings,
            solc,
            optimizer: boolean("optimizer", false)?,
            optimizer_runs,
            evm_version,
            via_ir: boolean("via_ir", false)?,
            bytecode_hash,
            cbor_metadata: boolean("cbor_metadata", true)?,
            toolkit_cache: None,
            root,
        })
    }

    /// The folder that holds `foundry.toml`.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The profile read (`FOUNDRY_PROFILE`, else `default`).
    pub fn profile(&self) -> &str {
        &self.profile
    }

    /// The sources folder, relative to the root.
    pub fn src(&self) -> &Path {
        &self.src
    }

    /// forge's artifacts folder, relative to the root.
    pub fn out(&self) -> &Path {
        &self.out
    }

    /// forge's cache folder, relative to the root.
    pub fn cache_path(&self) -> &Path {
        &self.cache_path
    }

    /// The library folders, relative to the root.
    pub fn libs(&self) -> &[PathBuf] {
        &self.libs
    }

    /// The remappings in forge's order of precedence: `foundry.toml`, `remappings.txt`, then those found under
    /// the library folders; paths absolute.
    pub fn remappings(&self) -> &[Remapping] {
        &self.remappings
    }

    /// The compiler `foundry.toml` asks for, if it names one.
    pub fn solc(&self) -> Option<&SolcSetting> {
        self.solc.as_ref()
    }

    /// Whether the optimizer is on.
    pub fn optimizer(&self) -> bool {
        self.optimizer
    }

    /// The optimizer's runs.
    pub fn optimizer_runs(&self) -> usize {
        self.optimizer_runs
    }

    /// The EVM version compiled for.
    pub fn evm_version(&self) -> EvmVersion {
        self.evm_version
    }

    /// Whether the IR pipeline is used.
    pub fn via_ir(&self) -> bool {
        self.via_ir
    }

    /// The metadata hash appended to the code.
    pub fn bytecode_hash(&self) -> BytecodeHash {
        self.bytecode_hash
    }

    /// Whether the CBOR metadata is appended at all.
    pub fn cbor_metadata(&self) -> bool {
        self.cbor_metadata
    }

    /// Uses `dir` as the toolkit's cache folder (where solc-js is installed) instead of the one the environment
    /// names (see [`cache_dir`](crate::compiler::cache_dir)).
    pub fn with_toolkit_cache(mut self, dir: impl Into<PathBuf>) -> Self {
        self.toolkit_cache = Some(dir.into());
        self
    }

    /// The toolkit's cache folder given with [`with_toolkit_cache`](Self::with_toolkit_cache), if any.
    pub fn toolkit_cache(&self) -> Option<&Path> {
        self.toolkit_cache.as_deref()
    }

    /// Where the toolkit compiles and caches, beside forge's cache and apart from forge's `out/`.
    pub fn build_dir(&self) -> PathBuf {
        self.root.join(&self.cache_path).join("marubatsu")
    }
}

/// A profile's keys, with `[profile.default]` under them as forge falls back.
struct Profile<'a> {
    chosen: Option<&'a Item>,
    default: Option<&'a Item>,
    name: &'a str,
}

impl Profile<'_> {
    fn get(&self, key: &str) -> Option<&Item> {
        self.chosen
            .and_then(|table| table.get(key))
            .or_else(|| self.default.and_then(|table| table.get(key)))
    }
}

/// `foundry.toml`'s remappings, then `remappings.txt`'s, then forge's automatic ones for each library folder; the
/// first of a name wins, as in forge.
fn remappings(
    root: &Path,
    libs: &[PathBuf],
    from_toml: Vec<String>,
    bad: &dyn Fn(String) -> CompileError,
) -> Result<Vec<Remapping>, CompileError> {
    let from_file = std::fs::read_to_string(root.join("remappings.txt")).unwrap_or_default();
    let mut found: Vec<Remapping> = Vec::new();
    let written = from_toml.into_iter().chain(
        from_file
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .map(str::to_owned),
    );
    for text in written {
        let mut remapping: Remapping = text.parse().map_err(|err| bad(format!("remapping {text:?}: {err}")))?;
        if !Path::new(&remapping.path).is_absolute() {
            remapping.path = absolute_dir(&root.join(&remapping.path), &remapping.path);
        }
        push_new(&mut found, remapping);
    }
    for lib in libs {
        for remapping in Remapping::find_many(&root.join(lib)) {
            push_new(&mut found, remapping);
        }
    }
    Ok(found)
}

/// `path` as a string, keeping the trailing slash that solc's prefix matching relies on.
fn absolute_dir(path: &Path, written: &str) -> String {
    let mut text = path.display().to_string();
    if written.ends_with('/') && !text.ends_with('/') {
        text.push('/');
    }
    text
}

fn push_new(found: &mut Vec<Remapping>, remapping: Remapping) {
    if !found
        .iter()
        .any(|r| r.name == remapping.name && r.context == remapping.context)
    {
        found.push(remapping);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_project(tag: &str, toml: &str) -> PathBuf {
        let root = std::env::temp_dir().join(format!("marubatsu-foundry-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(&root).unwrap();
        std::fs::write(root.join("foundry.toml"), toml).unwrap();
        root
    }

    fn read(root: &Path, profile: &str) -> Result<FoundryProject, CompileError> {
        let path = root.join("foundry.toml");
        let text = std::fs::read_to_string(&path).unwrap();
        FoundryProject::from_toml(root.to_path_buf(), &path, &text, profile)
    }

    #[test]
    fn an_empty_profile_has_forges_defaults() {
        let root = temp_project("defaults", "[profile.default]\n");
        let project = read(&root, "default").unwrap();
        assert_eq!(project.src(), Path::new("src"));
        assert_eq!(project.out(), Path::new("out"));
        assert_eq!(project.libs(), [PathBuf::from("lib")]);
        assert_eq!(project.solc(), None);
        assert!(!project.optimizer());
        assert_eq!(project.optimizer_runs(), 200);
        assert_eq!(project.evm_version(), EvmVersion::Osaka);
        assert!(!project.via_ir());
        assert_eq!(project.bytecode_hash(), BytecodeHash::Ipfs);
        assert!(project.cbor_metadata());
        assert!(project.remappings().is_empty());
        assert_eq!(project.build_dir(), root.join("cache").join("marubatsu"));
        std::fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn a_named_profile_falls_back_to_default_key_by_key() {
        let root = temp_project(
            "profiles",
            "[profile.default]\nsrc = 'contracts'\noptimizer = true\noptimizer_runs = 777\nsolc_version = '0.8.24'\n\
             [profile.ci]\noptimizer_runs = 5\nevm_version = 'cancun'\nvia_ir = true\n",
        );
        let ci = read(&root, "ci").unwrap();
        assert_eq!(ci.src(), Path::new("contracts"));
        assert!(ci.optimizer());
        assert_eq!(ci.optimizer_runs(), 5);
        assert_eq!(ci.evm_version(), EvmVersion::Cancun);
        assert!(ci.via_ir());
        assert_eq!(ci.solc(), Some(&SolcSetting::Version(semver::Version::new(0, 8, 24))));
        let default = read(&root, "default").unwrap();
        assert_eq!(default.optimizer_runs(), 777);
        assert_eq!(default.evm_version(), EvmVersion::Osaka);
        let missing = read(&root, "nightly").unwrap_err().to_string();
        assert!(missing.contains("[profile.nightly]"), "{missing}");
        std::fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn remappings_come_from_the_file_the_text_file_and_the_libraries_in_that_order() {
        let root = temp_project(
            "remappings",
            "[profile.default]\nremappings = ['solady/=vendor/solady/src/']\n",
        );
        std::fs::write(root.join("remappings.txt"), "# ours\nsolady/=elsewhere/\nmine/=mine/\n").unwrap();
        std::fs::create_dir_all(root.join("lib/forge-std/src")).unwrap();
        std::fs::write(root.join("lib/forge-std/src/Test.sol"), "pragma solidity ^0.8.0;\n").unwrap();
        std::fs::create_dir_all(root.join("lib/solady/src")).unwrap();
        std::fs::write(root.join("lib/solady/src/Lib.sol"), "pragma solidity ^0.8.0;\n").unwrap();
        let project = read(&root, "default").unwrap();
        let find = |name: &str| {
            project
                .remappings()
                .iter()
                .find(|r| r.name == name)
                .map(|r| r.path.clone())
                .unwrap_or_default()
        };
        assert_eq!(find("solady/"), format!("{}/vendor/solady/src/", root.display()));
        assert_eq!(find("mine/"), format!("{}/mine/", root.display()));
        assert_eq!(find("forge-std/"), format!("{}/lib/forge-std/src/", root.display()));
        assert_eq!(project.remappings().len(), 3, "{:?}", project.remappings());
        std::fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn bad_values_are_named() {
        let root = temp_project("bad", "[profile.default]\noptimizer = 'yes'\n");
        let err = read(&root, "default").unwrap_err().to_string();
        assert!(err.contains("optimizer must be true or false"), "{err}");
        std::fs::write(
            root.join("foundry.toml"),
            "[profile.default]\nevm_version = 'tomorrow'\n",
        )
        .unwrap();
        let err = read(&root, "default").unwrap_err().to_string();
        assert!(err.contains("tomorrow"), "{err}");
        std::fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn the_toolkits_own_foundry_toml_has_the_toolkits_settings() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let project = FoundryProject::at(root.canonicalize().unwrap()).unwrap();
        assert_eq!(project.src(), Path::new("contracts"));
        assert!(project.optimizer());
        assert_eq!(project.optimizer_runs(), super::super::OPTIMIZER_RUNS);
        assert_eq!(project.evm_version(), crate::compiler::EVM_VERSION);
        assert_eq!(project.bytecode_hash(), BytecodeHash::None);
        assert!(!project.cbor_metadata());
        assert!(!project.via_ir());
        assert!(project.remappings().is_empty());
    }
}

//! forge's build artifacts (`out/<File>.sol/<Name>.json`), used when forge's own cache says they are up to date:
//! the content hash it recorded for the source and for every file it imports equals the files' text today.

use std::{
    collections::BTreeSet,
    path::{Path, PathBuf},
};

use alloy_primitives::Bytes;
use foundry_compilers::{
    artifacts::Source,
    cache::{CacheEntry, CompilerCache, SOLIDITY_FILES_CACHE_FILENAME},
};

use super::{artifacts::CompiledContract, foundry::FoundryProject};
use crate::error::CompileError;

/// What forge's `out/` has for one contract.
#[derive(Debug)]
pub(super) enum ForgeLookup {
    /// An up-to-date artifact, and its path relative to the project root.
    Fresh(CompiledContract, PathBuf),
    /// An artifact exists but may not be what the sources compile to today; why, in words.
    Stale(String),
    /// forge has built nothing for this contract.
    Absent,
}

/// forge's artifact for `name` in `source` (relative to the root), if it is there and up to date.
pub(super) fn forge_artifact(project: &FoundryProject, source: &Path, name: &str) -> Result<ForgeLookup, CompileError> {
    let root = project.root();
    let file_name = source.file_name().map(PathBuf::from).unwrap_or_default();
    // forge's usual place; its cache says where exactly when two sources share a file name.
    let usual = project.out().join(&file_name).join(format!("{name}.json"));
    let cache_path = root.join(project.cache_path()).join(SOLIDITY_FILES_CACHE_FILENAME);
    let stale_if_built = |reason: String| {
        if root.join(&usual).is_file() {
            ForgeLookup::Stale(reason)
        } else {
            ForgeLookup::Absent
        }
    };
    if !cache_path.is_file() {
        return Ok(stale_if_built(format!(
            "forge's cache {} is missing",
            relative(root, &cache_path)
        )));
    }
    let cache = match read_cache(&cache_path) {
        Ok(cache) => cache,
        Err(reason) => return Ok(stale_if_built(reason)),
    };
    let Some(entry) = cache.files.get(source) else {
        return Ok(stale_if_built(format!(
            "forge's cache has no entry for {}",
            source.display()
        )));
    };
    let Some(artifact) = entry.find_artifact_path(name) else {
        return Ok(stale_if_built(format!(
            "forge's cache lists no artifact of {name} in {}",
            source.display()
        )));
    };
    let artifact = project.out().join(artifact);
    if !root.join(&artifact).is_file() {
        return Ok(ForgeLookup::Absent);
    }
    if let Some(reason) = changed_since(root, &cache, source) {
        return Ok(ForgeLookup::Stale(reason));
    }
    if let Some(reason) = settings_changed(project, &cache, entry, name) {
        return Ok(ForgeLookup::Stale(reason));
    }
    let contract = read_artifact(root, &artifact, source, name)?;
    Ok(ForgeLookup::Fresh(contract, artifact))
}

fn read_cache(path: &Path) -> Result<CompilerCache<serde_json::Value>, String> {
    let text =
        std::fs::read_to_string(path).map_err(|err| format!("reading forge's cache {}: {err}", path.display()))?;
    serde_json::from_str(&text).map_err(|err| format!("forge's cache {} does not parse: {err}", path.display()))
}

/// Why the recorded build of `source` is out of date, if it is: a file among it and its imports (as forge
/// recorded them) whose text no longer has the content hash forge recorded, or that has no entry.
fn changed_since(root: &Path, cache: &CompilerCache<serde_json::Value>, source: &Path) -> Option<String> {
    let mut seen = BTreeSet::new();
    let mut pending = vec![source.to_path_buf()];
    while let Some(file) = pending.pop() {
        if !seen.insert(file.clone()) {
            continue;
        }
        let Some(entry) = cache.files.get(&file) else {
            return Some(format!("forge's cache has no entry for {}", file.display()));
        };
        let Ok(text) = std::fs::read_to_string(root.join(&file)) else {
            return Some(format!("{} is gone since forge build", file.display()));
        };
        if Source::content_hash_of(&text) != entry.content_hash {
            return Some(format!("{} changed since forge build", file.display()));
        }
        pending.extend(entry.imports.iter().cloned());
    }
    None
}

/// Why the settings forge built with differ from what `foundry.toml` says today, if they do (an edit to
/// `foundry.toml` since `forge build`): the optimizer, its runs, the EVM version, the IR pipeline and the metadata.
fn settings_changed(
    project: &FoundryProject,
    cache: &CompilerCache<serde_json::Value>,
    entry: &CacheEntry,
    name: &str,
) -> Option<String> {
    let profile = entry.artifacts.get(name)?.values().next()?.keys().next()?;
    let built = &cache.profiles.get(profile)?["solc"];
    let today = serde_json::to_value(project.solc_settings().settings).ok()?;
    let read = |settings: &serde_json::Value, pointer: &str| settings.pointer(pointer).cloned();
    let checks: [(&str, &str, serde_json::Value); 6] = [
        ("optimizer", "/optimizer/enabled", serde_json::Value::Bool(false)),
        ("optimizer_runs", "/optimizer/runs", serde_json::Value::Null),
        ("evm_version", "/evmVersion", serde_json::Value::Null),
        ("via_ir", "/viaIR", serde_json::Value::Bool(false)),
        (
            "bytecode_hash",
            "/metadata/bytecodeHash",
            serde_json::Value::String("ipfs".to_owned()),
        ),
        ("cbor_metadata", "/metadata/appendCBOR", serde_json::Value::Bool(true)),
    ];
    checks.into_iter().find_map(|(key, pointer, absent)| {
        let then = read(built, pointer).unwrap_or_else(|| absent.clone());
        let now = read(&today, pointer).unwrap_or(absent);
        // EVM versions are spelled in either case depending on who serialised them.
        let same = match (&then, &now) {
            (serde_json::Value::String(a), serde_json::Value::String(b)) => a.eq_ignore_ascii_case(b),
            _ => then == now,
        };
        (!same).then(|| format!("foundry.toml's {key} is {now} now, forge built with {then}"))
    })
}

fn read_artifact(root: &Path, artifact: &Path, source: &Path, name: &str) -> Result<CompiledContract, CompileError> {
    let path = root.join(artifact);
    let bad = |reason: String| CompileError::BadArtifact {
        path: artifact.to_path_buf(),
        reason,
    };
    let text = std::fs::read_to_string(&path).map_err(|source| CompileError::Io {
        action: "reading",
        path: path.clone(),
        source,
    })?;
    let json: serde_json::Value = serde_json::from_str(&text).map_err(|err| bad(format!("not JSON: {err}")))?;
    let code = |key: &str| -> Result<Bytes, CompileError> {
        let object = json[key]["object"]
            .as_str()
            .ok_or_else(|| bad(format!("no {key}.object")))?;
        if object.contains("__$") {
            return Err(bad(format!(
                "its {key} needs libraries linked in, which the toolkit does not do; make the library functions internal"
            )));
        }
        object
            .parse()
            .map_err(|err| bad(format!("{key}.object is not hex: {err}")))
    };
    Ok(CompiledContract {
        name: name.to_owned(),
        source: source.to_path_buf(),
        bytecode: code("bytecode")?,
        deployed_bytecode: code("deployedBytecode")?,
        abi: json.get("abi").cloned().ok_or_else(|| bad("no abi".to_owned()))?,
    })
}

fn relative(root: &Path, path: &Path) -> String {
    path.strip_prefix(root).unwrap_or(path).display().to_string()
}

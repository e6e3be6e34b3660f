//! Finding a compiler for a Foundry project's source without the toolkit's checkout: the version it wants, then
//! an explicit binary, a native solc on `PATH`, Foundry's svm, the checkout's solc-js, or solc-js installed into
//! the toolkit's own cache folder.

use std::path::{Path, PathBuf};

use foundry_compilers::{resolver::parse::SolData, solc::Solc};

use super::{
    foundry::{FoundryProject, SolcSetting},
    npm,
    solc::{self, PINNED_SOLC_VERSION, SolcSource},
    workspace::Workspace,
};
use crate::error::CompileError;

/// The environment variable that names the toolkit's cache folder (solc-js installs); else
/// `$XDG_CACHE_HOME/marubatsu`, else `~/.cache/marubatsu`.
pub const CACHE_DIR_VAR: &str = "MARUBATSU_CACHE_DIR";

/// The wrapper that makes solc-js answer as native solc does; written beside each solc-js the toolkit installs.
const SOLC_WRAPPER_JS: &str = include_str!("../../../../script/solc-wrapper.js");

/// The solc version to compile `source` (relative to the root) with: `foundry.toml`'s if it names one, else the
/// pinned version if the source's pragma allows it.
pub(super) fn wanted_version(project: &FoundryProject, source: &Path) -> Result<semver::Version, CompileError> {
    if let Some(SolcSetting::Version(version)) = project.solc() {
        return Ok(version.clone());
    }
    let pinned = pinned();
    let file = project.root().join(source);
    let text = std::fs::read_to_string(&file).map_err(|source| CompileError::Io {
        action: "reading",
        path: file.clone(),
        source,
    })?;
    let data = SolData::parse(&text, &file);
    match data.version_req {
        Some(requirement) if !requirement.matches(&pinned) => Err(CompileError::NoSolcVersion {
            path: source.to_path_buf(),
            requirement: data.version.map(|v| v.data).unwrap_or_else(|| requirement.to_string()),
            pinned: PINNED_SOLC_VERSION,
        }),
        _ => Ok(pinned),
    }
}

fn pinned() -> semver::Version {
    // A constant of this crate; its tests parse it.
    semver::Version::parse(PINNED_SOLC_VERSION).unwrap_or_else(|_| semver::Version::new(0, 8, 0))
}

/// A compiler for `project`, in the order the toolkit tries them (see the module's documentation). `wanted` is
/// only needed, and its error only reported, when no compiler is named explicitly.
pub(super) fn find_solc(
    project: &FoundryProject,
    flag: Option<PathBuf>,
    wanted: Result<semver::Version, CompileError>,
) -> Result<(SolcSource, Solc), CompileError> {
    if let Some((path, origin)) = solc::explicit(flag) {
        return solc::explicit_solc(path, origin);
    }
    if let Some(SolcSetting::Path(path)) = project.solc() {
        return solc::explicit_solc(path.clone(), "foundry.toml");
    }
    let wanted = &wanted?;
    if let Some(native) = solc::native_solc_on_path(wanted) {
        return Ok(native);
    }
    if let Some(svm) = svm_solc(wanted) {
        return Ok(svm);
    }
    if let Ok(workspace) = Workspace::at(project.root())
        && *wanted == pinned()
        && workspace.solc_wrapper().is_file()
        && is_toolkit_checkout(workspace.root())
    {
        return solc::provision_solc_js(&workspace);
    }
    let cache = match project.toolkit_cache() {
        Some(dir) => dir.to_path_buf(),
        None => cache_dir()?,
    };
    cached_solc_js(&cache, wanted)
}

/// The package name of the toolkit's own `package.json`.
const TOOLKIT_PACKAGE: &str = "marubatsu-tools";

/// Whether `root` is the toolkit's checkout (its `package.json` is the toolkit's): only there does the toolkit run
/// `npm ci`; a user's project that copied a `package.json` gets nothing installed into it.
pub(super) fn is_toolkit_checkout(root: &Path) -> bool {
    std::fs::read_to_string(root.join("package.json"))
        .ok()
        .and_then(|text| serde_json::from_str::<serde_json::Value>(&text).ok())
        .is_some_and(|manifest| manifest["name"] == TOOLKIT_PACKAGE)
}

/// The binary svm (Foundry's solc version manager) keeps: `~/.svm/<v>/solc-<v>`, or under `$XDG_DATA_HOME/svm`
/// (`~/.local/share/svm`) where newer svm keeps it.
fn svm_solc(wanted: &semver::Version) -> Option<(SolcSource, Solc)> {
    let home = std::env::var_os("HOME").map(PathBuf::from);
    let data = std::env::var_os("XDG_DATA_HOME")
        .map(PathBuf::from)
        .or_else(|| home.as_ref().map(|h| h.join(".local").join("share")));
    let roots = [home.map(|h| h.join(".svm")), data.map(|d| d.join("svm"))];
    roots.into_iter().flatten().find_map(|root| {
        let binary = root.join(wanted.to_string()).join(format!("solc-{wanted}"));
        let version = solc::probe_version(&binary, solc::NATIVE_PROBE_LIMIT)?;
        (version == *wanted).then(|| (SolcSource::Svm(binary.clone()), Solc::new_with_version(binary, version)))
    })
}

/// The toolkit's cache folder: `MARUBATSU_CACHE_DIR`, else `$XDG_CACHE_HOME/marubatsu`, else `~/.cache/marubatsu`.
pub fn cache_dir() -> Result<PathBuf, CompileError> {
    let named = |var: &str| std::env::var_os(var).filter(|v| !v.is_empty()).map(PathBuf::from);
    named(CACHE_DIR_VAR)
        .or_else(|| named("XDG_CACHE_HOME").map(|dir| dir.join("marubatsu")))
        .or_else(|| named("HOME").map(|home| home.join(".cache").join("marubatsu")))
        .ok_or_else(|| CompileError::Solc(format!("no cache folder: set {CACHE_DIR_VAR} (HOME is not set either)")))
}

/// solc-js `version` under `<cache>/solc-js/<version>/`, installed with npm on first use (never into the user's
/// project), run through the wrapper written beside it so that `require('solc')` finds that install.
pub(super) fn cached_solc_js(cache: &Path, version: &semver::Version) -> Result<(SolcSource, Solc), CompileError> {
    npm::require_tool("node", &version.to_string())?;
    let dir = cache.join("solc-js").join(version.to_string());
    if !solc_js_installed(&dir, version) {
        npm::require_tool("npm", &version.to_string())?;
        let lock_path = cache.join("solc-js").join(format!("{version}.lock"));
        let lock = npm::open_lock(&lock_path)?;
        lock.lock().map_err(|source| CompileError::Io {
            action: "locking",
            path: lock_path.clone(),
            source,
        })?;
        // Another process may have installed it while this one waited for the lock.
        if !solc_js_installed(&dir, version) {
            install_solc_js(&dir, version)?;
        }
    }
    let wrapper = write_wrapper(&dir)?;
    Ok((
        SolcSource::CachedSolcJs(wrapper.clone()),
        Solc::new_with_version(wrapper, version.clone()),
    ))
}

fn solc_js_installed(dir: &Path, version: &semver::Version) -> bool {
    dir.join("node_modules/solc/soljson.js").is_file()
        && npm::installed_solc_js_version(dir).is_ok_and(|installed| installed == *version)
}

fn install_solc_js(dir: &Path, version: &semver::Version) -> Result<(), CompileError> {
    let io = |action: &'static str, path: PathBuf| move |source| CompileError::Io { action, path, source };
    std::fs::create_dir_all(dir).map_err(io("creating", dir.to_path_buf()))?;
    // npm installs into the nearest folder with a package.json: this one, not a project above it.
    let manifest = dir.join("package.json");
    std::fs::write(
        &manifest,
        "{\n  \"name\": \"marubatsu-solc-js\",\n  \"private\": true,\n  \"description\": \"solc-js installed by marubatsu\"\n}\n",
    )
    .map_err(io("writing", manifest.clone()))?;
    eprintln!(
        "marubatsu: installing solc-js {version} into {} with npm (first use)",
        dir.display()
    );
    let output = std::process::Command::new("npm")
        .args(["install", "--no-audit", "--no-fund", "--loglevel=error", "--save-exact"])
        .arg(format!("solc@{version}"))
        .current_dir(dir)
        .output()
        .map_err(io("running npm install in", dir.to_path_buf()))?;
    if !output.status.success() {
        let stderr = String::from_utf8_lossy(&output.stderr);
        let tail: Vec<&str> = stderr.lines().rev().take(12).collect();
        return Err(CompileError::SolcJsInstall {
            version: version.to_string(),
            dir: dir.to_path_buf(),
            status: output.status.to_string(),
            stderr: tail.into_iter().rev().collect::<Vec<_>>().join("\n"),
        });
    }
    Ok(())
}

/// Writes the wrapper into `dir` unless the same text is there: through a temporary file and a rename, so a
/// compile running the old one never reads half a file.
fn write_wrapper(dir: &Path) -> Result<PathBuf, CompileError> {
    let wrapper = dir.join("solc-wrapper.js");
    if std::fs::read_to_string(&wrapper).is_ok_and(|text| text == SOLC_WRAPPER_JS) {
        return Ok(wrapper);
    }
    let temporary = dir.join(format!("solc-wrapper.js.{}", std::process::id()));
    let io = |action: &'static str, path: PathBuf| move |source| CompileError::Io { action, path, source };
    std::fs::write(&temporary, SOLC_WRAPPER_JS).map_err(io("writing", temporary.clone()))?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&temporary, std::fs::Permissions::from_mode(0o755))
            .map_err(io("making executable", temporary.clone()))?;
    }
    std::fs::rename(&temporary, &wrapper).map_err(io("renaming", temporary))?;
    Ok(wrapper)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wanted_version_is_foundry_tomls_else_the_pinned_one_if_the_pragma_allows() {
        let root = std::env::temp_dir().join(format!("marubatsu-wanted-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(root.join("src")).unwrap();
        std::fs::write(root.join("foundry.toml"), "[profile.default]\n").unwrap();
        std::fs::write(
            root.join("src/Open.sol"),
            "pragma solidity ^0.8.20;\ncontract Open {}\n",
        )
        .unwrap();
        std::fs::write(root.join("src/Old.sol"), "pragma solidity 0.7.6;\ncontract Old {}\n").unwrap();
        let project = FoundryProject::at(&root).unwrap();
        assert_eq!(wanted_version(&project, Path::new("src/Open.sol")).unwrap(), pinned());
        let refused = wanted_version(&project, Path::new("src/Old.sol"))
            .unwrap_err()
            .to_string();
        assert!(
            refused.contains("0.7.6") && refused.contains("solc_version") && refused.contains("--solc"),
            "{refused}"
        );

        std::fs::write(root.join("foundry.toml"), "[profile.default]\nsolc = '0.7.6'\n").unwrap();
        let project = FoundryProject::at(&root).unwrap();
        assert_eq!(
            wanted_version(&project, Path::new("src/Old.sol")).unwrap(),
            semver::Version::new(0, 7, 6)
        );
        std::fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn only_the_toolkits_own_package_json_counts_as_the_checkout() {
        let checkout = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        assert!(is_toolkit_checkout(&checkout));
        let dir = std::env::temp_dir().join(format!("marubatsu-copied-package-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(
            dir.join("package.json"),
            r#"{"name": "my-dapp", "dependencies": {"solc": "0.8.37"}}"#,
        )
        .unwrap();
        let copied = is_toolkit_checkout(&dir);
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(!copied);
    }

    #[test]
    fn the_wrapper_is_written_once_and_executable() {
        let dir = std::env::temp_dir().join(format!("marubatsu-wrapper-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let wrapper = write_wrapper(&dir).unwrap();
        assert_eq!(std::fs::read_to_string(&wrapper).unwrap(), SOLC_WRAPPER_JS);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            assert_eq!(std::fs::metadata(&wrapper).unwrap().permissions().mode() & 0o111, 0o111);
        }
        std::fs::write(&wrapper, "stale").unwrap();
        write_wrapper(&dir).unwrap();
        assert_eq!(std::fs::read_to_string(&wrapper).unwrap(), SOLC_WRAPPER_JS);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

//! Installs the pinned Node packages (solc-js, Foundry's tools, and what the tests inject into pages) with
//! `npm ci` on first use, and again when `package.json` names a package that is not installed yet.

use std::{fs::File, path::Path, process::Command};

use crate::error::CompileError;

/// Makes sure `node_modules/solc` and every other package `package.json` names exist under `root`, running
/// `npm ci` once if one does not. A lock file keeps concurrent test processes from installing over each other.
pub(super) fn ensure_solc_js(root: &Path) -> Result<(), CompileError> {
    require_tool("node", super::solc::PINNED_SOLC_VERSION)?;
    if solc_js_installed(root) {
        return Ok(());
    }
    require_tool("npm", super::solc::PINNED_SOLC_VERSION)?;
    let lock_path = root.join("target").join("npm-install.lock");
    let lock = open_lock(&lock_path)?;
    lock.lock().map_err(|source| CompileError::Io {
        action: "locking",
        path: lock_path.clone(),
        source,
    })?;
    // Another process may have finished the install while this one waited for the lock.
    if solc_js_installed(root) {
        return Ok(());
    }
    eprintln!(
        "marubatsu: installing solc-js and Foundry's tools with `npm ci` (first use; the packages are pinned in package-lock.json)"
    );
    let output = Command::new("npm")
        .args(["ci", "--no-audit", "--no-fund", "--loglevel=error"])
        .current_dir(root)
        .output()
        .map_err(|source| CompileError::Io {
            action: "running npm ci in",
            path: root.to_path_buf(),
            source,
        })?;
    if !output.status.success() {
        let stderr = String::from_utf8_lossy(&output.stderr);
        let tail: Vec<&str> = stderr.lines().rev().take(12).collect();
        return Err(CompileError::NpmInstall {
            dir: root.to_path_buf(),
            status: output.status.to_string(),
            stderr: tail.into_iter().rev().collect::<Vec<_>>().join("\n"),
        });
    }
    Ok(())
}

/// The version of the installed npm package `solc`, from its `package.json`.
pub(super) fn installed_solc_js_version(root: &Path) -> Result<semver::Version, CompileError> {
    let manifest = root.join("node_modules").join("solc").join("package.json");
    let text = std::fs::read_to_string(&manifest).map_err(|source| CompileError::Io {
        action: "reading",
        path: manifest.clone(),
        source,
    })?;
    let json: serde_json::Value = serde_json::from_str(&text)
        .map_err(|err| CompileError::Solc(format!("{} is not valid JSON: {err}", manifest.display())))?;
    json["version"]
        .as_str()
        .and_then(|v| semver::Version::parse(v).ok())
        .ok_or_else(|| CompileError::Solc(format!("{} has no valid \"version\"", manifest.display())))
}

fn solc_js_installed(root: &Path) -> bool {
    root.join("node_modules").join("solc").join("soljson.js").is_file() && declared_packages_installed(root)
}

/// Whether every dependency `package.json` declares has its folder in `node_modules`: a checkout that gained a
/// package since its last `npm ci` installs again instead of failing later where the package is used. An
/// unreadable `package.json` is left for `npm ci` to report.
fn declared_packages_installed(root: &Path) -> bool {
    let Ok(text) = std::fs::read_to_string(root.join("package.json")) else {
        return true;
    };
    let Ok(manifest) = serde_json::from_str::<serde_json::Value>(&text) else {
        return true;
    };
    ["dependencies", "devDependencies"]
        .iter()
        .filter_map(|section| manifest[section].as_object())
        .flat_map(|deps| deps.keys())
        .all(|name| root.join("node_modules").join(name).join("package.json").is_file())
}

/// Creates the compile output folder `build` and holds its `compile.lock` until the returned file is dropped:
/// several processes (test binaries, commands) may compile the same project at once, and foundry-compilers'
/// cache is not safe against that.
pub(super) fn lock_build_dir(build: &Path) -> Result<File, CompileError> {
    std::fs::create_dir_all(build).map_err(|source| CompileError::Io {
        action: "creating",
        path: build.to_path_buf(),
        source,
    })?;
    let lock_path = build.join("compile.lock");
    let lock = open_lock(&lock_path)?;
    lock.lock().map_err(|source| CompileError::Io {
        action: "locking",
        path: lock_path,
        source,
    })?;
    Ok(lock)
}

pub(super) fn open_lock(path: &Path) -> Result<File, CompileError> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|source| CompileError::Io {
            action: "creating",
            path: dir.to_path_buf(),
            source,
        })?;
    }
    File::options()
        .create(true)
        .truncate(false)
        .write(true)
        .open(path)
        .map_err(|source| CompileError::Io {
            action: "opening",
            path: path.to_path_buf(),
            source,
        })
}

pub(super) fn require_tool(tool: &'static str, version: &str) -> Result<(), CompileError> {
    let found = Command::new(tool)
        .arg("--version")
        .output()
        .is_ok_and(|out| out.status.success());
    if found {
        Ok(())
    } else {
        Err(CompileError::MissingNode {
            tool,
            version: version.to_owned(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::declared_packages_installed;

    #[test]
    fn a_package_named_in_package_json_but_not_installed_asks_for_an_install() {
        let root = std::env::temp_dir().join(format!("marubatsu-npm-check-{}", std::process::id()));
        let installed = root.join("node_modules").join("solc");
        std::fs::create_dir_all(&installed).unwrap();
        std::fs::write(installed.join("package.json"), "{}").unwrap();
        let manifest = r#"{"dependencies": {"solc": "0.8.37"}, "devDependencies": {"axe-core": "4.14.1"}}"#;
        std::fs::write(root.join("package.json"), manifest).unwrap();
        assert!(!declared_packages_installed(&root), "axe-core is missing");

        let added = root.join("node_modules").join("axe-core");
        std::fs::create_dir_all(&added).unwrap();
        std::fs::write(added.join("package.json"), "{}").unwrap();
        assert!(declared_packages_installed(&root), "both are installed");
        std::fs::remove_dir_all(&root).unwrap();
    }
}

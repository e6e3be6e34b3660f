//! `--contract <path>:<Name>` or `<Name>`, as `forge create` takes it, and finding the source it names.

use std::{
    fmt,
    path::{Path, PathBuf},
    str::FromStr,
};

use foundry_compilers::resolver::parse::SolData;

use crate::error::CompileError;

/// A contract named as `forge create` names it: `<path>:<Name>`, or `<Name>` alone when one source declares it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ContractSpec {
    /// The source file, relative to the project root or to the current directory; `None` for a bare name.
    pub path: Option<PathBuf>,
    /// The contract's name.
    pub name: String,
}

impl FromStr for ContractSpec {
    type Err = CompileError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let bad = |reason| CompileError::BadContractSpec {
            spec: text.to_owned(),
            reason,
        };
        let text_trimmed = text.trim();
        if text_trimmed.is_empty() {
            return Err(bad("it is empty"));
        }
        // The last colon splits: a path may hold one (a Windows drive), a Solidity name never does.
        let (path, name) = match text_trimmed.rsplit_once(':') {
            Some((path, name)) => {
                if path.is_empty() {
                    return Err(bad("the path before ':' is empty"));
                }
                (Some(PathBuf::from(path)), name)
            }
            None => (None, text_trimmed),
        };
        if name.is_empty() {
            return Err(bad("the contract name after ':' is empty"));
        }
        if path.is_none() && (name.ends_with(".sol") || name.contains('/')) {
            return Err(bad("a file alone names no contract"));
        }
        if !is_identifier(name) {
            return Err(bad("the contract name is not a Solidity identifier"));
        }
        Ok(Self {
            path,
            name: name.to_owned(),
        })
    }
}

impl fmt::Display for ContractSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.path {
            Some(path) => write!(f, "{}:{}", path.display(), self.name),
            None => f.write_str(&self.name),
        }
    }
}

fn is_identifier(name: &str) -> bool {
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_' || c == '$')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$')
}

/// The contracts, interfaces and libraries a Solidity source declares, in order.
pub(super) fn declared_contracts(file: &Path) -> Result<Vec<String>, CompileError> {
    let text = std::fs::read_to_string(file).map_err(|source| CompileError::Io {
        action: "reading",
        path: file.to_path_buf(),
        source,
    })?;
    Ok(SolData::parse(&text, file).contract_names)
}

/// The source `spec` names, relative to `root`: its path checked (under `root`, else under the current directory
/// but inside `root`) and the name found in it, or the one file under `src` that declares a bare name.
pub(super) fn find_source(root: &Path, src: &Path, spec: &ContractSpec) -> Result<PathBuf, CompileError> {
    match &spec.path {
        Some(path) => {
            let relative = root_relative(root, path)?;
            let declared = declared_contracts(&root.join(&relative))?;
            if declared.contains(&spec.name) {
                Ok(relative)
            } else {
                Err(CompileError::NotInFile {
                    path: relative,
                    name: spec.name.clone(),
                    available: if declared.is_empty() {
                        "nothing".to_owned()
                    } else {
                        declared.join(", ")
                    },
                })
            }
        }
        None => {
            let mut found = Vec::new();
            for file in solidity_files(&root.join(src))? {
                if declared_contracts(&file)?.contains(&spec.name) {
                    found.push(file.strip_prefix(root).map(Path::to_path_buf).unwrap_or(file));
                }
            }
            match found.len() {
                0 => Err(CompileError::NameNotFound {
                    name: spec.name.clone(),
                    dir: src.to_path_buf(),
                }),
                1 => Ok(found.remove(0)),
                _ => Err(CompileError::AmbiguousName {
                    name: spec.name.clone(),
                    files: found
                        .iter()
                        .map(|f| f.display().to_string())
                        .collect::<Vec<_>>()
                        .join(", "),
                }),
            }
        }
    }
}

/// `path` as forge reads it (relative to the project root), or else relative to the current directory, as a
/// path relative to the root.
fn root_relative(root: &Path, path: &Path) -> Result<PathBuf, CompileError> {
    let missing = || CompileError::NoSourceFile {
        path: path.to_path_buf(),
        root: root.to_path_buf(),
    };
    let canonical_root = root.canonicalize().map_err(|_| missing())?;
    let candidates = [
        root.join(path),
        std::env::current_dir().map(|dir| dir.join(path)).unwrap_or_default(),
    ];
    let file = candidates
        .iter()
        .filter(|candidate| candidate.is_file())
        .find_map(|candidate| candidate.canonicalize().ok())
        .ok_or_else(missing)?;
    file.strip_prefix(&canonical_root)
        .map(Path::to_path_buf)
        .map_err(|_| CompileError::NoSourceFile {
            path: file.clone(),
            root: root.to_path_buf(),
        })
}

/// Every `.sol` file under `dir`, in a stable order; none when `dir` does not exist.
pub(super) fn solidity_files(dir: &Path) -> Result<Vec<PathBuf>, CompileError> {
    let mut files = Vec::new();
    if !dir.is_dir() {
        return Ok(files);
    }
    let mut pending = vec![dir.to_path_buf()];
    while let Some(dir) = pending.pop() {
        let entries = std::fs::read_dir(&dir).map_err(|source| CompileError::Io {
            action: "listing",
            path: dir.clone(),
            source,
        })?;
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|ext| ext == "sol") {
                files.push(path);
            }
        }
    }
    files.sort();
    Ok(files)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<ContractSpec, String> {
        text.parse::<ContractSpec>().map_err(|err| err.to_string())
    }

    #[test]
    fn path_and_name_split_at_the_last_colon() {
        let spec = parse("src/MySolo.sol:MySolo").unwrap();
        assert_eq!(spec.path, Some(PathBuf::from("src/MySolo.sol")));
        assert_eq!(spec.name, "MySolo");
        assert_eq!(spec.to_string(), "src/MySolo.sol:MySolo");
        let bare = parse("MySolo").unwrap();
        assert_eq!((bare.path, bare.name.as_str()), (None, "MySolo"));
    }

    #[test]
    fn malformed_specs_say_what_is_wrong() {
        for (text, expected) in [
            ("", "empty"),
            ("  ", "empty"),
            ("src/A.sol:", "name after ':' is empty"),
            (":A", "path before ':' is empty"),
            ("src/A.sol", "a file alone names no contract"),
            ("src/A.sol:My-Solo", "not a Solidity identifier"),
            ("1Solo", "not a Solidity identifier"),
        ] {
            let message = parse(text).unwrap_err();
            assert!(message.contains(expected), "{text:?}: {message}");
            assert!(message.contains("<path>:<Name>"), "{text:?}: {message}");
        }
    }

    fn project(files: &[(&str, &str)]) -> PathBuf {
        let root = std::env::temp_dir().join(format!("marubatsu-spec-{}-{}", std::process::id(), files.len()));
        let _ = std::fs::remove_dir_all(&root);
        for (path, text) in files {
            let file = root.join(path);
            std::fs::create_dir_all(file.parent().unwrap()).unwrap();
            std::fs::write(file, text).unwrap();
        }
        root
    }

    #[test]
    fn a_spec_is_found_or_refused_by_what_the_sources_declare() {
        let root = project(&[
            ("src/A.sol", "pragma solidity ^0.8.0;\ncontract A {}\ninterface IA {}\n"),
            (
                "src/nested/B.sol",
                "pragma solidity ^0.8.0;\ncontract B {}\ncontract A2 {}\n",
            ),
            ("src/other/A.sol", "pragma solidity ^0.8.0;\ncontract B {}\n"),
        ]);
        let src = Path::new("src");
        let find = |text: &str| find_source(&root, src, &text.parse().unwrap());

        assert_eq!(find("src/A.sol:A").unwrap(), PathBuf::from("src/A.sol"));
        assert_eq!(find("A2").unwrap(), PathBuf::from("src/nested/B.sol"));

        let not_in_file = find("src/A.sol:B").unwrap_err().to_string();
        assert!(not_in_file.contains("A, IA"), "{not_in_file}");
        let missing = find("src/Nope.sol:A").unwrap_err().to_string();
        assert!(missing.contains("src/Nope.sol"), "{missing}");
        let ambiguous = find("B").unwrap_err().to_string();
        assert!(
            ambiguous.contains("src/nested/B.sol") && ambiguous.contains("src/other/A.sol"),
            "{ambiguous}"
        );
        assert!(ambiguous.contains("<path>:B"), "{ambiguous}");
        let unknown = find("Zed").unwrap_err().to_string();
        assert!(unknown.contains("no contract named Zed"), "{unknown}");
        std::fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn a_path_relative_to_the_current_directory_is_taken_as_well() {
        // cargo runs unit tests in the crate's folder; the project sits under the workspace's target/.
        let here = std::env::current_dir().unwrap();
        // Two levels down, so that the same text read from the root names no file.
        let outer = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../target")
            .join(format!("marubatsu-spec-cwd-{}", std::process::id()));
        let root = outer.join("project");
        std::fs::create_dir_all(root.join("src")).unwrap();
        std::fs::write(root.join("src/Mine.sol"), "pragma solidity ^0.8.0;\ncontract Mine {}\n").unwrap();
        let root = root.canonicalize().unwrap();
        let from_here = pathdiff(&root.join("src/Mine.sol"), &here.canonicalize().unwrap());
        assert!(!root.join(&from_here).exists());
        let spec: ContractSpec = format!("{}:Mine", from_here.display()).parse().unwrap();
        let found = find_source(&root, Path::new("src"), &spec);
        std::fs::remove_dir_all(&outer).unwrap();
        assert_eq!(found.unwrap(), PathBuf::from("src/Mine.sol"));
    }

    /// `path` relative to `base` (both absolute), through `..` where needed.
    fn pathdiff(path: &Path, base: &Path) -> PathBuf {
        let common = path
            .components()
            .zip(base.components())
            .take_while(|(a, b)| a == b)
            .count();
        let ups = base.components().count() - common;
        let mut relative: PathBuf = std::iter::repeat_n("..", ups).collect();
        relative.extend(path.components().skip(common));
        relative
    }
}

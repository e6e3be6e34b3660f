//! Compiler provisioning and the foundry-compilers cache.

use marubatsu_chain::compiler::{Compiler, ContractSet, SolcSource, Workspace};

#[test]
fn an_unchanged_second_compile_is_served_from_the_cache() {
    let compiler = Compiler::locate().unwrap();
    let first = compiler.compile().unwrap();
    let second = compiler.compile().unwrap();
    assert!(
        second.from_cache(),
        "second compile recompiled (first took {:?})",
        first.elapsed()
    );
    assert_eq!(
        first.get("BoardHarness").unwrap().deployed_bytecode,
        second.get("BoardHarness").unwrap().deployed_bytecode
    );
}

#[test]
fn without_a_native_solc_the_toolkit_uses_solc_js_through_the_wrapper() {
    let compiler = Compiler::locate().unwrap();
    let on_path =
        std::env::var_os("PATH").is_some_and(|path| std::env::split_paths(&path).any(|dir| dir.join("solc").is_file()));
    if std::env::var_os("MARUBATSU_SOLC").is_none() && !on_path {
        match compiler.source() {
            SolcSource::SolcJs(wrapper) => assert!(wrapper.ends_with("script/solc-wrapper.js")),
            other => panic!("expected solc-js, got {other}"),
        }
    }
}

/// The contracts an installed binary carries are exactly what the sources compile to today: bytecode, ABI,
/// compiler version and settings, byte for byte. After changing a contract, run this test with
/// `MARUBATSU_UPDATE_SHIPPED=1` to write the file anew.
#[test]
fn shipped_contracts_are_what_the_sources_compile_to() {
    let compiler = Compiler::locate().unwrap();
    let compiled = compiler.compile().unwrap();
    let expected = compiled.to_shipped_json();
    let path = compiler
        .workspace()
        .root()
        .join(marubatsu_chain::compiler::SHIPPED_CONTRACTS_PATH);
    let on_disk = std::fs::read_to_string(&path).unwrap();
    if on_disk != expected && std::env::var_os("MARUBATSU_UPDATE_SHIPPED").is_some() {
        std::fs::write(&path, &expected).unwrap();
        panic!(
            "{} rewritten: rebuild so the binary ships it, and commit it",
            path.display()
        );
    }
    assert!(
        on_disk == expected,
        "{} is not what contracts/ compiles to today; run `MARUBATSU_UPDATE_SHIPPED=1 cargo test -p marubatsu-tests \
         --test it compiler::` and commit the file",
        path.display()
    );
    // What the binary parsed at build time is that same file.
    let shipped = ContractSet::shipped().unwrap();
    assert_eq!(shipped.to_shipped_json(), expected);
    for name in ["SoloTicTacToe", "TicTacToe"] {
        let (ours, theirs) = (shipped.get(name).unwrap(), compiled.get(name).unwrap());
        assert_eq!(ours, theirs, "{name}");
    }
    assert!(shipped.get("BoardHarness").is_err(), "test contracts are not shipped");
}

/// A book reader's own project, outside the checkout: `forge init`'s layout, a library under `lib/` reached through
/// forge's automatic remapping, a contract with constructor arguments; no package.json, no wrapper script.
struct UserProject {
    root: std::path::PathBuf,
}

impl UserProject {
    fn new(tag: &str) -> Self {
        let root = std::env::temp_dir().join(format!("marubatsu-user-project-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        let files = [
            (
                "foundry.toml",
                "[profile.default]\nsrc = \"src\"\nout = \"out\"\nlibs = [\"lib\"]\n",
            ),
            (
                "lib/tally/src/Tally.sol",
                "// SPDX-License-Identifier: MIT\npragma solidity ^0.8.20;\n\nlibrary Tally {\n    function next(uint256 n) \
                 internal pure returns (uint256) {\n        return n + 1;\n    }\n}\n",
            ),
            (
                "src/MySolo.sol",
                "// SPDX-License-Identifier: MIT\npragma solidity ^0.8.20;\n\nimport {Tally} from \"tally/Tally.sol\";\n\n\
                 contract MySolo {\n    uint256 public games;\n    address public owner;\n\n    constructor(uint256 first, \
                 address owner_) {\n        games = Tally.next(first);\n        owner = owner_;\n    }\n\n    function play() \
                 external {\n        games = Tally.next(games);\n    }\n}\n",
            ),
        ];
        for (path, text) in files {
            let file = root.join(path);
            std::fs::create_dir_all(file.parent().unwrap()).unwrap();
            std::fs::write(file, text).unwrap();
        }
        Self { root }
    }

    /// The project as the toolkit reads it, with solc-js installed (once) into a cache folder under the
    /// repository's `target/`, so that repeated runs reuse it.
    fn project(&self) -> marubatsu_chain::compiler::FoundryProject {
        let cache = Workspace::locate()
            .unwrap()
            .root()
            .join("target")
            .join("marubatsu-cache");
        marubatsu_chain::compiler::FoundryProject::locate(&self.root.join("src"))
            .unwrap()
            .with_toolkit_cache(cache)
    }
}

impl Drop for UserProject {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.root);
    }
}

fn native_solc_available() -> bool {
    std::env::var_os("MARUBATSU_SOLC").is_some()
        || std::env::var_os("PATH")
            .is_some_and(|path| std::env::split_paths(&path).any(|dir| dir.join("solc").is_file()))
        || std::env::var_os("HOME").is_some_and(|home| std::path::Path::new(&home).join(".svm").is_dir())
}

/// A project of the user's own: compiled through solc-js that the toolkit installs into its own cache; after
/// `forge build`, read from forge's artifact with the same code; after an edit, compiled again and the stale
/// artifact said so.
#[test]
fn a_users_foundry_project_compiles_without_the_checkout_then_reads_forges_artifacts() {
    use marubatsu_chain::compiler::{ContractSpec, Origin};

    let user = UserProject::new("resolve");
    let project = user.project();
    assert!(!user.root.join("package.json").exists());
    let spec: ContractSpec = "src/MySolo.sol:MySolo".parse().unwrap();

    let compiled = project.resolve(&spec, None).unwrap();
    let Origin::Compiled {
        solc, version, source, ..
    } = &compiled.origin
    else {
        panic!("expected a compile, got {}", compiled.origin);
    };
    assert_eq!(version, marubatsu_chain::compiler::PINNED_SOLC_VERSION);
    assert_eq!(source, std::path::Path::new("src/MySolo.sol"));
    let wrapper = solc.path().unwrap().to_path_buf();
    if !native_solc_available() {
        let SolcSource::CachedSolcJs(path) = solc else {
            panic!("expected solc-js from the toolkit's cache, got {solc}");
        };
        assert!(path.starts_with(project.toolkit_cache().unwrap()), "{}", path.display());
    }
    assert!(compiled.stale_artifact.is_none());
    assert!(!user.root.join("out").exists(), "forge's out/ is left alone");
    assert!(user.root.join("cache/marubatsu").is_dir());
    assert!(
        !user.root.join("node_modules").exists(),
        "nothing installed into the user's project"
    );

    // The bare name finds the same contract.
    let bare = project.resolve(&"MySolo".parse().unwrap(), None).unwrap();
    assert_eq!(
        bare.contract.deployed_code_hash(),
        compiled.contract.deployed_code_hash()
    );

    let forge = marubatsu_tests::anvil::binary("forge");
    let status = std::process::Command::new(&forge)
        .args(["build", "--offline", "--use"])
        .arg(&wrapper)
        .current_dir(&user.root)
        .status()
        .unwrap();
    assert!(status.success(), "forge build failed");
    let from_forge = project.resolve(&spec, None).unwrap();
    assert_eq!(
        from_forge.origin,
        Origin::ForgeArtifact {
            path: "out/MySolo.sol/MySolo.json".into()
        }
    );
    assert_eq!(
        from_forge.origin.to_string(),
        "forge artifact out/MySolo.sol/MySolo.json"
    );
    assert_eq!(
        from_forge.contract.deployed_code_hash(),
        compiled.contract.deployed_code_hash()
    );
    assert_eq!(from_forge.contract.bytecode, compiled.contract.bytecode);
    assert_eq!(from_forge.contract.abi, compiled.contract.abi);

    // foundry.toml edited after forge build: the artifact was built with other settings.
    let toml = user.root.join("foundry.toml");
    let original_toml = std::fs::read_to_string(&toml).unwrap();
    std::fs::write(&toml, format!("{original_toml}optimizer = true\n")).unwrap();
    let other_settings = user.project().resolve(&spec, None).unwrap();
    let reason = other_settings
        .stale_artifact
        .clone()
        .expect("the stale artifact is reported");
    assert!(reason.contains("optimizer"), "{reason}");
    assert!(
        matches!(other_settings.origin, Origin::Compiled { .. }),
        "{}",
        other_settings.origin
    );
    std::fs::write(&toml, original_toml).unwrap();
    assert!(matches!(
        user.project().resolve(&spec, None).unwrap().origin,
        Origin::ForgeArtifact { .. }
    ));

    // An edit to an imported file after forge build: the artifact is stale, the toolkit compiles instead.
    let library = user.root.join("lib/tally/src/Tally.sol");
    let text = std::fs::read_to_string(&library).unwrap();
    std::fs::write(&library, text.replace("n + 1", "n + 2")).unwrap();
    let after_edit = project.resolve(&spec, None).unwrap();
    assert!(
        matches!(after_edit.origin, Origin::Compiled { .. }),
        "{}",
        after_edit.origin
    );
    let reason = after_edit
        .stale_artifact
        .clone()
        .expect("the stale artifact is reported");
    assert!(reason.contains("lib/tally/src/Tally.sol"), "{reason}");
    assert!(after_edit.to_string().contains("stale"), "{after_edit}");
    assert_ne!(
        after_edit.contract.deployed_code_hash(),
        compiled.contract.deployed_code_hash()
    );
}

/// The toolkit's own repository is a Foundry project too, and its contracts resolve to the shipped code.
#[test]
fn the_toolkits_repository_as_a_foundry_project_gives_the_shipped_code() {
    let root = Workspace::locate().unwrap().root().to_path_buf();
    let project = marubatsu_chain::compiler::FoundryProject::at(&root).unwrap();
    let shipped = ContractSet::shipped().unwrap();
    for spec in ["contracts/SoloTicTacToe.sol:SoloTicTacToe", "TicTacToe"] {
        let resolved = project.resolve(&spec.parse().unwrap(), None).unwrap();
        let name = &resolved.contract.name;
        assert_eq!(
            resolved.contract.deployed_code_hash(),
            shipped.get(name).unwrap().deployed_code_hash(),
            "{spec}: {}",
            resolved.origin
        );
        assert_eq!(
            resolved.contract.bytecode,
            shipped.get(name).unwrap().bytecode,
            "{spec}"
        );
    }
    assert!(
        marubatsu_chain::compiler::shipped_sources_changed(&root)
            .unwrap()
            .is_empty()
    );
}

/// Constructor arguments as forge takes them, on a compiled contract's ABI.
#[test]
fn constructor_arguments_are_encoded_against_the_compiled_abi() {
    let user = UserProject::new("args");
    let resolved = user.project().resolve(&"MySolo".parse().unwrap(), None).unwrap();
    let owner = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
    let code = resolved.contract.creation_code_with_args(&["41", owner]).unwrap();
    let mut chain = marubatsu_chain::evm::Chain::new();
    let deployer = chain.accounts()[0];
    let address = chain
        .deploy_code(deployer, code, alloy_primitives::U256::ZERO)
        .unwrap()
        .address;
    assert_eq!(chain.code(address), resolved.contract.deployed_bytecode);
    let read = |chain: &mut marubatsu_chain::evm::Chain, getter: &str| {
        let selector = alloy_primitives::keccak256(getter.as_bytes())[..4].to_vec();
        alloy_primitives::U256::from_be_slice(&chain.call_data(address, selector.into()).unwrap())
    };
    assert_eq!(
        read(&mut chain, "games()"),
        alloy_primitives::U256::from(42),
        "Tally.next(41)"
    );
    let owner_word =
        alloy_primitives::U256::from_be_slice(owner.parse::<alloy_primitives::Address>().unwrap().as_slice());
    assert_eq!(read(&mut chain, "owner()"), owner_word);
    let err = resolved
        .contract
        .creation_code_with_args(&["41"])
        .unwrap_err()
        .to_string();
    assert!(err.contains("uint256 first, address owner_"), "{err}");
}

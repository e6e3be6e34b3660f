//! Compiler provisioning and the foundry-compilers cache.

use marubatsu_chain::{Compiler, ContractSet, SolcSource};

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
        .join(marubatsu_chain::SHIPPED_CONTRACTS_PATH);
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
         --test compiler` and commit the file",
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

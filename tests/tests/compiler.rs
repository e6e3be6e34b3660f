//! Compiler provisioning and the foundry-compilers cache.

use marubatsu_chain::{Compiler, SolcSource};

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

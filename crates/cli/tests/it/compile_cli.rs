//! Compiler provisioning as a user meets it: a missing Node.js is a clear error saying what to install.

use std::process::Command;

#[test]
fn without_node_on_path_compile_says_what_to_install() {
    let empty = std::env::temp_dir().join(format!("marubatsu-empty-path-{}", std::process::id()));
    std::fs::create_dir_all(&empty).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_marubatsu"))
        .arg("compile")
        .env("PATH", &empty)
        .env_remove("MARUBATSU_SOLC")
        .output()
        .expect("running marubatsu");
    std::fs::remove_dir_all(&empty).unwrap();
    assert!(!out.status.success(), "compile succeeded without node on PATH");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("node was not found on PATH"), "{stderr}");
    assert!(stderr.contains("install them"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn an_explicit_solc_that_does_not_exist_is_named_in_the_error() {
    let out = Command::new(env!("CARGO_BIN_EXE_marubatsu"))
        .args(["compile", "--solc", "/nonexistent/solc"])
        .output()
        .expect("running marubatsu");
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("--solc") && stderr.contains("/nonexistent/solc"),
        "{stderr}"
    );
}

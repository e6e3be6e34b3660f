//! How the binary ends, seen from a shell: a closed pipe ends it quietly, a user-facing error is one message with
//! its causes and never a source location or a backtrace (even with `RUST_BACKTRACE=1`), and no colour escapes
//! reach a pipe or a `NO_COLOR` user (compiler diagnostics included).

mod support;

use std::{
    os::unix::process::ExitStatusExt,
    path::Path,
    process::{Command, Output, Stdio},
};

/// The binary without the user's shell variables, and without `NO_COLOR` (a test sets it where it means to).
fn marubatsu() -> Command {
    let mut command = support::command(&[]);
    command.env_remove("NO_COLOR");
    command
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn a_closed_pipe_ends_gas_quietly() {
    marubatsu_tests::contracts();
    // `marubatsu gas | head -0`: the reader is gone before gas has printed anything (it measures for a few
    // seconds first), so every line it prints meets a closed pipe.
    let mut child = marubatsu()
        .arg("gas")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("running marubatsu gas");
    drop(child.stdout.take());
    let output = child.wait_with_output().unwrap();
    let message = stderr(&output);
    assert!(
        !message.contains("panicked") && !message.contains("Broken pipe"),
        "{message}"
    );
    // Success, or the conventional quiet end of a pipe writer: killed by SIGPIPE, like `cat`.
    assert!(
        output.status.success() || output.status.signal() == Some(libc_sigpipe()),
        "{:?}: {message}",
        output.status
    );
}

/// SIGPIPE's number on Linux (13), without a libc dependency in the tests.
fn libc_sigpipe() -> i32 {
    13
}

#[test]
fn a_revert_is_one_message_even_with_rust_backtrace() {
    marubatsu_tests::contracts();
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("local.json");
    let state = state.to_str().unwrap();
    let run = |args: &[&str]| {
        marubatsu()
            .args(args)
            .args(["--local", "--state", state])
            .env("RUST_BACKTRACE", "1")
            // An exported endpoint must not stop --local.
            .env("ETH_RPC_URL", "http://127.0.0.1:1")
            .output()
            .unwrap()
    };
    assert!(run(&["solo", "new", "--difficulty", "hard"]).status.success());
    assert!(run(&["solo", "play", "1", "4"]).status.success());
    let taken = run(&["solo", "play", "1", "4"]);
    assert!(!taken.status.success());
    let message = stderr(&taken);
    assert!(message.starts_with("error: "), "{message}");
    assert!(message.contains("CellTaken"), "{message}");
    for forbidden in ["Location:", "crates/", "stack backtrace", "Backtrace", "panicked"] {
        assert!(!message.contains(forbidden), "{forbidden} in:\n{message}");
    }
    assert!(message.lines().count() <= 4, "{message}");
}

#[test]
fn compiler_errors_carry_no_colour_into_a_pipe_or_with_no_color() {
    marubatsu_tests::contracts();
    let repository = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let root = tempfile::tempdir().unwrap();
    for shared in ["node_modules", "script", "package.json", "foundry.toml"] {
        std::os::unix::fs::symlink(
            repository.join(shared).canonicalize().unwrap(),
            root.path().join(shared),
        )
        .unwrap();
    }
    std::fs::create_dir(root.path().join("contracts")).unwrap();
    std::fs::write(
        root.path().join("contracts/Broken.sol"),
        "// SPDX-License-Identifier: MIT\npragma solidity ^0.8.0;\ncontract Broken { function f() public { undefinedName(); } }\n",
    )
    .unwrap();
    for no_color in [None, Some("1")] {
        let mut command = marubatsu();
        command.args(["compile", "--root"]).arg(root.path());
        if let Some(value) = no_color {
            command.env("NO_COLOR", value);
        }
        let output = command.output().unwrap();
        let message = stderr(&output);
        assert!(!output.status.success(), "{message}");
        assert!(
            message.contains("undefinedName") || message.contains("Undeclared"),
            "{message}"
        );
        assert!(
            !message.contains('\u{1b}'),
            "colour escapes with NO_COLOR={no_color:?}:\n{message:?}"
        );
        assert!(!message.contains("Location:"), "{message}");
    }
}

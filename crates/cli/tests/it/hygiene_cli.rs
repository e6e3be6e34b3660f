//! How the binary ends, seen from a shell: a closed pipe ends it quietly, a node that hangs up is an error line, a user-facing error is one message with
//! its causes and never a source location or a backtrace (even with `RUST_BACKTRACE=1`), and no colour escapes
//! reach a pipe or a `NO_COLOR` user (compiler diagnostics included).

use crate::support;

use std::{
    io::{Read, Write},
    net::TcpListener,
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
    // A quiet success: not killed by SIGPIPE, which stays ignored so that sockets cannot kill the process.
    assert!(output.status.success(), "{:?}: {message}", output.status);
}

/// A node (here: a plain-HTTP server asked for TLS) that answers nonsense and hangs up. The reviewer saw exit
/// 141 and nothing printed; what must come is one error line that names the endpoint and the cause.
#[test]
fn a_peer_that_hangs_up_is_an_error_line_not_a_silent_death() {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { return };
            let mut hello = [0u8; 16];
            let _ = stream.read(&mut hello);
            let _ = stream.write_all(b"HTTP/1.0 400 Bad Request\r\n\r\n");
            // Dropped with the rest of the client's hello unread: the kernel answers with a reset, and the
            // client's next write meets EPIPE.
        }
    });
    let url = format!("https://127.0.0.1:{port}");
    let output = marubatsu().args(["pvp", "show", "1", "-r", &url]).output().unwrap();
    let message = stderr(&output);
    assert_eq!(output.status.signal(), None, "killed by a signal: {message}");
    assert_eq!(output.status.code(), Some(1), "{message}");
    assert!(message.starts_with("error: "), "{message}");
    assert!(message.contains(&url), "{message}");
    assert_eq!(message.lines().count(), 1, "{message}");
}

/// Whatever a peer does, the process must never run with SIGPIPE's default action (death without a word). Read
/// from the kernel while `pvp show` waits on a node that never answers.
#[test]
fn sigpipe_stays_ignored_while_a_command_talks_to_a_node() {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let (accepted, connected) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let stream = listener.accept();
        let _ = accepted.send(());
        std::thread::sleep(std::time::Duration::from_secs(60));
        drop(stream);
    });
    let mut child = marubatsu()
        .args(["pvp", "show", "1", "-r", &format!("http://127.0.0.1:{port}")])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    connected
        .recv_timeout(std::time::Duration::from_secs(60))
        .expect("the CLI connects to the node");
    let status = std::fs::read_to_string(format!("/proc/{}/status", child.id())).unwrap();
    child.kill().unwrap();
    child.wait().unwrap();
    let ignored = status
        .lines()
        .find_map(|line| line.strip_prefix("SigIgn:"))
        .map(|mask| u64::from_str_radix(mask.trim(), 16).unwrap())
        .unwrap();
    assert_ne!(ignored & (1 << (libc::SIGPIPE - 1)), 0, "SigIgn: {ignored:#x}");
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

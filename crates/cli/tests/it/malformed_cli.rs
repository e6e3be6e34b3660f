//! The `marubatsu` binary given malformed input: cells out of range, game ids that are no number, too large
//! or unknown, bad addresses, amounts, keys and URLs, a time limit the contract refuses, and a local state
//! file that is broken, deeply nested or huge. Every time: a non-zero exit with a one-line error that names
//! what was wrong, no panic, and nothing on stdout.

use crate::support;

use support::marubatsu;

/// Runs `args`, which must fail cleanly with an error that contains `expected`.
fn rejects(args: &[&str], expected: &str) {
    let output = marubatsu(args, &[]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    let code = output.status.code();
    // 1: an error reported by the program; 2: clap refused the arguments. A panic exits with 101, a crash
    // with a signal (no code).
    assert!(
        matches!(code, Some(1 | 2)),
        "marubatsu {args:?} exited with {code:?}:\n{stdout}\n{stderr}"
    );
    assert!(
        !stderr.contains("panicked") && !stderr.contains("RUST_BACKTRACE"),
        "marubatsu {args:?} panicked:\n{stderr}"
    );
    assert!(
        stderr
            .lines()
            .next()
            .is_some_and(|line| line.starts_with("error:") || line.starts_with("Error:")),
        "marubatsu {args:?}: the first line says it is an error:\n{stderr}"
    );
    assert!(
        stderr.contains(expected),
        "marubatsu {args:?}: expected {expected:?} in:\n{stderr}"
    );
    assert!(stdout.trim().is_empty(), "marubatsu {args:?} printed:\n{stdout}");
}

/// Runs `args` with `--local --state <dir>/state.json`.
fn local<'a>(dir: &'a str, args: &[&'a str]) -> Vec<String> {
    let mut all: Vec<String> = args.iter().map(|arg| (*arg).to_owned()).collect();
    all.extend(["--local".to_owned(), "--state".to_owned(), format!("{dir}/state.json")]);
    all
}

fn rejects_local(dir: &str, args: &[&str], expected: &str) {
    let args = local(dir, args);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    rejects(&args, expected);
}

#[test]
fn cells_out_of_range_are_refused_before_anything_is_sent() {
    let dir = tempfile::tempdir().unwrap();
    let dir = dir.path().to_str().unwrap();
    for cell in ["9", "300", "255", "4.5", "x"] {
        rejects_local(dir, &["solo", "play", "1", cell], "<CELL>");
        rejects_local(dir, &["pvp", "play", "1", cell], "<CELL>");
    }
    rejects_local(dir, &["pvp", "play", "1", "-1"], "'-1'");
}

#[test]
fn game_ids_that_are_no_number_or_unknown() {
    let dir = tempfile::tempdir().unwrap();
    let dir = dir.path().to_str().unwrap();
    for id in ["abc", "0x", "", "1e3"] {
        rejects_local(dir, &["pvp", "show", id], "<GAME>");
    }
    rejects_local(dir, &["pvp", "show", &"9".repeat(90)], "too large");
    // Well-formed ids of games that do not exist: the contract's own error, by name.
    rejects_local(dir, &["solo", "show", "999"], "UnknownGame(gameId 999)");
    rejects_local(dir, &["solo", "play", "0", "4"], "UnknownGame(gameId 0)");
    rejects_local(dir, &["pvp", "join", "7", "--stake", "0"], "UnknownGame(gameId 7)");
    rejects_local(dir, &["pvp", "claim-timeout", "18446744073709551615"], "UnknownGame");
}

#[test]
fn bad_addresses_amounts_keys_and_urls() {
    let dir = tempfile::tempdir().unwrap();
    let dir = dir.path().to_str().unwrap();
    for address in ["0xZZ", "0x1234", "hello", "0x00000000000000000000000000000000000000000"] {
        rejects_local(dir, &["solo", "show", "1", "--address", address], "--address");
    }
    for amount in ["1.5.5ether", "1e1000ether", "ether", "0.0000000000000000001ether"] {
        rejects_local(dir, &["pvp", "create", "--stake", amount], "--stake");
    }
    rejects_local(dir, &["pvp", "create", "--stake", "-1"], "'-1'");
    // Glued to its flag, -1 reaches the amount parser, which must not read it as 2^256 - 1 wei.
    rejects_local(dir, &["pvp", "create", "--stake=-1"], "cannot be negative");
    rejects_local(
        dir,
        &[
            "pvp",
            "create",
            "--opponent",
            "0x0000000000000000000000000000000000000000",
        ],
        "the zero address is nobody's",
    );
    rejects(
        &[
            "pvp",
            "create",
            "--rpc-url",
            "http://127.0.0.1:1",
            "--nonce",
            "18446744073709551615",
        ],
        "EIP-2681",
    );
    rejects_local(dir, &["pvp", "create", "--move-timeout", "30"], "TimeoutTooShort");
    rejects_local(
        dir,
        &["pvp", "create", "--move-timeout", "99999999999"],
        "--move-timeout",
    );
    rejects_local(dir, &["pvp", "create", "--local-account", "99"], "no account 99");
    rejects(&["solo", "show", "1", "--rpc-url", "not-a-url"], "RPC URL");
    rejects(
        &[
            "solo",
            "show",
            "1",
            "--rpc-url",
            "http://127.0.0.1:1",
            "--private-key",
            "0x123",
        ],
        "private key",
    );
}

#[test]
fn broken_deep_or_huge_state_files_are_reported_not_replayed() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("state.json");
    let dir_str = dir.path().to_str().unwrap();
    let nested = "[".repeat(100_000);
    let huge = format!("{{\"version\":1,\"junk\":\"{}\"}}", "x".repeat(8 << 20));
    for content in ["{", "", "null", "[1,2", "\u{0}\u{1}", nested.as_str(), huge.as_str()] {
        std::fs::write(&path, content).unwrap();
        rejects_local(dir_str, &["solo", "show", "1"], "cannot be replayed");
    }
    // A state file cut in the middle of a real game.
    std::fs::remove_file(&path).unwrap();
    let output = marubatsu(
        &local(dir_str, &["pvp", "create", "--stake", "1ether"])
            .iter()
            .map(String::as_str)
            .collect::<Vec<_>>(),
        &[],
    );
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let saved = std::fs::read(&path).unwrap();
    std::fs::write(&path, &saved[..saved.len() / 2]).unwrap();
    rejects_local(dir_str, &["pvp", "show", "1"], "cannot be replayed");
}

/// Runs `args` with `envs`; it must fail with one error line containing `expected`.
fn rejects_with_env(args: &[&str], envs: &[(&str, &str)], expected: &str) {
    let output = marubatsu(args, envs);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "marubatsu {args:?}:\n{stderr}");
    assert!(
        stderr.starts_with("error:") && stderr.contains(expected),
        "marubatsu {args:?}:\n{stderr}"
    );
}

#[test]
fn foundry_conflicts_and_empty_variables_are_refused_in_words() {
    let dir = tempfile::tempdir().unwrap();
    let alice = dir.path().join("alice");
    std::fs::write(&alice, "{}").unwrap();
    let alice = alice.to_str().unwrap();
    let show = ["pvp", "show", "1", "--rpc-url", "http://127.0.0.1:1"];
    // An exported keystore file and a typed account name are two keys: cast refuses the pair, naming each source.
    rejects_with_env(
        &[&show[..], &["--account", "bob"]].concat(),
        &[("ETH_KEYSTORE", alice)],
        &format!("ETH_KEYSTORE={alice} (from the environment) and --account bob name two different keystores"),
    );
    rejects_with_env(
        &[&show[..], &["--keystore", alice]].concat(),
        &[("ETH_KEYSTORE_ACCOUNT", "bob")],
        &format!("--keystore {alice} and ETH_KEYSTORE_ACCOUNT=bob (from the environment)"),
    );
    // An empty variable is no value: the error is the missing URL, not a parse error of "".
    rejects_with_env(&["solo", "show", "1"], &[("ETH_RPC_URL", "")], "no RPC URL");
    // A tip above the max fee would be cut down by the node; cast refuses it, so do we, before connecting.
    rejects_with_env(
        &[&show[..], &["--gas-price", "1gwei", "--priority-gas-price", "2gwei"]].concat(),
        &[],
        "a tip cannot exceed the max fee",
    );
}

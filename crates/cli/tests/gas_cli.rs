//! `marubatsu gas --check` against doctored snapshots: it fails on a rise beyond the tolerance, naming the
//! function and both numbers, and passes within it.

use std::{path::PathBuf, process::Command};

fn marubatsu(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_marubatsu"))
        .args(args)
        .output()
        .expect("running marubatsu")
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("marubatsu-gas-cli-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The current report as JSON, with SoloTicTacToe.play's mean lowered by `percent` — as if the code had
/// become that much costlier since the snapshot.
fn snapshot_with_cheaper_play(percent: u64) -> (String, u64, u64) {
    let out = marubatsu(&["gas", "--json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let mut json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let play = &mut json[0]["functions"]["play(uint256,uint8)"]["mean"];
    let now = play.as_u64().unwrap();
    let before = now * (100 - percent) / 100;
    *play = before.into();
    (serde_json::to_string_pretty(&json).unwrap(), before, now)
}

#[test]
fn check_fails_beyond_the_tolerance_and_names_the_function_and_both_numbers() {
    let dir = temp_dir("fail");
    let (snapshot, before, now) = snapshot_with_cheaper_play(5);
    let path = dir.join("gas-snapshot.json");
    std::fs::write(&path, snapshot).unwrap();

    let out = marubatsu(&[
        "gas",
        "--check",
        "--tolerance",
        "1",
        "--snapshot-file",
        path.to_str().unwrap(),
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "a 5% rise passed a 1% tolerance");
    let expected = format!("SoloTicTacToe.play(uint256,uint8) mean: {before} → {now}");
    assert!(stderr.contains(&expected), "stderr lacks `{expected}`:\n{stderr}");

    let out = marubatsu(&[
        "gas",
        "--check",
        "--tolerance",
        "10",
        "--snapshot-file",
        path.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "a 5% rise failed a 10% tolerance: {}",
        String::from_utf8_lossy(&out.stderr)
    );

    let out = marubatsu(&["gas", "--diff", "--snapshot-file", path.to_str().unwrap()]);
    assert!(out.status.success(), "--diff must not fail");
    assert!(String::from_utf8_lossy(&out.stderr).contains(&expected));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_broken_snapshot_is_a_clear_error() {
    let dir = temp_dir("broken");
    let path = dir.join("gas-snapshot.json");
    std::fs::write(&path, "[{\"contract\": 1}]").unwrap();
    let out = marubatsu(&["gas", "--check", "--snapshot-file", path.to_str().unwrap()]);
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("is not a gas snapshot"), "{stderr}");
    std::fs::remove_dir_all(&dir).unwrap();
}

//! `marubatsu gas --check` against doctored snapshots: it fails on a rise beyond the tolerance, naming the
//! function and both numbers, and passes within it; it prints only the differences (one line when there are
//! none), never the whole table.

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
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "a 5% rise passed a 1% tolerance");
    let change = format!("SoloTicTacToe.play(uint256,uint8) mean: {before} → {now}");
    let expected = format!("✗ {change}");
    assert!(stdout.contains(&expected), "stdout lacks `{expected}`:\n{stdout}");
    assert!(stderr.contains("1 figure(s) rose beyond the 1% tolerance"), "{stderr}");
    // Only the differences: one header and one changed figure, no table.
    assert_eq!(stdout.lines().count(), 2, "{stdout}");
    assert!(!stdout.contains("Function Name"), "{stdout}");

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
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.ends_with("1 figure(s) changed, none beyond the 10% tolerance\n"),
        "{stdout}"
    );

    let out = marubatsu(&["gas", "--diff", "--snapshot-file", path.to_str().unwrap()]);
    assert!(out.status.success(), "--diff must not fail");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains(&change) && !stdout.contains("Function Name"),
        "{stdout}"
    );

    // The committed snapshot's own figures: one line, and a pass.
    let out = marubatsu(&["gas", "--json"]);
    std::fs::write(&path, &out.stdout).unwrap();
    let out = marubatsu(&["gas", "--check", "--snapshot-file", path.to_str().unwrap()]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(stdout.lines().count(), 1, "{stdout}");
    assert!(
        stdout.starts_with("gas matches ") && stdout.contains(" exactly ("),
        "{stdout}"
    );
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

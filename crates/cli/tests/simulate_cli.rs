//! `marubatsu simulate werewolf` as a user runs it: the text table, the JSON, the chart file, and bad input.

use std::process::{Command, Output};

fn marubatsu(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_marubatsu"))
        .args(args)
        .output()
        .expect("running marubatsu")
}

#[test]
fn the_text_report_and_the_chart_cover_every_policy() {
    let dir = tempfile::tempdir().expect("temp dir");
    let chart = dir.path().join("balance.svg");
    let chart = chart.to_str().expect("utf-8 path");
    let out = marubatsu(&[
        "simulate", "werewolf", "--games", "40", "--seed", "3", "--chart", chart,
    ]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout.starts_with("Quantum werewolf, 8 players (2W 1S 5V): 40 games per policy, seed 3"),
        "{stdout}"
    );
    for policy in ["random", "partisan", "village-partisan", "wolf-partisan"] {
        assert!(
            stdout.contains(&format!("\n{policy} ")),
            "{policy} missing:\n{stdout}"
        );
    }
    assert!(stdout.contains("paradox-transfer"), "{stdout}");
    let svg = std::fs::read_to_string(chart).expect("the chart was written");
    assert!(svg.starts_with("<svg") && svg.contains("wolf-partisan"));
    assert_eq!(svg.matches("<rect class=\"bar\"").count(), 12);
}

#[test]
fn the_json_report_is_reproducible_from_the_seed() {
    let dir = tempfile::tempdir().expect("temp dir");
    let chart = dir.path().join("c.svg");
    let chart = chart.to_str().expect("utf-8 path");
    let args = [
        "simulate", "werewolf", "--games", "60", "--seed", "9", "--policy", "random", "--table",
        "1,1,3", "--json", "--chart", chart,
    ];
    let first = marubatsu(&args);
    assert!(
        first.status.success(),
        "{}",
        String::from_utf8_lossy(&first.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&first.stdout).expect("JSON");
    assert_eq!(json["players"], 5);
    assert_eq!(json["gamesPerPolicy"], 60);
    let report = &json["policies"][0];
    assert_eq!(report["policy"], "random");
    let counted: u64 = ["village", "werewolves", "paradox"]
        .iter()
        .map(|side| report[side]["count"].as_u64().unwrap_or(0))
        .sum();
    assert_eq!(counted, 60);
    assert!(
        report["maxRounds"].as_u64().unwrap_or(99) <= 4,
        "at most N − 1 rounds"
    );
    assert_eq!(report["ends"].as_array().map(Vec::len), Some(6));
    // Same seed, same figures.
    assert_eq!(marubatsu(&args).stdout, first.stdout);
}

#[test]
fn bad_tables_and_policies_are_refused_with_a_reason() {
    let out = marubatsu(&["simulate", "werewolf", "--table", "2,0,5", "--games", "1"]);
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("reading --table") && stderr.contains("no seer card"),
        "{stderr}"
    );

    let out = marubatsu(&["simulate", "werewolf", "--policy", "clever"]);
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("unknown policy `clever`"), "{stderr}");
}

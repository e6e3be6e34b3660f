//! `marubatsu werewolf simulate` as a user runs it: the text table, the JSON, the chart file only where asked,
//! the sweep, and bad input.

use std::process::{Command, Output};

fn marubatsu_in(dir: &std::path::Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_marubatsu"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("running marubatsu")
}

fn marubatsu(args: &[&str]) -> Output {
    marubatsu_in(&std::env::temp_dir(), args)
}

fn ok(out: &Output) -> String {
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn the_text_report_and_the_chart_cover_every_policy() {
    let dir = tempfile::tempdir().expect("temp dir");
    let chart = dir.path().join("balance.svg");
    let chart = chart.to_str().expect("utf-8 path");
    let stdout = ok(&marubatsu(&[
        "werewolf", "simulate", "--games", "40", "--seed", "3", "--chart", chart,
    ]));
    assert!(
        stdout.starts_with("Quantum werewolf, 8 players (2W 1S 5V): 40 games per policy, seed 3"),
        "{stdout}"
    );
    for policy in ["random", "partisan", "village-partisan", "wolf-partisan", "committed"] {
        assert!(stdout.contains(&format!("\n{policy} ")), "{policy} missing:\n{stdout}");
    }
    assert!(stdout.contains("paradox-contradiction"), "{stdout}");
    let svg = std::fs::read_to_string(chart).expect("the chart was written");
    assert!(svg.starts_with("<svg") && svg.contains("wolf-partisan"));
    assert_eq!(svg.matches("<rect class=\"bar\"").count(), 15);
}

#[test]
fn no_chart_is_written_unless_asked() {
    let dir = tempfile::tempdir().expect("temp dir");
    let stdout = ok(&marubatsu_in(
        dir.path(),
        &["werewolf", "simulate", "--games", "5", "--policy", "random"],
    ));
    assert!(!stdout.contains("chart:"), "{stdout}");
    let sweep = ok(&marubatsu_in(
        dir.path(),
        &["werewolf", "simulate", "--sweep", "--players", "5", "--games", "5"],
    ));
    assert!(sweep.contains("best table per player count"), "{sweep}");
    let left: Vec<_> = std::fs::read_dir(dir.path()).expect("listing the directory").collect();
    assert!(left.is_empty(), "files written unasked: {left:?}");
}

#[test]
fn the_json_report_is_reproducible_from_the_seed() {
    let args = [
        "werewolf",
        "simulate",
        "--games",
        "60",
        "--seed",
        "9",
        "--policy",
        "random",
        "--table",
        "1,1,3",
        "--chits",
        "1,1,2",
        "--attack-death",
        "two-wolves",
        "--json",
    ];
    let first = marubatsu(&args);
    let json: serde_json::Value = serde_json::from_str(&ok(&first)).expect("JSON");
    assert_eq!(json["players"], 5);
    assert_eq!(json["gamesPerPolicy"], 60);
    assert_eq!(json["chits"], serde_json::json!([1, 1, 2]));
    assert_eq!(json["attackDeath"], "two-wolves");
    assert_eq!(json["deathDraw"], "after-transfers");
    assert_eq!(json["chart"], serde_json::Value::Null);
    let report = &json["policies"][0];
    assert_eq!(report["policy"], "random");
    let counted: u64 = ["village", "werewolves", "paradox"]
        .iter()
        .map(|side| report[side]["count"].as_u64().unwrap_or(0))
        .sum();
    assert_eq!(counted, 60);
    assert!(report["maxRounds"].as_u64().unwrap_or(99) <= 4, "at most N − 1 rounds");
    assert_eq!(report["ends"].as_array().map(Vec::len), Some(7));
    // Same seed, same figures.
    assert_eq!(marubatsu(&args).stdout, first.stdout);
}

#[test]
fn the_sweep_ranks_every_table_reports_progress_and_charts_where_asked() {
    let dir = tempfile::tempdir().expect("temp dir");
    let chart = dir.path().join("sweep.svg");
    let chart = chart.to_str().expect("utf-8 path");
    let args = [
        "werewolf",
        "simulate",
        "--sweep",
        "--players",
        "5-6",
        "--games",
        "30",
        "--threads",
        "2",
        "--json",
        "--chart",
        chart,
    ];
    let out = marubatsu(&args);
    let json: serde_json::Value = serde_json::from_str(&ok(&out)).expect("JSON");
    // 5 players: 1W1S3V; 6 players: 1W1S4V, 2W1S3V, 2W2S2V — each with 4 chit counts and 4 readings.
    assert_eq!(json["tables"], 64);
    assert_eq!(json["policies"], serde_json::json!(["partisan", "random"]));
    let ranked = json["ranked"].as_array().expect("ranked tables");
    assert_eq!(ranked.len(), 64);
    let distances: Vec<f64> = ranked
        .iter()
        .map(|r| r["balance"]["distance"].as_f64().unwrap_or(f64::NAN))
        .collect();
    assert!(distances.windows(2).all(|w| w[0] <= w[1]), "ranked fairest first");
    for row in ranked {
        assert_eq!(row["reports"].as_array().map(Vec::len), Some(2));
        assert_eq!(row["reports"][0]["games"], 30);
    }
    let best = json["bestPerPlayers"].as_array().expect("best per count");
    assert_eq!(best.iter().map(|b| b["players"].clone()).collect::<Vec<_>>(), [5, 6]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("sweep: 64 tables × 2 policies × 30 games on 2 thread(s)")
            && stderr.contains("100% (3840 of 3840 games)")
            && stderr.contains("left"),
        "{stderr}"
    );
    let svg = std::fs::read_to_string(chart).expect("the chart was written");
    assert_eq!(svg.matches("<circle class=\"table\"").count(), 64);
    // The figures do not depend on the threads.
    let one = marubatsu(&[
        "werewolf",
        "simulate",
        "--sweep",
        "--players",
        "5-6",
        "--games",
        "30",
        "--threads",
        "1",
        "--json",
    ]);
    let one: serde_json::Value = serde_json::from_str(&ok(&one)).expect("JSON");
    assert_eq!(one["ranked"], json["ranked"]);
}

#[test]
fn bad_tables_policies_readings_and_player_counts_are_refused_with_a_reason() {
    let refused = |args: &[&str], needles: &[&str]| {
        let out = marubatsu(args);
        assert!(!out.status.success(), "{args:?} accepted");
        let stderr = String::from_utf8_lossy(&out.stderr);
        for needle in needles {
            assert!(stderr.contains(needle), "{needle} missing from {stderr}");
        }
    };
    refused(
        &["werewolf", "simulate", "--table", "2,0,5", "--games", "1"],
        &["for '--table", "no seer card"],
    );
    refused(
        &["werewolf", "simulate", "--policy", "clever"],
        &["unknown policy `clever`"],
    );
    refused(
        &["werewolf", "simulate", "--attack-death", "one-wolf"],
        &["expected any-chits or two-wolves"],
    );
    refused(
        &["werewolf", "simulate", "--chits", "1,2"],
        &["for '--chits", "three counts"],
    );
    refused(
        &["werewolf", "simulate", "--sweep", "--players", "3-8"],
        &["for '--players", "5 to 16 players, not 3"],
    );
    refused(
        &["werewolf", "simulate", "--sweep", "--threads", "0"],
        &["--threads must be at least 1"],
    );
}

#[test]
fn the_old_spelling_still_runs_the_same_simulation_and_is_not_advertised() {
    let args = ["--games", "20", "--seed", "5", "--policy", "random", "--json"];
    let new = ok(&marubatsu(&[&["werewolf", "simulate"][..], &args].concat()));
    let old = ok(&marubatsu(&[&["simulate", "werewolf"][..], &args].concat()));
    assert_eq!(new, old);
    let help = ok(&marubatsu(&["--help"]));
    let listed = |name: &str| {
        help.lines()
            .any(|line| line.trim_start().starts_with(&format!("{name} ")))
    };
    assert!(listed("werewolf") && !listed("simulate"), "{help}");
}

//! `marubatsu relay fairness`: the exact chances of a repeated closer (5/8 → 1/3 for 4 players and 3 rounds),
//! and a seeded simulation with the real shuffle that agrees with them.

use std::process::{Command, Output};

fn marubatsu(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_marubatsu"))
        .args(args)
        .output()
        .expect("running marubatsu")
}

fn stdout(out: &Output) -> String {
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout.clone()).expect("UTF-8 output")
}

#[test]
fn four_players_three_rounds_as_json() {
    let out = marubatsu(&["relay", "fairness", "--players", "4", "--rounds", "3", "--json"]);
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!((json["players"].as_u64(), json["rounds"].as_u64()), (Some(4), Some(3)));
    let rules = json["rules"].as_array().unwrap();
    let expected = [("independent", 5, 8), ("avoid-last", 1, 3)];
    assert_eq!(rules.len(), expected.len());
    for (rule, (name, numerator, denominator)) in rules.iter().zip(expected) {
        assert_eq!(rule["rule"], name);
        assert_eq!(rule["exact"]["numerator"], numerator);
        assert_eq!(rule["exact"]["denominator"], denominator);
        let p = numerator as f64 / denominator as f64;
        assert_eq!(rule["exact"]["value"].as_f64(), Some(p));
        // 100,000 games by default, seed 1: within 4 standard errors of the exact chance.
        let simulated = &rule["simulated"];
        let games = simulated["games"].as_u64().unwrap();
        assert_eq!((games, simulated["seed"].as_u64()), (100_000, Some(1)));
        let rate = simulated["rate"].as_f64().unwrap();
        let sigma = (p * (1.0 - p) / games as f64).sqrt();
        assert!((rate - p).abs() <= 4.0 * sigma, "{name}: {rate} vs {p}");
        assert_eq!(simulated["repeated"].as_u64().unwrap() as f64 / games as f64, rate);
    }
}

#[test]
fn the_text_names_both_rules_with_exact_and_simulated_figures() {
    let text = stdout(&marubatsu(&["relay", "fairness", "--games", "2000", "--seed", "9"]));
    assert!(text.starts_with("know-it-all relay, 4 players, 3 rounds:"), "{text}");
    assert!(text.contains("independent  62.5%  = 5/8"), "{text}");
    assert!(text.contains("avoid-last   33.3%  = 1/3"), "{text}");
    assert!(text.contains("simulated (2000 games, seed 9)"), "{text}");
    // The same seed gives the same figures.
    let again = stdout(&marubatsu(&["relay", "fairness", "--games", "2000", "--seed", "9"]));
    assert_eq!(text, again);
}

#[test]
fn no_games_means_no_simulation() {
    let out = marubatsu(&[
        "relay",
        "fairness",
        "--players",
        "3",
        "--rounds",
        "2",
        "--games",
        "0",
        "--json",
    ]);
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    // Three players, two rounds: independent shuffles repeat the closer a third of the time, avoid-last never.
    assert_eq!(json["rules"][0]["exact"]["numerator"], 1);
    assert_eq!(json["rules"][0]["exact"]["denominator"], 3);
    assert_eq!(json["rules"][1]["exact"]["numerator"], 0);
    assert!(json["rules"][0]["simulated"].is_null());
}

#[test]
fn tables_the_game_does_not_allow_are_refused() {
    for args in [
        ["--players", "2"],
        ["--players", "13"],
        ["--rounds", "0"],
        ["--rounds", "11"],
    ] {
        let out = marubatsu(&["relay", "fairness", args[0], args[1]]);
        assert!(!out.status.success(), "{args:?} accepted");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains("is not in"), "{stderr}");
    }
}

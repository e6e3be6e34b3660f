//! `marubatsu lights solve`: boards from an argument and from stdin, the text and JSON answers, a board with no
//! solution, and a board that is not one.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn marubatsu(args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_marubatsu"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("running marubatsu");
    let mut input = child.stdin.take().expect("stdin");
    input
        .write_all(stdin.unwrap_or_default().as_bytes())
        .expect("writing stdin");
    drop(input);
    child.wait_with_output().expect("waiting for marubatsu")
}

fn stdout(output: &Output) -> String {
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn solve_prints_a_minimum_solution_its_length_and_the_number_of_solutions() {
    let out = stdout(&marubatsu(&["lights", "solve", "01100/10010/01100/00000/00000"], None));
    assert_eq!(
        out,
        "minimum solution of this 5×5 board (1 = press):\n\
         00000\n01100\n00000\n00000\n00000\n\
         press (row, column): (2, 2) (2, 3)\n\
         2 presses: the fewest of 4 solutions\n"
    );
    // 7×7 is invertible: one solution. The all-lit board needs 33 presses.
    let all_lit = ["1111111"; 7].join("/");
    let out = stdout(&marubatsu(&["lights", "solve", &all_lit], None));
    assert!(out.ends_with("33 presses: the only solution\n"), "{out}");
}

#[test]
fn solve_reads_the_board_from_stdin() {
    let board = "110000\n100000\n000000\n000000\n000000\n000000\n";
    for args in [&["lights", "solve"][..], &["lights", "solve", "-"][..]] {
        let out = stdout(&marubatsu(args, Some(board)));
        assert!(out.starts_with("minimum solution of this 6×6 board"), "{out}");
    }
}

#[test]
fn solve_says_when_a_board_has_no_solution() {
    let out = stdout(&marubatsu(&["lights", "solve", "10000/00000/00000/00000/00000"], None));
    assert_eq!(
        out,
        "this 5×5 board has no solution: no set of presses turns every light off\n"
    );
    let json: serde_json::Value = serde_json::from_str(&stdout(&marubatsu(
        &["lights", "solve", "10000/00000/00000/00000/00000", "--json"],
        None,
    )))
    .expect("JSON");
    assert_eq!(json["solvable"], false);
    assert_eq!(json["solutions"], 0);
    assert_eq!(json["presses"], serde_json::Value::Null);
}

#[test]
fn solve_json_has_the_presses_as_rows_and_cells() {
    let json: serde_json::Value = serde_json::from_str(&stdout(&marubatsu(
        &["lights", "solve", "11111/11111/11111/11111/11111", "--json"],
        None,
    )))
    .expect("JSON");
    assert_eq!(json["side"], 5);
    assert_eq!(json["solvable"], true);
    assert_eq!(
        (json["length"].clone(), json["solutions"].clone()),
        (15.into(), 4.into())
    );
    let rows = json["presses"].as_array().expect("rows");
    let ones: usize = rows
        .iter()
        .map(|r| r.as_str().unwrap_or_default().matches('1').count())
        .sum();
    assert_eq!(ones, 15);
    assert_eq!(json["cells"].as_array().map(Vec::len), Some(15));
    assert_eq!(json["cells"][0], serde_json::json!({"row": 1, "column": 2, "index": 1}));
}

#[test]
fn a_text_that_is_not_a_board_fails_and_says_why() {
    let out = marubatsu(&["lights", "solve", "0000/0000/0000/0000"], None);
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("a 4×4 board is not supported (5×5, 6×6 or 7×7)"),
        "{stderr}"
    );
    let out = marubatsu(&["lights", "solve", "00000/00x00"], None);
    assert!(String::from_utf8_lossy(&out.stderr).contains("row 2, column 3: 'x' is not a light"));
}

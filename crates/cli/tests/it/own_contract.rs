//! docs/own-contract.md, followed as a book reader would: a `forge init` project outside the checkout (no
//! package.json, no copy of our scripts) with contracts of their own — a perfect Hard with other tie-breaks, a
//! weak Hard, a broken Normal and the book's own shape — proved, measured, gated, deployed to anvil and played;
//! a forge-deployed copy proved on chain and played; and `deploy` never sending other bytecode than it names.

use crate::support;

use std::{
    path::{Path, PathBuf},
    process::{Command, Output},
};

use marubatsu_tests::anvil::{Anvil, binary};
use serde_json::Value;

/// The checkout, where the fixtures' sources and the solc-js wrapper that forge runs are.
fn checkout() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The toolkit's cache for solc-js, shared by every run of the suite so that it is installed once.
fn cache_dir() -> PathBuf {
    checkout().join("target").join("marubatsu-cache")
}

/// `marubatsu ARGS` in `dir`: its exit code, stdout and stderr.
fn marubatsu(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let output = support::command(args)
        .current_dir(dir)
        .env("MARUBATSU_CACHE_DIR", cache_dir())
        .env_remove("MARUBATSU_ROOT")
        .env_remove("MARUBATSU_SOLC")
        .output()
        .expect("running marubatsu");
    outcome(&output)
}

fn outcome(output: &Output) -> (i32, String, String) {
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// The JSON a `--json` run printed, with its exit code.
fn json(dir: &Path, args: &[&str]) -> (i32, Value) {
    let (code, stdout, stderr) = marubatsu(dir, args);
    let value = serde_json::from_str(&stdout).unwrap_or_else(|err| panic!("{args:?}: {err}\n{stdout}\n{stderr}"));
    (code, value)
}

fn property<'a>(report: &'a Value, name: &str) -> &'a Value {
    report["properties"]
        .as_array()
        .and_then(|all| all.iter().find(|p| p["name"] == name))
        .unwrap_or_else(|| panic!("no property {name} in {report:#}"))
}

/// A native Foundry tool in `dir`, compiling through the checkout's solc-js wrapper.
fn foundry(tool: &str, dir: &Path, args: &[&str]) -> (i32, String, String) {
    let output = Command::new(binary(tool))
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap_or_else(|err| panic!("running {tool}: {err}"));
    outcome(&output)
}

/// The checkout's source `from` with its imports pointed into one flat `src/` and its contract renamed: what a
/// reader who wrote it in their own project has.
fn user_source(from: &str, renames: &[(&str, &str)]) -> String {
    let mut text = std::fs::read_to_string(checkout().join("contracts").join(from)).expect("a fixture source");
    for (old, new) in [
        ("\"../Board.sol\"", "\"./Board.sol\""),
        ("\"../interfaces/ISoloTicTacToe.sol\"", "\"./ISoloTicTacToe.sol\""),
        ("\"./interfaces/ISoloTicTacToe.sol\"", "\"./ISoloTicTacToe.sol\""),
        ("\"./utils/ListedCpu.sol\"", "\"./ListedCpu.sol\""),
        ("\"../SoloTicTacToe.sol\"", "\"./SoloTicTacToe.sol\""),
    ]
    .iter()
    .chain(renames)
    {
        text = text.replace(old, new);
    }
    text
}

/// `forge init --offline` in a fresh folder outside the checkout, its example (which needs forge-std from the
/// network) replaced by the reader's contracts and the interface `marubatsu interface solo` wrote.
fn readers_project() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let (code, _, stderr) = foundry("forge", dir.path(), &["init", "--offline", "--no-git", "proj"]);
    assert_eq!(code, 0, "forge init: {stderr}");
    let root = dir.path().join("proj");
    for example in ["src/Counter.sol", "test/Counter.t.sol", "script/Counter.s.sol"] {
        std::fs::remove_file(root.join(example)).expect("forge init's example");
    }
    let (code, _, stderr) = marubatsu(&root, &["interface", "solo", "--out", "src/ISoloTicTacToe.sol"]);
    assert_eq!(code, 0, "{stderr}");
    let files = [
        ("Board.sol", user_source("Board.sol", &[])),
        ("ListedCpu.sol", user_source("test/utils/ListedCpu.sol", &[])),
        ("SoloTicTacToe.sol", user_source("SoloTicTacToe.sol", &[])),
        (
            "MySolo.sol",
            user_source(
                "test/OtherTieBreakSoloTicTacToe.sol",
                &[("OtherTieBreakSoloTicTacToe", "MySolo")],
            ),
        ),
        (
            "WeakSolo.sol",
            user_source(
                "test/WeakHardSoloTicTacToe.sol",
                &[("WeakHardSoloTicTacToe", "WeakSolo")],
            ),
        ),
        (
            "BookSolo.sol",
            user_source("test/BookSoloTicTacToe.sol", &[("BookSoloTicTacToe", "BookSolo")]),
        ),
        (
            "BrokenNormal.sol",
            user_source(
                "test/BrokenNormalSoloTicTacToe.sol",
                &[
                    ("BrokenNormalSoloTicTacToe", "BrokenNormal"),
                    ("BookSoloTicTacToe", "BookSolo"),
                ],
            ),
        ),
    ];
    for (name, text) in files {
        std::fs::write(root.join("src").join(name), text).expect("writing a source");
    }
    assert!(!root.join("package.json").exists() && !root.join("node_modules").exists());
    dir
}

/// The address `Deployed to:` names in `deploy`'s or `forge create`'s output.
fn deployed_to(stdout: &str) -> String {
    stdout
        .lines()
        .find_map(|line| line.strip_prefix("Deployed to: "))
        .map(|rest| rest.split_whitespace().next().unwrap_or_default().to_owned())
        .unwrap_or_else(|| panic!("no address in:\n{stdout}"))
}

#[test]
fn a_readers_own_contracts_are_proved_measured_deployed_and_played_as_the_tutorial_says() {
    let dir = readers_project();
    let root = dir.path().join("proj");
    let wrapper = checkout().join("script").join("solc-wrapper.js");
    let wrapper = wrapper.to_str().expect("a UTF-8 path");

    // A perfect Hard with other tie-breaks: every property holds, and its differences from the engine's CPU are
    // counted, not failed.
    let (code, report) = json(&root, &["prove", "--contract", "src/MySolo.sol:MySolo", "--json"]);
    assert_eq!(code, 0, "{report:#}");
    assert_eq!(report["interface"], "ISoloTicTacToe");
    assert!(
        report["subject"]
            .as_str()
            .unwrap()
            .starts_with("MySolo: compiled from src/MySolo.sol")
    );
    for required in ["hard-never-loses", "keeps-value"] {
        assert_eq!(property(&report, required)["status"], "pass", "{required}");
    }
    let same = property(&report, "same-as-engine");
    assert_eq!(
        (&same["status"], &same["required"]),
        (&Value::from("info"), &Value::from(false))
    );
    let differences = report["solo"]["differential"]["differences"].as_array().unwrap().len();
    assert!(differences > 0, "{same:#}");
    assert!(
        same["summary"]
            .as_str()
            .unwrap()
            .contains(&format!("{differences} differences"))
    );
    // Asked for, sameness is required: the same contract then fails, and says why.
    let (code, stdout, _) = marubatsu(&root, &["prove", "--contract", "MySolo", "--require", "same-as-engine"]);
    assert_eq!(code, 1, "{stdout}");
    assert!(stdout.contains("[FAIL] same-as-engine"), "{stdout}");

    // A weak Hard: the shortest losing line, kept as a Foundry test that fails on it and passes on the shipped
    // contract.
    let (code, report) = json(
        &root,
        &[
            "prove",
            "--contract",
            "WeakSolo",
            "--emit-test",
            "test/HardNeverLoses.t.sol",
            "--json",
        ],
    );
    assert_eq!(code, 1, "{report:#}");
    let never_loses = property(&report, "hard-never-loses");
    assert_eq!(never_loses["status"], "fail");
    let line = &never_loses["losing_line"];
    assert_eq!(line["seat"], "human-first");
    assert_eq!(line["moves"], serde_json::json!([0, 4, 8, 2, 6, 3, 7]));
    let emitted = std::fs::read_to_string(root.join("test/HardNeverLoses.t.sol")).expect("the emitted test");
    assert!(
        emitted.contains("import {WeakSolo} from \"../src/WeakSolo.sol\";"),
        "{emitted}"
    );
    let forge_test = [
        "test",
        "--offline",
        "--use",
        wrapper,
        "--match-path",
        "test/HardNeverLoses.t.sol",
    ];
    let (code, stdout, _) = foundry("forge", &root, &forge_test);
    assert_ne!(code, 0, "the emitted test must fail on the weak Hard:\n{stdout}");
    assert!(stdout.contains("[FAIL: HumanWon("), "{stdout}");
    std::fs::write(
        root.join("test/HardNeverLoses.t.sol"),
        emitted.replace("WeakSolo", "SoloTicTacToe"),
    )
    .unwrap();
    let (code, stdout, _) = foundry("forge", &root, &forge_test);
    assert_eq!(code, 0, "the same test must pass on the shipped contract:\n{stdout}");

    // A broken Normal: Hard's verdicts still come, and the broken level says where it broke.
    let (code, report) = json(&root, &["prove", "--contract", "BrokenNormal", "--json"]);
    assert_eq!(code, 0, "levels is informative: {report:#}");
    assert_eq!(report["interface"], "book");
    for required in ["hard-never-loses", "keeps-value"] {
        assert_eq!(property(&report, required)["status"], "pass", "{required}");
    }
    let levels = property(&report, "levels");
    assert_eq!(levels["status"], "error");
    assert!(
        levels["details"][0]
            .as_str()
            .unwrap()
            .contains("reverted with CellTaken"),
        "{levels:#}"
    );

    // The book's own shape conforms, and plays exactly as the engine.
    let (code, report) = json(
        &root,
        &[
            "prove",
            "--contract",
            "BookSolo",
            "--require",
            "same-as-engine",
            "--json",
        ],
    );
    assert_eq!(code, 0, "{report:#}");
    assert_eq!(report["interface"], "book");
    assert_eq!(property(&report, "same-as-engine")["status"], "pass");

    // A plain `prove` in the reader's project proves the shipped contract, and says it is not theirs.
    let (code, stdout, _) = marubatsu(&root, &["prove", "--check", "hard-never-loses"]);
    assert_eq!(code, 0, "{stdout}");
    assert!(
        stdout.contains("proving SoloTicTacToe: shipped in this binary")
            && stdout.contains("note: only SoloTicTacToe is proved here (the one shipped in this binary, not a contract of this project)"),
        "{stdout}"
    );

    // A check that only the toolkit's checkout has is refused for one contract, instead of running nothing.
    let (code, _, stderr) = marubatsu(&root, &["prove", "--contract", "MySolo", "--check", "tree-counts"]);
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("tree-counts is one of the toolkit's checkout's own checks"),
        "{stderr}"
    );

    // Something that is no tic-tac-toe at all is refused by name, with what it lacks.
    let (code, _, stderr) = marubatsu(&root, &["prove", "--contract", "src/Board.sol:Board"]);
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("nothing could be proved") && stderr.contains("newGame(uint8,bool)"),
        "{stderr}"
    );

    // Gas beside the shipped contract, then gated.
    let (code, stdout, stderr) = marubatsu(&root, &["gas", "--contract", "MySolo", "--vs", "shipped"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stdout.contains("src/MySolo.sol:MySolo vs contracts/SoloTicTacToe.sol:SoloTicTacToe"),
        "{stdout}"
    );
    assert!(stdout.lines().any(|l| l.starts_with("| play ")), "{stdout}");
    let (code, _, stderr) = marubatsu(&root, &["gas", "--contract", "MySolo", "--snapshot"]);
    assert_eq!(code, 0, "{stderr}");
    let (code, stdout, stderr) = marubatsu(&root, &["gas", "--contract", "MySolo", "--check"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.starts_with("gas matches "), "{stdout}");

    // Deployed to a chain, played there, and proved there.
    let anvil = Anvil::start();
    let key = anvil.keys[0].as_str();
    let on_node = ["-r", anvil.url.as_str(), "--private-key", key];
    let (code, stdout, stderr) = marubatsu(
        &root,
        &[&["deploy", "--contract", "MySolo", "--broadcast"][..], &on_node].concat(),
    );
    assert_eq!(code, 0, "{stderr}");
    // forge test built the project: its artifact is what is sent, and said so.
    assert!(
        stderr.contains("deploying MySolo: forge artifact out/MySolo.sol/MySolo.json, code hash 0x"),
        "{stderr}"
    );
    let mine = deployed_to(&stdout);
    let playing = [&on_node[..], &["--address", mine.as_str()]].concat();
    let (code, stdout, stderr) = marubatsu(&root, &[&["solo", "new"][..], &playing].concat());
    assert_eq!(code, 0, "{stderr}");
    assert!(stderr.contains("is not a recorded deployment"), "{stderr}");
    let (code, stdout_play, stderr) = marubatsu(&root, &[&["solo", "play", "1", "4"][..], &playing].concat());
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    assert!(stdout_play.contains("X"), "{stdout_play}");
    let (code, report) = json(
        &root,
        &[
            "prove",
            "--address",
            mine.as_str(),
            "-r",
            anvil.url.as_str(),
            "--contract",
            "MySolo",
            "--json",
        ],
    );
    assert_eq!(code, 0, "{report:#}");
    assert_eq!(report["fork"]["matches_contract"], true);

    // A copy deployed by forge itself, not by us: proved on chain through the interface, and played.
    let create = [
        "create",
        "src/MySolo.sol:MySolo",
        "--broadcast",
        "--offline",
        "--use",
        wrapper,
    ];
    let (code, stdout, stderr) = foundry("forge", &root, &[&create[..], &on_node].concat());
    assert_eq!(code, 0, "forge create: {stdout}\n{stderr}");
    let forged = deployed_to(&stdout);
    let (code, report) = json(
        &root,
        &[
            "prove",
            "--address",
            forged.as_str(),
            "-r",
            anvil.url.as_str(),
            "--json",
        ],
    );
    assert_eq!(code, 0, "{report:#}");
    assert_eq!(property(&report, "hard-never-loses")["status"], "pass");
    let playing = [&on_node[..], &["--address", forged.as_str()]].concat();
    let (code, _, stderr) = marubatsu(&root, &[&["solo", "new", "--cpu-first"][..], &playing].concat());
    assert_eq!(code, 0, "{stderr}");
}

#[test]
fn deploy_sends_only_the_bytecode_it_names_in_a_folder_whose_contracts_were_edited() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let root = dir.path();
    std::fs::copy(checkout().join("foundry.toml"), root.join("foundry.toml")).unwrap();
    std::fs::create_dir_all(root.join("contracts/interfaces")).unwrap();
    for file in [
        "Board.sol",
        "SoloTicTacToe.sol",
        "TicTacToe.sol",
        "interfaces/ISoloTicTacToe.sol",
        "interfaces/ITicTacToe.sol",
        "interfaces/ITicTacToeTimeBank.sol",
    ] {
        std::fs::copy(
            checkout().join("contracts").join(file),
            root.join("contracts").join(file),
        )
        .unwrap();
    }
    // An edit that changes the bytecode: one more function.
    let solo = root.join("contracts/SoloTicTacToe.sol");
    let text = std::fs::read_to_string(&solo).unwrap();
    let end = text.rfind('}').unwrap();
    let edited = format!(
        "{}    function edited() external pure returns (uint256) {{ return 1; }}\n}}\n",
        &text[..end]
    );
    std::fs::write(&solo, edited).unwrap();

    // A contract of the reader's own beside the toolkit's: a plain `prove` proves the toolkit's and says that it
    // did not prove theirs (a proof of one is never taken for a proof of the other).
    let mine = text.replace("contract SoloTicTacToe", "contract MySolo");
    std::fs::write(root.join("contracts/MySolo.sol"), mine).unwrap();
    let (code, stdout, stderr) = marubatsu(root, &["prove", "--check", "hard-never-loses"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stdout.contains("proving SoloTicTacToe: compiled from contracts/SoloTicTacToe.sol")
            && stdout.contains(
                "note: only SoloTicTacToe is proved here (these speak its interface: contracts/MySolo.sol:MySolo)"
            ),
        "{stdout}"
    );

    let anvil = Anvil::start();
    let on_node = ["-r", anvil.url.as_str(), "--private-key", anvil.keys[0].as_str()];
    let nonce = || {
        foundry(
            "cast",
            root,
            &["nonce", &format!("{:#x}", anvil.accounts[0]), "-r", &anvil.url],
        )
        .1
    };

    // Without saying which: refused before anything is sent.
    let (code, _, stderr) = marubatsu(root, &[&["deploy", "--broadcast"][..], &on_node].concat());
    assert_ne!(code, 0);
    assert!(
        stderr.contains("contracts/SoloTicTacToe.sol in ")
            && stderr.contains("--contract contracts/SoloTicTacToe.sol:SoloTicTacToe")
            && stderr.contains("--shipped"),
        "{stderr}"
    );
    assert_eq!(nonce().trim(), "0");

    // The edit, named: what lands on chain is the edit's code, not the shipped one.
    let named = [
        "deploy",
        "--contract",
        "contracts/SoloTicTacToe.sol:SoloTicTacToe",
        "--broadcast",
    ];
    let (code, stdout, stderr) = marubatsu(root, &[&named[..], &on_node].concat());
    assert_eq!(code, 0, "{stderr}");
    let edited_at = deployed_to(&stdout);
    let code_hash_at = |address: &str| {
        let code = foundry("cast", root, &["code", address, "-r", &anvil.url]).1;
        foundry("cast", root, &["keccak", code.trim()]).1.trim().to_owned()
    };
    let edited_hash = code_hash_at(&edited_at);
    assert!(stderr.contains(&format!("code hash {edited_hash}")), "{stderr}");
    let (_, compiled) = json(root, &["compile", "--json"]);
    let built_hash = compiled["contracts"]
        .as_array()
        .and_then(|all| all.iter().find(|c| c["name"] == "SoloTicTacToe"))
        .map(|c| c["deployed_code_hash"].as_str().unwrap().to_owned())
        .unwrap();
    assert_eq!(edited_hash, built_hash, "the edit's compile is what is on chain");

    // The shipped contracts, asked for: exactly the shipped code.
    let (code, stdout, stderr) = marubatsu(root, &[&["deploy", "--shipped", "--broadcast"][..], &on_node].concat());
    assert_eq!(code, 0, "{stderr}");
    let shipped_at = stdout
        .split("SoloTicTacToe: deployed")
        .nth(1)
        .map(deployed_to)
        .unwrap_or_else(|| panic!("{stdout}"));
    assert_ne!(edited_hash, code_hash_at(&shipped_at));
    let shipped_contracts = marubatsu_chain::compiler::ContractSet::shipped().unwrap();
    let shipped_solo = shipped_contracts
        .get("SoloTicTacToe")
        .unwrap()
        .deployed_code_hash()
        .to_string();
    assert_eq!(code_hash_at(&shipped_at), shipped_solo);
}

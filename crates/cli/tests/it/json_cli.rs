//! The typed `--json` of every game command and of `deploy`, against anvil (docs/cli-json.md): numbers are JSON
//! numbers, wei amounts decimal strings, cells arrays of indices, boards arrays of nine marks, events objects,
//! addresses checksummed; and, at the end, everything printed has the shape of the doc's example for it
//! (`doc_examples`). One test, so that the binary runs once per command.

pub(crate) mod doc_examples;

use crate::support;

use alloy_primitives::Address;
use marubatsu_tests::anviltest;
use serde_json::{Value, json};

/// The doc's examples that this test's commands do not print, and why they are not run here: each still has to
/// be in the doc, and a command added here that prints one must come off this list.
const NOT_CAPTURED_HERE: &[(&str, &str)] = &[
    (
        "tx list",
        "no check here reads the broadcast log, so listing it would be one more run of the binary; \
         pvp_journal_cli compares its `tx list --json` of a pending transaction with the example",
    ),
    (
        "prove",
        "only own_contract.rs runs `prove --json`, in a forge project of its own, for minutes",
    ),
];

/// Runs the binary against one node and keeps each JSON document it printed under the name of the command that
/// printed it (and each game command's `transaction` under `transaction`), for the doc comparison at the end.
struct JsonRuns<'a> {
    url: &'a str,
    printed: Vec<(String, Value)>,
}

impl JsonRuns<'_> {
    fn run(&mut self, args: &[&str]) -> Value {
        let output = support::marubatsu(args, &[("ETH_RPC_URL", self.url)]);
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(
            output.status.success(),
            "marubatsu {args:?} failed:\n{stdout}\n{}",
            String::from_utf8_lossy(&output.stderr)
        );
        let value: Value =
            serde_json::from_str(&stdout).unwrap_or_else(|err| panic!("{args:?} printed no JSON ({err}):\n{stdout}"));
        // The command's words, before its first argument or option: `pvp claim-timeout`, `deploy`.
        let command: Vec<&str> = args
            .iter()
            .copied()
            .take_while(|word| word.starts_with(|c: char| c.is_ascii_lowercase()))
            .collect();
        self.printed.push((command.join(" "), value.clone()));
        if let Some(transaction) = value.get("transaction").filter(|transaction| !transaction.is_null()) {
            self.printed.push(("transaction".to_owned(), transaction.clone()));
        }
        value
    }
}

/// An address string exactly as EIP-55 writes it.
fn checksummed(value: &Value) -> Address {
    let text = value.as_str().unwrap_or_else(|| panic!("{value} is not a string"));
    let address: Address = text.parse().unwrap();
    assert_eq!(text, address.to_checksum(None), "not checksummed");
    address
}

/// A wei amount: a string of decimal digits.
fn wei(value: &Value) -> u128 {
    value
        .as_str()
        .unwrap_or_else(|| panic!("{value} is not a string"))
        .parse()
        .unwrap()
}

/// The checks every mined transaction's JSON passes; returns its events.
fn transaction(value: &Value, from: Address) -> &Vec<Value> {
    let tx = &value["transaction"];
    assert_eq!(checksummed(&tx["from"]), from);
    assert!(tx["transaction_hash"].as_str().unwrap().starts_with("0x"));
    assert!(
        tx["block_number"].is_u64() && tx["gas_used"].as_u64().unwrap() > 21_000,
        "{tx}"
    );
    assert_eq!(
        wei(&tx["cost"]),
        u128::from(tx["gas_used"].as_u64().unwrap()) * wei(&tx["effective_gas_price"])
    );
    tx["events"].as_array().unwrap()
}

anviltest!(every_game_command_speaks_typed_json, |anvil, records| {
    let mut runs = JsonRuns {
        url: anvil.url.as_str(),
        printed: Vec::new(),
    };
    let dir = records.path().to_str().unwrap();
    let (x, o) = (anvil.accounts[1], anvil.accounts[2]);
    let as_x = ["--private-key", anvil.keys[1].as_str(), "--deployments", dir, "--json"];
    let as_o = ["--private-key", anvil.keys[2].as_str(), "--deployments", dir, "--json"];
    let nobody = ["--deployments", dir, "--json"];

    let deployed = runs.run(&[
        "deploy",
        "--broadcast",
        "--private-key",
        &anvil.keys[0],
        "--deployments",
        dir,
        "--json",
    ]);
    assert_eq!(deployed["chain_id"], 31337);
    assert_eq!(checksummed(&deployed["deployer"]), anvil.accounts[0]);
    for contract in deployed["contracts"].as_array().unwrap() {
        checksummed(&contract["address"]);
        assert_eq!(contract["status"], "deployed");
        assert!(
            contract["gas_used"].is_u64() && contract["block_number"].is_u64(),
            "{contract}"
        );
        wei(&contract["cost"]);
    }
    // Records are checksummed too.
    let record = std::fs::read_to_string(records.path().join("31337.json")).unwrap();
    let record: Value = serde_json::from_str(&record).unwrap();
    checksummed(&record["contracts"]["TicTacToe"]["address"]);
    checksummed(&record["contracts"]["TicTacToe"]["deployer"]);

    // Solo.
    let new = runs.run(&[&["solo", "new", "--difficulty", "easy"][..], &as_x].concat());
    assert_eq!(new["game"]["game_id"], 1);
    assert_eq!(new["current_sources"], true);
    assert_eq!(checksummed(&new["game"]["player"]), x);
    assert_eq!(
        new["game"]["board"],
        json!([null, null, null, null, null, null, null, null, null])
    );
    assert_eq!(new["game"]["result"], "inProgress");
    assert_eq!(
        transaction(&new, x)[0],
        json!({"event": "GameStarted", "gameId": 1, "player": x.to_checksum(None), "difficulty": "easy", "cpuCell": null})
    );
    let played = runs.run(&[&["solo", "play", "1", "4"][..], &as_x].concat());
    assert_eq!(played["game"]["player_cells"], json!([4]));
    assert_eq!(played["game"]["board"][4], "X");
    let cpu = played["game"]["cpu_cells"].as_array().unwrap();
    assert_eq!(cpu.len(), 1);
    let moved = &transaction(&played, x)[0];
    assert_eq!(
        (&moved["event"], &moved["playerCell"], &moved["cpuCell"]),
        (&json!("Moved"), &json!(4), &cpu[0])
    );
    let shown = runs.run(&["solo", "show", "1", "--deployments", dir, "--json"]);
    assert_eq!(shown["game"], played["game"]);
    assert!(shown["transaction"].is_null());

    // PvP: create (with a bank of 10 min), join naming the bank, play, resign.
    let created = runs.run(
        &[
            &[
                "pvp",
                "create",
                "--stake",
                "1gwei",
                "--move-timeout",
                "60",
                "--time-bank",
                "600",
            ][..],
            &as_x,
        ]
        .concat(),
    );
    let game = &created["game"];
    assert_eq!(
        game["time_bank"],
        json!({"chosen": 600, "x_left": 600, "o_left": 600, "free_move_time": 60})
    );
    // A minute per move bounds the game before the banks do: nine turns of 60 s.
    assert_eq!(game["whole_game_bound"], 540);
    assert_eq!(
        (&game["game_id"], &game["stake"], &game["move_timeout"]),
        (&json!(1), &json!("1000000000"), &json!(60))
    );
    assert_eq!(
        (&game["status"], &game["opponent"], &game["to_move"]),
        (&json!("open"), &Value::Null, &Value::Null)
    );
    assert_eq!(
        transaction(&created, x)[0],
        json!({"event": "GameCreated", "gameId": 1, "creator": x.to_checksum(None), "opponent": null,
               "stake": "1000000000", "moveTimeout": 60})
    );
    let joined = runs.run(
        &[
            &["pvp", "join", "1", "--stake", "1gwei", "--time-bank", "600"][..],
            &as_o,
        ]
        .concat(),
    );
    assert_eq!(joined["game"]["time_bank"], game["time_bank"]);
    assert_eq!(
        (&joined["game"]["status"], &joined["game"]["to_move"]),
        (&json!("active"), &json!("X"))
    );
    assert_eq!(checksummed(&joined["game"]["opponent"]), o);
    let event = &transaction(&joined, o)[0];
    assert_eq!(event["event"], "GameJoined");
    assert!(event["deadline"].as_u64().unwrap() > 1_000_000_000, "{event}");
    let moved = runs.run(&[&["pvp", "play", "1", "4"][..], &as_x].concat());
    assert_eq!(
        (&moved["game"]["x_cells"], &moved["game"]["o_cells"]),
        (&json!([4]), &json!([]))
    );
    assert_eq!(moved["game"]["board"][4], "X");
    let event = &transaction(&moved, x)[0];
    assert_eq!(
        (&event["event"], &event["gameId"], &event["cell"]),
        (&json!("Moved"), &json!(1), &json!(4))
    );
    assert_eq!(checksummed(&event["player"]), x);
    let resigned = runs.run(&[&["pvp", "resign", "1"][..], &as_o].concat());
    assert_eq!(resigned["game"]["status"], "xWon");
    let events = transaction(&resigned, o);
    assert!(
        events.contains(
            &json!({"event": "GameEnded", "gameId": 1, "reason": "resignation", "winner": x.to_checksum(None)})
        ),
        "{events:?}"
    );
    assert!(
        events.contains(&json!({"event": "BalanceCredited", "account": x.to_checksum(None), "amount": "2000000000"})),
        "{events:?}"
    );

    // Cancel, and claim-timeout on a first move that never came.
    // The default bank is an hour: nine free minutes and both banks bound the game, 540 + 7200 s.
    let default = runs.run(&[&["pvp", "create"][..], &as_x].concat());
    assert_eq!(
        (
            &default["game"]["time_bank"]["chosen"],
            &default["game"]["whole_game_bound"]
        ),
        (&json!(3600), &json!(7740))
    );
    let cancelled = runs.run(&[&["pvp", "cancel", "2"][..], &as_x].concat());
    assert_eq!(cancelled["game"]["status"], "cancelled");
    let unbanked = runs.run(
        &[
            &["pvp", "create", "--move-timeout", "60", "--time-bank", "none"][..],
            &as_x,
        ]
        .concat(),
    );
    assert_eq!(
        (&unbanked["game"]["time_bank"], &unbanked["game"]["whole_game_bound"]),
        (&Value::Null, &json!(540))
    );
    runs.run(&[&["pvp", "join", "3"][..], &as_o].concat());
    anvil.advance_time(61);
    let aborted = runs.run(&[&["pvp", "claim-timeout", "3"][..], &as_o].concat());
    assert_eq!(aborted["game"]["status"], "aborted");
    assert!(
        transaction(&aborted, o)
            .iter()
            .any(|e| e["event"] == "GameEnded" && e["reason"] == "abort"),
        "{aborted}"
    );

    // Show without a wallet: nothing to withdraw for nobody, no transaction.
    let shown = runs.run(&[&["pvp", "show", "1"][..], &nobody].concat());
    assert_eq!(shown["game"]["status"], "xWon");
    assert!(
        shown["withdrawable"].is_null() && shown["transaction"].is_null(),
        "{shown}"
    );
    assert_eq!(checksummed(&shown["contract"]), anvil.accounts[0].create(1));

    // Balance and withdraw.
    let balance = runs.run(&[&["pvp", "balance"][..], &as_x].concat());
    assert_eq!(balance["chain_id"], 31337);
    assert_eq!(checksummed(&balance["account"]), x);
    assert_eq!(
        balance["deployments"],
        json!([{"address": anvil.accounts[0].create(1).to_checksum(None), "current": true,
                "same_code_as_sources": true, "withdrawable": "2000000000", "problem": null}])
    );
    assert_eq!(balance["total"], "2000000000");
    let withdrawn = runs.run(&[&["pvp", "withdraw"][..], &as_x].concat());
    assert_eq!(withdrawn["withdrawn"], "2000000000");
    assert_eq!(checksummed(&withdrawn["to"]), x);
    assert_eq!(
        transaction(&withdrawn, x)[0],
        json!({"event": "Withdrawn", "account": x.to_checksum(None), "to": x.to_checksum(None), "amount": "2000000000"})
    );

    doc_examples::assert_printed_as_documented(&runs.printed, NOT_CAPTURED_HERE);
});

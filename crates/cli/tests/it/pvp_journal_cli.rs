//! A staked `pvp create` whose receipt does not come in time, run again: the broadcast log settles it first, the
//! game is created once, and the first run that finds it mined reports it as its own result (exit 0), as a script
//! that retries on failure needs. Another account's pending transaction holds up neither `deploy` nor this
//! account. On anvil with automine off, so that the first create really is still pending.

use crate::support;

use alloy_primitives::U256;
use marubatsu_client::{
    games::PvpContract,
    rpc::{Rpc, RpcOptions},
    wallet::Secret,
};
use marubatsu_tests::anviltest;

/// Runs the binary against `url`; returns whether it succeeded and its stderr.
fn run(args: &[&str], url: &str) -> (bool, String) {
    let (ok, _, stderr) = support::on_node(args, url);
    (ok, stderr)
}

anviltest!(
    a_staked_create_that_timed_out_is_settled_not_sent_again,
    |anvil, records| {
        let url = anvil.url.as_str();
        let dir = records.path().to_str().unwrap();
        let deploy = |extra: &[&str]| {
            let deploy = [
                "deploy",
                "--broadcast",
                "--private-key",
                &anvil.keys[0],
                "--deployments",
                dir,
            ];
            run(&[&deploy[..], extra].concat(), url)
        };
        let (ok, stderr) = deploy(&[]);
        assert!(ok, "{stderr}");
        let player = anvil.accounts[1];
        let create = [
            "pvp",
            "create",
            "--stake",
            "0.01ether",
            "--timeout",
            "2",
            "--private-key",
            anvil.keys[1].as_str(),
            "--deployments",
            dir,
        ];
        let pending_nonce = || anvil.rpc("eth_getTransactionCount", &[&player.to_string(), "pending"]);

        // The node stops mining: the create goes out and its receipt never comes.
        anvil.rpc("evm_setAutomine", &["false"]);
        let (ok, timed_out) = run(&create, url);
        assert!(!ok);
        assert!(
            timed_out.contains("createGame(uint256,uint256,address)")
                && timed_out.contains("is still pending after 2s")
                && timed_out.contains("never sent twice"),
            "{timed_out}"
        );
        assert_eq!(pending_nonce(), "\"0x1\"");

        // Run again while it is still in the pool: it is waited for, and nothing new is sent.
        let (ok, still) = run(&create, url);
        assert!(!ok);
        assert!(still.contains("is still pending after 2s"), "{still}");
        assert_eq!(pending_nonce(), "\"0x1\"", "nothing was sent the second time");
        let first_hash = hash_in(&timed_out);

        // `tx list` shows it as the node sees it: in the pool.
        let (ok, listed, stderr) = support::on_node(&["tx", "list", "--json", "--deployments", dir], url);
        assert!(ok, "{stderr}");
        let listed: serde_json::Value = serde_json::from_str(&listed).unwrap();
        assert_eq!(listed[0]["hash"], first_hash, "{listed}");
        assert_eq!(listed[0]["node"]["state"], "in_pool", "{listed}");
        crate::json_cli::doc_examples::assert_as_documented("tx list", &listed);

        // Mined at last: `tx wait` follows it to its receipt. A different command run next says what the create
        // did, sends nothing (game 99 does not exist) and so reports nothing: the create stays the result of the
        // same command run again.
        anvil.rpc("evm_mine", &[]);
        let (ok, waited, stderr) = support::on_node(&["tx", "wait", first_hash, "--deployments", dir], url);
        assert!(ok && waited.contains("mined in block"), "{waited}{stderr}");
        let (ok, other) = run(
            &[
                "pvp",
                "join",
                "99",
                "--private-key",
                anvil.keys[1].as_str(),
                "--deployments",
                dir,
            ],
            url,
        );
        assert!(!ok);
        assert!(
            other.contains("an earlier run's createGame(uint256,uint256,address)")
                && other.contains("mined in block")
                && other.contains("The same command reports it as its result"),
            "{other}"
        );
        assert_eq!(pending_nonce(), "\"0x1\"");

        // The same create again: the earlier one is its result, printed as if it had waited; nothing is sent.
        let json = [&create[..], &["--json"]].concat();
        let (ok, stdout, stderr) = support::on_node(&json, url);
        assert!(ok, "{stderr}");
        let reported: serde_json::Value = serde_json::from_str(&stdout).unwrap();
        assert_eq!(reported["game"]["game_id"], 1, "{stdout}");
        assert_eq!(reported["game"]["stake"], "10000000000000000", "{stdout}");
        assert_eq!(reported["game"]["status"], "open", "{stdout}");
        assert_eq!(reported["transaction"]["transaction_hash"], first_hash, "{stdout}");
        assert_eq!(pending_nonce(), "\"0x1\"", "nothing was sent the third time");
        let pvp = recorded_pvp(records.path());
        let mut alloy = Rpc::connect(&Secret::new(url), None, RpcOptions::default()).unwrap();
        assert_eq!(pvp.next_game_id(&mut alloy).unwrap(), U256::from(2), "exactly one game");
        assert_eq!(
            pvp.game(&mut alloy, U256::from(1)).unwrap().stake,
            U256::from(10_000_000_000_000_000u64)
        );

        // Reported once, the create is done: the same command after that is a new game, sent on purpose.
        anvil.rpc("evm_setAutomine", &["true"]);
        let (ok, again) = run(&create, url);
        assert!(ok, "{again}");
        assert_eq!(pvp.next_game_id(&mut alloy).unwrap(), U256::from(3));

        // Another account's transaction that can never be mined (its nonce leaves a gap) is left pending in the
        // log; it holds up neither a deployment by another account nor a game command of a third.
        let (ok, gap) = run(
            &[
                &create[..6],
                &[
                    "--private-key",
                    anvil.keys[2].as_str(),
                    "--nonce",
                    "5",
                    "--deployments",
                    dir,
                ],
            ]
            .concat(),
            url,
        );
        assert!(!ok && gap.contains("is still pending after 2s"), "{gap}");
        let (ok, stderr) = deploy(&["--force"]);
        assert!(ok, "{stderr}");
        assert!(!stderr.contains("still pending"), "{stderr}");
        let (ok, stderr) = run(
            &[
                &create[..3],
                &["0", "--private-key", anvil.keys[3].as_str(), "--deployments", dir],
            ]
            .concat(),
            url,
        );
        assert!(ok && !stderr.contains("earlier run"), "{stderr}");

        // The gap is said at once, by the command and by `tx list`, and nothing more is sent for the account.
        let gap_hash = hash_in(&gap);
        let player_2 = anvil.accounts[2].to_string();
        let again = [
            &create[..6],
            &["--private-key", anvil.keys[2].as_str(), "--deployments", dir],
        ]
        .concat();
        let (ok, stuck) = run(&again, url);
        assert!(
            !ok && stuck.contains("behind that gap") && stuck.contains(&format!("marubatsu tx forget {gap_hash}")),
            "{stuck}"
        );
        let nonce_2 = || anvil.rpc("eth_getTransactionCount", &[&player_2, "latest"]);
        assert_eq!(nonce_2(), "\"0x0\"");
        let (ok, listed, stderr) = support::on_node(&["tx", "list", "--from", &player_2, "--deployments", dir], url);
        assert!(
            ok && listed.contains(gap_hash) && listed.contains("behind a nonce gap"),
            "{listed}{stderr}"
        );

        // Forgotten (asked first: without a terminal, only --yes does it), it holds nothing up, and the next
        // create is the only transaction the account sends.
        let (ok, _, asked) = support::on_node(&["tx", "forget", gap_hash, "--deployments", dir], url);
        assert!(!ok && asked.contains("--yes"), "{asked}");
        let (ok, forgot, stderr) = support::on_node(&["tx", "forget", gap_hash, "--yes", "--deployments", dir], url);
        assert!(
            ok && forgot.contains("forgotten") && forgot.contains("Nothing was sent"),
            "{forgot}{stderr}"
        );
        assert_eq!(nonce_2(), "\"0x0\"", "forgetting sends nothing");
        let (ok, created) = run(&again, url);
        assert!(ok, "{created}");
        assert_eq!(nonce_2(), "\"0x1\"", "one create, nothing else");
        let (ok, listed, _) = support::on_node(&["tx", "list", "--deployments", dir], url);
        assert!(ok && listed.contains("no pending transactions"), "{listed}");

        // --async prints the hash alone and waits for nothing; `tx wait` follows the hash to its receipt, and the
        // same command run again reports the game it created, sending nothing more.
        let player_4 = anvil.accounts[4].to_string();
        let quick = [
            &create[..3],
            &["0", "--private-key", anvil.keys[4].as_str(), "--deployments", dir],
        ]
        .concat();
        let (ok, hash, stderr) = support::on_node(&[&quick[..], &["--async"]].concat(), url);
        let hash = hash.trim();
        assert!(ok && hash.len() == 66 && hash.starts_with("0x"), "{hash}{stderr}");
        assert!(stderr.contains(&format!("marubatsu tx wait {hash}")), "{stderr}");
        let (ok, waited, stderr) = support::on_node(&["tx", "wait", hash, "--deployments", dir], url);
        assert!(ok && waited.contains("mined in block"), "{waited}{stderr}");
        // The game is on the contract the forced deployment recorded.
        let pvp = recorded_pvp(records.path());
        let games = pvp.next_game_id(&mut alloy).unwrap();
        let (ok, shown, stderr) = support::on_node(&quick, url);
        assert!(ok, "{stderr}");
        assert!(
            shown.contains(&format!("pvp game {}", games - U256::from(1))),
            "{shown}"
        );
        assert_eq!(pvp.next_game_id(&mut alloy).unwrap(), games, "no second game");
        assert_eq!(anvil.rpc("eth_getTransactionCount", &[&player_4, "latest"]), "\"0x1\"");

        // --confirmations 2: mined in its own block, the receipt does not count until one more block comes.
        let confirmed = [
            &create[..3],
            &["0", "--private-key", anvil.keys[5].as_str(), "--deployments", dir],
            &["--confirmations", "2", "--timeout", "2"],
        ]
        .concat();
        let (ok, unconfirmed) = run(&confirmed, url);
        assert!(
            !ok && unconfirmed.contains("is still pending after 2s"),
            "{unconfirmed}"
        );
        let player_5 = anvil.accounts[5].to_string();
        assert_eq!(
            anvil.rpc("eth_getTransactionCount", &[&player_5, "latest"]),
            "\"0x1\"",
            "it was mined"
        );
        anvil.rpc("evm_mine", &[]);
        let (ok, shown, stderr) = support::on_node(&confirmed, url);
        assert!(ok && shown.contains(&format!("pvp game {games}")), "{shown}{stderr}");
        assert_eq!(anvil.rpc("eth_getTransactionCount", &[&player_5, "latest"]), "\"0x1\"");
    }
);

/// The first transaction hash a message names, after "(transaction ".
fn hash_in(message: &str) -> &str {
    let start = message
        .find("(transaction 0x")
        .unwrap_or_else(|| panic!("no hash in: {message}"))
        + "(transaction ".len();
    &message[start..start + 66]
}

/// The TicTacToe the deployment record under `records` names now.
fn recorded_pvp(records: &std::path::Path) -> PvpContract {
    let record: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(records.join("31337.json")).unwrap()).unwrap();
    PvpContract(
        record["contracts"]["TicTacToe"]["address"]
            .as_str()
            .unwrap()
            .parse()
            .unwrap(),
    )
}

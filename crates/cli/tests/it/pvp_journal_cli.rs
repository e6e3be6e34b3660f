//! A staked `pvp create` whose receipt does not come in time, run again: the broadcast log settles it first and
//! the game is created once. On anvil with automine off, so that the first create really is still pending.

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
        let (ok, stderr) = run(
            &[
                "deploy",
                "--broadcast",
                "--private-key",
                &anvil.keys[0],
                "--deployments",
                dir,
            ],
            url,
        );
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
            timed_out.contains("createGame(uint256,address)")
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

        // Mined at last; the third run settles it and refuses to create a second game with the same stake.
        anvil.rpc("evm_mine", &[]);
        let (ok, refused) = run(&create, url);
        assert!(!ok);
        assert!(
            refused.contains("an earlier run's createGame(uint256,address)")
                && refused.contains("mined in block")
                && refused.contains("already sent this createGame(uint256,address)")
                && refused.contains("nothing was sent again")
                && refused.contains("--force"),
            "{refused}"
        );
        assert_eq!(pending_nonce(), "\"0x1\"");
        let record: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(records.path().join("31337.json")).unwrap()).unwrap();
        let pvp = PvpContract(
            record["contracts"]["TicTacToe"]["address"]
                .as_str()
                .unwrap()
                .parse()
                .unwrap(),
        );
        let mut alloy = Rpc::connect(&Secret::new(url), None, RpcOptions::default()).unwrap();
        assert_eq!(pvp.next_game_id(&mut alloy).unwrap(), U256::from(2), "exactly one game");
        assert_eq!(
            pvp.game(&mut alloy, U256::from(1)).unwrap().stake,
            U256::from(10_000_000_000_000_000u64)
        );

        // --force means it: a second game, sent on purpose.
        anvil.rpc("evm_setAutomine", &["true"]);
        let (ok, forced) = run(&[&create[..], &["--force"]].concat(), url);
        assert!(ok, "{forced}");
        assert_eq!(pvp.next_game_id(&mut alloy).unwrap(), U256::from(3));
    }
);

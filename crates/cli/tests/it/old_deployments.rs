//! Credit left in an older deployment stays reachable: deploy, credit a player, change TicTacToe (in a copy of
//! the workspace, compiled through `--root`), deploy again, and withdraw the credit from the old deployment with
//! the CLI — checked to the wei by an alloy provider, not by the CLI. Also: `pvp balance` lists both deployments,
//! an address with unknown code is still refused, and a stake above the balance is refused before anything is
//! sent, naming the balance and the amount needed.

use crate::support;

use std::path::Path;

use alloy_primitives::{Address, B256, U256, keccak256};
use marubatsu_chain::evm::Transactor;
use marubatsu_client::{
    deploy::{ContractRecord, Deployments, PastDeployment},
    games::PvpContract,
    rpc::{Rpc, RpcOptions},
    wallet::Secret,
};
use marubatsu_tests::{anvil::Anvil, anviltest};

use support::on_node as run;

fn succeeds(args: &[&str], url: &str) -> (String, String) {
    let (ok, stdout, stderr) = run(args, url);
    assert!(ok, "marubatsu {args:?} failed:\n{stdout}\n{stderr}");
    (stdout, stderr)
}

/// Deploys today's contracts from anvil's first account, recorded under `dir`.
fn deploy_today(anvil: &Anvil, dir: &str) {
    let key = anvil.keys[0].as_str();
    succeeds(
        &["deploy", "--broadcast", "--private-key", key, "--deployments", dir],
        &anvil.url,
    );
}

/// A copy of the workspace whose TicTacToe has one more function, so its runtime code differs (the compiler
/// settings write no metadata hash, so an edited comment would not do). node_modules is linked, not copied.
fn edited_workspace(into: &Path) {
    let root = marubatsu_chain::compiler::Workspace::locate()
        .unwrap()
        .root()
        .to_path_buf();
    for file in ["foundry.toml", "package.json", "package-lock.json"] {
        std::fs::copy(root.join(file), into.join(file)).unwrap();
    }
    for dir in ["contracts", "script"] {
        copy_dir(&root.join(dir), &into.join(dir));
    }
    std::os::unix::fs::symlink(root.join("node_modules"), into.join("node_modules")).unwrap();
    let path = into.join("contracts/TicTacToe.sol");
    let source = std::fs::read_to_string(&path).unwrap();
    let body = source.trim_end().strip_suffix('}').expect("the contract ends the file");
    let edited = format!(
        "{body}\n    /// @dev A later version's marker.\n    function version() external pure returns (uint256) {{\n        \
         return 2;\n    }}\n}}\n"
    );
    std::fs::write(&path, edited).unwrap();
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

anviltest!(
    credit_in_an_older_deployment_is_withdrawn_to_the_wei,
    |anvil, records| {
        let url = anvil.url.as_str();
        let dir = records.path().to_str().unwrap();
        let deployer = anvil.accounts[0];
        let player = anvil.accounts[1];
        let as_player = ["--private-key", anvil.keys[1].as_str(), "--deployments", dir];
        let as_joiner = ["--private-key", anvil.keys[2].as_str(), "--deployments", dir];

        deploy_today(&anvil, dir);
        let old = deployer.create(1);
        succeeds(&[&["pvp", "create", "--stake", "1ether"][..], &as_player].concat(), url);
        succeeds(&[&["pvp", "cancel", "1"][..], &as_player].concat(), url);
        // Game 2 is under way when the sources change; X never makes the first move.
        succeeds(
            &[
                &["pvp", "create", "--stake", "1gwei", "--move-timeout", "60"][..],
                &as_player,
            ]
            .concat(),
            url,
        );
        succeeds(
            &[&["pvp", "join", "2", "--stake", "1gwei"][..], &as_joiner].concat(),
            url,
        );

        // Today's sources change; deploy puts the new TicTacToe next to the old one and keeps both in the record.
        let copy = tempfile::tempdir().unwrap();
        edited_workspace(copy.path());
        let root = copy.path().to_str().unwrap();
        let (redeployed, _) = succeeds(
            &[
                "deploy",
                "--broadcast",
                "--private-key",
                &anvil.keys[0],
                "--deployments",
                dir,
                "--root",
                root,
            ],
            url,
        );
        assert!(
            redeployed.contains("SoloTicTacToe: already deployed") && redeployed.contains("TicTacToe: deployed"),
            "{redeployed}"
        );
        // The replaced TicTacToe holds game 2's two stakes and cancelled game 1's uncollected stake; deploy says so.
        assert!(
            redeployed.contains(&format!(
                "warning: TicTacToe: replaced the recorded deployment at {old}, which still holds 1.000000002 ETH \
             (1000000002000000000 wei) of players' money and 1 unfinished game"
            )),
            "{redeployed}"
        );
        let new = deployer.create(2);
        let record: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(records.path().join("31337.json")).unwrap()).unwrap();
        assert_eq!(
            record["contracts"]["TicTacToe"]["address"],
            new.to_checksum(None),
            "{record}"
        );
        let history = record["history"].as_array().unwrap();
        let pvp_history: Vec<&str> = history
            .iter()
            .filter(|h| h["name"] == "TicTacToe")
            .map(|h| h["address"].as_str().unwrap())
            .collect();
        assert_eq!(pvp_history, [old.to_checksum(None), new.to_checksum(None)]);
        assert!(
            history
                .iter()
                .all(|h| h["abi"].is_array() && h["deployed_code_hash"].is_string())
        );

        let on_copy = [&as_player[..], &["--root", root]].concat();
        // Without --address, a game only the older deployment has is not "unknown": the error names where it is.
        let (ok, _, elsewhere) = run(&[&["pvp", "show", "2"][..], &on_copy].concat(), url);
        assert!(!ok);
        assert!(
            elsewhere.contains(&format!("game 2 is not on the current TicTacToe ({new})"))
                && elsewhere.contains(&format!("add --address {old}")),
            "{elsewhere}"
        );
        // The old game is still shown, with a plain word that the code is not today's.
        let (shown, note) = succeeds(
            &[&["pvp", "show", "1", "--address", &old.to_string()][..], &on_copy].concat(),
            url,
        );
        assert!(shown.contains("cancelled"), "{shown}");
        assert!(
            note.contains(&format!("note: TicTacToe at {old} is an older recorded deployment"))
                && note.contains("its code differs from today's sources"),
            "{note}"
        );
        // An address whose code nobody recorded and that does not answer TicTacToe's calls is refused: the
        // SoloTicTacToe, asked for as a TicTacToe.
        let solo = deployer.create(0).to_string();
        let (ok, _, refused) = run(&[&["pvp", "show", "1", "--address", &solo][..], &on_copy].concat(), url);
        assert!(!ok);
        assert!(
            refused.contains("holds other code than the compiled TicTacToe")
                && refused.contains("no deployment with that code is recorded")
                && refused.contains("does not speak contracts/interfaces/ITicTacToe.sol: claimBlocks() did not answer"),
            "{refused}"
        );

        // The joiner ends game 2 on the old deployment: an abort, each stake credited back there.
        anvil.advance_time(61);
        let (aborted, _) = succeeds(
            &[
                &["pvp", "claim-timeout", "2", "--address", &old.to_string()][..],
                &as_joiner,
                &["--root", root],
            ]
            .concat(),
            url,
        );
        assert!(aborted.contains("aborted (a first move timed out"), "{aborted}");
        // A function the old deployment's recorded ABI lacks is refused before anything is sent.
        let mut edited = record.clone();
        for entry in edited["history"].as_array_mut().unwrap() {
            if entry["address"] == old.to_checksum(None) {
                entry["abi"]
                    .as_array_mut()
                    .unwrap()
                    .retain(|item| item["name"] != "resign");
            }
        }
        std::fs::write(records.path().join("31337.json"), edited.to_string()).unwrap();
        let (ok, _, lacking) = run(
            &[&["pvp", "resign", "2", "--address", &old.to_string()][..], &on_copy].concat(),
            url,
        );
        assert!(!ok);
        assert!(
            lacking.contains("whose recorded ABI has no resign(uint256)"),
            "{lacking}"
        );
        std::fs::write(records.path().join("31337.json"), record.to_string()).unwrap();

        // Balance across every recorded deployment, for an account named without a wallet.
        let (listed, _) = succeeds(
            &[
                "pvp",
                "balance",
                &player.to_string(),
                "--deployments",
                dir,
                "--root",
                root,
            ],
            url,
        );
        assert!(
            listed.contains(&format!(
                "{old}  1.000000001 ETH (1000000001000000000 wei)  (older deployment; its code differs from today's \
             sources)"
            )),
            "{listed}"
        );
        assert!(
            listed.contains(&format!("{new}  0 ETH (0 wei)  (current deployment)")),
            "{listed}"
        );
        assert!(listed.contains(&format!("pvp withdraw --address {old}")), "{listed}");

        // A withdrawal from the current deployment, where the player has nothing, names the credit in the old one.
        let (ok, _, nothing_here) = run(&[&["pvp", "withdraw"][..], &on_copy].concat(), url);
        assert!(!ok);
        assert!(
            nothing_here.contains(&format!("has nothing to withdraw from the current TicTacToe ({new})"))
                && nothing_here.contains(&format!("1.000000001 ETH (1000000001000000000 wei) at {old}")),
            "{nothing_here}"
        );

        // Withdraw from the old deployment, then check the player's balance with alloy: before + credit − gas × price.
        let mut provider = Rpc::connect(&Secret::new(url), None, RpcOptions::default()).unwrap();
        let before = provider.balance(player).unwrap();
        let (withdrawn, _) = succeeds(
            &[
                &["pvp", "withdraw", "--address", &old.to_string(), "--json"][..],
                &on_copy,
            ]
            .concat(),
            url,
        );
        let withdrawn: serde_json::Value = serde_json::from_str(&withdrawn).unwrap();
        assert_eq!(withdrawn["withdrawn"], "1000000001000000000");
        assert_eq!(withdrawn["current_sources"], false);
        let hash: B256 = withdrawn["transaction"]["transaction_hash"]
            .as_str()
            .unwrap()
            .parse()
            .unwrap();
        let (receipt, success) = provider.receipt(hash).unwrap().expect("mined");
        assert!(success);
        let after = provider.balance(player).unwrap();
        let credit = U256::from(1_000_000_001_000_000_000u64);
        assert_eq!(after, before + credit - receipt.cost(), "to the wei");
        assert!(!receipt.cost().is_zero());
        assert_eq!(
            PvpContract(old).pending_balance(&mut provider, player).unwrap(),
            U256::ZERO
        );

        // Money is named before anything is sent: a stake above the balance (anvil's accounts hold 10,000 ETH).
        let poor: Address = anvil.accounts[9];
        let (ok, _, stderr) = run(
            &[
                "pvp",
                "create",
                "--stake",
                "20000ether",
                "--private-key",
                &anvil.keys[9],
                "--deployments",
                dir,
            ],
            url,
        );
        assert!(!ok);
        assert!(
            stderr.contains(&format!(
                "insufficient funds: {poor} has 10000 ETH (10000000000000000000000 wei)"
            )) && stderr.contains("needs up to 20000.")
                && stderr.contains("the value 20000 ETH (20000000000000000000000 wei) plus gas of up to ")
                && stderr.contains("nothing was sent"),
            "{stderr}"
        );
        assert_eq!(provider.nonce(poor).unwrap(), 0, "nothing was sent");
    }
);

// A version 2 TicTacToe, recorded with its ABI as a version 2 deploy left it, is still played from the CLI:
// create, join and play go out in version 2's encoding (a `uint32` time limit, a join without terms, a `uint8`
// cell), and the game is read back by alloy, not by the CLI.
anviltest!(a_version_2_deployment_is_still_played, |anvil, records| {
    let url = anvil.url.as_str();
    let dir = records.path().to_str().unwrap();
    deploy_today(&anvil, dir);

    // Version 2, deployed as it shipped, and in the record's history with its ABI.
    let fixture: serde_json::Value = serde_json::from_str(include_str!("../fixtures/tictactoe-v2.json")).unwrap();
    let deployer = anvil.accounts[3];
    let sent = serde_json::json!({ "from": deployer.to_string(), "data": fixture["bytecode"] }).to_string();
    anvil.rpc("eth_sendTransaction", &[&sent]);
    let v2 = deployer.create(0);
    let deployed_code: alloy_primitives::Bytes = serde_json::from_value(fixture["deployed_bytecode"].clone()).unwrap();
    let deployments = Deployments::new(dir);
    let mut record = deployments.load(31337).unwrap().unwrap();
    let today = record.contracts["TicTacToe"].clone();
    record.history.insert(
        0,
        PastDeployment {
            name: "TicTacToe".into(),
            record: ContractRecord {
                address: v2,
                deployed_code_hash: keccak256(&deployed_code),
                abi: Some(fixture["abi"].clone()),
                ..today.clone()
            },
        },
    );
    deployments.save(&record).unwrap();

    let v2_text = v2.to_string();
    let at_v2 = |key: usize| {
        [
            "--address",
            v2_text.as_str(),
            "--private-key",
            anvil.keys[key].as_str(),
            "--deployments",
            dir,
        ]
    };
    let create = ["pvp", "create", "--stake", "1gwei", "--move-timeout", "600"];
    let (created, notes) = succeeds(&[&create[..], &at_v2(1)].concat(), url);
    assert!(created.contains(&format!("pvp game 1 on {v2}")), "{created}");
    assert!(
        notes.contains("older"),
        "the CLI says it is not today's contract: {notes}"
    );
    // Version 2 has no time banks: the default opens a game without one, saying so, and a bank is refused.
    assert!(
        notes.contains("has no time banks") && created.contains("time bank: none (this TicTacToe has no time banks)"),
        "{notes}\n{created}"
    );
    let (ok, _, refused) = run(&[&create[..], &["--time-bank", "600"], &at_v2(1)].concat(), url);
    assert!(
        !ok && refused.contains("has no time banks") && refused.contains("--time-bank none (nothing was sent)"),
        "{refused}"
    );
    succeeds(
        &[&["pvp", "join", "1", "--stake", "1gwei"][..], &at_v2(2)].concat(),
        url,
    );
    let (played, _) = succeeds(&[&["pvp", "play", "1", "4"][..], &at_v2(1)].concat(), url);
    assert!(
        played.contains("to move: O") && played.contains(" 3 | X | 5"),
        "{played}"
    );

    let mut alloy = Rpc::connect(&Secret::new(url), None, RpcOptions::default()).unwrap();
    let game = PvpContract(v2).game(&mut alloy, U256::from(1)).unwrap();
    assert_eq!(
        (
            game.creator,
            game.opponent,
            game.stake,
            game.moveTimeout,
            game.xBoard,
            game.oBoard
        ),
        (
            anvil.accounts[1],
            anvil.accounts[2],
            U256::from(1_000_000_000u64),
            600,
            1 << 4,
            0
        )
    );
    assert_eq!(
        PvpContract(today.address).next_game_id(&mut alloy).unwrap(),
        U256::from(1),
        "today's contract was not touched"
    );
});

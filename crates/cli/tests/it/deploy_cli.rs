//! The `marubatsu` binary against anvil and against the embedded chain: deploy (dry run, broadcast, again),
//! play, and the error messages a user sees — with no secret in any output.

use crate::support;

use std::{
    path::Path,
    process::{Command, Output},
};

use marubatsu_tests::{
    anvil::{Anvil, ClosedPort, binary},
    anviltest,
};
use support::marubatsu;

fn text(output: &Output) -> (String, String) {
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

fn succeeds(args: &[&str], envs: &[(&str, &str)]) -> String {
    let output = marubatsu(args, envs);
    let (stdout, stderr) = text(&output);
    assert!(
        output.status.success(),
        "marubatsu {args:?} failed:\n{stdout}\n{stderr}"
    );
    stdout
}

fn fails(args: &[&str], envs: &[(&str, &str)]) -> String {
    let output = marubatsu(args, envs);
    let (stdout, stderr) = text(&output);
    assert!(!output.status.success(), "marubatsu {args:?} should fail:\n{stdout}");
    stderr
}

anviltest!(deploy_dry_run_then_broadcast_then_play_over_rpc, |anvil, records| {
    let records_dir = records.path().to_str().unwrap();
    let key = anvil.keys[0].as_str();
    let env = [("ETH_RPC_URL", anvil.url.as_str())];
    let deploy = ["deploy", "--private-key", key, "--deployments", records_dir];

    let dry = succeeds(&deploy, &env);
    assert!(dry.contains("dry run (nothing is sent"), "{dry}");
    assert!(
        dry.contains("Deployer: 0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"),
        "{dry}"
    );
    assert!(dry.contains("Deployed to: 0x") && dry.contains("(predicted)"), "{dry}");
    assert!(!dry.contains("Transaction hash:"), "{dry}");
    assert!(!records.path().join("31337.json").exists());

    let mut broadcast_args = deploy.to_vec();
    broadcast_args.push("--broadcast");
    let sent = succeeds(&broadcast_args, &env);
    for line in ["SoloTicTacToe: deployed", "TicTacToe: deployed"] {
        assert!(sent.contains(line), "{sent}");
    }
    assert_eq!(sent.matches("Deployer: ").count(), 2, "{sent}");
    assert_eq!(sent.matches("Deployed to: 0x").count(), 2, "{sent}");
    assert_eq!(sent.matches("Transaction hash: 0x").count(), 2, "{sent}");
    assert!(sent.contains("Gas used: ") && sent.contains(" gwei = "), "{sent}");
    assert!(sent.contains("Deployment record: "), "{sent}");
    assert!(
        !sent.contains(key) && !sent.contains(&key[2..]),
        "the key leaked:\n{sent}"
    );
    let record: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(records.path().join("31337.json")).unwrap()).unwrap();
    assert_eq!(record["chain_id"], 31337);

    let again = succeeds(&broadcast_args, &env);
    assert!(again.contains("already deployed with the same code"), "{again}");
    assert!(again.contains("nothing to deploy"), "{again}");

    let mut json_args = broadcast_args.clone();
    json_args.push("--json");
    let json: serde_json::Value = serde_json::from_str(&succeeds(&json_args, &env)).unwrap();
    assert_eq!(json["contracts"][0]["status"], "existing");

    // Play against the recorded address, from another account.
    let player = anvil.keys[1].as_str();
    let target = ["--private-key", player, "--deployments", records_dir];
    let new = succeeds(
        &[&["solo", "new", "--difficulty", "normal"][..], &target].concat(),
        &env,
    );
    assert!(new.contains("solo game 1 on 0x"), "{new}");
    assert!(new.contains("GameStarted: solo game 1"), "{new}");
    assert!(new.contains("gas used "), "{new}");
    let played = succeeds(&[&["solo", "play", "1", "4"][..], &target].concat(), &env);
    assert!(played.contains("player took cell 4"), "{played}");
    assert!(played.contains(" X "), "{played}");
    // A taken cell comes back as the contract's error, by name.
    let stderr = fails(&[&["solo", "play", "1", "4"][..], &target].concat(), &env);
    assert!(stderr.contains("CellTaken"), "{stderr}");
    let shown = succeeds(&["solo", "show", "1", "--deployments", records_dir], &env);
    assert!(shown.contains("in progress"), "{shown}");

    // PvP create and show, with a stake in ether units.
    let created = succeeds(
        &[
            &["pvp", "create", "--stake", "0.5ether", "--move-timeout", "600"][..],
            &target,
        ]
        .concat(),
        &env,
    );
    assert!(
        created.contains("stake: 0.5 ETH (500000000000000000 wei) each; 600 s per move"),
        "{created}"
    );
    assert!(
        created.contains("O (joiner):  nobody yet; anyone may join"),
        "{created}"
    );

    // A private game for account 2: account 3 is refused by name, account 2 joins; X (account 1) never makes
    // the first move, and account 2 aborts the game: both stakes go back, in plain words.
    let invited = anvil.accounts[2].to_string();
    let private = succeeds(
        &[
            &[
                "pvp",
                "create",
                "--stake",
                "1gwei",
                "--move-timeout",
                "60",
                "--opponent",
                &invited,
            ][..],
            &target,
        ]
        .concat(),
        &env,
    );
    assert!(private.contains("pvp game 2 on 0x"), "{private}");
    assert!(private.contains(&format!("only {invited} may join")), "{private}");
    let as_account = |index: usize| {
        [
            "--private-key",
            anvil.keys[index].as_str(),
            "--deployments",
            records_dir,
        ]
    };
    // A staked join names its money: without --stake nothing is sent, and the message says how much.
    let unnamed = fails(&[&["pvp", "join", "2"][..], &as_account(2)].concat(), &env);
    assert!(
        unnamed.contains("is staked: joining sends 0.000000001 ETH (1000000000 wei)")
            && unnamed.contains("--stake 1000000000"),
        "{unnamed}"
    );
    let join = ["pvp", "join", "2", "--stake", "1gwei"];
    let stderr = fails(&[&join[..], &as_account(3)].concat(), &env);
    assert!(stderr.contains("NotInvited"), "{stderr}");
    // A minute per move for a stake: the joiner is warned before anything is sent.
    assert!(
        stderr.contains("warning: game 2 gives 60 s per move for a stake of 0.000000001 ETH")
            && stderr.find("warning:") < stderr.find("NotInvited"),
        "{stderr}"
    );
    succeeds(&[&join[..], &as_account(2)].concat(), &env);
    anvil.advance_time(61);
    let shown = succeeds(&["pvp", "show", "2", "--deployments", records_dir], &env);
    assert!(
        shown.contains("passed on a first move: either player can abort"),
        "{shown}"
    );
    let aborted = succeeds(&[&["pvp", "claim-timeout", "2"][..], &as_account(2)].concat(), &env);
    assert!(
        aborted.contains("aborted (a first move timed out; both stakes credited back)"),
        "{aborted}"
    );
    assert!(
        aborted.contains("aborted: a player missed the deadline of their first move, nobody wins"),
        "{aborted}"
    );
    assert!(aborted.contains("can withdraw 0.000000001 ETH"), "{aborted}");
    // Account 2 sends its refund to account 7.
    let payee = anvil.accounts[7].to_string();
    let withdrawn = succeeds(
        &[&["pvp", "withdraw", "--to", &payee][..], &as_account(2)].concat(),
        &env,
    );
    assert!(
        withdrawn.contains(&format!("withdrew 0.000000001 ETH (1000000000 wei) to {payee}")),
        "{withdrawn}"
    );
    assert!(
        withdrawn.contains(&format!("sent 1000000000 wei to {payee}")),
        "{withdrawn}"
    );
    // Nobody joined game 1: its creator cancels it, and O is said to be nobody, not the zero address.
    let cancelled = succeeds(&[&["pvp", "cancel", "1"][..], &target].concat(), &env);
    assert!(cancelled.contains("O (joiner):  nobody joined"), "{cancelled}");
    assert!(
        !cancelled.contains("0x0000000000000000000000000000000000000000"),
        "{cancelled}"
    );
});

anviltest!(clear_errors_for_bad_keys_urls_chains_and_passwords, |anvil, records| {
    let records_dir = records.path().to_str().unwrap();

    let stderr = fails(
        &[
            "deploy",
            "--rpc-url",
            &anvil.url,
            "--private-key",
            "0xabc123",
            "--deployments",
            records_dir,
        ],
        &[],
    );
    assert!(stderr.contains("the private key is not valid"), "{stderr}");
    assert!(!stderr.contains("abc123"), "{stderr}");

    let stderr = fails(&["deploy", "--private-key", &anvil.keys[0]], &[]);
    assert!(
        stderr.contains("no RPC URL: pass --rpc-url, set ETH_RPC_URL or eth_rpc_url in foundry.toml"),
        "{stderr}"
    );

    // A dry run from an account that cannot pay shows the plan and fails, so that a script hears "no".
    let poor_key = format!("0x{}", "01".repeat(32));
    let output = support::marubatsu(
        &[
            "deploy",
            "--rpc-url",
            &anvil.url,
            "--private-key",
            &poor_key,
            "--deployments",
            records_dir,
        ],
        &[],
    );
    let (stdout, stderr) = text(&output);
    assert_eq!(output.status.code(), Some(1), "{stdout}\n{stderr}");
    assert!(stdout.contains("NOT enough: fund the deployer first"), "{stdout}");
    assert!(
        stderr.contains("has 0 ETH (0 wei) but the deployment could cost up to"),
        "{stderr}"
    );

    let closed = ClosedPort::new();
    let url = format!("http://127.0.0.1:{}/v2/SECRET-API-KEY", closed.port);
    let stderr = fails(&["deploy", "--rpc-url", &url, "--private-key", &anvil.keys[0]], &[]);
    assert!(stderr.contains("cannot reach the RPC endpoint"), "{stderr}");
    assert!(!stderr.contains("SECRET-API-KEY"), "{stderr}");

    let stderr = fails(
        &[
            "deploy",
            "--rpc-url",
            &anvil.url,
            "--private-key",
            &anvil.keys[0],
            "--chain-id",
            "1",
        ],
        &[],
    );
    assert!(
        stderr.contains("serves chain id 31337, but chain id 1 was asked for"),
        "{stderr}"
    );

    // A keystore made by cast, found through --keystore-dir; the password from the file ETH_PASSWORD names (as
    // in Foundry).
    let keystores = tempfile::tempdir().unwrap();
    import(&anvil, keystores.path(), "ci", "right-password");
    let dir = keystores.path().to_str().unwrap();
    let account = [
        "deploy",
        "--rpc-url",
        &anvil.url,
        "--account",
        "ci",
        "--keystore-dir",
        dir,
        "--deployments",
        records_dir,
    ];
    let wrong = keystores.path().join("wrong.txt");
    std::fs::write(&wrong, "wrong-password\n").unwrap();
    let right = keystores.path().join("right.txt");
    std::fs::write(&right, "right-password\n").unwrap();
    let stderr = fails(&account, &[("ETH_PASSWORD", wrong.to_str().unwrap())]);
    assert!(stderr.contains("wrong password for keystore"), "{stderr}");
    assert!(!stderr.contains("wrong-password"), "{stderr}");
    let stdout = succeeds(&account, &[("ETH_PASSWORD", right.to_str().unwrap())]);
    assert!(stdout.contains(&format!("Deployer: {}", anvil.accounts[5])), "{stdout}");
    let stderr = fails(&account, &[]);
    assert!(
        stderr.contains("needs its password: pass --password-file FILE or set ETH_PASSWORD"),
        "{stderr}"
    );
    let stderr = fails(
        &[&account[..3], &["--account", "nobody", "--keystore-dir", dir]].concat(),
        &[],
    );
    assert!(
        stderr.contains("no keystore named \"nobody\"") && stderr.contains("found: ci"),
        "{stderr}"
    );
});

fn import(anvil: &Anvil, dir: &Path, name: &str, password: &str) {
    let output = Command::new(binary("cast"))
        .args(["wallet", "import", name, "--keystore-dir"])
        .arg(dir)
        .args(["--private-key", &anvil.keys[5], "--unsafe-password", password])
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
}

#[test]
fn the_embedded_chain_keeps_a_game_going_between_runs() {
    let state = tempfile::tempdir().unwrap();
    let file = state.path().join("local.json");
    let file = file.to_str().unwrap();
    let local = ["--local", "--state", file];

    let deployed = succeeds(&["deploy", "--local", "--state", file], &[]);
    assert!(deployed.contains("Deployed to: 0x"), "{deployed}");

    let created = succeeds(
        &[
            &["pvp", "create", "--stake", "1ether", "--move-timeout", "60"][..],
            &local,
        ]
        .concat(),
        &[],
    );
    assert!(created.contains("pvp game 1"), "{created}");
    // A stake above the balance is named, with the balance, before anything is sent.
    let stderr = fails(
        &[&["pvp", "create", "--stake", "1000000000ether"][..], &local].concat(),
        &[],
    );
    assert!(
        stderr.contains("insufficient funds: 0x")
            && stderr.contains("needs up to 1000000000 ETH (1000000000000000000000000000 wei)")
            && stderr.contains("nothing was sent"),
        "{stderr}"
    );
    let join = ["pvp", "join", "1", "--stake", "1ether"];
    let stderr = fails(&[&join[..], &local].concat(), &[]);
    assert!(stderr.contains("CreatorCannotJoin"), "{stderr}");
    succeeds(&[&join[..], &["--local-account", "1"], &local].concat(), &[]);
    succeeds(&[&["pvp", "play", "1", "4"][..], &local].concat(), &[]);
    let early = fails(&[&["pvp", "claim-timeout", "1"][..], &local].concat(), &[]);
    assert!(early.contains("DeadlineNotPassed"), "{early}");
    let warped = succeeds(&["local", "warp", "61", "--state", file], &[]);
    assert!(warped.contains("moved the clock 61 s forward"), "{warped}");
    // A move after the deadline and the claim's blocks is refused in words: the turn is over, a claim ends the game.
    let late = fails(
        &[&["pvp", "play", "1", "0", "--local-account", "1"][..], &local].concat(),
        &[],
    );
    assert!(
        late.contains("game 1: this turn ended at ")
            && late.contains("the game now ends by a timeout claim (`pvp claim-timeout 1`")
            && late.contains("MoveTooLate(gameId 1, deadline "),
        "{late}"
    );
    // O never made its first move: the game is aborted, not lost, and each stake goes back.
    let claimed = succeeds(&[&["pvp", "claim-timeout", "1"][..], &local].concat(), &[]);
    assert!(
        claimed.contains("pvp game 1") && claimed.contains("aborted (a first move timed out"),
        "{claimed}"
    );
    assert!(claimed.contains("can withdraw 1 ETH"), "{claimed}");
    let withdrawn = succeeds(&[&["pvp", "withdraw"][..], &local].concat(), &[]);
    assert!(withdrawn.contains("withdrew 1 ETH"), "{withdrawn}");

    // Game 2, played on past both first moves: now a missed deadline loses.
    succeeds(&[&["pvp", "create", "--move-timeout", "60"][..], &local].concat(), &[]);
    let o = ["--local-account", "1"];
    succeeds(&[&["pvp", "join", "2"][..], &local, &o].concat(), &[]);
    succeeds(&[&["pvp", "play", "2", "4"][..], &local].concat(), &[]);
    succeeds(&[&["pvp", "play", "2", "0"][..], &local, &o].concat(), &[]);
    succeeds(&["local", "warp", "61", "--state", file], &[]);
    let own = fails(&[&["pvp", "claim-timeout", "2"][..], &local].concat(), &[]);
    assert!(own.contains("CannotClaimOwnTimeout"), "{own}");
    let won = succeeds(&[&["pvp", "claim-timeout", "2"][..], &local, &o].concat(), &[]);
    assert!(won.contains(": O won") && won.contains("won by a timeout"), "{won}");

    let solo = succeeds(&[&["solo", "new", "--cpu-first"][..], &local].concat(), &[]);
    assert!(solo.contains("the CPU opened at cell 4"), "{solo}");
    let shown = succeeds(&[&["solo", "show", "1"][..], &local].concat(), &[]);
    assert!(shown.contains(" 0 | 1 | 2\n") && shown.contains(" O "), "{shown}");

    let accounts = succeeds(&["local", "accounts", "--state", file], &[]);
    assert!(accounts.contains("1: 0x"), "{accounts}");
    succeeds(&["local", "reset", "--state", file], &[]);
    let gone = fails(&[&["solo", "show", "1"][..], &local].concat(), &[]);
    assert!(gone.contains("UnknownGame"), "{gone}");
}

anviltest!(
    known_mainnets_are_refused_unless_allowed,
    ["--chain-id", "10"],
    |anvil, records| {
        // An anvil that calls itself OP Mainnet (chain id 10): nothing of value is at stake, but the id is a mainnet's.
        let deploy = [
            "deploy",
            "--rpc-url",
            &anvil.url,
            "--private-key",
            &anvil.keys[0],
            "--deployments",
            records.path().to_str().unwrap(),
        ];
        let stderr = fails(&deploy, &[]);
        assert!(
            stderr.contains("chain 10 is ")
                && stderr.contains("a mainnet with real money")
                && stderr.contains("gambling"),
            "{stderr}"
        );
        let allowed = succeeds(&[&deploy[..], &["--allow-mainnet"]].concat(), &[]);
        assert!(allowed.contains("dry run (nothing is sent"), "{allowed}");
    }
);

anviltest!(
    a_chain_outside_the_testnet_allowlist_is_refused_unless_allowed,
    ["--chain-id", "42220"],
    |anvil, records| {
        // Celo (42220): a mainnet the old list of mainnets let through. Known testnets pass; everything else needs
        // --allow-mainnet, for deploys and for staked games alike.
        let deploy = [
            "deploy",
            "--rpc-url",
            &anvil.url,
            "--private-key",
            &anvil.keys[0],
            "--deployments",
            records.path().to_str().unwrap(),
            "--broadcast",
        ];
        let stderr = fails(&deploy, &[]);
        assert!(
            stderr.contains("chain 42220 is celo, a mainnet with real money") && stderr.contains("gambling"),
            "{stderr}"
        );
        succeeds(&[&deploy[..], &["--allow-mainnet"]].concat(), &[]);

        let create = [
            "pvp",
            "create",
            "--stake",
            "0.01ether",
            "--rpc-url",
            &anvil.url,
            "--private-key",
            &anvil.keys[1],
            "--deployments",
            records.path().to_str().unwrap(),
        ];
        let stderr = fails(&create, &[]);
        assert!(
            stderr.contains("chain 42220 is celo") && stderr.contains("--allow-mainnet"),
            "{stderr}"
        );
        let created = succeeds(&[&create[..], &["--allow-mainnet"]].concat(), &[]);
        assert!(created.contains("pvp game 1"), "{created}");
    }
);

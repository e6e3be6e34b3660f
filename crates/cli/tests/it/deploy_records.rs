//! `deploy --broadcast` interrupted on a node that does not mine (`anvil --no-mining`): killed with SIGKILL after
//! the creation went out, or stopped by a receipt timeout. Run again, it settles what is pending and sends
//! exactly one creation per contract, and the record and the broadcast log name them.

use crate::support;

use std::{
    path::Path,
    process::{Output, Stdio},
    time::{Duration, Instant},
};

use alloy_primitives::Address;
use marubatsu_tests::{anvil::Anvil, anviltest};
use support::{command, walk};

fn run(args: &[&str]) -> (bool, String, String) {
    let output: Output = command(args).output().expect("running marubatsu");
    (
        output.status.success(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

fn json(path: &Path) -> serde_json::Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap()
}

fn hex_number(text: &str) -> u64 {
    let text = text.trim().trim_matches('"');
    u64::from_str_radix(text.trim_start_matches("0x"), 16).unwrap_or_else(|_| panic!("{text}"))
}

/// The deployer's nonce: `latest` counts mined transactions, `pending` those in the pool too.
fn nonce(anvil: &Anvil, account: Address, block: &str) -> u64 {
    hex_number(&anvil.rpc("eth_getTransactionCount", &[&account.to_string(), block]))
}

fn code_len(anvil: &Anvil, address: Address) -> usize {
    let code = anvil.rpc("eth_getCode", &[&address.to_string(), "latest"]);
    code.trim().trim_matches('"').trim_start_matches("0x").len() / 2
}

/// Checks the chain and the records after the deployment finished: the deployer sent exactly two transactions,
/// nonce 0 created SoloTicTacToe and nonce 1 TicTacToe, and both the record and its history name them.
fn assert_one_creation_each(anvil: &Anvil, records: &Path, key: &str) {
    let deployer = anvil.accounts[0];
    assert_eq!(nonce(anvil, deployer, "latest"), 2, "exactly two creations");
    assert_eq!(nonce(anvil, deployer, "pending"), 2, "nothing else pending");
    let solo = deployer.create(0);
    let pvp = deployer.create(1);
    assert!(code_len(anvil, solo) > 100 && code_len(anvil, pvp) > 100);
    let record = json(&records.join("31337.json"));
    for (name, address) in [("SoloTicTacToe", solo), ("TicTacToe", pvp)] {
        let entry = &record["contracts"][name];
        assert_eq!(
            entry["address"].as_str().unwrap().parse::<Address>().unwrap(),
            address,
            "{record}"
        );
        assert!(entry["deployed_code_hash"].as_str().unwrap().starts_with("0x"));
    }
    assert_eq!(record["history"].as_array().unwrap().len(), 2, "{record}");
    // No secret in any file written.
    for entry in walk(records) {
        let text = std::fs::read_to_string(&entry).unwrap();
        assert!(!text.contains(&key[2..]), "{} holds the key", entry.display());
    }
}

fn runs(records: &Path) -> Vec<serde_json::Value> {
    let mut names: Vec<String> = std::fs::read_dir(records.join("broadcast/31337"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("run-") && n != "run-latest.json" && n.ends_with(".json"))
        .collect();
    names.sort();
    names
        .iter()
        .map(|n| json(&records.join("broadcast/31337").join(n)))
        .collect()
}

anviltest!(
    a_deploy_killed_after_sending_a_creation_never_sends_it_twice,
    ["--no-mining"],
    |anvil, records| {
        let dir = records.path().to_str().unwrap();
        let key = anvil.keys[0].clone();
        let args = [
            "deploy",
            "--broadcast",
            "--rpc-url",
            &anvil.url,
            "--private-key",
            &key,
            "--deployments",
            dir,
        ];
        let mut child = command(&args)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("starting marubatsu deploy");
        let deployer = anvil.accounts[0];
        let started = Instant::now();
        while nonce(&anvil, deployer, "pending") == 0 {
            assert!(
                started.elapsed() < Duration::from_secs(120),
                "the creation was never sent"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        // Child::kill is SIGKILL on Unix: no destructor, no flush, nothing of the process runs after it.
        child.kill().unwrap();
        child.wait().unwrap();
        assert_eq!(nonce(&anvil, deployer, "pending"), 1);
        let first = runs(records.path());
        assert_eq!(first.len(), 1);
        let logged = &first[0]["transactions"][0];
        assert_eq!(logged["state"], "pending", "{logged}");
        assert_eq!(logged["contract"], "SoloTicTacToe");
        assert_eq!(logged["nonce"], 0);

        // A dry run now names the pending creation instead of planning a second one.
        let dry_run: Vec<&str> = args.iter().copied().filter(|a| *a != "--broadcast").collect();
        let (ok, dry, stderr) = run(&dry_run);
        assert!(ok, "{stderr}");
        assert!(
            dry.contains("SoloTicTacToe: its creation (nonce 0) is pending"),
            "{dry}"
        );

        anvil.rpc("evm_mine", &[]);
        anvil.rpc("evm_setAutomine", &["true"]);
        let (ok, again, stderr) = run(&args);
        assert!(ok, "{again}\n{stderr}");
        assert!(
            again.contains("earlier run: deployment of SoloTicTacToe") && again.contains("): mined"),
            "{again}"
        );
        assert!(again.contains("TicTacToe: deployed"), "{again}");
        assert!(!again.contains(&key[2..]));
        assert_one_creation_each(&anvil, records.path(), &key);
        let all = runs(records.path());
        assert_eq!(all.len(), 2, "every run is kept");
        assert_eq!(all[0]["transactions"][0]["state"], "mined");
        assert_eq!(all[1]["transactions"].as_array().unwrap().len(), 1);
        assert_eq!(all[1]["transactions"][0]["contract"], "TicTacToe");
        assert_eq!(json(&records.path().join("broadcast/31337/run-latest.json")), all[1]);
    }
);

anviltest!(
    a_receipt_timeout_leaves_a_pending_creation_that_the_next_run_settles,
    ["--no-mining"],
    |anvil, records| {
        let dir = records.path().to_str().unwrap();
        let key = anvil.keys[0].clone();
        let args = [
            "deploy",
            "--broadcast",
            "--timeout",
            "2",
            "--rpc-url",
            &anvil.url,
            "--private-key",
            &key,
            "--deployments",
            dir,
        ];
        let deployer = anvil.accounts[0];
        let (ok, _, stderr) = command(&args)
            .env("RUST_BACKTRACE", "1")
            .output()
            .map(|o| {
                (
                    o.status.success(),
                    String::from_utf8_lossy(&o.stdout).into_owned(),
                    String::from_utf8_lossy(&o.stderr).into_owned(),
                )
            })
            .unwrap();
        assert!(!ok);
        assert!(
            stderr.contains("after 2s: the deployment of SoloTicTacToe (nonce 0) is still pending"),
            "{stderr}"
        );
        assert!(
            !stderr.contains("Location:") && !stderr.contains("stack backtrace"),
            "{stderr}"
        );
        assert_eq!(nonce(&anvil, deployer, "pending"), 1);

        // Still not mined: the second run waits, gives up, and sends nothing.
        let (ok, _, stderr) = run(&args);
        assert!(!ok);
        assert!(stderr.contains("still pending"), "{stderr}");
        assert_eq!(nonce(&anvil, deployer, "pending"), 1, "no second creation");

        anvil.rpc("evm_mine", &[]);
        anvil.rpc("evm_setAutomine", &["true"]);
        let resume: Vec<&str> = args
            .iter()
            .map(|a| if *a == "--broadcast" { "--resume" } else { a })
            .collect();
        let (ok, out, stderr) = run(&resume);
        assert!(ok, "{out}\n{stderr}");
        assert_one_creation_each(&anvil, records.path(), &key);
        assert_eq!(runs(records.path()).len(), 3, "every run is kept");

        // Up to date now: a fourth run sends nothing.
        let (ok, out, _) = run(&args);
        assert!(ok && out.contains("nothing to deploy"), "{out}");
        assert_eq!(nonce(&anvil, deployer, "latest"), 2);
    }
);

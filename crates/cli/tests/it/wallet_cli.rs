//! Every wallet source Foundry users reach for, each signing a real transaction on anvil: a private key, a
//! keystore file with a password file, `ETH_PASSWORD` naming that file, `--account` (and
//! `ETH_KEYSTORE_ACCOUNT`) in `~/.foundry/keystores`, a mnemonic (as `cast wallet address --mnemonic` derives it),
//! an account anvil unlocks (`--unlocked --from`), and an RPC alias from `foundry.toml`. No key or password ever
//! appears in the output or the records.

use crate::support;

use std::{
    path::{Path, PathBuf},
    process::Command,
};

use alloy_primitives::Address;
use marubatsu_tests::{
    anvil::{Anvil, binary},
    anviltest,
};
use support::{command, walk};

const PASSWORD: &str = "correct horse battery staple";

struct Run {
    ok: bool,
    out: String,
}

/// Runs marubatsu in `dir` with `envs`, without the variables a user's shell may set.
fn marubatsu(dir: &Path, args: &[&str], envs: &[(&str, &str)]) -> Run {
    let mut command = command(args);
    command.current_dir(dir);
    command.envs(envs.iter().copied());
    let output = command.output().expect("running marubatsu");
    Run {
        ok: output.status.success(),
        out: format!(
            "{}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        ),
    }
}

fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn nonce(anvil: &Anvil, account: Address) -> u64 {
    let text = anvil.rpc("eth_getTransactionCount", &[&account.to_string(), "latest"]);
    u64::from_str_radix(text.trim_matches('"').trim_start_matches("0x"), 16).unwrap()
}

/// `cast wallet import NAME` into `dir`: the keystore Foundry users have.
fn import(dir: &Path, name: &str, key: &str) -> PathBuf {
    let output = Command::new(binary("cast"))
        .args(["wallet", "import", name, "--private-key", key])
        .args(["--unsafe-password", PASSWORD, "--keystore-dir"])
        .arg(dir)
        .output()
        .expect("running cast wallet import");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    dir.join(name)
}

anviltest!(
    each_wallet_source_signs_a_real_transaction_and_no_secret_is_shown,
    |anvil| {
        let work = tempfile::tempdir().unwrap();
        let records = work.path().join("records");
        let records = records.to_str().unwrap();
        let root = repository();
        let root = root.to_str().unwrap();
        let common = ["--root", root, "--deployments", records];
        let url = anvil.url.as_str();
        let mut secrets: Vec<String> = vec![PASSWORD.to_owned()];
        secrets.extend(anvil.keys.iter().map(|k| k[2..].to_owned()));
        let mut outputs = Vec::new();
        let sent_by = |outputs: &mut Vec<String>, run: Run, account: Address, before: u64, what: &str| {
            assert!(run.ok, "{what}: {}", run.out);
            assert_eq!(nonce(&anvil, account), before + 1, "{what} signed by {account}");
            outputs.push(run.out);
        };

        // A private key: deploy (one transaction per contract; check the first).
        let deployer = anvil.accounts[0];
        let run = marubatsu(
            work.path(),
            &[
                &["deploy", "--broadcast", "-r", url, "--private-key", &anvil.keys[0]][..],
                &common,
            ]
            .concat(),
            &[],
        );
        assert!(run.ok, "{}", run.out);
        assert_eq!(nonce(&anvil, deployer), 2);
        outputs.push(run.out);

        let solo = |extra: &[&str]| -> Vec<String> {
            [&["solo", "new", "--difficulty", "easy"][..], &common, extra]
                .concat()
                .iter()
                .map(|s| s.to_string())
                .collect()
        };

        // --keystore FILE with --password-file.
        let keystores = work.path().join("home/.foundry/keystores");
        std::fs::create_dir_all(&keystores).unwrap();
        let alice = import(&keystores, "alice", &anvil.keys[1]);
        let password_file = work.path().join("password");
        std::fs::write(&password_file, format!("{PASSWORD}\n")).unwrap();
        let a = anvil.accounts[1];
        let before = nonce(&anvil, a);
        let v = solo(&[
            "-r",
            url,
            "--keystore",
            alice.to_str().unwrap(),
            "--password-file",
            password_file.to_str().unwrap(),
        ]);
        sent_by(
            &mut outputs,
            marubatsu(work.path(), &args(&v), &[]),
            a,
            before,
            "--keystore --password-file",
        );

        // ETH_KEYSTORE and ETH_PASSWORD, which names the password FILE as in Foundry.
        let before = nonce(&anvil, a);
        let v = solo(&["-r", url]);
        sent_by(
            &mut outputs,
            marubatsu(
                work.path(),
                &args(&v),
                &[
                    ("ETH_KEYSTORE", alice.to_str().unwrap()),
                    ("ETH_PASSWORD", password_file.to_str().unwrap()),
                ],
            ),
            a,
            before,
            "ETH_PASSWORD as a file",
        );
        // The password itself in ETH_PASSWORD is not a file: a clear error that does not echo it.
        let wrong = marubatsu(
            work.path(),
            &args(&v),
            &[("ETH_KEYSTORE", alice.to_str().unwrap()), ("ETH_PASSWORD", PASSWORD)],
        );
        assert!(!wrong.ok && wrong.out.contains("password file"), "{}", wrong.out);
        outputs.push(wrong.out);

        // --account NAME in ~/.foundry/keystores, and ETH_KEYSTORE_ACCOUNT.
        let bob_key = &anvil.keys[2];
        import(&keystores, "bob", bob_key);
        let b = anvil.accounts[2];
        let home = work.path().join("home");
        let home = home.to_str().unwrap();
        let password_file = password_file.to_str().unwrap();
        let before = nonce(&anvil, b);
        let v = solo(&["-r", url, "--account", "bob", "--password-file", password_file]);
        sent_by(
            &mut outputs,
            marubatsu(work.path(), &args(&v), &[("HOME", home)]),
            b,
            before,
            "--account",
        );
        let before = nonce(&anvil, b);
        let v = solo(&["-r", url, "--password-file", password_file]);
        sent_by(
            &mut outputs,
            marubatsu(
                work.path(),
                &args(&v),
                &[("HOME", home), ("ETH_KEYSTORE_ACCOUNT", "bob")],
            ),
            b,
            before,
            "ETH_KEYSTORE_ACCOUNT",
        );

        // An account anvil unlocks: --unlocked --from, and ETH_FROM.
        let c = anvil.accounts[3];
        let before = nonce(&anvil, c);
        let from = c.to_string();
        let v = solo(&["-r", url, "--unlocked", "--from", &from]);
        sent_by(
            &mut outputs,
            marubatsu(work.path(), &args(&v), &[]),
            c,
            before,
            "--unlocked --from",
        );
        let before = nonce(&anvil, c);
        let v = solo(&["-r", url, "--unlocked"]);
        sent_by(
            &mut outputs,
            marubatsu(work.path(), &args(&v), &[("ETH_FROM", &from)]),
            c,
            before,
            "--unlocked with ETH_FROM",
        );

        // An RPC alias from the foundry.toml of the current folder, its port from the environment.
        let port = url.rsplit(':').next().unwrap();
        std::fs::write(
        work.path().join("foundry.toml"),
        "[profile.default]\nsrc = \"contracts\"\n\n[rpc_endpoints]\ndevnet = \"http://127.0.0.1:${MARUBATSU_TEST_DEVNET_PORT}\"\n",
    )
    .unwrap();
        let d = anvil.accounts[4];
        let before = nonce(&anvil, d);
        let v = solo(&["-r", "devnet", "--private-key", &anvil.keys[4], "--chain", "anvil"]);
        sent_by(
            &mut outputs,
            marubatsu(work.path(), &args(&v), &[("MARUBATSU_TEST_DEVNET_PORT", port)]),
            d,
            before,
            "an RPC alias",
        );

        // An exported keystore account does not get in the way of an explicit key: the key signs.
        let e = anvil.accounts[6];
        let before = nonce(&anvil, e);
        let v = solo(&["-r", url, "--private-key", &anvil.keys[6]]);
        sent_by(
            &mut outputs,
            marubatsu(
                work.path(),
                &args(&v),
                &[("HOME", home), ("ETH_KEYSTORE_ACCOUNT", "bob")],
            ),
            e,
            before,
            "--private-key with ETH_KEYSTORE_ACCOUNT exported",
        );

        // --from that is not the key's address is refused before anything is sent.
        let v = solo(&["-r", url, "--private-key", &anvil.keys[5], "--from", &from]);
        let mismatch = marubatsu(work.path(), &args(&v), &[]);
        assert!(!mismatch.ok && mismatch.out.contains("--from"), "{}", mismatch.out);
        assert_eq!(nonce(&anvil, anvil.accounts[5]), 0);
        outputs.push(mismatch.out);

        // No secret anywhere: not in any output, not in any file the runs wrote.
        let mut written = String::new();
        for entry in walk(Path::new(records)) {
            written.push_str(&std::fs::read_to_string(entry).unwrap());
        }
        for secret in &secrets {
            for text in outputs.iter().chain([&written]) {
                assert!(!text.contains(secret.as_str()), "a secret leaked:\n{text}");
            }
        }
    }
);

fn args(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

anviltest!(fee_flags_reach_the_signed_transaction, |anvil| {
    let work = tempfile::tempdir().unwrap();
    let records = work.path().join("records");
    let records = records.to_str().unwrap();
    let root = repository();
    let root = root.to_str().unwrap();
    let common = ["--root", root, "--deployments", records, "-r", &anvil.url];
    let deployed = marubatsu(
        work.path(),
        &[&["deploy", "--broadcast", "--private-key", &anvil.keys[0]][..], &common].concat(),
        &[],
    );
    assert!(deployed.ok, "{}", deployed.out);

    let latest_transaction = || -> serde_json::Value {
        let block: serde_json::Value =
            serde_json::from_str(&anvil.rpc("eth_getBlockByNumber", &["latest", "true"])).unwrap();
        block["transactions"][0].clone()
    };
    let legacy = marubatsu(
        work.path(),
        &[
            &["solo", "new", "--private-key", &anvil.keys[1]][..],
            &common,
            &["--legacy", "--gas-price", "3gwei", "--gas-limit", "400000"],
        ]
        .concat(),
        &[],
    );
    assert!(legacy.ok, "{}", legacy.out);
    let tx = latest_transaction();
    assert_eq!(tx["type"], "0x0", "{tx}");
    assert_eq!(tx["gasPrice"], format!("{:#x}", 3_000_000_000u64), "{tx}");
    assert_eq!(tx["gas"], format!("{:#x}", 400_000), "{tx}");

    let eip1559 = marubatsu(
        work.path(),
        &[
            &["solo", "new", "--private-key", &anvil.keys[1]][..],
            &common,
            &["--gas-price", "7gwei", "--priority-gas-price", "2gwei", "--nonce", "1"],
        ]
        .concat(),
        &[("ETH_GAS_LIMIT", "450000")],
    );
    assert!(eip1559.ok, "{}", eip1559.out);
    let tx = latest_transaction();
    assert_eq!(tx["type"], "0x2", "{tx}");
    assert_eq!(tx["maxFeePerGas"], format!("{:#x}", 7_000_000_000u64), "{tx}");
    assert_eq!(tx["maxPriorityFeePerGas"], format!("{:#x}", 2_000_000_000u64), "{tx}");
    assert_eq!(tx["gas"], format!("{:#x}", 450_000), "{tx}");
    assert_eq!(tx["nonce"], "0x1", "{tx}");
});

/// Anvil's development accounts come from this phrase (`anvil --help`).
const ANVIL_MNEMONIC: &str = "test test test test test test test test test test test junk";

/// `cast wallet address` of a mnemonic's key, with extra `cast` arguments.
fn cast_address(args: &[&str]) -> String {
    let output = Command::new(binary("cast"))
        .args(["wallet", "address", "--mnemonic", ANVIL_MNEMONIC])
        .args(args)
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8_lossy(&output.stdout).trim().to_owned()
}

anviltest!(a_mnemonic_signs_with_the_key_cast_derives, |anvil| {
    let work = tempfile::tempdir().unwrap();
    let records = work.path().join("records");
    let records = records.to_str().unwrap();
    let common = ["--deployments", records, "-r", &anvil.url];
    let deployed = marubatsu(
        work.path(),
        &[&["deploy", "--broadcast", "--private-key", &anvil.keys[0]][..], &common].concat(),
        &[],
    );
    assert!(deployed.ok, "{}", deployed.out);
    let phrase_file = work.path().join("phrase.txt");
    std::fs::write(&phrase_file, format!("{ANVIL_MNEMONIC}\n")).unwrap();
    let phrase_file = phrase_file.to_str().unwrap();
    let created_by = |wallet: &[&str]| -> String {
        let run = marubatsu(
            work.path(),
            &[&["pvp", "create", "--stake", "0"][..], wallet, &common].concat(),
            &[],
        );
        assert!(run.ok, "{}", run.out);
        assert!(!run.out.contains("junk"), "the phrase is never printed: {}", run.out);
        let line = run.out.lines().find(|l| l.starts_with("X (creator): ")).unwrap();
        line["X (creator): ".len()..].trim().to_owned()
    };
    // Indexes 0–2, the phrase given inline and as a file: the signer is the key cast derives (anvil's accounts).
    for index in ["0", "1", "2"] {
        let expected = cast_address(&["--mnemonic-index", index]);
        assert_eq!(expected, anvil.accounts[index.parse::<usize>().unwrap()].to_string());
        assert_eq!(
            created_by(&["--mnemonic", ANVIL_MNEMONIC, "--mnemonic-index", index]),
            expected
        );
        assert_eq!(
            created_by(&["--mnemonic", phrase_file, "--mnemonic-index", index]),
            expected
        );
    }
    // A derivation path instead of an index, as cast takes it.
    let path = "m/44'/60'/0'/0/2";
    assert_eq!(
        created_by(&["--mnemonic", ANVIL_MNEMONIC, "--mnemonic-derivation-path", path]),
        cast_address(&["--mnemonic-derivation-path", path])
    );
    // A BIP-39 passphrase makes another wallet, the same one cast makes.
    let expected = cast_address(&["--mnemonic-passphrase", "open sesame"]);
    assert_ne!(expected, anvil.accounts[0].to_string());
    anvil.rpc("anvil_setBalance", &[&expected, "0xde0b6b3a7640000"]);
    let with_passphrase = created_by(&["--mnemonic", ANVIL_MNEMONIC, "--mnemonic-passphrase", "open sesame"]);
    assert_eq!(with_passphrase, expected);
    // The embedded chain signs with its own accounts: a mnemonic there is refused, not silently ignored.
    let local = marubatsu(
        work.path(),
        &["pvp", "create", "--stake", "0", "--local", "--mnemonic", ANVIL_MNEMONIC],
        &[],
    );
    assert!(!local.ok && local.out.contains("cannot be used with"), "{}", local.out);
    // A phrase that is not BIP-39 is refused in words that show none of it; nothing is sent.
    let bad = marubatsu(
        work.path(),
        &[
            &[
                "pvp",
                "create",
                "--stake",
                "0",
                "--mnemonic",
                "test test test secretword test test test test test",
            ][..],
            &common,
        ]
        .concat(),
        &[],
    );
    assert!(!bad.ok && bad.out.contains("the mnemonic gives no key"), "{}", bad.out);
    assert!(!bad.out.contains("secretword"), "{}", bad.out);
});

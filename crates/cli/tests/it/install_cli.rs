//! The binary as a user installs it: copied into a `bin/` of its own (what `cargo install --path crates/cli`
//! does with the binary it builds), run from an empty folder with a `PATH` that has nothing on it (no node, no
//! solc, no checkout) and a `HOME` of its own. From there it deploys to anvil, plays a solo game and a staked
//! game to their ends and withdraws, and alloy (not the CLI) checks the winner's balance to the wei.
//!
//! The test copies the binary `cargo test` built rather than running `cargo install`: an install builds the CLI
//! alone, whose dependencies unify other features, and would compile tokio, alloy and the rest a second time.

use std::path::{Path, PathBuf};
use std::process::Output;

use alloy_primitives::U256;
use marubatsu_chain::evm::Transactor;
use marubatsu_client::{
    rpc::{Rpc, RpcOptions},
    wallet::Secret,
};
use marubatsu_tests::anviltest;

/// A user's machine: the installed binary, an empty project folder, a home and a `PATH` with nothing on it.
struct Installed {
    binary: PathBuf,
    folder: tempfile::TempDir,
    home: tempfile::TempDir,
    empty_path: tempfile::TempDir,
    _root: tempfile::TempDir,
}

impl Installed {
    fn new() -> Self {
        let root = tempfile::tempdir().unwrap();
        let bin = root.path().join("bin");
        std::fs::create_dir(&bin).unwrap();
        let binary = bin.join("marubatsu");
        std::fs::copy(env!("CARGO_BIN_EXE_marubatsu"), &binary).unwrap();
        Installed {
            binary,
            folder: tempfile::tempdir().unwrap(),
            home: tempfile::tempdir().unwrap(),
            empty_path: tempfile::tempdir().unwrap(),
            _root: root,
        }
    }

    /// Runs the installed binary with nothing of the developer's environment: only `PATH`, `HOME` and the node.
    fn run(&self, args: &[&str], url: &str) -> Output {
        std::process::Command::new(&self.binary)
            .args(args)
            .env_clear()
            .env("PATH", self.empty_path.path())
            .env("HOME", self.home.path())
            .env("ETH_RPC_URL", url)
            .current_dir(self.folder.path())
            .output()
            .expect("running the installed marubatsu")
    }

    fn json(&self, args: &[&str], url: &str) -> serde_json::Value {
        let output = self.run(&[args, &["--json"]].concat(), url);
        let stdout = String::from_utf8_lossy(&output.stdout);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(output.status.success(), "marubatsu {args:?}:\n{stdout}\n{stderr}");
        serde_json::from_str(&stdout).unwrap_or_else(|err| panic!("{args:?}: {err}\n{stdout}"))
    }
}

/// The first empty cell of a `--json` board (nine entries, `null` where nobody played).
fn first_empty(board: &serde_json::Value) -> Option<usize> {
    board.as_array().unwrap().iter().position(serde_json::Value::is_null)
}

fn has_node_modules_or_sources(folder: &Path) -> bool {
    ["node_modules", "contracts", "cache/solc"]
        .iter()
        .any(|name| folder.join(name).exists())
}

anviltest!(
    an_installed_binary_deploys_and_plays_from_an_empty_folder_without_node,
    |anvil| {
        let url = anvil.url.as_str();
        let user = Installed::new();
        let deployer = ["--private-key", anvil.keys[0].as_str()];
        let (x, o) = (
            ["--private-key", anvil.keys[1].as_str()],
            ["--private-key", anvil.keys[2].as_str()],
        );

        let deployed = user.json(&[&["deploy", "--broadcast"][..], &deployer].concat(), url);
        assert_eq!(deployed["contracts"][0]["status"], "deployed", "{deployed}");
        assert!(
            user.folder.path().join("deployments/31337.json").is_file(),
            "the record goes where the user is"
        );

        // Solo against Hard, to its end: always the first empty cell.
        let started = user.json(&[&["solo", "new", "--difficulty", "hard"][..], &x].concat(), url);
        let id = started["game"]["game_id"].to_string();
        let mut game = started;
        while game["game"]["result"] == "inProgress" {
            let cell = first_empty(&game["game"]["board"]).expect("a game in progress has an empty cell");
            game = user.json(&[&["solo", "play", &id, &cell.to_string()][..], &x].concat(), url);
        }
        assert!(
            matches!(game["game"]["result"].as_str(), Some("cpuWon" | "draw")),
            "Hard never loses: {game}"
        );
        let shown = user.json(&["solo", "show", &id], url);
        assert_eq!(shown["game"]["result"], game["game"]["result"]);

        // A staked game that X wins with the top row; X withdraws both stakes.
        let stake = U256::from(1_000_000_000u64);
        let created = user.json(&[&["pvp", "create", "--stake", "1gwei"][..], &x].concat(), url);
        let id = created["game"]["game_id"].to_string();
        user.json(&[&["pvp", "join", &id, "--stake", "1gwei"][..], &o].concat(), url);
        for (cell, who) in [(0, &x), (3, &o), (1, &x), (4, &o), (2, &x)] {
            user.json(&[&["pvp", "play", &id, &cell.to_string()][..], &who[..]].concat(), url);
        }
        let ended = user.json(&["pvp", "show", &id], url);
        assert_eq!(ended["game"]["status"], "xWon", "{ended}");

        let mut alloy = Rpc::connect(&Secret::new(url), None, RpcOptions::default()).unwrap();
        let before = alloy.balance(anvil.accounts[1]).unwrap();
        let withdrawn = user.json(&[&["pvp", "withdraw"][..], &x].concat(), url);
        assert_eq!(withdrawn["withdrawn"], (stake * U256::from(2)).to_string());
        let hash = withdrawn["transaction"]["transaction_hash"]
            .as_str()
            .unwrap()
            .parse()
            .unwrap();
        let (receipt, success) = alloy.receipt(hash).unwrap().expect("mined");
        assert!(success);
        assert_eq!(
            alloy.balance(anvil.accounts[1]).unwrap(),
            before + stake * U256::from(2) - receipt.cost(),
            "to the wei"
        );
        assert!(
            !has_node_modules_or_sources(user.folder.path()),
            "nothing was compiled or installed in the user's folder"
        );
    }
);

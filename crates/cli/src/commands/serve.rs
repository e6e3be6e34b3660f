use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;

use alloy_primitives::Address;
use clap::Args;
use eyre::WrapErr;
use marubatsu_chain::{
    compiler::{PVP_CONTRACT, SOLO_CONTRACT},
    evm::Transactor,
};
use marubatsu_client::{
    deploy::{DEPLOYMENTS_VAR, resolve_contract},
    rpc::{Rpc, RpcOptions, Target, ensure_testnet, resolve_rpc_url},
    wallet::Secret,
};
use marubatsu_web::{App, RemoteChain, Server};

use super::network::{chain_id, deployments};
use crate::cli::CompilerArgs;

/// Serve the games in a browser: cross light, the party games, and tic-tac-toe on chain — against the CPU and
/// against another player for a stake — on an in-process chain, or with --rpc-url on a real one where players
/// sign with their own wallets.
#[derive(Debug, Args)]
pub(crate) struct ServeArgs {
    /// The port to listen on; 0 picks a free one.
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The address to listen on. The default lets only this machine in; `0.0.0.0` (or this machine's address)
    /// lets phones and other devices on your network play too, and anyone else who can reach it.
    #[arg(long, value_name = "ADDR", default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    host: IpAddr,
    /// Play tic-tac-toe on this node's deployed contracts (http:// or https://, or an alias in foundry.toml's
    /// [rpc_endpoints]) instead of the in-process chain. Players connect their own browser wallet; this server
    /// holds no key and signs nothing. Never printed in full.
    #[arg(short = 'r', long, value_name = "URL", env = "ETH_RPC_URL", hide_env_values = true)]
    rpc_url: Option<Secret>,
    /// With --rpc-url: fail unless the node serves this chain (a name such as sepolia, or an EIP-155 id).
    #[arg(
        short = 'c',
        long,
        value_name = "CHAIN",
        env = "CHAIN",
        alias = "chain-id",
        requires = "rpc_url",
        value_parser = chain_id
    )]
    chain: Option<u64>,
    /// With --rpc-url: the folder of deployment records (default deployments/ in the project folder, see --root).
    #[arg(long, value_name = "DIR", env = DEPLOYMENTS_VAR, requires = "rpc_url")]
    deployments: Option<PathBuf>,
    /// With --rpc-url: the solo contract's address, instead of the chain's deployment record: any contract that
    /// answers ISoloTicTacToe's calls (yours, or one forge deployed).
    #[arg(long, value_name = "ADDRESS", requires = "rpc_url")]
    solo_address: Option<Address>,
    /// With --rpc-url: the PvP contract's address, instead of the chain's deployment record: any contract that
    /// answers ITicTacToe's calls.
    #[arg(long, value_name = "ADDRESS", requires = "rpc_url")]
    pvp_address: Option<Address>,
    /// With --rpc-url: serve even a chain that is not a known testnet. Staked games for real money are gambling
    /// in Japan and elsewhere; the games are meant for testnets.
    #[arg(long, requires = "rpc_url")]
    allow_mainnet: bool,
    #[command(flatten)]
    compiler: CompilerArgs,
}

impl ServeArgs {
    pub(crate) fn run(self) -> eyre::Result<()> {
        let app = match &self.rpc_url {
            Some(url) => self.remote_app(url)?,
            None => self.embedded_app()?,
        };
        let addr = SocketAddr::new(self.host, self.port);
        let server = Server::bind(addr, app).wrap_err_with(|| {
            format!("serving on {addr} (pick another port with --port, or --port 0 for any free one)")
        })?;
        let url = server.url();
        println!("marubatsu is serving {url}");
        for (title, path) in marubatsu_web::game_pages() {
            println!("  {title:<18} {url}{path}");
        }
        let port = server.local_addr().port();
        if self.host.is_unspecified() {
            println!(
                "listening on every interface: from a phone on the same network open http://<this machine's address>:{port}/"
            );
        } else if self.host.is_loopback() {
            println!("only this machine can connect (--host 0.0.0.0 lets a phone on your network in)");
        }
        println!("press Ctrl-C to stop");
        server.wait();
        Ok(())
    }

    /// Both contracts in a fresh in-process chain; without a compiler the other games are served anyway.
    fn embedded_app(&self) -> eyre::Result<App> {
        let contracts = self.compiler.contracts();
        Ok(match contracts {
            Ok(contracts) => App::new(&contracts).wrap_err("starting the web app")?,
            Err(err) => {
                // The other games need no compiler; serve them and say why the contracts are missing.
                eprintln!("warning: tic-tac-toe on chain is off: {err:#}");
                App::without_chain(format!("{err:#}"))
            }
        })
    }

    /// A read-only client of the node's deployed contracts, found as the game commands find them (deployment
    /// record or explicit address, code checked against today's sources).
    fn remote_app(&self, given: &Secret) -> eyre::Result<App> {
        let contracts = self.compiler.contracts()?;
        let place = self.compiler.place()?;
        let url = resolve_rpc_url(given, place.foundry_toml())?;
        let options = RpcOptions {
            expected_chain_id: self.chain,
            ..RpcOptions::default()
        };
        let rpc = Rpc::connect(&url, None, options)?;
        let shown = rpc.url().to_owned();
        let mut chain = Target::Rpc(Box::new(rpc));
        let chain_id = chain.chain_id();
        ensure_testnet(chain_id, self.allow_mainnet)?;
        let records = deployments(self.deployments.clone(), &place);
        let solo = resolve_contract(&mut chain, &contracts, &records, SOLO_CONTRACT, self.solo_address)?;
        let pvp = resolve_contract(&mut chain, &contracts, &records, PVP_CONTRACT, self.pvp_address)?;
        println!("tic-tac-toe plays on {shown} (chain {chain_id}): SoloTicTacToe {solo}, TicTacToe {pvp}");
        println!("players sign with their own browser wallets; this server holds no key and signs nothing");
        Ok(App::on_chain(&RemoteChain {
            url: url.expose().to_owned(),
            chain_id,
            solo,
            pvp,
        }))
    }
}

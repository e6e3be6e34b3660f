use std::net::{IpAddr, Ipv4Addr, SocketAddr};

use clap::Args;
use eyre::WrapErr;
use marubatsu_web::{App, Server};

use crate::cli::CompilerArgs;

/// Serve the games in a browser: cross light, and tic-tac-toe against the contract in an in-process chain.
#[derive(Debug, Args)]
pub(crate) struct ServeArgs {
    /// The port to listen on; 0 picks a free one.
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The address to listen on. The default lets only this machine in; `0.0.0.0` (or this machine's address)
    /// lets phones and other devices on your network play too, and anyone else who can reach it.
    #[arg(long, value_name = "ADDR", default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    host: IpAddr,
    #[command(flatten)]
    compiler: CompilerArgs,
}

impl ServeArgs {
    pub(crate) fn run(self) -> eyre::Result<()> {
        eprintln!("compiling contracts/ for tic-tac-toe against the CPU…");
        let contracts = self
            .compiler
            .compiler()
            .and_then(|compiler| compiler.compile().wrap_err("compiling contracts/"));
        let app = match contracts {
            Ok(contracts) => App::new(&contracts).wrap_err("starting the web app")?,
            Err(err) => {
                // The other games need no compiler; serve them and say why the contract is missing.
                eprintln!("warning: tic-tac-toe against the CPU is off: {err:#}");
                App::without_chain(format!("{err:#}"))
            }
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
}

//! The marubatsu web app: every off-chain game in a browser, served from one binary on localhost.
//!
//! - [`App`] holds what the pages need: the tic-tac-toe contracts, either deployed into an in-process chain (one
//!   [`marubatsu_chain::evm::Chain`], owned by a thread that runs one transaction at a time, where each browser gets a
//!   funded account of its own) with [`App::new`], or deployed on a node that the app reads without any key
//!   ([`App::on_chain`], players sign with their own wallets); and the games' routes.
//! - [`Server`] serves an [`App`] over HTTP/1 on a tokio runtime of its own thread until it is dropped.
//!
//! Pages, scripts and styles are compiled into the binary, so the app needs no network and no files. The rules
//! stay in the engine: a page sends events (with the randomness and the time it drew itself) and renders the
//! state the server computes with the engine's transition functions. How each game keeps a game across a page
//! reload is documented with its module and in the manual (`docs/src/web.md`).
//!
//! ```no_run
//! use marubatsu_chain::compiler::Compiler;
//! use marubatsu_web::{App, Server};
//!
//! let contracts = Compiler::locate()?.compile()?;
//! let app = App::new(&contracts)?;
//! let server = Server::bind("127.0.0.1:0".parse()?, app)?;
//! println!("open {}", server.url());
//! server.wait();
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Adding a game: a module under `games/` with its [`GamePage`](games) entry (names and summaries in English and
//! Japanese, a page body, a script, its words in `strings.js`, its styles in `style.css`, an API router) and one
//! line in `games::GAMES`. The index page, the navigation and the assets list it from there.

mod api;
mod assets;
mod chain;
mod error;
mod games;
mod lang;
mod layout;
mod protocol;
mod server;
#[cfg(test)]
mod wire_types;
mod words;

pub use error::WebError;
pub use server::{App, RemoteChain, Server};

/// Every game's page as `(title, path without the leading slash)`, in the order the index lists them, so that
/// whoever starts the server can say where each game is.
pub fn game_pages() -> impl Iterator<Item = (&'static str, &'static str)> {
    games::GAMES.into_iter().map(|game| (game.title, game.slug))
}

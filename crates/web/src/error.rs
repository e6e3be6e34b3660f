use std::net::SocketAddr;

/// Why the app could not start.
#[derive(Debug, thiserror::Error)]
pub enum WebError {
    /// The solo contract could not be deployed into the in-process chain.
    #[error("deploying {contract} into the in-process chain: {reason}")]
    Deploy {
        /// The contract's name.
        contract: &'static str,
        /// What went wrong.
        reason: String,
    },
    /// The address could not be listened on (in use, not an address of this machine, not allowed).
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        /// The address asked for.
        addr: SocketAddr,
        /// The operating system's reason.
        source: std::io::Error,
    },
    /// The server's thread or runtime could not be started.
    #[error("starting the server: {0}")]
    Start(std::io::Error),
}

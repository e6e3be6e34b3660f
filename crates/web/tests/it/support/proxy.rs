//! A TCP proxy on a free loopback port in front of a node, that the test can take down and bring back: down, it
//! cuts every open connection and closes each new one at once, as a node that stopped answering would look to
//! the server; up, it forwards bytes again. Stopped when dropped.

use std::io::{Read, Write};
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

pub struct Proxy {
    addr: SocketAddr,
    down: Arc<AtomicBool>,
    stopped: Arc<AtomicBool>,
    open: Arc<Mutex<Vec<TcpStream>>>,
}

impl Proxy {
    /// A proxy to `target` (`http://localhost:PORT`, as the node's URL is written).
    pub fn start(target: &str) -> Proxy {
        use std::net::ToSocketAddrs;
        let target: SocketAddr = target
            .trim_start_matches("http://")
            .trim_end_matches('/')
            .to_socket_addrs()
            .unwrap_or_else(|err| panic!("{target} is not host:port: {err}"))
            .find(SocketAddr::is_ipv4)
            .unwrap_or_else(|| panic!("{target} has no IPv4 address"));
        let listener = TcpListener::bind("127.0.0.1:0").unwrap_or_else(|err| panic!("{err}"));
        let addr = listener.local_addr().unwrap_or_else(|err| panic!("{err}"));
        let down = Arc::new(AtomicBool::new(false));
        let stopped = Arc::new(AtomicBool::new(false));
        let open = Arc::new(Mutex::new(Vec::new()));
        let (is_down, is_stopped, kept) = (down.clone(), stopped.clone(), open.clone());
        std::thread::spawn(move || {
            for client in listener.incoming() {
                if is_stopped.load(Ordering::SeqCst) {
                    return;
                }
                let Ok(client) = client else { continue };
                if is_down.load(Ordering::SeqCst) {
                    let _ = client.shutdown(Shutdown::Both);
                    continue;
                }
                let Ok(node) = TcpStream::connect(target) else {
                    continue;
                };
                if let (Ok(a), Ok(b), Ok(mut list)) = (client.try_clone(), node.try_clone(), kept.lock()) {
                    list.push(a);
                    list.push(b);
                }
                pipe(&client, &node);
                pipe(&node, &client);
            }
        });
        Proxy {
            addr,
            down,
            stopped,
            open,
        }
    }

    /// The URL to give the server in place of the node's.
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// Takes the node away: open connections are cut and new ones closed at once.
    pub fn set_down(&self, down: bool) {
        self.down.store(down, Ordering::SeqCst);
        if down {
            self.cut();
        }
    }

    fn cut(&self) {
        if let Ok(mut open) = self.open.lock() {
            for stream in open.drain(..) {
                let _ = stream.shutdown(Shutdown::Both);
            }
        }
    }
}

/// Copies `from` into `to` on a thread of its own until either end closes.
fn pipe(from: &TcpStream, to: &TcpStream) {
    let (Ok(mut from), Ok(mut to)) = (from.try_clone(), to.try_clone()) else {
        return;
    };
    std::thread::spawn(move || {
        let mut buffer = [0u8; 16 * 1024];
        loop {
            match from.read(&mut buffer) {
                Ok(0) | Err(_) => break,
                Ok(n) => {
                    if to.write_all(&buffer[..n]).is_err() {
                        break;
                    }
                }
            }
        }
        let _ = to.shutdown(Shutdown::Both);
    });
}

impl Drop for Proxy {
    fn drop(&mut self) {
        self.stopped.store(true, Ordering::SeqCst);
        self.cut();
        // Wakes the accepting thread so that it sees the stop.
        let _ = TcpStream::connect(self.addr);
    }
}

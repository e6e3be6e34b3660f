//! `marubatsu serve --port 0`: the real binary prints the URL it listens on (loopback by default) and serves the
//! pages from it; the test stops it.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};

/// The server process, killed when the test ends however it ends.
struct Serving(Child);

impl Drop for Serving {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn get(addr: &str, path: &str) -> String {
    let mut stream = TcpStream::connect(addr).expect("connecting to the server");
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .expect("sending");
    let mut response = String::new();
    stream.read_to_string(&mut response).expect("reading");
    response
}

#[test]
fn serve_prints_its_url_and_serves_the_games_on_loopback() {
    let child = Command::new(env!("CARGO_BIN_EXE_marubatsu"))
        .args(["serve", "--port", "0"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("starting marubatsu serve");
    let mut serving = Serving(child);
    let stdout = serving.0.stdout.take().expect("stdout");
    let mut lines = BufReader::new(stdout).lines();
    let first = lines.next().expect("a first line").expect("reading stdout");
    let url = first
        .strip_prefix("marubatsu is serving ")
        .unwrap_or_else(|| panic!("unexpected first line {first:?}"));
    let addr = url
        .strip_prefix("http://")
        .and_then(|rest| rest.strip_suffix('/'))
        .unwrap_or_else(|| panic!("not a URL: {url}"));
    assert!(addr.starts_with("127.0.0.1:"), "loopback by default: {addr}");
    let rest: Vec<String> = lines.take(6).map(|l| l.expect("reading stdout")).collect();
    assert_eq!(
        rest[..4],
        [
            format!("  Cross light        {url}lights"),
            format!("  Know-it-all relay  {url}relay"),
            format!("  Tic-tac-toe        {url}tictactoe"),
            format!("  Quantum werewolf   {url}werewolf"),
        ]
    );
    assert!(rest[4].contains("--host 0.0.0.0"), "{rest:?}");

    let page = get(addr, "/lights");
    assert!(page.starts_with("HTTP/1.1 200"), "{page}");
    assert!(page.contains("/assets/lights.js"));
    let info = get(addr, "/api/tictactoe/solo");
    assert!(info.contains(r#""available":true"#), "the contract is deployed: {info}");
}

//! `marubatsu serve --port 0`: the real binary prints the URL it listens on (loopback by default) and serves the
//! pages from it; the test stops it. With `--rpc-url` it reads the deployed contracts of that chain and has no
//! way to sign.

use crate::support;

use std::io::{BufRead, BufReader, Lines, Read, Write};
use std::net::TcpStream;
use std::process::{Child, ChildStdout, Stdio};

use marubatsu_tests::anviltest;
use support::{command, marubatsu};

/// The server process, killed when the test ends however it ends.
struct Serving(Child);

impl Drop for Serving {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn get(addr: &str, path: &str) -> String {
    send(addr, "GET", path, "")
}

fn send(addr: &str, method: &str, path: &str, body: &str) -> String {
    let mut stream = TcpStream::connect(addr).expect("connecting to the server");
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\
         Connection: close\r\n\r\n{body}",
        body.len()
    )
    .expect("sending");
    let mut response = String::new();
    stream.read_to_string(&mut response).expect("reading");
    response
}

/// Starts `marubatsu ARGS` and returns it with its stdout lines.
fn serve(args: &[&str]) -> (Serving, Lines<BufReader<ChildStdout>>) {
    let child = command(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("starting marubatsu serve");
    let mut serving = Serving(child);
    let stdout = serving.0.stdout.take().expect("stdout");
    (serving, BufReader::new(stdout).lines())
}

/// `http://ADDR/` from the line that announces it.
fn address(line: &str) -> String {
    line.strip_prefix("marubatsu is serving http://")
        .and_then(|rest| rest.strip_suffix('/'))
        .unwrap_or_else(|| panic!("unexpected line {line:?}"))
        .to_owned()
}

#[test]
fn serve_prints_its_url_and_serves_the_games_on_loopback() {
    let (_serving, mut lines) = serve(&["serve", "--port", "0"]);
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
    let info = get(addr, "/api/tictactoe/chain");
    assert!(
        info.contains(r#""mode":"embedded""#),
        "the contracts are deployed in-process: {info}"
    );
}

anviltest!(
    serve_on_a_node_reads_the_recorded_contracts_and_cannot_sign,
    |anvil, records| {
        let records_dir = records.path().to_str().expect("a UTF-8 path");
        let deploy = marubatsu(
            &[
                "deploy",
                "--broadcast",
                "--private-key",
                &anvil.keys[0],
                "--deployments",
                records_dir,
                "--rpc-url",
                &anvil.url,
            ],
            &[],
        );
        assert!(deploy.status.success(), "{}", String::from_utf8_lossy(&deploy.stderr));
        let (_serving, mut lines) = serve(&[
            "serve",
            "--port",
            "0",
            "--rpc-url",
            &anvil.url,
            "--deployments",
            records_dir,
        ]);
        let mut next = || lines.next().expect("another line").expect("reading stdout");
        let chain = next();
        assert!(chain.contains("(chain 31337): SoloTicTacToe 0x"), "{chain}");
        assert!(next().contains("this server holds no key and signs nothing"));
        let addr = address(&next());
        let info = get(&addr, "/api/tictactoe/chain");
        assert!(
            info.contains(r#""mode":"rpc""#) && info.contains(r#""account":null"#),
            "{info}"
        );
        let refused = send(
            &addr,
            "POST",
            "/api/tictactoe/send",
            r#"{"to":"0x0000000000000000000000000000000000000001","data":"0x"}"#,
        );
        assert!(refused.starts_with("HTTP/1.1 404"), "{refused}");
        assert!(refused.contains("signs nothing"), "{refused}");
    }
);

//! What the web tests share: the app on a free loopback port, a small HTTP/1.1 client, and a WebDriver client
//! for a headless Chromium driven through chromedriver, both started and stopped by the test.

#![allow(dead_code, unreachable_pub, missing_docs)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Mutex, MutexGuard, OnceLock};
use std::time::{Duration, Instant};

use marubatsu_chain::{Compiler, ContractSet};
use marubatsu_web::{App, Server};
use serde_json::{Value, json};

/// The contracts, compiled once per test binary.
pub fn contracts() -> &'static ContractSet {
    static CONTRACTS: OnceLock<ContractSet> = OnceLock::new();
    CONTRACTS.get_or_init(|| {
        Compiler::locate()
            .and_then(|compiler| compiler.compile())
            .unwrap_or_else(|err| panic!("compiling contracts/: {err}"))
    })
}

/// The app with a fresh chain, on a free port of 127.0.0.1; stopped when dropped.
pub fn server() -> Server {
    let app = App::new(contracts()).unwrap_or_else(|err| panic!("{err}"));
    Server::bind(SocketAddr::from(([127, 0, 0, 1], 0)), app).unwrap_or_else(|err| panic!("{err}"))
}

/// One browser at a time: the machines have two cores, and parallel Chromiums only make every test slower.
pub fn one_browser_at_a_time() -> MutexGuard<'static, ()> {
    static LOCK: Mutex<()> = Mutex::new(());
    LOCK.lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

// ---- HTTP/1.1 ---------------------------------------------------------------------------------------------

/// A response: status, lowercase header names with values, body.
pub struct Response {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Response {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|err| panic!("not JSON ({err}): {}", self.text()))
    }
}

/// POSTs `body` to `path`, which must answer 200; its JSON.
pub fn post_ok(addr: SocketAddr, path: &str, body: &Value) -> Value {
    let response = request(addr, "POST", path, Some(body));
    assert_eq!(response.status, 200, "{}", response.text());
    response.json()
}

/// One request on a fresh connection (`Connection: close`), with an optional JSON body.
pub fn request(addr: SocketAddr, method: &str, path: &str, body: Option<&Value>) -> Response {
    let mut stream =
        TcpStream::connect(addr).unwrap_or_else(|err| panic!("connecting to {addr}: {err}"));
    stream
        .set_read_timeout(Some(Duration::from_secs(120)))
        .unwrap_or_else(|err| panic!("{err}"));
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\n\r\n",
        body.len()
    );
    stream
        .write_all(head.as_bytes())
        .and_then(|()| stream.write_all(body.as_bytes()))
        .unwrap_or_else(|err| panic!("sending {method} {path}: {err}"));
    let mut reader = BufReader::new(stream);
    let mut status_line = String::new();
    reader
        .read_line(&mut status_line)
        .unwrap_or_else(|err| panic!("reading {method} {path}: {err}"));
    let status: u16 = status_line
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("bad status line {status_line:?}"));
    let mut headers = Vec::new();
    loop {
        let mut line = String::new();
        reader
            .read_line(&mut line)
            .unwrap_or_else(|err| panic!("{err}"));
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some((name, value)) = line.split_once(':') {
            headers.push((name.trim().to_ascii_lowercase(), value.trim().to_owned()));
        }
    }
    let chunked = headers
        .iter()
        .any(|(n, v)| n == "transfer-encoding" && v.eq_ignore_ascii_case("chunked"));
    let mut body = Vec::new();
    if chunked {
        loop {
            let mut size = String::new();
            reader
                .read_line(&mut size)
                .unwrap_or_else(|err| panic!("{err}"));
            let size = usize::from_str_radix(size.trim().split(';').next().unwrap_or("0"), 16)
                .unwrap_or_else(|err| panic!("bad chunk size {size:?}: {err}"));
            let mut chunk = vec![0; size + 2];
            reader
                .read_exact(&mut chunk)
                .unwrap_or_else(|err| panic!("{err}"));
            if size == 0 {
                break;
            }
            body.extend_from_slice(&chunk[..size]);
        }
    } else if let Some(length) = headers
        .iter()
        .find(|(n, _)| n == "content-length")
        .and_then(|(_, v)| v.parse::<usize>().ok())
    {
        // chromedriver keeps the connection open whatever the request says: read exactly the body.
        body.resize(length, 0);
        reader
            .read_exact(&mut body)
            .unwrap_or_else(|err| panic!("{err}"));
    } else {
        reader
            .read_to_end(&mut body)
            .unwrap_or_else(|err| panic!("{err}"));
    }
    Response {
        status,
        headers,
        body,
    }
}

/// A port nobody listens on right now (the OS's pick, released at once).
fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .unwrap_or_else(|err| panic!("no free port: {err}"))
}

// ---- Chromium through chromedriver ------------------------------------------------------------------------

const INSTALL: &str = "install Debian's `chromium` and `chromium-driver` packages (apt-get install chromium \
                       chromium-driver; .ci/run does this), or set CHROME and CHROMEDRIVER to the binaries";

/// The first of `names` found on PATH (or the path in `variable`); the test fails if there is none.
fn find_binary(variable: &str, names: &[&str]) -> PathBuf {
    if let Some(path) = std::env::var_os(variable) {
        let path = PathBuf::from(path);
        assert!(
            path.is_file(),
            "{variable}={} is not a file: {INSTALL}",
            path.display()
        );
        return path;
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    for dir in std::env::split_paths(&path) {
        for name in names {
            let candidate = dir.join(name);
            if candidate.is_file() {
                return candidate;
            }
        }
    }
    panic!(
        "the browser tests need {} and found none on PATH: {INSTALL}",
        names.join(" or ")
    );
}

/// chromedriver on a free loopback port, killed when dropped.
pub struct Driver {
    child: Child,
    addr: SocketAddr,
    chromium: PathBuf,
    profiles: tempfile::TempDir,
}

impl Driver {
    pub fn start() -> Driver {
        let chromium = find_binary("CHROME", &["chromium", "chromium-browser", "google-chrome"]);
        let chromedriver = find_binary("CHROMEDRIVER", &["chromedriver"]);
        let port = free_port();
        let child = Command::new(&chromedriver)
            .arg(format!("--port={port}"))
            .arg("--allowed-ips=127.0.0.1")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|err| panic!("starting {}: {err}", chromedriver.display()));
        let driver = Driver {
            child,
            addr: SocketAddr::from(([127, 0, 0, 1], port)),
            chromium,
            profiles: tempfile::tempdir().unwrap_or_else(|err| panic!("{err}")),
        };
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            if TcpStream::connect(driver.addr).is_ok()
                && request(driver.addr, "GET", "/status", None).json()["value"]["ready"] == true
            {
                return driver;
            }
            assert!(
                Instant::now() < deadline,
                "chromedriver did not get ready on port {port}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// A new headless Chromium with a fresh profile and a `width`×`height` window.
    pub fn browser(&self, width: u32, height: u32) -> Browser<'_> {
        let profile =
            tempfile::tempdir_in(self.profiles.path()).unwrap_or_else(|err| panic!("{err}"));
        let args = [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--disable-dev-shm-usage",
            "--hide-scrollbars",
            "--force-device-scale-factor=1",
            "--autoplay-policy=no-user-gesture-required",
        ]
        .into_iter()
        .map(str::to_owned)
        .chain([
            format!("--user-data-dir={}", profile.path().display()),
            format!("--window-size={width},{height}"),
        ])
        .collect::<Vec<_>>();
        let mut options = json!({"binary": self.chromium, "args": args});
        if width < 500 {
            // A desktop window cannot be narrower than 500 px: a phone's viewport is emulated instead.
            options["mobileEmulation"] = json!({"deviceMetrics": {
                "width": width, "height": height, "pixelRatio": 1.0, "mobile": true, "touch": true,
            }});
        }
        let capabilities = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": options,
            "goog:loggingPrefs": {"browser": "ALL"},
        }}});
        let answer = request(self.addr, "POST", "/session", Some(&capabilities));
        let value = answer.json();
        let session = value["value"]["sessionId"]
            .as_str()
            .unwrap_or_else(|| panic!("chromedriver refused a session: {value}"))
            .to_owned();
        Browser {
            driver: self,
            session,
            _profile: profile,
        }
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A WebDriver session; closed (and its Chromium ended) when dropped.
pub struct Browser<'a> {
    driver: &'a Driver,
    session: String,
    _profile: tempfile::TempDir,
}

/// The W3C WebDriver key codes the tests press.
pub mod key {
    pub const TAB: &str = "\u{E004}";
    pub const ENTER: &str = "\u{E007}";
    pub const SPACE: &str = " ";
    pub const HOME: &str = "\u{E011}";
    pub const LEFT: &str = "\u{E012}";
    pub const UP: &str = "\u{E013}";
    pub const RIGHT: &str = "\u{E014}";
    pub const DOWN: &str = "\u{E015}";
}

const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

impl Browser<'_> {
    fn command(&self, method: &str, path: &str, body: Option<&Value>) -> Value {
        let path = format!("/session/{}{path}", self.session);
        let answer = request(self.driver.addr, method, &path, body);
        let value = answer.json();
        assert!(
            answer.status == 200,
            "WebDriver {method} {path} failed ({}): {value}",
            answer.status
        );
        value["value"].clone()
    }

    pub fn goto(&self, url: &str) {
        self.command("POST", "/url", Some(&json!({ "url": url })));
    }

    pub fn refresh(&self) {
        self.command("POST", "/refresh", Some(&json!({})));
    }

    pub fn set_window(&self, width: u32, height: u32) {
        self.command(
            "POST",
            "/window/rect",
            Some(&json!({"width": width, "height": height})),
        );
    }

    /// Runs `script` (a function body; `arguments` holds `args`) in the page and returns its value.
    pub fn script(&self, script: &str, args: &[Value]) -> Value {
        self.command(
            "POST",
            "/execute/sync",
            Some(&json!({ "script": script, "args": args })),
        )
    }

    /// The WebDriver id of the element `selector` matches; the test fails if none does.
    pub fn find(&self, selector: &str) -> String {
        let value = self.command(
            "POST",
            "/element",
            Some(&json!({"using": "css selector", "value": selector})),
        );
        value[ELEMENT]
            .as_str()
            .unwrap_or_else(|| panic!("no element id for {selector}: {value}"))
            .to_owned()
    }

    /// Clicks like a user: WebDriver scrolls it into view and sends a real pointer click.
    pub fn click(&self, selector: &str) {
        let id = self.find(selector);
        self.command("POST", &format!("/element/{id}/click"), Some(&json!({})));
    }

    /// Presses and releases each key in turn, as a keyboard would, on whatever has the focus.
    pub fn keys(&self, keys: &[&str]) {
        let actions: Vec<Value> = keys
            .iter()
            .flat_map(|k| {
                [
                    json!({"type": "keyDown", "value": k}),
                    json!({"type": "keyUp", "value": k}),
                ]
            })
            .collect();
        self.command(
            "POST",
            "/actions",
            Some(&json!({"actions": [{"type": "key", "id": "keyboard", "actions": actions}]})),
        );
    }

    pub fn text(&self, selector: &str) -> String {
        self.script(
            "const e = document.querySelector(arguments[0]); return e ? e.textContent.trim() : null;",
            &[json!(selector)],
        )
        .as_str()
        .unwrap_or_else(|| panic!("no element {selector}"))
        .to_owned()
    }

    /// Waits until `script` returns something truthy (polling), and returns it; fails after 30 s saying `what`.
    pub fn wait_for(&self, what: &str, script: &str, args: &[Value]) -> Value {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let value = self.script(script, args);
            let truthy = match &value {
                Value::Null => false,
                Value::Bool(b) => *b,
                Value::Number(n) => n.as_f64() != Some(0.0),
                Value::String(s) => !s.is_empty(),
                _ => true,
            };
            if truthy {
                return value;
            }
            assert!(
                Instant::now() < deadline,
                "timed out waiting for {what}; page says: {}",
                self.script("return document.querySelector('main').innerText;", &[])
            );
            std::thread::sleep(Duration::from_millis(40));
        }
    }

    /// Fails if the page logged an error to the console (a script error, a failed request) since the last call.
    pub fn assert_no_console_errors(&self) {
        let entries = self.command("POST", "/se/log", Some(&json!({"type": "browser"})));
        let errors: Vec<&Value> = entries
            .as_array()
            .into_iter()
            .flatten()
            .filter(|entry| entry["level"] == "SEVERE")
            .collect();
        assert!(errors.is_empty(), "the page logged errors: {errors:#?}");
    }

    /// The page as a PNG, as Chromium rendered it.
    pub fn screenshot(&self) -> Vec<u8> {
        use base64::Engine;
        let value = self.command("GET", "/screenshot", None);
        base64::engine::general_purpose::STANDARD
            .decode(value.as_str().unwrap_or_default())
            .unwrap_or_else(|err| panic!("screenshot is not base64: {err}"))
    }
}

impl Drop for Browser<'_> {
    fn drop(&mut self) {
        let path = format!("/session/{}", self.session);
        let _ = request(self.driver.addr, "DELETE", &path, None);
    }
}

/// An RGBA image decoded from a PNG.
pub struct Image {
    pub width: u32,
    pub height: u32,
    pub rgba: Vec<u8>,
}

impl Image {
    pub fn decode(png_bytes: &[u8]) -> Image {
        let mut decoder = png::Decoder::new(std::io::Cursor::new(png_bytes));
        decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
        let mut reader = decoder
            .read_info()
            .unwrap_or_else(|err| panic!("bad PNG: {err}"));
        let mut buffer = vec![0; reader.output_buffer_size().unwrap_or(0)];
        let frame = reader
            .next_frame(&mut buffer)
            .unwrap_or_else(|err| panic!("bad PNG: {err}"));
        let channels = frame.color_type.samples();
        let pixels = (frame.width * frame.height) as usize;
        let mut rgba = Vec::with_capacity(pixels * 4);
        for pixel in buffer[..frame.buffer_size()].chunks_exact(channels) {
            match channels {
                4 => rgba.extend_from_slice(pixel),
                3 => rgba.extend_from_slice(&[pixel[0], pixel[1], pixel[2], 255]),
                2 => rgba.extend_from_slice(&[pixel[0], pixel[0], pixel[0], pixel[1]]),
                _ => rgba.extend_from_slice(&[pixel[0], pixel[0], pixel[0], 255]),
            }
        }
        Image {
            width: frame.width,
            height: frame.height,
            rgba,
        }
    }

    /// How many pixels of the rectangle `(x, y, w, h)` satisfy `test(r, g, b)`.
    pub fn count(
        &self,
        (x, y, w, h): (u32, u32, u32, u32),
        test: impl Fn(u8, u8, u8) -> bool,
    ) -> usize {
        let mut n = 0;
        for row in y..(y + h).min(self.height) {
            for col in x..(x + w).min(self.width) {
                let i = ((row * self.width + col) * 4) as usize;
                if test(self.rgba[i], self.rgba[i + 1], self.rgba[i + 2]) {
                    n += 1;
                }
            }
        }
        n
    }
}

/// Where screenshots are kept for a person to look at: `target/tmp/screenshots/`.
pub fn screenshot_dir() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("screenshots");
    std::fs::create_dir_all(&dir).unwrap_or_else(|err| panic!("{}: {err}", dir.display()));
    dir
}

//! What the web tests share: the app on a free loopback port, requests to it (ureq), and a headless Chromium
//! driven through chromedriver (thirtyfour), both started and stopped by the test.

#![allow(dead_code, unreachable_pub, missing_docs)]

pub mod catalog;
pub mod check;
pub mod pages;
pub mod proxy;
pub mod werewolf;

use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Condvar, Mutex, OnceLock};
use std::time::{Duration, Instant};

use http::Method;
use marubatsu_chain::compiler::{Compiler, ContractSet};
use marubatsu_web::{App, Server};
use serde_json::{Value, json};
use thirtyfour::common::command::{Command as WebDriverCommand, ExtensionCommand};
use thirtyfour::prelude::{By, WebDriver, WebDriverResult};
use thirtyfour::{Capabilities, WindowHandle};

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

/// A place for one more browser, held until dropped: at most `MARUBATSU_BROWSERS` (default 2) run at once.
///
/// The browser tests mostly wait (on pages, timers, blocks), but libtest runs only as many tests at once as the
/// machine has cores: `script/test` asks for four (`--test-threads` and this limit), which ran the browser tests
/// in 358 s on the project's 2-core machine, idle (one after another they take 1,018 s).
pub fn browser_slot() -> BrowserSlot {
    let limit = std::env::var("MARUBATSU_BROWSERS")
        .ok()
        .and_then(|n| n.parse::<usize>().ok())
        .filter(|&n| n > 0)
        .unwrap_or(2);
    let mut running = BROWSERS.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    while *running >= limit {
        running = BROWSERS
            .1
            .wait(running)
            .unwrap_or_else(std::sync::PoisonError::into_inner);
    }
    *running += 1;
    BrowserSlot(())
}

/// How many browsers run now, and the signal that one finished.
static BROWSERS: (Mutex<usize>, Condvar) = (Mutex::new(0), Condvar::new());

/// A running browser's place; dropping it lets the next test start one.
pub struct BrowserSlot(());

impl Drop for BrowserSlot {
    fn drop(&mut self) {
        *BROWSERS.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner) -= 1;
        BROWSERS.1.notify_one();
    }
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
        self.headers.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body).unwrap_or_else(|err| panic!("not JSON ({err}): {}", self.text()))
    }
}

/// POSTs `body` to `path`, which must answer 200; its JSON.
pub fn post_ok(addr: SocketAddr, path: &str, body: &Value) -> Value {
    let response = request(addr, "POST", path, Some(body));
    assert_eq!(response.status, 200, "{}", response.text());
    response.json()
}

/// A refusal's code and its words as the server wrote them in the request's language, without the catalog key and
/// arguments it also carries for a page to word it in its own.
pub fn code_and_words(refusal: &Value) -> Value {
    json!({"code": refusal["code"], "words": refusal["words"]})
}

/// One request with an optional JSON body. Every status comes back as it is: no status is taken for an error and
/// no redirect is followed, so a test sees exactly what the app answered.
pub fn request(addr: SocketAddr, method: &str, path: &str, body: Option<&Value>) -> Response {
    request_with(addr, method, path, body, &[])
}

/// [`request`] with extra request headers (`Accept-Language`, `Cookie`, …).
pub fn request_with(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&Value>,
    headers: &[(&str, &str)],
) -> Response {
    let agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .max_redirects(0)
        // Each test has its own server on its own port; a kept connection could outlive it.
        .max_idle_connections(0)
        .timeout_global(Some(Duration::from_secs(120)))
        .build()
        .new_agent();
    let mut request = ureq::http::Request::builder()
        .method(method)
        .uri(format!("http://{addr}{path}"));
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let sent = match body {
        Some(body) => request
            .header("content-type", "application/json")
            .body(body.to_string())
            .map(|request| agent.run(request)),
        None => request.body(()).map(|request| agent.run(request)),
    };
    let mut response = sent
        .unwrap_or_else(|err| panic!("building {method} {path}: {err}"))
        .unwrap_or_else(|err| panic!("{method} {path}: {err}"));
    let headers = response
        .headers()
        .iter()
        .map(|(name, value)| {
            let value = String::from_utf8_lossy(value.as_bytes()).into_owned();
            (name.as_str().to_owned(), value)
        })
        .collect();
    let body = response
        .body_mut()
        .with_config()
        .limit(64 << 20)
        .read_to_vec()
        .unwrap_or_else(|err| panic!("reading {method} {path}: {err}"));
    Response {
        status: response.status().as_u16(),
        headers,
        body,
    }
}

/// The port chromedriver started with `--port=0` says it listens on ("… started successfully on port N."). Its
/// output is read to the end on a thread of its own, so that chromedriver never blocks on a full pipe.
fn announced_port(child: &mut Child) -> u16 {
    use std::io::BufRead;
    let stdout = child
        .stdout
        .take()
        .unwrap_or_else(|| panic!("chromedriver's output is not piped"));
    let (tell, port) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in std::io::BufReader::new(stdout).lines().map_while(Result::ok) {
            // "Starting ChromeDriver … on port 0" comes first; the bound port is in the line after the bind.
            if let Some(port) = line
                .split("started successfully on port ")
                .nth(1)
                .and_then(|rest| rest.trim_end_matches(['.', ' ']).parse::<u16>().ok())
            {
                let _ = tell.send(port);
            }
        }
    });
    port.recv_timeout(Duration::from_secs(20))
        .unwrap_or_else(|err| panic!("chromedriver did not say its port: {err}"))
}

// ---- Chromium through chromedriver ------------------------------------------------------------------------

const INSTALL: &str = "install Debian's `chromium` and `chromium-driver` packages (apt-get install chromium \
                       chromium-driver; .ci/run does this), or set CHROME and CHROMEDRIVER to the binaries";

/// The first of `names` found on PATH (or the path in `variable`); the test fails if there is none.
fn find_binary(variable: &str, names: &[&str]) -> PathBuf {
    if let Some(path) = std::env::var_os(variable) {
        let path = PathBuf::from(path);
        assert!(path.is_file(), "{variable}={} is not a file: {INSTALL}", path.display());
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

/// chromedriver on a free loopback port, killed when dropped, and the runtime that the WebDriver client
/// (thirtyfour, which is async) runs on while a test waits for each command.
pub struct Driver {
    child: Child,
    addr: SocketAddr,
    chromium: PathBuf,
    profiles: tempfile::TempDir,
    runtime: tokio::runtime::Runtime,
}

impl Driver {
    pub fn start() -> Driver {
        // thirtyfour talks to chromedriver through reqwest, which this workspace builds with rustls and no
        // provider of its own (see the workspace manifest): a client can only be made once one is installed.
        // Installing fails only when one is in place already.
        let _ = rustls::crypto::ring::default_provider().install_default();
        let chromium = find_binary("CHROME", &["chromium", "chromium-browser", "google-chrome"]);
        let chromedriver = find_binary("CHROMEDRIVER", &["chromedriver"]);
        // Port 0: chromedriver binds a port the kernel picks and says which, so no other process can take it
        // between a check and the bind (a port found free and released first is a race between parallel tests).
        let mut child = Command::new(&chromedriver)
            .arg("--port=0")
            .arg("--allowed-ips=127.0.0.1")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|err| panic!("starting {}: {err}", chromedriver.display()));
        let port = announced_port(&mut child);
        let driver = Driver {
            child,
            addr: SocketAddr::from(([127, 0, 0, 1], port)),
            chromium,
            profiles: tempfile::tempdir().unwrap_or_else(|err| panic!("{err}")),
            runtime: tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .unwrap_or_else(|err| panic!("a runtime for the WebDriver client: {err}")),
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
        let profile = tempfile::tempdir_in(self.profiles.path()).unwrap_or_else(|err| panic!("{err}"));
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
        let capabilities: Capabilities = serde_json::from_value(json!({
            "browserName": "chrome",
            "goog:chromeOptions": options,
            "goog:loggingPrefs": {"browser": "ALL"},
        }))
        .unwrap_or_else(|err| panic!("capabilities: {err}"));
        let session = self
            .runtime
            .block_on(WebDriver::new(format!("http://{}", self.addr), capabilities))
            .unwrap_or_else(|err| panic!("chromedriver refused a session: {err}"));
        Browser {
            driver: self,
            session: Some(session),
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
    /// Taken only by `drop`, to quit.
    session: Option<WebDriver>,
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
    pub const ESCAPE: &str = "\u{E00C}";
}

/// chromedriver's log endpoint (`/se/log`, outside the W3C protocol): the browser console since the last read.
#[derive(Debug)]
struct BrowserLog;

impl ExtensionCommand for BrowserLog {
    fn parameters_json(&self) -> Option<Value> {
        Some(json!({"type": "browser"}))
    }

    fn method(&self) -> Method {
        Method::POST
    }

    fn endpoint(&self) -> Arc<str> {
        Arc::from("/se/log")
    }
}

/// The W3C `actions` endpoint with a sequence written out in JSON (thirtyfour's chains have no touch pointer).
#[derive(Debug)]
struct Actions(Value);

impl ExtensionCommand for Actions {
    fn parameters_json(&self) -> Option<Value> {
        Some(self.0.clone())
    }

    fn method(&self) -> Method {
        Method::POST
    }

    fn endpoint(&self) -> Arc<str> {
        Arc::from("/actions")
    }
}

impl Browser<'_> {
    fn session(&self) -> &WebDriver {
        self.session
            .as_ref()
            .unwrap_or_else(|| unreachable!("the session is only taken when the browser is dropped"))
    }

    /// Runs one WebDriver exchange to completion; a refusal fails the test, saying what was asked.
    fn run<T>(&self, what: &str, exchange: impl Future<Output = WebDriverResult<T>>) -> T {
        self.driver
            .runtime
            .block_on(exchange)
            .unwrap_or_else(|err| panic!("WebDriver {what} failed: {err}"))
    }

    pub fn goto(&self, url: &str) {
        self.run(&format!("goto {url}"), self.session().goto(url));
    }

    pub fn refresh(&self) {
        self.run("refresh", self.session().refresh());
    }

    /// Runs `script` (a function body; `arguments` holds `args`) in the page and returns its value.
    pub fn script(&self, script: &str, args: &[Value]) -> Value {
        let ret = self.run("execute", self.session().execute(script.to_owned(), args.to_vec()));
        ret.json().clone()
    }

    /// Sends a Chrome DevTools Protocol command (`Page.addScriptToEvaluateOnNewDocument`, …) through
    /// chromedriver's `goog/cdp/execute`, and returns its result.
    pub fn execute_cdp(&self, cmd: &str, params: Value) -> Value {
        self.run(cmd, self.session().cdp().send_raw(cmd, params))
    }

    /// Opens a new tab and drives it from now on; returns the tab that was driven before, for [`Browser::switch_to`].
    pub fn new_tab(&self) -> WindowHandle {
        let before = self.run("window", self.session().window());
        let tab = self.run("new tab", self.session().new_tab());
        self.switch_to(&tab);
        before
    }

    /// The tab the commands drive now.
    pub fn current_tab(&self) -> WindowHandle {
        self.run("window", self.session().window())
    }

    /// Drives `tab` from now on.
    pub fn switch_to(&self, tab: &WindowHandle) {
        self.run("switch to window", self.session().switch_to_window(tab.clone()));
    }

    /// Makes the current tab's viewport `width`×`height` CSS px, a phone's (touch, mobile layout) under 500 px
    /// wide, so one browser session can check a page at several sizes. Kept across navigations in this tab.
    pub fn set_viewport(&self, width: u32, height: u32) {
        let mobile = width < 500;
        self.execute_cdp(
            "Emulation.setDeviceMetricsOverride",
            json!({"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile}),
        );
        self.execute_cdp("Emulation.setTouchEmulationEnabled", json!({"enabled": mobile}));
    }

    /// Cuts the current tab off the network (`fetch` fails as with a dead server), or connects it again.
    pub fn set_offline(&self, offline: bool) {
        self.execute_cdp("Network.enable", json!({}));
        self.execute_cdp(
            "Network.emulateNetworkConditions",
            json!({"offline": offline, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}),
        );
    }

    /// Clicks `selector` as a player who means it: once the page's tap guard (common.js, `taps`) has let the
    /// last tap that moved the game on settle, so the click is not taken for the second tap of a double tap.
    pub fn tap(&self, selector: &str) {
        self.wait_for(
            "the page's tap guard to settle",
            "return !window.Marubatsu || !window.Marubatsu.taps || window.Marubatsu.taps.settled();",
            &[],
        );
        self.click(selector);
    }

    /// Taps `selector` and, `gap` after the first tap, taps the same point of the screen again, as a finger or a
    /// mouse does in a double tap: the second tap lands on whatever the page has put there by then. One W3C
    /// action sequence (a `touch` pointer when the tab emulates a phone, a mouse otherwise), so chromedriver
    /// keeps the pause and the page gets a real device's events. Returns the time between the two presses as
    /// the page measured it (`pointerdown` time stamps), for the test to check.
    pub fn double_tap(&self, selector: &str, gap: Duration, touch: bool) -> f64 {
        self.wait_for(
            "the page's tap guard to settle",
            "return !window.Marubatsu || !window.Marubatsu.taps || window.Marubatsu.taps.settled();",
            &[],
        );
        let centre = self.script(
            "const e = document.querySelector(arguments[0]);
             if (!e || e.offsetParent === null) return null;
             e.scrollIntoView({ block: 'center' });
             const r = e.getBoundingClientRect();
             window.downs = [];
             if (!window.countingDowns) {
               window.countingDowns = true;
               document.addEventListener('pointerdown', (ev) => window.downs.push(ev.timeStamp), true);
             }
             return [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)];",
            &[json!(selector)],
        );
        let (Some(x), Some(y)) = (centre[0].as_i64(), centre[1].as_i64()) else {
            panic!("no visible {selector} to tap: {centre}");
        };
        let millis = u64::try_from(gap.as_millis()).unwrap_or(u64::MAX);
        let pointer = if touch { "touch" } else { "mouse" };
        let sequence = |steps: Value| {
            json!({"actions": [{
                "type": "pointer",
                "id": format!("double-{pointer}"),
                "parameters": {"pointerType": pointer},
                "actions": steps,
            }]})
        };
        // The pointer is brought over the control first, on its own: a first move can take longer than a gap.
        let hover = sequence(json!([{"type": "pointerMove", "duration": 0, "x": x, "y": y, "origin": "viewport"}]));
        if !touch {
            self.run(
                "actions",
                self.session()
                    .cmd(WebDriverCommand::ExtensionCommand(Box::new(Actions(hover.clone())))),
            );
        }
        let actions = sequence(json!([
                {"type": "pointerMove", "duration": 0, "x": x, "y": y, "origin": "viewport"},
                {"type": "pointerDown", "button": 0},
                {"type": "pointerUp", "button": 0},
                {"type": "pause", "duration": millis},
                {"type": "pointerDown", "button": 0},
                {"type": "pointerUp", "button": 0},
        ]));
        self.run(
            "actions",
            self.session()
                .cmd(WebDriverCommand::ExtensionCommand(Box::new(Actions(actions)))),
        );
        let downs = self.wait_for(
            "both presses to reach the page",
            "return window.downs.length >= 2 ? window.downs : null;",
            &[],
        );
        downs[1].as_f64().unwrap_or_default() - downs[0].as_f64().unwrap_or_default()
    }

    /// [`Self::double_tap`] whose second tap must land inside the page's tap guard (common.js's `TAP_GUARD_MS`,
    /// the engine's `TURN_GUARD_MS`), as the double-tap stories need. A loaded machine can deliver the two taps further apart (1,284 ms for 50 ms
    /// was seen in CI), and such taps test nothing: they are undone — the tab's sessionStorage, where each
    /// pass-and-play page keeps its game, put back as it was before them and the page reloaded — `again` brings
    /// the same control back on screen (a card opened, a ballot picked), and the taps are made again, up to three
    /// times in all. Returns the gap of the taps that count, or why none did: never inside the guard, or closer
    /// than `gap` (no load does that).
    pub fn double_tap_inside(
        &self,
        selector: &str,
        gap: Duration,
        touch: bool,
        again: &dyn Fn(),
    ) -> Result<f64, String> {
        let window_ms = marubatsu_engine::relay::TURN_GUARD_MS as f64;
        let asked = gap.as_secs_f64() * 1000.0;
        let mut stretched = Vec::new();
        loop {
            let kept = self.script(
                "const kept = {};
                 for (let i = 0; i < sessionStorage.length; i++) {
                   const key = sessionStorage.key(i);
                   kept[key] = sessionStorage.getItem(key);
                 }
                 return kept;",
                &[],
            );
            let measured = self.double_tap(selector, gap, touch);
            // The page's clock may round a little.
            if measured <= asked - 5.0 {
                return Err(format!(
                    "the taps on {selector} were {measured} ms apart, {asked} ms asked"
                ));
            }
            if measured < window_ms {
                return Ok(measured);
            }
            stretched.push(measured);
            if stretched.len() == 3 {
                return Err(format!(
                    "the taps on {selector} were {stretched:?} ms apart, never inside the {window_ms} ms guard"
                ));
            }
            // Whatever the second tap set going ends before the game is put back, or its answer would overwrite it.
            self.wait_for(
                "the stretched taps to be over",
                "const r = document.querySelector('[data-ready]');
                 return window.Marubatsu.taps.settled() && (!r || r.dataset.ready === 'true'
                   && r.dataset.busy !== 'true' && r.dataset.counting !== 'true');",
                &[],
            );
            self.script(
                "sessionStorage.clear();
                 for (const [key, value] of Object.entries(arguments[0])) sessionStorage.setItem(key, value);",
                &[kept],
            );
            self.refresh();
            self.wait_for(
                "the page as it was before the taps",
                "const r = document.querySelector('[data-ready]');
                 return !r || r.dataset.ready === 'true' && r.dataset.busy !== 'true';",
                &[],
            );
            again();
        }
    }

    /// Clicks like a user: WebDriver scrolls it into view and sends a real pointer click.
    pub fn click(&self, selector: &str) {
        let session = self.session();
        self.run(&format!("click {selector}"), async move {
            session.find(By::Css(selector)).await?.click().await
        });
    }

    /// Presses and releases each key in turn, as a keyboard would, on whatever has the focus.
    pub fn keys(&self, keys: &[&str]) {
        let mut chain = self.session().action_chain();
        for key in keys {
            let mut chars = key.chars();
            let (Some(code), None) = (chars.next(), chars.next()) else {
                panic!("a key is one character (a W3C key code), not {key:?}");
            };
            chain = chain.key_down(code).key_up(code);
        }
        self.run("actions", chain.perform());
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
        let errors = self.console_errors();
        assert!(errors.is_empty(), "the page logged errors: {errors:#?}");
    }

    /// The errors the page logged to the console (script errors, failed requests) since the last call.
    pub fn console_errors(&self) -> Vec<Value> {
        let response = self.run(
            "/se/log",
            self.session()
                .cmd(WebDriverCommand::ExtensionCommand(Box::new(BrowserLog))),
        );
        let entries = self.run("/se/log", std::future::ready(response.value::<Value>()));
        entries
            .as_array()
            .into_iter()
            .flatten()
            .filter(|entry| entry["level"] == "SEVERE")
            .cloned()
            .collect()
    }

    /// The page as a PNG, as Chromium rendered it.
    pub fn screenshot(&self) -> Vec<u8> {
        self.run("screenshot", self.session().screenshot_as_png())
    }
}

impl Drop for Browser<'_> {
    fn drop(&mut self) {
        if let Some(session) = self.session.take() {
            let _ = self.driver.runtime.block_on(session.quit());
        }
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
        let mut reader = decoder.read_info().unwrap_or_else(|err| panic!("bad PNG: {err}"));
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
    pub fn count(&self, (x, y, w, h): (u32, u32, u32, u32), test: impl Fn(u8, u8, u8) -> bool) -> usize {
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

// ---- what several games' browser tests read from a page ------------------------------------------------------

// ---- keyboard ----------------------------------------------------------------------------------------------

/// The index of the focused cell of `board` (a selector), or -1 when the focus is elsewhere.
pub fn focused_cell(browser: &Browser<'_>, board: &str) -> Value {
    browser.script(
        "const e = document.activeElement;
         return e && e.closest(arguments[0]) ? Number(e.dataset.index) : -1;",
        &[json!(board)],
    )
}

/// Presses Tab until the focus lands on a cell of `board`, at most `limit` times; that cell's index.
pub fn tab_into(browser: &Browser<'_>, board: &str, limit: usize) -> Value {
    for _ in 0..limit {
        let cell = focused_cell(browser, board);
        if cell != json!(-1) {
            return cell;
        }
        browser.keys(&[key::TAB]);
    }
    let cell = focused_cell(browser, board);
    assert_ne!(cell, json!(-1), "Tab never reaches {board} in {limit} presses");
    cell
}

// ---- what several pages' tests read or set ------------------------------------------------------------------

/// The words a page must show in `lang`: `ja` for Japanese, `en` otherwise.
pub fn words(lang: &str, en: &'static str, ja: &'static str) -> &'static str {
    if lang == "ja" { ja } else { en }
}

/// Switches the page to `lang` (the language button) unless it is in it already, and waits for the switch.
pub fn set_language(browser: &Browser<'_>, lang: &str) {
    if browser.script("return document.documentElement.lang;", &[]) != lang {
        browser.click("#lang");
        browser.wait_for(
            "the language",
            "return document.documentElement.lang === arguments[0];",
            &[serde_json::json!(lang)],
        );
    }
}

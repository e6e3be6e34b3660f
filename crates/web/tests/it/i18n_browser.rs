//! Japanese and English: the server renders the shell in the language a request asks for, API errors come in it,
//! and in a real browser the header's switch changes every text in place and is remembered across a reload.

use crate::support;

use serde_json::json;
use support::{Browser, Driver, browser_slot, request_with, server};

fn html_lang(page: &str) -> &str {
    let start = page.find("<html lang=\"").map_or(0, |at| at + 12);
    &page[start..start + 2]
}

#[test]
fn the_server_renders_the_shell_in_the_language_asked_for() {
    let server = server();
    let addr = server.local_addr();
    let english = request_with(addr, "GET", "/lights", None, &[("accept-language", "en-US,en;q=0.9")]).text();
    assert_eq!(html_lang(&english), "en");
    assert!(english.contains(">Cross light</span></a>"), "{english}");
    assert!(english.contains(r#"id="lang" class="lang" lang="ja""#), "{english}");
    let japanese = request_with(addr, "GET", "/lights", None, &[("accept-language", "ja-JP,en;q=0.5")]).text();
    assert_eq!(html_lang(&japanese), "ja");
    assert!(japanese.contains(">クロスライト</span></a>"), "{japanese}");
    assert!(japanese.contains(">English</button>"), "{japanese}");
    // A page load carries the browser's own Accept-Language; the player's choice comes in the cookie.
    let chosen = request_with(
        addr,
        "GET",
        "/",
        None,
        &[("accept-language", "en-US"), ("cookie", "lang=ja")],
    )
    .text();
    assert_eq!(html_lang(&chosen), "ja");
    assert!(chosen.contains(">量子人狼<"), "{chosen}");

    // The game's words and stylesheet are linked on its page only, after the mechanism and before its script.
    let order = [
        "/assets/i18n.js",
        "/assets/strings.js",
        "/assets/lights.strings.js",
        "/assets/common.js",
        "/assets/lights.js",
    ];
    let at: Vec<usize> = order
        .iter()
        .map(|name| english.find(name).unwrap_or_else(|| panic!("{name} is not linked")))
        .collect();
    assert!(at.windows(2).all(|w| w[0] < w[1]), "scripts out of order: {at:?}");
    assert!(english.contains("/assets/lights.css"));
    assert!(!chosen.contains("lights.strings.js"), "the index loads no game's words");
    for asset in [
        "i18n.js",
        "strings.js",
        "relay.strings.js",
        "werewolf.css",
        "tictactoe.strings.js",
    ] {
        let response = request_with(addr, "GET", &format!("/assets/{asset}"), None, &[]);
        assert_eq!(response.status, 200, "{asset}");
    }
    let shared = request_with(addr, "GET", "/assets/strings.js", None, &[]).text();
    assert!(shared.contains("\"game.lights.title\":\"クロスライト\""), "{shared}");
}

#[test]
fn api_errors_come_in_the_language_asked_for_with_a_stable_code() {
    let server = server();
    let addr = server.local_addr();
    let long: Vec<_> = std::iter::repeat_n(json!({"type": "hint"}), 20_001).collect();
    let body = json!({ "events": long });
    for (language, expected) in [("en", "at most 20000"), ("ja", "20000手まで")] {
        let refused = request_with(
            addr,
            "POST",
            "/api/lights/replay",
            Some(&body),
            &[("accept-language", language)],
        );
        assert_eq!(refused.status, 400);
        let answer = refused.json();
        assert!(
            answer["error"].as_str().is_some_and(|e| e.contains(expected)),
            "{language}: {answer}"
        );
        assert_eq!(answer["code"], "log_too_long");
    }
    let broken = request_with(
        addr,
        "POST",
        "/api/lights/replay",
        Some(&json!({"events": 3})),
        &[("accept-language", "ja")],
    );
    assert_eq!(broken.status, 422);
    let answer = broken.json();
    assert!(
        answer["error"]
            .as_str()
            .is_some_and(|e| e.starts_with("リクエストを読み取れませんでした")),
        "{answer}"
    );
    assert_eq!(answer["code"], "bad_request");
}

fn nav_titles(browser: &Browser<'_>) -> Vec<String> {
    let value = browser.script(
        "return Array.from(document.querySelectorAll('header.site nav .nav-text')).map((a) => a.textContent);",
        &[],
    );
    serde_json::from_value(value).unwrap_or_else(|err| panic!("{err}"))
}

#[test]
fn the_language_switch_changes_the_header_and_survives_a_reload() {
    let _browser = browser_slot();
    let server = server();
    let driver = Driver::start();
    let browser = driver.browser(1280, 860);
    // Missing keys warn on the console; collect the warnings so the test can say which.
    browser.execute_cdp(
        "Page.addScriptToEvaluateOnNewDocument",
        json!({"source": "window.__warnings = []; const warn = console.warn.bind(console);
                          console.warn = (...args) => { window.__warnings.push(args.join(' ')); warn(...args); };"}),
    );
    browser.goto(&format!("{}lights", server.url()));
    browser.wait_for(
        "the script",
        "return window.I18n && document.readyState === 'complete';",
        &[],
    );
    // Headless Chromium asks for English.
    assert_eq!(nav_titles(&browser)[0], "Cross light");
    assert_eq!(browser.text("#lang"), "日本語");
    assert_eq!(browser.text("#sound"), "Sound on");

    browser.click("#lang");
    browser.wait_for("Japanese", "return document.documentElement.lang === 'ja';", &[]);
    assert_eq!(
        nav_titles(&browser),
        ["クロスライト", "知ったかリレー", "まるばつ", "量子人狼"]
    );
    assert_eq!(browser.text("#lang"), "English");
    assert_eq!(
        browser.script("return document.getElementById('lang').lang;", &[]),
        "en"
    );
    assert_eq!(browser.text("#sound"), "音 オン");
    assert_eq!(
        browser.script("return document.title;", &[]),
        "クロスライト · marubatsu"
    );
    assert_eq!(browser.script("return document.cookie;", &[]), "lang=ja");

    browser.refresh();
    browser.wait_for(
        "the script",
        "return window.I18n && document.readyState === 'complete';",
        &[],
    );
    assert_eq!(browser.script("return document.documentElement.lang;", &[]), "ja");
    assert_eq!(nav_titles(&browser)[0], "クロスライト");
    assert_eq!(
        browser
            .script("return I18n.t('error.unreachable');", &[])
            .as_str()
            .map(|s| s.starts_with("サーバー")),
        Some(true)
    );

    browser.click("#lang");
    browser.wait_for("English", "return document.documentElement.lang === 'en';", &[]);
    assert_eq!(nav_titles(&browser)[0], "Cross light");
    assert_eq!(browser.script("return window.__warnings;", &[]), json!([]));
    browser.assert_no_console_errors();
}

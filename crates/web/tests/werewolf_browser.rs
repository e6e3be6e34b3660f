//! The quantum werewolf page in a headless Chromium, driven over WebDriver: setup, the tie-break, a verdict, a
//! reload that restores the game from the tab's log, then a whole game played through the page's own buttons —
//! the vote collected voter by voter behind hand-over buttons (with a reload mid-vote) and sent as one event,
//! transfers built card by card, draws — to the end screen.
//! Like the other browser tests it starts the app, chromedriver and a browser, and fails (saying how to install
//! them) without Chromium and chromedriver.

mod support;

use serde_json::{Value, json};
use support::{Browser, Driver, one_browser_at_a_time, screenshot_dir, server};

const DESKTOP: (u32, u32) = (1280, 1000);

fn pending(browser: &Browser<'_>) -> String {
    browser
        .script(
            "const r = document.querySelector('#werewolf');
             return r.dataset.ready === 'true' ? r.dataset.pending : '';",
            &[],
        )
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

fn wait_pending(browser: &Browser<'_>, kind: &str) {
    browser.wait_for(
        &format!("a pending {kind}"),
        "const r = document.querySelector('#werewolf');
         return r.dataset.ready === 'true' && r.dataset.pending === arguments[0];",
        &[json!(kind)],
    );
}

/// How many events the page keeps in its log.
fn logged_events(browser: &Browser<'_>) -> u64 {
    browser
        .script(
            "const s = JSON.parse(sessionStorage.getItem('marubatsu.werewolf'));
             return s ? s.events.length : 0;",
            &[],
        )
        .as_u64()
        .unwrap_or(0)
}

fn wait_events(browser: &Browser<'_>, at_least: u64) {
    browser.wait_for(
        &format!("{at_least} events in the log"),
        "const s = JSON.parse(sessionStorage.getItem('marubatsu.werewolf'));
         const r = document.querySelector('#werewolf');
         return s && s.events.length >= arguments[0] && r.dataset.ready === 'true';",
        &[json!(at_least)],
    );
}

/// One voter's turn in a vote, as the page asks for it: the hand-over button (the only button), then the
/// voter's choices (button `arguments[0]` is picked) and the confirmation, after which the choice is hidden
/// again. Returns 'sent' after the last voter, 'next' otherwise, or what went wrong (with a space).
const ONE_BALLOT: &str = "
    const buttons = () => Array.from(document.querySelectorAll('#choices button'));
    const pass = buttons();
    if (pass.length !== 1 || !pass[0].textContent.startsWith('I am ')) return 'no hand-over button';
    const who = pass[0].textContent;
    pass[0].click();
    const targets = buttons().filter((b) => b.hasAttribute('aria-pressed'));
    const confirm = document.querySelector('#choices button.primary');
    if (targets.length === 0 || !confirm || !confirm.disabled) return 'no ballot to fill';
    const target = targets[arguments[0] % targets.length];
    target.click();
    const chosen = document.querySelector('#choices button[aria-pressed=\"true\"]');
    if (!chosen || chosen.textContent !== target.textContent) return 'choice not shown';
    document.querySelector('#choices button.primary').click();
    if (document.querySelector('#werewolf').dataset.counting === 'true') return 'sent';
    const after = buttons();
    if (after.length !== 1 || after[0].textContent === who) return 'choice still shown';
    return 'next';";

/// Answers the pending decision with the page's buttons, as players would: the tie-break and the draw with
/// their random button, a verdict or an attack with button `pick`, a vote by every voter in turn
/// ([`ONE_BALLOT`]), a transfer by adding cards with `+` until the hand-over button is enabled. Returns what it
/// did.
fn act(browser: &Browser<'_>, pick: u64) -> Value {
    if pending(browser) == "vote" {
        for voter in 0..16_u64 {
            // A hash per voter: picks that shift with the voter can make every vote a cycle, a tie forever
            // (R9 has no limit on run-offs).
            let hash = ((pick * 31 + voter) ^ 0x5DEE_CE66).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 33;
            let did = browser.script(ONE_BALLOT, &[json!(hash)]);
            match did.as_str() {
                Some("next") => {}
                Some("sent") => return json!("vote"),
                _ => return did,
            }
        }
        return json!("vote never sent");
    }
    browser.script(
        "const kind = document.querySelector('#werewolf').dataset.pending;
         const buttons = () => Array.from(document.querySelectorAll('#choices button'));
         if (kind === 'startPlayer' || kind === 'draw') {
           document.querySelector('#choices button.primary').click();
           return kind;
         }
         if (kind === 'transfer') {
           for (let guard = 0; guard < 200; guard += 1) {
             const give = document.querySelector('#choices button.primary');
             if (!give.disabled) { give.click(); return 'transfer'; }
             const plus = Array.from(document.querySelectorAll('#transfer button'))
               .filter((b) => b.textContent === '+' && !b.disabled);
             if (plus.length === 0) return 'transfer stuck';
             plus[arguments[0] % plus.length].click();
           }
           return 'transfer stuck';
         }
         const choices = buttons();
         choices[arguments[0] % choices.length].click();
         return kind;",
        &[json!(pick)],
    )
}

#[test]
fn werewolf_a_game_from_setup_to_the_end_survives_a_reload() {
    let _one = one_browser_at_a_time();
    let server = server();
    let driver = Driver::start();
    let browser = driver.browser(DESKTOP.0, DESKTOP.1);
    browser.goto(&format!("{}werewolf", server.url()));
    wait_pending(&browser, "setup");

    // Setup: the default table seats 8; the first player is named.
    let names = browser.script("return document.querySelectorAll('#ww-names input').length;", &[]);
    assert_eq!(names, 8);
    browser.click("#ww-names li:first-child input");
    browser.keys(&["M", "i", "k", "a"]);
    browser.click("#ww-start");
    wait_pending(&browser, "startPlayer");
    assert!(browser.text("#prompt").contains("rock-paper-scissors"));
    // Every hand is 2W 1S 5V: three bar segments of 25%, 12.5% and 62.5%.
    let widths = browser.script(
        "return Array.from(document.querySelectorAll('.ww-player:first-child .ww-bar span')).map((s) => s.style.width);",
        &[],
    );
    assert_eq!(widths, json!(["25%", "12.5%", "62.5%"]));
    assert_eq!(
        browser.text(".ww-player:first-child .ww-name"),
        "Mika",
        "the name typed"
    );

    // The tie-break drawn at random, then the start player marks someone.
    browser.click("#choices button.primary");
    wait_pending(&browser, "verdict");
    let seer = browser.text(".ww-player[data-turn='true'] .ww-name");
    assert!(browser.text("#prompt").starts_with(&seer), "{seer} is asked");
    browser.click("#choices button");
    wait_events(&browser, 2);
    let log_before = browser.script("return document.querySelectorAll('#log li').length;", &[]);
    let pending_before = pending(&browser);

    // A reload rebuilds the game from the tab's log.
    browser.refresh();
    browser.wait_for(
        "the game after the reload",
        "const r = document.querySelector('#werewolf');
         return r.dataset.ready === 'true' && r.dataset.pending !== 'setup' && r.dataset.pending !== '';",
        &[],
    );
    assert_eq!(pending(&browser), pending_before);
    assert_eq!(
        browser.script("return document.querySelectorAll('#log li').length;", &[]),
        log_before
    );
    assert_eq!(logged_events(&browser), 2);
    assert!(browser.text("#log").contains("[R4]") || browser.text("#log").contains("R4"));

    // Play on with the page's buttons until the game ends.
    let mut shot = false;
    let mut saw_vote = false;
    for step in 0..600_u64 {
        let kind = pending(&browser);
        if kind == "over" {
            break;
        }
        if kind == "vote" && !saw_vote {
            saw_vote = true;
            assert!(browser.text("#prompt").contains("Pass the device to"));
            assert_eq!(
                browser.script("return document.querySelectorAll('#choices button').length;", &[]),
                1,
                "only the hand-over button before a ballot"
            );
            // The first voter takes the device: only their choices show, none picked, confirmation disabled.
            let first = browser.text("#choices button");
            browser.click("#choices button");
            let ballot = browser.script(
                "const b = Array.from(document.querySelectorAll('#choices button'));
                 return [b.filter((x) => x.getAttribute('aria-pressed') === 'false').length,
                         b.filter((x) => x.classList.contains('primary') && x.disabled).length];",
                &[],
            );
            let alive = browser.script(
                "return document.querySelectorAll('.ww-player[data-alive=\"true\"]').length;",
                &[],
            );
            assert_eq!(ballot, json!([alive.as_u64().unwrap_or(0) - 1, 1]));
            browser.click("#choices button[aria-pressed]");
            std::fs::write(screenshot_dir().join("werewolf-ballot.png"), browser.screenshot())
                .unwrap_or_else(|err| panic!("{err}"));
            // Confirmed, the choice is hidden: the next voter's hand-over button alone. A reload resumes the
            // vote there, and nothing was sent yet.
            browser.click("#choices button.primary");
            let after = browser.script(
                "return Array.from(document.querySelectorAll('#choices button')).map((b) => b.textContent);",
                &[],
            );
            assert_eq!(after.as_array().map(Vec::len), Some(1), "{after}");
            assert_ne!(after[0], json!(first));
            let events = logged_events(&browser);
            browser.refresh();
            wait_pending(&browser, "vote");
            let prompt = browser.text("#prompt");
            let first = first.trim_start_matches("I am ").trim_end_matches(" — show my ballot");
            assert!(prompt.contains(&format!("Voted so far: {first}.")), "{prompt}");
            assert!(!browser.text("#choices button").contains(first));
            assert_eq!(logged_events(&browser), events);
        }
        if kind == "attack" && !shot {
            shot = true;
            std::fs::write(screenshot_dir().join("werewolf-table.png"), browser.screenshot())
                .unwrap_or_else(|err| panic!("{err}"));
        }
        let before = logged_events(&browser);
        let did = act(&browser, step * 2_654_435_761 % 1_000_003);
        assert!(!did.as_str().unwrap_or("?").contains(' '), "{did}");
        wait_events(&browser, before + 1);
    }
    wait_pending(&browser, "over");
    let title = browser.text("#outcome-title");
    assert!(
        ["The village wins", "The werewolves win", "Paradox"].contains(&title.as_str()),
        "{title}"
    );
    assert!(browser.text("#outcome-text").contains('R'));
    assert!(browser.text("#log").contains("game over"));
    browser.assert_no_console_errors();
    std::fs::write(screenshot_dir().join("werewolf-end.png"), browser.screenshot())
        .unwrap_or_else(|err| panic!("{err}"));

    // A new game after the end goes straight back to setup.
    browser.click("#new-game");
    wait_pending(&browser, "setup");
}

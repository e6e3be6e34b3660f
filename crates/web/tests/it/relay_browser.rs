//! The know-it-all relay page in a headless Chromium, driven over WebDriver: a whole 3-player game on a phone-sized
//! window, with a reload in the middle of a talk (the countdown resumes from the deadline, not from the start), a
//! double tap on "done" and on "cast my vote", the hand-over screen before each ballot, and the results.
//! Like the other browser tests it starts the app, chromedriver and a browser, and fails (saying how to install
//! them) without Chromium and chromedriver.

use crate::support;

use std::time::Duration;

use serde_json::{Value, json};
use support::pages::relay::RelayPage;
use support::{Browser, Driver, browser_slot, screenshot_dir, server};

const DESKTOP: (u32, u32) = (1280, 860);

const PHONE: (u32, u32) = (390, 844);

#[test]
fn relay_a_three_player_game_survives_a_reload_during_the_talk() {
    let _browser = browser_slot();
    let server = server();
    let driver = Driver::start();
    let browser = driver.browser(PHONE.0, PHONE.1);
    let page = RelayPage::new(&browser);
    browser.goto(&format!("{}relay", server.url()));
    browser.script("localStorage.setItem('marubatsu.lang', 'en');", &[]);
    browser.refresh();
    page.wait_phase("setup");

    // Setup: three names typed, one round of 10-second talks.
    assert_eq!(page.texts("#names input").len(), 3);
    for (i, name) in ["Aki", "Ben", "Cho"].iter().enumerate() {
        page.type_into(&format!("#names li:nth-child({}) input", i + 1), name);
    }
    browser.script(
        "document.querySelector('#rounds').value = '1'; document.querySelector('#talk-seconds').value = '10';",
        &[],
    );
    page.start();
    page.wait_phase("topicReveal");
    let topic = browser.text("#reveal .relay-topic");
    assert!(!topic.is_empty(), "a topic is revealed");
    assert_eq!(browser.text("#reveal .relay-round"), "Round 1 of 1");

    page.begin_talk();
    page.wait_phase("talk");
    let order = page.order();
    let mut sorted = order.clone();
    sorted.sort();
    assert_eq!(sorted, ["Aki", "Ben", "Cho"], "the order has everyone once");
    assert_eq!(page.speaker_line(), format!("{} is explaining", order[0]));
    assert_eq!(browser.text("#talk .relay-topic"), topic);
    let deadline = page.deadline();
    assert!(page.remaining_ms() > 8_000, "a fresh 10-second talk");

    // Reload 1.5 s into the talk: same speaker, same deadline, and about 8.5 s left — not 10 again.
    std::thread::sleep(Duration::from_millis(1_500));
    browser.refresh();
    page.wait_phase("talk");
    assert_eq!(page.speaker_line(), format!("{} is explaining", order[0]));
    assert_eq!(page.order(), order);
    assert_eq!(page.deadline(), deadline);
    let left = page.remaining_ms();
    assert!((4_000..=8_600).contains(&left), "{left} ms left after the reload");
    let shown = page.countdown();
    assert!(
        ["0:05", "0:06", "0:07", "0:08", "0:09"].contains(&shown.as_str()),
        "countdown shows {shown}"
    );
    assert_eq!(page.saved_state()["turn"], 0);
    browser.assert_no_console_errors();
    std::fs::write(screenshot_dir().join("relay-talk-phone.png"), browser.screenshot())
        .unwrap_or_else(|err| panic!("{err}"));

    page.talk_done();
    page.wait_speaker("the second speaker", &order[1]);
    // A double tap on "done" moves on by one speaker only.
    browser.wait_for("the tap guard", "return window.Marubatsu.taps.settled();", &[]);
    browser.script(
        "const b = document.querySelector('#talk-done'); b.click(); b.click();",
        &[],
    );
    page.wait_speaker("the third speaker", &order[2]);
    std::thread::sleep(Duration::from_millis(500));
    assert_eq!(page.saved_state()["phase"], "talk");
    assert_eq!(page.saved_state()["turn"], 2);
    // The last speaker runs out of time: the countdown reaching zero moves on to the vote by itself.
    page.wait_phase("handover");

    let names = ["Aki", "Ben", "Cho"];
    for (turn, voter) in order.iter().enumerate() {
        page.wait_phase("handover");
        assert_eq!(browser.text("#pass-to"), format!("Pass the phone to {voter}"));
        browser.check_page("relay-phone-en-handover", Some("#handover"));
        assert!(!page.visible("#ballot"), "no ballot before the voter has the phone");
        page.received();
        page.wait_phase("vote");
        assert_eq!(
            browser.text("#whose-best"),
            format!("{voter}, whose explanation was the best?")
        );
        let ballot = page.texts("#ballot button");
        let expected: Vec<&str> = names.iter().copied().filter(|n| n != voter).collect();
        assert_eq!(ballot, expected, "the ballot has everyone but {voter}");
        assert!(page.disabled("#confirm"), "no vote before a pick");
        browser.tap("#ballot button:first-child");
        browser.wait_for(
            "the pick",
            "const b = document.querySelector('#ballot button:first-child');
             return b.getAttribute('aria-pressed') === 'true' && !document.querySelector('#confirm').disabled;",
            &[],
        );
        browser.check_page("relay-phone-en-ballot", Some("#vote"));
        // A double tap on "cast my vote" records one vote.
        browser.wait_for("the tap guard", "return window.Marubatsu.taps.settled();", &[]);
        browser.script(
            "const b = document.querySelector('#confirm'); b.click(); b.click();",
            &[],
        );
        if turn < 2 {
            page.wait_phase("handover");
            std::thread::sleep(Duration::from_millis(300));
            let state = page.saved_state();
            assert_eq!(
                (state["phase"].clone(), state["nextTurn"].clone()),
                (json!("handover"), json!(turn + 1))
            );
            assert_eq!(state["votes"].as_array().map(Vec::len), Some(turn + 1));
        }
    }

    // Each voted for the first name on their ballot: Aki gets Ben's and Cho's votes, Ben gets Aki's.
    page.wait_phase("roundResult");
    let rows = page.texts("#round-table tbody tr");
    assert_eq!(rows.len(), 3);
    assert_eq!(
        page.texts("#round-table tbody td"),
        ["1", "Aki", "2", "2", "2", "Ben", "1", "1", "3", "Cho", "0", "0"]
    );
    assert_eq!(browser.text("#next-round"), "See the final result");
    page.next_round();
    page.wait_phase("finalResult");
    assert_eq!(page.winners(), "Aki wins!");
    assert_eq!(
        page.texts("#final-table tbody td"),
        ["1", "Aki", "2", "2", "Ben", "1", "3", "Cho", "0"]
    );
    // The result survives a reload too; a new game starts from setup with the names kept.
    browser.refresh();
    page.wait_phase("finalResult");

    // A second tab opened on the page starts its own game; a tab that starts with a copy of this tab's game (as
    // Chrome's "duplicate tab" makes one) says that from here the two go on separately, and so does this tab.
    let copied = browser.script(
        "return ['save', 'tab'].map((k) => sessionStorage.getItem('marubatsu.relay.' + k));",
        &[],
    );
    let first = browser.new_tab();
    browser.set_viewport(PHONE.0, PHONE.1);
    browser.goto(&format!("{}relay", server.url()));
    page.wait_phase("setup");
    assert!(!page.visible("#copy-note"), "a fresh tab is no copy");
    browser.script(
        "['save', 'tab'].forEach((k, i) => sessionStorage.setItem('marubatsu.relay.' + k, arguments[i]));",
        copied.as_array().expect("two stored texts"),
    );
    browser.refresh();
    page.wait_phase("finalResult");
    browser.wait_for(
        "the copy to say so",
        "const n = document.querySelector('#copy-note'); return !n.hidden && n.dataset.copy === 'copy';",
        &[],
    );
    assert!(browser.text("#copy-note").starts_with("This tab began as a copy"));
    assert_ne!(
        browser.script("return sessionStorage.getItem('marubatsu.relay.tab');", &[]),
        copied[2],
        "the copy goes on under an id of its own"
    );
    browser.check_page("relay-phone-en-copied-tab", Some("#final-result"));
    browser.switch_to(&first);
    browser.wait_for(
        "the copied tab to say so",
        "const n = document.querySelector('#copy-note'); return !n.hidden && n.dataset.copy === 'original';",
        &[],
    );
    assert!(
        browser
            .text("#copy-note")
            .starts_with("This game was copied into another tab")
    );
    browser.tap("#restart");
    page.wait_phase("setup");
    let names_kept = browser.script(
        "return Array.from(document.querySelectorAll('#names input')).map((i) => i.value);",
        &[],
    );
    assert_eq!(names_kept, json!(["Aki", "Ben", "Cho"]));
    browser.assert_no_console_errors();
}

#[test]
fn relay_setup_says_why_a_start_is_refused_and_abandon_asks_first() {
    let _browser = browser_slot();
    let server = server();
    let driver = Driver::start();
    let browser = driver.browser(PHONE.0, PHONE.1);
    let page = RelayPage::new(&browser);
    browser.goto(&format!("{}relay", server.url()));
    browser.script("localStorage.setItem('marubatsu.lang', 'en');", &[]);
    browser.refresh();
    page.wait_phase("setup");
    page.type_into("#names li:nth-child(1) input", "Aki");
    page.type_into("#names li:nth-child(2) input", "Ben");
    page.type_into("#names li:nth-child(3) input", "Aki");
    page.start();
    page.wait_setup_refusal();
    assert_eq!(
        page.setup_message(),
        "Player 3 (\"Aki\") reads the same as player 1 (\"Aki\"): give them different names."
    );
    assert_eq!(page.saved_state()["phase"], "setup");

    page.remove_player();
    assert_eq!(page.texts("#names input").len(), 3, "never fewer than three seats");
    page.add_player();
    page.type_into("#names li:nth-child(4) input", "Dan");
    browser.script(
        "document.querySelector('#names li:nth-child(3) input').value = 'Cho';",
        &[],
    );
    page.start();
    page.wait_phase("topicReveal");
    assert_eq!(page.saved_state()["players"], json!(["Aki", "Ben", "Cho", "Dan"]));

    // Abandon asks first; "keep playing" keeps the game.
    page.abandon();
    assert!(page.visible("#abandon-yes"));
    page.answer_abandon(false);
    assert_eq!(page.saved_state()["phase"], "topicReveal");
    page.abandon();
    page.answer_abandon(true);
    page.wait_phase("setup");

    // A save broken by hand is refused on reload: the page says so and starts afresh.
    browser.script(
        "sessionStorage.setItem('marubatsu.relay.save',
           '{\"version\":1,\"state\":{\"phase\":\"finalResult\",\"rounds\":1,\"players\":[\"A\",\"B\"],\"scores\":[1,1]}}');",
        &[],
    );
    browser.refresh();
    page.wait_phase("setup");
    assert_eq!(
        browser.text("#restore-note"),
        "The saved game could not be restored, so a new one starts."
    );
    browser.assert_no_console_errors();
}

/// Controls drawn within the double-tap window show that they are not active yet, and a tap after it counts on
/// whichever control: the topic screen's controls after "start", and "yes, abandon it" where "abandon" was, are
/// held (`aria-disabled`, fading in) for what is left of the window, a tap on "yes" then abandons nothing, and the
/// page passes its check meanwhile; once the window is over none is held, and "yes" — another control than the
/// last — counts. In both languages, on a phone.
#[test]
fn relay_controls_drawn_within_the_double_tap_window_show_they_are_not_active_yet() {
    let _browser = browser_slot();
    let server = server();
    let driver = Driver::start();
    let browser = driver.browser(PHONE.0, PHONE.1);
    let page = RelayPage::new(&browser);
    let released = "return window.Marubatsu.taps.settled()
         && document.querySelectorAll('[data-tap-held], #relay [aria-disabled]').length === 0;";
    let held = |b: &str| {
        format!(
            "({b}).getAttribute('aria-disabled') === 'true' && ({b}).hasAttribute('data-tap-held')
               && getComputedStyle({b}).animationName === 'relay-tap-held'"
        )
    };
    for lang in ["en", "ja"] {
        let tag = format!("relay-phone-{lang}-held");
        // The topic comes within the window of "start": its controls are held. A loaded machine can draw it only
        // once the window is over (the reading then says settled, and tests nothing): the start is then redone
        // from a fresh setup, up to three times in all.
        let mut tries = 0;
        let topic = loop {
            tries += 1;
            page.fresh_setup(&server.url(), lang, PHONE);
            page.set_table(&["Aki", "千尋", "Cho"], 1, 30);
            page.start();
            let topic = browser.wait_for(
                "the topic screen",
                &format!(
                    "const r = document.querySelector('#relay');
                     if (r.dataset.phase !== 'topicReveal' || r.dataset.busy === 'true') return null;
                     const b = document.querySelector('#begin-talk');
                     return [{}, window.Marubatsu.taps.settled()];",
                    held("b")
                ),
                &[],
            );
            if topic[1] == json!(false) || tries == 3 {
                break topic;
            }
        };
        assert_eq!(topic, json!([true, false]), "{tag}: [begin held, settled]");
        browser.check_page(&format!("{tag}-topic"), Some("#begin-talk"));
        browser.wait_for("the controls to be active", released, &[]);

        // "Abandon", then at once "yes, abandon it", which stands where the finger was: held, and not taken.
        let asked = browser.script(
            &format!(
                "document.querySelector('#abandon').click();
                 const yes = document.querySelector('#abandon-yes');
                 const seen = [{}, parseInt(yes.style.getPropertyValue('--tap-held-ms'), 10),
                               window.Marubatsu.taps.settled()];
                 yes.click();
                 return seen;",
                held("yes")
            ),
            &[],
        );
        assert_eq!([&asked[0], &asked[2]], [&json!(true), &json!(false)], "{tag}: {asked}");
        assert!(
            (800..=1000).contains(&asked[1].as_u64().unwrap_or(0)),
            "{tag}: held for {} ms",
            asked[1]
        );
        browser.check_page(&format!("{tag}-abandon"), None);
        browser.wait_for("the question to be active", released, &[]);
        assert_eq!(
            page.saved_state()["phase"],
            "topicReveal",
            "{tag}: abandoned within the window"
        );
        // Over the window, "yes" — another control than "abandon" — counts.
        page.answer_abandon(true);
        page.wait_phase("setup");
    }
    browser.assert_no_console_errors();
}

/// Plays a 4-player, 2-round game in `lang` at `size` to the final result with the page's own buttons, the page
/// check after every step; the second round's topic is never the first's.
fn play_to_the_end(browser: &Browser<'_>, url: &str, lang: &str, size: (u32, u32)) {
    let page = RelayPage::new(browser);
    let tag = format!("relay-{}-{lang}", if size.0 < 500 { "phone" } else { "desktop" });
    page.fresh_setup(url, lang, size);
    page.add_player();
    page.set_table(&["Aki", "Ben", "千尋", "Dai"], 2, 10);
    browser.check_page(&format!("{tag}-setup"), Some("#setup"));
    page.start();
    let mut topics = Vec::new();
    for _round in 0..2 {
        page.settled("topicReveal");
        browser.check_page(&format!("{tag}-topic"), Some("#reveal"));
        let topic = browser.text("#reveal [data-field=\"topic\"]");
        assert!(
            !topic.is_empty() && !topics.contains(&topic),
            "{tag}: a new topic, not one of {topics:?}"
        );
        topics.push(topic);
        page.begin_talk();
        for _ in 0..4 {
            page.settled("talk");
            browser.check_page(&format!("{tag}-talk"), Some("#talk .actions"));
            page.talk_done();
            page.wait_not_busy("the next speaker or the vote");
        }
        for voter in 0..4 {
            page.settled("handover");
            browser.check_page(&format!("{tag}-handover"), Some("#handover"));
            page.received();
            page.settled("vote");
            let pick = if voter == 0 { 2 } else { 1 };
            page.pick(pick);
            page.wait_picked();
            // The picked name must not look like the button that casts the vote.
            let alike = page.pick_looks_like_cast();
            assert_eq!(alike, false, "{tag}: the pick looks like the cast button");
            browser.check_page(&format!("{tag}-ballot"), Some("#vote"));
            page.confirm_vote();
        }
        page.settled("roundResult");
        browser.check_page(&format!("{tag}-round"), Some("#round-result"));
        page.next_round();
    }
    page.settled("finalResult");
    assert!(!page.visible("#abandon"), "{tag}: no abandon on the final screen");
    browser.check_page(&format!("{tag}-end"), Some("#final-result"));
    browser.assert_no_console_errors();
}

// One test for each language and size, so that the four games run side by side.
#[test]
fn relay_is_played_to_its_end_in_english_on_a_phone() {
    played_to_its_end("en", PHONE);
}

#[test]
fn relay_is_played_to_its_end_in_japanese_on_a_phone() {
    played_to_its_end("ja", PHONE);
}

#[test]
fn relay_is_played_to_its_end_in_japanese_on_a_desktop() {
    played_to_its_end("ja", DESKTOP);
}

#[test]
fn relay_is_played_to_its_end_in_english_on_a_desktop() {
    played_to_its_end("en", DESKTOP);
}

/// [`play_to_the_end`] on a fresh server and browser; the winners are said in `lang`.
fn played_to_its_end(lang: &str, size: (u32, u32)) {
    let _browser = browser_slot();
    let server = server();
    let driver = Driver::start();
    let browser = driver.browser(DESKTOP.0, DESKTOP.1);
    let page = RelayPage::new(&browser);
    play_to_the_end(&browser, &server.url(), lang, size);
    let said = page.winners();
    assert!(
        said.contains(if lang == "ja" { "優勝" } else { "win" }),
        "{lang}: {said}"
    );
    if lang == "ja" {
        assert_eq!(browser.text("#final-result h2"), "最終結果");
    }
}

/// Plays a 3-player game of `rounds` rounds in `lang` at `size`, tapping every control that moves the game on
/// twice, `gap` apart, at the point where the first tap landed; after each double tap the game is where one tap
/// takes it: every speaker speaks, every voter votes for the name they picked themselves, every round is scored.
fn double_tap_through_a_game(browser: &Browser<'_>, url: &str, lang: &str, size: (u32, u32), gap: u64, rounds: u8) {
    let page = RelayPage::new(browser);
    let touch = size.0 < 500;
    let tag = format!("{lang} {} {gap} ms", if touch { "phone" } else { "desktop" });
    let gap = Duration::from_millis(gap);
    // Each double tap is judged only when its second tap landed inside the guard (the page's clock may round a
    // little, and a loaded machine stretches the gap); stretched ones are undone and redone, as
    // `Browser::double_tap_inside` says.
    let double_tap_then = |selector: &str, again: &dyn Fn()| {
        browser
            .double_tap_inside(selector, gap, touch, again)
            .unwrap_or_else(|why| panic!("{tag}: {why}"));
    };
    let double_tap = |selector: &str| double_tap_then(selector, &|| {});
    // The names typed are not kept by the tab: a start that is redone types them again.
    let type_the_table = || page.set_table(&["Aki", "千尋", "Cho"], u32::from(rounds), 60);
    page.fresh_setup(url, lang, size);
    type_the_table();
    double_tap_then("#start", &|| {
        page.settled("setup");
        type_the_table();
    });
    page.after_double_tap();
    assert_eq!(
        page.phase_and("round"),
        (json!("topicReveal"), json!(0)),
        "{tag}: start"
    );
    let mut scores = [0_u64; 3];
    for round in 0..rounds {
        let mut round_votes = [0_u64; 3];
        assert_eq!(page.phase_and("round"), (json!("topicReveal"), json!(round)), "{tag}");
        double_tap("#begin-talk");
        page.after_double_tap();
        assert_eq!(
            page.phase_and("turn"),
            (json!("talk"), json!(0)),
            "{tag}: the talk begins"
        );
        for turn in 0..3 {
            double_tap("#talk-done");
            page.after_double_tap();
            if turn < 2 {
                assert_eq!(
                    page.phase_and("turn"),
                    (json!("talk"), json!(turn + 1)),
                    "{tag}: speaker {} ended, the next one speaks",
                    turn + 1
                );
            } else {
                assert_eq!(page.phase_and("nextTurn"), (json!("handover"), json!(0)), "{tag}");
            }
        }
        let order: Vec<usize> =
            serde_json::from_value(page.saved_state()["order"].clone()).unwrap_or_else(|err| panic!("{tag}: {err}"));
        for (turn, &voter) in order.iter().enumerate() {
            double_tap("#received");
            page.after_double_tap();
            let state = page.saved_state();
            assert_eq!(
                (&state["phase"], &state["turn"], &state["selected"]),
                (&json!("vote"), &json!(turn), &Value::Null),
                "{tag}: voter {} has the ballot and nobody is picked for them",
                turn + 1
            );
            assert_eq!(
                browser.script(
                    "return [document.querySelectorAll('#ballot [aria-pressed=\"true\"]').length,
                             document.querySelector('#confirm').disabled];",
                    &[]
                ),
                json!([0, true]),
                "{tag}: the ballot shows no pick"
            );
            // Each votes for the last name on their ballot (seat order, themselves left out).
            let pick = (0..3).rev().find(|&seat| seat != voter).unwrap_or_default();
            browser.tap("#ballot button:last-child");
            page.wait_picked();
            double_tap("#confirm");
            page.after_double_tap();
            let state = page.saved_state();
            let votes: Vec<usize> = serde_json::from_value(state["votes"].clone()).unwrap_or_default();
            if turn < 2 {
                assert_eq!(
                    (&state["phase"], &state["nextTurn"]),
                    (&json!("handover"), &json!(turn + 1)),
                    "{tag}: one vote cast"
                );
                assert_eq!(votes.last(), Some(&pick), "{tag}: {state}");
                assert_eq!(votes.len(), turn + 1, "{tag}: {state}");
            }
            round_votes[pick] += 1;
            scores[pick] += 1;
        }
        page.settled("roundResult");
        let state = page.saved_state();
        assert_eq!(
            (&state["roundVotes"], &state["scores"]),
            (&json!(round_votes), &json!(scores)),
            "{tag}: every vote counted"
        );
        double_tap("#next-round");
        page.after_double_tap();
        if round + 1 < rounds {
            assert_eq!(
                page.phase_and("round"),
                (json!("topicReveal"), json!(round + 1)),
                "{tag}"
            );
        }
    }
    let state = page.saved_state();
    assert_eq!(
        (&state["phase"], &state["scores"]),
        (&json!("finalResult"), &json!(scores)),
        "{tag}: the final result stays on screen"
    );
    assert!(page.visible("#final-result"), "{tag}");
    browser.assert_no_console_errors();
}

/// The double tap (150–230 ms apart) and a faster and a slower one, on a phone's touchscreen.
#[test]
fn relay_a_double_tap_on_a_phone_skips_nobody_in_japanese() {
    double_tap_through_games("ja", PHONE);
}

#[test]
fn relay_a_double_tap_on_a_phone_skips_nobody_in_english() {
    double_tap_through_games("en", PHONE);
}

/// The same with a mouse on a desktop window.
#[test]
fn relay_a_double_click_on_a_desktop_skips_nobody_in_english() {
    double_tap_through_games("en", DESKTOP);
}

#[test]
fn relay_a_double_click_on_a_desktop_skips_nobody_in_japanese() {
    double_tap_through_games("ja", DESKTOP);
}

/// [`double_tap_through_a_game`] in `lang` at `size` with taps 50, 150 and 250 ms apart, on a fresh server and
/// browser: one test for each language and device, so that they run side by side.
fn double_tap_through_games(lang: &str, size: (u32, u32)) {
    let _browser = browser_slot();
    let server = server();
    let driver = Driver::start();
    let browser = driver.browser(size.0, size.1);
    let url = server.url();
    for (gap, rounds) in [(50, 1), (150, 2), (250, 1)] {
        double_tap_through_a_game(&browser, &url, lang, size, gap, rounds);
    }
}

const OWN: [&str; 2] = ["Why owls stay up all night", "冷めたお茶の行き先"];

/// The table types two topics of its own: the game's first topic is one of them, "another topic" brings the
/// other and then is used up for the round, and a new game of the evening finds the topics still typed.
#[test]
fn relay_own_topics_come_first_and_one_redraw_a_round_in_both_languages_at_both_sizes() {
    let _browser = browser_slot();
    let server = server();
    let driver = Driver::start();
    let browser = driver.browser(DESKTOP.0, DESKTOP.1);
    let page = RelayPage::new(&browser);
    let url = server.url();
    for (lang, size) in [("en", PHONE), ("ja", PHONE), ("ja", DESKTOP), ("en", DESKTOP)] {
        let tag = format!("relay-{}-{lang}", if size.0 < 500 { "phone" } else { "desktop" });
        page.fresh_setup(&url, lang, size);
        page.set_table(&["Aki", "千尋", "Cho"], 1, 30);
        // A topic too long to show is refused in the setup's words, and the game does not start.
        browser.script(
            "document.querySelector('#own-topics').value = 'Tea\\n' + 'あ'.repeat(81);",
            &[],
        );
        page.start();
        page.wait_setup_refusal();
        let refused = if lang == "en" {
            "Your topic 2 is 81 characters long: shorten it to 80 at most."
        } else {
            "自分たちのお題の2つ目は81文字あります。80文字までにしてください。"
        };
        assert_eq!(page.setup_message(), refused, "{tag}");
        assert_eq!(page.saved_state()["phase"], "setup", "{tag}");
        browser.check_page(&format!("{tag}-own-topics-refused"), Some("#setup .actions"));
        browser.script("document.querySelector('#own-topics').value = '';", &[]);
        // Typed with a blank line and spaces, as people type.
        page.type_into("#own-topics", &format!(" {} \n\n{}", OWN[0], OWN[1]));
        browser.check_page(&format!("{tag}-own-topics"), Some("#setup .actions"));
        page.start();
        page.settled("topicReveal");
        let first = browser.text("#reveal [data-field=\"topic\"]");
        assert!(
            OWN.contains(&first.as_str()),
            "{tag}: the first topic {first:?} is the table's"
        );
        assert!(!page.disabled("#redraw"), "{tag}: another topic may be drawn");
        browser.check_page(&format!("{tag}-reveal-redraw"), Some("#reveal .actions"));

        // A double tap on "another topic" redraws once.
        let touch = size.0 < 500;
        browser.double_tap("#redraw", Duration::from_millis(150), touch);
        page.after_double_tap();
        let state = page.saved_state();
        assert_eq!(
            (&state["redrawn"], &state["usedTopics"]),
            (&json!(true), &json!([first])),
            "{tag}"
        );
        let second = browser.text("#reveal [data-field=\"topic\"]");
        assert!(OWN.contains(&second.as_str()) && second != first, "{tag}: {second:?}");
        assert!(page.disabled("#redraw"), "{tag}: one redraw a round");
        let note = browser.text("#redraw-note");
        let said = if lang == "en" {
            "one redraw a round"
        } else {
            "1ラウンドに1回"
        };
        assert!(note.contains(said), "{tag}: {note}");
        browser.check_page(&format!("{tag}-reveal-redrawn"), Some("#reveal .actions"));

        // The evening goes on: a new game starts with the same topics typed, and draws from them again.
        page.abandon();
        page.answer_abandon(true);
        page.settled("setup");
        let kept = page.own_topics();
        let kept = kept.as_str().unwrap_or_default();
        assert!(OWN.iter().all(|t| kept.contains(t)), "{tag}: {kept:?}");
        browser.refresh();
        page.settled("setup");
        page.set_table(&["Aki", "千尋", "Cho"], 1, 30);
        page.start();
        page.settled("topicReveal");
        let again = browser.text("#reveal [data-field=\"topic\"]");
        assert!(OWN.contains(&again.as_str()), "{tag}: after a reload, {again:?}");
        browser.assert_no_console_errors();
    }
}

/// The talk's clock stops on "pause": the time left stays, a reload keeps it paused, the speaker cannot be
/// ended, and "resume" gives the time back with the deadline moved on by the pause.
#[test]
fn relay_a_paused_talk_stays_paused_through_a_reload_in_both_languages_at_both_sizes() {
    let _browser = browser_slot();
    let server = server();
    let driver = Driver::start();
    let browser = driver.browser(PHONE.0, PHONE.1);
    let page = RelayPage::new(&browser);
    let url = server.url();
    for (lang, size) in [("ja", PHONE), ("en", PHONE), ("en", DESKTOP), ("ja", DESKTOP)] {
        let tag = format!("relay-{}-{lang}", if size.0 < 500 { "phone" } else { "desktop" });
        page.fresh_setup(&url, lang, size);
        page.set_table(&["Aki", "千尋", "Cho"], 1, 60);
        page.start();
        page.settled("topicReveal");
        page.begin_talk();
        page.settled("talk");
        let deadline = page.saved_state()["deadline"].as_u64().unwrap_or_default();
        page.pause();
        page.wait_paused(true);
        let paused_at = page.saved_state()["pausedAt"].as_u64().unwrap_or_default();
        assert!(paused_at > 0, "{tag}: the save says when the clock stopped");
        let left = page.remaining_ms();
        let shown = page.countdown();
        assert_eq!(left, deadline - paused_at, "{tag}");
        assert!(page.disabled("#talk-done"), "{tag}: nobody's turn ends while paused");
        let resume = if lang == "en" { "Resume" } else { "再開" };
        assert_eq!(browser.text("#pause"), resume, "{tag}");
        assert!(page.visible("#paused-note"), "{tag}");
        browser.check_page(&format!("{tag}-talk-paused"), Some("#talk .actions"));

        // The clock does not run while paused, nor after a reload.
        std::thread::sleep(Duration::from_millis(1_500));
        assert_eq!((page.remaining_ms(), page.countdown()), (left, shown.clone()), "{tag}");
        browser.refresh();
        page.settled("talk");
        assert_eq!(page.paused(), json!("true"), "{tag}: still paused after the reload");
        assert_eq!((page.remaining_ms(), page.countdown()), (left, shown), "{tag}");

        let resumed_from = page.saved_state()["pausedAt"].as_u64().unwrap_or_default();
        page.pause();
        page.wait_paused(false);
        let state = page.saved_state();
        let moved = state["deadline"].as_u64().unwrap_or_default() - deadline;
        assert!(state.get("pausedAt").is_none(), "{tag}: {state}");
        assert!(moved >= 1_500, "{tag}: the deadline moved on by the pause ({moved} ms)");
        assert_eq!(resumed_from, paused_at, "{tag}");
        let pause = if lang == "en" { "Pause" } else { "一時停止" };
        assert_eq!(browser.text("#pause"), pause, "{tag}");
        browser.wait_for(
            "the clock to run again",
            "return Number(document.querySelector('#countdown').dataset.remainingMs) < arguments[0] - 300;",
            &[json!(left)],
        );
        assert!(!page.visible("#paused-note"), "{tag}");
        browser.check_page(&format!("{tag}-talk-resumed"), Some("#talk .actions"));
        browser.assert_no_console_errors();
    }
}

//! The quantum werewolf page in a headless Chromium, driven over WebDriver, as a table of friends would use it:
//! games played to their end in English and Japanese, at phone (390×844) and desktop (1280×860) size, with the
//! page check (overflow, overlaps, touch targets, the current decision on screen, axe-core) after every step;
//! decisions made by touching a player's card and then one of that player's options; the vote collected voter
//! by voter and resumed after a reload; a double tap and a stale submit answered in plain words; the setup's name
//! boxes inside their panel at every desktop width. One browser for the whole file; the sizes are switched with
//! Chrome's device emulation.
//! Like the other browser tests it starts the app, chromedriver and a browser, and fails (saying how to install
//! them) without Chromium and chromedriver.

use crate::support;

use marubatsu_engine::random::GOLDEN_GAMMA;
use serde_json::json;
use support::pages::werewolf::WerewolfPage;
use support::{Driver, browser_slot, server};

const PHONE: (u32, u32) = (390, 844);
const DESKTOP: (u32, u32) = (1280, 860);

/// The element holding the player's next control for the decision now pending.
fn decision_of(kind: &str) -> &'static str {
    WerewolfPage::decision_of(kind)
}

/// Waits until the decision just answered is in the log — or, for a choice that would end the game, until it has
/// warned and armed itself, when the page is checked with the warning on screen and the choice is tapped again
/// once the mis-tap window has passed.
fn sent_or_confirmed(page: &WerewolfPage<'_, '_>, before: u64, name: &str) {
    if page.wait_sent_or_armed(before) == "armed" {
        confirm_the_end(page, before, name);
    }
}

/// A choice armed to end the game: its warning is in plain words, on screen beside it, and nothing was sent; a
/// second tap after the mis-tap window ends the game.
fn confirm_the_end(page: &WerewolfPage<'_, '_>, before: u64, name: &str) {
    let browser = page.browser();
    let warning = browser.text(".ww-warning");
    assert_plain(&warning);
    assert!(
        warning.starts_with("This ends the game") || warning.starts_with("これを選ぶとゲームが終わります"),
        "{name}: {warning}"
    );
    browser.check_page(&format!("{name}-warned"), Some("[data-armed='true']"));
    // Armed, it is shown not active while a tap on it would not count (common.js, `taps.hold`).
    let held = page.armed_held_and_settled();
    assert_ne!(held[0], held[1], "{name}: [held, settled] {held}");
    assert_eq!(
        page.logged_events(),
        before,
        "{name}: the first tap on a choice that ends the game sent it"
    );
    page.settle();
    browser.click("[data-armed='true']");
    page.wait_pending("over");
}

/// After a decision, what it did is on the first screen, above the next decision: the box under the status line
/// is shown, inside the viewport as the page scrolled it, in plain words, and holds the log's lines since the
/// decision, each once. A chain of more than two lines shows its first (deciding) line alone, with the button that
/// opens the rest beside the heading, unless the table opened them.
fn last_decision_on_screen(page: &WerewolfPage<'_, '_>, name: &str) {
    if page.logged_events() == 0 {
        return;
    }
    let seen = page.last_decision();
    assert_eq!(
        [&seen[0], &seen[1], &seen[2], &seen[3]],
        [&json!(true); 4],
        "{name}: what the last decision did is not on the first screen, whole and folded: {seen}"
    );
    for line in seen[4].as_array().into_iter().flatten() {
        assert_plain(line.as_str().unwrap_or_default());
    }
}

/// At the end, what the last decision did leads with the end it brought; opened, every line shows in full with
/// nothing to scroll inside the box, and the page still passes its check; closed again, the first line alone.
fn the_end_leads_what_the_last_decision_did(page: &WerewolfPage<'_, '_>, name: &str) {
    let browser = page.browser();
    let first = page.last_decision_leads_with_the_end();
    assert_eq!(
        first,
        json!(true),
        "{name}: the end is not the first line of what the decision did"
    );
    if page.last_decision_lines() <= 2 {
        return;
    }
    browser.click("#last-toggle");
    let opened = page.last_decision_folding();
    assert_eq!(
        [&opened[0], &opened[1], &opened[3]],
        [&json!("true"), &opened[2], &json!(true)],
        "{name}: opened, every line shows and nothing scrolls: {opened}"
    );
    browser.check_page(&format!("{name}-last-opened"), Some("#last-toggle"));
    browser.click("#last-toggle");
    let closed = page.last_decision_folding();
    assert_eq!(
        [&closed[0], &closed[1]],
        [&json!("false"), &json!(1)],
        "{name}: {closed}"
    );
}

/// What no player may ever read.
fn assert_plain(text: &str) {
    for internal in [
        "Pending",
        "Verdict {",
        "Seat(",
        "Refused",
        "refused",
        "{",
        "}",
        "undefined",
    ] {
        assert!(!text.contains(internal), "{internal:?} shown to players: {text:?}");
    }
    // A key with no words (I18n shows the key itself): `werewolf.` followed by a letter.
    let key = text
        .match_indices("werewolf.")
        .any(|(at, _)| text[at + 9..].chars().next().is_some_and(char::is_alphabetic));
    assert!(!key, "an untranslated key shown to players: {text:?}");
}

/// Answers the pending decision as players would, with the page's own controls, checking the page after each
/// control: the tie-break by touching a tied player's card and their one option; a verdict or an attack by
/// touching a player's card, then one of their options; a draw with its button; a transfer by touching
/// receivers and adding cards on their cards; a vote by every voter in turn (hand-over, a touch on a card or a
/// name, confirm).
fn act(page: &WerewolfPage<'_, '_>, pick: u64, name: &str) {
    let browser = page.browser();
    page.settle();
    let kind = page.pending();
    match kind.as_str() {
        "startPlayer" | "verdict" | "attack" => {
            // Half the time the player's card is touched, half the time their name in the decision; never a player
            // every answer about whom is refused (opened, it shows only why).
            let on_cards = pick.is_multiple_of(2);
            let cards = page.answerable_players(on_cards);
            assert!(cards > 0, "no player to touch for a {kind}");
            page.touch_answerable(on_cards, pick / 3 % cards);
            browser.check_page(&format!("{name}-options"), Some(".ww-options"));
            // A refused answer is shown greyed with its reason and cannot be made: the table picks among the others.
            let options = page.options_to_choose();
            assert!((1..=6).contains(&options), "{options} options for one player");
            page.choose_option(pick / 7 % options);
        }
        "draw" => browser.tap("#choices button.primary"),
        "transfer" => transfer(page, pick, name),
        "vote" => {
            let before = page.logged_events();
            for voter in 0..16_u64 {
                if page.vote_sent(before) == true {
                    return;
                }
                // The hand-over: one button, naming the voter.
                assert_eq!(page.choice_buttons(), 1, "only the hand-over button before a ballot");
                browser.tap("#choices button.primary");
                // The second tap of a double tap on "it's me" lands on a name or a card: it picks nobody.
                let doubled = page.tap_a_name_and_a_card_at_once();
                assert_eq!(
                    doubled,
                    json!([0, true]),
                    "{name}: a double tap on \"it's me\" picked someone"
                );
                browser.check_page(&format!("{name}-ballot"), Some("#decision"));
                page.settle();
                // A hash per voter: picks that shift with the voter can tie every run-off forever.
                let hash = ((pick * 31 + voter) ^ 0x5DEE_CE66).wrapping_mul(GOLDEN_GAMMA) >> 33;
                // The voter touches a card or a name (every third voter changes their mind once first).
                let picked = page.pick_in_the_ballot(hash);
                assert_eq!(
                    picked,
                    json!([1, true, false, true, false]),
                    "{name}: one pick, the same on the cards, confirm enabled and focused, unlike the pick"
                );
                // The whole page once a vote (each check runs axe, and every voter's page is alike).
                if voter == 0 {
                    browser.check_page(&format!("{name}-picked"), Some("#choices .ww-confirm"));
                }
                browser.tap("#choices .ww-confirm");
            }
            panic!("{name}: the vote was never sent");
        }
        other => panic!("{name}: nothing to do for {other:?}"),
    }
}

/// Answers a transfer as its giver would: the only way with its one button, or else by touching a receiver's
/// card (or their name in the decision) and adding a card to give back there, until every card is placed, when
/// the hand-over button has the focus and is on screen.
fn transfer(page: &WerewolfPage<'_, '_>, pick: u64, name: &str) {
    let browser = page.browser();
    // When several debtors may hand over, every other time the table picks another than the first.
    let debtors = page.debtors();
    if debtors > 1 && pick.is_multiple_of(2) {
        choose_debtor(page, 1 + pick / 2 % (debtors - 1), name);
    }
    let before = page.logged_events();
    for round in 0..60_u64 {
        // Each press waits out the tap guard, as a player's would: a control drawn by the last press ignores a
        // press within the guard's window, and the story would then read a page the press never changed.
        page.settle();
        match page.transfer_state().as_str() {
            "only" => {
                browser.tap("#choices button.primary");
                return;
            }
            "ready" => {
                browser.check_page(&format!("{name}-transfer-ready"), Some("#choices .ww-give"));
                browser.tap("#choices .ww-give");
                // Under Version 4 the table refuses a split that no deal of the roles explains, and says why; the
                // giver then places a card elsewhere, as a player reading the reason would.
                // A hand-over that ends the game warns and arms itself first, as every such choice does.
                match page.wait_sent_or_refused(before).as_str() {
                    Some("sent") => return,
                    Some("armed") => return confirm_the_end(page, before, name),
                    _ => {}
                }
                assert_plain(&browser.text("#message"));
                assert!(page.one_card_back(), "{name}: a refused hand-over gave nobody a card");
            }
            "closed" => {
                // A receiver is opened every other round at most (closed, then open): counting by halves moves on
                // to the next receiver each time, so two receivers, one already full, are not touched in turn as
                // the same one forever.
                let touches = round / 2;
                page.touch_receiver((pick + touches).is_multiple_of(2), pick / 5 + touches);
                browser.check_page(&format!("{name}-transfer-options"), Some(".ww-options"));
                let focus = page.focused_change();
                assert!(
                    focus == "more" || focus == "less",
                    "{name}: the focus is on the receiver's first card to give back, not {focus}"
                );
            }
            "open" => {
                // One more card on this receiver, or back to the table when they can take no more.
                // The focus stays on a control (the next +, or the hand-over), so a keyboard goes on from there.
                let focus = page.one_more_card_or_back(pick + round);
                assert!(focus == "BUTTON" || focus == "DIV", "{name}: the focus went to {focus}");
            }
            other => panic!("{name}: transfer {other}"),
        }
    }
    panic!("{name}: the transfer was never handed over");
}

/// The table picks the `index`-th ready debtor to hand over first: that button is pressed, alone, the prompt names
/// them, and the page is checked.
fn choose_debtor(page: &WerewolfPage<'_, '_>, index: u64, name: &str) {
    let chosen = page.choose_debtor(index);
    assert_eq!(
        chosen,
        json!([true, true]),
        "{name}: debtor {index} chosen, pressed alone and named in the prompt"
    );
    page.browser()
        .check_page(&format!("{name}-debtors"), Some(".ww-debtors"));
}

/// Plays a game from setup to its end on the `[w, s, v]` table, checking the page after every step, and returns
/// the end screen's heading.
fn play_to_the_end(page: &WerewolfPage<'_, '_>, url: &str, lang: &str, size: (u32, u32), table: [u8; 3]) -> String {
    let browser = page.browser();
    let tag = format!("werewolf-{}-{lang}", if size.0 < 500 { "phone" } else { "desktop" });
    browser.set_viewport(size.0, size.1);
    page.open(url, lang);
    page.set_up(table, &["Aki", "Ben", "千尋", "Dai", "Emi", "Fumi", "Gen", "Hana"]);
    browser.check_page(&format!("{tag}-setup"), Some("#setup"));
    browser.click("#ww-start");
    page.wait_started();
    for step in 0..400_u64 {
        let kind = page.pending();
        if kind.is_empty() {
            page.wait_events(page.logged_events());
            continue;
        }
        if kind == "over" {
            break;
        }
        browser.check_page(&format!("{tag}-step"), Some(decision_of(&kind)));
        last_decision_on_screen(page, &tag);
        assert_plain(&browser.text("#prompt"));
        let before = page.logged_events();
        act(page, step * 2_654_435_761 % 1_000_003, &tag);
        sent_or_confirmed(page, before, &tag);
    }
    page.wait_pending("over");
    browser.check_page(&format!("{tag}-end"), Some("#outcome"));
    last_decision_on_screen(page, &tag);
    the_end_leads_what_the_last_decision_did(page, &tag);
    let text = browser.text("#outcome");
    assert_plain(&text);
    for line in page.log_lines().as_array().into_iter().flatten() {
        assert_plain(line.as_str().unwrap_or_default());
    }
    browser.assert_no_console_errors();
    browser.text("#outcome-title")
}

// One test for each language and size, so that the four games run side by side.
#[test]
fn werewolf_is_played_to_its_end_in_english_on_a_phone() {
    played_to_its_end("en", PHONE, [2, 1, 5]);
}

/// The default game (Version 4's table and rules, as the setup starts) on a phone in Japanese.
#[test]
fn werewolf_is_played_to_its_end_in_japanese_on_a_phone() {
    played_to_its_end("ja", PHONE, [3, 1, 5]);
}

#[test]
fn werewolf_is_played_to_its_end_in_japanese_on_a_desktop() {
    played_to_its_end("ja", DESKTOP, [2, 1, 5]);
}

#[test]
fn werewolf_is_played_to_its_end_in_english_on_a_desktop() {
    played_to_its_end("en", DESKTOP, [1, 1, 3]);
}

/// Plays a game of `table` (werewolves, seers, villagers) in `lang` at `size` to its end: the end's title is one
/// of the three, and the rule it names opens in the rules in brief, in words of the page's language.
fn played_to_its_end(lang: &str, size: (u32, u32), table: [u8; 3]) {
    let _browser = browser_slot();
    let server = server();
    let driver = Driver::start();
    let browser = driver.browser(DESKTOP.0, DESKTOP.1);
    let page = WerewolfPage::new(&browser);
    let url = server.url();
    let english = ["The village wins", "The werewolves win", "Paradox"];
    let japanese = ["村人陣営の勝利", "人狼陣営の勝利", "パラドックス"];
    let title = play_to_the_end(&page, &url, lang, size, table);
    let titles = if lang == "en" { english } else { japanese };
    assert!(titles.contains(&title.as_str()), "{lang}: {title}");
    if lang == "ja" {
        the_end_names_its_condition_and_the_winners_the_board_shows(&page);
    }
    // The rule is a small reference beside the sentence, never the sentence itself, named in words; a tap
    // opens it in the rules in brief, in the page's language.
    let rule = browser.text("#outcome-rule");
    assert!(
        rule.contains('R') && !browser.text("#outcome-text").contains("R1"),
        "{rule}"
    );
    let opened = page.open_the_ends_rule();
    assert_eq!(opened[0], "DT", "{lang}: the end's rule opens a rule: {opened}");
    assert_eq!(opened[1], true, "{lang}: the rule opened is on screen: {opened}");
    assert_eq!(opened[4], 11, "{lang}: the rules in brief list R1 to R11");
    let (term, text, log_rule) = (
        opened[2].as_str().unwrap_or_default(),
        opened[3].as_str().unwrap_or_default(),
        opened[5].as_str().unwrap_or_default(),
    );
    assert!(
        rule.contains(term.split(' ').nth(1).unwrap_or("?")),
        "{lang}: {rule} names {term}"
    );
    let japanese = |t: &str| t.chars().any(|c| ('\u{3040}'..='\u{9fff}').contains(&c));
    assert_eq!(
        japanese(text),
        lang == "ja",
        "{lang}: the rule's words are the page's: {text}"
    );
    assert!(
        log_rule.contains([':', '：']),
        "{lang}: the log's rule is named in words: {log_rule}"
    );
    assert_plain(text);
}

#[test]
fn a_decision_is_a_touch_on_a_player_and_the_next_one_comes_on_screen() {
    let _browser = browser_slot();
    let server = server();
    let driver = Driver::start();
    let browser = driver.browser(DESKTOP.0, DESKTOP.1);
    let page = WerewolfPage::new(&browser);
    browser.set_viewport(PHONE.0, PHONE.1);
    page.open(&server.url(), "en");
    browser.click("#ww-names li:first-child input");
    browser.keys(&["M", "i", "k", "a"]);
    browser.click("#ww-start");
    page.wait_pending("startPlayer");
    page.settle();
    assert!(browser.text("#prompt").contains("rock-paper-scissors"));
    assert_eq!(browser.text(".ww-player:first-child .ww-name-text"), "Mika");
    // At Version 3's table every hand is 3W 1S 5V: three bar segments of a third, a ninth and five ninths.
    let widths = page.first_players_bar_widths();
    assert_eq!(widths, json!(["33.3333%", "11.1111%", "55.5556%"]));
    // The winner of rock-paper-scissors is touched: their card opens with its one option.
    page.touch_player(2);
    browser.check_page("werewolf-touch-tiebreak", Some(".ww-options"));
    browser.click(".ww-options button.ww-option");
    page.wait_pending("verdict");
    page.settle();
    let seer = browser.text(".ww-player[data-turn='true'] .ww-name-text");
    assert!(browser.text("#prompt").starts_with(&seer), "{seer} is asked");
    // The seer's choice: touch a player far down the table, then pick among that player's few options.
    page.touch_last_player();
    browser.check_page("werewolf-phone-en-verdict-options", Some(".ww-options"));
    let labels = page.option_labels();
    let labels: Vec<String> = serde_json::from_value(labels).unwrap_or_default();
    assert!(
        (2..=4).contains(&labels.len()),
        "a few options, not a flat list: {labels:?}"
    );
    assert!(labels.iter().any(|l| l.starts_with("Black")) && labels.iter().any(|l| l.starts_with("White")));
    // Focus went to the first option; after choosing, the next decision is on screen and announced.
    assert_eq!(page.focus_on_an_option(), true);
    page.click_the_focused();
    page.wait_events(2);
    let kind = page.pending();
    browser.check_page("werewolf-phone-en-after-verdict", Some(decision_of(&kind)));
    let announced = browser.text("#ww-announce");
    assert!(announced.starts_with("Round 1"), "{announced}");
    assert_eq!(page.focused_id(), "decision");

    // A reload rebuilds the game from the tab's log, in the language now chosen.
    page.switch_language();
    page.wait_prompt_in_japanese();
    browser.refresh();
    page.wait_reloaded();
    assert_eq!(page.logged_events(), 2);
    assert!(browser.text("#log").contains("占い"), "the log in Japanese");
    browser.check_page("werewolf-phone-ja-reloaded", Some(decision_of(&page.pending())));

    // How to play, in the page's language, with the worked cascade.
    browser.click(".ww-howto-link");
    let howto = browser.text("#how-to-play [data-howto='ja']");
    assert!(howto.contains("連鎖") && howto.contains("パラドックス") && howto.contains("確定"));
    assert_eq!(page.howto_hidden("en"), true);
    browser.check_page("werewolf-phone-ja-how-to-play", None);
    browser.assert_no_console_errors();
}

#[test]
fn a_double_tap_or_a_stale_submit_never_shows_an_internal_message() {
    let _browser = browser_slot();
    let server = server();
    let driver = Driver::start();
    let browser = driver.browser(DESKTOP.0, DESKTOP.1);
    let page = WerewolfPage::new(&browser);
    browser.set_viewport(DESKTOP.0, DESKTOP.1);
    page.open(&server.url(), "en");
    browser.click("#ww-start");
    page.wait_pending("startPlayer");
    page.settle();
    // A double tap on the winner: two clicks before any answer; one event is sent.
    page.touch_player(5);
    page.click_first_option_twice();
    page.wait_pending("verdict");
    assert_eq!(page.logged_events(), 1);
    page.settle();
    // A stale submit: an option of a decision that is over (kept from before the redraw, as a second device or a
    // slow tap would send it) is answered in plain words, and the current decision stays on screen.
    page.choose_first_option_and_keep_it();
    page.wait_events(2);
    let kind = page.pending();
    // Slow enough not to be taken for a double tap's second.
    page.settle();
    page.tap_the_kept_option();
    page.wait_message();
    let message = browser.text("#message");
    assert_eq!(message, "That was already decided. Here is what the table decides now.");
    assert_plain(&message);
    assert_eq!(page.logged_events(), 2);
    assert_eq!(page.pending(), kind);
    browser.check_page("werewolf-desktop-en-stale", Some(decision_of(&kind)));

    // A dead server is said as such, and nothing is queued to be sent later.
    browser.execute_cdp("Network.enable", json!({}));
    browser.execute_cdp(
        "Network.emulateNetworkConditions",
        json!({"offline": true, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}),
    );
    let kind_now = page.pending();
    page.settle();
    if kind_now == "verdict" || kind_now == "attack" {
        page.choose_first_players_first_option();
    } else {
        page.tap_first_choice();
    }
    page.wait_unreachable_said();
    browser.execute_cdp(
        "Network.emulateNetworkConditions",
        json!({"offline": false, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}),
    );
    std::thread::sleep(std::time::Duration::from_millis(500));
    assert_eq!(page.logged_events(), 2, "nothing was sent behind the player's back");

    // A reload while the server does not answer keeps the tab's game and offers to try again.
    browser.execute_cdp("Network.setBlockedURLs", json!({"urls": ["*/api/werewolf/*"]}));
    browser.refresh();
    page.wait_unreachable_after_reload();
    let note = browser.text("#log-note");
    assert!(
        note.contains("cannot be reached") && note.ends_with("Try again"),
        "{note}"
    );
    browser.check_page("werewolf-desktop-en-unreachable", Some("#log-note"));
    browser.execute_cdp("Network.setBlockedURLs", json!({"urls": []}));
    browser.click("#log-note button");
    page.wait_pending(&kind);
    assert_eq!(page.logged_events(), 2, "the game came back");

    // A second tab opened on the page starts its own game; a tab that starts with a copy of this tab's game (as
    // Chrome's "duplicate tab" makes one) says that from here the two go on separately, and so does this tab.
    let copied = page.tab_storage();
    let first = browser.new_tab();
    browser.set_viewport(DESKTOP.0, DESKTOP.1);
    browser.goto(&format!("{}werewolf", server.url()));
    page.wait_pending("setup");
    assert!(page.copy_note_hidden() == true);
    page.set_tab_storage(&copied[0], &copied[1]);
    browser.refresh();
    page.wait_pending(&kind);
    page.wait_copy_note("the copy to say so", "copy");
    let note = browser.text("#ww-copy-note");
    assert!(note.starts_with("This tab began as a copy"), "{note}");
    assert_plain(&note);
    let renamed = page.tab_id();
    assert_ne!(renamed, copied[1], "the copy goes on under an id of its own");
    browser.check_page("werewolf-desktop-en-copied-tab", Some(decision_of(&kind)));
    browser.switch_to(&first);
    page.wait_copy_note("the copied tab to say so", "original");
    assert!(
        browser
            .text("#ww-copy-note")
            .starts_with("This game was copied into another tab")
    );
}

#[test]
fn the_setup_name_boxes_stay_inside_their_panel_at_every_desktop_width() {
    let _browser = browser_slot();
    let server = server();
    let driver = Driver::start();
    let browser = driver.browser(DESKTOP.0, DESKTOP.1);
    let page = WerewolfPage::new(&browser);
    page.open(&server.url(), "en");
    for width in (760..=1280).step_by(40) {
        browser.set_viewport(width, 860);
        let problems = page.name_box_problems();
        assert_eq!(
            problems,
            json!([9, 0, 0]),
            "at {width} px: [boxes, outside the panel, overlapping]"
        );
    }
    browser.set_viewport(DESKTOP.0, DESKTOP.1);
    browser.check_page("werewolf-desktop-en-setup", Some("#setup"));
}

#[test]
fn the_setup_warns_chooses_the_rules_and_refuses_in_japanese_and_the_board_says_impossible() {
    let _browser = browser_slot();
    let server = server();
    let driver = Driver::start();
    let browser = driver.browser(PHONE.0, PHONE.1);
    let page = WerewolfPage::new(&browser);
    page.open(&server.url(), "ja");
    let set = |table: [u8; 3]| page.set_table_and_read_warning(table);
    let three = set([1, 1, 1]);
    assert!(
        three
            .as_str()
            .is_some_and(|t| t.starts_with("3人では") && t.ends_with('。')),
        "{three}"
    );
    page.scroll_to_the_rules();
    browser.check_page("werewolf-phone-ja-warning", Some("#ww-rules"));
    let sixteen = set([3, 2, 11]);
    assert!(
        sixteen.as_str().is_some_and(|t| t.starts_with("16人のゲームは")),
        "{sixteen}"
    );
    assert_eq!(set([2, 1, 5]), json!(""), "no warning for 8");
    // A player count the workbench never measured is said plainly, with the counts it did.
    let five = set([1, 1, 3]);
    assert!(
        five.as_str()
            .is_some_and(|t| t.starts_with("5人の卓はまだ測っていません") && t.contains("8、9、10人")),
        "{five}"
    );
    // Version 4 is the setup's choice unless the table picks Version 3 or 2, and what the tab keeps and replays.
    set([2, 1, 5]);
    assert_eq!(page.rules_chosen(), json!("v4"), "Version 4 is the default");
    // How to play teaches the rules chosen: Version 2's every seer-card holder and half of the living, then
    // Version 3's one player with the most seer cards and a third — the rules in brief as well.
    let (v2, v2_brief) = page.choose_rules_and_read_howto("v2");
    assert!(
        v2.contains("本のルールのバージョン2で遊びます")
            && v2.contains("占い師カードを持つ生存者が")
            && v2.contains("生存者の半分以上")
            && !v2.contains("3分の1"),
        "{v2}"
    );
    assert!(
        v2_brief.contains("半分以上") && !v2_brief.contains("バージョン3"),
        "{v2_brief}"
    );
    let (v3, v3_brief) = page.choose_rules_and_read_howto("v3");
    assert!(
        v3.contains("バージョン3で遊びます")
            && v3.contains("占い師カードをいちばん多く持つ人が")
            && v3.contains("最初の手番の襲撃は、相手をすぐに殺します")
            && v3.contains("生存者の3分の1以上")
            && !v3.contains("半分以上"),
        "{v3}"
    );
    assert!(v3_brief.contains("3分の1以上"), "{v3_brief}");
    let help = page.choose_version_3_and_read_help();
    assert!(help.as_str().is_some_and(|t| t.starts_with("バージョン3：")), "{help}");
    browser.click("#ww-start");
    page.wait_pending("startPlayer");
    let kept = page.kept_options();
    assert_eq!(kept, json!("v3"));
    // The game in play keeps its rules' how-to.
    let playing = browser.text("#how-to-play [data-howto='ja']");
    assert!(playing.contains("バージョン3で遊びます"), "{playing}");
    // The start player, then a mark that takes the target's only seer card: that target cannot be the seer.
    for pick in [0_u64, 7] {
        let before = page.logged_events();
        act(&page, pick, "werewolf-phone-ja-v3");
        page.wait_events(before + 1);
    }
    let board = browser.text("#players");
    assert!(board.contains("占い師0枚（不可能）"), "{board}");
    browser.check_page("werewolf-phone-ja-impossible", Some(".ww-players"));
    browser.assert_no_console_errors();
    // Last, as Chromium logs the refusal's 400 as an error.
    page.open(&server.url(), "ja");
    // Seventeen players: the engine's refusal in the page's Japanese words.
    set([4, 4, 9]);
    browser.click("#ww-start");
    page.wait_setup_refusal();
    let refused = browser.text("#setup-message");
    assert!(refused.starts_with("遊べるのは3〜16人です。17人"), "{refused}");
}

/// The end screen names the condition that ended the game and its winners, and the winners are exactly the players
/// the board says won: when the werewolves win, those with the certain-werewolf badge; when the village wins, those
/// whose werewolf share is struck out (they can no longer be one); after a paradox, those with no certain role.
fn the_end_names_its_condition_and_the_winners_the_board_shows(page: &WerewolfPage<'_, '_>) {
    let read = page.read_the_end();
    let side = read["side"].as_str().unwrap_or_default();
    // The title says who won (or パラドックス), the sentence the condition that ended the game.
    let text = format!(
        "{}：{}",
        read["title"].as_str().unwrap_or_default(),
        read["text"].as_str().unwrap_or_default()
    );
    let winners = read["winners"].as_str().unwrap_or_default();
    let (condition, why, badge) = match side {
        "village" => ("人狼ではありえなくなった", "人狼ではありえなくなった全員", "noWerewolf"),
        "werewolves" => ("人狼陣営の勝ち", "人狼に確定した全員", "werewolf"),
        "paradox" => ("パラドックス", "確定していなかった全員", "certain"),
        other => panic!("the end's side is {other:?}: {read}"),
    };
    assert!(
        text.contains(condition),
        "the end does not name its condition ({condition}): {text}"
    );
    assert!(
        winners.contains(why),
        "the winners are not said with why they won ({why}): {winners}"
    );
    if side == "werewolves" {
        assert!(text.contains("3分の1以上") || text.contains("全員が死亡"), "{text}");
    }
    // The winners named: the list between 「勝者は」 and 「です。」, each name with its さん.
    let named: std::collections::BTreeSet<String> = winners
        .strip_prefix("勝者は")
        .and_then(|rest| rest.split_once("です。"))
        .map(|(list, _)| {
            list.split('、')
                .map(|n| n.trim_end_matches("さん").to_owned())
                .collect()
        })
        .unwrap_or_default();
    let shown: std::collections::BTreeSet<String> = read["cards"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|card| (card[badge] == true) != (side == "paradox"))
        .map(|card| card["name"].as_str().unwrap_or_default().to_owned())
        .collect();
    assert_eq!(
        named, shown,
        "the winners named are not the ones the board shows: {read}"
    );
}

/// Opens the page on a game the API reached (its log), as if the tab had kept it.
fn resume(page: &WerewolfPage<'_, '_>, url: &str, lang: &str, events: &serde_json::Value) {
    resume_under(page, url, lang, "v2", events);
}

/// [`resume`] under the rules `options` names.
fn resume_under(page: &WerewolfPage<'_, '_>, url: &str, lang: &str, options: &str, events: &serde_json::Value) {
    page.resume(url, lang, options, &NAMES, events);
}

const NAMES: [&str; 8] = ["Aki", "Ben", "千尋", "Dai", "Emi", "Fumi", "Gen", "Hana"];

#[test]
fn a_choice_that_ends_the_game_warns_first_and_the_table_picks_who_hands_over_first() {
    let _browser = browser_slot();
    let server = server();
    let (ending_log, ending) = support::werewolf::find_state(&server, &NAMES, 0..40, |state| {
        state["choices"]
            .as_array()
            .is_some_and(|c| c.iter().any(|c| !c["ends"].is_null()))
    })
    .expect("no game of 40 offers a choice that ends it");
    let (debt_log, debts) = support::werewolf::find_state(&server, &NAMES, 0..40, |state| {
        state["transfers"].as_array().is_some_and(|t| t.len() > 1)
    })
    .expect("no game of 40 has two debtors ready at once");
    let choice = ending["choices"]
        .as_array()
        .and_then(|c| c.iter().find(|c| !c["ends"].is_null()))
        .cloned()
        .unwrap_or_default();
    let driver = Driver::start();
    let browser = driver.browser(PHONE.0, PHONE.1);
    let page = WerewolfPage::new(&browser);
    let url = server.url();
    for (lang, size) in [("ja", PHONE), ("en", DESKTOP)] {
        let tag = format!("werewolf-ending-{lang}-{}", size.0);
        browser.set_viewport(size.0, size.1);
        resume(&page, &url, lang, &ending_log);
        // The option that would end the game stands with its warning on the player's card.
        let target = choice["target"].as_u64().unwrap_or(99);
        let open_the_card = || browser.click(&format!(".ww-player[data-seat='{target}'] button.ww-name"));
        open_the_card();
        let option = page.ending_options();
        assert_eq!(
            option[1], "ww-warning",
            "{tag}: the warning stands right after the option: {option}"
        );
        browser.check_page(&format!("{tag}-warning"), Some(".ww-options"));
        // A first tap arms it, a double tap's second does nothing, and nothing is sent.
        let before = page.logged_events();
        browser
            .double_tap_inside(
                ".ww-options button.ww-ends",
                std::time::Duration::from_millis(150),
                lang == "ja",
                &open_the_card,
            )
            .unwrap_or_else(|why| panic!("{tag}: {why}"));
        let armed = browser.text("[data-armed='true']");
        let end_words = if lang == "ja" {
            "（ゲームを終える）"
        } else {
            "and end the game"
        };
        assert!(armed.contains(end_words), "{tag}: the armed option says {armed}");
        assert_eq!(page.logged_events(), before, "{tag}: a double tap ended the game");
        confirm_the_end(&page, before, &tag);
        let side = page.outcome_side();
        assert_eq!(
            side, choice["ends"]["side"],
            "{tag}: the end warned of is the end reached"
        );

        // Several debtors: the table chooses who goes first; the chosen one hands over.
        resume(&page, &url, lang, &debt_log);
        let ready = debts["transfers"].as_array().map_or(0, Vec::len);
        let buttons = page.debtors();
        assert_eq!(json!(buttons), json!(ready), "{tag}: one button per ready debtor");
        choose_debtor(&page, 1, &tag);
        let chosen = debts["transfers"][1]["from"].clone();
        let before = page.logged_events();
        // Every other pick would choose a debtor again: an odd one keeps the choice made here.
        transfer(&page, 1, &tag);
        sent_or_confirmed(&page, before, &tag);
        let sent = page.logged_event(before);
        assert_eq!(
            sent["from"], chosen,
            "{tag}: the hand-over sent is the chosen debtor's: {sent}"
        );
    }
    browser.assert_no_console_errors();
}

/// A state of the default table's game (its log and the server's state) where the page offers one of the
/// controls that move the game on, found by playing through the API.
struct Offered {
    what: &'static str,
    log: serde_json::Value,
    state: serde_json::Value,
}

/// Controls drawn within the double-tap window show that they are not active yet, and a tap after it counts on
/// whichever control: after "start" the tie-break's controls, and after a voter's "it's me" their ballot, are
/// held (`aria-disabled`, fading in) for what is left of the window, a tap on one then is not taken, and the page
/// passes its check meanwhile; once the window is over none is held, and a tap on another control than the last
/// one counts. In both languages, on a phone.
#[test]
fn werewolf_controls_drawn_within_the_double_tap_window_show_they_are_not_active_yet() {
    let _browser = browser_slot();
    let server = server();
    let (vote_log, _) = support::werewolf::find_state(&server, &NAMES, 0..40, |state| offers(state, "vote"))
        .unwrap_or_else(|| panic!("no game of 40 reaches a vote"));
    let driver = Driver::start();
    let browser = driver.browser(PHONE.0, PHONE.1);
    let page = WerewolfPage::new(&browser);
    for lang in ["en", "ja"] {
        let tag = format!("werewolf-phone-{lang}-held");
        // The tie-break comes within the window of "start": every control of it is held. A loaded machine can
        // draw it only once the window is over (the reading then says settled, and tests nothing): the start is
        // then redone from the setup, up to three times in all.
        let mut tries = 0;
        let held = loop {
            tries += 1;
            page.open(&server.url(), lang);
            browser.tap("#ww-start");
            let held = page.wait_held("the tie-break", "startPlayer", "#decision button");
            if held[2] == json!(false) || tries == 3 {
                break held;
            }
        };
        assert!(held[0].as_u64() > Some(1), "{tag}: {held}");
        assert_eq!(
            [&held[1], &held[2]],
            [&held[0], &json!(false)],
            "{tag}: [held, settled] {held}"
        );
        browser.check_page(&format!("{tag}-start"), Some("#decision"));
        page.wait_released("the controls to be active");
        // A tap on another control than "start" counts: the random draw decides who starts.
        browser.tap("#choices > button");
        page.wait_events(1);

        // A voter's "it's me" draws their ballot at once: held, and a pick on it at once is not taken.
        // The same redo when the ballot could be read only after the window.
        let mut tries = 0;
        let (picked, held) = loop {
            tries += 1;
            page.put_on(lang, &NAMES, &vote_log, &json!([]));
            let picked = page.its_me_and_a_pick_at_once();
            let held = page.held("vote", "#choices .ww-ballot-choice, #choices .ww-confirm");
            if held[2] == json!(false) || tries == 3 {
                break (picked, held);
            }
        };
        assert_eq!(picked, json!(0), "{tag}: a pick within the window was taken");
        assert!(held[0].as_u64() > Some(2), "{tag}: {held}");
        assert_eq!(
            [&held[1], &held[2]],
            [&held[0], &json!(false)],
            "{tag}: [held, settled] {held}"
        );
        browser.check_page(&format!("{tag}-ballot"), Some("#decision"));
        page.wait_released("the ballot to be active");
        // Over the window, a pick — another control than "it's me" — counts.
        browser.tap("#choices .ww-ballot-choice");
        let picked = page.ballot_picks();
        assert_eq!(
            picked,
            json!([1, false]),
            "{tag}: the pick after the window was not taken"
        );
    }
    browser.assert_no_console_errors();
}

/// The states the double-tap test starts from: the rock-paper-scissors tie-break, a verdict, an attack, a draw,
/// a ready-made and a card-by-card hand-over, and a vote — each decision one a single tap does not end.
fn offered(server: &marubatsu_web::Server) -> Vec<Offered> {
    [
        "startPlayer",
        "verdict",
        "attack",
        "draw",
        "transfer-only",
        "transfer-built",
        "vote",
    ]
    .into_iter()
    .map(|what| {
        let (log, state) = support::werewolf::find_state(server, &NAMES, 0..40, |state| offers(state, what))
            .unwrap_or_else(|| panic!("no game of 40 reaches a {what} to double-tap"));
        Offered { what, log, state }
    })
    .collect()
}

/// Whether `state` offers the control `what` stands for, one tap of which goes on without ending the game.
fn offers(state: &serde_json::Value, what: &str) -> bool {
    let kind = state["pending"]["kind"].as_str().unwrap_or_default();
    let goes_on = || {
        state["choices"]
            .as_array()
            .is_some_and(|c| c.iter().any(|c| c["ends"].is_null()))
    };
    let one_transfer = |only: bool| {
        kind == "transfer"
            && state["transfers"]
                .as_array()
                .is_some_and(|t| t.len() == 1 && t[0]["only"].is_null() != only && t[0]["onlyEnds"].is_null())
    };
    match what {
        "verdict" | "attack" => kind == what && goes_on(),
        "transfer-only" => one_transfer(true),
        "transfer-built" => one_transfer(false),
        "vote" => kind == what && state["ballots"].as_array().is_some_and(|b| b.len() >= 3),
        _ => kind == what,
    }
}

/// After a double tap that should have made one decision: exactly one event more in the log, the page on the
/// decision the server has for that log (or its end), that decision's first control on screen, and no ballot of
/// a vote open for anyone.
fn one_step_taken(page: &WerewolfPage<'_, '_>, server: &marubatsu_web::Server, before: u64, tag: &str) {
    assert_eq!(
        page.logged_events(),
        before + 1,
        "{tag}: a double tap made {} decisions",
        page.logged_events() - before
    );
    let log = page.logged_log();
    let answer = support::post_ok(
        server.local_addr(),
        "/api/werewolf/replay",
        &json!({"table": [2, 1, 5], "names": NAMES, "events": log, "event": null}),
    );
    let kind = answer["state"]["pending"]["kind"].as_str().unwrap_or("over").to_owned();
    assert_eq!(page.pending(), kind, "{tag}: the page is not on the next decision");
    next_on_screen(page, &kind, tag);
}

/// The pending decision's first control (or the end) is inside the viewport, no player's card was opened by the
/// second tap (it would take the decision off the screen), and when it is a vote, the device is to be handed to
/// the next voter: no ballot open.
fn next_on_screen(page: &WerewolfPage<'_, '_>, kind: &str, tag: &str) {
    let seen = page.next_on_screen(decision_of(kind));
    assert_eq!(
        seen,
        json!([true, 0, ""]),
        "{tag}: [the next decision's control on screen, ballot controls open, a player's card open]"
    );
}

/// The double-tap test at one size, in one language: every control that moves a game on — the setup's start,
/// the tie-break's random draw and its winner, a verdict, an attack, a draw, a ready-made and a card-by-card
/// hand-over, a voter's "it's me" and their confirm, the last one's sending the vote — tapped twice at one point
/// 50, 150 and 250 ms apart (one W3C action sequence, touch on a phone, a mouse on a desktop): each time one
/// decision is made, one voter has their ballot or one ballot is collected, and the next decision or voter is on
/// screen.
fn double_tap_every_control(size: (u32, u32), lang: &str) {
    let _browser = browser_slot();
    let server = server();
    let states = offered(&server);
    let driver = Driver::start();
    let browser = driver.browser(size.0, size.1);
    let page = WerewolfPage::new(&browser);
    browser.set_viewport(size.0, size.1);
    let url = server.url();
    let touch = size.0 < 500;
    page.open(&url, lang);
    for gap in [50_u64, 150, 250] {
        let tag = format!("{lang} {} {gap} ms", if touch { "phone" } else { "desktop" });
        // Each double tap is judged only when its second tap landed inside the guard; stretched ones are redone.
        let double_tap = |selector: &str, again: &dyn Fn()| {
            browser
                .double_tap_inside(selector, std::time::Duration::from_millis(gap), touch, again)
                .unwrap_or_else(|why| panic!("{tag}: {why}"));
            page.after_double_tap();
        };

        // The setup's start: the game begins, and nothing of it is decided yet.
        page.forget_the_game();
        browser.refresh();
        page.wait_pending("setup");
        double_tap("#ww-start", &|| page.wait_pending("setup"));
        assert_eq!(
            (page.pending(), page.logged_events()),
            ("startPlayer".to_owned(), 0),
            "{tag}: the start decided the start player"
        );
        next_on_screen(&page, "startPlayer", &tag);

        for state in &states {
            let tag = format!("{tag} {}", state.what);
            let before = state.log.as_array().map_or(0, Vec::len) as u64;
            match state.what {
                "vote" => {
                    double_tap_a_vote(&page, &server, state, lang, &tag, &double_tap);
                    continue;
                }
                "startPlayer" => {
                    // The random draw among the tied, then (from the same state) a tied player's card.
                    page.put_on(lang, &NAMES, &state.log, &json!([]));
                    double_tap("#choices > button", &|| {});
                    one_step_taken(&page, &server, before, &format!("{tag} random"));
                    page.put_on(lang, &NAMES, &state.log, &json!([]));
                    double_tap_an_option(&page, state, &double_tap);
                }
                "verdict" | "attack" => {
                    page.put_on(lang, &NAMES, &state.log, &json!([]));
                    double_tap_an_option(&page, state, &double_tap);
                }
                "draw" | "transfer-only" => {
                    page.put_on(lang, &NAMES, &state.log, &json!([]));
                    double_tap("#choices button.primary", &|| {});
                }
                "transfer-built" => {
                    page.put_on(lang, &NAMES, &state.log, &json!([]));
                    let place_every_card = || {
                        let ready = page.place_every_card();
                        assert_eq!(ready, json!(true), "{tag}: the cards could not all be placed");
                    };
                    place_every_card();
                    double_tap("#choices .ww-give", &place_every_card);
                }
                other => panic!("no control for {other}"),
            }
            one_step_taken(&page, &server, before, &tag);
        }
    }
    browser.assert_no_console_errors();
}

/// Opens the card of a player the pending decision is about, at one of their options that goes on, and
/// double-taps that option.
fn double_tap_an_option(page: &WerewolfPage<'_, '_>, state: &Offered, double_tap: &dyn Fn(&str, &dyn Fn())) {
    let target = state.state["choices"]
        .as_array()
        .and_then(|c| c.iter().find(|c| c["ends"].is_null()))
        .map(|c| c["target"].clone())
        .unwrap_or_default();
    let open_the_card = || {
        page.browser()
            .click(&format!(".ww-player[data-seat='{target}'] button.ww-name"));
    };
    open_the_card();
    double_tap(
        &format!(".ww-player[data-seat='{target}'] .ww-options button.ww-option:not(.ww-ends)"),
        &open_the_card,
    );
}

/// The vote from its third-last voter on: their "it's me" (their ballot opens with nobody picked), their confirm
/// (the next voter is asked for), and the last voter's confirm, which sends the vote — one event.
fn double_tap_a_vote(
    page: &WerewolfPage<'_, '_>,
    server: &marubatsu_web::Server,
    state: &Offered,
    lang: &str,
    tag: &str,
    double_tap: &dyn Fn(&str, &dyn Fn()),
) {
    let ballots = state.state["ballots"].as_array().cloned().unwrap_or_default();
    let votes: Vec<serde_json::Value> = ballots[..ballots.len() - 2]
        .iter()
        .map(|b| json!({"voter": b["voter"], "target": b["targets"][0]["target"]}))
        .collect();
    let browser = page.browser();
    page.put_on(lang, &NAMES, &state.log, &json!(votes));
    let before = state.log.as_array().map_or(0, Vec::len) as u64;
    for (at, ballot) in ballots.iter().enumerate().skip(votes.len()) {
        let name = NAMES[ballot["voter"].as_u64().unwrap_or(0) as usize];
        let hand_over = browser.text("#choices button.primary");
        assert!(hand_over.contains(name), "{tag}: {name} is asked for, not {hand_over}");
        double_tap("#choices button.primary", &|| {});
        let ballot_open = page.ballot_open();
        assert_eq!(
            ballot_open,
            json!([true, 0, true]),
            "{tag}: {name}'s ballot [open, picks, confirm disabled]"
        );
        assert_eq!(page.collected(), at, "{tag}: a ballot was collected by \"it's me\"");
        // The ballot's pick is not kept in the tab: taps on the confirm that are redone open the ballot again.
        let pick = || browser.tap("#choices .ww-ballot-choice");
        pick();
        double_tap("#choices .ww-confirm", &|| {
            browser.tap("#choices button.primary");
            pick();
        });
        if at + 1 < ballots.len() {
            assert_eq!(page.collected(), at + 1, "{tag}: {name}'s confirm");
            assert_eq!(page.logged_events(), before, "{tag}: the vote was sent early");
            next_on_screen(page, "vote", tag);
        } else {
            one_step_taken(page, server, before, tag);
        }
    }
}

// One test for each language and device, so that they run side by side.
#[test]
fn werewolf_a_double_tap_on_a_phone_skips_no_decision_nor_voter_in_japanese() {
    double_tap_every_control(PHONE, "ja");
}

#[test]
fn werewolf_a_double_tap_on_a_phone_skips_no_decision_nor_voter_in_english() {
    double_tap_every_control(PHONE, "en");
}

#[test]
fn werewolf_a_double_click_on_a_desktop_skips_no_decision_nor_voter_in_english() {
    double_tap_every_control(DESKTOP, "en");
}

#[test]
fn werewolf_a_double_click_on_a_desktop_skips_no_decision_nor_voter_in_japanese() {
    double_tap_every_control(DESKTOP, "ja");
}

/// The first refused answer of a state the API reached, with the state's log: a target (mark or attack) when
/// `kind` is `target`, a card set aside at a death when it is `draw`. The API answers in English.
fn refused_state(server: &marubatsu_web::Server, kind: &str) -> (serde_json::Value, serde_json::Value) {
    let wanted = |state: &serde_json::Value| {
        let pending = state["pending"]["kind"].as_str().unwrap_or_default();
        let refused = state["refused"].as_array().is_some_and(|r| !r.is_empty());
        refused && (pending == "draw") == (kind == "draw")
    };
    let (log, state) = support::werewolf::find_state_under(server, "v3", &NAMES, 0..200, wanted)
        .unwrap_or_else(|| panic!("no game of 200 under Version 3 refuses a {kind}"));
    (log, state["refused"][0].clone())
}

/// Whether the page's Japanese reason says the English one's: the same players named, in Japanese words.
fn says_the_same(japanese: &str, english: &str) -> bool {
    let named = |text: &str| NAMES.iter().filter(|n| text.contains(*n)).count();
    named(japanese) == named(english)
        && NAMES.iter().all(|n| english.contains(n) == japanese.contains(n))
        && japanese.contains("卓と矛盾しない")
        && !japanese.contains("world")
}

#[test]
fn a_refused_target_and_a_card_set_aside_are_shown_greyed_with_their_reasons_on_a_phone_in_japanese() {
    let _browser = browser_slot();
    let server = server();
    let driver = Driver::start();
    let browser = driver.browser(PHONE.0, PHONE.1);
    let page = WerewolfPage::new(&browser);
    let url = server.url();
    let (log, refused) = refused_state(&server, "target");
    let target = usize::try_from(refused["target"].as_u64().unwrap_or(99)).unwrap_or(99);
    let name = NAMES[target];
    let reason = refused["reason"].as_str().unwrap_or_default().to_owned();
    resume_under(&page, &url, "ja", "v3", &log);
    page.settle();
    // The refused player opens from the decision's row of names, like any other; the refused answer is there,
    // greyed (disabled), with its reason right under it and tied to it for a screen reader.
    let opened = page.open_pick_named(name);
    assert_eq!(opened, true, "{name} is not offered to open");
    let rows = page.refused_rows(".ww-options button.ww-refused");
    assert!(
        rows.iter()
            .any(|(_, disabled, why)| *disabled && says_the_same(why, &reason)),
        "{name}'s refused answer ({reason}) is not shown greyed with its reason: {rows:?}"
    );
    browser.check_page("werewolf-phone-ja-refused-target", Some(".ww-options"));

    let (log, refused) = refused_state(&server, "draw");
    let reason = refused["reason"].as_str().unwrap_or_default().to_owned();
    resume_under(&page, &url, "ja", "v3", &log);
    let rows = page.refused_rows("#choices button.ww-refused");
    assert!(
        rows.iter()
            .any(|(label, disabled, why)| *disabled && label.ends_with("カード") && says_the_same(why, &reason)),
        "the card set aside ({reason}) is not shown greyed with its reason: {rows:?}"
    );
    browser.check_page("werewolf-phone-ja-card-set-aside", Some("#choices"));
}

//! Cross light in a real browser: played to its end in English and Japanese at phone and desktop size with the
//! page check after every step; the clock, hint-assisted solves, the music switch, a dead server and a second tab;
//! hints followed to a solve in par, undo, the keyboard alone and a reload.

use crate::support;

use marubatsu_engine::lights::{Cell as LightCell, Size};
use serde_json::json;
use support::pages::lights::{DECISION, LightsPage, REPLACE_ACTIONS, SOLVED_ACTIONS};
use support::{Browser, Driver, browser_slot, focused_cell, key, screenshot_dir, server, set_language, tab_into};

const PHONE: (u32, u32) = (390, 844);
const DESKTOP: (u32, u32) = (1280, 860);
const SIZES: [(&str, (u32, u32)); 2] = [("phone", PHONE), ("desktop", DESKTOP)];

/// Collects `console.warn` (a missing text warns there) for [`no_missing_text`].
fn watch_warnings(browser: &Browser<'_>) {
    browser.execute_cdp(
        "Page.addScriptToEvaluateOnNewDocument",
        json!({"source": "window.__warnings = []; const warn = console.warn.bind(console);
                          console.warn = (...args) => { window.__warnings.push(args.join(' ')); warn(...args); };"}),
    );
}

fn no_missing_text(browser: &Browser<'_>) {
    assert_eq!(
        browser.script("return window.__warnings;", &[]),
        json!([]),
        "texts missing"
    );
}

/// Every scenario in one browser session (starting Chromium is the slow part), each from a fresh page with no
/// stored game, best, language or switch; a failure names its scenario.
#[test]
fn cross_light_in_a_real_browser() {
    let _browser = browser_slot();
    let server = server();
    let driver = Driver::start();
    let session = driver.browser(1280, 860);
    let browser = &session;
    watch_warnings(browser);
    let page = LightsPage::new(browser);
    let url = format!("{}lights", server.url());
    solved_in_both_languages_at_phone_and_desktop_size_passing_the_page_check_at_every_step(&page, &url);
    no_missing_text(browser);
    browser.assert_no_console_errors();
    fresh(&page, &url, (1280, 860));
    a_solve_with_hints_is_praised_as_hint_assisted_and_kept_apart_from_the_best(&page);
    browser.assert_no_console_errors();
    fresh(&page, &url, (390, 844));
    music_and_effects_switch_apart_and_are_remembered(&page);
    browser.assert_no_console_errors();
    for (size_name, size) in SIZES {
        for lang in ["en", "ja"] {
            fresh(&page, &url, size);
            set_language(browser, lang);
            a_game_under_way_is_replaced_only_once_the_player_says_so(&page, &format!("lights-{size_name}-{lang}"));
            browser.assert_no_console_errors();
        }
    }
    fresh(&page, &url, (1280, 860));
    presses_made_while_the_server_is_unreachable_are_not_queued_and_a_second_tab_follows(&page, &url);
    // No console check after this one: Chromium logs the requests refused while offline as errors, as it should.
}

/// The page at `size` with nothing stored: no game, best, language choice or sound switch.
fn fresh(page: &LightsPage<'_, '_>, url: &str, (width, height): (u32, u32)) {
    page.browser().set_viewport(width, height);
    page.open_fresh(url);
}

fn solved_in_both_languages_at_phone_and_desktop_size_passing_the_page_check_at_every_step(
    page: &LightsPage<'_, '_>,
    url: &str,
) {
    let browser = page.browser();
    // Par differs between scrambles of one level (seven presses can have a shorter solution), and the best is
    // the fewest moves of any solve so far.
    let mut best_moves: Option<usize> = None;
    for (size_name, (width, height)) in SIZES {
        browser.set_viewport(width, height);
        page.open(url);
        for lang in ["en", "ja"] {
            set_language(browser, lang);
            page.new_puzzle("easy");
            let name = format!("lights-{size_name}-{lang}");
            browser.check_page(&format!("{name}-start"), Some(DECISION));
            // The clock waits for the first press.
            std::thread::sleep(std::time::Duration::from_millis(1100));
            assert_eq!(page.time(), "0:00", "the clock started before the first press");

            let presses = page.solution();
            assert!(!presses.is_empty(), "a scrambled puzzle needs presses");
            for (n, &cell) in presses.iter().enumerate() {
                page.press(cell, n + 1);
                if n + 1 < presses.len() {
                    browser.check_page(&format!("{name}-step"), Some(DECISION));
                }
            }
            page.wait_solved_dialog();
            browser.check_page(&format!("{name}-solved"), Some(SOLVED_ACTIONS));
            let text = page.solved_text();
            let par = presses.len();
            let (perfect, best, kept) = match lang {
                "en" => (
                    format!("Par was {par}. A perfect solve."),
                    "A new best for this level!",
                    "Your best here is",
                ),
                _ => (
                    format!("最短は{par}手でした。最短手数でのクリアです。"),
                    "このレベルの新記録です！",
                    "このレベルのベストは",
                ),
            };
            assert!(text.contains(&perfect), "{text}");
            // The first solve in this browser, or one in fewer moves than the best, is a new best; one in as many
            // may or may not be faster; one in more keeps the best.
            match best_moves {
                Some(fewest) if par > fewest => assert!(text.contains(kept), "{text}"),
                Some(fewest) if par == fewest => {
                    assert!(text.contains(best) || text.contains(kept), "{text}")
                }
                _ => assert!(text.contains(best), "{text}"),
            }
            let fewest = best_moves.map_or(par, |fewest| fewest.min(par));
            best_moves = Some(fewest);
            // The best is the record to beat: its moves and the time with as few.
            let shown = page.best();
            let moves = if lang == "en" {
                format!("{fewest} in ")
            } else {
                format!("{fewest}手・")
            };
            assert!(
                shown.starts_with(&moves) && shown[moves.len()..].contains(':'),
                "the best shows {shown:?}"
            );
            page.close_solved();
            browser.check_page(&format!("{name}-after"), Some(DECISION));
        }
    }
}

fn a_solve_with_hints_is_praised_as_hint_assisted_and_kept_apart_from_the_best(page: &LightsPage<'_, '_>) {
    page.new_puzzle("easy");

    let hinted = page.ask_hint();
    // The mark is plain to see: a solid ring and a dot drawn over the cell.
    let mark = page.hint_mark();
    assert_eq!(mark[0], "solid", "{mark}");
    assert!(mark[1].as_f64().is_some_and(|w| w >= 3.0), "{mark}");
    assert_eq!(mark[2], "\"\"", "the dot is drawn: {mark}");
    assert_eq!(page.hints_used(), "1");
    page.browser().check_page("lights-desktop-en-hint", Some(DECISION));

    page.press(hinted, 1);
    let rest = page.solution();
    for (n, &cell) in rest.iter().enumerate() {
        page.press(cell, n + 2);
    }
    page.wait_solved_dialog();
    let text = page.solved_text();
    assert!(text.contains("Solved with help: 1 hint."), "{text}");
    assert!(!text.contains("perfect") && !text.contains("new best"), "{text}");
    assert_eq!(page.best(), "–", "a hint-assisted solve sets no best");
    let assisted = page.stored_assisted("easy");
    assert_eq!(assisted["hints"], 1);
    assert_eq!(assisted["moves"], rest.len() + 1);
    assert!(page.message().contains("with 1 hint"), "{}", page.message());
    page.browser()
        .check_page("lights-desktop-en-assisted", Some(SOLVED_ACTIONS));
}

fn music_and_effects_switch_apart_and_are_remembered(page: &LightsPage<'_, '_>) {
    assert_eq!(
        page.sound_state(),
        json!(["false", "true", "stopped"]),
        "music starts off, effects on"
    );
    page.toggle_music();
    page.wait_music_playing();
    assert_eq!(page.music_label(), "Music on");
    page.toggle_effects();
    assert_eq!(
        page.sound_state(),
        json!(["true", "false", "playing"]),
        "effects off leaves the music playing"
    );
    page.reload();
    // Remembered; the music itself waits for the first touch, as browsers require.
    let remembered = page.sound_state();
    assert_eq!((&remembered[0], &remembered[1]), (&json!("true"), &json!("false")));
    page.click_cell(0);
    page.wait_music_playing();
    page.toggle_music();
    assert_eq!(page.sound_state(), json!(["false", "false", "stopped"]));
    page.browser().check_page("lights-phone-en-music", Some(DECISION));
}

/// A level or "New puzzle" with no press made starts at once; with presses made it asks first. "Keep playing"
/// (or Escape) keeps the game as it was; the yes replaces it — the level asked for, or the same level anew.
fn a_game_under_way_is_replaced_only_once_the_player_says_so(page: &LightsPage<'_, '_>, name: &str) {
    let browser = page.browser();
    let ja = name.ends_with("-ja");
    // Nothing pressed yet: nothing to lose, no question.
    page.new_puzzle("normal");
    assert!(!page.replace_question_open(), "{name}: no question before a press");
    page.press(page.solution()[0], 1);
    let game = page.game_on_screen();

    page.tap_level("hard");
    page.wait_replace_question();
    let (title, text) = page.replace_question();
    let (moves, level) = if ja { ("1手", "上級") } else { ("1 move", "Hard") };
    assert!(text.contains(moves) && text.contains(level), "{name}: {text}");
    assert_eq!(
        title,
        if ja {
            "新しいパズルにしますか？"
        } else {
            "Start a new puzzle?"
        }
    );
    browser.check_page(&format!("{name}-replace"), Some(REPLACE_ACTIONS));
    page.answer_replace(false);
    page.wait_replace_question_closed();
    assert_eq!(page.game_on_screen(), game, "{name}: keep playing keeps the game");

    // Escape dismisses the question too; the shortcut N asks it as "New puzzle" does.
    page.press(0, 2);
    let game = page.game_on_screen();
    browser.keys(&["n"]);
    page.wait_replace_question();
    browser.keys(&[key::ESCAPE]);
    page.wait_replace_question_closed();
    std::thread::sleep(std::time::Duration::from_millis(300));
    assert_eq!(page.game_on_screen(), game, "{name}: Escape keeps the game");

    // A double tap on "New puzzle" asks, and its second tap is not taken for the yes.
    let touch = name.contains("phone");
    page.double_tap_new(std::time::Duration::from_millis(150), touch);
    page.wait_replace_question();
    std::thread::sleep(std::time::Duration::from_millis(300));
    assert!(
        page.replace_question_open(),
        "{name}: the second tap answered the question"
    );
    assert_eq!(page.game_on_screen(), game, "{name}");
    page.answer_replace(true);
    page.wait_new_puzzle_after(&game);
    assert_eq!(page.game_on_screen()[0], "normal", "{name}");

    // The yes after a level replaces the game with that level's.
    page.press(page.solution()[0], 1);
    page.tap_level("easy");
    page.wait_replace_question();
    page.answer_replace(true);
    page.wait_fresh_puzzle_of("easy");
    browser.check_page(&format!("{name}-replaced"), Some(DECISION));
}

fn presses_made_while_the_server_is_unreachable_are_not_queued_and_a_second_tab_follows(
    page: &LightsPage<'_, '_>,
    url: &str,
) {
    let browser = page.browser();
    page.new_puzzle("easy");
    let start = page.lit();

    browser.set_offline(true);
    page.click_cell(0);
    page.wait_message_containing("cannot be reached");
    page.click_cell(6);
    std::thread::sleep(std::time::Duration::from_millis(300));
    assert_eq!(page.moves(), "0");
    assert_eq!(page.lit(), start, "the board stays as the server has it");
    assert!(page.message_is_error());

    browser.set_offline(false);
    page.press(12, 1);
    std::thread::sleep(std::time::Duration::from_millis(300));
    assert_eq!(
        page.moves(),
        "1",
        "the presses made offline were dropped, not sent later"
    );
    assert_eq!(
        page.stored_log_len(),
        2,
        "the stored log is the puzzle and the one press the server answered"
    );
    let after_one = page.lit();

    // A second tab shows the same game; a press there moves the first tab along.
    let first = browser.new_tab();
    // A new tab has no device emulation: the desktop size it opens at.
    page.open(url);
    assert_eq!(page.lit(), after_one);
    assert_eq!(page.moves(), "1");
    page.press(24, 2);
    let after_two = page.lit();
    let second = browser.current_tab();
    browser.switch_to(&first);
    page.wait_moves(2);
    assert_eq!(page.lit(), after_two, "the first tab follows the second");
    assert!(page.message().contains("another tab"), "{}", page.message());
    // A press on the first tab continues from the followed game, and the second follows back.
    page.press(20, 3);
    let after_three = page.lit();
    browser.switch_to(&second);
    page.wait_moves(3);
    assert_eq!(page.lit(), after_three);
}

// ---- hints, undo, keyboard and reload ------------------------------------------------------------------------

/// The board after pressing `index` on `before`, by the engine's rule (the oracle for what the page shows).
fn pressed(before: &[bool], index: u8) -> Vec<bool> {
    let size = match before.len() {
        25 => Size::Five,
        36 => Size::Six,
        _ => Size::Seven,
    };
    let cross = LightCell::new(index).map(|c| size.cross(c)).unwrap_or_default();
    before
        .iter()
        .enumerate()
        .map(|(i, &on)| on ^ LightCell::new(i as u8).is_some_and(|c| cross.contains(c)))
        .collect()
}

#[test]
fn cross_light_followed_hints_solve_the_puzzle_in_exactly_par_presses() {
    let _browser = browser_slot();
    let server = server();
    let driver = Driver::start();
    let browser = driver.browser(DESKTOP.0, DESKTOP.1);
    let page = LightsPage::new(&browser);
    page.open(&format!("{}lights", server.url()));

    for level in ["easy", "hard"] {
        page.new_puzzle(level);
        let side = if level == "easy" { 5 } else { 7 };
        assert_eq!(page.lit().len(), side * side);
        assert!(page.level_pressed(level));
        let par = page.par();
        assert!(par >= 1, "a scrambled puzzle needs presses");

        let presses = page.follow_hints();
        assert_eq!(presses, par, "{level}: hints solve in exactly par presses");
        assert!(page.lit().iter().all(|&on| !on), "every light is off");
        page.wait_solved_dialog();
        let shot = browser.screenshot();
        std::fs::write(screenshot_dir().join(format!("lights-solved-{level}.png")), shot)
            .unwrap_or_else(|err| panic!("{err}"));
        let text = page.solved_text();
        assert!(text.starts_with(&format!("{par} moves in ")), "{text}");
        // Every press followed a hint: praised as help, never as a perfect solve or a best.
        let hints = if par == 1 {
            "1 hint".to_owned()
        } else {
            format!("{par} hints")
        };
        assert!(
            text.contains(&format!("Par was {par}. Solved with help: {hints}.")),
            "{text}"
        );
        assert!(!text.contains("perfect") && !text.contains("new best"), "{text}");
        assert_eq!(page.best(), "–", "no best from hints");
        let assisted = page.stored_assisted(level);
        assert_eq!(assisted["moves"], json!(par));
        assert_eq!(assisted["hints"], json!(par));
        // A press after the end changes nothing; close the dialog first, as a player would.
        page.close_solved();
        page.click_cell(0);
        assert_eq!(page.moves_count(), par);
        assert!(page.message().starts_with(&format!("Solved in {par} moves with")));
    }
    browser.assert_no_console_errors();
}

#[test]
fn cross_light_undo_restores_the_board() {
    let _browser = browser_slot();
    let server = server();
    let driver = Driver::start();
    let browser = driver.browser(DESKTOP.0, DESKTOP.1);
    let page = LightsPage::new(&browser);
    page.open(&format!("{}lights", server.url()));

    let start = page.lit();
    assert!(page.undo_disabled(), "nothing to undo yet");
    page.press(12, 1);
    let after_one = page.lit();
    assert_eq!(after_one, pressed(&start, 12), "a press flips the cross");
    page.press(0, 2);
    assert_eq!(page.lit(), pressed(&after_one, 0));

    page.undo(1);
    assert_eq!(page.lit(), after_one, "undo restores the board before the last press");
    page.undo(0);
    assert_eq!(page.lit(), start, "and again, back to the start");
    assert!(page.undo_disabled());
    browser.assert_no_console_errors();
}

#[test]
fn cross_light_plays_from_the_keyboard_alone() {
    let _browser = browser_slot();
    let server = server();
    let driver = Driver::start();
    let browser = driver.browser(DESKTOP.0, DESKTOP.1);
    let page = LightsPage::new(&browser);
    page.open(&format!("{}lights", server.url()));
    let focused = || focused_cell(&browser, "#board");

    // Tab from the top of the page reaches the board (one stop: the cursor's cell, the centre).
    assert_eq!(tab_into(&browser, "#board", 12), json!(12));

    // Every cell says where it is and whether it is on.
    let start = page.lit();
    for (i, label) in page.cell_labels().iter().enumerate() {
        let (row, column) = (i / 5 + 1, i % 5 + 1);
        let state = if start[i] { "on|true" } else { "off|false" };
        assert_eq!(label, &format!("Row {row}, column {column}, {state}"));
    }

    // Arrows move (wrapping at the edge), Enter presses.
    browser.keys(&[key::RIGHT, key::RIGHT, key::DOWN]);
    assert_eq!(focused(), json!(19));
    browser.keys(&[key::RIGHT]);
    assert_eq!(focused(), json!(15), "right from the last column wraps");
    browser.keys(&[key::ENTER]);
    page.wait_moves(1);
    let after_enter = pressed(&start, 15);
    assert_eq!(page.lit(), after_enter);

    // Space presses too; the focus stays on the board.
    browser.keys(&[key::UP, key::UP, key::UP, key::UP, key::SPACE]);
    page.wait_moves(2);
    assert_eq!(focused(), json!(20), "up from row 1 wraps to row 5");
    assert_eq!(page.lit(), pressed(&after_enter, 20));

    // Shortcuts: U takes the press back, H shows a hint and moves the cursor onto it.
    browser.keys(&["u"]);
    page.wait_moves(1);
    assert_eq!(page.lit(), after_enter);
    browser.keys(&["h"]);
    let hinted = page.wait_hint();
    assert_eq!(focused(), json!(hinted));
    browser.keys(&[key::ENTER]);
    page.wait_moves(2);
    browser.assert_no_console_errors();
}

#[test]
fn cross_light_game_survives_a_reload() {
    let _browser = browser_slot();
    let server = server();
    let driver = Driver::start();
    let browser = driver.browser(PHONE.0, PHONE.1);
    let page = LightsPage::new(&browser);
    page.open(&format!("{}lights", server.url()));

    page.new_puzzle("normal");
    let par = page.par();
    for (n, index) in [7usize, 22, 35].into_iter().enumerate() {
        page.press(index, n + 1);
    }
    page.ask_hint();
    let board = page.lit();
    let message = page.message();

    page.reload();
    assert_eq!(page.puzzle(), json!("normal"));
    assert_eq!(page.lit(), board, "the board is back");
    assert_eq!(page.moves_count(), 3);
    assert_eq!(page.par(), par);
    assert_eq!(page.message(), message, "so is the hint");
    // And so is the history: three undos go back to the puzzle's start.
    for moves in [2, 1, 0] {
        page.undo(moves);
    }
    assert_eq!(page.lit(), {
        let mut start = board.clone();
        for index in [35, 22, 7] {
            start = pressed(&start, index);
        }
        start
    });
    browser.assert_no_console_errors();
}

//! Cross light in a real browser: played to its end in English and Japanese at phone and desktop size with the
//! page check after every step; the clock, hint-assisted solves, the music switch, a dead server and a second tab;
//! hints followed to a solve in par, undo, the keyboard alone and a reload.

use crate::support;

use marubatsu_engine::lights::{Board, Cell as LightCell, Size, solve};
use serde_json::{Value, json};
use support::{
    Browser, Driver, browser_slot, focused_cell, key, lights_ready, lit, screenshot_dir, server, set_language, tab_into,
};

const PHONE: (u32, u32) = (390, 844);
const DESKTOP: (u32, u32) = (1280, 860);
const SIZES: [(&str, (u32, u32)); 2] = [("phone", PHONE), ("desktop", DESKTOP)];
/// The player's next controls: Undo and Hint must be on the first screen.
const DECISION: &str = "#lights-actions";

fn moves(browser: &Browser<'_>) -> String {
    browser.text("#moves")
}

fn wait_moves(browser: &Browser<'_>, n: usize) {
    browser.wait_for(
        &format!("{n} moves"),
        "return document.querySelector('#moves').textContent === arguments[0];",
        &[json!(n.to_string())],
    );
}

/// The cells of a shortest solution of what the page shows, by the engine's solver (the oracle).
fn solution(browser: &Browser<'_>) -> Vec<usize> {
    let on = lit(browser);
    let side = (on.len() as f64).sqrt() as u8;
    let size = Size::from_side(side).unwrap_or_else(|| panic!("a {side}×{side} board"));
    let bits = on
        .iter()
        .enumerate()
        .filter(|(_, on)| **on)
        .fold(0u64, |bits, (i, _)| bits | 1 << i);
    let board = marubatsu_engine::lights::Bitboard::from_bits(bits)
        .and_then(|lit| Board::new(size, lit))
        .unwrap_or_else(|| panic!("the page's board {bits:b} is no {side}×{side} board"));
    let presses = solve(board)
        .unwrap_or_else(|| panic!("the page shows an unsolvable board"))
        .presses()
        .bits();
    (0..on.len()).filter(|i| presses >> i & 1 == 1).collect()
}

fn press(browser: &Browser<'_>, cell: usize, moves_after: usize) {
    browser.click(&format!("#board .cell[data-index='{cell}']"));
    wait_moves(browser, moves_after);
}

fn new_puzzle(browser: &Browser<'_>, level: &str) {
    let started = browser.script("return document.querySelector('#board').dataset.started;", &[]);
    browser.click(&format!(".segmented [data-level='{level}']"));
    browser.wait_for(
        &format!("a new {level} puzzle"),
        "const b = document.querySelector('#board');
         return b.dataset.puzzle === arguments[0] && b.dataset.started !== arguments[1] && b.dataset.ready === 'true';",
        &[level.into(), started],
    );
}

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
    let page = format!("{}lights", server.url());
    solved_in_both_languages_at_phone_and_desktop_size_passing_the_page_check_at_every_step(browser, &page);
    no_missing_text(browser);
    browser.assert_no_console_errors();
    fresh(browser, &page, (1280, 860));
    a_solve_with_hints_is_praised_as_hint_assisted_and_kept_apart_from_the_best(browser);
    browser.assert_no_console_errors();
    fresh(browser, &page, (390, 844));
    music_and_effects_switch_apart_and_are_remembered(browser);
    browser.assert_no_console_errors();
    for (size_name, size) in SIZES {
        for lang in ["en", "ja"] {
            fresh(browser, &page, size);
            set_language(browser, lang);
            a_game_under_way_is_replaced_only_once_the_player_says_so(browser, &format!("lights-{size_name}-{lang}"));
            browser.assert_no_console_errors();
        }
    }
    fresh(browser, &page, (1280, 860));
    presses_made_while_the_server_is_unreachable_are_not_queued_and_a_second_tab_follows(browser, &page);
    // No console check after this one: Chromium logs the requests refused while offline as errors, as it should.
}

/// The page at `size` with nothing stored: no game, best, language choice or sound switch.
fn fresh(browser: &Browser<'_>, page: &str, (width, height): (u32, u32)) {
    browser.set_viewport(width, height);
    browser.goto(page);
    // The page rebuilds a stored game from the server's answer and stores it again when the answer comes; cleared
    // before that answer, the storage got the old game back (seen on a loaded machine: a new page opened on it).
    lights_ready(browser);
    browser.script(
        "localStorage.clear(); document.cookie = 'lang=; path=/; max-age=0'; return true;",
        &[],
    );
    browser.goto(page);
    lights_ready(browser);
}

fn solved_in_both_languages_at_phone_and_desktop_size_passing_the_page_check_at_every_step(
    browser: &Browser<'_>,
    page: &str,
) {
    // Par differs between scrambles of one level (seven presses can have a shorter solution), and the best is
    // the fewest moves of any solve so far.
    let mut best_moves: Option<usize> = None;
    for (size_name, (width, height)) in SIZES {
        browser.set_viewport(width, height);
        browser.goto(page);
        lights_ready(browser);
        for lang in ["en", "ja"] {
            set_language(browser, lang);
            new_puzzle(browser, "easy");
            let name = format!("lights-{size_name}-{lang}");
            browser.check_page(&format!("{name}-start"), Some(DECISION));
            // The clock waits for the first press.
            std::thread::sleep(std::time::Duration::from_millis(1100));
            assert_eq!(
                browser.text("#time"),
                "0:00",
                "the clock started before the first press"
            );

            let presses = solution(browser);
            assert!(!presses.is_empty(), "a scrambled puzzle needs presses");
            for (n, &cell) in presses.iter().enumerate() {
                press(browser, cell, n + 1);
                if n + 1 < presses.len() {
                    browser.check_page(&format!("{name}-step"), Some(DECISION));
                }
            }
            browser.wait_for(
                "the solved dialog",
                "return document.querySelector('#solved').open;",
                &[],
            );
            browser.check_page(&format!("{name}-solved"), Some("#solved .actions"));
            let text = browser.text("#solved-text");
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
            let shown = browser.text("#best");
            let moves = if lang == "en" {
                format!("{fewest} in ")
            } else {
                format!("{fewest}手・")
            };
            assert!(
                shown.starts_with(&moves) && shown[moves.len()..].contains(':'),
                "the best shows {shown:?}"
            );
            browser.click("#solved-close");
            browser.wait_for(
                "the dialog to close",
                "return !document.querySelector('#solved').open;",
                &[],
            );
            browser.check_page(&format!("{name}-after"), Some(DECISION));
        }
    }
}

fn a_solve_with_hints_is_praised_as_hint_assisted_and_kept_apart_from_the_best(browser: &Browser<'_>) {
    new_puzzle(browser, "easy");

    browser.click("#hint");
    let hinted = browser.wait_for(
        "a hint",
        "const c = document.querySelector('#board .cell.hint'); return c ? c.dataset.index : null;",
        &[],
    );
    // The mark is plain to see: a solid ring and a dot drawn over the cell.
    let mark = browser.script(
        "const c = document.querySelector('#board .cell.hint');
         const s = getComputedStyle(c); const dot = getComputedStyle(c, '::after');
         return [s.outlineStyle, parseFloat(s.outlineWidth), dot.content, dot.backgroundColor];",
        &[],
    );
    assert_eq!(mark[0], "solid", "{mark}");
    assert!(mark[1].as_f64().is_some_and(|w| w >= 3.0), "{mark}");
    assert_eq!(mark[2], "\"\"", "the dot is drawn: {mark}");
    assert_eq!(
        browser.script("return document.querySelector('#board').dataset.hints;", &[]),
        "1"
    );
    browser.check_page("lights-desktop-en-hint", Some(DECISION));

    let hinted: usize = hinted.as_str().and_then(|s| s.parse().ok()).unwrap_or(usize::MAX);
    press(browser, hinted, 1);
    let rest = solution(browser);
    for (n, &cell) in rest.iter().enumerate() {
        press(browser, cell, n + 2);
    }
    browser.wait_for(
        "the solved dialog",
        "return document.querySelector('#solved').open;",
        &[],
    );
    let text = browser.text("#solved-text");
    assert!(text.contains("Solved with help: 1 hint."), "{text}");
    assert!(!text.contains("perfect") && !text.contains("new best"), "{text}");
    assert_eq!(browser.text("#best"), "–", "a hint-assisted solve sets no best");
    let assisted = browser.script(
        "return JSON.parse(localStorage.getItem('marubatsu.lights.assisted.easy'));",
        &[],
    );
    assert_eq!(assisted["hints"], 1);
    assert_eq!(assisted["moves"], rest.len() + 1);
    assert!(
        browser.text("#message").contains("with 1 hint"),
        "{}",
        browser.text("#message")
    );
    browser.check_page("lights-desktop-en-assisted", Some("#solved .actions"));
}

fn music_and_effects_switch_apart_and_are_remembered(browser: &Browser<'_>) {
    let state = |browser: &Browser<'_>| -> Value {
        browser.script(
            "return [document.querySelector('#music').getAttribute('aria-pressed'),
                     document.querySelector('#sound').getAttribute('aria-pressed'),
                     document.documentElement.dataset.music];",
            &[],
        )
    };
    assert_eq!(
        state(browser),
        json!(["false", "true", "stopped"]),
        "music starts off, effects on"
    );
    browser.click("#music");
    browser.wait_for(
        "the music",
        "return document.documentElement.dataset.music === 'playing';",
        &[],
    );
    assert_eq!(browser.text("#music"), "Music on");
    browser.click("#sound");
    assert_eq!(
        state(browser),
        json!(["true", "false", "playing"]),
        "effects off leaves the music playing"
    );
    browser.refresh();
    lights_ready(browser);
    // Remembered; the music itself waits for the first touch, as browsers require.
    let remembered = state(browser);
    assert_eq!((&remembered[0], &remembered[1]), (&json!("true"), &json!("false")));
    browser.click("#board .cell[data-index='0']");
    browser.wait_for(
        "the music again",
        "return document.documentElement.dataset.music === 'playing';",
        &[],
    );
    browser.click("#music");
    assert_eq!(state(browser), json!(["false", "false", "stopped"]));
    browser.check_page("lights-phone-en-music", Some(DECISION));
}

/// The board as the page shows it: the level, when the puzzle was drawn, and the moves.
fn game_on_screen(browser: &Browser<'_>) -> Value {
    browser.script(
        "const b = document.querySelector('#board');
         return [b.dataset.puzzle, b.dataset.started, document.querySelector('#moves').textContent];",
        &[],
    )
}

fn replace_question_open(browser: &Browser<'_>) -> bool {
    browser.script("return document.querySelector('#replace').open;", &[]) == json!(true)
}

/// A level or "New puzzle" with no press made starts at once; with presses made it asks first. "Keep playing"
/// (or Escape) keeps the game as it was; the yes replaces it — the level asked for, or the same level anew.
fn a_game_under_way_is_replaced_only_once_the_player_says_so(browser: &Browser<'_>, name: &str) {
    let ja = name.ends_with("-ja");
    // Nothing pressed yet: nothing to lose, no question.
    new_puzzle(browser, "normal");
    assert!(!replace_question_open(browser), "{name}: no question before a press");
    let first = solution(browser)[0];
    press(browser, first, 1);
    let game = game_on_screen(browser);

    browser.tap(".segmented [data-level='hard']");
    browser.wait_for("the question", "return document.querySelector('#replace').open;", &[]);
    let text = browser.text("#replace-text");
    let (moves, level) = if ja { ("1手", "上級") } else { ("1 move", "Hard") };
    assert!(text.contains(moves) && text.contains(level), "{name}: {text}");
    assert_eq!(
        browser.text("#replace-title"),
        if ja {
            "新しいパズルにしますか？"
        } else {
            "Start a new puzzle?"
        }
    );
    browser.check_page(&format!("{name}-replace"), Some("#replace .actions"));
    browser.tap("#replace-no");
    browser.wait_for(
        "the question to close",
        "return !document.querySelector('#replace').open;",
        &[],
    );
    assert_eq!(game_on_screen(browser), game, "{name}: keep playing keeps the game");

    // Escape dismisses the question too; the shortcut N asks it as "New puzzle" does.
    browser.click("#board .cell[data-index='0']");
    wait_moves(browser, 2);
    let game = game_on_screen(browser);
    browser.keys(&["n"]);
    browser.wait_for("the question", "return document.querySelector('#replace').open;", &[]);
    browser.keys(&[key::ESCAPE]);
    browser.wait_for(
        "the question to close",
        "return !document.querySelector('#replace').open;",
        &[],
    );
    std::thread::sleep(std::time::Duration::from_millis(300));
    assert_eq!(game_on_screen(browser), game, "{name}: Escape keeps the game");

    // A double tap on "New puzzle" asks, and its second tap is not taken for the yes.
    let touch = name.contains("phone");
    browser.double_tap("#new", std::time::Duration::from_millis(150), touch);
    browser.wait_for("the question", "return document.querySelector('#replace').open;", &[]);
    std::thread::sleep(std::time::Duration::from_millis(300));
    assert!(
        replace_question_open(browser),
        "{name}: the second tap answered the question"
    );
    assert_eq!(game_on_screen(browser), game, "{name}");
    browser.tap("#replace-yes");
    browser.wait_for(
        "a new puzzle of the same level",
        "const b = document.querySelector('#board');
         return b.dataset.ready === 'true' && b.dataset.started !== arguments[0]
           && document.querySelector('#moves').textContent === '0' && !document.querySelector('#replace').open;",
        &[game[1].clone()],
    );
    assert_eq!(game_on_screen(browser)[0], "normal", "{name}");

    // The yes after a level replaces the game with that level's.
    press(browser, solution(browser)[0], 1);
    browser.tap(".segmented [data-level='easy']");
    browser.wait_for("the question", "return document.querySelector('#replace').open;", &[]);
    browser.tap("#replace-yes");
    browser.wait_for(
        "an easy puzzle",
        "const b = document.querySelector('#board'); return b.dataset.puzzle === 'easy' && b.dataset.ready === 'true'
           && document.querySelector('#moves').textContent === '0';",
        &[],
    );
    browser.check_page(&format!("{name}-replaced"), Some(DECISION));
}

fn presses_made_while_the_server_is_unreachable_are_not_queued_and_a_second_tab_follows(
    browser: &Browser<'_>,
    page: &str,
) {
    new_puzzle(browser, "easy");
    let start = lit(browser);

    browser.set_offline(true);
    browser.click("#board .cell[data-index='0']");
    browser.wait_for(
        "the message",
        "return document.querySelector('#message').textContent.includes('cannot be reached');",
        &[],
    );
    browser.click("#board .cell[data-index='6']");
    std::thread::sleep(std::time::Duration::from_millis(300));
    assert_eq!(moves(browser), "0");
    assert_eq!(lit(browser), start, "the board stays as the server has it");
    assert!(
        browser.script(
            "return document.querySelector('#message').classList.contains('error');",
            &[]
        ) == true
    );

    browser.set_offline(false);
    press(browser, 12, 1);
    std::thread::sleep(std::time::Duration::from_millis(300));
    assert_eq!(
        moves(browser),
        "1",
        "the presses made offline were dropped, not sent later"
    );
    let stored = browser.script(
        "return JSON.parse(localStorage.getItem('marubatsu.lights.log')).length;",
        &[],
    );
    assert_eq!(
        stored, 2,
        "the stored log is the puzzle and the one press the server answered"
    );
    let after_one = lit(browser);

    // A second tab shows the same game; a press there moves the first tab along.
    let first = browser.new_tab();
    // A new tab has no device emulation: the desktop size it opens at.
    browser.goto(page);
    lights_ready(browser);
    assert_eq!(lit(browser), after_one);
    assert_eq!(moves(browser), "1");
    press(browser, 24, 2);
    let after_two = lit(browser);
    let second = browser.current_tab();
    browser.switch_to(&first);
    wait_moves(browser, 2);
    assert_eq!(lit(browser), after_two, "the first tab follows the second");
    assert!(
        browser.text("#message").contains("another tab"),
        "{}",
        browser.text("#message")
    );
    // A press on the first tab continues from the followed game, and the second follows back.
    press(browser, 20, 3);
    let after_three = lit(browser);
    browser.switch_to(&second);
    wait_moves(browser, 3);
    assert_eq!(lit(browser), after_three);
}

// ---- hints, undo, keyboard and reload (moved from the catch-all browser.rs) ------------------------------------

fn number(browser: &Browser<'_>, selector: &str) -> usize {
    let text = browser.text(selector);
    text.parse()
        .unwrap_or_else(|_| panic!("{selector} shows {text:?}, not a number"))
}

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

/// Asks for hints and presses them until the dialog says the puzzle is solved; returns the presses made.
fn follow_hints(browser: &Browser<'_>) -> usize {
    let mut presses = 0;
    while browser.script("return document.querySelector('#board').dataset.solved;", &[]) != json!("true") {
        browser.click("#hint");
        let index = browser.wait_for(
            "a hinted cell",
            "const c = document.querySelector('#board .cell.hint'); return c ? c.dataset.index : null;",
            &[],
        );
        let index = index.as_str().unwrap_or_default().to_owned();
        let message = browser.text("#message");
        assert!(message.starts_with("Hint: press row"), "hint message: {message:?}");
        browser.click(&format!("#board .cell[data-index='{index}']"));
        presses += 1;
        wait_moves(browser, presses);
        assert!(presses <= 49, "following hints does not end");
    }
    presses
}

#[test]
fn cross_light_followed_hints_solve_the_puzzle_in_exactly_par_presses() {
    let _browser = browser_slot();
    let server = server();
    let driver = Driver::start();
    let browser = driver.browser(DESKTOP.0, DESKTOP.1);
    browser.goto(&format!("{}lights", server.url()));
    lights_ready(&browser);

    for level in ["easy", "hard"] {
        let started = browser.script("return document.querySelector('#board').dataset.started;", &[]);
        browser.click(&format!(".segmented [data-level='{level}']"));
        browser.wait_for(
            &format!("a new {level} puzzle"),
            "const b = document.querySelector('#board');
             return b.dataset.puzzle === arguments[0] && b.dataset.started !== arguments[1];",
            &[json!(level), started],
        );
        let side = if level == "easy" { 5 } else { 7 };
        assert_eq!(lit(&browser).len(), side * side);
        assert_eq!(
            browser.script(
                "return document.querySelector(`[data-level='${arguments[0]}']`).getAttribute('aria-pressed');",
                &[json!(level)],
            ),
            json!("true")
        );
        let par = number(&browser, "#par");
        assert!(par >= 1, "a scrambled puzzle needs presses");

        let presses = follow_hints(&browser);
        assert_eq!(presses, par, "{level}: hints solve in exactly par presses");
        assert!(lit(&browser).iter().all(|&on| !on), "every light is off");
        browser.wait_for(
            "the solved dialog",
            "return document.querySelector('#solved').open;",
            &[],
        );
        let shot = browser.screenshot();
        std::fs::write(screenshot_dir().join(format!("lights-solved-{level}.png")), shot)
            .unwrap_or_else(|err| panic!("{err}"));
        let text = browser.text("#solved-text");
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
        assert_eq!(browser.text("#best"), "–", "no best from hints");
        let assisted = browser.script(
            "return JSON.parse(localStorage.getItem('marubatsu.lights.assisted.' + arguments[0]));",
            &[json!(level)],
        );
        assert_eq!(assisted["moves"], json!(par));
        assert_eq!(assisted["hints"], json!(par));
        // A press after the end changes nothing; close the dialog first, as a player would.
        browser.click("#solved-close");
        browser.click("#board .cell[data-index='0']");
        assert_eq!(number(&browser, "#moves"), par);
        assert!(
            browser
                .text("#message")
                .starts_with(&format!("Solved in {par} moves with"))
        );
    }
    browser.assert_no_console_errors();
}

#[test]
fn cross_light_undo_restores_the_board() {
    let _browser = browser_slot();
    let server = server();
    let driver = Driver::start();
    let browser = driver.browser(DESKTOP.0, DESKTOP.1);
    browser.goto(&format!("{}lights", server.url()));
    lights_ready(&browser);

    let start = lit(&browser);
    assert!(
        browser.script("return document.querySelector('#undo').disabled;", &[]) == json!(true),
        "nothing to undo yet"
    );
    browser.click("#board .cell[data-index='12']");
    wait_moves(&browser, 1);
    let after_one = lit(&browser);
    assert_eq!(after_one, pressed(&start, 12), "a press flips the cross");
    browser.click("#board .cell[data-index='0']");
    wait_moves(&browser, 2);
    assert_eq!(lit(&browser), pressed(&after_one, 0));

    browser.click("#undo");
    wait_moves(&browser, 1);
    assert_eq!(
        lit(&browser),
        after_one,
        "undo restores the board before the last press"
    );
    browser.click("#undo");
    wait_moves(&browser, 0);
    assert_eq!(lit(&browser), start, "and again, back to the start");
    assert_eq!(
        browser.script("return document.querySelector('#undo').disabled;", &[]),
        json!(true)
    );
    browser.assert_no_console_errors();
}

#[test]
fn cross_light_plays_from_the_keyboard_alone() {
    let _browser = browser_slot();
    let server = server();
    let driver = Driver::start();
    let browser = driver.browser(DESKTOP.0, DESKTOP.1);
    browser.goto(&format!("{}lights", server.url()));
    lights_ready(&browser);
    let focused = || focused_cell(&browser, "#board");

    // Tab from the top of the page reaches the board (one stop: the cursor's cell, the centre).
    assert_eq!(tab_into(&browser, "#board", 12), json!(12));

    // Every cell says where it is and whether it is on.
    let labels = browser.script(
        "return Array.from(document.querySelectorAll('#board .cell')).map((c) =>
            c.getAttribute('aria-label') + '|' + c.getAttribute('aria-pressed'));",
        &[],
    );
    let start = lit(&browser);
    for (i, label) in labels.as_array().into_iter().flatten().enumerate() {
        let (row, column) = (i / 5 + 1, i % 5 + 1);
        let state = if start[i] { "on|true" } else { "off|false" };
        assert_eq!(label, &json!(format!("Row {row}, column {column}, {state}")));
    }

    // Arrows move (wrapping at the edge), Enter presses.
    browser.keys(&[key::RIGHT, key::RIGHT, key::DOWN]);
    assert_eq!(focused(), json!(19));
    browser.keys(&[key::RIGHT]);
    assert_eq!(focused(), json!(15), "right from the last column wraps");
    browser.keys(&[key::ENTER]);
    wait_moves(&browser, 1);
    let after_enter = pressed(&start, 15);
    assert_eq!(lit(&browser), after_enter);

    // Space presses too; the focus stays on the board.
    browser.keys(&[key::UP, key::UP, key::UP, key::UP, key::SPACE]);
    wait_moves(&browser, 2);
    assert_eq!(focused(), json!(20), "up from row 1 wraps to row 5");
    assert_eq!(lit(&browser), pressed(&after_enter, 20));

    // Shortcuts: U takes the press back, H shows a hint and moves the cursor onto it.
    browser.keys(&["u"]);
    wait_moves(&browser, 1);
    assert_eq!(lit(&browser), after_enter);
    browser.keys(&["h"]);
    let hinted = browser.wait_for(
        "a hint",
        "const c = document.querySelector('#board .cell.hint'); return c ? Number(c.dataset.index) + 1 : 0;",
        &[],
    );
    assert_eq!(focused(), json!(hinted.as_u64().unwrap_or(0) - 1));
    browser.keys(&[key::ENTER]);
    wait_moves(&browser, 2);
    browser.assert_no_console_errors();
}

#[test]
fn cross_light_game_survives_a_reload() {
    let _browser = browser_slot();
    let server = server();
    let driver = Driver::start();
    let browser = driver.browser(PHONE.0, PHONE.1);
    browser.goto(&format!("{}lights", server.url()));
    lights_ready(&browser);

    browser.click(".segmented [data-level='normal']");
    browser.wait_for(
        "a normal puzzle",
        "return document.querySelector('#board').dataset.puzzle === 'normal';",
        &[],
    );
    let par = number(&browser, "#par");
    for (n, index) in [7usize, 22, 35].into_iter().enumerate() {
        browser.click(&format!("#board .cell[data-index='{index}']"));
        wait_moves(&browser, n + 1);
    }
    browser.click("#hint");
    browser.wait_for(
        "a hint",
        "return document.querySelector('#board .cell.hint') !== null;",
        &[],
    );
    let board = lit(&browser);
    let message = browser.text("#message");

    browser.refresh();
    lights_ready(&browser);
    assert_eq!(
        browser.script("return document.querySelector('#board').dataset.puzzle;", &[]),
        json!("normal")
    );
    assert_eq!(lit(&browser), board, "the board is back");
    assert_eq!(number(&browser, "#moves"), 3);
    assert_eq!(number(&browser, "#par"), par);
    assert_eq!(browser.text("#message"), message, "so is the hint");
    // And so is the history: three undos go back to the puzzle's start.
    for moves in [2, 1, 0] {
        browser.click("#undo");
        wait_moves(&browser, moves);
    }
    assert_eq!(lit(&browser), {
        let mut start = board.clone();
        for index in [35, 22, 7] {
            start = pressed(&start, index);
        }
        start
    });
    browser.assert_no_console_errors();
}

//! Tic-tac-toe in a headless Chromium on the app's in-process chain (what `marubatsu serve` runs by default),
//! driven over WebDriver by chromedriver: solo against each level through the contract, the hot seat, PvP
//! between two browsers, reloads, the keyboard, both languages at phone and desktop size with the page check,
//! and the boards' screenshots. (On anvil with a wallet of the player's own: `tictactoe_browser.rs`.) Without
//! Chromium and chromedriver the tests fail and say how to install them; nothing is skipped.

use crate::support;

use marubatsu_engine::tictactoe::optimal_moves;
use serde_json::{Value, json};
use support::pages::lights::LightsPage;
use support::pages::tictactoe::{TictactoePage, position};
use support::{
    Browser, Driver, Image, browser_slot, focused_cell, key, screenshot_dir, server, set_language, tab_into, words,
};

const PHONE: (u32, u32) = (390, 844);
const DESKTOP: (u32, u32) = (1280, 860);

// ---- tic-tac-toe ----------------------------------------------------------------------------------------------

#[test]
fn tictactoe_fork_line_beats_normal_through_the_contract() {
    let _browser = browser_slot();
    let server = server();
    let driver = Driver::start();
    let browser = driver.browser(DESKTOP.0, DESKTOP.1);
    let page = TictactoePage::new(&browser);
    browser.goto(&format!("{}tictactoe", server.url()));
    page.new_solo_game("normal");
    assert_eq!(page.data("cpuLevel"), "normal");
    assert_eq!(page.data("cpuFirst"), "false");
    assert!(
        page.marks().iter().all(Option::is_none),
        "the player starts on an empty board"
    );

    // Corner, opposite corner, third corner: Normal never looks at forks.
    page.play_solo(0);
    assert_eq!(page.marks()[4].as_deref(), Some("O"), "Normal takes the centre");
    page.play_solo(8);
    assert_eq!(page.marks()[2].as_deref(), Some("O"), "then the first free corner");
    page.play_solo(6);
    let board = page.marks();
    assert_eq!(page.data("result"), "inProgress");
    // X holds 0, 6, 8: threats at 3 and 7; the CPU blocked one, the other is open.
    let open: Vec<u8> = [3u8, 7]
        .into_iter()
        .filter(|&c| board[usize::from(c)].is_none())
        .collect();
    assert_eq!(open.len(), 1, "the CPU blocked exactly one threat: {board:?}");
    page.play_solo(open[0]);
    assert_eq!(page.data("result"), "playerWon");
    assert_eq!(page.status_text(), "You win!");
    let line = page.winning_line();
    let mut expected = vec![6, 8, open[0]];
    expected.sort();
    assert_eq!(line, json!(expected), "the winning line is marked");
    // One row per transaction (the start and four moves), each with its receipt's gas.
    let gas = page.gas_column();
    assert_eq!(gas.len(), 5, "{gas:?}");
    assert!(gas.iter().all(|&g| g > 21_000 && g < 1_000_000), "{gas:?}");
    assert!(browser.text("#chain-info").contains("SoloTicTacToe at 0x"));
    // A finished game takes no more moves.
    let empty = board.iter().position(Option::is_none).unwrap_or(0);
    page.click_index(empty);
    assert_eq!(page.gas_column().len(), 5);
    browser.assert_no_console_errors();
}

/// Plays the best moves (the engine's solver) for the player until the game ends; returns the result.
fn play_perfectly(browser: &Browser<'_>) -> String {
    let page = TictactoePage::new(browser);
    while page.data("result") == "inProgress" {
        let now = position(&page.marks());
        let best = optimal_moves(now)
            .first()
            .unwrap_or_else(|| panic!("no move in {now:?}"));
        page.play_solo(best.index());
    }
    page.data("result")
}

#[test]
fn tictactoe_hard_holds_the_draw_whoever_starts() {
    let _browser = browser_slot();
    let server = server();
    let driver = Driver::start();
    let browser = driver.browser(DESKTOP.0, DESKTOP.1);
    let page = TictactoePage::new(&browser);
    browser.goto(&format!("{}tictactoe", server.url()));
    page.new_solo_game("hard");
    assert_eq!(
        (page.data("cpuLevel"), page.data("cpuFirst")),
        ("hard".to_owned(), "false".to_owned())
    );
    assert_eq!(play_perfectly(&browser), "draw");
    assert_eq!(page.status_text(), "Draw.");

    page.new_solo_game_cpu_first();
    assert_eq!(page.data("cpuFirst"), "true");
    let opening = page.marks();
    assert_eq!(
        opening[4].as_deref(),
        Some("X"),
        "Hard opens in the centre, in the same transaction"
    );
    assert_eq!(play_perfectly(&browser), "draw");
    assert!(page.cpu_first_pressed());
    browser.assert_no_console_errors();
}

#[test]
fn tictactoe_games_survive_a_reload() {
    let _browser = browser_slot();
    let server = server();
    let driver = Driver::start();
    let browser = driver.browser(PHONE.0, PHONE.1);
    let page = TictactoePage::new(&browser);
    browser.goto(&format!("{}tictactoe", server.url()));
    page.wait_idle();

    // On chain: the game id comes back, and the board is read from the contract again.
    page.play_solo(4);
    let game = page.data("game");
    let board = page.marks();
    let gas = page.gas_column();
    browser.refresh();
    page.wait_idle();
    assert_eq!(page.data("game"), game);
    assert_eq!(page.marks(), board);
    assert_eq!(page.gas_column(), gas);

    // Hot seat, off chain: X wins along the top row; after a reload the mode and the game are back.
    page.choose_mode("hotseat");
    browser.wait_for(
        "the hot seat board",
        "const b = document.querySelector('#ttt-board');
         return b.dataset.mode === 'hotseat' && b.dataset.result === 'inProgress';",
        &[],
    );
    for (n, cell) in [0, 3, 1, 4, 2].into_iter().enumerate() {
        page.click_index(cell);
        browser.wait_for(
            "the move",
            "return Array.from(document.querySelectorAll('#ttt-board .cell[data-mark]')).length === arguments[0];",
            &[json!(n + 1)],
        );
    }
    assert_eq!(page.data("result"), "X");
    assert_eq!(page.status_text(), "X wins!");
    let won = page.marks();
    browser.refresh();
    browser.wait_for(
        "the hot seat game",
        "return document.querySelector('#ttt-board').dataset.result === 'X';",
        &[],
    );
    assert_eq!(page.marks(), won);
    browser.click("#hotseat-undo");
    browser.wait_for(
        "the undo",
        "return document.querySelector('#ttt-board').dataset.result === 'inProgress';",
        &[],
    );
    assert_eq!(page.marks()[2], None);
    browser.assert_no_console_errors();
}

#[test]
fn tictactoe_plays_from_the_keyboard_alone() {
    let _browser = browser_slot();
    let server = server();
    let driver = Driver::start();
    let browser = driver.browser(DESKTOP.0, DESKTOP.1);
    let page = TictactoePage::new(&browser);
    browser.goto(&format!("{}tictactoe", server.url()));
    page.wait_idle();
    let focused = || focused_cell(&browser, "#ttt-board");

    // Tab reaches the board once, on the centre.
    assert_eq!(tab_into(&browser, "#ttt-board", 20), json!(4));
    let label = "return document.activeElement.getAttribute('aria-label');";
    assert_eq!(browser.script(label, &[]), json!("row 2, column 2, empty"));

    // Arrows move and wrap; Enter plays the focused cell on chain, and the CPU answers in the same transaction.
    browser.keys(&[key::UP, key::LEFT, key::LEFT]);
    assert_eq!(focused(), json!(2), "left from the first column wraps to the last");
    let turns = page.data("turns");
    browser.keys(&[key::ENTER]);
    page.wait_turn_after("the move from the keyboard", &turns);
    let after = page.marks();
    assert_eq!(after[2].as_deref(), Some("X"));
    assert_eq!(
        after.iter().filter(|m| m.as_deref() == Some("O")).count(),
        1,
        "the CPU answered: {after:?}"
    );

    // Enter on a taken cell changes nothing: the board and the turn count stay as they are.
    let turns = page.data("turns");
    browser.keys(&[key::ENTER]);
    assert_eq!(page.wait_idle(), json!(turns));
    assert_eq!(page.marks(), after);

    // Space plays too, on a free cell reached with the arrows.
    let free = after
        .iter()
        .position(Option::is_none)
        .unwrap_or_else(|| panic!("no free cell in {after:?}"));
    // The cursor is on cell 2 (row 1): Home goes to the row's start, then down and right to the free cell.
    let (row, column) = (free / 3, free % 3);
    browser.keys(&[key::HOME]);
    browser.keys(&vec![key::DOWN; row]);
    browser.keys(&vec![key::RIGHT; column]);
    assert_eq!(focused(), json!(free));
    browser.keys(&[key::SPACE]);
    page.wait_turn_after("the move played with Space", &turns);
    assert_eq!(page.marks()[free].as_deref(), Some("X"));
    browser.assert_no_console_errors();
}

// ---- tic-tac-toe to its end, in both languages, with the page check ------------------------------------------

const TTT_SIZES: [(&str, (u32, u32)); 2] = [("phone", PHONE), ("desktop", DESKTOP)];

/// The end screen: the result in large type, the winning line drawn strongly, "New game" on the first screen,
/// and the gas and addresses out of sight in a closed panel.
fn assert_strong_end(browser: &Browser<'_>, name: &str, line: &[u8]) {
    let end = browser.script(
        r#"const s = document.querySelector('#ttt-status');
         const again = document.querySelector('#ttt-again').getBoundingClientRect();
         const lined = Array.from(document.querySelectorAll('#ttt-board .cell.line')).map((c) => Number(c.dataset.index));
         const open = Array.from(document.querySelectorAll('details[open]')).map((d) => d.id);
         const main = document.querySelector('main');
         const visibleText = Array.from(main.querySelectorAll('*'))
           .filter((e) => e.children.length === 0 && e.closest('details:not([open])') === null && e.offsetParent !== null)
           .map((e) => e.textContent).join(' ');
         return {
           size: parseFloat(getComputedStyle(s).fontSize),
           final: s.classList.contains('final'),
           againOnScreen: again.top >= 0 && again.bottom <= window.innerHeight,
           lined, open,
           address: /0x[0-9a-fA-F]{40}/.test(visibleText),
           gas: /(gas|ガス)\s*[0-9]/i.test(visibleText),
         };"#,
        &[],
    );
    assert!(
        end["final"] == json!(true) && end["size"].as_f64().unwrap_or(0.0) >= 24.0,
        "{name}: {end}"
    );
    assert_eq!(
        end["againOnScreen"],
        json!(true),
        "{name}: New game is on the first screen: {end}"
    );
    let mut expected = line.to_vec();
    expected.sort_unstable();
    assert_eq!(end["lined"], json!(expected), "{name}: the winning line");
    assert_eq!(end["open"], json!([]), "{name}: the details stay closed: {end}");
    assert_eq!(
        end["address"],
        json!(false),
        "{name}: no 40-digit address in the main panel: {end}"
    );
    assert_eq!(
        end["gas"],
        json!(false),
        "{name}: no gas figure in the main panel: {end}"
    );
}

/// Solo against Normal with the fork line, to a win, checking the page after every step.
fn solo_to_a_win(browser: &Browser<'_>, name: &str, lang: &str) {
    let page = TictactoePage::new(browser);
    // A fresh game at Normal, the player first (Normal is the default and the setting starts a game).
    page.new_solo_game("normal");
    browser.check_page(&format!("{name}-start"), Some("#ttt-board"));
    page.play_solo(0);
    browser.check_page(&format!("{name}-move1"), Some("#ttt-board"));
    page.play_solo(8);
    browser.check_page(&format!("{name}-move2"), Some("#ttt-board"));
    page.play_solo(6);
    browser.check_page(&format!("{name}-move3"), Some("#ttt-board"));
    let board = page.marks();
    let open = [3u8, 7]
        .into_iter()
        .find(|&c| board[usize::from(c)].is_none())
        .unwrap_or_else(|| panic!("the CPU blocked both threats: {board:?}"));
    page.play_solo(open);
    page.wait_result("playerWon");
    browser.check_page(&format!("{name}-won"), Some(".ttt-again"));
    assert_eq!(page.status_text(), words(lang, "You win!", "あなたの勝ち！"));
    assert_strong_end(browser, name, &[6, 8, open]);
}

/// Alice opens a staked game, Bob joins from the link, X wins along the top row; both pages checked.
fn pvp_to_a_win(alice: &Browser<'_>, bob: &Browser<'_>, url: &str, name: &str, lang: &str) {
    alice.click(".segmented [data-mode='pvp']");
    if alice.script("return !document.querySelector('#pvp-game').hidden;", &[]) == json!(true) {
        // A finished game's one way on is the New game button; a game still played offers Another game.
        let finished = alice.script("return document.querySelector('#pvp-leave').hidden;", &[]) == json!(true);
        alice.click(if finished { "#ttt-again" } else { "#pvp-leave" });
    }
    alice.wait_for(
        "the create form",
        "const f = document.querySelector('#pvp-create-form');
         return !f.hidden && !document.querySelector('#pvp-create').disabled;",
        &[],
    );
    alice.check_page(&format!("{name}-create"), Some("#pvp-create-form"));
    alice.click("#pvp-create");
    let link = alice.wait_for(
        "the link to share",
        "const l = document.querySelector('#pvp-share-line');
         return l.hidden ? null : document.querySelector('#pvp-share').href;",
        &[],
    );
    let link = link.as_str().unwrap_or_default().to_owned();
    assert!(link.starts_with(url) && link.contains("?game="), "{link}");
    alice.check_page(&format!("{name}-created"), Some("#pvp-share-line"));

    bob.goto(&link);
    bob.wait_for(
        "the join box",
        "return !document.querySelector('#pvp-join-box').hidden && !document.querySelector('#pvp-join').disabled;",
        &[],
    );
    set_language(bob, lang);
    let terms = bob.text("#pvp-join-terms");
    assert!(terms.contains("0.01"), "the stake in words before joining: {terms}");
    bob.check_page(&format!("{name}-join"), Some("#pvp-join-box"));
    bob.click("#pvp-join");
    for browser in [alice, bob] {
        browser.wait_for(
            "the game to start",
            "const b = document.querySelector('#ttt-board');
             return b.dataset.result === 'active' && b.dataset.busy !== 'true';",
            &[],
        );
    }
    bob.check_page(&format!("{name}-joined"), Some("#ttt-board"));
    // X: 0, 1, 2 along the top row; O: 3, 4.
    let moves = [(0u8, true), (3, false), (1, true), (4, false), (2, true)];
    for (n, (cell, x)) in moves.into_iter().enumerate() {
        let (mover, other) = if x { (alice, bob) } else { (bob, alice) };
        let (mover_page, other_page) = (TictactoePage::new(mover), TictactoePage::new(other));
        mover_page.click_index(usize::from(cell));
        mover_page.wait_marks(n + 1);
        other_page.wait_marks(n + 1);
        if n + 1 < moves.len() {
            other.check_page(&format!("{name}-move{}", n + 1), Some("#ttt-board"));
        }
    }
    for (browser, who, status) in [
        (
            alice,
            "x",
            words(lang, "You win with three in a row!", "三つそろえて、あなたの勝ち！"),
        ),
        (
            bob,
            "o",
            words(
                lang,
                "You lose: X has three in a row.",
                "あなたの負け。×が三つそろえました。",
            ),
        ),
    ] {
        let page = TictactoePage::new(browser);
        page.wait_result("xWon");
        let shot = format!("{name}-{who}-end");
        browser.check_page(&shot, Some(".ttt-again"));
        assert_eq!(page.status_text(), status, "{shot}");
        assert_strong_end(browser, &shot, &[0, 1, 2]);
    }
}

/// Two players on one device, off chain: X wins along the top row.
fn hotseat_to_a_win(browser: &Browser<'_>, name: &str, lang: &str) {
    let page = TictactoePage::new(browser);
    page.choose_mode("hotseat");
    // The stored hot seat game comes back from the server after the switch: decide on a new game only once it is
    // drawn, or a board still empty while it loads skips the click and then fills with the last game's end.
    browser.wait_for(
        "the hot seat board loaded",
        "const b = document.querySelector('#ttt-board');
         return b.dataset.mode === 'hotseat' && b.dataset.result !== 'none';",
        &[],
    );
    if !page.marks().iter().all(Option::is_none) {
        browser.click("#hotseat-new");
    }
    browser.wait_for(
        "an empty hot seat board",
        "const b = document.querySelector('#ttt-board');
         return b.dataset.mode === 'hotseat' && b.dataset.result === 'inProgress'
           && b.querySelectorAll('.cell[data-mark]').length === 0;",
        &[],
    );
    browser.check_page(&format!("{name}-start"), Some("#ttt-board"));
    let moves = [0u8, 3, 1, 4, 2];
    for (n, cell) in moves.into_iter().enumerate() {
        page.click_index(usize::from(cell));
        page.wait_marks(n + 1);
        if n + 1 < moves.len() {
            browser.check_page(&format!("{name}-move{}", n + 1), Some("#ttt-board"));
        }
    }
    page.wait_result("X");
    browser.check_page(&format!("{name}-won"), Some(".ttt-again"));
    assert_eq!(page.status_text(), words(lang, "X wins!", "×の勝ち！"));
    assert_strong_end(browser, name, &[0, 1, 2]);
}

/// Bob's page is pointed at Alice's solo game (as a forged or stale link would) and he presses a cell: the
/// contract refuses, and the page says so in words.
fn a_move_in_someone_elses_game_is_refused_in_words(alice: &Browser<'_>, bob: &Browser<'_>, url: &str, lang: &str) {
    let bob_page = TictactoePage::new(bob);
    let alice_page = TictactoePage::new(alice);
    alice.goto(url);
    set_language(alice, lang);
    alice_page.choose_mode("solo");
    alice_page.new_solo_game("easy");
    let game: u64 = alice_page.data("game").parse().unwrap_or_else(|err| panic!("{err}"));
    bob.goto(url);
    set_language(bob, lang);
    bob_page.choose_mode("solo");
    bob_page.wait_idle();
    let account = bob.script(
        "return fetch('/api/tictactoe/chain').then((r) => r.json()).then((i) => i.instance + ':' + i.account);",
        &[],
    );
    bob.script(
        "localStorage.setItem('marubatsu.tictactoe.solo',
           JSON.stringify({scope: 'embedded:' + arguments[0], id: arguments[1], turns: []}));
         return true;",
        &[account, json!(game)],
    );
    bob.refresh();
    bob.wait_for(
        "Alice's game on Bob's page",
        "const b = document.querySelector('#ttt-board');
         return b.dataset.game === String(arguments[0]) && b.dataset.busy !== 'true';",
        &[json!(game)],
    );
    let before = bob_page.marks();
    bob_page.click_index(4);
    bob.wait_for(
        "the refusal",
        "return document.querySelector('#tx-status').dataset.state === 'reverted';",
        &[],
    );
    let said = bob.text("#tx-status");
    let owner = words(lang, "belongs to 0x", "のものです");
    assert!(
        said.contains(&format!("Game {game} ")) || said.contains(&format!("ゲーム {game} ")),
        "{said}"
    );
    assert!(said.contains(owner), "the refusal names the owner: {said}");
    assert!(
        !said.contains('{') && !said.contains("NotYourGame"),
        "plain words: {said}"
    );
    assert_eq!(bob_page.marks(), before, "nothing was played");
    bob.check_page(&format!("tictactoe-desktop-{lang}-intruder"), Some("#ttt-board"));
}

/// The same account finishes the game behind the page's back (another tab or window would, sending through the
/// same cookie); the page notices by itself, shows the end, says where it happened, and a press on a free cell
/// sends nothing and shows no contract error as data.
fn a_stale_tab_follows_the_end_in_words(browser: &Browser<'_>, url: &str, lang: &str) {
    let page = TictactoePage::new(browser);
    browser.goto(url);
    set_language(browser, lang);
    page.new_solo_game("normal");
    let game: u64 = page.data("game").parse().unwrap_or_else(|err| panic!("{err}"));
    let cells = browser.script(
        "const game = arguments[0];
         const post = (path, body) => fetch(path, {method: 'POST', headers: {'content-type': 'application/json'},
           body: JSON.stringify(body)}).then((r) => r.json());
         const read = () => fetch(`/api/tictactoe/solo/games/${game}`).then((r) => r.json());
         const play = async (cell) => {
           const tx = await post('/api/tictactoe/tx', {action: 'playSolo', game, cell});
           await post('/api/tictactoe/send', {to: tx.to, data: tx.data, value: tx.value});
         };
         return (async () => {
           for (const cell of [0, 8, 6]) await play(cell);
           const now = await read();
           await play(now.cells[3] === null ? 3 : 7);
           const end = await read();
           return end.result === 'playerWon' ? end.cells : null;
         })();",
        &[json!(game)],
    );
    assert!(
        cells.is_array(),
        "the fork line beat Normal behind the page's back: {cells}"
    );
    assert!(page.marks().iter().all(Option::is_none), "the page has not looked yet");
    page.wait_result("playerWon");
    let said = browser.text("#tx-status");
    assert_eq!(
        said,
        words(
            lang,
            "This game ended in another tab or window.",
            "このゲームは別のタブかウィンドウで終わりました。"
        )
    );
    let free = cells
        .as_array()
        .and_then(|c| c.iter().position(Value::is_null))
        .unwrap_or_else(|| panic!("no free cell in {cells}"));
    page.click_index(free);
    page.wait_idle();
    let said = format!("{} {}", page.status_text(), browser.text("#tx-status"));
    assert!(!said.contains('{') && !said.contains("GameOver"), "plain words: {said}");
    assert!(
        said.contains(words(lang, "You win!", "あなたの勝ち！")),
        "the page shows the end: {said}"
    );
    assert!(page.marks()[free].is_none(), "nothing was sent");
    browser.check_page(&format!("tictactoe-desktop-{lang}-stale"), Some(".ttt-again"));
}

/// The server gone: a press says so in words, and nothing is sent later behind the player's back.
fn a_dead_server_is_said_as_such(browser: &Browser<'_>, url: &str, lang: &str) {
    let page = TictactoePage::new(browser);
    browser.goto(url);
    set_language(browser, lang);
    page.new_solo_game("easy");
    browser.set_offline(true);
    page.click_index(4);
    let said = browser.wait_for(
        "the page to say the server is gone",
        "const t = document.querySelector('#tx-status');
         return t.dataset.state === 'failed' ? t.textContent : null;",
        &[],
    );
    let said = said.as_str().unwrap_or_default().to_owned();
    assert!(
        said.contains(words(lang, "The server cannot be reached", "サーバーにつながりません")),
        "{said}"
    );
    assert!(!said.contains("Failed to fetch"), "{said}");
    browser.set_offline(false);
    std::thread::sleep(std::time::Duration::from_millis(1500));
    page.wait_idle();
    assert!(page.marks()[4].is_none(), "the press made offline was not sent later");
}

/// Issue 17's tic-tac-toe: at phone and desktop size, in English and Japanese, a solo game against the CPU, a
/// staked game between two browsers (two cookies, two accounts on the embedded chain) and a hot seat game, each
/// to its end with the page check after every step and a strong end screen; then, in two browser sessions kept
/// for the whole story (Chromium's start is the slow part), a move in another browser's game refused in words, a
/// game finished behind the page's back noticed, and a dead server said as such.
#[test]
fn tictactoe_to_its_end_in_both_languages_on_a_phone_and_a_desktop() {
    let _browser = browser_slot();
    let server = server();
    let driver = Driver::start();
    let url = format!("{}tictactoe", server.url());
    let alice = driver.browser(DESKTOP.0, DESKTOP.1);
    let alice_page = TictactoePage::new(&alice);
    let bob = driver.browser(DESKTOP.0, DESKTOP.1);
    for (size, (width, height)) in TTT_SIZES {
        for lang in ["en", "ja"] {
            for browser in [&alice, &bob] {
                browser.set_viewport(width, height);
                browser.goto(&url);
                set_language(browser, lang);
            }
            alice_page.choose_mode("solo");
            alice_page.wait_idle();
            solo_to_a_win(&alice, &format!("tictactoe-{size}-{lang}"), lang);
            pvp_to_a_win(&alice, &bob, &url, &format!("tictactoe-{size}-{lang}-pvp"), lang);
            hotseat_to_a_win(&bob, &format!("tictactoe-{size}-{lang}-hotseat"), lang);
        }
    }
    alice.assert_no_console_errors();
    bob.assert_no_console_errors();
    for browser in [&alice, &bob] {
        browser.set_viewport(DESKTOP.0, DESKTOP.1);
    }
    a_move_in_someone_elses_game_is_refused_in_words(&alice, &bob, &url, "ja");
    a_stale_tab_follows_the_end_in_words(&alice, &url, "en");
    // Chromium logs the requests refused while offline as errors, as it should: no console check after this.
    a_dead_server_is_said_as_such(&bob, &url, "en");
}

// ---- screenshots ----------------------------------------------------------------------------------------------

fn rects(browser: &Browser<'_>, selector: &str) -> Vec<(u32, u32, u32, u32)> {
    let value = browser.script(
        "return Array.from(document.querySelectorAll(arguments[0])).map((e) => {
            const r = e.getBoundingClientRect();
            return [r.x, r.y, r.width, r.height].map(Math.round);
         });",
        &[json!(selector)],
    );
    serde_json::from_value(value).unwrap_or_else(|err| panic!("{err}"))
}

fn amber(r: u8, g: u8, b: u8) -> bool {
    r > 230 && (170..=230).contains(&g) && b < 120
}

fn dark_cell(r: u8, g: u8, b: u8) -> bool {
    // --off: #1e2940
    r.abs_diff(0x1e) < 14 && g.abs_diff(0x29) < 14 && b.abs_diff(0x40) < 14
}

fn coral(r: u8, g: u8, b: u8) -> bool {
    // --x: #ff7a7a
    r > 220 && (90..=150).contains(&g) && (90..=150).contains(&b)
}

#[test]
fn screenshots_show_each_board_on_a_phone_and_a_desktop() {
    let _browser = browser_slot();
    let server = server();
    let driver = Driver::start();
    let dir = screenshot_dir();
    for (width, height) in [PHONE, DESKTOP] {
        let browser = driver.browser(width, height);
        let page = TictactoePage::new(&browser);

        let lights_page = LightsPage::new(&browser);
        lights_page.open(&format!("{}lights", server.url()));
        let shot = browser.screenshot();
        std::fs::write(dir.join(format!("lights-{width}x{height}.png")), &shot).unwrap_or_else(|err| panic!("{err}"));
        let image = Image::decode(&shot);
        let board = rects(&browser, "#board")[0];
        assert!(
            board.0 + board.2 <= image.width && board.1 + board.3 <= image.height,
            "the board {board:?} is inside the {}×{} screenshot",
            image.width,
            image.height
        );
        let lights = lights_page.lit();
        let cells = rects(&browser, "#board .cell");
        assert_eq!(cells.len(), lights.len());
        for ((x, y, w, h), &on) in cells.iter().zip(&lights) {
            // The middle half of each cell is the light's colour: amber if on, the dark cell colour if off.
            let middle = (x + w / 4, y + h / 4, w / 2, h / 2);
            let area = (w / 2) as usize * (h / 2) as usize;
            let (matching, colour) = if on {
                (image.count(middle, amber), "amber")
            } else {
                (image.count(middle, dark_cell), "dark")
            };
            assert!(
                matching * 10 >= area * 9,
                "{width}×{height}: cell at {x},{y} should be {colour}: {matching} of {area} pixels"
            );
        }

        browser.goto(&format!("{}tictactoe", server.url()));
        page.new_solo_game_cpu_first();
        let shot = browser.screenshot();
        std::fs::write(dir.join(format!("tictactoe-{width}x{height}.png")), &shot)
            .unwrap_or_else(|err| panic!("{err}"));
        let image = Image::decode(&shot);
        let board = rects(&browser, "#ttt-board")[0];
        assert!(board.0 + board.2 <= image.width && board.1 + board.3 <= image.height);
        let cells = rects(&browser, "#ttt-board .cell");
        let board_marks = page.marks();
        for ((x, y, w, h), mark) in cells.iter().zip(&board_marks) {
            let area = (*w as usize) * (*h as usize);
            let x_pixels = image.count((*x, *y, *w, *h), coral);
            let dark = image.count((*x, *y, *w, *h), dark_cell);
            if mark.as_deref() == Some("X") {
                assert!(
                    x_pixels * 50 >= area,
                    "{width}×{height}: the X at {x},{y} is drawn ({x_pixels} px)"
                );
            } else {
                assert_eq!(x_pixels, 0, "{width}×{height}: no X at {x},{y}");
                assert!(
                    dark * 10 >= area * 8,
                    "{width}×{height}: the empty cell at {x},{y} is drawn"
                );
            }
        }
        assert_eq!(board_marks.iter().flatten().count(), 1, "the CPU opened");
        browser.assert_no_console_errors();
    }
}

// ---- Chrome DevTools --------------------------------------------------------------------------------------

#[test]
fn a_script_added_through_devtools_runs_before_the_page_loads() {
    let _browser = browser_slot();
    let server = server();
    let driver = Driver::start();
    let browser = driver.browser(DESKTOP.0, DESKTOP.1);
    // What a test wallet needs: code that is in place before any script of the page runs, on every page.
    let added = browser.execute_cdp(
        "Page.addScriptToEvaluateOnNewDocument",
        json!({"source": "window.injectedWhile = document.readyState;"}),
    );
    assert!(
        added["identifier"].as_str().is_some_and(|id| !id.is_empty()),
        "DevTools names the added script: {added}"
    );
    for page in ["", "tictactoe"] {
        browser.goto(&format!("{}{page}", server.url()));
        assert_eq!(
            browser.script("return window.injectedWhile;", &[]),
            json!("loading"),
            "/{page}: the script ran while the document was still loading"
        );
    }
    browser.assert_no_console_errors();
}

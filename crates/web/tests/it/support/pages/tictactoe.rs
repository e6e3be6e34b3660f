//! Tic-tac-toe's page as a player meets it: the board, the solo settings, the status line, the turns table,
//! the transaction line and the page's question before a wallet. Every selector a story shares and every script
//! that reads the board lives here, so a story reads as the player's steps.

use marubatsu_engine::tictactoe::{Bitboard, Cell, Position};
use serde_json::{Value, json};

use crate::support::Browser;

/// Tic-tac-toe open in `browser`'s current tab.
pub struct TictactoePage<'b, 'a> {
    browser: &'b Browser<'a>,
}

impl<'b, 'a> TictactoePage<'b, 'a> {
    /// The page in `browser` (open it with [`TictactoePage::open`], or after a `goto`, wait for it to be idle).
    pub fn new(browser: &'b Browser<'a>) -> TictactoePage<'b, 'a> {
        TictactoePage { browser }
    }

    /// The browser, for what is not the page's own (the viewport, tabs, the network, the page check).
    pub fn browser(&self) -> &'b Browser<'a> {
        self.browser
    }

    /// Goes to `url` and waits for the board, idle.
    pub fn open(&self, url: &str) {
        self.browser.goto(url);
        self.wait_idle();
    }

    /// Waits until the board is drawn and nothing is in flight; its `turns` (or `ready`).
    pub fn wait_idle(&self) -> Value {
        self.browser.wait_for(
            "the tic-tac-toe board",
            "const b = document.querySelector('#ttt-board');
             return b.dataset.ready === 'true' && b.dataset.busy !== 'true' ? b.dataset.turns || 'ready' : null;",
            &[],
        )
    }

    // ---- the board ---------------------------------------------------------------------------------------

    /// The board's data attribute `name` (`mode`, `result`, `game`, `cpuLevel`, …), empty when unset.
    pub fn data(&self, name: &str) -> String {
        self.browser
            .script(
                "return document.querySelector('#ttt-board').dataset[arguments[0]] || '';",
                &[json!(name)],
            )
            .as_str()
            .unwrap_or_default()
            .to_owned()
    }

    /// The cells, each with its mark (`X`, `O`) or none.
    pub fn marks(&self) -> Vec<Option<String>> {
        let value = self.browser.script(
            "return Array.from(document.querySelectorAll('#ttt-board .cell')).map((c) => c.dataset.mark || null);",
            &[],
        );
        serde_json::from_value(value).unwrap_or_else(|err| panic!("{err}"))
    }

    /// The board as the engine's position (the oracle's input).
    pub fn position(&self) -> Position {
        position(&self.marks())
    }

    /// The cells of the winning line, as marked.
    pub fn winning_line(&self) -> Value {
        self.browser.script(
            "return Array.from(document.querySelectorAll('#ttt-board .cell.line')).map((c) => Number(c.dataset.index));",
            &[],
        )
    }

    /// Clicks cell `index` (0 to 8, row by row), not waiting for anything.
    pub fn click_index(&self, index: usize) {
        self.browser.click(&cell(index));
    }

    /// Clicks the cell at `row` and `column` (from 1, as the page's labels count), not waiting for anything.
    pub fn click_cell(&self, row: u8, column: u8) {
        self.click_index(usize::from((row - 1) * 3 + (column - 1)));
    }

    /// Taps cell `index`, as a finger does.
    pub fn tap_index(&self, index: usize) {
        self.browser.tap(&cell(index));
    }

    /// Plays cell `index` in a solo game and waits for the transaction (and the CPU's reply in it).
    pub fn play_solo(&self, index: u8) {
        let turns = self.data("turns");
        self.click_index(usize::from(index));
        self.wait_turn_after(&format!("the move on cell {index}"), &turns);
    }

    /// Waits (saying `what`) until the board's turns are no longer `turns` and nothing is in flight: a move was
    /// played, however it was made (a click, a key).
    pub fn wait_turn_after(&self, what: &str, turns: &str) {
        self.browser.wait_for(
            what,
            "const b = document.querySelector('#ttt-board');
             return b.dataset.turns !== arguments[0] && b.dataset.busy !== 'true';",
            &[json!(turns)],
        );
    }

    /// Waits until the board shows `moves` marks and nothing is in flight.
    pub fn wait_marks(&self, moves: usize) {
        self.browser.wait_for(
            &format!("{moves} marks on the board"),
            "const b = document.querySelector('#ttt-board');
             return b.dataset.busy !== 'true' && b.dataset.ready === 'true'
               && b.querySelectorAll('.cell[data-mark]').length === arguments[0];",
            &[json!(moves)],
        );
    }

    /// Waits until the board's result is `result` (`playerWon`, `xWon`, `X`, …) and nothing is in flight.
    pub fn wait_result(&self, result: &str) {
        self.browser.wait_for(
            &format!("the result {result}"),
            "const b = document.querySelector('#ttt-board');
             return b.dataset.result === arguments[0] && b.dataset.busy !== 'true';",
            &[json!(result)],
        );
    }

    // ---- solo settings -----------------------------------------------------------------------------------

    /// Chooses the CPU's `level` (`easy`, `normal`, `hard`), which starts a new game on chain, and waits for it.
    pub fn new_solo_game(&self, level: &str) {
        self.new_solo_game_by(&format!(".segmented [data-difficulty='{level}']"));
    }

    /// Lets the CPU move first, which starts a new game on chain, and waits for it.
    pub fn new_solo_game_cpu_first(&self) {
        self.new_solo_game_by(".segmented [data-first='cpu']");
    }

    /// Clicks a setting (which starts a new on-chain game) and waits for that game.
    fn new_solo_game_by(&self, selector: &str) {
        self.wait_idle();
        let before = self.data("game");
        self.browser.click(selector);
        self.browser.wait_for(
            "a new game",
            "const b = document.querySelector('#ttt-board');
             return b.dataset.game !== arguments[0] && b.dataset.busy !== 'true';",
            &[json!(before)],
        );
    }

    /// Whether the "CPU first" setting shows as chosen.
    pub fn cpu_first_pressed(&self) -> bool {
        self.browser.script(
            "return document.querySelector('[data-first=\"cpu\"]').getAttribute('aria-pressed');",
            &[],
        ) == json!("true")
    }

    /// Chooses a mode (`solo`, `hotseat`, `pvp`) by its button.
    pub fn choose_mode(&self, mode: &str) {
        self.browser.click(&format!(".segmented [data-mode='{mode}']"));
    }

    // ---- transactions (a wallet's page: on anvil, or a testnet) ----------------------------------------------

    /// Goes to the server at `url` (ending in `/`), plays against a player and connects the wallet.
    pub fn open_pvp_connected(&self, url: &str) {
        self.browser.goto(&format!("{url}tictactoe"));
        self.choose_mode("pvp");
        self.browser.wait_for(
            "the connect button",
            "return document.querySelector('#wallet').dataset.state === 'disconnected';",
            &[],
        );
        self.browser.click("#wallet-connect");
        self.browser.wait_for(
            "the wallet",
            "return document.querySelector('#wallet').dataset.state === 'ready';",
            &[],
        );
    }

    /// Waits until the transaction line reaches `state` (`confirmed`, `reverted`, `refused`, `sent`) and the
    /// page is idle again; returns the line.
    pub fn wait_tx(&self, state: &str) -> String {
        self.browser
            .wait_for(
                &format!("the transaction to be {state}"),
                "const t = document.querySelector('#tx-status');
                 const b = document.querySelector('#ttt-board');
                 return t.dataset.state === arguments[0] && (arguments[0] === 'sent' || b.dataset.busy !== 'true')
                   ? t.textContent : null;",
                &[json!(state)],
            )
            .as_str()
            .unwrap_or_default()
            .to_owned()
    }

    /// Clicks `selector` once the page enables it, as a player waits for a greyed-out button: the page shows a
    /// control (the join box) before it has read what it needs to send (on a loaded machine, seconds later), and a
    /// click on a disabled button does nothing.
    pub fn click_when_enabled(&self, selector: &str) {
        self.browser.wait_for(
            &format!("{selector} to be enabled"),
            "const b = document.querySelector(arguments[0]); return b !== null && !b.disabled;",
            &[json!(selector)],
        );
        self.browser.click(selector);
    }

    /// Clicks `selector`, a paid action, and waits for the resulting transaction to be mined with `state`. The
    /// page asks first what it costs (unless it is a move and the player said not to be asked again in this tab):
    /// the test goes on to the wallet.
    pub fn send_tx(&self, selector: &str, state: &str) -> String {
        self.forget_tx();
        self.click_when_enabled(selector);
        let next = self.browser.wait_for(
            "the page's question or the wallet",
            "const d = document.querySelector('#tx-confirm');
             return d.open ? 'asked' : (document.querySelector('#tx-status').dataset.state !== 'idle' ? 'sent' : null);",
            &[],
        );
        if next == "asked" {
            self.browser.click("#tx-confirm-yes");
        }
        self.wait_tx(state)
    }

    /// Clicks `selector`, a paid action, and waits for the page's question before the wallet; returns its title
    /// and its text, leaving it open for the test to answer.
    pub fn ask_before_sending(&self, selector: &str) -> (String, String) {
        self.forget_tx();
        self.browser.click(selector);
        let asked = self.browser.wait_for(
            "the page's question",
            "const d = document.querySelector('#tx-confirm');
             return d.open ? [d.querySelector('h2').textContent, d.querySelector('p').textContent] : null;",
            &[],
        );
        let word = |i: usize| asked[i].as_str().unwrap_or_default().trim().to_owned();
        (word(0), word(1))
    }

    /// Clicks `selector`, an action that stakes ether: the page asks first (the stake, the fee and their sum), the
    /// test answers `send`; returns the question and, when sent, the transaction line once it is `state`.
    pub fn send_staked(&self, selector: &str, send: bool, state: &str) -> (String, String) {
        self.forget_tx();
        self.click_when_enabled(selector);
        let asked = self
            .browser
            .wait_for(
                "the stake's question",
                "const d = document.querySelector('#tx-confirm'); return d.open ? d.querySelector('p').textContent : null;",
                &[],
            )
            .as_str()
            .unwrap_or_default()
            .to_owned();
        self.browser
            .click(if send { "#tx-confirm-yes" } else { "#tx-confirm-no" });
        (asked, self.wait_tx(state))
    }

    /// Marks the transaction line idle, so that the next state read is the next transaction's.
    fn forget_tx(&self) {
        self.browser
            .script("document.querySelector('#tx-status').dataset.state = 'idle';", &[]);
    }

    /// Waits until the PvP board shows `moves` marks and the status `status` (the page follows the chain).
    pub fn wait_pvp(&self, moves: usize, status: &str) {
        self.browser.wait_for(
            &format!("the PvP page to show {moves} moves and status {status}"),
            "const b = document.querySelector('#ttt-board');
             return b.dataset.moves === String(arguments[0]) && b.dataset.result === arguments[1];",
            &[json!(moves), json!(status)],
        );
    }

    /// Whether `selector` finds an element that is shown.
    pub fn shown(&self, selector: &str) -> bool {
        self.browser.script(
            "const e = document.querySelector(arguments[0]); return Boolean(e) && !e.hidden && e.offsetParent !== null;",
            &[json!(selector)],
        ) == json!(true)
    }

    /// Whether the control `selector` is disabled.
    pub fn disabled(&self, selector: &str) -> bool {
        self.browser.script(
            "return document.querySelector(arguments[0]).disabled;",
            &[json!(selector)],
        ) == json!(true)
    }

    // ---- what the page says ------------------------------------------------------------------------------

    /// The status line.
    pub fn status_text(&self) -> String {
        self.browser.text("#ttt-status")
    }

    /// The chain's line: which contract, at which address.
    pub fn chain_info(&self) -> String {
        self.browser.text("#chain-info")
    }

    /// The gas of each transaction in the turns table, in order.
    pub fn gas_column(&self) -> Vec<u64> {
        let value = self.browser.script(
            "return Array.from(document.querySelectorAll('#turns tbody tr td:nth-child(4)'))
                .map((td) => td.textContent.replaceAll(',', ''));",
            &[],
        );
        value
            .as_array()
            .into_iter()
            .flatten()
            .map(|v| v.as_str().and_then(|s| s.parse().ok()).unwrap_or(0))
            .collect()
    }
}

/// Cell `index`'s selector.
pub fn cell(index: usize) -> String {
    format!("#ttt-board .cell[data-index='{index}']")
}

/// The engine's position of a board read as marks.
pub fn position(marks: &[Option<String>]) -> Position {
    let side = |mark: &str| -> Bitboard {
        marks
            .iter()
            .enumerate()
            .filter(|(_, m)| m.as_deref() == Some(mark))
            .map(|(i, _)| Cell::new(i as u8).unwrap_or_else(|| panic!("cell {i}")))
            .collect()
    };
    Position::new(side("X"), side("O")).unwrap_or_else(|| panic!("marks overlap: {marks:?}"))
}

/// A sentence the server sends as `{key, args}` (a receipt's event or reason, an explained revert) in English, as
/// the page words it from the game's catalog.
pub fn said(words: &Value) -> String {
    crate::support::catalog::said(include_str!("../../../../src/games/tictactoe/strings.js"), words, "en")
}

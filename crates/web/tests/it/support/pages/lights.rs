//! Cross light's page as a player meets it: the board, the levels, the hint, undo, the dialogs. Every selector
//! and every script that reads the page lives here, so a story reads as the player's steps.

use std::time::Duration;

use marubatsu_engine::lights::{Bitboard, Board, Size, solve};
use serde_json::{Value, json};

use crate::support::Browser;

/// The player's next controls: Undo and Hint must be on the first screen.
pub const DECISION: &str = "#lights-actions";
/// The solved dialog's answers.
pub const SOLVED_ACTIONS: &str = "#solved .actions";
/// The "start a new puzzle?" dialog's answers.
pub const REPLACE_ACTIONS: &str = "#replace .actions";

/// Cross light open in `browser`'s current tab.
pub struct LightsPage<'b, 'a> {
    browser: &'b Browser<'a>,
}

impl<'b, 'a> LightsPage<'b, 'a> {
    /// The page in `browser` (open it with [`LightsPage::open`], or after a `goto`, [`LightsPage::wait_ready`]).
    pub fn new(browser: &'b Browser<'a>) -> LightsPage<'b, 'a> {
        LightsPage { browser }
    }

    /// The browser, for what is not the page's own (the viewport, tabs, the network, the page check).
    pub fn browser(&self) -> &'b Browser<'a> {
        self.browser
    }

    /// Goes to `url` and waits for the board.
    pub fn open(&self, url: &str) {
        self.browser.goto(url);
        self.wait_ready();
    }

    /// Reloads the page and waits for the board.
    pub fn reload(&self) {
        self.browser.refresh();
        self.wait_ready();
    }

    /// The page at `url` with nothing stored: no game, best, language choice or sound switch.
    pub fn open_fresh(&self, url: &str) {
        self.open(url);
        // The page rebuilds a stored game from the server's answer and stores it again when the answer comes;
        // cleared before that answer, the storage got the old game back (seen on a loaded machine).
        self.browser.script(
            "localStorage.clear(); document.cookie = 'lang=; path=/; max-age=0'; return true;",
            &[],
        );
        self.open(url);
    }

    /// Waits until the board is drawn (the page marks it ready).
    pub fn wait_ready(&self) {
        self.browser.wait_for(
            "the cross light board",
            "return document.querySelector('#board').dataset.ready === 'true';",
            &[],
        );
    }

    // ---- the board ---------------------------------------------------------------------------------------

    /// The lamps, cell by cell: lit or not.
    pub fn lit(&self) -> Vec<bool> {
        let value = self.browser.script(
            "return Array.from(document.querySelectorAll('#board .cell'))
                .map((c) => c.getAttribute('aria-pressed') === 'true');",
            &[],
        );
        serde_json::from_value(value).unwrap_or_else(|err| panic!("{err}"))
    }

    /// The cells of a shortest solution of what the page shows, by the engine's solver (the oracle).
    pub fn solution(&self) -> Vec<usize> {
        let on = self.lit();
        let side = (on.len() as f64).sqrt() as u8;
        let size = Size::from_side(side).unwrap_or_else(|| panic!("a {side}×{side} board"));
        let bits = on
            .iter()
            .enumerate()
            .filter(|(_, on)| **on)
            .fold(0u64, |bits, (i, _)| bits | 1 << i);
        let board = Bitboard::from_bits(bits)
            .and_then(|lit| Board::new(size, lit))
            .unwrap_or_else(|| panic!("the page's board {bits:b} is no {side}×{side} board"));
        let presses = solve(board)
            .unwrap_or_else(|| panic!("the page shows an unsolvable board"))
            .presses()
            .bits();
        (0..on.len()).filter(|i| presses >> i & 1 == 1).collect()
    }

    /// Clicks cell `index`, not waiting for anything (a press the page may refuse).
    pub fn click_cell(&self, index: usize) {
        self.browser.click(&format!("#board .cell[data-index='{index}']"));
    }

    /// Presses cell `index` and waits until the moves read `moves_after`.
    pub fn press(&self, index: usize, moves_after: usize) {
        self.click_cell(index);
        self.wait_moves(moves_after);
    }

    /// Each cell's label and pressed state: `Row 1, column 1, on|true`.
    pub fn cell_labels(&self) -> Vec<String> {
        let value = self.browser.script(
            "return Array.from(document.querySelectorAll('#board .cell')).map((c) =>
                c.getAttribute('aria-label') + '|' + c.getAttribute('aria-pressed'));",
            &[],
        );
        serde_json::from_value(value).unwrap_or_else(|err| panic!("{err}"))
    }

    /// The level the board was drawn at (`easy`, `normal`, `hard`).
    pub fn puzzle(&self) -> Value {
        self.browser
            .script("return document.querySelector('#board').dataset.puzzle;", &[])
    }

    /// Whether the board says it is solved.
    pub fn is_solved(&self) -> bool {
        self.browser
            .script("return document.querySelector('#board').dataset.solved;", &[])
            == json!("true")
    }

    /// The board as the page shows it: the level, when the puzzle was drawn, and the moves.
    pub fn game_on_screen(&self) -> Value {
        self.browser.script(
            "const b = document.querySelector('#board');
             return [b.dataset.puzzle, b.dataset.started, document.querySelector('#moves').textContent];",
            &[],
        )
    }

    // ---- the counters ------------------------------------------------------------------------------------

    /// The moves as shown.
    pub fn moves(&self) -> String {
        self.browser.text("#moves")
    }

    /// The moves, as a number.
    pub fn moves_count(&self) -> usize {
        self.number("#moves")
    }

    /// Par, as a number.
    pub fn par(&self) -> usize {
        self.number("#par")
    }

    /// The clock as shown (`0:00`).
    pub fn time(&self) -> String {
        self.browser.text("#time")
    }

    /// The best as shown (`–` when none).
    pub fn best(&self) -> String {
        self.browser.text("#best")
    }

    /// The message line under the board.
    pub fn message(&self) -> String {
        self.browser.text("#message")
    }

    /// Whether the message line shows an error.
    pub fn message_is_error(&self) -> bool {
        self.browser.script(
            "return document.querySelector('#message').classList.contains('error');",
            &[],
        ) == true
    }

    /// Waits until the message line contains `words`.
    pub fn wait_message_containing(&self, words: &str) {
        self.browser.wait_for(
            &format!("the message {words:?}"),
            "return document.querySelector('#message').textContent.includes(arguments[0]);",
            &[json!(words)],
        );
    }

    /// Waits until the moves read `n`.
    pub fn wait_moves(&self, n: usize) {
        self.browser.wait_for(
            &format!("{n} moves"),
            "return document.querySelector('#moves').textContent === arguments[0];",
            &[json!(n.to_string())],
        );
    }

    fn number(&self, selector: &str) -> usize {
        let text = self.browser.text(selector);
        text.parse()
            .unwrap_or_else(|_| panic!("{selector} shows {text:?}, not a number"))
    }

    // ---- levels and new puzzles --------------------------------------------------------------------------

    /// Clicks the `level` button and waits for a new, ready puzzle of that level (one with no press made).
    pub fn new_puzzle(&self, level: &str) {
        let started = self
            .browser
            .script("return document.querySelector('#board').dataset.started;", &[]);
        self.choose_level(level);
        self.browser.wait_for(
            &format!("a new {level} puzzle"),
            "const b = document.querySelector('#board');
             return b.dataset.puzzle === arguments[0] && b.dataset.started !== arguments[1]
               && b.dataset.ready === 'true';",
            &[level.into(), started],
        );
    }

    /// Clicks the `level` button, not waiting (with a game under way, the page asks first).
    pub fn choose_level(&self, level: &str) {
        self.browser.click(&level_button(level));
    }

    /// Taps the `level` button, as a finger does.
    pub fn tap_level(&self, level: &str) {
        self.browser.tap(&level_button(level));
    }

    /// Whether the `level` button shows as the chosen one.
    pub fn level_pressed(&self, level: &str) -> bool {
        self.browser.script(
            "return document.querySelector(`[data-level='${arguments[0]}']`).getAttribute('aria-pressed');",
            &[json!(level)],
        ) == json!("true")
    }

    /// Double-taps "New puzzle", `gap` apart, by touch or by mouse.
    pub fn double_tap_new(&self, gap: Duration, touch: bool) {
        self.browser.double_tap("#new", gap, touch);
    }

    /// Waits for a new puzzle of the same level as `before` (a [`LightsPage::game_on_screen`]), with no press.
    pub fn wait_new_puzzle_after(&self, before: &Value) {
        self.browser.wait_for(
            "a new puzzle of the same level",
            "const b = document.querySelector('#board');
             return b.dataset.ready === 'true' && b.dataset.started !== arguments[0]
               && document.querySelector('#moves').textContent === '0' && !document.querySelector('#replace').open;",
            &[before[1].clone()],
        );
    }

    /// Waits for a ready `level` puzzle with no press made.
    pub fn wait_fresh_puzzle_of(&self, level: &str) {
        self.browser.wait_for(
            &format!("a fresh {level} puzzle"),
            "const b = document.querySelector('#board'); return b.dataset.puzzle === arguments[0]
               && b.dataset.ready === 'true' && document.querySelector('#moves').textContent === '0';",
            &[json!(level)],
        );
    }

    // ---- "start a new puzzle?" ---------------------------------------------------------------------------

    /// Whether the question is open.
    pub fn replace_question_open(&self) -> bool {
        self.browser
            .script("return document.querySelector('#replace').open;", &[])
            == json!(true)
    }

    /// Waits for the question.
    pub fn wait_replace_question(&self) {
        self.browser
            .wait_for("the question", "return document.querySelector('#replace').open;", &[]);
    }

    /// Waits for the question to close.
    pub fn wait_replace_question_closed(&self) {
        self.browser.wait_for(
            "the question to close",
            "return !document.querySelector('#replace').open;",
            &[],
        );
    }

    /// The question's title and text.
    pub fn replace_question(&self) -> (String, String) {
        (self.browser.text("#replace-title"), self.browser.text("#replace-text"))
    }

    /// Taps "Start the new puzzle" (`yes`) or "Keep playing".
    pub fn answer_replace(&self, yes: bool) {
        self.browser.tap(if yes { "#replace-yes" } else { "#replace-no" });
    }

    // ---- hints and undo ----------------------------------------------------------------------------------

    /// Clicks Hint and waits for the hinted cell; its index.
    pub fn ask_hint(&self) -> usize {
        self.browser.click("#hint");
        self.wait_hint()
    }

    /// Waits for a hinted cell; its index.
    pub fn wait_hint(&self) -> usize {
        let index = self.browser.wait_for(
            "a hinted cell",
            "const c = document.querySelector('#board .cell.hint'); return c ? c.dataset.index : null;",
            &[],
        );
        index.as_str().and_then(|s| s.parse().ok()).unwrap_or(usize::MAX)
    }

    /// The hinted cell's ring and dot as drawn: `[outline style, outline width, ::after content, its colour]`.
    pub fn hint_mark(&self) -> Value {
        self.browser.script(
            "const c = document.querySelector('#board .cell.hint');
             const s = getComputedStyle(c); const dot = getComputedStyle(c, '::after');
             return [s.outlineStyle, parseFloat(s.outlineWidth), dot.content, dot.backgroundColor];",
            &[],
        )
    }

    /// The hints the board counts.
    pub fn hints_used(&self) -> Value {
        self.browser
            .script("return document.querySelector('#board').dataset.hints;", &[])
    }

    /// Asks for hints and presses them until the board is solved; the presses made. Each hint's message is
    /// checked as the English page words it.
    pub fn follow_hints(&self) -> usize {
        let mut presses = 0;
        while !self.is_solved() {
            let index = self.ask_hint();
            let message = self.message();
            assert!(message.starts_with("Hint: press row"), "hint message: {message:?}");
            presses += 1;
            self.press(index, presses);
            assert!(presses <= 49, "following hints does not end");
        }
        presses
    }

    /// Clicks Undo and waits until the moves read `moves_after`.
    pub fn undo(&self, moves_after: usize) {
        self.browser.click("#undo");
        self.wait_moves(moves_after);
    }

    /// Whether Undo is disabled.
    pub fn undo_disabled(&self) -> bool {
        self.browser
            .script("return document.querySelector('#undo').disabled;", &[])
            == json!(true)
    }

    // ---- the solved dialog -------------------------------------------------------------------------------

    /// Waits for the solved dialog.
    pub fn wait_solved_dialog(&self) {
        self.browser.wait_for(
            "the solved dialog",
            "return document.querySelector('#solved').open;",
            &[],
        );
    }

    /// The solved dialog's text.
    pub fn solved_text(&self) -> String {
        self.browser.text("#solved-text")
    }

    /// Closes the solved dialog and waits for it to close.
    pub fn close_solved(&self) {
        self.browser.click("#solved-close");
        self.browser.wait_for(
            "the dialog to close",
            "return !document.querySelector('#solved').open;",
            &[],
        );
    }

    // ---- what the browser keeps --------------------------------------------------------------------------

    /// The hint-assisted solve kept for `level`: `{moves, hints, …}`.
    pub fn stored_assisted(&self, level: &str) -> Value {
        self.browser.script(
            "return JSON.parse(localStorage.getItem('marubatsu.lights.assisted.' + arguments[0]));",
            &[json!(level)],
        )
    }

    /// The length of the stored log (the puzzle, then each press the server answered).
    pub fn stored_log_len(&self) -> Value {
        self.browser.script(
            "return JSON.parse(localStorage.getItem('marubatsu.lights.log')).length;",
            &[],
        )
    }

    // ---- sound -------------------------------------------------------------------------------------------

    /// `[music pressed, effects pressed, music playing or stopped]`.
    pub fn sound_state(&self) -> Value {
        self.browser.script(
            "return [document.querySelector('#music').getAttribute('aria-pressed'),
                     document.querySelector('#sound').getAttribute('aria-pressed'),
                     document.documentElement.dataset.music];",
            &[],
        )
    }

    /// Clicks the music switch.
    pub fn toggle_music(&self) {
        self.browser.click("#music");
    }

    /// Clicks the sound effects switch.
    pub fn toggle_effects(&self) {
        self.browser.click("#sound");
    }

    /// The music switch's words.
    pub fn music_label(&self) -> String {
        self.browser.text("#music")
    }

    /// Waits until the music plays.
    pub fn wait_music_playing(&self) {
        self.browser.wait_for(
            "the music",
            "return document.documentElement.dataset.music === 'playing';",
            &[],
        );
    }
}

/// A level's button.
fn level_button(level: &str) -> String {
    format!(".segmented [data-level='{level}']")
}

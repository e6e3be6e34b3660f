//! The know-it-all relay's page as the table meets it: the setup, the topic, the talk and its countdown, the
//! hand-over, the ballot, the results. Every selector and every script that reads the page lives here, so a story
//! reads as the players' steps.

use serde_json::{Value, json};

use crate::support::Browser;

/// The relay open in `browser`'s current tab.
pub struct RelayPage<'b, 'a> {
    browser: &'b Browser<'a>,
}

impl<'b, 'a> RelayPage<'b, 'a> {
    /// The page in `browser`.
    pub fn new(browser: &'b Browser<'a>) -> RelayPage<'b, 'a> {
        RelayPage { browser }
    }

    /// The browser, for what is not the page's own (the viewport, tabs, the page check).
    pub fn browser(&self) -> &'b Browser<'a> {
        self.browser
    }

    /// Opens the relay of the server at `url` (ending in `/`) at `size` in `lang` with nothing remembered: the
    /// setup of a new game.
    pub fn fresh_setup(&self, url: &str, lang: &str, size: (u32, u32)) {
        self.browser.set_viewport(size.0, size.1);
        self.browser.goto(&format!("{url}relay"));
        // The page's first answer must be in before the tab forgets its game, or it would write the game back.
        self.browser.wait_for(
            "the page to load",
            "const r = document.querySelector('#relay');
             return r.dataset.ready === 'true' && r.dataset.busy !== 'true';",
            &[],
        );
        self.browser.script(
            "localStorage.setItem('marubatsu.lang', arguments[0]); sessionStorage.clear();
             localStorage.removeItem('marubatsu.relay.names');",
            &[json!(lang)],
        );
        self.browser.refresh();
        self.settled("setup");
    }

    // ---- where the game is -------------------------------------------------------------------------------

    /// Waits until the page has drawn `phase` (`setup`, `topicReveal`, `talk`, `handover`, `vote`, …).
    pub fn wait_phase(&self, phase: &str) {
        self.browser.wait_for(
            &format!("the {phase} screen"),
            "const r = document.querySelector('#relay');
             return r.dataset.ready === 'true' && r.dataset.phase === arguments[0];",
            &[json!(phase)],
        );
    }

    /// Waits until the page has drawn `phase` and no answer is awaited.
    pub fn settled(&self, phase: &str) {
        self.browser.wait_for(
            &format!("the {phase} screen, settled"),
            "const r = document.querySelector('#relay');
             return r.dataset.ready === 'true' && r.dataset.busy !== 'true' && r.dataset.phase === arguments[0];",
            &[json!(phase)],
        );
    }

    /// Waits until no answer is awaited, whatever the screen.
    pub fn wait_not_busy(&self, what: &str) {
        self.browser.wait_for(
            what,
            "const r = document.querySelector('#relay'); return r.dataset.busy !== 'true';",
            &[],
        );
    }

    /// Waits out a double tap: the tap guard's window has passed and no answer is awaited, so whatever either tap
    /// was going to change has changed.
    pub fn after_double_tap(&self) {
        self.browser.wait_for(
            "the double tap to be over",
            "const r = document.querySelector('#relay');
             return window.Marubatsu.taps.settled() && r.dataset.ready === 'true' && r.dataset.busy !== 'true';",
            &[],
        );
    }

    /// The engine's state as the page saved it in sessionStorage.
    pub fn saved_state(&self) -> Value {
        let envelope = self.browser.script(
            "return JSON.parse(sessionStorage.getItem('marubatsu.relay.save'));",
            &[],
        );
        assert_eq!(envelope["version"], 1, "{envelope}");
        envelope["state"].clone()
    }

    /// The saved game's phase and its `field`: where a tap has left the game.
    pub fn phase_and(&self, field: &str) -> (Value, Value) {
        let state = self.saved_state();
        (state["phase"].clone(), state[field].clone())
    }

    /// The page's `data-deadline-ms`: when the talk's clock runs out.
    pub fn deadline(&self) -> Value {
        self.browser
            .script("return document.querySelector('#relay').dataset.deadlineMs;", &[])
    }

    /// What the countdown says is left, in milliseconds.
    pub fn remaining_ms(&self) -> u64 {
        let text = self
            .browser
            .script("return document.querySelector('#countdown').dataset.remainingMs;", &[]);
        text.as_str()
            .and_then(|t| t.parse().ok())
            .unwrap_or_else(|| panic!("no countdown: {text}"))
    }

    /// The countdown as shown (`0:08`).
    pub fn countdown(&self) -> String {
        self.browser.text("#countdown")
    }

    // ---- reading the page --------------------------------------------------------------------------------

    /// The trimmed text of every element `selector` finds.
    pub fn texts(&self, selector: &str) -> Vec<String> {
        let value = self.browser.script(
            "return Array.from(document.querySelectorAll(arguments[0])).map((e) => e.textContent.trim());",
            &[json!(selector)],
        );
        serde_json::from_value(value).unwrap_or_else(|err| panic!("{err}"))
    }

    /// Whether `selector` finds an element that is shown.
    pub fn visible(&self, selector: &str) -> bool {
        self.browser.script(
            "const e = document.querySelector(arguments[0]); return !!e && e.offsetParent !== null;",
            &[json!(selector)],
        ) == json!(true)
    }

    /// The speaking order.
    pub fn order(&self) -> Vec<String> {
        self.texts("#order li")
    }

    /// Who is explaining, as the talk screen says it.
    pub fn speaker_line(&self) -> String {
        self.browser.text("#speaker-line")
    }

    /// Waits until the speaker line names `name`.
    pub fn wait_speaker(&self, what: &str, name: &str) {
        self.browser.wait_for(
            what,
            "return document.querySelector('#speaker-line').textContent.startsWith(arguments[0] + ' ');",
            &[json!(name)],
        );
    }

    /// The setup's refusal line.
    pub fn setup_message(&self) -> String {
        self.browser.text("#setup-message")
    }

    /// Waits until the setup says why a start was refused.
    pub fn wait_setup_refusal(&self) {
        self.browser.wait_for(
            "the refusal",
            "return document.querySelector('#setup-message').textContent;",
            &[],
        );
    }

    /// Whether the control `selector` is disabled.
    pub fn disabled(&self, selector: &str) -> bool {
        self.browser.script(
            "return document.querySelector(arguments[0]).disabled;",
            &[json!(selector)],
        ) == json!(true)
    }

    /// The page's `data-paused` (`true`, `false`).
    pub fn paused(&self) -> Value {
        self.browser
            .script("return document.querySelector('#relay').dataset.paused;", &[])
    }

    /// Waits until the talk is `paused` (or running again) and no answer is awaited.
    pub fn wait_paused(&self, paused: bool) {
        self.browser.wait_for(
            if paused { "the pause" } else { "the resume" },
            "const r = document.querySelector('#relay');
             return r.dataset.paused === String(arguments[0]) && r.dataset.busy !== 'true';",
            &[json!(paused)],
        );
    }

    /// The table's own topics as typed.
    pub fn own_topics(&self) -> Value {
        self.browser
            .script("return document.querySelector('#own-topics').value;", &[])
    }

    /// Who won, as the final screen says it.
    pub fn winners(&self) -> String {
        self.browser.text("#winners")
    }

    // ---- the players' steps ------------------------------------------------------------------------------

    /// Types `text` into the field `selector`, key by key.
    pub fn type_into(&self, selector: &str, text: &str) {
        self.browser.click(selector);
        let keys: Vec<String> = text.chars().map(String::from).collect();
        let keys: Vec<&str> = keys.iter().map(String::as_str).collect();
        self.browser.keys(&keys);
    }

    /// Fills the players' names (as many fields as there are), the rounds and the seconds to talk.
    pub fn set_table(&self, names: &[&str], rounds: u32, talk: u32) {
        self.browser.script(
            "document.querySelectorAll('#names input').forEach((input, i) => { input.value = arguments[0][i]; });
             document.querySelector('#rounds').value = arguments[1];
             document.querySelector('#talk-seconds').value = arguments[2];",
            &[json!(names), json!(rounds.to_string()), json!(talk.to_string())],
        );
    }

    /// Adds a player's field.
    pub fn add_player(&self) {
        self.browser.click("#add-player");
    }

    /// Removes the last player's field.
    pub fn remove_player(&self) {
        self.browser.click("#remove-player");
    }

    /// Taps "Start the game".
    pub fn start(&self) {
        self.browser.tap("#start");
    }

    /// Taps "Start talking".
    pub fn begin_talk(&self) {
        self.browser.tap("#begin-talk");
    }

    /// Taps the speaker's "done".
    pub fn talk_done(&self) {
        self.browser.tap("#talk-done");
    }

    /// Taps "I have the phone" on the hand-over screen.
    pub fn received(&self) {
        self.browser.tap("#received");
    }

    /// Taps the `nth` name of the ballot (from 1).
    pub fn pick(&self, nth: usize) {
        self.browser.tap(&format!("#ballot button:nth-child({nth})"));
    }

    /// Waits until a pick lets the vote be cast.
    pub fn wait_picked(&self) {
        self.browser
            .wait_for("the pick", "return !document.querySelector('#confirm').disabled;", &[]);
    }

    /// Whether the picked name looks like the button that casts the vote (it must not).
    pub fn pick_looks_like_cast(&self) -> Value {
        self.browser.script(
            "const a = getComputedStyle(document.querySelector('#ballot [aria-pressed=\"true\"]'));
             const b = getComputedStyle(document.querySelector('#confirm'));
             return a.backgroundColor === b.backgroundColor;",
            &[],
        )
    }

    /// Taps "Cast my vote".
    pub fn confirm_vote(&self) {
        self.browser.tap("#confirm");
    }

    /// Taps "Next round" (or "See the final result").
    pub fn next_round(&self) {
        self.browser.tap("#next-round");
    }

    /// Taps Pause (or Resume).
    pub fn pause(&self) {
        self.browser.tap("#pause");
    }

    /// Taps "Abandon the game": the page asks first.
    pub fn abandon(&self) {
        self.browser.tap("#abandon");
    }

    /// Answers the abandon question: yes abandons.
    pub fn answer_abandon(&self, yes: bool) {
        if yes {
            self.browser.tap("#abandon-yes");
        } else {
            self.browser.click("#abandon-no");
        }
    }
}

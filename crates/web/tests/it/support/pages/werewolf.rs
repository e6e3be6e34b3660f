//! The quantum werewolf page as a table meets it: the setup, the decision on the table (a player's card and their
//! options, a hand-over built card by card, the debtors, the vote voter by voter), what the last decision did, the
//! end, and the tab's saved game. Every script that reads or drives the page lives here, so a story reads as the
//! players' steps. Games reached through the API, to put the page on, come from [`crate::support::werewolf`].

use serde_json::{Value, json};

use crate::support::Browser;

/// A player's name button on their card, when the pending decision lets it be touched.
const TOUCHABLE_NAME: &str = ".ww-player[data-touchable=\"true\"] button.ww-name";

/// The options of the player whose card is open that may be chosen (a refused one is shown greyed).
const OPEN_OPTIONS: &str = ".ww-options button.ww-option:not(.ww-refused)";

/// The werewolf page open in `browser`'s current tab.
pub struct WerewolfPage<'b, 'a> {
    browser: &'b Browser<'a>,
}

impl<'b, 'a> WerewolfPage<'b, 'a> {
    /// The page in `browser`.
    pub fn new(browser: &'b Browser<'a>) -> WerewolfPage<'b, 'a> {
        WerewolfPage { browser }
    }

    /// The browser, for what is not the page's own (the viewport, tabs, the page check, taps on a selector).
    pub fn browser(&self) -> &'b Browser<'a> {
        self.browser
    }

    /// The element holding the player's next control for the decision `kind` pending.
    pub fn decision_of(kind: &str) -> &'static str {
        match kind {
            "over" => "#outcome",
            _ => "#decision",
        }
    }

    // ---- opening and putting the page on a game ------------------------------------------------------------

    /// Opens the werewolf page of the server at `url` (ending in `/`) in `lang` with no game in the tab.
    pub fn open(&self, url: &str, lang: &str) {
        self.browser.goto(&format!("{url}werewolf"));
        // The page's first answer must be in before the tab forgets its game, or it would write the game back.
        self.browser.wait_for(
            "the page to load",
            "const r = document.querySelector('#werewolf');
             return r.dataset.ready === 'true' && r.dataset.busy !== 'true';",
            &[],
        );
        self.browser.script(
            "localStorage.setItem('marubatsu.lang', arguments[0]); sessionStorage.clear();
             localStorage.removeItem('marubatsu.werewolf.names');",
            &[json!(lang)],
        );
        self.browser.refresh();
        self.wait_pending("setup");
    }

    /// Opens the page on a game the API reached (its `events`), of the default table under the rules `options`
    /// names with the players `names`, as if the tab had kept it.
    pub fn resume(&self, url: &str, lang: &str, options: &str, names: &[&str], events: &Value) {
        self.open(url, lang);
        self.browser.script(
            "sessionStorage.setItem('marubatsu.werewolf', JSON.stringify({
               table: [2, 1, 5], rules: null, options: arguments[2], names: arguments[0], events: arguments[1] }));",
            &[json!(names), events.clone(), json!(options)],
        );
        self.browser.refresh();
        self.browser.wait_for(
            "the kept game",
            "const r = document.querySelector('#werewolf');
             return r.dataset.ready === 'true' && r.dataset.busy !== 'true' && r.dataset.pending !== 'setup';",
            &[],
        );
    }

    /// Puts the page (already on the werewolf page) on `log` of Version 2's default table in `lang`, with the
    /// ballots `votes` already collected when a vote is pending, as a tab that kept them would; a reload, so the
    /// tap guard starts afresh.
    pub fn put_on(&self, lang: &str, names: &[&str], log: &Value, votes: &Value) {
        self.browser.script(
            "localStorage.setItem('marubatsu.lang', arguments[0]);
             sessionStorage.setItem('marubatsu.werewolf', JSON.stringify({
               table: [2, 1, 5], rules: null, options: 'v2', names: arguments[1], events: arguments[2],
               ballot: { key: arguments[2].length, votes: arguments[3] } }));",
            &[json!(lang), json!(names), log.clone(), votes.clone()],
        );
        self.browser.refresh();
        self.browser.wait_for(
            "the kept game",
            "const r = document.querySelector('#werewolf');
             return r.dataset.ready === 'true' && r.dataset.busy !== 'true' && r.dataset.pending !== 'setup'
               && r.dataset.pending !== '';",
            &[],
        );
    }

    /// Forgets the tab's game, as a new tab would start.
    pub fn forget_the_game(&self) {
        self.browser.script("sessionStorage.clear();", &[]);
    }

    /// The tab's saved game and its tab id, as the tab keeps them.
    pub fn tab_storage(&self) -> Value {
        self.browser.script(
            "return [sessionStorage.getItem('marubatsu.werewolf'), sessionStorage.getItem('marubatsu.werewolf.tab')];",
            &[],
        )
    }

    /// Writes a saved game and a tab id into this tab, as a copy of another tab would start with them.
    pub fn set_tab_storage(&self, game: &Value, tab: &Value) {
        self.browser.script(
            "sessionStorage.setItem('marubatsu.werewolf', arguments[0]);
             sessionStorage.setItem('marubatsu.werewolf.tab', arguments[1]);",
            &[game.clone(), tab.clone()],
        );
    }

    /// The tab's id, as the tab keeps it.
    pub fn tab_id(&self) -> Value {
        self.browser
            .script("return sessionStorage.getItem('marubatsu.werewolf.tab');", &[])
    }

    // ---- where the game is ---------------------------------------------------------------------------------

    /// The decision pending (`setup`, `startPlayer`, `verdict`, …, `over`), or empty while an answer is awaited.
    pub fn pending(&self) -> String {
        self.browser
            .script(
                "const r = document.querySelector('#werewolf');
                 return r.dataset.ready === 'true' && r.dataset.busy !== 'true' ? r.dataset.pending : '';",
                &[],
            )
            .as_str()
            .unwrap_or_default()
            .to_owned()
    }

    /// Waits until the decision `kind` is pending and no answer is awaited.
    pub fn wait_pending(&self, kind: &str) {
        self.browser.wait_for(
            &format!("a pending {kind}"),
            "const r = document.querySelector('#werewolf');
             return r.dataset.ready === 'true' && r.dataset.busy !== 'true' && r.dataset.pending === arguments[0];",
            &[json!(kind)],
        );
    }

    /// Waits until the game has started: a decision other than the setup is pending.
    pub fn wait_started(&self) {
        self.browser.wait_for(
            "the game to start",
            "const r = document.querySelector('#werewolf').dataset.pending; return r && r !== 'setup';",
            &[],
        );
    }

    /// Waits until a reload has rebuilt the game from the tab's log.
    pub fn wait_reloaded(&self) {
        self.browser.wait_for(
            "the game after the reload",
            "const r = document.querySelector('#werewolf');
             return r.dataset.ready === 'true' && r.dataset.pending !== 'setup' && r.dataset.pending !== '';",
            &[],
        );
    }

    /// Waits until the last tap that moved the game on has settled (common.js, `taps`): a player's next tap, not
    /// the second of a double tap, which the page ignores even on a card or a name.
    pub fn settle(&self) {
        self.browser
            .wait_for("the tap guard", "return window.Marubatsu.taps.settled();", &[]);
    }

    /// Waits out a double tap: the tap guard's window has passed (long after a hand-over built card by card has
    /// heard whether it ends the game, which it asks before it sends), no answer is awaited and no vote is being
    /// counted, so whatever either tap was going to change has changed.
    pub fn after_double_tap(&self) {
        self.browser.wait_for(
            "the double tap to be over",
            "const r = document.querySelector('#werewolf');
             return window.Marubatsu.taps.settled() && r.dataset.ready === 'true' && r.dataset.busy !== 'true'
               && r.dataset.counting !== 'true';",
            &[],
        );
    }

    /// How many events the page keeps in its log.
    pub fn logged_events(&self) -> u64 {
        self.browser
            .script(
                "const s = JSON.parse(sessionStorage.getItem('marubatsu.werewolf'));
                 return s ? s.events.length : 0;",
                &[],
            )
            .as_u64()
            .unwrap_or(0)
    }

    /// The events the page keeps in its log.
    pub fn logged_log(&self) -> Value {
        self.browser.script(
            "return JSON.parse(sessionStorage.getItem('marubatsu.werewolf')).events;",
            &[],
        )
    }

    /// The `at`-th event of the page's log.
    pub fn logged_event(&self, at: u64) -> Value {
        self.browser.script(
            "const s = JSON.parse(sessionStorage.getItem('marubatsu.werewolf')); return s.events[arguments[0]];",
            &[json!(at)],
        )
    }

    /// The rules the tab keeps and replays (`v2`, `v3`, `v4`).
    pub fn kept_options(&self) -> Value {
        self.browser.script(
            "return JSON.parse(sessionStorage.getItem('marubatsu.werewolf')).options;",
            &[],
        )
    }

    /// Waits until the log holds `at_least` events and no answer is awaited.
    pub fn wait_events(&self, at_least: u64) {
        self.browser.wait_for(
            &format!("{at_least} events in the log"),
            "const s = JSON.parse(sessionStorage.getItem('marubatsu.werewolf'));
             const r = document.querySelector('#werewolf');
             return s && s.events.length >= arguments[0] && r.dataset.ready === 'true' && r.dataset.busy !== 'true';",
            &[json!(at_least)],
        );
    }

    /// Waits until the decision just answered (the log held `before` events) is in the log — `sent` — or until a
    /// choice that would end the game has warned and armed itself instead — `armed`.
    pub fn wait_sent_or_armed(&self, before: u64) -> Value {
        self.browser.wait_for(
            "the decision to be sent, or to warn that it ends the game",
            "const s = JSON.parse(sessionStorage.getItem('marubatsu.werewolf'));
             const r = document.querySelector('#werewolf');
             if (document.querySelector('[data-armed=\"true\"]')) return 'armed';
             return s && s.events.length > arguments[0] && r.dataset.ready === 'true' && r.dataset.busy !== 'true'
               ? 'sent' : null;",
            &[json!(before)],
        )
    }

    /// The ballots collected so far for the pending vote, as the tab keeps them.
    pub fn collected(&self) -> usize {
        self.browser
            .script(
                "const s = JSON.parse(sessionStorage.getItem('marubatsu.werewolf'));
                 return s && s.ballot && Array.isArray(s.ballot.votes) ? s.ballot.votes.length : 0;",
                &[],
            )
            .as_u64()
            .unwrap_or(0) as usize
    }

    /// How many elements `selector` finds.
    pub fn count(&self, selector: &str) -> u64 {
        self.browser
            .script(
                "return document.querySelectorAll(arguments[0]).length;",
                &[json!(selector)],
            )
            .as_u64()
            .unwrap_or(0)
    }

    /// The pending decision's first control (or the end, in `decision`) inside the viewport, how many ballot
    /// controls are open, and whose card is open (`data-touched`): `[on screen, ballot controls, touched]`.
    pub fn next_on_screen(&self, decision: &str) -> Value {
        self.browser.script(
            "const box = document.querySelector(arguments[0]);
             const first = box.querySelector('button:not(:disabled)') || box;
             const r = first.getBoundingClientRect();
             return [r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight,
                     document.querySelectorAll('#choices .ww-confirm, #choices .ww-ballot-choice').length,
                     document.querySelector('#werewolf').dataset.touched];",
            &[json!(decision)],
        )
    }

    /// Every line of the log, as shown.
    pub fn log_lines(&self) -> Value {
        self.browser.script(
            "return Array.from(document.querySelectorAll('#log li')).map((l) => l.textContent);",
            &[],
        )
    }

    // ---- the setup -----------------------------------------------------------------------------------------

    /// Sets the table (werewolf, seer and villager cards per hand) and the players' names, as typed.
    pub fn set_up(&self, table: [u8; 3], names: &[&str]) {
        self.browser.script(
            "const inputs = ['#ww-w', '#ww-s', '#ww-v'].map((s) => document.querySelector(s));
             inputs.forEach((input, i) => { input.value = String(arguments[0][i]);
               input.dispatchEvent(new Event('input')); });
             const names = document.querySelectorAll('#ww-names input');
             names.forEach((input, i) => { input.value = arguments[1][i] || ''; });",
            &[json!(table), json!(names)],
        );
    }

    /// Sets the table (werewolf, seer and villager cards per hand) and reads the setup's warning (empty without
    /// one).
    pub fn set_table_and_read_warning(&self, table: [u8; 3]) -> Value {
        self.browser.script(
            "['#ww-w', '#ww-s', '#ww-v'].map((s) => document.querySelector(s)).forEach((input, i) => {
               input.value = String(arguments[0][i]); input.dispatchEvent(new Event('input')); });
             const w = document.querySelector('#ww-setup-warning');
             return w.hidden ? '' : w.textContent;",
            &[json!(table)],
        )
    }

    /// Scrolls the rules' choice to the middle of the screen.
    pub fn scroll_to_the_rules(&self) {
        self.browser.script(
            "document.querySelector('#ww-rules').scrollIntoView({ block: 'center' });",
            &[],
        );
    }

    /// The rules the setup has chosen (`v2`, `v3`, `v4`).
    pub fn rules_chosen(&self) -> Value {
        self.browser
            .script("return document.querySelector('#ww-rules').value;", &[])
    }

    /// Chooses the rules `rules` names and reads how to play (in Japanese) and the rules in brief.
    pub fn choose_rules_and_read_howto(&self, rules: &str) -> (String, String) {
        let read = self.browser.script(
            "const s = document.querySelector('#ww-rules'); s.value = arguments[0];
             s.dispatchEvent(new Event('change'));
             return [document.querySelector(\"#how-to-play [data-howto='ja']\").textContent,
                     document.querySelector('#ww-rules-brief').textContent];",
            &[json!(rules)],
        );
        let text = |i: usize| read[i].as_str().unwrap_or_default().to_owned();
        (text(0), text(1))
    }

    /// Chooses Version 3 and reads the help beside the rules' choice.
    pub fn choose_version_3_and_read_help(&self) -> Value {
        self.browser.script(
            "const s = document.querySelector('#ww-rules'); s.value = 'v3'; s.dispatchEvent(new Event('change'));
             return document.querySelector('#ww-rules-help').textContent;",
            &[],
        )
    }

    /// Where each name box is against the setup's panel: `[boxes, outside the panel, overlapping]`.
    pub fn name_box_problems(&self) -> Value {
        self.browser.script(
            "const panel = document.querySelector('#setup').getBoundingClientRect();
             const boxes = Array.from(document.querySelectorAll('#ww-names input'))
               .map((i) => i.getBoundingClientRect());
             const out = boxes.filter((b) => b.left < panel.left - 0.5 || b.right > panel.right + 0.5).length;
             let overlaps = 0;
             for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
               const a = boxes[i], b = boxes[j];
               if (Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1
                 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1) overlaps += 1;
             }
             return [boxes.length, out, overlaps];",
            &[],
        )
    }

    /// Waits until the setup says why a start was refused.
    pub fn wait_setup_refusal(&self) {
        self.browser.wait_for(
            "the setup refusal",
            "return document.querySelector('#setup-message').textContent.length > 0;",
            &[],
        );
    }

    /// Whether how to play in `lang` is hidden.
    pub fn howto_hidden(&self, lang: &str) -> Value {
        self.browser.script(
            "return document.querySelector(`#how-to-play [data-howto='${arguments[0]}']`).hidden;",
            &[json!(lang)],
        )
    }

    /// Switches the page's language with its switch.
    pub fn switch_language(&self) {
        self.browser.script("document.querySelector('#lang').click();", &[]);
    }

    /// Waits until the decision's prompt is in Japanese.
    pub fn wait_prompt_in_japanese(&self) {
        self.browser.wait_for(
            "the game's sentences in Japanese",
            "return /[ぁ-ん]/.test(document.querySelector('#prompt').textContent);",
            &[],
        );
    }

    // ---- a player's card and their options -----------------------------------------------------------------

    /// The players that may be touched for the decision pending: on their cards (`on_cards`), else their names in
    /// the decision, leaving out a player every answer about whom is refused (opened, it shows only why).
    fn answerable(on_cards: bool) -> &'static str {
        if on_cards {
            ".ww-player[data-touchable='true']:not([data-only-refused='true']) button.ww-name"
        } else {
            "#decision .ww-pick:not(.ww-pick-refused)"
        }
    }

    /// How many players may be touched to answer the decision pending (see [`Self::touch_answerable`]).
    pub fn answerable_players(&self, on_cards: bool) -> u64 {
        self.count(Self::answerable(on_cards))
    }

    /// Touches the `index`-th player that may be touched to answer the decision pending, on their card
    /// (`on_cards`) or their name in the decision: their card opens with their options.
    pub fn touch_answerable(&self, on_cards: bool, index: u64) {
        self.browser.script(
            "document.querySelectorAll(arguments[0])[arguments[1]].click();",
            &[json!(Self::answerable(on_cards)), json!(index)],
        );
    }

    /// Touches the `index`-th player whose card may be touched (counted from 0, in seat order).
    pub fn touch_player(&self, index: u64) {
        self.browser.script(
            "document.querySelectorAll(arguments[0])[arguments[1]].click();",
            &[json!(TOUCHABLE_NAME), json!(index)],
        );
    }

    /// Touches the last player whose card may be touched.
    pub fn touch_last_player(&self) {
        self.browser.script(
            "const cards = document.querySelectorAll(arguments[0]);
             cards[cards.length - 1].click();",
            &[json!(TOUCHABLE_NAME)],
        );
    }

    /// Opens the player named `name` from the decision's row of names; false when they are not offered.
    pub fn open_pick_named(&self, name: &str) -> Value {
        self.browser.script(
            "const pick = [...document.querySelectorAll('#choices .ww-pick')]
               .find((b) => b.textContent === arguments[0]);
             if (pick) pick.click();
             return Boolean(pick);",
            &[json!(name)],
        )
    }

    /// How many options the open card offers that may be chosen.
    pub fn options_to_choose(&self) -> u64 {
        self.count(OPEN_OPTIONS)
    }

    /// Chooses the `index`-th option of the open card that may be chosen.
    pub fn choose_option(&self, index: u64) {
        self.browser.script(
            "document.querySelectorAll(arguments[0])[arguments[1]].click();",
            &[json!(OPEN_OPTIONS), json!(index)],
        );
    }

    /// The labels of every option of the open card.
    pub fn option_labels(&self) -> Value {
        self.browser.script(
            "return Array.from(document.querySelectorAll('.ww-options button.ww-option')).map((b) => b.textContent);",
            &[],
        )
    }

    /// A double tap's two clicks, before any answer, on the open card's first option.
    pub fn click_first_option_twice(&self) {
        self.browser.script(
            "const b = document.querySelector('.ww-options button.ww-option'); b.click(); b.click();",
            &[],
        );
    }

    /// Touches the first touchable player and chooses their first option, keeping that option's button to tap
    /// again once the decision is over (see [`Self::tap_the_kept_option`]), as a second device or a slow tap would.
    pub fn choose_first_option_and_keep_it(&self) {
        self.browser.script(
            "document.querySelector('.ww-player[data-touchable=\"true\"] button.ww-name').click();
             window.staleOption = document.querySelector('.ww-options button.ww-option');
             window.staleOption.click();",
            &[],
        );
    }

    /// Taps the option kept by [`Self::choose_first_option_and_keep_it`] again.
    pub fn tap_the_kept_option(&self) {
        self.browser.script("window.staleOption.click();", &[]);
    }

    /// Touches the first touchable player and chooses their first option.
    pub fn choose_first_players_first_option(&self) {
        self.browser.script(
            "document.querySelector('.ww-player[data-touchable=\"true\"] button.ww-name').click();
             document.querySelector('.ww-options button.ww-option').click();",
            &[],
        );
    }

    /// Taps the decision's first button.
    pub fn tap_first_choice(&self) {
        self.browser
            .script("document.querySelector('#choices button').click();", &[]);
    }

    /// The options that end the game on the open card: `[how many, the class of what follows the first]`, or null.
    pub fn ending_options(&self) -> Value {
        self.browser.script(
            "const b = Array.from(document.querySelectorAll('.ww-options button.ww-ends'));
             return b.length ? [b.length, b[0].nextElementSibling.className] : null;",
            &[],
        )
    }

    /// Whether the choice armed to end the game is held and whether the tap guard has settled: `[held,
    /// settled]`. Armed, it is shown not active while a tap on it would not count (common.js, `taps.hold`).
    pub fn armed_held_and_settled(&self) -> Value {
        self.browser.script(
            "const b = document.querySelector(\"[data-armed='true']\");
             return [b.hasAttribute('data-tap-held') && b.getAttribute('aria-disabled') === 'true',
                     window.Marubatsu.taps.settled()];",
            &[],
        )
    }

    /// The widths of the first player's share bar's segments (werewolf, seer, villager).
    pub fn first_players_bar_widths(&self) -> Value {
        self.browser.script(
            "return Array.from(document.querySelectorAll('.ww-player:first-child .ww-bar span'))
               .map((s) => s.style.width);",
            &[],
        )
    }

    /// Whether the focus is on an option.
    pub fn focus_on_an_option(&self) -> Value {
        self.browser
            .script("return document.activeElement.classList.contains('ww-option');", &[])
    }

    /// Clicks what has the focus.
    pub fn click_the_focused(&self) {
        self.browser.script("document.activeElement.click();", &[]);
    }

    /// The id of what has the focus.
    pub fn focused_id(&self) -> Value {
        self.browser.script("return document.activeElement.id;", &[])
    }

    // ---- a hand-over --------------------------------------------------------------------------------------

    /// Where a hand-over built card by card is: `only` (one way, with its one button), `ready` (every card
    /// placed and the hand-over button focused), `ready, not focused`, `open` (a receiver's card open) or
    /// `closed`.
    pub fn transfer_state(&self) -> String {
        self.browser
            .script(
                "const give = document.querySelector('#choices .ww-give');
                 if (!give) return 'only';
                 if (!give.disabled) return document.activeElement === give ? 'ready' : 'ready, not focused';
                 return document.querySelector('.ww-options') ? 'open' : 'closed';",
                &[],
            )
            .as_str()
            .unwrap_or_default()
            .to_owned()
    }

    /// Touches a receiver of the hand-over, the `n`-th (wrapping) on the cards (`on_cards`) or among the names in
    /// the decision.
    pub fn touch_receiver(&self, on_cards: bool, n: u64) {
        let touch = if on_cards {
            ".ww-player[data-touchable='true'] button.ww-name"
        } else {
            "#decision .ww-pick"
        };
        self.browser.script(
            "const b = document.querySelectorAll(arguments[0]); b[arguments[1] % b.length].click();",
            &[json!(touch), json!(n)],
        );
    }

    /// The change (`more`, `less`) the focused control makes to a receiver's cards, empty when it makes none.
    pub fn focused_change(&self) -> Value {
        self.browser
            .script("return document.activeElement.dataset.change || '';", &[])
    }

    /// On the open receiver's card, one more card to give back (the `n`-th enabled +, wrapping), or back to the
    /// table when they can take no more; the tag of what has the focus then.
    pub fn one_more_card_or_back(&self, n: u64) -> Value {
        self.browser.script(
            "const plus = Array.from(document.querySelectorAll('.ww-options button[data-change=\"more\"]'))
               .filter((b) => !b.disabled);
             if (plus.length) plus[arguments[0] % plus.length].click();
             else document.querySelector('.ww-options > button:last-child').click();
             return document.activeElement.tagName;",
            &[json!(n)],
        )
    }

    /// Waits until the hand-over just sent (the log held `before` events) is in the log — `sent` — or the table
    /// refused it and the message says why — `refused` (under Version 4 a split no deal of the roles explains) — or,
    /// for a hand-over that would end the game, it warned and armed itself instead — `armed`.
    pub fn wait_sent_or_refused(&self, before: u64) -> Value {
        self.browser.wait_for(
            "the hand-over to be sent, refused with its reason, or armed to end the game",
            "const s = JSON.parse(sessionStorage.getItem('marubatsu.werewolf'));
             const r = document.querySelector('#werewolf');
             if (document.querySelector('[data-armed=\"true\"]')) return 'armed';
             if (!s || r.dataset.ready !== 'true' || r.dataset.busy === 'true') return null;
             if (s.events.length > arguments[0]) return 'sent';
             const m = document.querySelector('#message');
             return m.classList.contains('error') && m.textContent.trim() ? 'refused' : null;",
            &[json!(before)],
        )
    }

    /// Takes one card back from the first receiver, in seat order, who was given one: opens their card, presses
    /// its first enabled −, and goes back to the table (so that the card is placed anew, maybe elsewhere); false
    /// when nobody was given a card. Each press waits out the tap guard first, as a player's would be.
    pub fn one_card_back(&self) -> bool {
        const RECEIVERS: &str = ".ww-player[data-touchable='true'] button.ww-name";
        for i in 0..self.count(RECEIVERS) {
            self.settle();
            self.browser.script(
                "const b = document.querySelectorAll(arguments[0]); if (b[arguments[1]]) b[arguments[1]].click();",
                &[json!(RECEIVERS), json!(i)],
            );
            self.settle();
            let took = self.browser.script(
                "const less = Array.from(document.querySelectorAll('.ww-options button[data-change=\"less\"]'))
                   .find((b) => !b.disabled);
                 if (less) less.click();
                 return Boolean(less);",
                &[],
            ) == true;
            self.settle();
            self.browser.script(
                "document.querySelector('.ww-options > button:last-child')?.click();",
                &[],
            );
            if took {
                return true;
            }
        }
        false
    }

    /// Places every card of the hand-over, receiver by receiver in seat order; false when they could not all be
    /// placed.
    pub fn place_every_card(&self) -> Value {
        self.browser.script(
            "let card = 0;
             for (let i = 0; i < 80; i++) {
               if (!document.querySelector('#choices .ww-give').disabled) return true;
               const plus = Array.from(document.querySelectorAll('.ww-options button[data-change=\"more\"]'))
                 .filter((b) => !b.disabled);
               if (plus.length) { plus[0].click(); continue; }
               const cards = document.querySelectorAll('.ww-player[data-touchable=\"true\"] button.ww-name');
               cards[card % cards.length].click();
               card += 1;
             }
             return false;",
            &[],
        )
    }

    /// The table picks the `index`-th ready debtor to hand over first: `[that button alone pressed, the prompt
    /// names them]`.
    pub fn choose_debtor(&self, index: u64) -> Value {
        self.browser.script(
            "const b = document.querySelectorAll('.ww-debtors button')[arguments[0]];
             b.click();
             const again = document.querySelectorAll('.ww-debtors button')[arguments[0]];
             const pressed = document.querySelectorAll('.ww-debtors button[aria-pressed=\"true\"]');
             const who = window.Werewolf.name(Number(again.dataset.debtor));
             return [pressed.length === 1 && pressed[0] === again,
                     document.querySelector('#prompt').textContent.includes(who)];",
            &[json!(index)],
        )
    }

    /// How many debtors the table may choose among.
    pub fn debtors(&self) -> u64 {
        self.count(".ww-debtors button")
    }

    // ---- the vote -----------------------------------------------------------------------------------------

    /// Whether the vote has gone (the log held `before` events): being counted, an answer awaited, or in the log.
    pub fn vote_sent(&self, before: u64) -> Value {
        self.browser.script(
            "const r = document.querySelector('#werewolf');
             const s = JSON.parse(sessionStorage.getItem('marubatsu.werewolf'));
             return r.dataset.counting === 'true' || r.dataset.busy === 'true' || s.events.length > arguments[0];",
            &[json!(before)],
        )
    }

    /// How many buttons the decision shows.
    pub fn choice_buttons(&self) -> u64 {
        self.count("#choices button")
    }

    /// The second tap of a double tap on "it's me" landing on the ballot's first name and then on a player's
    /// card: `[names picked, confirm disabled]`.
    pub fn tap_a_name_and_a_card_at_once(&self) -> Value {
        self.browser.script(
            "document.querySelector('#choices .ww-ballot-choice').click();
             document.querySelector('.ww-player[data-touchable=\"true\"] button.ww-name').click();
             const pressed = '#choices .ww-ballot-choice[aria-pressed=\"true\"], '
               + '.ww-player button.ww-name[aria-pressed=\"true\"]';
             return [document.querySelectorAll(pressed).length,
                     document.querySelector('#choices .ww-confirm').disabled];",
            &[],
        )
    }

    /// The voter picks a card or a name by `hash` (when it is a multiple of 3, another one first, so they change
    /// their mind once): `[names picked, the same on the cards, confirm enabled, confirm focused, the pick looks
    /// like confirm]`.
    pub fn pick_in_the_ballot(&self, hash: u64) -> Value {
        self.browser.script(
            "const pick = (i) => {
               const where = i % 2 === 0 ? '.ww-player[data-touchable=\"true\"] button.ww-name'
                 : '#choices .ww-ballot-choice';
               const b = Array.from(document.querySelectorAll(where));
               b[(i >> 1) % b.length].click();
             };
             if (arguments[0] % 3 === 0) pick(arguments[0] + 3);
             pick(arguments[0]);
             const chosen = document.querySelectorAll('#choices .ww-ballot-choice[aria-pressed=\"true\"]');
             const onCards = document.querySelectorAll('.ww-player button.ww-name[aria-pressed=\"true\"]');
             const same = chosen.length === 1 && onCards.length === 1
               && chosen[0].textContent === onCards[0].querySelector('.ww-name-text').textContent;
             const confirm = document.querySelector('#choices .ww-confirm');
             // A picked name must not look like the button that casts the vote.
             const look = chosen.length === 1 && getComputedStyle(chosen[0]).backgroundColor
               === getComputedStyle(confirm).backgroundColor;
             return [chosen.length, same, confirm.disabled, document.activeElement === confirm, look];",
            &[json!(hash)],
        )
    }

    /// "It's me", then at once a name of the ballot it draws: how many names are picked.
    pub fn its_me_and_a_pick_at_once(&self) -> Value {
        self.browser.script(
            "document.querySelector('#choices button.primary').click();
             document.querySelector('#choices .ww-ballot-choice').click();
             return document.querySelectorAll('#choices .ww-ballot-choice[aria-pressed=\"true\"]').length;",
            &[],
        )
    }

    /// The ballot's picks: `[names picked, confirm disabled]`.
    pub fn ballot_picks(&self) -> Value {
        self.browser.script(
            "return [document.querySelectorAll('#choices .ww-ballot-choice[aria-pressed=\"true\"]').length,
                     document.querySelector('#choices .ww-confirm').disabled];",
            &[],
        )
    }

    /// The voter's ballot: `[open, picks on it or on a card, confirm disabled]`.
    pub fn ballot_open(&self) -> Value {
        self.browser.script(
            "return [document.querySelectorAll('#choices .ww-ballot-choice').length > 0,
                     document.querySelectorAll(
                       '#choices [aria-pressed=\"true\"], .ww-player [aria-pressed=\"true\"]').length,
                     document.querySelector('#choices .ww-confirm').disabled];",
            &[],
        )
    }

    // ---- controls held within the double-tap window ----------------------------------------------------------

    /// The controls `selector` finds for the decision `kind`, held and not: `[count, held, the tap guard settled]`,
    /// when the page is on that decision (else null, for `wait_for`). Held is `aria-disabled` with `data-tap-held`
    /// (common.js, `taps.hold`) and the fade-in running.
    const HELD: &'static str = "const r = document.querySelector('#werewolf');
         if (r.dataset.pending !== arguments[0] || r.dataset.busy === 'true') return null;
         const buttons = Array.from(document.querySelectorAll(arguments[1]));
         const held = buttons.filter((b) => b.getAttribute('aria-disabled') === 'true'
           && b.hasAttribute('data-tap-held') && getComputedStyle(b).animationName === 'ww-tap-held');
         return [buttons.length, held.length, window.Marubatsu.taps.settled()];";

    /// [`Self::HELD`] now.
    pub fn held(&self, kind: &str, selector: &str) -> Value {
        self.browser.script(Self::HELD, &[json!(kind), json!(selector)])
    }

    /// [`Self::HELD`] once the page is on the decision `kind` (`what` names it).
    pub fn wait_held(&self, what: &str, kind: &str, selector: &str) -> Value {
        self.browser.wait_for(what, Self::HELD, &[json!(kind), json!(selector)])
    }

    /// Waits until the tap guard has settled and no control is held or shown not active (`what` names them).
    pub fn wait_released(&self, what: &str) {
        self.browser.wait_for(
            what,
            "return window.Marubatsu.taps.settled()
             && document.querySelectorAll('[data-tap-held], #play [aria-disabled]').length === 0;",
            &[],
        );
    }

    // ---- messages, notes and the end ----------------------------------------------------------------------

    /// Waits until the page says something in its message line.
    pub fn wait_message(&self) {
        self.browser.wait_for(
            "the answer to the stale submit",
            "return document.querySelector('#message').textContent.length > 0;",
            &[],
        );
    }

    /// Waits until the message line says the server cannot be reached.
    pub fn wait_unreachable_said(&self) {
        self.browser.wait_for(
            "the unreachable server to be said",
            "return document.querySelector('#message').textContent.includes('cannot be reached');",
            &[],
        );
    }

    /// Waits until a reload finds the server unreachable.
    pub fn wait_unreachable_after_reload(&self) {
        self.browser.wait_for(
            "the unreachable server after a reload",
            "return document.querySelector('#werewolf').dataset.pending === 'unreachable';",
            &[],
        );
    }

    /// Whether the note on a copied tab is hidden.
    pub fn copy_note_hidden(&self) -> Value {
        self.browser
            .script("return document.querySelector('#ww-copy-note').hidden;", &[])
    }

    /// Waits until the note on a copied tab is shown, saying this tab is the `copy` or the `original` (`what`
    /// names the wait).
    pub fn wait_copy_note(&self, what: &str, copy: &str) {
        self.browser.wait_for(
            what,
            "const n = document.querySelector('#ww-copy-note'); return !n.hidden && n.dataset.copy === arguments[0];",
            &[json!(copy)],
        );
    }

    /// What the last decision did, as the box under the status line shows it: `[shown, inside the viewport, the
    /// log's tail each once, folded (a chain of more than two lines shows its first alone unless opened), the
    /// lines]`.
    pub fn last_decision(&self) -> Value {
        self.browser.script(
            "const box = document.querySelector('#last');
             const items = Array.from(document.querySelectorAll('#last-lines li'));
             const lines = items.map((l) => l.textContent);
             const log = Array.from(document.querySelectorAll('#log li:not(.round)')).map((l) => l.textContent);
             const tail = log.slice(log.length - lines.length);
             const same = lines.length > 0 && [...lines].sort().join('\\n') === [...tail].sort().join('\\n');
             const toggle = document.querySelector('#last-toggle');
             const open = toggle.getAttribute('aria-expanded') === 'true';
             const shown = items.filter((l) => !l.hidden).length;
             const folded = lines.length > 2 ? !toggle.hidden && shown === (open ? lines.length : 1)
               : toggle.hidden && shown === lines.length;
             const r = box.getBoundingClientRect();
             return [!box.hidden && r.height > 0, r.top >= 0 && r.bottom <= window.innerHeight, same, folded, lines];",
            &[],
        )
    }

    /// Whether what the last decision did begins with the end's sentence.
    pub fn last_decision_leads_with_the_end(&self) -> Value {
        self.browser.script(
            "return document.querySelector('#last-lines li').textContent.startsWith(
               document.querySelector('#outcome-text').textContent);",
            &[],
        )
    }

    /// How many lines what the last decision did holds.
    pub fn last_decision_lines(&self) -> u64 {
        self.count("#last-lines li")
    }

    /// What the last decision did, folded or opened: `[aria-expanded, lines shown, lines, nothing scrolls]`.
    pub fn last_decision_folding(&self) -> Value {
        self.browser.script(
            "const items = Array.from(document.querySelectorAll('#last-lines li'));
             const list = document.querySelector('#last-lines');
             return [document.querySelector('#last-toggle').getAttribute('aria-expanded'),
                     items.filter((l) => !l.hidden).length, items.length, list.scrollHeight <= list.clientHeight + 1];",
            &[],
        )
    }

    /// The end as the board and the end screen show it: its side, title, sentence and winners, and for every
    /// player's card their name, whether it has the certain-werewolf badge, any certain role's badge, and whether
    /// their werewolf share is struck out.
    pub fn read_the_end(&self) -> Value {
        self.browser.script(
            "const cards = [...document.querySelectorAll('.ww-player')].map((card) => ({
               name: card.querySelector('.ww-name-text').textContent,
               werewolf: Boolean(card.querySelector('.ww-badge.role-werewolf')),
               certain: Boolean(card.querySelector('.ww-badge[class*=\"role-\"]')),
               noWerewolf: card.querySelector('.ww-shares > :first-child').tagName === 'S',
             }));
             return { side: document.querySelector('#outcome').dataset.side, cards,
                      title: document.querySelector('#outcome-title').textContent,
                      text: document.querySelector('#outcome-text').textContent,
                      winners: document.querySelector('#outcome-winners').textContent };",
            &[],
        )
    }

    /// The side that won (`village`, `werewolves`, `paradox`).
    pub fn outcome_side(&self) -> Value {
        self.browser
            .script("return document.querySelector('#outcome').dataset.side;", &[])
    }

    /// Taps the rule the end names: `[the tag it opens, on screen, the rule's term, its text, how many rules the
    /// brief lists, the log's first rule]`.
    pub fn open_the_ends_rule(&self) -> Value {
        self.browser.script(
            "const link = document.querySelector('#outcome-rule');
             link.click();
             const target = document.querySelector(link.getAttribute('href'));
             const r = target.getBoundingClientRect();
             const brief = document.querySelectorAll('#ww-rules-brief dt').length;
             const logRule = document.querySelector('#log .ww-rule').textContent;
             return [target.tagName, r.top >= 0 && r.top < window.innerHeight, target.textContent,
                     target.nextElementSibling.textContent, brief, logRule];",
            &[],
        )
    }

    /// The refused rows the page shows under `selector`: label, whether disabled, the reason tied to it.
    pub fn refused_rows(&self, selector: &str) -> Vec<(String, bool, String)> {
        let rows = self.browser.script(
            "return [...document.querySelectorAll(arguments[0])].map((b) => [b.textContent, b.disabled,
               (document.getElementById(b.getAttribute('aria-describedby')) || {}).textContent || '']);",
            &[json!(selector)],
        );
        rows.as_array()
            .into_iter()
            .flatten()
            .map(|row| {
                let text = |i: usize| row[i].as_str().unwrap_or_default().to_owned();
                (text(0), row[1] == true, text(2))
            })
            .collect()
    }
}

/// A sentence the server sends as `{key, args}` (a line of the log) in `lang` (`en` or `ja`), as the page words it
/// from the game's catalog.
pub fn said(words: &Value, lang: &str) -> String {
    crate::support::catalog::said(include_str!("../../../../src/games/werewolf/strings.js"), words, lang)
}

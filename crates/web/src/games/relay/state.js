// @ts-check
// Know-it-all relay: what every part of the page shares. The page keeps the engine's save envelope in sessionStorage (one game per tab) and sends it
// with every event to /api/relay/step, which restores it, applies the event with the engine's transition and
// answers with the new envelope and the state to draw. The page reads the clock and sends random words; the
// server turns them into the topic and the speaking order. The talk countdown is computed from the state's
// deadline, an absolute time, so a reload resumes it with the right time left. Events go one at a time, each
// from the latest save: while an answer is awaited a tap is not taken, and a request that fails is not sent again
// behind the player's back — the page says what happened (a server that cannot be reached is said as such).
// A duplicated tab starts with a copy of this tab's game, and the two say plainly that from here they go on
// separately (common.js, `watchCopies`). A tab opened on the page afresh has empty storage and starts its own game.
// Every word is in the page's language (strings.js), the topics too: the server draws them in it.
//
// The page is three classic scripts sharing `window.Relay` (typed in types.d.ts): this one (the state, the
// page's elements, the request), draw.js (the screens), and script.js (the controls and the start).
'use strict';

(() => {
  const M = window.Marubatsu;
  const { t } = window.I18n;
  const SAVE_KEY = 'marubatsu.relay.save';
  const TAB_KEY = 'marubatsu.relay.tab';
  // The table's own topics, as typed at setup: kept in the tab for the evening (a new game starts with them),
  // sent with every event, and read by the server only when it draws a topic.
  const TOPICS_KEY = 'marubatsu.relay.topics';

  const $ = (/** @type {string} */ selector) => /** @type {HTMLElement} */ (document.querySelector(selector));
  const root = $('#relay');
  const session = M.tabSession(() => window.sessionStorage);
  const guard = M.sendGuard((busy) => { root.dataset.busy = String(busy); });
  const el = {
    $,
    root,
    screens: /** @type {HTMLElement[]} */ (Array.from(root.querySelectorAll('[data-screen]'))),
    namesEl: $('#names'),
    roundsEl: /** @type {HTMLInputElement} */ ($('#rounds')),
    talkSecondsEl: /** @type {HTMLInputElement} */ ($('#talk-seconds')),
    ownTopicsEl: /** @type {HTMLTextAreaElement} */ ($('#own-topics')),
    setupMessageEl: $('#setup-message'),
    messageEl: $('#message'),
    restoreNoteEl: $('#restore-note'),
    countdownEl: $('#countdown'),
    ballotEl: $('#ballot'),
    confirmButton: /** @type {HTMLButtonElement} */ ($('#confirm')),
    abandonBar: $('#abandon-bar'),
    copyNoteEl: $('#copy-note'),
    NAMES_KEY: 'marubatsu.relay.names',
  };
  const { messageEl, restoreNoteEl, setupMessageEl } = el;

  /** @type {RelayState} */
  const S = {
    limits: null,
    view: null,
    shownScreen: '',
    ticker: null,
    autoDoneTurn: null,
    warnedTurn: null,
  };

  /** The table's own topics kept in this tab, one a line as typed (an empty list before any were). */
  function ownTopics() {
    const kept = session.get(TOPICS_KEY);
    return Array.isArray(kept) ? kept.map(String) : [];
  }

  /** Keeps the lines typed as the table's own topics for the evening. @param {string[]} lines */
  function keepOwnTopics(lines) {
    session.set(TOPICS_KEY, lines);
  }

  /** This tab's id for its game (see common.js, `watchCopies`); `renew` makes a new one. */
  const tabId = (renew = false) => session.tabId(TAB_KEY, renew);

  function entropy() {
    const words = new Uint32Array(4);
    crypto.getRandomValues(words);
    return Array.from(words);
  }

  /** The saved envelope as the server sent it; text that is not JSON goes as it is, and the server says why. */
  function savedGame() {
    const text = session.getText(SAVE_KEY);
    if (text === null) return null;
    try {
      return JSON.parse(text);
    } catch (_) {
      return text;
    }
  }

  /**
   * Sends `event` (or a plain load, for `null`) unless an answer is still awaited; false if not sent.
   * @param {RelayEvent | null} event
   */
  function send(event) {
    return guard.run(async () => {
      try {
        await step(event);
      } catch (error) {
        showError(/** @type {Error} */ (error).message);
      }
    });
  }

  /** @param {RelayEvent | null} event */
  async function step(event) {
    const answer = /** @type {RelayAnswer} */ (await M.api('/api/relay/step', {
      save: savedGame(),
      event,
      entropy: entropy(),
      language: window.I18n.lang,
      ownTopics: ownTopics(),
    }));
    session.setText(SAVE_KEY, JSON.stringify(answer.save));
    S.view = answer.state;
    messageEl.textContent = '';
    messageEl.classList.remove('error');
    restoreNoteEl.hidden = !answer.restoreError;
    restoreNoteEl.textContent = answer.restoreError ? t('relay.restoreFailed') : '';
    // Only a refused start is the setup form's to explain; a refused draw of the table's own topics (the list in
    // storage gone wrong) says why below the screen; any other refusal is a tap that meant nothing.
    const setupRefusal = event && event.type === 'start' && answer.refusal ? reason(answer.refusal) : '';
    /** @type {RelayTopicsRefusal[]} */
    const topicsCodes = ['too_many_topics', 'topic_too_long'];
    const topicsRefusal = answer.refusal && /** @type {string[]} */ (topicsCodes).includes(answer.refusal.code) && !setupRefusal
      ? reason(answer.refusal) : '';
    setupMessageEl.textContent = setupRefusal;
    setupMessageEl.classList.toggle('error', Boolean(setupRefusal));
    R.render();
    if (topicsRefusal) showError(topicsRefusal);
    if (event) {
      if (!answer.accepted) M.sound.play('nothing');
      else if (S.view.phase === 'finalResult') M.sound.play('win');
      else if (event.type === 'select' || event.type === 'pause' || event.type === 'resume') M.sound.play('press');
      else M.sound.play('start');
    }
  }

  /**
   * A refusal's reason in the page's words: looked up by the key and arguments the server sent (its catalog is this
   * page's strings.js; an argument that is a sentence of its own is worded first).
   * @param {WireRefusal} refusal
   */
  function reason(refusal) {
    return window.I18n.say(refusal);
  }

  /** @param {string} text */
  function showError(text) {
    messageEl.textContent = text;
    messageEl.classList.add('error');
  }

  const R = window.Relay = /** @type {RelayNamespace} */ ({ S, el, guard, tabId, send, showError, ownTopics, keepOwnTopics });
})();

// @ts-check
// Quantum werewolf, pass and play: what every part of the page shares. The page keeps the table, the names and the event log in sessionStorage (one
// game per tab) and sends them with every new event to /api/werewolf/replay, which replays the log through the
// engine and answers with the state to draw — hands, chits, the pending decision with its legal choices, the log,
// every sentence already in the player's language. The rules are never here. The page only draws what the engine
// cannot: the card of a dead player's shuffled hand (crypto.getRandomValues) and, on request, a
// rock-paper-scissors winner.
//
// The players are the board: one card per player. A decision about a player (a mark, an attack, who won the
// tie-break, who takes the cards of a hand-over) is made by touching that player's card, which opens that
// player's few options inside the card; a voter touches the card of the player they vote for. The names of the
// players a decision is about are repeated in the decision itself, as buttons that do what touching the card does.
// After every step the decision now pending is brought on screen, focused, and announced to screen readers.
//
// A vote is one event with every alive player's ballot (R9), collected here in secret: the device goes to each
// voter in turn, who confirms who they are, touches the card (or the name) of the player they vote for, may
// change it, confirms, and the choice is hidden again before the device is passed on. The ballots collected so far stay in sessionStorage with the game
// (so a reload resumes the vote at the next voter) and are sent together once the last voter has confirmed.
//
// A second tab: the game lives in this tab's sessionStorage, so a duplicated tab starts with a copy of this
// one's game, and the two say plainly that they now go on separately (common.js, `watchCopies`).
//
// One request at a time (common.js, `sendGuard`): a request that fails is not retried behind the player's back —
// the page says what happened.
//
// The page is several classic scripts with one job each, loaded in this order and sharing `window.Werewolf`
// (typed in types.d.ts): this one (the state, the page's elements, the request), setup.js, decision.js,
// vote.js, transfer.js, players.js, and script.js, which starts the page.
'use strict';

(() => {
  const M = window.Marubatsu;
  const { t } = window.I18n;
  const KEY = 'marubatsu.werewolf';
  const TAB_KEY = 'marubatsu.werewolf.tab';

  const $ = (/** @type {string} */ selector) => /** @type {HTMLElement} */ (document.querySelector(selector));
  const session = M.tabSession(() => window.sessionStorage);
  const root = $('#werewolf');
  const guard = M.sendGuard((busy) => { root.dataset.busy = String(busy); });

  /** @type {WerewolfState} */
  const S = {
    limits: {
      default: [3, 1, 5], defaultChits: [1, 1, 3], minPlayers: 3, maxPlayers: 16, maxNameChars: 24, recommended: [],
    },
    rules: null,
    saved: session.get(KEY),
    view: null,
    failure: null,
    touched: null,
    shownDecision: '',
    ballotFor: null,
    picked: null,
    counting: false,
    transferCounts: new Map(),
    transferKey: '',
    debtor: null,
    lastOpen: false,
  };

  /** @type {WerewolfNamespace['el']} */
  const el = {
    $,
    root,
    setupForm: $('#setup'),
    play: $('#play'),
    namesEl: $('#ww-names'),
    counts: /** @type {HTMLInputElement[]} */ (['#ww-w', '#ww-s', '#ww-v'].map((s) => $(s))),
    decisionEl: $('#decision'),
    promptEl: $('#prompt'),
    choicesEl: $('#choices'),
    transferEl: $('#transfer'),
    messageEl: $('#message'),
    logEl: $('#log'),
    announceEl: $('#ww-announce'),
    copyNoteEl: $('#ww-copy-note'),
    ROLES: ['werewolf', 'seer', 'villager'],
  };
  const { messageEl } = el;

  /** Keeps the game (table, names, events, ballots so far) in this tab's storage. */
  const keep = () => session.set(KEY, S.saved);
  /** Forgets it. */
  const forget = () => session.remove(KEY);
  /** This tab's id for its game (see common.js, `watchCopies`); `renew` makes a new one. */
  const tabId = (renew = false) => session.tabId(TAB_KEY, renew);

  /**
   * Sends `event` (or, for `null`, just asks for the state) unless an answer is still awaited.
   * @param {unknown} event
   */
  async function send(event) {
    await guard.run(async () => {
      S.failure = null;
      try {
        await step(event);
      } catch (error) {
        const failed = /** @type {ApiError} */ (error);
        S.failure = failed.code || 'server';
        showError(failed.message);
      }
    });
  }

  /** What the server is asked for `event`: the game this tab keeps, and the event. @param {unknown} event */
  function replayRequest(event) {
    const { saved } = S;
    return {
      table: saved.table,
      ...(saved.rules || {}),
      // A game saved before the rules could be chosen plays Version 2, as it was started.
      options: saved.options || 'v2',
      names: saved.names,
      events: saved.events,
      event,
    };
  }

  /**
   * Whether `event` would end the game, asked of the server without playing it (`preview`): the warning, or
   * null when the game goes on or the question cannot be answered (the send will then say what is wrong).
   * @param {unknown} event
   */
  async function wouldEnd(event) {
    try {
      const request = { ...replayRequest(event), preview: true };
      const answer = /** @type {WerewolfAnswer} */ (await M.api('/api/werewolf/replay', request));
      return answer.wouldEnd || null;
    } catch (_) {
      return null;
    }
  }

  /** @param {unknown} event */
  async function step(event) {
    const { saved } = S;
    const answer = /** @type {WerewolfAnswer} */ (await M.api('/api/werewolf/replay', replayRequest(event)));
    saved.events = answer.log;
    keep();
    S.view = answer.state;
    const note = $('#log-note');
    note.hidden = !answer.logError;
    note.textContent = answer.logError || '';
    messageEl.textContent = answer.refusal ? window.I18n.say(answer.refusal) : '';
    messageEl.classList.toggle('error', Boolean(answer.refusal && !answer.stale));
    if (event && answer.accepted) {
      S.touched = null;
      S.debtor = null;
    }
    W.render();
    if (event) {
      if (!answer.accepted) M.sound.play('nothing');
      else if (S.view.outcome) M.sound.play('win');
      else M.sound.play('press');
    }
  }

  /** @param {string} text */
  function showError(text) {
    messageEl.textContent = text;
    messageEl.classList.add('error');
    if (S.counting && S.view) {
      // The vote never reached the server: it is collected again.
      S.counting = false;
      root.dataset.counting = 'false';
      W.drawDecision();
    }
  }

  /** The rules, by the codes the log cites. */
  /** @type {WerewolfRule[]} Every rule the page explains: the engine's, as wire.test.mjs checks. */
  const RULES = ['R1', 'R2', 'R3', 'R4', 'R5', 'R6', 'R7', 'R8', 'R9', 'R10', 'R11'];

  /**
   * A rule code as the log cites it (`R6`, `R10.2`, `R4/R5`, `R11 (R7)`) with the rules' names in words:
   * "rule R6: consequences". @param {string} code
   */
  function ruleWords(code) {
    const names = [...new Set(ruleCodes(code))].map((r) => t(`werewolf.ruleName.${r}`));
    return t('werewolf.ruleLabel', { code, names: names.join(t('werewolf.partsJoin')) });
  }

  /**
   * Whether `word` is a rule the page explains.
   * @param {string} word
   * @returns {word is WerewolfRule}
   */
  function isRule(word) {
    return /** @type {string[]} */ (RULES).includes(word);
  }

  /** The rules a code cites, by their numbers (`R10.2` is R10). @param {string} code @returns {WerewolfRule[]} */
  function ruleCodes(code) {
    const cited = /** @type {string[]} */ (code.match(/R\d+/g) || []);
    return cited.filter(isRule);
  }

  const name = (/** @type {number} */ seat) => (S.view.players[seat] ? S.view.players[seat].name : '?');
  const roleName = (/** @type {string} */ role) => t(`werewolf.role.${role}`);

  /** @param {string} label @param {() => void} onClick @param {boolean} [primary] */
  function button(label, onClick, primary = false) {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = label;
    if (primary) b.classList.add('primary');
    b.addEventListener('click', onClick);
    return b;
  }

  /**
   * A control that would end the game asks first: the warning (what end, who would win) stands beside it, and
   * its first tap only arms it — its words become "end the game" — so that only a second, deliberate tap, after
   * the mis-tap window (common.js, `taps`), ends it. Without an end ahead it is a plain button whose `action`
   * is still kept out of that window: it moves the game on, and the device may be changing hands.
   * @param {string} label @param {Ending | null} ends @param {() => void} action
   * @param {{ primary?: boolean }} [how]
   * @returns {HTMLElement[]} the button, then the warning when there is one
   */
  function actOrWarn(label, ends, action, { primary = false } = {}) {
    if (!ends) return [button(label, M.taps.wrap(action), primary)];
    const b = button(label, M.taps.wrap(() => {
      if (b.dataset.armed === 'true') {
        action();
      } else {
        arm(b, label);
        // Armed, it ends the game at the next tap that counts: shown inactive until then (common.js, `taps`).
        M.taps.hold([b]);
      }
    }), primary);
    b.classList.add('ww-ends');
    return [b, warning(ends)];
  }

  /** The words beside a control that would end the game. @param {Ending} ends @returns {HTMLElement} */
  function warning(ends) {
    const p = document.createElement('p');
    p.className = 'ww-warning';
    p.dataset.side = ends.side;
    p.textContent = ends.warning;
    return p;
  }

  /** Arms a control that would end the game: the next tap ends it. @param {HTMLElement} b @param {string} label */
  function arm(b, label) {
    b.dataset.armed = 'true';
    b.textContent = t('werewolf.endAnyway', { label });
  }

  /**
   * The decision the table owes in the state last drawn, typed: the kinds are the engine's (`wire.json`).
   * @returns {WerewolfPending | null}
   */
  function pending() {
    return S.view ? S.view.pending : null;
  }

  const W = window.Werewolf = /** @type {WerewolfNamespace} */ ({
    S, el, guard, keep, forget, tabId, send, wouldEnd, showError, name, roleName, button, actOrWarn, warning, arm,
    RULES, ruleWords, ruleCodes, pending,
  });
})();

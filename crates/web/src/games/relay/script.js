// @ts-check
// Know-it-all relay's page: the controls, the table limits, a language switch, the tab-copy watcher, and the
// start, resuming the game this tab keeps. The parts it starts are loaded before it (see state.js).
'use strict';

(() => {
  const R = window.Relay;
  const M = window.Marubatsu;
  const { S } = R;
  const { $, namesEl, roundsEl, talkSecondsEl, ownTopicsEl, ballotEl, confirmButton, copyNoteEl, NAMES_KEY } = R.el;
  const { t } = window.I18n;

  // ---- input --------------------------------------------------------------------------------------------

  const { taps } = M;

  $('#setup').addEventListener('submit', (event) => {
    event.preventDefault();
    // The second tap of a double tap on "start" would land on the topic screen's "begin the talk".
    if (!taps.take()) return;
    const players = Array.from(namesEl.querySelectorAll('input')).map((input) => input.value);
    const number = (/** @type {HTMLInputElement} */ input) => {
      const n = Number(input.value);
      return Number.isInteger(n) && n >= 0 ? Math.min(n, 0xffffffff) : 0;
    };
    M.store.set(NAMES_KEY, players);
    R.keepOwnTopics(ownTopicsEl.value.split('\n'));
    // A new game has its own id, so that a tab duplicated before it began is not taken for its copy.
    R.tabId(true);
    R.send({ type: 'start', players, rounds: number(roundsEl), talkSeconds: number(talkSecondsEl) });
  });

  $('#add-player').addEventListener('click', () => {
    if (S.limits && namesEl.children.length >= S.limits.maxPlayers) return;
    const item = R.nameInput('', namesEl.children.length);
    namesEl.append(item);
    /** @type {HTMLInputElement} */ (item.querySelector('input')).focus();
    R.drawNameButtons();
  });

  $('#remove-player').addEventListener('click', () => {
    if (S.limits && namesEl.children.length <= S.limits.minPlayers) return;
    /** @type {Element} */ (namesEl.lastElementChild).remove();
    R.drawNameButtons();
  });

  // Every control that moves the game on goes through the page's tap guard (common.js): the second tap of a
  // double tap lands on the next screen's control in the same place and must change nothing.
  $('#begin-talk').addEventListener('click', taps.wrap(() => R.send({ type: 'beginTalk', nowMs: Date.now() })));
  $('#redraw').addEventListener('click', taps.wrap(() => R.send({ type: 'redraw' })));
  // One button pauses and resumes: the second tap of a double tap would undo the first.
  $('#pause').addEventListener('click', taps.wrap(() => {
    if (S.view && S.view.phase === 'talk') R.send({ type: S.view.paused ? 'resume' : 'pause', nowMs: Date.now() });
  }));
  $('#talk-done').addEventListener('click', taps.wrap(() => {
    if (S.view && S.view.phase === 'talk') R.send({ type: 'talkDone', nowMs: Date.now(), turn: S.view.turn });
  }));
  $('#received').addEventListener('click', taps.wrap(() => R.send({ type: 'received' })));
  ballotEl.addEventListener('click', (event) => {
    const button = /** @type {HTMLElement | null} */ (/** @type {Element} */ (event.target).closest('button[data-seat]'));
    // The second tap on "it's me — vote" lands on a name: it picks nobody.
    if (button && taps.settled()) R.send({ type: 'select', target: Number(button.dataset.seat) });
  });
  confirmButton.addEventListener('click', taps.wrap(() => R.send({ type: 'confirm' })));
  $('#next-round').addEventListener('click', taps.wrap(() => R.send({ type: 'nextRound' })));
  // "New game" may be where the second tap on "see the final result" lands, and "yes, abandon it" is where
  // "abandon" was: neither may take the second tap of a double tap.
  $('#restart').addEventListener('click', taps.wrap(() => R.send({ type: 'restart' })));
  $('#abandon').addEventListener('click', taps.wrap(() => {
    R.showAbandonQuestion(true);
    // "Yes" now stands where the tap landed; "keep playing" goes through no guard and stays as it is.
    taps.hold([$('#abandon-yes')]);
  }));
  $('#abandon-no').addEventListener('click', () => R.showAbandonQuestion(false));
  $('#abandon-yes').addEventListener('click', taps.wrap(() => R.send({ type: 'abandon' })));

  // ---- start --------------------------------------------------------------------------------------------

  function drawLimits() {
    if (!S.limits) return;
    $('#setup-limits').textContent = t('relay.limits', {
      minPlayers: S.limits.minPlayers,
      maxPlayers: S.limits.maxPlayers,
      maxName: S.limits.maxNameChars,
      minRounds: S.limits.minRounds,
      maxRounds: S.limits.maxRounds,
      minTalk: S.limits.minTalkSeconds,
      maxTalk: S.limits.maxTalkSeconds,
    });
    $('#own-topics-help').textContent = t('relay.ownTopicsHelp', { max: S.limits.maxOwnTopics, chars: S.limits.maxTopicChars });
  }

  // The player switched the language: redraw what the script wrote (the topic already drawn stays as it is).
  window.I18n.onChange(() => {
    drawLimits();
    namesEl.querySelectorAll('input').forEach((input, seat) => {
      input.setAttribute('aria-label', t('relay.player', { n: seat + 1 }));
      input.placeholder = t('relay.player', { n: seat + 1 });
    });
    if (!copyNoteEl.hidden) tellCopy(/** @type {'copy' | 'original'} */ (copyNoteEl.dataset.copy));
    if (S.view) R.render();
  });

  const playing = () => S.view !== null && S.view.phase !== 'setup';

  /** @param {'copy' | 'original'} copy */
  function tellCopy(copy) {
    copyNoteEl.dataset.copy = copy;
    copyNoteEl.textContent = t(copy === 'copy' ? 'relay.tabIsCopy' : 'relay.tabWasCopied');
    copyNoteEl.hidden = false;
  }

  /** Tells this tab's side when another tab turns out to hold a copy of its game (common.js, `watchCopies`). */
  function watchCopies() {
    M.watchCopies({
      name: 'marubatsu.relay',
      tabId: R.tabId,
      playing,
      tell: tellCopy,
      // The other tab closed: the two no longer go on separately, so the note would only mislead.
      untell: () => { copyNoteEl.hidden = true; },
    });
  }

  async function init() {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
    try {
      S.limits = await M.api('/api/relay/limits');
      roundsEl.min = String(S.limits.minRounds);
      roundsEl.max = String(S.limits.maxRounds);
      talkSecondsEl.min = String(S.limits.minTalkSeconds);
      talkSecondsEl.max = String(S.limits.maxTalkSeconds);
      drawLimits();
    } catch (error) {
      R.showError(/** @type {Error} */ (error).message);
    }
    await R.send(null);
    watchCopies();
  }

  init();
})();

// @ts-check
// Know-it-all relay's screens: setup, talk (the countdown from the state's deadline), hand-over, vote and the
// results, drawn from the state the server answered; a new screen is brought into view.
'use strict';

(() => {
  const R = window.Relay;
  const M = window.Marubatsu;
  const { S } = R;
  const { $, root, screens, namesEl, countdownEl, ballotEl, confirmButton, abandonBar, copyNoteEl, ownTopicsEl, NAMES_KEY } = R.el;
  const { t } = window.I18n;

  /** The state drawn: every function here runs once the server has answered (render, and the ticker it starts). */
  const view = () => /** @type {RelayView} */ (S.view);

  const name = (/** @type {number | null} */ seat) =>
    (seat === null || view().players[seat] === undefined ? '?' : view().players[seat]);

  /** @param {HTMLElement} screen */
  function fill(screen) {
    screen.querySelectorAll('[data-field="round"]').forEach((/** @type {Element} */ el) => {
      el.textContent = t('relay.round', { round: view().round, rounds: view().rounds });
    });
    screen.querySelectorAll('[data-field="topic"]').forEach((/** @type {Element} */ el) => {
      el.textContent = view().topic || '';
    });
  }

  function render() {
    root.dataset.phase = view().phase;
    for (const screen of screens) {
      screen.hidden = screen.dataset.screen !== view().phase;
      if (!screen.hidden) fill(screen);
    }
    // Nothing to abandon before a game or after its end.
    abandonBar.hidden = view().phase === 'setup' || view().phase === 'finalResult';
    if (view().phase === 'setup') copyNoteEl.hidden = true;
    showAbandonQuestion(false);
    if (S.ticker !== null && view().phase !== 'talk') {
      clearInterval(S.ticker);
      S.ticker = null;
    }
    switch (view().phase) {
      case 'setup': drawSetup(); break;
      case 'topicReveal': drawReveal(); break;
      case 'talk': drawTalk(); break;
      case 'handover':
        $('#pass-to').textContent = t('relay.passTo', { name: name(view().nextVoter) });
        $('#received').textContent = t('relay.iAm', { name: name(view().nextVoter) });
        break;
      case 'vote': drawVote(); break;
      case 'roundResult': drawRoundResult(); break;
      case 'finalResult': drawFinalResult(); break;
      default: break;
    }
    root.dataset.ready = 'true';
    bringOnScreen();
    // The new screen's controls are not active while a tap on them would not count (common.js, `taps.hold`):
    // a double tap's second tap lands on one and does nothing, and a deliberate tap that soon is seen not to.
    // Adding or removing a name goes through no guard, so those two stay as they are.
    const shown = screens.find((s) => !s.hidden);
    const guarded = shown
      ? Array.from(shown.querySelectorAll('button')).filter((b) => !/^(add|remove)-player$/.test(b.id))
      : [];
    M.taps.hold([...guarded, $('#abandon')]);
  }

  /** A new screen starts at the top of the page, focused, so its first control is in view(). */
  function bringOnScreen() {
    const key = `${view().phase}:${view().round}:${view().turn}:${view().voter}`;
    if (key === S.shownScreen) return;
    S.shownScreen = key;
    window.scrollTo(0, 0);
    const screen = screens.find((s) => !s.hidden);
    if (screen && view().phase !== 'setup') screen.focus({ preventScroll: true });
  }

  /** @param {string} value @param {number} seat */
  function nameInput(value, seat) {
    const item = document.createElement('li');
    const input = document.createElement('input');
    input.type = 'text';
    input.value = value;
    input.autocomplete = 'off';
    input.setAttribute('aria-label', t('relay.player', { n: seat + 1 }));
    input.placeholder = t('relay.player', { n: seat + 1 });
    item.append(input);
    return item;
  }

  function drawSetup() {
    if (namesEl.children.length === 0) {
      const names = M.store.get(NAMES_KEY, null);
      const start = Array.isArray(names) && names.length > 0 ? names : ['', '', ''];
      namesEl.replaceChildren(...start.map((n, i) => nameInput(String(n), i)));
    }
    // The table's own topics stay for the evening: a new game starts with the ones typed for the last.
    if (ownTopicsEl.value === '') ownTopicsEl.value = R.ownTopics().join('\n');
    drawNameButtons();
  }

  function drawReveal() {
    const button = /** @type {HTMLButtonElement} */ ($('#redraw'));
    button.disabled = view().redrawn;
    $('#redraw-note').textContent = t(view().redrawn ? 'relay.redrawnNote' : 'relay.redrawNote');
  }

  function drawNameButtons() {
    const count = namesEl.children.length;
    const button = (/** @type {string} */ selector) => /** @type {HTMLButtonElement} */ ($(selector));
    button('#add-player').disabled = S.limits !== null && count >= S.limits.maxPlayers;
    button('#remove-player').disabled = S.limits !== null && count <= S.limits.minPlayers;
  }

  function tick() {
    if (!S.view || S.view.phase !== 'talk') return;
    const clock = R.talkClock(S.view, Date.now(), S.warnedTurn);
    countdownEl.textContent = M.formatTime(clock.seconds * 1000);
    countdownEl.dataset.remainingMs = String(clock.leftMs);
    countdownEl.classList.toggle('low', clock.low);
    countdownEl.classList.toggle('paused', view().paused);
    // A sound a few seconds before the end (muted with the page's sound switch), once per turn.
    if (clock.warn) {
      S.warnedTurn = clock.key;
      M.sound.play('warn');
    }
    if (clock.timeUp && S.autoDoneTurn !== view().turn && !R.guard.busy) {
      // Time is up: the next speaker starts. Once per turn; the engine ignores a done for another turn anyway.
      S.autoDoneTurn = view().turn;
      R.send({ type: 'talkDone', nowMs: Date.now(), turn: view().turn });
    }
  }

  function drawTalk() {
    // A talk always has a turn.
    const turn = /** @type {number} */ (view().turn);
    $('#speaker-line').textContent = t('relay.isExplaining', { name: name(view().speaker) });
    root.dataset.deadlineMs = String(view().deadlineMs);
    const order = $('#order');
    order.replaceChildren(...view().order.map((/** @type {number} */ seat, /** @type {number} */ i) => {
      const item = document.createElement('li');
      item.textContent = name(seat);
      if (i === turn) item.setAttribute('aria-current', 'step');
      if (i < turn) item.classList.add('done');
      return item;
    }));
    const done = /** @type {HTMLButtonElement} */ ($('#talk-done'));
    done.textContent = t(turn + 1 < view().order.length ? 'relay.nextSpeaker' : 'relay.toTheVote');
    // While paused the clock is stopped and nobody's turn ends: only "resume" moves anything.
    done.disabled = view().paused;
    const pause = $('#pause');
    pause.textContent = t(view().paused ? 'relay.resume' : 'relay.pause');
    pause.setAttribute('aria-pressed', String(view().paused));
    $('#paused-note').hidden = !view().paused;
    root.dataset.paused = String(view().paused);
    tick();
    if (S.ticker === null) S.ticker = setInterval(tick, 200);
  }

  function drawVote() {
    $('#whose-best').textContent = t('relay.whoseBest', { name: name(view().voter) });
    ballotEl.replaceChildren(...view().candidates.map((/** @type {number} */ seat) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'relay-choice';
      button.dataset.seat = String(seat);
      button.textContent = name(seat);
      button.setAttribute('aria-pressed', String(view().selected === seat));
      return button;
    }));
    confirmButton.disabled = view().selected === null;
  }

  /** @param {HTMLElement} table @param {(standing: Standing) => unknown[]} cells */
  function standingRows(table, cells) {
    /** @type {HTMLElement} */ (table.querySelector('tbody')).replaceChildren(...view().standings.map((/** @type {Standing} */ s) => {
      const row = document.createElement('tr');
      row.dataset.player = String(s.player);
      for (const text of cells(s)) {
        const cell = document.createElement('td');
        cell.textContent = String(text);
        row.append(cell);
      }
      return row;
    }));
  }

  function drawRoundResult() {
    $('[data-field="round-title"]').textContent = t('relay.roundVotes', { round: view().round, rounds: view().rounds });
    standingRows($('#round-table'), (/** @type {Standing} */ s) => [s.rank, s.name, view().roundVotes[s.player], s.score]);
    $('#next-round').textContent = t(view().lastRound ? 'relay.seeFinal' : 'relay.nextRound');
  }

  function drawFinalResult() {
    standingRows($('#final-table'), (/** @type {Standing} */ s) => [s.rank, s.name, s.score]);
    const winners = view().standings.filter((/** @type {Standing} */ s) => s.rank === 1).map((/** @type {Standing} */ s) => s.name);
    $('#winners').textContent = winners.length === 1
      ? t('relay.wins', { name: winners[0] })
      : t('relay.shareWin', { names: t('relay.names', { names: winners }) });
  }

  /** @param {boolean} asking */
  function showAbandonQuestion(asking) {
    $('#abandon').hidden = asking;
    $('#abandon-yes').hidden = !asking;
    $('#abandon-no').hidden = !asking;
  }

  /** @type {Pick<RelayNamespace, 'render' | 'showAbandonQuestion' | 'nameInput' | 'drawNameButtons'>} */
  const part = { render, showAbandonQuestion, nameInput, drawNameButtons };
  Object.assign(R, part);
})();

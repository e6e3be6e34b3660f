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

  const name = (/** @type {number} */ seat) => (S.view.players[seat] === undefined ? '?' : S.view.players[seat]);

  /** @param {HTMLElement} screen */
  function fill(screen) {
    screen.querySelectorAll('[data-field="round"]').forEach((/** @type {Element} */ el) => {
      el.textContent = t('relay.round', { round: S.view.round, rounds: S.view.rounds });
    });
    screen.querySelectorAll('[data-field="topic"]').forEach((/** @type {Element} */ el) => {
      el.textContent = S.view.topic || '';
    });
  }

  function render() {
    root.dataset.phase = S.view.phase;
    for (const screen of screens) {
      screen.hidden = screen.dataset.screen !== S.view.phase;
      if (!screen.hidden) fill(screen);
    }
    // Nothing to abandon before a game or after its end.
    abandonBar.hidden = S.view.phase === 'setup' || S.view.phase === 'finalResult';
    if (S.view.phase === 'setup') copyNoteEl.hidden = true;
    showAbandonQuestion(false);
    if (S.ticker !== null && S.view.phase !== 'talk') {
      clearInterval(S.ticker);
      S.ticker = null;
    }
    switch (S.view.phase) {
      case 'setup': drawSetup(); break;
      case 'topicReveal': drawReveal(); break;
      case 'talk': drawTalk(); break;
      case 'handover':
        $('#pass-to').textContent = t('relay.passTo', { name: name(S.view.nextVoter) });
        $('#received').textContent = t('relay.iAm', { name: name(S.view.nextVoter) });
        break;
      case 'vote': drawVote(); break;
      case 'roundResult': drawRoundResult(); break;
      case 'finalResult': drawFinalResult(); break;
      default: break;
    }
    root.dataset.ready = 'true';
    bringOnScreen();
  }

  /** A new screen starts at the top of the page, focused, so its first control is in S.view. */
  function bringOnScreen() {
    const key = `${S.view.phase}:${S.view.round}:${S.view.turn}:${S.view.voter}`;
    if (key === S.shownScreen) return;
    S.shownScreen = key;
    window.scrollTo(0, 0);
    const screen = screens.find((s) => !s.hidden);
    if (screen && S.view.phase !== 'setup') screen.focus({ preventScroll: true });
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
    button.disabled = S.view.redrawn;
    $('#redraw-note').textContent = t(S.view.redrawn ? 'relay.redrawnNote' : 'relay.redrawNote');
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
    countdownEl.classList.toggle('paused', S.view.paused);
    // A sound a few seconds before the end (muted with the page's sound switch), once per turn.
    if (clock.warn) {
      S.warnedTurn = clock.key;
      M.sound.play('warn');
    }
    if (clock.timeUp && S.autoDoneTurn !== S.view.turn && !R.guard.busy) {
      // Time is up: the next speaker starts. Once per turn; the engine ignores a done for another turn anyway.
      S.autoDoneTurn = S.view.turn;
      R.send({ type: 'talkDone', nowMs: Date.now(), turn: S.view.turn });
    }
  }

  function drawTalk() {
    $('#speaker-line').textContent = t('relay.isExplaining', { name: name(S.view.speaker) });
    root.dataset.deadlineMs = String(S.view.deadlineMs);
    const order = $('#order');
    order.replaceChildren(...S.view.order.map((/** @type {number} */ seat, /** @type {number} */ i) => {
      const item = document.createElement('li');
      item.textContent = name(seat);
      if (i === S.view.turn) item.setAttribute('aria-current', 'step');
      if (i < S.view.turn) item.classList.add('done');
      return item;
    }));
    const done = /** @type {HTMLButtonElement} */ ($('#talk-done'));
    done.textContent = t(S.view.turn + 1 < S.view.order.length ? 'relay.nextSpeaker' : 'relay.toTheVote');
    // While paused the clock is stopped and nobody's turn ends: only "resume" moves anything.
    done.disabled = S.view.paused;
    const pause = $('#pause');
    pause.textContent = t(S.view.paused ? 'relay.resume' : 'relay.pause');
    pause.setAttribute('aria-pressed', String(S.view.paused));
    $('#paused-note').hidden = !S.view.paused;
    root.dataset.paused = String(S.view.paused);
    tick();
    if (S.ticker === null) S.ticker = setInterval(tick, 200);
  }

  function drawVote() {
    $('#whose-best').textContent = t('relay.whoseBest', { name: name(S.view.voter) });
    ballotEl.replaceChildren(...S.view.candidates.map((/** @type {number} */ seat) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'relay-choice';
      button.dataset.seat = String(seat);
      button.textContent = name(seat);
      button.setAttribute('aria-pressed', String(S.view.selected === seat));
      return button;
    }));
    confirmButton.disabled = S.view.selected === null;
  }

  /** @param {HTMLElement} table @param {(standing: Standing) => unknown[]} cells */
  function standingRows(table, cells) {
    /** @type {HTMLElement} */ (table.querySelector('tbody')).replaceChildren(...S.view.standings.map((/** @type {Standing} */ s) => {
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
    $('[data-field="round-title"]').textContent = t('relay.roundVotes', { round: S.view.round, rounds: S.view.rounds });
    standingRows($('#round-table'), (/** @type {Standing} */ s) => [s.rank, s.name, S.view.roundVotes[s.player], s.score]);
    $('#next-round').textContent = t(S.view.lastRound ? 'relay.seeFinal' : 'relay.nextRound');
  }

  function drawFinalResult() {
    standingRows($('#final-table'), (/** @type {Standing} */ s) => [s.rank, s.name, s.score]);
    const winners = S.view.standings.filter((/** @type {Standing} */ s) => s.rank === 1).map((/** @type {Standing} */ s) => s.name);
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

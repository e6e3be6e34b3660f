// Know-it-all relay. The page keeps the engine's save envelope in sessionStorage (one game per tab) and sends it
// with every event to /api/relay/step, which restores it, applies the event with the engine's transition and
// answers with the new envelope and the state to draw. The page reads the clock and sends random words; the
// server turns them into the topic and the speaking order. The talk countdown is computed from the state's
// deadline, an absolute time, so a reload resumes it with the right time left. Events go one at a time, each
// from the latest save: while an answer is awaited a tap is not taken, and a request that fails is not sent again
// behind the player's back — the page says what happened (a server that cannot be reached is said as such).
// A duplicated tab starts with a copy of this tab's game, and the two cannot both be the table's game: each tab
// keeps an id with its game and asks the other tabs on a BroadcastChannel whether one already plays under it; if
// one does, the copy takes a new id and both say plainly that from here they go on separately. A tab opened on
// the page afresh has empty storage and starts its own game.
// Every word is in the page's language (strings.js), the topics too: the server draws them in it.
'use strict';

(() => {
  const M = window.Marubatsu;
  const { t } = window.I18n;
  const SAVE_KEY = 'marubatsu.relay.save';
  const NAMES_KEY = 'marubatsu.relay.names';
  const TAB_KEY = 'marubatsu.relay.tab';

  const $ = (selector) => document.querySelector(selector);
  const root = $('#relay');
  const screens = Array.from(root.querySelectorAll('[data-screen]'));
  const namesEl = $('#names');
  const roundsEl = $('#rounds');
  const talkSecondsEl = $('#talk-seconds');
  const setupMessageEl = $('#setup-message');
  const messageEl = $('#message');
  const restoreNoteEl = $('#restore-note');
  const countdownEl = $('#countdown');
  const ballotEl = $('#ballot');
  const confirmButton = $('#confirm');
  const abandonBar = $('#abandon-bar');
  const copyNoteEl = $('#copy-note');

  /** sessionStorage: the game belongs to this tab. A browser that refuses storage still plays a game. */
  const session = {
    get(key) {
      try {
        return window.sessionStorage.getItem(key);
      } catch (_) {
        return null;
      }
    },
    set(key, text) {
      try {
        window.sessionStorage.setItem(key, text);
      } catch (_) { /* storage full or disabled */ }
    },
  };

  /** This tab's id for its game, kept with it (a duplicated tab inherits it); `renew` makes a new one. */
  function tabId(renew = false) {
    let id = session.get(TAB_KEY);
    if (renew || !id) {
      id = Array.from(crypto.getRandomValues(new Uint32Array(2)), (w) => w.toString(36)).join('');
      session.set(TAB_KEY, id);
    }
    return id;
  }

  let limits = null;
  let view = null;
  /** Whether a request is on its way: taps wait for its answer. */
  let busy = false;
  /** The screen last brought into view, so that a redraw of the same one does not move the page. */
  let shownScreen = '';
  let ticker = null;
  let autoDoneTurn = null;

  function entropy() {
    const words = new Uint32Array(4);
    crypto.getRandomValues(words);
    return Array.from(words);
  }

  /** The saved envelope as the server sent it; text that is not JSON goes as it is, and the server says why. */
  function savedGame() {
    const text = session.get(SAVE_KEY);
    if (text === null) return null;
    try {
      return JSON.parse(text);
    } catch (_) {
      return text;
    }
  }

  /** Sends `event` (or a plain load, for `null`) unless an answer is still awaited; false if not sent. */
  async function send(event) {
    if (busy) return false;
    busy = true;
    root.dataset.busy = 'true';
    try {
      await step(event);
    } catch (error) {
      showError(error.message);
    } finally {
      busy = false;
      root.dataset.busy = 'false';
    }
    return true;
  }

  async function step(event) {
    const answer = await M.api('/api/relay/step', {
      save: savedGame(),
      event,
      entropy: entropy(),
      language: window.I18n.lang,
    });
    session.set(SAVE_KEY, JSON.stringify(answer.save));
    view = answer.state;
    messageEl.textContent = '';
    messageEl.classList.remove('error');
    restoreNoteEl.hidden = !answer.restoreError;
    restoreNoteEl.textContent = answer.restoreError ? t('relay.restoreFailed') : '';
    setupMessageEl.textContent = answer.rejected || '';
    setupMessageEl.classList.toggle('error', Boolean(answer.rejected));
    render();
    if (event) {
      if (!answer.changed) M.sound.play('nothing');
      else if (view.phase === 'finalResult') M.sound.play('win');
      else if (event.type === 'select') M.sound.play('press');
      else M.sound.play('start');
    }
  }

  function showError(text) {
    messageEl.textContent = text;
    messageEl.classList.add('error');
  }

  // ---- drawing ------------------------------------------------------------------------------------------

  const name = (seat) => (view.players[seat] === undefined ? '?' : view.players[seat]);

  function fill(screen) {
    screen.querySelectorAll('[data-field="round"]').forEach((el) => {
      el.textContent = t('relay.round', { round: view.round, rounds: view.rounds });
    });
    screen.querySelectorAll('[data-field="topic"]').forEach((el) => {
      el.textContent = view.topic || '';
    });
  }

  function render() {
    root.dataset.phase = view.phase;
    for (const screen of screens) {
      screen.hidden = screen.dataset.screen !== view.phase;
      if (!screen.hidden) fill(screen);
    }
    // Nothing to abandon before a game or after its end.
    abandonBar.hidden = view.phase === 'setup' || view.phase === 'finalResult';
    if (view.phase === 'setup') copyNoteEl.hidden = true;
    showAbandonQuestion(false);
    if (ticker !== null && view.phase !== 'talk') {
      clearInterval(ticker);
      ticker = null;
    }
    switch (view.phase) {
      case 'setup': drawSetup(); break;
      case 'talk': drawTalk(); break;
      case 'handover':
        $('#pass-to').textContent = t('relay.passTo', { name: name(view.nextVoter) });
        $('#received').textContent = t('relay.iAm', { name: name(view.nextVoter) });
        break;
      case 'vote': drawVote(); break;
      case 'roundResult': drawRoundResult(); break;
      case 'finalResult': drawFinalResult(); break;
      default: break;
    }
    root.dataset.ready = 'true';
    bringOnScreen();
  }

  /** A new screen starts at the top of the page, focused, so its first control is in view. */
  function bringOnScreen() {
    const key = `${view.phase}:${view.round}:${view.turn}:${view.voter}`;
    if (key === shownScreen) return;
    shownScreen = key;
    window.scrollTo(0, 0);
    const screen = screens.find((s) => !s.hidden);
    if (screen && view.phase !== 'setup') screen.focus({ preventScroll: true });
  }

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
    drawNameButtons();
  }

  function drawNameButtons() {
    const count = namesEl.children.length;
    $('#add-player').disabled = limits !== null && count >= limits.maxPlayers;
    $('#remove-player').disabled = limits !== null && count <= limits.minPlayers;
  }

  function remaining() {
    return view.deadlineMs - Date.now();
  }

  function tick() {
    if (!view || view.phase !== 'talk') return;
    const left = remaining();
    countdownEl.textContent = M.formatTime(Math.ceil(Math.max(0, left) / 1000) * 1000);
    countdownEl.dataset.remainingMs = String(Math.max(0, left));
    countdownEl.classList.toggle('low', left <= 10000);
    if (left <= 0 && autoDoneTurn !== view.turn && !busy) {
      // Time is up: the next speaker starts. Once per turn; the engine ignores a done for another turn anyway.
      autoDoneTurn = view.turn;
      send({ type: 'talkDone', nowMs: Date.now(), turn: view.turn });
    }
  }

  function drawTalk() {
    $('#speaker-line').textContent = t('relay.isExplaining', { name: name(view.speaker) });
    root.dataset.deadlineMs = String(view.deadlineMs);
    const order = $('#order');
    order.replaceChildren(...view.order.map((seat, i) => {
      const item = document.createElement('li');
      item.textContent = name(seat);
      if (i === view.turn) item.setAttribute('aria-current', 'step');
      if (i < view.turn) item.classList.add('done');
      return item;
    }));
    $('#talk-done').textContent = t(view.turn + 1 < view.order.length ? 'relay.nextSpeaker' : 'relay.toTheVote');
    tick();
    if (ticker === null) ticker = setInterval(tick, 200);
  }

  function drawVote() {
    $('#whose-best').textContent = t('relay.whoseBest', { name: name(view.voter) });
    ballotEl.replaceChildren(...view.candidates.map((seat) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'relay-choice';
      button.dataset.seat = String(seat);
      button.textContent = name(seat);
      button.setAttribute('aria-pressed', String(view.selected === seat));
      return button;
    }));
    confirmButton.disabled = view.selected === null;
  }

  function standingRows(table, cells) {
    table.querySelector('tbody').replaceChildren(...view.standings.map((s) => {
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
    $('[data-field="round-title"]').textContent = t('relay.roundVotes', { round: view.round, rounds: view.rounds });
    standingRows($('#round-table'), (s) => [s.rank, s.name, view.roundVotes[s.player], s.score]);
    $('#next-round').textContent = t(view.lastRound ? 'relay.seeFinal' : 'relay.nextRound');
  }

  function drawFinalResult() {
    standingRows($('#final-table'), (s) => [s.rank, s.name, s.score]);
    const winners = view.standings.filter((s) => s.rank === 1).map((s) => s.name);
    $('#winners').textContent = winners.length === 1
      ? t('relay.wins', { name: winners[0] })
      : t('relay.shareWin', { names: winners.join(t('relay.and')) });
  }

  function showAbandonQuestion(asking) {
    $('#abandon').hidden = asking;
    $('#abandon-yes').hidden = !asking;
    $('#abandon-no').hidden = !asking;
  }

  // ---- input --------------------------------------------------------------------------------------------

  $('#setup').addEventListener('submit', (event) => {
    event.preventDefault();
    const players = Array.from(namesEl.querySelectorAll('input')).map((input) => input.value);
    const number = (input) => {
      const n = Number(input.value);
      return Number.isInteger(n) && n >= 0 ? Math.min(n, 0xffffffff) : 0;
    };
    M.store.set(NAMES_KEY, players);
    // A new game has its own id, so that a tab duplicated before it began is not taken for its copy.
    tabId(true);
    send({ type: 'start', players, rounds: number(roundsEl), talkSeconds: number(talkSecondsEl) });
  });

  $('#add-player').addEventListener('click', () => {
    if (limits && namesEl.children.length >= limits.maxPlayers) return;
    const item = nameInput('', namesEl.children.length);
    namesEl.append(item);
    item.querySelector('input').focus();
    drawNameButtons();
  });

  $('#remove-player').addEventListener('click', () => {
    if (limits && namesEl.children.length <= limits.minPlayers) return;
    namesEl.lastElementChild.remove();
    drawNameButtons();
  });

  $('#begin-talk').addEventListener('click', () => send({ type: 'beginTalk', nowMs: Date.now() }));
  $('#talk-done').addEventListener('click', () => {
    if (view && view.phase === 'talk') send({ type: 'talkDone', nowMs: Date.now(), turn: view.turn });
  });
  $('#received').addEventListener('click', () => send({ type: 'received' }));
  ballotEl.addEventListener('click', (event) => {
    const button = event.target.closest('button[data-seat]');
    if (button) send({ type: 'select', target: Number(button.dataset.seat) });
  });
  confirmButton.addEventListener('click', () => send({ type: 'confirm' }));
  $('#next-round').addEventListener('click', () => send({ type: 'nextRound' }));
  $('#restart').addEventListener('click', () => send({ type: 'restart' }));
  $('#abandon').addEventListener('click', () => showAbandonQuestion(true));
  $('#abandon-no').addEventListener('click', () => showAbandonQuestion(false));
  $('#abandon-yes').addEventListener('click', () => send({ type: 'abandon' }));

  // ---- start --------------------------------------------------------------------------------------------

  function drawLimits() {
    if (!limits) return;
    $('#setup-limits').textContent = t('relay.limits', {
      minPlayers: limits.minPlayers,
      maxPlayers: limits.maxPlayers,
      maxName: limits.maxNameChars,
      minRounds: limits.minRounds,
      maxRounds: limits.maxRounds,
      minTalk: limits.minTalkSeconds,
      maxTalk: limits.maxTalkSeconds,
    });
  }

  // The player switched the language: redraw what the script wrote (the topic already drawn stays as it is).
  window.I18n.onChange(() => {
    drawLimits();
    namesEl.querySelectorAll('input').forEach((input, seat) => {
      input.setAttribute('aria-label', t('relay.player', { n: seat + 1 }));
      input.placeholder = t('relay.player', { n: seat + 1 });
    });
    if (!copyNoteEl.hidden) tellCopy(copyNoteEl.dataset.copy);
    if (view) render();
  });

  const playing = () => Boolean(view) && view.phase !== 'setup';

  function tellCopy(copy) {
    copyNoteEl.dataset.copy = copy;
    copyNoteEl.textContent = t(copy === 'copy' ? 'relay.tabIsCopy' : 'relay.tabWasCopied');
    copyNoteEl.hidden = false;
  }

  /** Finds out whether another open tab plays this tab's game (see the top of the file). */
  function watchCopies() {
    if (!('BroadcastChannel' in window)) return;
    const channel = new BroadcastChannel('marubatsu.relay');
    channel.addEventListener('message', (event) => {
      const message = event.data || {};
      if (!playing() || message.id !== tabId()) return;
      if (message.type === 'who') {
        channel.postMessage({ type: 'mine', id: message.id });
        tellCopy('original');
      } else if (message.type === 'mine') {
        tabId(true);
        tellCopy('copy');
      }
    });
    if (playing()) channel.postMessage({ type: 'who', id: tabId() });
  }

  async function init() {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
    try {
      limits = await M.api('/api/relay/limits');
      roundsEl.min = String(limits.minRounds);
      roundsEl.max = String(limits.maxRounds);
      talkSecondsEl.min = String(limits.minTalkSeconds);
      talkSecondsEl.max = String(limits.maxTalkSeconds);
      drawLimits();
    } catch (error) {
      showError(error.message);
    }
    await send(null);
    watchCopies();
  }

  init();
})();

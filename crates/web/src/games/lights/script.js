// @ts-check
// Cross light. The page draws the scramble (crypto.getRandomValues) and reads the clock, keeps the event log in
// localStorage, and sends the whole log to /api/lights/replay on every action; the server replays it through
// the engine and answers with the state to draw. A reload sends the stored log again, so the game comes back
// exactly; a second tab sees the stored log change and follows. Best moves per level (without hints) and the
// last hint-assisted solve are kept in localStorage too.
'use strict';

(() => {
  const M = window.Marubatsu;
  const LOG_KEY = 'marubatsu.lights.log';
  const LEVEL_KEY = 'marubatsu.lights.level';
  const bestKey = (/** @type {string} */ level) => `marubatsu.lights.best.${level}`;
  const assistedKey = (/** @type {string} */ level) => `marubatsu.lights.assisted.${level}`;

  /** The page's element for `selector` (page.html has every one this script asks for). */
  const $ = (/** @type {string} */ selector) => /** @type {HTMLElement} */ (document.querySelector(selector));
  const boardEl = $('#board');
  const movesEl = $('#moves');
  const timeEl = $('#time');
  const parEl = $('#par');
  const bestEl = $('#best');
  const messageEl = $('#message');
  const undoButton = /** @type {HTMLButtonElement} */ ($('#undo'));
  const hintButton = /** @type {HTMLButtonElement} */ ($('#hint'));
  const restartButton = /** @type {HTMLButtonElement} */ ($('#restart'));
  const dialog = /** @type {HTMLDialogElement} */ ($('#solved'));
  const replaceDialog = /** @type {HTMLDialogElement} */ ($('#replace'));
  const levelButtons = /** @type {HTMLElement[]} */ (Array.from(document.querySelectorAll('.segmented [data-level]')));

  /** name -> { side, scramblePresses }, from the server (the engine's table). @type {Record<string, LightsLevel> | null} */
  let levels = null;
  /** The log as the server last replayed it (and as it is stored): the game the board shows. */
  /** @type {LightsEvent[] | null} */
  let confirmed = null;
  /** `confirmed` plus the events sent and not yet answered. */
  /** @type {LightsEvent[] | null} */
  let log = null;
  /** @type {LightsView | null} */
  let view = null;
  let cursor = 0;
  let sent = 0;
  /** A message key (with params) shown instead of the usual line until the next answer: an error or a notice. */
  /** @type {LightsTransient | null} */
  let transient = null;
  /** The last solve's dialog text, as a key and params, so a language switch rewrites it. */
  /** @type {[string, Record<string, unknown>][] | null} */
  let solveText = null;
  /** The level a new puzzle was asked for while a game was under way, until the player says yes or no. */
  /** @type {string | null} */
  let pendingLevel = null;
  const t = (/** @type {string} */ key, /** @type {Record<string, unknown> | undefined} */ params = undefined) =>
    window.I18n.t(key, params);

  /**
   * `count` distinct cells of a `side`×`side` board, uniformly: a partial Fisher–Yates shuffle.
   * @param {number} side @param {number} count
   */
  function drawScramble(side, count) {
    const cells = Array.from({ length: side * side }, (_, i) => i);
    for (let i = 0; i < count; i += 1) {
      const j = i + M.uniform(cells.length - i);
      [cells[i], cells[j]] = [cells[j], cells[i]];
    }
    return cells.slice(0, count);
  }

  /** @returns {string} */
  function currentLevel() {
    return (view && view.level) || M.store.get(LEVEL_KEY, 'easy');
  }

  /** @param {string} level */
  function newPuzzle(level) {
    if (!levels) return;
    const chosen = /** @type {LightsLevelName} */ (levels[level] ? level : 'easy');
    const { side, scramblePresses } = levels[chosen];
    M.store.set(LEVEL_KEY, chosen);
    log = [{ type: 'newPuzzle', level: chosen, cells: drawScramble(side, scramblePresses), atMs: Date.now() }];
    cursor = Math.floor((side * side) / 2);
    if (dialog.open) dialog.close();
    send('start');
  }

  /** Whether a new puzzle would throw something away: a game with presses on it, not yet solved. */
  function underWay() {
    return view !== null && !view.solved && view.moves > 0;
  }

  /**
   * A new puzzle at `level`, once the player says so if a game is under way: a tap on a level or on "New
   * puzzle" in the middle of a game must not throw it away. The question counts as a tap that moved the game
   * (common.js, `taps`), so the second tap of a double tap cannot land on its "yes".
   * @param {string} level
   */
  function askNewPuzzle(level) {
    if (!underWay()) {
      newPuzzle(level);
      return;
    }
    pendingLevel = levels && levels[level] ? level : 'easy';
    M.taps.take();
    drawReplaceText();
    if (!replaceDialog.open) replaceDialog.showModal();
    $('#replace-no').focus();
  }

  function drawReplaceText() {
    if (pendingLevel === null || !view) return;
    $('#replace-text').textContent = t('lights.replaceText', { moves: view.moves, level: t(`lights.${pendingLevel}`) });
  }

  /** @param {unknown} a @param {unknown} b */
  function same(a, b) {
    return JSON.stringify(a) === JSON.stringify(b);
  }

  /** @param {LightsEvent} event @param {string} effect */
  function push(event, effect) {
    if (!log) return;
    // Another tab moved this game on and this tab has not heard yet: follow it rather than press on a board
    // the player no longer has.
    const stored = M.store.get(LOG_KEY, null);
    if (Array.isArray(stored) && confirmed && !same(stored, confirmed)) {
      follow(stored);
      return;
    }
    log.push(event);
    send(effect);
  }

  /**
   * Shows the game another tab stored, dropping whatever this tab had in flight.
   * @param {LightsEvent[]} stored
   */
  function follow(stored) {
    sent += 1;
    confirmed = stored;
    log = stored.slice();
    if (dialog.open) dialog.close();
    send('follow');
  }

  /**
   * Replays the log on the server and draws the answer (only the answer to the latest request). Only a log the
   * server answered is kept and stored: when the server cannot be reached, the events not yet answered are
   * dropped and the player is told, so nothing is applied later behind their back.
   * @param {string} effect
   */
  async function send(effect) {
    if (!log) return;
    const candidate = log.slice();
    sent += 1;
    const mine = sent;
    let answer;
    try {
      answer = /** @type {Envelope<LightsView | null, { events: number }>} */ (await M.api('/api/lights/replay', { events: candidate }));
    } catch (error) {
      if (mine !== sent) return;
      // Later presses were made on top of this one; their answers must not bring it back.
      sent += 1;
      log = confirmed ? confirmed.slice() : null;
      transient = { text: /** @type {Error} */ (error).message };
      if (view) render(); else showTransient();
      M.sound.play('nothing');
      return;
    }
    if (mine !== sent) return;
    if (!answer.state) {
      // A stored log without a valid puzzle (an older page, a hand-edited storage): start afresh.
      transient = { key: 'lights.badLog', notice: true };
      newPuzzle(currentLevel());
      return;
    }
    confirmed = candidate;
    M.store.set(LOG_KEY, confirmed);
    const state = answer.state;
    view = state;
    transient = effect === 'follow' ? { key: 'lights.followed', notice: true } : null;
    if (effect === 'hint' && state.hint) cursor = state.hint.index;
    render();
    if (effect === 'hint' && state.hint && boardEl.contains(document.activeElement)) {
      M.focusCell(boardEl, cursor);
    }
    if (effect === 'load' || effect === 'follow') return;
    if (!answer.accepted) {
      M.sound.play('nothing');
    } else if (effect === 'press' && state.solved) {
      solved();
    } else {
      M.sound.play(effect);
    }
  }

  function showTransient() {
    if (!transient) return;
    messageEl.textContent = transient.text !== undefined ? transient.text : t(transient.key, transient.params);
    messageEl.classList.toggle('error', !transient.notice);
  }

  function render() {
    if (!view) return;
    const shown = view;
    const side = view.side;
    const count = side * side;
    boardEl.style.setProperty('--side', String(side));
    if (boardEl.children.length !== count) {
      boardEl.replaceChildren(...Array.from({ length: count }, (_, i) => {
        const button = document.createElement('button');
        button.type = 'button';
        button.className = 'cell';
        button.dataset.index = String(i);
        button.addEventListener('click', () => press(i));
        return button;
      }));
      if (cursor >= count) cursor = 0;
    }
    Array.from(boardEl.children).forEach((button, i) => {
      const on = shown.lit[i];
      const hinted = Boolean(shown.hint && shown.hint.index === i);
      button.setAttribute('aria-pressed', String(on));
      button.classList.toggle('hint', hinted);
      const place = { row: Math.floor(i / side) + 1, column: (i % side) + 1, state: t(on ? 'lights.on' : 'lights.off') };
      button.setAttribute('aria-label', t(hinted ? 'lights.cellHint' : 'lights.cell', place));
    });
    M.focusCell(boardEl, cursor, false);
    boardEl.setAttribute('aria-label', t('lights.board', { side, on: view.lit.filter(Boolean).length }));

    levelButtons.forEach((button) => {
      button.setAttribute('aria-pressed', String(button.dataset.level === shown.level));
    });
    movesEl.textContent = String(view.moves);
    parEl.textContent = String(view.startPar);
    showBest(M.store.get(bestKey(view.level), null));
    undoButton.disabled = !view.canUndo;
    hintButton.disabled = view.solved;
    restartButton.disabled = view.moves === 0;

    messageEl.classList.remove('error');
    if (transient) {
      showTransient();
    } else if (view.solved) {
      const params = { moves: view.moves, par: view.startPar, hints: view.hints };
      messageEl.textContent = t(view.hints > 0 ? 'lights.solvedAssistedMessage' : 'lights.solvedMessage', params);
    } else if (view.hint) {
      messageEl.textContent = t('lights.hintMessage', { row: view.hint.row, column: view.hint.column, left: view.par });
    } else {
      messageEl.textContent = '';
    }
    boardEl.dataset.puzzle = view.level;
    boardEl.dataset.started = String(view.startedAtMs);
    boardEl.dataset.hints = String(view.hints);
    boardEl.dataset.solved = String(view.solved);
    boardEl.dataset.ready = 'true';
    tick();
  }

  /**
   * The best as the record to beat: every clean solve of a scramble takes at least par presses and par is the
   * scramble's length, so after one perfect solve only the time is left to improve, and the time is shown.
   * @param {LightsRecord | null} best
   */
  function showBest(best) {
    bestEl.textContent = best ? t('lights.bestValue', { moves: best.moves, time: M.formatTime(best.ms) }) : '–';
  }

  /** The player's time: from their first press (not from when the puzzle was drawn) to the solving press. */
  function playedMs() {
    if (!view || view.clockFromMs === null) return 0;
    return (view.solved ? /** @type {number} */ (view.solvedAtMs) : Date.now()) - view.clockFromMs;
  }

  function tick() {
    if (!view) return;
    timeEl.textContent = M.formatTime(playedMs());
  }

  /**
   * A solve without hints may set a new best; one with hints is praised for what it is and recorded apart
   * (`marubatsu.lights.assisted.<level>`), never as a best or a perfect solve.
   */
  function solved() {
    if (!view) return;
    M.sound.play('win');
    const ms = playedMs();
    const base = { moves: view.moves, time: M.formatTime(ms), par: view.startPar, hints: view.hints };
    const best = /** @type {LightsRecord | null} */ (M.store.get(bestKey(view.level), null));
    /** @type {[string, Record<string, unknown>][]} */
    const parts = [['lights.solvedText', base]];
    if (view.hints > 0) {
      M.store.set(assistedKey(view.level), { moves: view.moves, ms, hints: view.hints });
      parts.push(['lights.assisted', base]);
      if (best) parts.push(['lights.yourBest', { best: best.moves, time: M.formatTime(best.ms) }]);
    } else {
      const record = !best || view.moves < best.moves || (view.moves === best.moves && ms < best.ms);
      if (record) M.store.set(bestKey(view.level), { moves: view.moves, ms });
      showBest(record ? { moves: view.moves, ms } : best);
      if (view.moves === view.startPar) parts.push(['lights.perfect', base]);
      parts.push(record || !best ? ['lights.newBest', base] : ['lights.yourBest', { best: best.moves, time: M.formatTime(best.ms) }]);
    }
    solveText = parts;
    drawSolveText();
    dialog.classList.toggle('assisted', view.hints > 0);
    if (!dialog.open) dialog.showModal();
    $('#solved-new').focus();
  }

  function drawSolveText() {
    // Japanese runs its sentences together; English puts a space between them.
    const gap = window.I18n.lang === 'ja' ? '' : ' ';
    if (solveText) $('#solved-text').textContent = solveText.map(([key, params]) => t(key, params)).join(gap);
  }

  /** @param {number} i */
  function press(i) {
    cursor = i;
    push({ type: 'press', cell: i, atMs: Date.now() }, 'press');
  }

  const undo = () => push({ type: 'undo' }, 'undo');
  const hint = () => push({ type: 'hint' }, 'hint');
  const restart = () => push({ type: 'restart', atMs: Date.now() }, 'start');
  const fresh = () => askNewPuzzle(currentLevel());

  undoButton.addEventListener('click', undo);
  hintButton.addEventListener('click', hint);
  restartButton.addEventListener('click', restart);
  $('#new').addEventListener('click', fresh);
  levelButtons.forEach((button) => button.addEventListener('click', () => askNewPuzzle(/** @type {string} */ (button.dataset.level))));
  // From the solved dialog nothing is under way: a new puzzle at once.
  $('#solved-new').addEventListener('click', () => newPuzzle(currentLevel()));
  $('#replace-yes').addEventListener('click', M.taps.wrap(() => {
    const level = pendingLevel;
    replaceDialog.close();
    if (level !== null) newPuzzle(level);
  }));
  // Either answer may be where the second tap of a double tap on "New puzzle" lands: neither takes it.
  $('#replace-no').addEventListener('click', M.taps.wrap(() => replaceDialog.close()));
  // "Keep playing", Escape, or the yes: the question is over, and the board has the focus again.
  replaceDialog.addEventListener('close', () => {
    pendingLevel = null;
    M.focusCell(boardEl, cursor);
  });
  $('#solved-close').addEventListener('click', () => dialog.close());
  dialog.addEventListener('close', () => M.focusCell(boardEl, cursor));
  M.keyboardGrid(boardEl, { side: () => (view ? view.side : 5), onMove: (i) => { cursor = i; } });
  M.shortcuts({ u: undo, h: hint, r: restart, n: fresh });
  window.setInterval(tick, 250);
  M.music.attach($('#music'));
  window.I18n.onChange(() => {
    if (view) render(); else if (transient) showTransient();
    drawSolveText();
    drawReplaceText();
  });

  // Another tab of this browser played or started a puzzle: show the same game (the log is the game).
  window.addEventListener('storage', (event) => {
    if (event.key !== LOG_KEY || !levels) return;
    const stored = M.store.get(LOG_KEY, null);
    if (Array.isArray(stored) && stored.length > 0 && !same(stored, confirmed)) follow(stored);
  });

  /** Reads the levels, then the stored game; while the server cannot be reached, says so and tries again. */
  async function start() {
    try {
      const answer = await M.api('/api/lights/levels');
      levels = Object.fromEntries(answer.levels.map((/** @type {LightsLevel} */ level) => [level.name, level]));
    } catch (error) {
      transient = { text: /** @type {Error} */ (error).message };
      showTransient();
      window.setTimeout(start, 3000);
      return;
    }
    const stored = M.store.get(LOG_KEY, null);
    if (Array.isArray(stored) && stored.length > 0) {
      confirmed = stored;
      log = stored.slice();
      send('load');
    } else {
      newPuzzle(M.store.get(LEVEL_KEY, 'easy'));
    }
  }
  start();
})();

// Cross light. The page draws the scramble (crypto.getRandomValues) and reads the clock, keeps the event log in
// localStorage, and sends the whole log to /api/lights/replay on every action; the server replays it through
// the engine and answers with the state to draw. A reload sends the stored log again, so the game comes back
// exactly. Best moves per level are kept in localStorage too.
'use strict';

(() => {
  const M = window.Marubatsu;
  const LOG_KEY = 'marubatsu.lights.log';
  const LEVEL_KEY = 'marubatsu.lights.level';
  const bestKey = (level) => `marubatsu.lights.best.${level}`;

  const $ = (selector) => document.querySelector(selector);
  const boardEl = $('#board');
  const movesEl = $('#moves');
  const timeEl = $('#time');
  const parEl = $('#par');
  const bestEl = $('#best');
  const messageEl = $('#message');
  const undoButton = $('#undo');
  const hintButton = $('#hint');
  const restartButton = $('#restart');
  const dialog = $('#solved');
  const levelButtons = Array.from(document.querySelectorAll('.segmented [data-level]'));

  /** name -> { side, scramblePresses }, from the server (the engine's table). */
  let levels = null;
  let log = null;
  let view = null;
  let cursor = 0;
  let sent = 0;
  let transient = null;

  /** `count` distinct cells of a `side`×`side` board, uniformly: a partial Fisher–Yates shuffle. */
  function drawScramble(side, count) {
    const cells = Array.from({ length: side * side }, (_, i) => i);
    const word = new Uint32Array(1);
    for (let i = 0; i < count; i += 1) {
      const span = cells.length - i;
      const limit = Math.floor(0x100000000 / span) * span;
      let r;
      do {
        crypto.getRandomValues(word);
        r = word[0];
      } while (r >= limit);
      const j = i + (r % span);
      [cells[i], cells[j]] = [cells[j], cells[i]];
    }
    return cells.slice(0, count);
  }

  function currentLevel() {
    return (view && view.level) || M.store.get(LEVEL_KEY, 'easy');
  }

  function newPuzzle(level) {
    const chosen = levels[level] ? level : 'easy';
    const { side, scramblePresses } = levels[chosen];
    M.store.set(LEVEL_KEY, chosen);
    log = [{ type: 'newPuzzle', level: chosen, cells: drawScramble(side, scramblePresses), atMs: Date.now() }];
    cursor = Math.floor((side * side) / 2);
    if (dialog.open) dialog.close();
    send('start');
  }

  function push(event, effect) {
    if (!log) return;
    log.push(event);
    send(effect);
  }

  /** Stores the log, replays it on the server and draws the answer (only the answer to the latest request). */
  async function send(effect) {
    M.store.set(LOG_KEY, log);
    sent += 1;
    const mine = sent;
    let answer;
    try {
      answer = await M.api('/api/lights/replay', { events: log });
    } catch (error) {
      if (mine === sent) showError(error.message);
      return;
    }
    if (mine !== sent) return;
    if (!answer.game) {
      // A stored log without a valid puzzle (an older page, a hand-edited storage): start afresh.
      newPuzzle(currentLevel());
      return;
    }
    view = answer.game;
    transient = null;
    if (effect === 'hint' && view.hint) cursor = view.hint.index;
    render();
    if (effect === 'hint' && view.hint && boardEl.contains(document.activeElement)) {
      M.focusCell(boardEl, cursor);
    }
    if (effect === 'load') return;
    if (!answer.changed) {
      M.sound.play('nothing');
    } else if (effect === 'press' && view.solved) {
      solved();
    } else {
      M.sound.play(effect);
    }
  }

  function showError(text) {
    transient = text;
    messageEl.textContent = text;
    messageEl.classList.add('error');
  }

  function render() {
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
      const on = view.lit[i];
      const hinted = Boolean(view.hint && view.hint.index === i);
      button.setAttribute('aria-pressed', String(on));
      button.classList.toggle('hint', hinted);
      const where = `Row ${Math.floor(i / side) + 1}, column ${(i % side) + 1}`;
      button.setAttribute('aria-label', `${where}, ${on ? 'on' : 'off'}${hinted ? ', hint' : ''}`);
    });
    M.focusCell(boardEl, cursor, false);
    boardEl.setAttribute('aria-label', `Lights, ${side} by ${side}, ${view.lit.filter(Boolean).length} on`);

    levelButtons.forEach((button) => {
      button.setAttribute('aria-pressed', String(button.dataset.level === view.level));
    });
    movesEl.textContent = String(view.moves);
    parEl.textContent = String(view.startPar);
    const best = M.store.get(bestKey(view.level), null);
    bestEl.textContent = best ? String(best.moves) : '–';
    undoButton.disabled = !view.canUndo;
    hintButton.disabled = view.solved;
    restartButton.disabled = view.moves === 0;

    messageEl.classList.remove('error');
    if (transient) {
      messageEl.textContent = transient;
      messageEl.classList.add('error');
    } else if (view.solved) {
      messageEl.textContent = `Solved in ${view.moves} moves (par ${view.startPar}).`;
    } else if (view.hint) {
      const left = view.par === 1 ? '1 press' : `${view.par} presses`;
      messageEl.textContent = `Hint: press row ${view.hint.row}, column ${view.hint.column}. ${left} left at best.`;
    } else {
      messageEl.textContent = '';
    }
    boardEl.dataset.puzzle = view.level;
    boardEl.dataset.started = String(view.startedAtMs);
    boardEl.dataset.solved = String(view.solved);
    boardEl.dataset.ready = 'true';
    tick();
  }

  function tick() {
    if (!view) return;
    const end = view.solved ? view.solvedAtMs : Date.now();
    timeEl.textContent = M.formatTime(end - view.startedAtMs);
  }

  function solved() {
    M.sound.play('win');
    const ms = view.solvedAtMs - view.startedAtMs;
    const best = M.store.get(bestKey(view.level), null);
    const record = !best || view.moves < best.moves || (view.moves === best.moves && ms < best.ms);
    if (record) M.store.set(bestKey(view.level), { moves: view.moves, ms });
    bestEl.textContent = String(record ? view.moves : best.moves);
    let text = `${view.moves} moves in ${M.formatTime(ms)}. Par was ${view.startPar}.`;
    if (view.moves === view.startPar) text += ' A perfect solve.';
    text += record ? ' A new best for this level!' : ` Your best here is ${best.moves}.`;
    $('#solved-text').textContent = text;
    if (!dialog.open) dialog.showModal();
    $('#solved-new').focus();
  }

  function press(i) {
    cursor = i;
    push({ type: 'press', cell: i, atMs: Date.now() }, 'press');
  }

  const undo = () => push({ type: 'undo' }, 'undo');
  const hint = () => push({ type: 'hint' }, 'hint');
  const restart = () => push({ type: 'restart', atMs: Date.now() }, 'start');
  const fresh = () => newPuzzle(currentLevel());

  undoButton.addEventListener('click', undo);
  hintButton.addEventListener('click', hint);
  restartButton.addEventListener('click', restart);
  $('#new').addEventListener('click', fresh);
  levelButtons.forEach((button) => button.addEventListener('click', () => newPuzzle(button.dataset.level)));
  $('#solved-new').addEventListener('click', fresh);
  $('#solved-close').addEventListener('click', () => dialog.close());
  dialog.addEventListener('close', () => M.focusCell(boardEl, cursor));
  M.keyboardGrid(boardEl, { side: () => (view ? view.side : 5), onMove: (i) => { cursor = i; } });
  M.shortcuts({ u: undo, h: hint, r: restart, n: fresh });
  window.setInterval(tick, 250);

  (async () => {
    try {
      const answer = await M.api('/api/lights/levels');
      levels = Object.fromEntries(answer.levels.map((level) => [level.name, level]));
    } catch (error) {
      showError(`Cannot reach the server: ${error.message}`);
      return;
    }
    log = M.store.get(LOG_KEY, null);
    if (Array.isArray(log) && log.length > 0) {
      send('load');
    } else {
      newPuzzle(M.store.get(LEVEL_KEY, 'easy'));
    }
  })();
})();

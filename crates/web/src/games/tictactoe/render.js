// @ts-check
// Tic-tac-toe's board for every mode: a press goes to the mode's part, and the board, the status line and the
// panels are drawn from the mode's state (solo.js, pvp.js, hotseat.js).
'use strict';

(() => {
  const TT = window.Tictactoe;
  const M = window.Marubatsu;
  const { S, el, T } = TT;
  const { $ } = el;

  /** @param {number} i */
  function play(i) {
    S.cursor = i;
    if (S.busy || S.pending) return;
    if (S.mode === 'solo') TT.playSolo(i);
    else if (S.mode === 'pvp') TT.playPvp(i);
    else TT.playHotseat(i);
  }

  /** @param {boolean} value */
  function setBusy(value) {
    S.busy = value;
    el.board.dataset.busy = String(value || Boolean(S.pending));
    el.board.setAttribute('aria-busy', String(value || Boolean(S.pending)));
  }

  function render() {
    const { mode, solo, pvp } = S;
    const { board } = el;
    el.modeButtons.forEach((b) => b.setAttribute('aria-pressed', String(b.dataset.mode === mode)));
    el.difficultyButtons.forEach((b) => b.setAttribute('aria-pressed', String(b.dataset.difficulty === S.settings.difficulty)));
    el.firstButtons.forEach((b) => b.setAttribute('aria-pressed', String((b.dataset.first === 'cpu') === S.settings.cpuFirst)));
    Object.entries(el.panels).forEach(([name, panel]) => { panel.hidden = name !== mode; });
    el.wallet.hidden = mode === 'hotseat';
    el.tx.hidden = mode === 'hotseat';
    TT.renderWallet();
    TT.renderNode();
    const state = mode === 'solo' ? TT.soloState() : (mode === 'pvp' ? TT.pvpState() : TT.hotseatState());
    el.cells.forEach((button, i) => {
      const mark = state.cells[i] || null;
      button.textContent = mark ? T(`mark.${mark}`) : '';
      if (mark) button.dataset.mark = mark;
      else delete button.dataset.mark;
      const open = state.playable && !mark;
      button.setAttribute('aria-disabled', String(!open));
      button.classList.toggle('last', state.last === i);
      button.classList.toggle('line', Boolean(state.line && state.line.includes(i)));
      button.classList.toggle('hint', state.hint === i);
      button.setAttribute('aria-label', T(state.last === i ? 'cellLabelLast' : 'cellLabel', { where: TT.where(i), mark: mark || T('empty') }));
    });
    M.focusCell(board, S.cursor, false);
    drawStrike(state.line);
    // Vs a player before anyone joined, the form, the link or the terms are the decision: no empty board above.
    $('.ttt-frame').hidden = mode === 'pvp' && (S.pvpId === null || Boolean(pvp && pvp.status === 'open'));
    el.status.textContent = state.status;
    el.status.classList.toggle('error', Boolean(state.error));
    // A finished game says so big, and offers the next one right under the board (on a phone's first screen).
    const final = state.ready && !['none', 'inProgress', 'open', 'active'].includes(state.result);
    el.status.classList.toggle('final', final);
    $('.ttt-again').hidden = !final;
    // A new solo game is a transaction: without an account that can send it now, the buttons would do nothing.
    const soloCannot = mode === 'solo' && (!TT.sender() || S.busy || Boolean(S.pending));
    /** @type {HTMLButtonElement} */ ($('#ttt-again')).disabled = soloCannot;
    /** @type {HTMLButtonElement} */ ($('#solo-new')).disabled = soloCannot;
    board.dataset.mode = mode;
    board.dataset.result = state.result;
    board.dataset.ready = String(state.ready);
    board.dataset.busy = String(S.busy || Boolean(S.pending));
    if (mode === 'solo' && solo) {
      board.dataset.game = String(solo.id);
      board.dataset.cpuLevel = solo.difficulty;
      board.dataset.cpuFirst = String(solo.cpuFirst);
      board.dataset.turns = String(S.soloTurns.length);
    } else if (mode === 'pvp' && pvp) {
      board.dataset.game = String(pvp.id);
      board.dataset.role = pvp.role;
      board.dataset.moves = String(pvp.cells.filter((c) => c !== null).length);
    } else if (mode !== 'solo') {
      delete board.dataset.game;
    }
    if (mode === 'solo') TT.renderTurns();
    if (mode === 'pvp') TT.renderPvp();
  }

  /** A stroke through the centres of the first and last cells of the winning line, if there is one. */
  /** @type {number[] | null} */
  let strikeLine = null;
  /** @param {number[] | null} line */
  function drawStrike(line) {
    const strike = $('#ttt-strike');
    strikeLine = Array.isArray(line) && line.length === 3 ? line : null;
    strike.hidden = !strikeLine;
    if (!strikeLine) return;
    const frame = /** @type {HTMLElement} */ (strike.parentElement).getBoundingClientRect();
    const centre = (/** @type {number} */ i) => {
      const r = el.cells[i].getBoundingClientRect();
      return [r.left + r.width / 2 - frame.left, r.top + r.height / 2 - frame.top];
    };
    const sorted = [...strikeLine].sort((a, b) => a - b);
    const [x1, y1] = centre(sorted[0]);
    const [x2, y2] = centre(sorted[2]);
    // Past the centres a little, so the stroke reaches into the end cells' marks.
    const reach = el.cells[0].getBoundingClientRect().width * 0.35;
    const length = Math.hypot(x2 - x1, y2 - y1);
    const [ux, uy] = [(x2 - x1) / length, (y2 - y1) / length];
    strike.style.left = `${x1 - ux * reach}px`;
    strike.style.top = `${y1 - uy * reach}px`;
    strike.style.width = `${length + 2 * reach}px`;
    strike.style.transform = `rotate(${Math.atan2(y2 - y1, x2 - x1)}rad)`;
  }
  window.addEventListener('resize', () => { if (strikeLine) drawStrike(strikeLine); });

  function newGame() {
    if (S.mode === 'solo') {
      TT.newSolo();
    } else if (S.mode === 'pvp') {
      TT.leavePvp();
    } else {
      S.hotseatMoves = [];
      TT.sendHotseat('start');
    }
  }

  /** @type {Pick<TictactoeNamespace, 'play' | 'setBusy' | 'render' | 'newGame'>} */
  const part = { play, setBusy, render, newGame };
  Object.assign(TT, part);
})();

// Tic-tac-toe. Vs CPU: every action is a transaction the server sends to SoloTicTacToe in its in-process
// chain; the page keeps only the game id (and the server's instance name) in localStorage and asks the server
// for that game after a reload. Two players: the page keeps the cells played in localStorage and the server
// replays them through the engine. No rule is decided here.
'use strict';

(() => {
  const M = window.Marubatsu;
  const MODE_KEY = 'marubatsu.tictactoe.mode';
  const SOLO_KEY = 'marubatsu.tictactoe.solo';
  const SETTINGS_KEY = 'marubatsu.tictactoe.settings';
  const HOTSEAT_KEY = 'marubatsu.tictactoe.hotseat';

  const $ = (selector) => document.querySelector(selector);
  const boardEl = $('#ttt-board');
  const statusEl = $('#ttt-status');
  const turnsBody = $('#turns tbody');
  const chainInfoEl = $('#chain-info');
  const soloPanel = $('#solo-panel');
  const hotseatPanel = $('#hotseat-panel');
  const modeButtons = Array.from(document.querySelectorAll('.segmented [data-mode]'));
  const difficultyButtons = Array.from(document.querySelectorAll('.segmented [data-difficulty]'));
  const firstButtons = Array.from(document.querySelectorAll('.segmented [data-first]'));

  let mode = M.store.get(MODE_KEY, 'solo') === 'hotseat' ? 'hotseat' : 'solo';
  let settings = Object.assign({ difficulty: 'normal', cpuFirst: false }, M.store.get(SETTINGS_KEY, {}));
  let info = null;
  let solo = null;
  let soloError = null;
  let hotseatMoves = M.store.get(HOTSEAT_KEY, []);
  let hotseat = null;
  let busy = false;
  let cursor = 4;

  const where = (i) => `row ${Math.floor(i / 3) + 1}, column ${(i % 3) + 1}`;

  boardEl.replaceChildren(...Array.from({ length: 9 }, (_, i) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'cell';
    button.dataset.index = String(i);
    button.addEventListener('click', () => play(i));
    return button;
  }));
  const cells = Array.from(boardEl.children);

  // ---- vs CPU, on chain ------------------------------------------------------------------------------------

  async function newSolo() {
    if (!info || !info.available || busy) return;
    setBusy(true);
    try {
      solo = await M.api('/api/tictactoe/solo/games', settings);
      soloError = null;
      M.store.set(SOLO_KEY, { instance: info.instance, id: solo.id });
      M.sound.play('start');
      if (solo.lastCpu !== null) window.setTimeout(() => M.sound.play('cpu'), 140);
    } catch (error) {
      soloError = error.message;
    } finally {
      setBusy(false);
    }
    render();
  }

  async function playSolo(i) {
    if (!solo || solo.result !== 'inProgress' || solo.cells[i] !== null) {
      M.sound.play('nothing');
      return;
    }
    setBusy(true);
    try {
      solo = await M.api(`/api/tictactoe/solo/games/${solo.id}/moves`, { cell: i });
      soloError = null;
      M.sound.play('press');
      const ending = { playerWon: 'win', cpuWon: 'lose', draw: 'draw' }[solo.result];
      window.setTimeout(() => M.sound.play(ending || 'cpu'), 140);
    } catch (error) {
      soloError = error.message;
      M.sound.play('nothing');
    } finally {
      setBusy(false);
    }
    render();
  }

  async function loadSolo() {
    try {
      info = await M.api('/api/tictactoe/solo');
    } catch (error) {
      soloError = `Cannot reach the server: ${error.message}`;
      render();
      return;
    }
    if (!info.available) {
      soloError = info.reason;
      render();
      return;
    }
    const stored = M.store.get(SOLO_KEY, null);
    if (stored && stored.instance === info.instance) {
      try {
        solo = await M.api(`/api/tictactoe/solo/games/${stored.id}`);
        render();
        return;
      } catch (_) { /* gone: start a new one below */ }
    }
    await newSolo();
    if (stored && stored.instance !== info.instance) {
      soloError = null;
      statusEl.textContent = 'The server was restarted with a fresh chain, so a new game has started. '
        + statusEl.textContent;
    }
  }

  // ---- two players, off chain ------------------------------------------------------------------------------

  async function sendHotseat(effect) {
    setBusy(true);
    try {
      hotseat = await M.api('/api/tictactoe/hotseat', { moves: hotseatMoves });
    } catch (error) {
      statusEl.textContent = error.message;
      setBusy(false);
      return;
    }
    setBusy(false);
    if (hotseat.played < hotseatMoves.length) {
      hotseatMoves = hotseatMoves.slice(0, hotseat.played);
      effect = 'nothing';
    }
    M.store.set(HOTSEAT_KEY, hotseatMoves);
    if (effect === 'press' && (hotseat.winner || hotseat.draw)) effect = hotseat.draw ? 'draw' : 'win';
    if (effect) M.sound.play(effect);
    render();
  }

  function playHotseat(i) {
    if (!hotseat || !hotseat.toMove || hotseat.cells[i] !== null) {
      M.sound.play('nothing');
      return;
    }
    hotseatMoves.push(i);
    sendHotseat('press');
  }

  // ---- both ------------------------------------------------------------------------------------------------

  function play(i) {
    cursor = i;
    if (busy) return;
    if (mode === 'solo') playSolo(i);
    else playHotseat(i);
  }

  function setBusy(value) {
    busy = value;
    boardEl.dataset.busy = String(value);
    boardEl.setAttribute('aria-busy', String(value));
  }

  function render() {
    modeButtons.forEach((b) => b.setAttribute('aria-pressed', String(b.dataset.mode === mode)));
    difficultyButtons.forEach((b) => b.setAttribute('aria-pressed', String(b.dataset.difficulty === settings.difficulty)));
    firstButtons.forEach((b) => b.setAttribute('aria-pressed', String((b.dataset.first === 'cpu') === settings.cpuFirst)));
    soloPanel.hidden = mode !== 'solo';
    hotseatPanel.hidden = mode !== 'hotseat';
    const state = mode === 'solo' ? soloState() : hotseatState();
    cells.forEach((button, i) => {
      const mark = state.cells[i] || null;
      button.textContent = mark || '';
      if (mark) button.dataset.mark = mark;
      else delete button.dataset.mark;
      const open = state.playable && !mark;
      button.setAttribute('aria-disabled', String(!open));
      button.classList.toggle('last', state.last === i);
      button.classList.toggle('line', Boolean(state.line && state.line.includes(i)));
      button.setAttribute('aria-label', `${where(i)}, ${mark || 'empty'}${state.last === i ? ', last CPU move' : ''}`);
    });
    M.focusCell(boardEl, cursor, false);
    statusEl.textContent = state.status;
    statusEl.classList.toggle('error', Boolean(state.error));
    boardEl.dataset.mode = mode;
    boardEl.dataset.result = state.result;
    boardEl.dataset.ready = String(state.ready);
    if (solo) {
      boardEl.dataset.game = String(solo.id);
      boardEl.dataset.cpuLevel = solo.difficulty;
      boardEl.dataset.cpuFirst = String(solo.cpuFirst);
      boardEl.dataset.turns = String(solo.turns.length);
    }
    if (mode === 'solo') renderTurns();
  }

  function soloState() {
    if (!solo) {
      return {
        cells: [], playable: false, last: null, line: null, result: 'none', ready: false,
        status: soloError || 'Deploying a game on the in-process chain…', error: Boolean(soloError),
      };
    }
    let status;
    if (solo.result === 'inProgress') {
      const reply = solo.lastCpu === null ? '' : `The CPU took ${where(solo.lastCpu)}. `;
      status = `${reply}Your move: you are ${solo.playerMark}.`;
    } else if (solo.result === 'playerWon') {
      status = 'You win!';
    } else if (solo.result === 'cpuWon') {
      status = `The CPU wins${solo.lastCpu === null ? '' : ` with ${where(solo.lastCpu)}`}.`;
    } else {
      status = 'Draw.';
    }
    if (soloError) status = `${soloError} ${status}`;
    return {
      cells: solo.cells, playable: solo.result === 'inProgress' && !busy, last: solo.lastCpu, line: solo.line,
      result: solo.result, ready: true, status, error: Boolean(soloError),
    };
  }

  function hotseatState() {
    if (!hotseat) {
      return { cells: [], playable: false, last: null, line: null, result: 'none', ready: false, status: '' };
    }
    let status;
    let result;
    if (hotseat.winner) {
      status = `${hotseat.winner} wins!`;
      result = hotseat.winner;
    } else if (hotseat.draw) {
      status = 'Draw.';
      result = 'draw';
    } else {
      status = `${hotseat.toMove} to move.`;
      result = 'inProgress';
    }
    return {
      cells: hotseat.cells, playable: Boolean(hotseat.toMove), last: null, line: hotseat.line, result,
      ready: true, status,
    };
  }

  function renderTurns() {
    const rows = solo ? solo.turns : [];
    turnsBody.replaceChildren(...rows.map((turn, k) => {
      const row = document.createElement('tr');
      const square = (cell) => (cell === null ? '–' : `r${Math.floor(cell / 3) + 1} c${(cell % 3) + 1}`);
      [k === 0 ? 'start' : String(k), turn.player === null ? '–' : square(turn.player), square(turn.cpu),
        turn.gas.toLocaleString('en-US')].forEach((text) => {
        const cell = document.createElement('td');
        cell.textContent = text;
        row.appendChild(cell);
      });
      return row;
    }));
    chainInfoEl.textContent = info && info.available && solo
      ? `Game ${solo.id} (${solo.difficulty}) of SoloTicTacToe at ${info.contract} on the in-process chain `
        + `(id ${info.chainId}), played from ${info.player}. Gas includes the 21,000 base of a transaction.`
      : '';
  }

  function newGame() {
    if (mode === 'solo') {
      newSolo();
    } else {
      hotseatMoves = [];
      sendHotseat('start');
    }
  }

  modeButtons.forEach((button) => button.addEventListener('click', () => {
    mode = button.dataset.mode;
    M.store.set(MODE_KEY, mode);
    if (mode === 'hotseat' && !hotseat) sendHotseat(null);
    render();
  }));
  difficultyButtons.forEach((button) => button.addEventListener('click', () => {
    settings.difficulty = button.dataset.difficulty;
    M.store.set(SETTINGS_KEY, settings);
    newSolo();
  }));
  firstButtons.forEach((button) => button.addEventListener('click', () => {
    settings.cpuFirst = button.dataset.first === 'cpu';
    M.store.set(SETTINGS_KEY, settings);
    newSolo();
  }));
  $('#solo-new').addEventListener('click', newSolo);
  $('#hotseat-new').addEventListener('click', newGame);
  $('#hotseat-undo').addEventListener('click', () => {
    if (hotseatMoves.length === 0) return;
    hotseatMoves.pop();
    sendHotseat('undo');
  });
  M.keyboardGrid(boardEl, { side: () => 3, onMove: (i) => { cursor = i; } });
  M.shortcuts({ n: newGame });

  render();
  loadSolo();
  if (mode === 'hotseat') sendHotseat(null);
})();

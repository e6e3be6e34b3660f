// @ts-check
// Tic-tac-toe for two players on one device, off chain: the page keeps the cells played in localStorage and the
// server replays them through the engine.
'use strict';

(() => {
  const TT = window.Tictactoe;
  const M = window.Marubatsu;
  const { S, el, T } = TT;

  /** Replays the moves on the server; `effect` is the sound to play once it answers (null: none). */
  /** @param {string | null} effect */
  async function sendHotseat(effect) {
    TT.setBusy(true);
    /** @type {HotSeatAnswer} */
    let answer;
    try {
      answer = await M.api('/api/tictactoe/hotseat', { moves: S.hotseatMoves });
    } catch (error) {
      el.status.textContent = /** @type {Error} */ (error).message;
      TT.setBusy(false);
      return;
    }
    TT.setBusy(false);
    S.hotseat = answer.state;
    const { hotseat } = S;
    if (answer.played < S.hotseatMoves.length) {
      S.hotseatMoves = S.hotseatMoves.slice(0, answer.played);
      effect = 'nothing';
    }
    M.store.set(TT.keys.hotseat, S.hotseatMoves);
    if (effect === 'press' && (hotseat.winner || hotseat.draw)) effect = hotseat.draw ? 'draw' : 'win';
    if (effect) M.sound.play(effect);
    TT.render();
  }

  /** @param {number} i */
  function playHotseat(i) {
    if (!S.hotseat || !S.hotseat.toMove || S.hotseat.cells[i] !== null) {
      M.sound.play('nothing');
      return;
    }
    S.hotseatMoves.push(i);
    sendHotseat('press');
  }

  /** What the board shows for two players. @returns {BoardState} */
  function hotseatState() {
    const { hotseat } = S;
    if (!hotseat) {
      return { cells: [], playable: false, last: null, line: null, result: 'none', ready: false, status: '' };
    }
    let status;
    let result;
    if (hotseat.winner) {
      status = T('hotseat.wins', { side: hotseat.winner });
      result = hotseat.winner;
    } else if (hotseat.draw) {
      status = T('draw');
      result = 'draw';
    } else {
      status = T('hotseat.toMove', { side: hotseat.toMove });
      result = 'inProgress';
    }
    return {
      cells: hotseat.cells, playable: Boolean(hotseat.toMove), last: null, line: hotseat.line, result,
      ready: true, status,
    };
  }

  /** @type {Pick<TictactoeNamespace, 'sendHotseat' | 'playHotseat' | 'hotseatState'>} */
  const part = { sendHotseat, playHotseat, hotseatState };
  Object.assign(TT, part);
})();

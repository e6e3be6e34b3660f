// @ts-check
// Tic-tac-toe against the CPU, on chain: start a game, play a cell (the CPU answers in the same transaction),
// read the game back from the contract, and the table of turns and gas.
'use strict';

(() => {
  const TT = window.Tictactoe;
  const M = window.Marubatsu;
  const { S, el, T } = TT;

  async function newSolo() {
    if (S.busy) return;
    S.soloError = null;
    await TT.transact({ action: 'newSolo', difficulty: S.settings.difficulty, cpuFirst: S.settings.cpuFirst });
    TT.render();
  }

  /** A level or seat was chosen. On the embedded chain a game costs nothing, so it starts at once; on a real
   * chain a game is a paid transaction, so the choice waits for "New game". */
  function chooseSolo() {
    M.store.set(TT.keys.settings, S.settings);
    if (S.info && S.info.mode === 'embedded') {
      newSolo();
      return;
    }
    TT.setTx('idle', T('solo.chosen', {
      level: T(S.settings.difficulty),
      first: T(S.settings.cpuFirst ? 'cpuStarts' : 'youStart'),
    }));
    TT.render();
  }

  /** Reads solo game `id` from the contract. `check` is set when the page did not just move itself (a poll, a
   * tab coming back): then a change means another tab or window of this account moved, and the page says so.
   * @param {number} id @param {boolean} [check] */
  async function loadSolo(id, check = false) {
    const read = ++S.soloReads;
    try {
      /** @type {SoloView} */
      const answer = await M.api(`/api/tictactoe/solo/games/${id}`);
      // A later read (after the player's own move) may have answered first: an older answer is stale.
      if (read !== S.soloReads) return;
      const before = S.solo;
      S.solo = answer;
      S.soloReadAt = Date.now();
      S.soloError = null;
      const changed = before && before.id === answer.id && before.cells.some((c, i) => c !== answer.cells[i]);
      if (check && changed && !S.pending && !S.busy) {
        TT.setTx('idle', T(answer.result === 'inProgress' ? 'solo.movedElsewhere' : 'solo.endedElsewhere'));
      }
      M.store.set(TT.keys.solo, { scope: TT.scope(), id, turns: S.soloTurns });
    } catch (error) {
      if (read !== S.soloReads) return;
      // The node's silence is said in the page's words (the notice above says the rest), not the client's.
      S.soloError = TT.unanswered(error) ? T('node.unread') : /** @type {Error} */ (error).message;
      TT.noteFailure(error);
    }
    TT.render();
  }

  /** @param {number} i */
  function playSolo(i) {
    if (!S.solo || S.solo.result !== 'inProgress' || S.solo.cells[i] !== null || !TT.sender()) {
      M.sound.play('nothing');
      return;
    }
    M.sound.play('press');
    TT.transact({ action: 'playSolo', game: S.solo.id, cell: i });
  }

  /** The solo game this browser kept for this chain and account, if any. */
  function restoreSolo() {
    const stored = M.store.get(TT.keys.solo, null);
    if (!stored || stored.scope !== TT.scope()) {
      S.solo = null;
      S.soloTurns = [];
      return false;
    }
    if (!S.solo || S.solo.id !== stored.id) {
      S.soloTurns = Array.isArray(stored.turns) ? stored.turns : [];
      loadSolo(stored.id);
    }
    return true;
  }

  /** On the embedded chain a game starts by itself (it costs nothing); on a real one the player asks. */
  function maybeStartSolo() {
    if (S.info && S.info.mode === 'embedded' && !S.solo && !S.pending && !S.busy) newSolo();
  }

  /** What the board shows against the CPU. @returns {BoardState} */
  function soloState() {
    const { solo, soloError, infoError, info } = S;
    if (!solo) {
      let status = soloError || infoError || TT.walletTodo() || T('solo.ask');
      if (!info && !infoError) status = T('solo.finding');
      else if (info && info.mode === 'embedded' && !soloError) status = T('solo.starting');
      return {
        // The embedded chain starts a game by itself: the board is ready once it has one.
        cells: [], playable: false, last: null, line: null, result: 'none',
        ready: info !== null && info.mode !== 'embedded' && !S.busy,
        status, error: Boolean(soloError || infoError),
      };
    }
    const lastCpu = S.soloTurns.length ? S.soloTurns[S.soloTurns.length - 1].cpu : null;
    let status;
    if (solo.result === 'inProgress') {
      const reply = lastCpu === null || lastCpu === undefined ? '' : T('solo.cpuTook', { where: TT.where(lastCpu) });
      status = T('solo.yourMove', { reply, mark: solo.playerMark });
    } else if (solo.result === 'playerWon') {
      status = T('solo.won');
    } else if (solo.result === 'cpuWon') {
      status = lastCpu === null || lastCpu === undefined ? T('solo.lost') : T('solo.lostWith', { where: TT.where(lastCpu) });
    } else {
      status = T('draw');
    }
    if (soloError) status = `${soloError} ${status}`;
    return {
      cells: solo.cells, playable: solo.result === 'inProgress' && !S.busy && Boolean(TT.sender()), last: lastCpu,
      line: solo.line, result: solo.result, ready: true, status, error: Boolean(soloError),
    };
  }

  function renderTurns() {
    const rows = S.solo ? S.soloTurns : [];
    el.turnsBody.replaceChildren(...rows.map((turn, k) => {
      const row = document.createElement('tr');
      const square = (/** @type {number | null | undefined} */ cell) => (cell === null || cell === undefined ? '–' : TT.where(cell));
      const fee = turn.fee ? TT.shortEther(BigInt(turn.fee)) : '–';
      [k === 0 ? T('solo.start') : String(k), turn.player === null ? '–' : square(turn.player), square(turn.cpu),
        (turn.gas || 0).toLocaleString('en-US'), fee].forEach((text) => {
        const cell = document.createElement('td');
        cell.textContent = text;
        row.appendChild(cell);
      });
      return row;
    }));
    el.chainInfo.textContent = S.info && S.solo
      ? T('solo.info', {
        id: S.solo.id, level: T(S.solo.difficulty), contract: S.info.solo, chain: S.info.chainId, player: S.solo.player,
      })
      : '';
  }

  /** @type {Pick<TictactoeNamespace, 'newSolo' | 'chooseSolo' | 'loadSolo' | 'playSolo' | 'restoreSolo' | 'maybeStartSolo' | 'soloState' | 'renderTurns'>} */
  const part = { newSolo, chooseSolo, loadSolo, playSolo, restoreSolo, maybeStartSolo, soloState, renderTurns };
  Object.assign(TT, part);
})();

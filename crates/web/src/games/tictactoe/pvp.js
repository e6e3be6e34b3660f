// @ts-check
// Tic-tac-toe against another player, on chain, for a stake: create, share, join, play against the clock, claim
// a timeout, resign or cancel, ask the Hard CPU for advice, and withdraw what the contract owes.
'use strict';

(() => {
  const TT = window.Tictactoe;
  const M = window.Marubatsu;
  const { S, el, T } = TT;
  const { $ } = el;
  let loading = false;

  /** @param {number} id */
  function openPvp(id) {
    S.pvpId = id;
    S.pvp = null;
    S.oracle = null;
    M.store.set(TT.keys.pvp, { scope: S.info ? `${S.info.mode}:${S.info.instance}:${S.info.chainId}` : null, id });
    const url = new URL(window.location.href);
    url.searchParams.set('game', String(id));
    window.history.replaceState(null, '', url);
    refreshPvp();
  }

  function leavePvp() {
    S.pvpId = null;
    S.pvp = null;
    S.oracle = null;
    M.store.remove(TT.keys.pvp);
    const url = new URL(window.location.href);
    url.searchParams.delete('game');
    window.history.replaceState(null, '', url);
    TT.render();
  }

  async function refreshPvp() {
    if (!S.info || loading) return;
    loading = true;
    try {
      const viewer = TT.sender();
      if (S.pvpId !== null) {
        const query = viewer ? `?viewer=${viewer}` : '';
        const before = S.pvp;
        S.pvp = /** @type {PvpView} */ (await M.api(`/api/tictactoe/pvp/games/${S.pvpId}${query}`));
        // The clock runs from the time the page first saw the latest block; the next block corrects it.
        if (!before || before.headBlock !== S.pvp.headBlock || before.id !== S.pvp.id) S.blockSeenAt = Date.now();
        S.pvpError = null;
        S.nodeFailures = 0;
      }
      S.balance = viewer ? await M.api(`/api/tictactoe/pvp/balance/${viewer}`) : null;
    } catch (error) {
      S.pvpError = TT.unanswered(error) ? T('node.unread') : /** @type {Error} */ (error).message;
      TT.noteFailure(error);
    } finally {
      loading = false;
    }
    TT.render();
  }

  /** @param {Exclude<PvpAction, 'play'>} action */
  function pvpAction(action) {
    if (!S.pvp) return;
    // A join names the bank its terms showed: the contract refuses it if the game's is another.
    const timeBank = action === 'join' && S.pvp.timeBank ? S.pvp.timeBank.bank : null;
    TT.transact(action === 'join' ? { action, game: S.pvp.id, timeBank } : { action, game: S.pvp.id });
  }

  /** The bank chosen in the form, in seconds; null for none, or on a contract without banks. */
  function chosenBank() {
    const value = /** @type {HTMLSelectElement} */ ($('#pvp-bank')).value;
    return S.info && S.info.timeBanks && value !== '' ? Number(value) : null;
  }

  /** The form's bank field (only where the contract has banks) and the bound the choice gives the whole game. */
  function renderBound() {
    const banks = Boolean(S.info && S.info.timeBanks);
    $('#pvp-bank-field').hidden = !banks;
    const timeout = Number(/** @type {HTMLSelectElement} */ ($('#pvp-timeout')).value);
    const claimBlocks = S.info ? S.info.claimBlocks : null;
    $('#pvp-bound').textContent = S.info ? TT.createBound(timeout, chosenBank(), claimBlocks, T) : '';
  }

  /** @param {Event} event */
  function createPvp(event) {
    event.preventDefault();
    const input = (/** @type {string} */ selector) => /** @type {HTMLInputElement} */ ($(selector)).value;
    const stake = input('#pvp-stake');
    const timeout = Number(input('#pvp-timeout'));
    const opponent = input('#pvp-opponent').trim();
    TT.transact({
      action: 'create', stake, timeout, opponent: opponent || null, from: TT.sender(), timeBank: chosenBank(),
    });
  }

  async function askOracle() {
    if (!S.pvp) return;
    try {
      S.oracle = await M.api(`/api/tictactoe/pvp/games/${S.pvp.id}/oracle`);
    } catch (error) {
      S.oracle = { cell: null, words: /** @type {Error} */ (error).message };
    }
    TT.render();
  }

  /** @param {number} i */
  function playPvp(i) {
    if (!S.pvp || !S.pvp.can.includes('play') || S.pvp.cells[i] !== null) {
      M.sound.play('nothing');
      return;
    }
    M.sound.play('press');
    S.oracle = null;
    TT.transact({ action: 'play', game: S.pvp.id, cell: i });
  }

  /** Seconds left on the clock now: the deadline against the latest block's time, counted on by the page's own
   * clock between blocks (a chain's clock moves only with its blocks, and a quiet chain may mine none for a while).
   * Negative once the deadline has passed. */
  function secondsLeft() {
    const { pvp } = S;
    if (!pvp || pvp.secondsLeft === null || pvp.deadline === null) return null;
    const now = chainNow(pvp);
    return now > pvp.deadline ? -1 : pvp.deadline - now;
  }

  /** The chain's time now as the page counts it: the latest block's, on by the page's own clock since it was seen.
   * @param {PvpView} pvp */
  function chainNow(pvp) {
    return pvp.now + Math.floor((Date.now() - S.blockSeenAt) / 1000);
  }

  function pvpStatus() {
    const blockSeconds = S.info ? S.info.blockSeconds : null;
    const page = { pvpId: S.pvpId, pvpError: S.pvpError, left: secondsLeft(), blockSeconds };
    // This player's move is on its way (from this tab or another of the same player): not "your move" again.
    const action = S.pending ? S.pending.action : null;
    const sending = action && action.action === 'play' && S.pvp && action.game === S.pvp.id ? action : null;
    const status = sending ? T('pvp.moveSending', { where: TT.where(sending.cell) }) : TT.pvpStatus(S.pvp, page, T);
    // Without a wallet that can send, creating or joining would do nothing: the line says what to do first.
    const todo = TT.walletTodo();
    const wouldAct = !S.pvp || S.pvp.status === 'open' || (S.pvp.status === 'active' && S.pvp.role !== 'watcher');
    return todo && wouldAct && !S.pvpError ? T('pvp.withTodo', { status, todo }) : status;
  }

  /** What the board shows against a player. @returns {BoardState} */
  function pvpState() {
    const { pvp } = S;
    if (!pvp) {
      return {
        cells: [], playable: false, last: null, line: null, result: 'none', ready: Boolean(S.info), status: pvpStatus(),
        error: Boolean(S.pvpError),
      };
    }
    return {
      cells: pvp.cells, playable: pvp.can.includes('play') && !S.busy, last: null, line: pvp.line,
      hint: S.oracle ? S.oracle.cell : null, result: pvp.status, ready: true, status: pvpStatus(), error: false,
    };
  }

  /** The clock under the board: the time left, then in the claim window the blocks a claim waits for.
   * @param {PvpView} pvp */
  function clockLine(pvp) {
    const left = secondsLeft();
    const toGo = TT.claimBlocksToGo(pvp);
    if (toGo !== null && toGo > 0) return T('pvp.clockWindow', { head: pvp.headBlock, block: pvp.claimBlock });
    if (left === null) return '';
    if (left >= 0 && toGo === null) return T('pvp.clock', { side: pvp.toMove, left: TT.clockWords(left) });
    return T(pvp.moverHasMoved ? 'pvp.late' : 'pvp.lateFirst', { side: pvp.toMove });
  }

  function renderPvp() {
    const { pvp, balance, oracle } = S;
    const gameEl = $('#pvp-game');
    $('#pvp-create-form').hidden = S.pvpId !== null;
    gameEl.hidden = S.pvpId === null;
    const can = (/** @type {PvpAction} */ what) => pvp !== null && pvp.can.includes(what) && Boolean(TT.sender());
    const readyToSend = Boolean(TT.sender()) && !S.busy && !S.pending;
    const button = (/** @type {string} */ selector) => /** @type {HTMLButtonElement} */ ($(selector));
    button('#pvp-create').disabled = !readyToSend;
    renderBound();
    if (pvp) {
      $('#pvp-info').textContent = T('pvp.info', {
        id: pvp.id,
        stake: pvp.stakeWords,
        timeout: pvp.timeoutWords,
        creator: TT.shortAddress(pvp.creator),
        o: pvp.opponent ? T('pvp.o', { account: TT.shortAddress(pvp.opponent) }) : T('pvp.oAnyone'),
        status: `${pvp.statusWords[0].toUpperCase()}${pvp.statusWords.slice(1)}`,
      });
      const link = new URL('/tictactoe', window.location.href);
      link.searchParams.set('game', String(pvp.id));
      const share = /** @type {HTMLAnchorElement} */ ($('#pvp-share'));
      share.textContent = link.href;
      share.href = link.href;
      $('#pvp-share-line').hidden = !(pvp.status === 'open' && pvp.role === 'X');
      const joinable = pvp.status === 'open' && pvp.role !== 'X';
      $('#pvp-join-box').hidden = !joinable;
      $('#pvp-join-terms').textContent = T('pvp.terms', { stake: pvp.stakeWords, timeout: pvp.timeoutWords })
        + (pvp.role === 'watcher' && pvp.opponent ? T('pvp.private', { account: pvp.opponent }) : '')
        + (pvp.timeBank ? T('pvp.termsBank', { bank: pvp.timeBank.bankWords, bound: pvp.timeBank.boundWords }) : '')
        + (pvp.shortClock ? T('pvp.shortClock', { timeout: pvp.timeoutWords }) : '');
      // An account the contract would refuse (not the invited one) is not offered the button at all.
      button('#pvp-join').hidden = !can('join') && pvp.role === 'watcher';
      button('#pvp-join').disabled = !can('join') || !readyToSend;
      $('#pvp-clock').textContent = pvp.status === 'active' ? clockLine(pvp) : '';
      $('#pvp-banks').textContent = pvp.status === 'open' ? '' : TT.bankLines(pvp, chainNow(pvp), T);
      // A claim of a first move missed aborts the game: the button says so.
      const claim = button('#pvp-claim');
      claim.dataset.i18n = pvp.moverHasMoved ? 'tictactoe.claim' : 'tictactoe.claimAbort';
      claim.textContent = window.I18n.t(claim.dataset.i18n);
    } else {
      $('#pvp-info').textContent = S.pvpError || '';
      $('#pvp-share-line').hidden = true;
      $('#pvp-join-box').hidden = true;
      $('#pvp-clock').textContent = '';
      $('#pvp-banks').textContent = '';
    }
    // A finished game offers one way on: the "New game" under the board.
    $('#pvp-leave').hidden = pvp !== null && !['open', 'active'].includes(String(pvp.status));
    /** @type {[string, PvpAction][]} */
    const actions = [['#pvp-claim', 'claimTimeout'], ['#pvp-resign', 'resign'], ['#pvp-cancel', 'cancel']];
    actions.forEach(([sel, what]) => {
      button(sel).hidden = !can(what);
      button(sel).disabled = !readyToSend;
    });
    $('#pvp-oracle').hidden = !(pvp && pvp.status === 'active');
    $('#pvp-oracle-answer').hidden = !oracle;
    $('#pvp-oracle-answer').textContent = oracle ? T('pvp.oracleNote', { words: oracle.words }) : '';
    const pendingWei = balance ? BigInt(balance.pending) : 0n;
    const walletWei = balance ? BigInt(balance.wallet) : 0n;
    const amounts = $('#pvp-balance');
    amounts.textContent = balance
      ? T('pvp.balance', { pending: TT.shortEther(pendingWei), wallet: TT.shortEther(walletWei) })
      : T('pvp.noBalance');
    // The exact amounts: on hover here, and on a tap in the transactions list below.
    const exact = balance ? T('pvp.exact', { pending: exactWords(pendingWei), wallet: exactWords(walletWei) }) : '';
    amounts.title = exact;
    amounts.dataset.wei = balance ? pendingWei.toString() : '';
    $('#pvp-exact').textContent = exact;
    button('#pvp-withdraw').disabled = pendingWei === 0n || !readyToSend;
    $('#pvp-log').replaceChildren(...S.pvpLog.map((entry) => {
      const item = document.createElement('li');
      item.textContent = T('pvp.log', {
        action: entry.cell === null ? T(`action.${entry.action}`) : T('action.playAt', { where: TT.where(entry.cell) }),
        block: entry.block,
        gas: (entry.gas || 0).toLocaleString('en-US'),
        fee: entry.fee ? TT.shortEther(BigInt(entry.fee)) : '–',
      });
      return item;
    }));
  }

  /** An amount to the last wei, in ether and in wei. @param {bigint} wei */
  function exactWords(wei) {
    return `${TT.etherWords(wei)} (${wei.toLocaleString('en-US')} wei)`;
  }

  /** @type {Pick<TictactoeNamespace, 'openPvp' | 'leavePvp' | 'refreshPvp' | 'pvpAction' | 'createPvp' | 'askOracle' | 'playPvp' | 'pvpState' | 'renderPvp' | 'renderBound'>} */
  const part = {
    openPvp, leavePvp, refreshPvp, pvpAction, createPvp, askOracle, playPvp, pvpState, renderPvp, renderBound,
  };
  Object.assign(TT, part);
})();

// @ts-check
// Tic-tac-toe on chain, and two players on one device.
//
// On chain, the page never encodes a call: it asks the server for a transaction ({to, data, value}, encoded
// with the contracts' Rust bindings), hands it to a wallet, and asks the server what became of the hash (events
// in words, the CPU's reply, gas, or the contract's refusal explained). The wallet is the player's own browser
// wallet (EIP-6963 discovery, else window.ethereum) when the server plays on a real chain; on the server's
// embedded chain it is this browser's own account there, which the server sends from. The hash of a
// transaction in flight is kept in localStorage, so a reload finds it and waits for it.
//
// Two players on one device: the page keeps the cells played in localStorage and the server replays them
// through the engine. No rule is decided here.
'use strict';

(() => {
  const M = window.Marubatsu;
  const MODE_KEY = 'marubatsu.tictactoe.mode';
  const SOLO_KEY = 'marubatsu.tictactoe.solo';
  const PVP_KEY = 'marubatsu.tictactoe.pvp';
  const PENDING_KEY = 'marubatsu.tictactoe.pending';
  const SETTINGS_KEY = 'marubatsu.tictactoe.settings';
  const HOTSEAT_KEY = 'marubatsu.tictactoe.hotseat';
  const POLL_MS = 1000;
  const SOLO_POLL_MS = 3000;

  const $ = (selector) => document.querySelector(selector);
  const boardEl = $('#ttt-board');
  const statusEl = $('#ttt-status');
  const txEl = $('#tx-status');
  const turnsBody = $('#turns tbody');
  const chainInfoEl = $('#chain-info');
  const walletEl = $('#wallet');
  const walletStatusEl = $('#wallet-status');
  const connectButton = $('#wallet-connect');
  const switchButton = $('#wallet-switch');
  const panels = { solo: $('#solo-panel'), pvp: $('#pvp-panel'), hotseat: $('#hotseat-panel') };
  const modeButtons = /** @type {HTMLElement[]} */ (Array.from(document.querySelectorAll('.segmented [data-mode]')));
  const difficultyButtons = /** @type {HTMLElement[]} */ (Array.from(document.querySelectorAll('.segmented [data-difficulty]')));
  const firstButtons = /** @type {HTMLElement[]} */ (Array.from(document.querySelectorAll('.segmented [data-first]')));

  const params = new URLSearchParams(window.location.search);
  const linkedGame = /^[1-9][0-9]*$/.test(params.get('game') || '') ? Number(params.get('game')) : null;
  let mode = linkedGame !== null ? 'pvp' : M.store.get(MODE_KEY, 'solo');
  if (!panels[mode]) mode = 'solo';
  const settings = Object.assign({ difficulty: 'normal', cpuFirst: false }, M.store.get(SETTINGS_KEY, {}));
  let info = null; // the server's chain: mode, chain id, contracts (embedded: this browser's account)
  let infoError = null;
  let solo = null; // the solo game as the contract has it
  let soloTurns = []; // the page's record of that game's transactions: {player, cpu, gas}
  let soloError = null;
  let soloReadAt = 0;
  let soloReads = 0;
  let pvpId = linkedGame;
  let pvp = null; // the PvP game as the contract has it, for this viewer
  let pvpFetchedAt = 0;
  let pvpError = null;
  let pvpLog = [];
  let balance = null;
  let oracle = null;
  let hotseatMoves = M.store.get(HOTSEAT_KEY, []);
  let hotseat = null;
  let busy = false;
  let cursor = 4;

  const T = (key, params) => window.I18n.t(`tictactoe.${key}`, params);
  const where = (i) => T('where', { row: Math.floor(i / 3) + 1, column: (i % 3) + 1 });
  const shortAddress = (a) => (a ? `${a.slice(0, 6)}…${a.slice(-4)}` : '');

  boardEl.replaceChildren(...Array.from({ length: 9 }, (_, i) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'cell';
    button.dataset.index = String(i);
    button.addEventListener('click', () => play(i));
    return button;
  }));
  const cells = Array.from(boardEl.children);

  // ---- the wallet ------------------------------------------------------------------------------------------

  const wallet = { provider: null, name: null, account: null, chainId: null, searched: false };
  const announced = [];

  window.addEventListener('eip6963:announceProvider', (event) => {
    const detail = /** @type {CustomEvent} */ (event).detail;
    if (!detail || !detail.provider || announced.some((p) => p.info.uuid === detail.info.uuid)) return;
    announced.push(detail);
  });

  /** EIP-6963: ask every wallet to announce itself, give them a moment, fall back to window.ethereum. */
  async function discoverWallet() {
    window.dispatchEvent(new Event('eip6963:requestProvider'));
    await new Promise((resolve) => { window.setTimeout(resolve, 250); });
    const chosen = announced[0];
    if (chosen) {
      wallet.provider = chosen.provider;
      wallet.name = chosen.info.name;
    } else if (window.ethereum && typeof window.ethereum.request === 'function') {
      wallet.provider = window.ethereum;
      wallet.name = null;
    }
    wallet.searched = true;
    if (!wallet.provider) return;
    if (typeof wallet.provider.on === 'function') {
      wallet.provider.on('accountsChanged', (accounts) => { wallet.account = accounts[0] || null; walletChanged(); });
      wallet.provider.on('chainChanged', (id) => { wallet.chainId = Number.parseInt(id, 16); walletChanged(); });
    }
    // Already connected on an earlier visit: eth_accounts answers without a prompt.
    try {
      const accounts = await wallet.provider.request({ method: 'eth_accounts' });
      wallet.account = accounts[0] || null;
      wallet.chainId = Number.parseInt(await wallet.provider.request({ method: 'eth_chainId' }), 16);
    } catch (_) { /* asked again on Connect */ }
  }

  async function connectWallet() {
    if (!wallet.provider) return;
    try {
      const accounts = await wallet.provider.request({ method: 'eth_requestAccounts' });
      wallet.account = accounts[0] || null;
      wallet.chainId = Number.parseInt(await wallet.provider.request({ method: 'eth_chainId' }), 16);
    } catch (error) {
      setTx('refused', refusedWords(error, T('wallet.noConnect')));
    }
    walletChanged();
  }

  async function switchChain() {
    if (!wallet.provider || !info) return;
    try {
      await wallet.provider.request({
        method: 'wallet_switchEthereumChain',
        params: [{ chainId: `0x${info.chainId.toString(16)}` }],
      });
      wallet.chainId = Number.parseInt(await wallet.provider.request({ method: 'eth_chainId' }), 16);
    } catch (error) {
      setTx('refused', error && error.code === 4902
        ? T('wallet.unknownChain', { chain: info.chainId })
        : refusedWords(error, T('wallet.noSwitch')));
    }
    walletChanged();
  }

  function walletChanged() {
    restoreSolo();
    render();
    if (mode === 'pvp') refreshPvp();
    if (mode === 'solo' && !solo) maybeStartSolo();
  }

  /** The account that sends, if the page may send now: the embedded account, or a connected wallet on the
   * right chain. */
  function sender() {
    if (!info) return null;
    if (info.mode === 'embedded') return info.account;
    if (!wallet.account || wallet.chainId !== info.chainId) return null;
    return wallet.account;
  }

  function walletState() {
    if (!info) return infoError ? 'error' : 'loading';
    if (info.mode === 'embedded') return 'embedded';
    if (!wallet.searched) return 'searching';
    if (!wallet.provider) return 'missing';
    if (!wallet.account) return 'disconnected';
    if (wallet.chainId !== info.chainId) return 'wrong-chain';
    return 'ready';
  }

  function renderWallet() {
    const state = walletState();
    walletEl.dataset.state = state;
    connectButton.hidden = state !== 'disconnected';
    switchButton.hidden = state !== 'wrong-chain';
    const params = {
      chain: info ? info.chainId : '',
      account: shortAddress(info && info.mode === 'embedded' ? info.account : wallet.account),
      wallet: wallet.name || T('wallet.yours'),
      walletChain: wallet.chainId,
    };
    const key = { 'wrong-chain': 'wrongChain' }[state] || state;
    walletStatusEl.textContent = state === 'error' ? infoError : T(`wallet.${key}`, params);
  }

  // ---- transactions ----------------------------------------------------------------------------------------

  let pending = null; // {hash, action, scope, summary}

  function setTx(state, text) {
    txEl.dataset.state = state;
    txEl.textContent = text;
    txEl.classList.toggle('error', state === 'refused' || state === 'reverted' || state === 'failed');
  }

  function refusedWords(error, what) {
    if (error && error.code === 4001) return T('tx.refused', { what });
    return T('tx.failed', { what, reason: (error && error.message) || T('tx.noReason') });
  }

  /** Revert data in a wallet's error, wherever the wallet put it (EIP-1474 `data`, or nested one deeper). */
  function revertData(error) {
    const hex = (v) => (typeof v === 'string' && /^0x[0-9a-fA-F]{8,}$/.test(v) ? v : null);
    if (!error || error.code === 4001) return null;
    const data = error.data;
    return hex(data) || (data && (hex(data.data) || (data.originalError && hex(data.originalError.data)))) || null;
  }

  /** Where a transaction belongs: the server run (embedded) or the chain and account (a real chain). */
  function scope() {
    if (!info) return null;
    // The embedded account is part of the scope: a session the server forgot gets another account.
    return info.mode === 'embedded' ? `embedded:${info.instance}:${info.account}` : `chain:${info.chainId}:${sender()}`;
  }

  async function sendTransaction(tx) {
    if (info.mode === 'embedded') {
      const sent = await M.api('/api/tictactoe/send', { to: tx.to, data: tx.data, value: tx.value });
      return sent.hash;
    }
    return wallet.provider.request({
      method: 'eth_sendTransaction',
      params: [{ from: sender(), to: tx.to, data: tx.data, value: tx.value }],
    });
  }

  /**
   * Sends `action` through the wallet and waits for its receipt. Resolves to the server's reading of the
   * receipt, or null if nothing was mined (refused by the wallet, or refused by the server before that).
   */
  async function transact(action) {
    if (pending || !sender()) return null;
    setBusy(true);
    try {
      const tx = await M.api('/api/tictactoe/tx', action);
      setTx('wallet', T('tx.wallet', { what: tx.summary }));
      let hash;
      try {
        hash = await sendTransaction(tx);
      } catch (error) {
        const data = revertData(error);
        if (data) {
          // The wallet estimated the transaction and the contract refused it: nothing was sent.
          const explained = await M.api('/api/tictactoe/explain', { to: tx.to, data });
          setTx('reverted', T('tx.preflight', { what: tx.summary, reason: explained.reason }));
        } else {
          setTx('refused', refusedWords(error, tx.summary));
        }
        M.sound.play('nothing');
        return null;
      }
      pending = { hash, action, scope: scope(), summary: tx.summary };
      M.store.set(PENDING_KEY, pending);
      return await follow(pending);
    } catch (error) {
      setTx('failed', error.message);
      M.sound.play('nothing');
      return null;
    } finally {
      setBusy(false);
      render();
    }
  }

  /** Waits for a sent transaction's receipt (also after a reload) and shows each state as it comes. */
  async function follow(tx) {
    setTx('sent', T('tx.sent', { what: tx.summary, hash: tx.hash }));
    render();
    let result;
    for (;;) {
      try {
        result = await M.api(`/api/tictactoe/tx/${tx.hash}`);
      } catch (error) {
        setTx('sent', T('tx.unreadable', { what: tx.summary, hash: tx.hash, reason: error.message }));
        result = null;
      }
      if (result && (result.state === 'confirmed' || result.state === 'reverted')) break;
      await new Promise((resolve) => { window.setTimeout(resolve, POLL_MS); });
    }
    pending = null;
    M.store.remove(PENDING_KEY);
    if (result.state === 'confirmed') {
      setTx('confirmed', T('tx.confirmed', { what: tx.summary, block: result.block, events: result.events.join(' ') }).trim());
    } else {
      setTx('reverted', T('tx.reverted', { what: tx.summary, block: result.block, reason: result.reason }));
    }
    await settle(tx.action, result);
    return result;
  }

  /** What a mined transaction changes on the page. */
  async function settle(action, result) {
    const ok = result.state === 'confirmed';
    if (action.action === 'newSolo' && ok && result.game !== null) {
      soloTurns = [{ player: null, cpu: result.cpuCell, gas: result.gasUsed }];
      await loadSolo(result.game);
      M.sound.play('start');
    } else if (action.action === 'playSolo') {
      if (ok) soloTurns.push({ player: action.cell, cpu: result.cpuCell, gas: result.gasUsed });
      await loadSolo(action.game);
      if (ok) {
        const ending = { playerWon: 'win', cpuWon: 'lose', draw: 'draw' }[solo && solo.result];
        M.sound.play(ending || 'cpu');
      }
    } else if (action.action === 'create' && ok && result.game !== null) {
      openPvp(result.game);
    }
    if (action.action !== 'newSolo' && action.action !== 'playSolo') {
      pvpLog.unshift(T('pvp.log', { action: action.action, block: result.block, gas: (result.gasUsed || 0).toLocaleString('en-US') }));
      pvpLog = pvpLog.slice(0, 20);
      await refreshPvp();
    }
    if (!ok) M.sound.play('nothing');
  }

  // ---- vs CPU, on chain ------------------------------------------------------------------------------------

  async function newSolo() {
    if (busy) return;
    soloError = null;
    await transact({ action: 'newSolo', difficulty: settings.difficulty, cpuFirst: settings.cpuFirst });
    render();
  }

  /** Reads solo game `id` from the contract. `check` is set when the page did not just move itself (a poll, a
   * tab coming back): then a change means another tab or window of this account moved, and the page says so. */
  async function loadSolo(id, check = false) {
    const read = ++soloReads;
    try {
      const answer = await M.api(`/api/tictactoe/solo/games/${id}`);
      // A later read (after the player's own move) may have answered first: an older answer is stale.
      if (read !== soloReads) return;
      const before = solo;
      solo = answer;
      soloReadAt = Date.now();
      soloError = null;
      const changed = before && before.id === solo.id && before.cells.some((c, i) => c !== solo.cells[i]);
      if (check && changed && !pending && !busy) {
        setTx('idle', T(solo.result === 'inProgress' ? 'solo.movedElsewhere' : 'solo.endedElsewhere'));
      }
      M.store.set(SOLO_KEY, { scope: scope(), id, turns: soloTurns });
    } catch (error) {
      if (read !== soloReads) return;
      soloError = error.message;
    }
    render();
  }

  function playSolo(i) {
    if (!solo || solo.result !== 'inProgress' || solo.cells[i] !== null || !sender()) {
      M.sound.play('nothing');
      return;
    }
    M.sound.play('press');
    transact({ action: 'playSolo', game: solo.id, cell: i });
  }

  /** The solo game this browser kept for this chain and account, if any. */
  function restoreSolo() {
    const stored = M.store.get(SOLO_KEY, null);
    if (!stored || stored.scope !== scope()) {
      solo = null;
      soloTurns = [];
      return false;
    }
    if (!solo || solo.id !== stored.id) {
      soloTurns = Array.isArray(stored.turns) ? stored.turns : [];
      loadSolo(stored.id);
    }
    return true;
  }

  /** On the embedded chain a game starts by itself (it costs nothing); on a real one the player asks. */
  function maybeStartSolo() {
    if (info && info.mode === 'embedded' && !solo && !pending && !busy) newSolo();
  }

  // ---- vs a player, on chain -------------------------------------------------------------------------------

  function openPvp(id) {
    pvpId = id;
    pvp = null;
    oracle = null;
    M.store.set(PVP_KEY, { scope: info ? `${info.mode}:${info.instance}:${info.chainId}` : null, id });
    const url = new URL(window.location.href);
    url.searchParams.set('game', String(id));
    window.history.replaceState(null, '', url);
    refreshPvp();
  }

  function leavePvp() {
    pvpId = null;
    pvp = null;
    oracle = null;
    M.store.remove(PVP_KEY);
    const url = new URL(window.location.href);
    url.searchParams.delete('game');
    window.history.replaceState(null, '', url);
    render();
  }

  let pvpLoading = false;
  async function refreshPvp() {
    if (!info || pvpLoading) return;
    pvpLoading = true;
    try {
      const viewer = sender();
      if (pvpId !== null) {
        const query = viewer ? `?viewer=${viewer}` : '';
        pvp = await M.api(`/api/tictactoe/pvp/games/${pvpId}${query}`);
        pvpFetchedAt = Date.now();
        pvpError = null;
      }
      balance = viewer ? await M.api(`/api/tictactoe/pvp/balance/${viewer}`) : null;
    } catch (error) {
      pvpError = error.message;
    } finally {
      pvpLoading = false;
    }
    render();
  }

  function pvpAction(action) {
    if (!pvp) return;
    transact({ action, game: pvp.id });
  }

  function createPvp(event) {
    event.preventDefault();
    const stake = $('#pvp-stake').value;
    const timeout = Number($('#pvp-timeout').value);
    const opponent = $('#pvp-opponent').value.trim();
    transact({ action: 'create', stake, timeout, opponent: opponent || null });
  }

  async function askOracle() {
    if (!pvp) return;
    try {
      oracle = await M.api(`/api/tictactoe/pvp/games/${pvp.id}/oracle`);
    } catch (error) {
      oracle = { cell: null, words: error.message };
    }
    render();
  }

  function playPvp(i) {
    if (!pvp || !pvp.can.includes('play') || pvp.cells[i] !== null) {
      M.sound.play('nothing');
      return;
    }
    M.sound.play('press');
    oracle = null;
    transact({ action: 'play', game: pvp.id, cell: i });
  }

  /** Seconds left on the clock now: the chain's answer, counted down since it came. */
  function secondsLeft() {
    if (!pvp || pvp.secondsLeft === null) return null;
    const elapsed = Math.floor((Date.now() - pvpFetchedAt) / 1000);
    const deadlineGone = pvp.now + elapsed > pvp.deadline;
    return deadlineGone ? -1 : Math.max(0, pvp.secondsLeft - elapsed);
  }

  function clockWords(seconds) {
    const h = Math.floor(seconds / 3600);
    const m = Math.floor((seconds % 3600) / 60);
    const s = seconds % 60;
    const two = (n) => String(n).padStart(2, '0');
    return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
  }

  function pvpStatus() {
    if (!pvp) return pvpId === null ? T('pvp.none') : (pvpError || T('pvp.reading'));
    const mine = pvp.role === 'X' || pvp.role === 'O';
    switch (pvp.status) {
      case 'open':
        if (pvp.role === 'X') return T('pvp.waitingJoin');
        if (pvp.role === 'invited' || pvp.role === 'open') return T('pvp.mayJoin');
        return T('pvp.waitingInvited');
      case 'active': {
        const left = secondsLeft();
        const late = left !== null && left < 0;
        const side = pvp.toMove;
        if (!mine) return T('pvp.toMove', { side });
        if (side === pvp.role) return late ? T('pvp.yourTimeOut') : T('pvp.yourMove', { side });
        return late ? T('pvp.theirTimeOut', { side }) : T('pvp.waitingMove', { side });
      }
      case 'xWon':
      case 'oWon': {
        const side = pvp.status === 'xWon' ? 'X' : 'O';
        if (pvp.role === side) return T('pvp.youWin');
        return T(pvp.role === 'X' || pvp.role === 'O' ? 'pvp.youLose' : 'pvp.sideWon', { side });
      }
      case 'draw': return T('pvp.draw');
      case 'cancelled': return T('pvp.cancelled');
      case 'aborted': return T('pvp.aborted');
      default: return T('pvp.other', { status: pvp.statusWords });
    }
  }

  function renderPvp() {
    const gameEl = $('#pvp-game');
    $('#pvp-create-form').hidden = pvpId !== null;
    gameEl.hidden = pvpId === null;
    const can = (what) => Boolean(pvp) && pvp.can.includes(what) && Boolean(sender());
    const readyToSend = Boolean(sender()) && !busy && !pending;
    $('#pvp-create').disabled = !readyToSend;
    if (pvp) {
      $('#pvp-info').textContent = T('pvp.info', {
        id: pvp.id,
        stake: pvp.stakeWords,
        timeout: pvp.timeoutWords,
        creator: shortAddress(pvp.creator),
        o: pvp.opponent ? T('pvp.o', { account: shortAddress(pvp.opponent) }) : T('pvp.oAnyone'),
        status: `${pvp.statusWords[0].toUpperCase()}${pvp.statusWords.slice(1)}`,
      });
      const link = new URL('/tictactoe', window.location.href);
      link.searchParams.set('game', String(pvp.id));
      $('#pvp-share').textContent = link.href;
      $('#pvp-share').href = link.href;
      $('#pvp-share-line').hidden = !(pvp.status === 'open' && pvp.role === 'X');
      const joinable = pvp.status === 'open' && pvp.role !== 'X';
      $('#pvp-join-box').hidden = !joinable;
      $('#pvp-join-terms').textContent = T('pvp.terms', { stake: pvp.stakeWords, timeout: pvp.timeoutWords })
        + (pvp.role === 'watcher' && pvp.opponent ? T('pvp.private', { account: pvp.opponent }) : '');
      $('#pvp-join').disabled = !can('join') || !readyToSend;
      const left = secondsLeft();
      $('#pvp-clock').textContent = pvp.status === 'active' && left !== null
        ? (left >= 0 ? T('pvp.clock', { side: pvp.toMove, left: clockWords(left) })
          : T(pvp.moverHasMoved ? 'pvp.late' : 'pvp.lateFirst', { side: pvp.toMove }))
        : '';
    } else {
      $('#pvp-info').textContent = pvpError || '';
      $('#pvp-share-line').hidden = true;
      $('#pvp-join-box').hidden = true;
      $('#pvp-clock').textContent = '';
    }
    [['#pvp-claim', 'claimTimeout'], ['#pvp-resign', 'resign'], ['#pvp-cancel', 'cancel']].forEach(([sel, what]) => {
      $(sel).hidden = !can(what);
      $(sel).disabled = !readyToSend;
    });
    $('#pvp-oracle').hidden = !(pvp && pvp.status === 'active');
    $('#pvp-oracle-answer').hidden = !oracle;
    $('#pvp-oracle-answer').textContent = oracle ? T('pvp.oracleNote', { words: oracle.words }) : '';
    const pendingWei = balance ? BigInt(balance.pending) : 0n;
    $('#pvp-balance').textContent = balance
      ? T('pvp.balance', { pending: balance.pendingWords, wallet: balance.walletWords })
      : T('pvp.noBalance');
    $('#pvp-balance').dataset.wei = balance ? BigInt(balance.pending).toString() : '';
    $('#pvp-withdraw').disabled = pendingWei === 0n || !readyToSend;
    $('#pvp-log').replaceChildren(...pvpLog.map((line) => {
      const item = document.createElement('li');
      item.textContent = line;
      return item;
    }));
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

  // ---- all modes -------------------------------------------------------------------------------------------

  function play(i) {
    cursor = i;
    if (busy || pending) return;
    if (mode === 'solo') playSolo(i);
    else if (mode === 'pvp') playPvp(i);
    else playHotseat(i);
  }

  function setBusy(value) {
    busy = value;
    boardEl.dataset.busy = String(value || Boolean(pending));
    boardEl.setAttribute('aria-busy', String(value || Boolean(pending)));
  }

  function render() {
    modeButtons.forEach((b) => b.setAttribute('aria-pressed', String(b.dataset.mode === mode)));
    difficultyButtons.forEach((b) => b.setAttribute('aria-pressed', String(b.dataset.difficulty === settings.difficulty)));
    firstButtons.forEach((b) => b.setAttribute('aria-pressed', String((b.dataset.first === 'cpu') === settings.cpuFirst)));
    Object.entries(panels).forEach(([name, panel]) => { panel.hidden = name !== mode; });
    walletEl.hidden = mode === 'hotseat';
    txEl.hidden = mode === 'hotseat';
    renderWallet();
    const state = mode === 'solo' ? soloState() : (mode === 'pvp' ? pvpState() : hotseatState());
    cells.forEach((button, i) => {
      const mark = state.cells[i] || null;
      button.textContent = mark || '';
      if (mark) button.dataset.mark = mark;
      else delete button.dataset.mark;
      const open = state.playable && !mark;
      button.setAttribute('aria-disabled', String(!open));
      button.classList.toggle('last', state.last === i);
      button.classList.toggle('line', Boolean(state.line && state.line.includes(i)));
      button.classList.toggle('hint', state.hint === i);
      button.setAttribute('aria-label', T(state.last === i ? 'cellLabelLast' : 'cellLabel', { where: where(i), mark: mark || T('empty') }));
    });
    M.focusCell(boardEl, cursor, false);
    drawStrike(state.line);
    // Vs a player before anyone joined, the form, the link or the terms are the decision: no empty board above.
    $('.ttt-frame').hidden = mode === 'pvp' && (pvpId === null || Boolean(pvp && pvp.status === 'open'));
    statusEl.textContent = state.status;
    statusEl.classList.toggle('error', Boolean(state.error));
    // A finished game says so big, and offers the next one right under the board (on a phone's first screen).
    const final = state.ready && !['none', 'inProgress', 'open', 'active'].includes(state.result);
    statusEl.classList.toggle('final', final);
    $('.ttt-again').hidden = !final;
    boardEl.dataset.mode = mode;
    boardEl.dataset.result = state.result;
    boardEl.dataset.ready = String(state.ready);
    boardEl.dataset.busy = String(busy || Boolean(pending));
    if (mode === 'solo' && solo) {
      boardEl.dataset.game = String(solo.id);
      boardEl.dataset.cpuLevel = solo.difficulty;
      boardEl.dataset.cpuFirst = String(solo.cpuFirst);
      boardEl.dataset.turns = String(soloTurns.length);
    } else if (mode === 'pvp' && pvp) {
      boardEl.dataset.game = String(pvp.id);
      boardEl.dataset.role = pvp.role;
      boardEl.dataset.moves = String(pvp.cells.filter((c) => c !== null).length);
    } else if (mode !== 'solo') {
      delete boardEl.dataset.game;
    }
    if (mode === 'solo') renderTurns();
    if (mode === 'pvp') renderPvp();
  }

  /** A stroke through the centres of the first and last cells of the winning line, if there is one. */
  let strikeLine = null;
  function drawStrike(line) {
    const strike = $('#ttt-strike');
    strikeLine = Array.isArray(line) && line.length === 3 ? line : null;
    strike.hidden = !strikeLine;
    if (!strikeLine) return;
    const frame = strike.parentElement.getBoundingClientRect();
    const centre = (i) => {
      const r = cells[i].getBoundingClientRect();
      return [r.left + r.width / 2 - frame.left, r.top + r.height / 2 - frame.top];
    };
    const sorted = [...strikeLine].sort((a, b) => a - b);
    const [x1, y1] = centre(sorted[0]);
    const [x2, y2] = centre(sorted[2]);
    // Past the centres a little, so the stroke reaches into the end cells' marks.
    const reach = cells[0].getBoundingClientRect().width * 0.35;
    const length = Math.hypot(x2 - x1, y2 - y1);
    const [ux, uy] = [(x2 - x1) / length, (y2 - y1) / length];
    strike.style.left = `${x1 - ux * reach}px`;
    strike.style.top = `${y1 - uy * reach}px`;
    strike.style.width = `${length + 2 * reach}px`;
    strike.style.transform = `rotate(${Math.atan2(y2 - y1, x2 - x1)}rad)`;
  }
  window.addEventListener('resize', () => { if (strikeLine) drawStrike(strikeLine); });

  function soloState() {
    if (!solo) {
      let status = soloError || infoError || T('solo.ask');
      if (!info && !infoError) status = T('solo.finding');
      else if (info && info.mode === 'embedded' && !soloError) status = T('solo.starting');
      return {
        // The embedded chain starts a game by itself: the board is ready once it has one.
        cells: [], playable: false, last: null, line: null, result: 'none',
        ready: Boolean(info) && info.mode !== 'embedded' && !busy,
        status, error: Boolean(soloError || infoError),
      };
    }
    const lastCpu = soloTurns.length ? soloTurns[soloTurns.length - 1].cpu : null;
    let status;
    if (solo.result === 'inProgress') {
      const reply = lastCpu === null || lastCpu === undefined ? '' : T('solo.cpuTook', { where: where(lastCpu) });
      status = T('solo.yourMove', { reply, mark: solo.playerMark });
    } else if (solo.result === 'playerWon') {
      status = T('solo.won');
    } else if (solo.result === 'cpuWon') {
      status = lastCpu === null || lastCpu === undefined ? T('solo.lost') : T('solo.lostWith', { where: where(lastCpu) });
    } else {
      status = T('draw');
    }
    if (soloError) status = `${soloError} ${status}`;
    return {
      cells: solo.cells, playable: solo.result === 'inProgress' && !busy && Boolean(sender()), last: lastCpu,
      line: solo.line, result: solo.result, ready: true, status, error: Boolean(soloError),
    };
  }

  function pvpState() {
    if (!pvp) {
      return {
        cells: [], playable: false, last: null, line: null, result: 'none', ready: Boolean(info), status: pvpStatus(),
        error: Boolean(pvpError),
      };
    }
    return {
      cells: pvp.cells, playable: pvp.can.includes('play') && !busy, last: null, line: pvp.line,
      hint: oracle ? oracle.cell : null, result: pvp.status, ready: true, status: pvpStatus(), error: false,
    };
  }

  function hotseatState() {
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

  function renderTurns() {
    const rows = solo ? soloTurns : [];
    turnsBody.replaceChildren(...rows.map((turn, k) => {
      const row = document.createElement('tr');
      const square = (cell) => (cell === null || cell === undefined ? '–' : `r${Math.floor(cell / 3) + 1} c${(cell % 3) + 1}`);
      [k === 0 ? T('solo.start') : String(k), turn.player === null ? '–' : square(turn.player), square(turn.cpu),
        (turn.gas || 0).toLocaleString('en-US')].forEach((text) => {
        const cell = document.createElement('td');
        cell.textContent = text;
        row.appendChild(cell);
      });
      return row;
    }));
    chainInfoEl.textContent = info && solo
      ? T('solo.info', {
        id: solo.id, level: T(solo.difficulty), contract: info.solo, chain: info.chainId, player: solo.player,
      })
      : '';
  }

  function newGame() {
    if (mode === 'solo') {
      newSolo();
    } else if (mode === 'pvp') {
      leavePvp();
    } else {
      hotseatMoves = [];
      sendHotseat('start');
    }
  }

  // ---- start -----------------------------------------------------------------------------------------------

  async function start() {
    try {
      info = await M.api('/api/tictactoe/chain');
    } catch (error) {
      infoError = T('unavailable', { reason: error.message });
      render();
      return;
    }
    if (info.mode !== 'embedded') await discoverWallet();
    if (pvpId === null) {
      const stored = M.store.get(PVP_KEY, null);
      if (stored && stored.scope === `${info.mode}:${info.instance}:${info.chainId}`) pvpId = stored.id;
    }
    const storedPending = M.store.get(PENDING_KEY, null);
    const hadGame = restoreSolo();
    render();
    if (storedPending && storedPending.scope === scope()) {
      pending = storedPending;
      setBusy(false);
      follow(pending).then(() => render());
    } else {
      if (storedPending) M.store.remove(PENDING_KEY);
      if (mode === 'solo' && !hadGame) maybeStartSolo();
    }
    if (mode === 'pvp') refreshPvp();
  }

  modeButtons.forEach((button) => button.addEventListener('click', () => {
    if (mode !== button.dataset.mode && !pending) setTx('idle', '');
    mode = button.dataset.mode;
    M.store.set(MODE_KEY, mode);
    if (mode === 'hotseat' && !hotseat) sendHotseat(null);
    if (mode === 'solo' && !solo) maybeStartSolo();
    if (mode === 'pvp') refreshPvp();
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
  connectButton.addEventListener('click', connectWallet);
  switchButton.addEventListener('click', switchChain);
  $('#solo-new').addEventListener('click', newSolo);
  $('#ttt-again').addEventListener('click', newGame);
  $('#pvp-create-form').addEventListener('submit', createPvp);
  $('#pvp-join').addEventListener('click', () => pvpAction('join'));
  $('#pvp-claim').addEventListener('click', () => pvpAction('claimTimeout'));
  $('#pvp-resign').addEventListener('click', () => pvpAction('resign'));
  $('#pvp-cancel').addEventListener('click', () => pvpAction('cancel'));
  $('#pvp-oracle').addEventListener('click', askOracle);
  $('#pvp-leave').addEventListener('click', leavePvp);
  $('#pvp-withdraw').addEventListener('click', () => transact({ action: 'withdraw' }));
  $('#hotseat-new').addEventListener('click', newGame);
  $('#hotseat-undo').addEventListener('click', () => {
    if (hotseatMoves.length === 0) return;
    hotseatMoves.pop();
    sendHotseat('undo');
  });
  M.keyboardGrid(boardEl, { side: () => 3, onMove: (i) => { cursor = i; } });
  M.shortcuts({ n: newGame });

  // Both pages of a PvP game follow the chain: the game, the clock and the balance, about once a second.
  window.setInterval(() => {
    if (mode === 'pvp' && !document.hidden) refreshPvp();
    // A solo game open in two tabs or windows side by side: the one not played in notices within seconds.
    const idle = !busy && !pending && !document.hidden;
    if (mode === 'solo' && solo && solo.result === 'inProgress' && idle && Date.now() - soloReadAt > SOLO_POLL_MS) {
      loadSolo(solo.id, true);
    }
  }, POLL_MS);
  // A tab coming back reads its solo game again: another tab of the same account may have moved or ended it.
  document.addEventListener('visibilitychange', () => {
    if (!document.hidden && mode === 'solo' && solo && !busy && !pending) loadSolo(solo.id, true);
  });

  // The player switched languages: redraw what the script wrote, and read the server's sentences again.
  window.I18n.onChange(() => {
    render();
    if (mode === 'pvp') refreshPvp();
  });

  render();
  start();
  if (mode === 'hotseat') sendHotseat(null);
})();

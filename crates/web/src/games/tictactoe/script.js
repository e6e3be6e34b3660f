// @ts-check
// Tic-tac-toe's page: reads the chain the server plays on, finds the wallet, picks up what a reload left (a
// transaction in flight, the games kept), wires the controls, and follows the chain while the page is open.
// The parts it starts are loaded before it (see state.js).
'use strict';

(() => {
  const TT = window.Tictactoe;
  const M = window.Marubatsu;
  const { S, el, T } = TT;
  const { $ } = el;

  async function start() {
    try {
      S.info = /** @type {ChainView} */ (await M.api('/api/tictactoe/chain'));
    } catch (error) {
      TT.noteFailure(error);
      S.infoError = T('unavailable', { reason: /** @type {Error} */ (error).message });
      TT.render();
      return;
    }
    const info = /** @type {ChainView} */ (S.info);
    // Once: a start again after the node came back finds the wallet already found.
    if (info.mode !== 'embedded' && !TT.wallet.searched) await TT.discoverWallet();
    if (S.pvpId === null) {
      const stored = M.store.get(TT.keys.pvp, null);
      if (stored && stored.scope === `${info.mode}:${info.instance}:${info.chainId}`) S.pvpId = stored.id;
    }
    const storedPending = M.store.get(TT.keys.pending, null);
    const hadGame = TT.restoreSolo();
    TT.render();
    if (storedPending && storedPending.scope === TT.scope()) {
      // A dropped one is read once more (it may have been mined meanwhile) without blocking the page.
      if (!storedPending.dropped) S.pending = storedPending;
      TT.setBusy(false);
      TT.follow(storedPending).then(() => TT.render());
    } else {
      if (storedPending) M.store.remove(TT.keys.pending);
      if (S.mode === 'solo' && !hadGame) TT.maybeStartSolo();
    }
    if (S.mode === 'pvp') TT.refreshPvp();
  }

  TT.start = start;

  el.modeButtons.forEach((button) => button.addEventListener('click', () => {
    if (S.mode !== button.dataset.mode && !S.pending) TT.setTx('idle', '');
    S.mode = /** @type {TictactoeMode} */ (button.dataset.mode);
    M.store.set(TT.keys.mode, S.mode);
    if (S.mode === 'hotseat' && !S.hotseat) TT.sendHotseat(null);
    if (S.mode === 'solo' && !S.solo) TT.maybeStartSolo();
    if (S.mode === 'pvp') TT.refreshPvp();
    TT.render();
  }));
  el.difficultyButtons.forEach((button) => button.addEventListener('click', () => {
    S.settings.difficulty = /** @type {Difficulty} */ (button.dataset.difficulty);
    TT.chooseSolo();
  }));
  el.firstButtons.forEach((button) => button.addEventListener('click', () => {
    S.settings.cpuFirst = button.dataset.first === 'cpu';
    TT.chooseSolo();
  }));
  el.connect.addEventListener('click', TT.connectWallet);
  el.switchChain.addEventListener('click', TT.switchChain);
  $('#solo-new').addEventListener('click', TT.newSolo);
  $('#ttt-again').addEventListener('click', TT.newGame);
  $('#pvp-create-form').addEventListener('submit', TT.createPvp);
  $('#pvp-timeout').addEventListener('change', TT.renderBound);
  $('#pvp-bank').addEventListener('change', TT.renderBound);
  $('#pvp-join').addEventListener('click', () => TT.pvpAction('join'));
  $('#pvp-claim').addEventListener('click', () => TT.pvpAction('claimTimeout'));
  $('#pvp-resign').addEventListener('click', () => TT.pvpAction('resign'));
  $('#pvp-cancel').addEventListener('click', () => TT.pvpAction('cancel'));
  $('#pvp-oracle').addEventListener('click', TT.askOracle);
  $('#pvp-leave').addEventListener('click', TT.leavePvp);
  $('#tx-again').addEventListener('click', TT.sendAgain);
  $('#tx-forget').addEventListener('click', () => { TT.forget(); TT.setTx('idle', ''); TT.render(); });
  $('#pvp-withdraw').addEventListener('click', () => TT.transact({ action: 'withdraw' }));
  $('#hotseat-new').addEventListener('click', TT.newGame);
  $('#hotseat-undo').addEventListener('click', () => {
    if (S.hotseatMoves.length === 0) return;
    S.hotseatMoves.pop();
    TT.sendHotseat('undo');
  });
  M.keyboardGrid(el.board, { side: () => 3, onMove: (i) => { S.cursor = i; } });
  M.shortcuts({ n: TT.newGame });

  // Both pages of a PvP game follow the chain: the game, the clock and the balance, about once a second.
  window.setInterval(() => {
    if (S.mode === 'pvp' && !document.hidden) TT.refreshPvp();
    // A solo game open in two tabs or windows side by side: the one not played in notices within seconds.
    const idle = !S.busy && !S.pending && !document.hidden;
    if (S.mode === 'solo' && S.solo && S.solo.result === 'inProgress' && idle && Date.now() - S.soloReadAt > TT.SOLO_POLL_MS) {
      TT.loadSolo(S.solo.id, true);
    }
  }, TT.POLL_MS);
  // Whether the node answers, said and taken back (node.js); the hot seat plays without it.
  window.setInterval(() => {
    if (S.mode !== 'hotseat' && !document.hidden) TT.checkNode();
  }, TT.NODE_POLL_MS);
  // A tab coming back reads its solo game again: another tab of the same account may have moved or ended it.
  document.addEventListener('visibilitychange', () => {
    if (!document.hidden && S.mode === 'solo' && S.solo && !S.busy && !S.pending) TT.loadSolo(S.solo.id, true);
  });

  // Another tab of this player sent a transaction: this one follows it too, so that its board waits rather than
  // offering a move that would revert (and cost gas) behind the other's.
  window.addEventListener('storage', (event) => {
    if (event.key !== TT.keys.pending || !event.newValue || S.pending) return;
    /** @type {SentTx | null} */
    const tx = M.store.get(TT.keys.pending, null);
    if (!tx || tx.dropped || !tx.hash || tx.scope !== TT.scope()) return;
    S.pending = tx;
    TT.render();
    TT.follow(tx).then(() => TT.render());
  });

  // The player switched languages: redraw what the script wrote, and read the server's sentences again.
  window.I18n.onChange(() => {
    TT.render();
    if (S.mode === 'pvp') TT.refreshPvp();
  });

  TT.render();
  start();
  if (S.mode === 'hotseat') TT.sendHotseat(null);
})();

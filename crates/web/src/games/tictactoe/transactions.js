// @ts-check
// Tic-tac-toe's transactions: the server encodes the call, the wallet (or the embedded account) sends it, the
// server reads what became of the hash, and the page shows each state as it comes. The hash in flight is kept in
// localStorage, so a reload finds it and waits for it.
'use strict';

(() => {
  const TT = window.Tictactoe;
  const M = window.Marubatsu;
  const { S, el, T, wallet } = TT;

  /** @param {string} state @param {string} text */
  function setTx(state, text) {
    el.tx.dataset.state = state;
    el.tx.textContent = text;
    el.tx.classList.toggle('error', state === 'refused' || state === 'reverted' || state === 'failed');
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
    if (!S.info) return null;
    // The embedded account is part of the scope: a session the server forgot gets another account.
    return S.info.mode === 'embedded'
      ? `embedded:${S.info.instance}:${S.info.account}`
      : `chain:${S.info.chainId}:${TT.sender()}`;
  }

  async function sendTransaction(tx) {
    if (S.info.mode === 'embedded') {
      const sent = await M.api('/api/tictactoe/send', { to: tx.to, data: tx.data, value: tx.value });
      return sent.hash;
    }
    return wallet.provider.request({
      method: 'eth_sendTransaction',
      params: [{ from: TT.sender(), to: tx.to, data: tx.data, value: tx.value }],
    });
  }

  /**
   * Sends `action` through the wallet and waits for its receipt. Resolves to the server's reading of the
   * receipt, or null if nothing was mined (refused by the wallet, or refused by the server before that).
   * @param {TictactoeAction} action
   */
  async function transact(action) {
    if (S.pending || !TT.sender()) return null;
    TT.setBusy(true);
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
      S.pending = { hash, action, scope: scope(), summary: tx.summary };
      M.store.set(TT.keys.pending, S.pending);
      return await follow(S.pending);
    } catch (error) {
      setTx('failed', error.message);
      M.sound.play('nothing');
      return null;
    } finally {
      TT.setBusy(false);
      TT.render();
    }
  }

  /** Waits for a sent transaction's receipt (also after a reload) and shows each state as it comes. */
  async function follow(tx) {
    setTx('sent', T('tx.sent', { what: tx.summary, hash: tx.hash }));
    TT.render();
    let result;
    for (;;) {
      try {
        result = await M.api(`/api/tictactoe/tx/${tx.hash}`);
      } catch (error) {
        setTx('sent', T('tx.unreadable', { what: tx.summary, hash: tx.hash, reason: error.message }));
        result = null;
      }
      if (result && (result.state === 'confirmed' || result.state === 'reverted')) break;
      await new Promise((resolve) => { window.setTimeout(resolve, TT.POLL_MS); });
    }
    S.pending = null;
    M.store.remove(TT.keys.pending);
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
      S.soloTurns = [{ player: null, cpu: result.cpuCell, gas: result.gasUsed }];
      await TT.loadSolo(result.game);
      M.sound.play('start');
    } else if (action.action === 'playSolo') {
      if (ok) S.soloTurns.push({ player: action.cell, cpu: result.cpuCell, gas: result.gasUsed });
      await TT.loadSolo(action.game);
      if (ok) {
        const ending = { playerWon: 'win', cpuWon: 'lose', draw: 'draw' }[S.solo && S.solo.result];
        M.sound.play(ending || 'cpu');
      }
    } else if (action.action === 'create' && ok && result.game !== null) {
      TT.openPvp(result.game);
    }
    if (action.action !== 'newSolo' && action.action !== 'playSolo') {
      S.pvpLog.unshift(T('pvp.log', { action: action.action, block: result.block, gas: (result.gasUsed || 0).toLocaleString('en-US') }));
      S.pvpLog = S.pvpLog.slice(0, 20);
      await TT.refreshPvp();
    }
    if (!ok) M.sound.play('nothing');
  }

  /** @type {Pick<TictactoeNamespace, 'setTx' | 'refusedWords' | 'scope' | 'transact' | 'follow'>} */
  const part = { setTx, refusedWords, scope, transact, follow };
  Object.assign(TT, part);
})();

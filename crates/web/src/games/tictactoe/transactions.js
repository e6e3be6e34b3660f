// @ts-check
// Tic-tac-toe's transactions: the server encodes the call, the wallet (or the embedded account) sends it, the
// server reads what became of it, and the page shows each state as it comes. A transaction is followed as wallets
// follow it, by account and nonce as well as hash: a speed-up or cancel in the wallet mines another transaction at
// its nonce, and a node may drop it. The one in flight is kept in localStorage, so a reload finds it again.
'use strict';

(() => {
  const TT = window.Tictactoe;
  const M = window.Marubatsu;
  const { S, el, T, wallet } = TT;

  /** @param {string} state @param {string} text */
  function setTx(state, text) {
    S.txFromNode = false;
    el.tx.dataset.state = state;
    el.tx.textContent = text;
    el.tx.classList.toggle('error', ['refused', 'reverted', 'failed', 'dropped'].includes(state));
    el.$('#tx-dropped').hidden = state !== 'dropped' || !S.dropped;
  }

  /** A wallet's refusal in words (EIP-1193 errors come in any shape). @param {any} error @param {string} what */
  function refusedWords(error, what) {
    if (error && error.code === 4001) return T('tx.refused', { what });
    return T('tx.failed', { what, reason: (error && error.message) || T('tx.noReason') });
  }

  /**
   * Revert data in a wallet's error, wherever the wallet put it (EIP-1474 `data`, or nested one deeper).
   * @param {any} error
   */
  function revertData(error) {
    const hex = (/** @type {unknown} */ v) => (typeof v === 'string' && /^0x[0-9a-fA-F]{8,}$/.test(v) ? v : null);
    if (!error || error.code === 4001) return null;
    const data = error.data;
    return hex(data) || (data && (hex(data.data) || (data.originalError && hex(data.originalError.data)))) || null;
  }

  /** Whether the page plays on the server's embedded chain; asked only once the chain is known (a sender is). */
  const onEmbedded = () => /** @type {ChainView} */ (S.info).mode === 'embedded';
  /** The wallet, asked only on a real chain with a sender, which a wallet gave. */
  const provider = () => /** @type {Eip1193Provider} */ (wallet.provider);

  /** Where a transaction belongs: the server run (embedded) or the chain and account (a real chain). */
  function scope() {
    if (!S.info) return null;
    // The embedded account is part of the scope: a session the server forgot gets another account.
    return S.info.mode === 'embedded'
      ? `embedded:${S.info.instance}:${S.info.account}`
      : `chain:${S.info.chainId}:${TT.sender()}`;
  }

  /** Where the wallet stands before it sends: the head block (a replacement is looked for from there) and the
   * nonce it will likely use (the node's answer replaces it once the node knows the transaction). */
  async function walletPosition() {
    if (onEmbedded()) return { since: null, nonce: null };
    const ask = (/** @type {string} */ method, /** @type {unknown[]} */ params) => provider().request({ method, params }).then((v) => Number.parseInt(v, 16));
    try {
      return {
        since: await ask('eth_blockNumber', []),
        nonce: await ask('eth_getTransactionCount', [TT.sender(), 'pending']),
      };
    } catch (_) {
      return { since: null, nonce: null };
    }
  }

  /** @param {EncodedTx} tx @returns {Promise<string>} */
  async function sendTransaction(tx) {
    if (onEmbedded()) {
      const sent = await M.api('/api/tictactoe/send', { to: tx.to, data: tx.data, value: tx.value });
      return sent.hash;
    }
    return provider().request({
      method: 'eth_sendTransaction',
      params: [{ from: TT.sender(), to: tx.to, data: tx.data, value: tx.value }],
    });
  }

  /** What `tx` will cost in fees, from the wallet's own estimate and gas price; null if either is refused (the
   * wallet then says why when it is asked to send). @param {EncodedTx} tx @returns {Promise<bigint | null>} */
  async function estimateFee(tx) {
    if (onEmbedded()) return null;
    try {
      const request = { from: TT.sender(), to: tx.to, data: tx.data, value: tx.value };
      const gas = await provider().request({ method: 'eth_estimateGas', params: [request] });
      const price = await provider().request({ method: 'eth_gasPrice', params: [] });
      return BigInt(gas) * BigInt(price);
    } catch (_) {
      return null;
    }
  }

  /** A move, which the player may stop being asked about in this tab (the wallet still asks for each one).
   * @param {TictactoeAction} action */
  const isMove = (action) => action.action === 'play' || action.action === 'playSolo';

  /** Whether this tab's player said not to be asked again for moves. */
  function movesSkipped() {
    try {
      return window.sessionStorage.getItem(TT.keys.movesAsked) === 'no';
    } catch (_) {
      return false;
    }
  }

  /**
   * Asks the player, before the wallet does, whether to send a paid transaction: what it costs in fees (the
   * wallet's estimate × its gas price, in ETH), and with a stake, the stake and the sum. A move's question is
   * short and offers "don't ask again for moves in this tab": the wallet asks for every move anyway, and a
   * second question on each of five moves is a chore; a stake is asked about every time.
   * @param {TictactoeAction} action @param {string} what @param {bigint} stake @param {bigint | null} fee
   * @returns {Promise<boolean>}
   */
  function confirmCost(action, what, stake, fee) {
    if (isMove(action) && stake === 0n && movesSkipped()) return Promise.resolve(true);
    const dialog = /** @type {HTMLDialogElement} */ (el.$('#tx-confirm'));
    const title = el.$('#tx-confirm-title');
    title.dataset.i18n = `tictactoe.tx.${stake > 0n ? 'confirmTitle' : (isMove(action) ? 'confirmMove' : 'confirmFee')}`;
    title.textContent = window.I18n.t(title.dataset.i18n);
    let text;
    if (stake > 0n) {
      text = fee === null
        ? T('tx.costNoFee', { what, stake: TT.etherWords(stake) })
        : T('tx.cost', { what, stake: TT.etherWords(stake), fee: TT.etherWords(fee), total: TT.etherWords(stake + fee) });
    } else {
      text = fee === null ? T('tx.feeUnknown', { what }) : T('tx.feeOnly', { what, fee: TT.etherWords(fee) });
    }
    el.$('#tx-confirm-text').textContent = text;
    const always = el.$('#tx-confirm-always');
    always.hidden = !(isMove(action) && stake === 0n);
    return new Promise((resolve) => {
      const close = (/** @type {boolean} */ answer, /** @type {boolean} */ skip) => () => {
        dialog.close();
        if (skip) {
          try {
            window.sessionStorage.setItem(TT.keys.movesAsked, 'no');
          } catch (_) { /* storage disabled: asked again next time */ }
        }
        resolve(answer);
      };
      el.$('#tx-confirm-yes').onclick = close(true, false);
      always.onclick = close(true, true);
      el.$('#tx-confirm-no').onclick = close(false, false);
      dialog.oncancel = close(false, false);
      dialog.showModal();
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
    forget();
    try {
      /** @type {EncodedTx} */
      const tx = await M.api('/api/tictactoe/tx', action);
      const estimate = await estimateFee(tx);
      const fee = estimate === null ? null : TT.roundFee(estimate);
      const stake = BigInt(tx.value || 0);
      // Play money on the embedded chain needs no question; on a real chain every transaction costs a fee.
      if (!onEmbedded() && !(await confirmCost(action, tx.summary, stake, fee))) {
        setTx('refused', T('tx.notAsked', { what: tx.summary }));
        return null;
      }
      setTx('wallet', fee === null
        ? T('tx.wallet', { what: tx.summary })
        : T('tx.walletFee', { what: tx.summary, fee: TT.etherWords(fee) }));
      const position = await walletPosition();
      let hash;
      try {
        hash = await sendTransaction(tx);
      } catch (error) {
        const data = revertData(error);
        if (data) {
          // The wallet estimated the transaction and the contract refused it: nothing was sent.
          const explained = await M.api('/api/tictactoe/explain', { to: tx.to, data });
          setTx('reverted', T('tx.preflight', { what: tx.summary, reason: window.I18n.say(explained.reason) }));
        } else {
          setTx('refused', refusedWords(error, tx.summary));
        }
        M.sound.play('nothing');
        return null;
      }
      S.pending = {
        hash, action, scope: scope(), summary: tx.summary, from: TT.sender(), nonce: position.nonce,
        since: position.since, to: tx.to, data: tx.data, value: tx.value, dropped: false,
      };
      M.store.set(TT.keys.pending, S.pending);
      return await follow(S.pending);
    } catch (error) {
      // The node's silence in the page's words (the server's sentence names the RPC client's failure).
      const failed = /** @type {ApiError} */ (error);
      if (TT.noteContractsGone(error)) setTx('failed', T('node.contractsGone'));
      else setTx('failed', failed.status === 503 ? T('node.notSent') : failed.message);
      // A node or server that did not answer, or contracts gone: the line goes once all is well (see node.js).
      S.txFromNode = TT.unanswered(error) || S.contractsGone;
      M.sound.play('nothing');
      return null;
    } finally {
      TT.setBusy(false);
      TT.render();
    }
  }

  /**
   * The server's reading of `tx`: by hash, and by its account's nonce when the page knows them.
   * @param {SentTx} tx
   */
  function trackUrl(tx) {
    const query = new URLSearchParams();
    if (tx.from) query.set('account', tx.from);
    if (Number.isInteger(tx.nonce)) query.set('nonce', String(tx.nonce));
    if (Number.isInteger(tx.since)) query.set('since', String(tx.since));
    const rest = query.toString();
    return `/api/tictactoe/tx/${tx.hash}${rest ? `?${rest}` : ''}`;
  }

  /** A dropped transaction stays on the page (and across a reload) until the player sends it again or forgets it. */
  function forget() {
    S.dropped = null;
    if (!S.pending) M.store.remove(TT.keys.pending);
    el.$('#tx-dropped').hidden = true;
  }

  function sendAgain() {
    const tx = S.dropped;
    if (!tx) return;
    forget();
    transact(tx.action);
  }

  /**
   * Waits for what becomes of a sent transaction (also after a reload) and shows each state as it comes: mined,
   * replaced at its nonce (a speed-up, a cancel), or dropped once the node has not known it, with its nonce
   * still free, for `DROP_MS`. Resolves to the mined outcome, or null if nothing of it was mined. `line` is what
   * the transaction line says meanwhile (by default, that it was sent).
   * @param {NonNullable<TictactoeState['pending']>} tx @param {string} [line]
   */
  async function follow(tx, line) {
    setTx('sent', line || T('tx.sent', { what: tx.summary, hash: tx.hash }));
    TT.render();
    let result;
    let missingSince = null;
    for (;;) {
      try {
        result = await M.api(trackUrl(tx));
      } catch (error) {
        setTx('sent', T('tx.unreadable', { what: tx.summary, hash: tx.hash, reason: /** @type {Error} */ (error).message }));
        result = null;
      }
      if (result && Number.isInteger(result.nonce) && result.nonce !== tx.nonce) {
        tx.nonce = result.nonce;
        M.store.set(TT.keys.pending, tx);
      }
      if (result && ['confirmed', 'reverted', 'superseded'].includes(result.state)) break;
      if (result && result.state === 'unknown' && result.nonceFree) {
        missingSince = missingSince === null ? Date.now() : missingSince;
        if (tx.dropped || Date.now() - missingSince >= TT.DROP_MS) return dropped(tx);
      } else {
        missingSince = null;
      }
      if (result && result.state === 'pending' && result.replacing) {
        setTx('sent', T('tx.replacing', { what: tx.summary, nonce: tx.nonce }));
      }
      await new Promise((resolve) => { window.setTimeout(resolve, TT.POLL_MS); });
    }
    S.pending = null;
    M.store.remove(TT.keys.pending);
    if (result.state === 'superseded') {
      setTx('superseded', T('tx.superseded', { what: tx.summary }));
      await refreshViews(tx.action);
      return null;
    }
    const { replacement } = result;
    const same = replacement && !replacement.cancel && replacement.to
      && replacement.to.toLowerCase() === String(tx.to).toLowerCase()
      && replacement.data.toLowerCase() === String(tx.data).toLowerCase()
      && BigInt(replacement.value) === BigInt(tx.value || 0);
    const events = result.events.map(window.I18n.say).join(' ');
    const reason = result.reason ? window.I18n.say(result.reason) : null;
    const words = { what: tx.summary, block: result.block, events, reason, hash: replacement && replacement.hash };
    if (replacement && !same) {
      setTx(replacement.cancel ? 'cancelled' : 'replaced', T(replacement.cancel ? 'tx.cancelled' : 'tx.otherMined', words));
      await refreshViews(tx.action);
      return null;
    }
    if (result.state === 'confirmed') {
      setTx('confirmed', T(replacement ? 'tx.spedUp' : 'tx.confirmed', words).trim());
    } else {
      setTx('reverted', T(replacement ? 'tx.spedUpReverted' : 'tx.reverted', words));
    }
    await settle(tx, result);
    watchMined(tx, result);
    return result;
  }

  /** @param {NonNullable<TictactoeState['pending']>} tx */
  function dropped(tx) {
    S.pending = null;
    S.dropped = Object.assign(tx, { dropped: true });
    M.store.set(TT.keys.pending, S.dropped);
    setTx('dropped', T('tx.dropped', { what: tx.summary, hash: tx.hash }));
    return null;
  }

  /**
   * Nothing of the action was mined: the page reads the games again as the chain has them.
   * @param {TictactoeAction} action
   */
  async function refreshViews(action) {
    if ((action.action === 'playSolo') && S.solo) await TT.loadSolo(S.solo.id);
    else if (action.action !== 'newSolo') await TT.refreshPvp();
  }

  /**
   * What a mined transaction changes on the page; the lists keep its hash, so a reorg can take it out again.
   * @param {SentTx} tx @param {TxReading} result
   */
  async function settle(tx, result) {
    const { action } = tx;
    const ok = result.state === 'confirmed';
    const hash = result.replacement ? result.replacement.hash : tx.hash;
    const fee = result.feeWei;
    if (action.action === 'newSolo' && ok && result.game !== null) {
      S.soloTurns = [{ player: null, cpu: result.cpuCell, gas: result.gasUsed, fee, hash }];
      await TT.loadSolo(result.game);
      M.sound.play('start');
    } else if (action.action === 'playSolo') {
      if (ok) S.soloTurns.push({ player: action.cell, cpu: result.cpuCell, gas: result.gasUsed, fee, hash });
      await TT.loadSolo(action.game);
      if (ok) {
        /** @type {Record<string, string | undefined>} */
        const endings = { playerWon: 'win', cpuWon: 'lose', draw: 'draw' };
        const ending = S.solo ? endings[S.solo.result] : undefined;
        M.sound.play(ending || 'cpu');
      }
    } else if (action.action === 'create' && ok && result.game !== null) {
      TT.openPvp(result.game);
    }
    if (action.action !== 'newSolo' && action.action !== 'playSolo') {
      const cell = action.action === 'play' ? action.cell : null;
      S.pvpLog.unshift({ action: action.action, cell, block: result.block, gas: result.gasUsed, fee, hash });
      S.pvpLog = S.pvpLog.slice(0, 20);
      await TT.refreshPvp();
    }
    if (!ok) M.sound.play('nothing');
  }

  /**
   * A mined transaction is watched until it is `REORG_DEPTH` blocks deep, for `REORG_WATCH_MS` at most, or until
   * another is sent: read each second for the first minute, when a reorg is likeliest, then every 5 s. If a reorg
   * takes its block away, the page says so, takes it out of the lists, reads the games again and follows it as sent —
   * the node may mine it again, or it is dropped, as a wallet would say. Not on the embedded chain, which has no
   * reorgs.
   * @param {SentTx} tx @param {TxReading} mined
   */
  async function watchMined(tx, mined) {
    if (onEmbedded() || mined.block === null) return;
    S.watching = tx.hash;
    const started = Date.now();
    while (S.watching === tx.hash && !S.pending && Date.now() - started < TT.REORG_WATCH_MS) {
      const every = Date.now() - started < 60_000 ? TT.POLL_MS : 5 * TT.POLL_MS;
      await new Promise((resolve) => { window.setTimeout(resolve, every); });
      if (S.watching !== tx.hash || S.pending) return;
      let reading;
      try {
        reading = /** @type {TxReading} */ (await M.api(trackUrl(tx)));
      } catch (_) {
        continue;
      }
      const still = (reading.state === 'confirmed' || reading.state === 'reverted') && reading.block === mined.block;
      if (still) {
        if (S.head !== null && S.head - /** @type {number} */ (mined.block) >= TT.REORG_DEPTH) break;
        continue;
      }
      // Replaced at its nonce since: another transaction's story. Else its block is gone: waiting again, dropped,
      // or mined once more in another block (which following it again finds at once).
      if (reading.state === 'superseded') break;
      S.watching = null;
      unlist(tx, mined);
      S.pending = Object.assign(tx, { dropped: false });
      M.store.set(TT.keys.pending, S.pending);
      const line = T('tx.reorged', { what: tx.summary, block: mined.block });
      setTx('sent', line);
      await refreshViews(tx.action);
      TT.render();
      await follow(tx, line);
      TT.render();
      return;
    }
    if (S.watching === tx.hash) S.watching = null;
  }

  /** Takes a transaction that a reorg undid out of the page's lists. @param {SentTx} tx @param {TxReading} mined */
  function unlist(tx, mined) {
    const hash = mined.replacement ? mined.replacement.hash : tx.hash;
    S.pvpLog = S.pvpLog.filter((entry) => entry.hash !== hash);
    S.soloTurns = S.soloTurns.filter((turn) => turn.hash !== hash);
  }

  /** @type {Pick<TictactoeNamespace, 'setTx' | 'refusedWords' | 'scope' | 'transact' | 'follow' | 'forget' | 'sendAgain'>} */
  const part = { setTx, refusedWords, scope, transact, follow, forget, sendAgain };
  Object.assign(TT, part);
})();

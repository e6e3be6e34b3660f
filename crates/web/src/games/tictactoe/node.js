// @ts-check
// Tic-tac-toe's watch on its node: the page asks the server for the latest block every few seconds, says in plain
// words when the chain's node (or the server itself) stops answering, and when an answer comes again takes the
// notice down with the errors that the silence left on the page, and reads the games again.
'use strict';

(() => {
  const TT = window.Tictactoe;
  const M = window.Marubatsu;
  const { S, el, T } = TT;
  let asking = false;

  /** An answer that did not come: the server's node did not answer (503), or the server itself (no response).
   * @param {any} error */
  function unanswered(error) {
    return Boolean(error) && (error.status === 503 || error.status === 0);
  }

  /** A request failed: the contracts gone is said at once; a want of an answer counts towards the notice, which
   * rises after `NODE_FAILURES` in a row, so that one lost request on a flaky connection raises nothing.
   * @param {any} error */
  function noteFailure(error) {
    if (noteContractsGone(error) || !unanswered(error)) return;
    S.nodeFailures += 1;
    if (S.nodeFailures >= TT.NODE_FAILURES) S.nodeDown = error.status === 0 ? 'server' : 'node';
  }

  async function checkNode() {
    if (asking) return;
    asking = true;
    try {
      const head = /** @type {HeadView} */ (await M.api('/api/tictactoe/head'));
      S.head = head.block;
      S.nodeFailures = 0;
      if (S.nodeDown || S.infoError || S.contractsGone) recovered();
    } catch (error) {
      const wasDown = S.nodeDown;
      noteFailure(error);
      if (S.contractsGone || S.nodeDown !== wasDown) TT.render();
    } finally {
      asking = false;
    }
  }

  /** The server found the game contracts gone from the node's chain (reset, or restarted empty): nothing may be
   * sent until they are back, and `TT.sender()` offers no account meanwhile. Whether `error` said so.
   * @param {any} error */
  function noteContractsGone(error) {
    if (!error || error.code !== 'contracts_gone') return false;
    S.contractsGone = true;
    S.nodeDown = null;
    return true;
  }

  /** The node answers again: what its silence left red goes, and the games are read as they are now. */
  function recovered() {
    S.nodeDown = null;
    S.contractsGone = false;
    S.pvpError = null;
    S.soloError = null;
    if (S.txFromNode) TT.setTx('idle', '');
    if (!S.info) {
      S.infoError = null;
      TT.start();
    } else if (S.mode === 'pvp') {
      TT.refreshPvp();
    } else if (S.mode === 'solo' && S.solo && !S.pending && !S.busy) {
      TT.loadSolo(S.solo.id);
    }
    TT.render();
  }

  function renderNode() {
    const notice = el.$('#node-down');
    notice.hidden = !(S.nodeDown || S.contractsGone) || S.mode === 'hotseat';
    let words = '';
    if (S.contractsGone) words = T('node.contractsGone');
    else if (S.nodeDown) words = T(S.nodeDown === 'server' ? 'node.serverDown' : 'node.down');
    notice.textContent = words;
  }

  /** @type {Pick<TictactoeNamespace, 'unanswered' | 'noteFailure' | 'noteContractsGone' | 'checkNode' | 'renderNode'>} */
  const part = { unanswered, noteFailure, noteContractsGone, checkNode, renderNode };
  Object.assign(TT, part);
})();

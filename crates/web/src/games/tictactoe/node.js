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

  /** A request failed: if for want of an answer, the notice goes up at once (before the next check).
   * @param {any} error */
  function noteFailure(error) {
    if (!unanswered(error)) return;
    S.nodeDown = error.status === 0 ? 'server' : 'node';
  }

  async function checkNode() {
    if (asking) return;
    asking = true;
    try {
      await M.api('/api/tictactoe/head');
      if (S.nodeDown || S.infoError) recovered();
    } catch (error) {
      if (unanswered(error)) {
        S.nodeDown = /** @type {ApiError} */ (error).status === 0 ? 'server' : 'node';
        TT.render();
      }
    } finally {
      asking = false;
    }
  }

  /** The node answers again: what its silence left red goes, and the games are read as they are now. */
  function recovered() {
    S.nodeDown = null;
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
    notice.hidden = !S.nodeDown || S.mode === 'hotseat';
    notice.textContent = S.nodeDown ? T(S.nodeDown === 'server' ? 'node.serverDown' : 'node.down') : '';
  }

  /** @type {Pick<TictactoeNamespace, 'unanswered' | 'noteFailure' | 'checkNode' | 'renderNode'>} */
  const part = { unanswered, noteFailure, checkNode, renderNode };
  Object.assign(TT, part);
})();

// @ts-check
// Tic-tac-toe's words for a PvP game: the status line for this viewer and the move clock. Pure functions of the
// server's view (and the words, `T`), so Node's test runner loads this file too (crates/web/tests/js).
'use strict';

(() => {
  /** The clock as h:mm:ss, or m:ss under an hour. @param {number} seconds */
  function clockWords(seconds) {
    const h = Math.floor(seconds / 3600);
    const m = Math.floor((seconds % 3600) / 60);
    const s = seconds % 60;
    const two = (/** @type {number} */ n) => String(n).padStart(2, '0');
    return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
  }

  /** Wei as ether, exact, without trailing zeros: `0.0123 ETH`, `1 ETH`, `0 ETH` (as the server writes it).
   * @param {bigint} wei */
  function etherWords(wei) {
    const unit = 10n ** 18n;
    const whole = wei / unit;
    const fraction = (wei % unit).toString().padStart(18, '0').replace(/0+$/, '');
    return `${whole}${fraction ? `.${fraction}` : ''} ETH`;
  }

  /** A fee estimate as the page shows it: two significant digits, rounded up (an estimate is never shown below
   * itself), so that a move's question reads "about 0.000054 ETH" rather than eighteen decimals.
   * @param {bigint} wei @returns {bigint} */
  function roundFee(wei) {
    if (wei <= 0n) return 0n;
    const digits = wei.toString().length;
    const unit = digits > 2 ? 10n ** BigInt(digits - 2) : 1n;
    return ((wei + unit - 1n) / unit) * unit;
  }

  /**
   * The status line of a PvP game for the viewer the server named in `pvp.role`; `left` is the clock now (see
   * `secondsLeft`: negative once the deadline has passed, null without one). With no game read yet, what the page
   * is doing: none chosen (`pvpId` null), the read's error, or reading.
   * @param {PvpView | null} pvp
   * @param {{ pvpId: number | null, pvpError: string | null, left: number | null }} page
   * @param {(key: string, params?: Record<string, unknown>) => string} T
   */
  function pvpStatus(pvp, { pvpId, pvpError, left }, T) {
    if (!pvp) return pvpId === null ? T('pvp.none') : (pvpError || T('pvp.reading'));
    const mine = pvp.role === 'X' || pvp.role === 'O';
    switch (pvp.status) {
      case 'open':
        if (pvp.role === 'X') return T('pvp.waitingJoin');
        if (pvp.role === 'invited' || pvp.role === 'open') return T('pvp.mayJoin');
        return T('pvp.waitingInvited');
      case 'active': {
        const late = left !== null && left < 0;
        const side = pvp.toMove;
        if (!mine) return T('pvp.toMove', { side });
        if (side === pvp.role) return late ? T('pvp.yourTimeOut') : T('pvp.yourMove', { side });
        return late ? T('pvp.theirTimeOut', { side }) : T('pvp.waitingMove', { side });
      }
      case 'xWon':
      case 'oWon': {
        const side = pvp.status === 'xWon' ? 'X' : 'O';
        const other = side === 'X' ? 'O' : 'X';
        // How it was won, as the chain recorded it; a node that cannot say leaves the plain sentence.
        const how = pvp.endedBy === 'win' || pvp.endedBy === 'timeout' || pvp.endedBy === 'resignation'
          ? `.${pvp.endedBy}` : '';
        if (pvp.role === side) return T(`pvp.youWin${how}`, { side: other });
        return T(`${mine ? 'pvp.youLose' : 'pvp.sideWon'}${how}`, { side, other });
      }
      case 'draw': return T('pvp.draw');
      case 'cancelled': return T('pvp.cancelled');
      case 'aborted': return T('pvp.aborted');
      default: return T('pvp.other', { status: pvp.statusWords });
    }
  }

  const words = { clockWords, etherWords, roundFee, pvpStatus };
  if (typeof window === 'undefined') {
    module.exports = words;
    return;
  }
  /** @type {Pick<TictactoeNamespace, 'clockWords' | 'etherWords' | 'roundFee' | 'pvpStatus'>} */
  const part = words;
  Object.assign(window.Tictactoe, part);
})();

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

  /**
   * An amount to read at a glance: from 1 ETH up four decimals, below it three significant digits (`9999.9691 ETH`,
   * `0.0203 ETH`, `0.0000912 ETH`), rounded half up and marked `≈` when that changed it. The exact amount goes
   * beside it where the player can find it (see `etherWords`).
   * @param {bigint} wei */
  function shortEther(wei) {
    const unit = 10n ** 18n;
    const decimals = wei >= unit ? 4 : Math.min(18, Math.max(0, 18 - wei.toString().length + 3));
    const step = 10n ** BigInt(18 - decimals);
    const rounded = ((wei + step / 2n) / step) * step;
    return `${rounded === wei ? '' : '≈'}${etherWords(rounded)}`;
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
   * How long until a timeout claim can land, once the mover's time is up, as words for a sentence: `after 3 more
   * blocks (about 0:36)`; `''` when it can be sent now; `once a block past the time limit is mined` while only
   * the page's clock is past the deadline. `claimBlock` is the first
   * block a claim can land in and `headBlock` the latest: the blocks between them must be mined first.
   * @param {PvpView} pvp @param {number | null} blockSeconds
   * @param {(key: string, params?: Record<string, unknown>) => string} T
   */
  function claimWait(pvp, blockSeconds, T) {
    const blocks = claimBlocksToGo(pvp);
    if (blocks === null) return T('pvp.afterDeadlineBlock');
    if (blocks === 0) return '';
    const time = blockSeconds ? T('pvp.aboutTime', { time: clockWords(Math.ceil(blocks * blockSeconds)) }) : '';
    return T(blocks === 1 ? 'pvp.afterBlock' : 'pvp.afterBlocks', { blocks, time });
  }

  /** Blocks still to be mined before a claim can land (0: it can be sent now), or null outside the claim window.
   * @param {PvpView} pvp */
  function claimBlocksToGo(pvp) {
    if (pvp.claimBlock === null || pvp.claimBlock === undefined) return null;
    return Math.max(0, pvp.claimBlock - pvp.headBlock - 1);
  }

  /**
   * The status line of a PvP game for the viewer the server named in `pvp.role`; `left` is the clock now (see
   * `secondsLeft`: negative once the deadline has passed, null without one). With no game read yet, what the page
   * is doing: none chosen (`pvpId` null), the read's error, or reading.
   *
   * Past the deadline, a move is still taken until the contract's claim blocks have passed (the claim window):
   * the late player reads that it may still move, the other when it may claim, and both the moment it can.
   * @param {PvpView | null} pvp
   * @param {{ pvpId: number | null, pvpError: string | null, left: number | null, blockSeconds?: number | null }} page
   * @param {(key: string, params?: Record<string, unknown>) => string} T
   */
  function pvpStatus(pvp, { pvpId, pvpError, left, blockSeconds = null }, T) {
    if (!pvp) return pvpId === null ? T('pvp.none') : (pvpError || T('pvp.reading'));
    const mine = pvp.role === 'X' || pvp.role === 'O';
    switch (pvp.status) {
      case 'open':
        if (pvp.role === 'X') return T('pvp.waitingJoin');
        if (pvp.role === 'invited' || pvp.role === 'open') return T('pvp.mayJoin');
        return T('pvp.waitingInvited');
      case 'active': {
        const side = pvp.toMove;
        const other = side === 'X' ? 'O' : 'X';
        const toGo = claimBlocksToGo(pvp);
        const late = toGo !== null || (left !== null && left < 0);
        if (!late) {
          if (!mine) return T('pvp.toMove', { side });
          return side === pvp.role ? T('pvp.yourMove', { side }) : T('pvp.waitingMove', { side });
        }
        // What a claim does: the late player's first move missed aborts the game, a later one loses it.
        const first = pvp.moverHasMoved ? '' : 'First';
        const when = claimWait(pvp, blockSeconds, T);
        const claimable = toGo === 0;
        if (!mine) return T(claimable ? `pvp.lateWatchOver${first}` : `pvp.lateWatch${first}`, { side, when });
        if (side === pvp.role) {
          return T(claimable ? `pvp.lateYouOver${first}` : `pvp.lateYouMayMove${first}`, { side: other, when });
        }
        return T(claimable ? `pvp.lateTheyOver${first}` : `pvp.lateTheyWindow${first}`, { side, when });
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

  const words = { clockWords, etherWords, shortEther, roundFee, claimWait, claimBlocksToGo, pvpStatus };
  if (typeof window === 'undefined') {
    module.exports = words;
    return;
  }
  /** @type {Pick<TictactoeNamespace, 'clockWords' | 'etherWords' | 'shortEther' | 'roundFee' | 'claimWait' | 'claimBlocksToGo' |
   * 'pvpStatus'>} */
  const part = words;
  Object.assign(window.Tictactoe, part);
})();

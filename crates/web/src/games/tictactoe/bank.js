// @ts-check
// Tic-tac-toe's time bank in words: the bound a creator reads before signing, and during a game the free part of
// the move and the mover's bank. Pure functions of the numbers (and the words, `T`), so Node's test runner loads
// this file too (crates/web/tests/js).
'use strict';

(() => {
  /** The seconds of every move that no bank pays for (the contract's FREE_MOVE_TIME). */
  const FREE_MOVE_TIME = 60;

  /** @typedef {(key: string, params?: Record<string, unknown>) => string} Say */

  /** Seconds as the largest units that say them exactly (`1 hour 30 minutes`, `1時間30分`), as the server words a
   * duration. @param {number} seconds @param {Say} T */
  function durationWords(seconds, T) {
    /** @type {[number, string, string][]} */
    const units = [[86400, 'duration.day', 'duration.days'], [3600, 'duration.hour', 'duration.hours'],
      [60, 'duration.minute', 'duration.minutes'], [1, 'duration.second', 'duration.seconds']];
    let rest = Math.max(0, Math.floor(seconds));
    const parts = [];
    for (const [size, one, many] of units) {
      const count = Math.floor(rest / size);
      if (count > 0) {
        parts.push(T(count === 1 ? one : many, { n: count }));
        rest %= size;
      }
    }
    if (parts.length === 0) return T('duration.seconds', { n: 0 });
    return parts.reduceRight((later, first) => T('duration.then', { first, rest: later }));
  }

  /** The most the turns' deadlines of a game add up to: nine turns of the limit, or with a bank nine free minutes
   * plus both banks if that is less. @param {number} timeout @param {number | null} bank */
  function gameBound(timeout, bank) {
    const byLimit = 9 * timeout;
    return bank === null ? byLimit : Math.min(byLimit, 9 * FREE_MOVE_TIME + 2 * bank);
  }

  /** What the creator reads under the form before signing: the whole game's bound, and what each late turn can
   * add (the deployment's claim blocks; nothing on a chain that mines only for transactions).
   * @param {number} timeout @param {number | null} bank @param {number | null} claimBlocks @param {Say} T */
  function createBound(timeout, bank, claimBlocks, T) {
    const plus = claimBlocks ? T('createPlus', { blocks: claimBlocks }) : '';
    const bound = durationWords(gameBound(timeout, bank), T);
    const per = durationWords(timeout, T);
    if (bank === null) return T('createNoBank', { bound, timeout: per, plus });
    const byBank = 9 * FREE_MOVE_TIME + 2 * bank <= 9 * timeout;
    return byBank
      ? T('createBank', { bound, bank: durationWords(bank, T), plus })
      : T('createBankLimit', { bound, timeout: per, plus });
  }

  /**
   * The banks under the board: both players' as they stood when the turn began, then for the player to move the
   * free part of this move or, once it is spent, the bank running. `now` is the chain's time as the page counts it.
   * @param {PvpView} pvp @param {number} now @param {Say} T
   */
  function bankLines(pvp, now, T) {
    const bank = pvp.timeBank;
    if (!bank) return '';
    const banks = T('pvp.banks', { x: bank.xBankWords, o: bank.oBankWords, bank: bank.bankWords, bound: bank.boundWords });
    if (pvp.status !== 'active' || !pvp.toMove || bank.spendingFrom === null || bank.spendingFrom === undefined) {
      return banks;
    }
    const side = pvp.toMove;
    if (now < bank.spendingFrom) {
      const free = durationWords(bank.freeSeconds, T);
      const turn = T('pvp.bankFree', { left: durationWords(bank.spendingFrom - now, T), free, side });
      return T('pvp.bankTurn', { banks, turn });
    }
    const moverBank = side === 'X' ? bank.xBank : bank.oBank;
    const left = Math.max(0, moverBank - (now - bank.spendingFrom));
    // Two sentences, joined as the language joins them (Japanese with no space).
    return T('pvp.bankTurn', { banks, turn: T('pvp.bankSpending', { side, left: durationWords(left, T) }) });
  }

  const words = { durationWords, gameBound, createBound, bankLines };
  if (typeof window === 'undefined') {
    module.exports = words;
    return;
  }
  /** @type {Pick<TictactoeNamespace, 'durationWords' | 'createBound' | 'bankLines'>} */
  const part = words;
  Object.assign(window.Tictactoe, part);
})();

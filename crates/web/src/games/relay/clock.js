// @ts-check
// Know-it-all relay's talk clock: what the countdown shows at a moment, when the few-seconds-left sound is due and
// when the time is up. A pure function of the server's view and the clock, so Node's test runner loads this file
// too (crates/web/tests/js); draw.js calls it on every tick.
'use strict';

(() => {
  /** How long before the end of a talk the warning sounds, in ms: long enough to finish a sentence. */
  const WARN_MS = 5000;
  /** Under this much time left the countdown turns to the warning colour, in ms. */
  const LOW_MS = 10000;

  /**
   * The talk clock at `nowMs`. `warned` is the key of the turn whose warning already sounded (or null): the
   * warning sounds once a turn, keyed by round, turn and deadline, so a new game's first turn warns again and a
   * resume (which moves the deadline) with under five seconds left warns again, the table's attention having been
   * elsewhere. While paused nothing runs down: the time left is the paused one, no warning, no time-up.
   * @param {{ round: number, turn: number, deadlineMs: number, paused: boolean, pausedLeftMs: number | null }} view
   * @param {number} nowMs @param {string | null} warned
   * @returns {{ leftMs: number, seconds: number, low: boolean, key: string, warn: boolean, timeUp: boolean }}
   */
  function talkClock(view, nowMs, warned) {
    const key = `${view.round}:${view.turn}:${view.deadlineMs}`;
    const paused = view.paused && view.pausedLeftMs !== null;
    const leftMs = Math.max(0, paused ? Number(view.pausedLeftMs) : view.deadlineMs - nowMs);
    return {
      leftMs,
      // Whole seconds, rounded up: "0:01" until the very end, never "0:00" with time still left.
      seconds: Math.ceil(leftMs / 1000),
      low: leftMs <= LOW_MS,
      key,
      warn: !paused && leftMs > 0 && leftMs <= WARN_MS && warned !== key,
      timeUp: !paused && leftMs <= 0,
    };
  }

  const clock = { talkClock, WARN_MS, LOW_MS };
  if (typeof window === 'undefined') {
    module.exports = clock;
    return;
  }
  /** @type {Pick<RelayNamespace, 'talkClock'>} */
  const part = { talkClock };
  Object.assign(window.Relay, part);
})();

// The relay's talk clock (crates/web/src/games/relay/clock.js): the countdown, the few-seconds-left sound once a
// turn, the time-up, and a paused clock that runs down nothing.
import { createRequire } from 'node:module';
import { test } from 'node:test';
import assert from 'node:assert/strict';

const require = createRequire(import.meta.url);
const { talkClock, WARN_MS, LOW_MS } = require('../../src/games/relay/clock.js');

const running = (fields = {}) => ({ round: 1, turn: 0, deadlineMs: 100_000, paused: false, pausedLeftMs: null, ...fields });

test('the countdown rounds up to whole seconds and never goes below zero', () => {
  assert.equal(talkClock(running(), 40_000, null).seconds, 60);
  assert.equal(talkClock(running(), 99_001, null).seconds, 1, 'a last millisecond still shows 0:01');
  assert.deepEqual(
    [talkClock(running(), 100_000, null).leftMs, talkClock(running(), 250_000, null).leftMs],
    [0, 0],
  );
  assert.equal(talkClock(running(), 100_000 - LOW_MS, null).low, true);
  assert.equal(talkClock(running(), 100_000 - LOW_MS - 1, null).low, false);
});

test('the warning is due from five seconds left to the end, once a turn', () => {
  const warnAt = (now, warned = null) => talkClock(running(), now, warned).warn;
  assert.equal(WARN_MS, 5000);
  assert.equal(warnAt(100_000 - WARN_MS - 1), false, 'not before five seconds are left');
  assert.equal(warnAt(100_000 - WARN_MS), true);
  assert.equal(warnAt(99_999), true);
  assert.equal(warnAt(100_000), false, 'not once the time is up');
  const { key } = talkClock(running(), 96_000, null);
  assert.equal(warnAt(97_000, key), false, 'the same turn does not warn twice');
  // The next turn, or the same turn of a new game (another deadline), warns again.
  assert.equal(talkClock(running({ turn: 1 }), 97_000, key).warn, true);
  assert.equal(talkClock(running({ deadlineMs: 200_000 }), 197_000, key).warn, true);
});

test('time is up at the deadline, and not a moment before', () => {
  assert.equal(talkClock(running(), 99_999, null).timeUp, false);
  assert.equal(talkClock(running(), 100_000, null).timeUp, true);
  assert.equal(talkClock(running(), 500_000, null).timeUp, true);
});

test('a paused clock shows the time it had left, whatever the clock says, and never warns or runs out', () => {
  const paused = running({ paused: true, pausedLeftMs: 3_000 });
  for (const now of [0, 97_000, 100_000, 10_000_000]) {
    const clock = talkClock(paused, now, null);
    assert.deepEqual(
      [clock.leftMs, clock.seconds, clock.warn, clock.timeUp],
      [3_000, 3, false, false],
      `at ${now}`,
    );
  }
  // A resume moves the deadline: with under five seconds left it warns again.
  const { key } = talkClock(running(), 96_000, null);
  assert.equal(talkClock(running({ deadlineMs: 160_000 }), 157_000, key).warn, true);
});

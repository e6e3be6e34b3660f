// Tic-tac-toe's PvP words (crates/web/src/games/tictactoe/status.js): the move clock and the status line each
// viewer reads, with the page's words replaced by their keys and params so the choice itself is checked.
import { createRequire } from 'node:module';
import { test } from 'node:test';
import assert from 'node:assert/strict';

const require = createRequire(import.meta.url);
const { clockWords, etherWords, roundFee, pvpStatus } = require('../../src/games/tictactoe/status.js');

/** The words as `key` or `key {params}`, so a test reads which sentence was chosen with what. */
const T = (key, params) => (params ? `${key} ${JSON.stringify(params)}` : key);

test('clockWords shows m:ss under an hour and h:mm:ss from an hour', () => {
  assert.equal(clockWords(0), '0:00');
  assert.equal(clockWords(59), '0:59');
  assert.equal(clockWords(60), '1:00');
  assert.equal(clockWords(3599), '59:59');
  assert.equal(clockWords(3600), '1:00:00');
  assert.equal(clockWords(7 * 24 * 3600), '168:00:00');
  assert.equal(clockWords(3661), '1:01:01');
});

const page = { pvpId: 7, pvpError: null, left: 30 };
const game = (fields) => ({ status: 'active', role: 'watcher', toMove: 'X', statusWords: 'in progress', ...fields });

test('pvpStatus before a game is read: none chosen, the error, or reading', () => {
  assert.equal(pvpStatus(null, { ...page, pvpId: null }, T), 'pvp.none');
  assert.equal(pvpStatus(null, { ...page, pvpError: 'Game 7 does not exist.' }, T), 'Game 7 does not exist.');
  assert.equal(pvpStatus(null, page, T), 'pvp.reading');
});

test('pvpStatus of an open game: the creator waits, the invited or anyone may join, others wait', () => {
  const open = (role) => pvpStatus(game({ status: 'open', role }), page, T);
  assert.equal(open('X'), 'pvp.waitingJoin');
  assert.equal(open('invited'), 'pvp.mayJoin');
  assert.equal(open('open'), 'pvp.mayJoin');
  assert.equal(open('watcher'), 'pvp.waitingInvited');
});

test('pvpStatus of an active game: whose move, and who is late once the clock runs out', () => {
  const active = (role, toMove, left) => pvpStatus(game({ role, toMove }), { ...page, left }, T);
  assert.equal(active('watcher', 'O', 30), 'pvp.toMove {"side":"O"}');
  assert.equal(active('watcher', 'O', -1), 'pvp.toMove {"side":"O"}');
  assert.equal(active('X', 'X', 30), 'pvp.yourMove {"side":"X"}');
  assert.equal(active('X', 'X', 0), 'pvp.yourMove {"side":"X"}');
  assert.equal(active('X', 'X', -1), 'pvp.yourTimeOut');
  assert.equal(active('O', 'X', 30), 'pvp.waitingMove {"side":"X"}');
  assert.equal(active('O', 'X', -1), 'pvp.theirTimeOut {"side":"X"}');
  assert.equal(active('O', 'X', null), 'pvp.waitingMove {"side":"X"}');
});

test('pvpStatus of an ended game, for the winner, the loser and a watcher', () => {
  const ended = (status, role) => pvpStatus(game({ status, role, endedBy: null }), page, T);
  assert.equal(ended('xWon', 'X'), 'pvp.youWin {"side":"O"}');
  assert.equal(ended('xWon', 'O'), 'pvp.youLose {"side":"X","other":"O"}');
  assert.equal(ended('oWon', 'O'), 'pvp.youWin {"side":"X"}');
  assert.equal(ended('oWon', 'watcher'), 'pvp.sideWon {"side":"O","other":"X"}');
  assert.equal(ended('draw', 'X'), 'pvp.draw');
  assert.equal(ended('cancelled', 'X'), 'pvp.cancelled');
  assert.equal(ended('aborted', 'watcher'), 'pvp.aborted');
  assert.equal(pvpStatus(game({ status: 'unknown', statusWords: 'strange' }), page, T), 'pvp.other {"status":"strange"}');
});

test('pvpStatus of a won game says how it was won, as the chain recorded it, to each viewer', () => {
  const won = (status, role, endedBy) => pvpStatus(game({ status, role, endedBy }), page, T);
  assert.equal(won('xWon', 'X', 'win'), 'pvp.youWin.win {"side":"O"}');
  assert.equal(won('xWon', 'O', 'win'), 'pvp.youLose.win {"side":"X","other":"O"}');
  assert.equal(won('oWon', 'O', 'timeout'), 'pvp.youWin.timeout {"side":"X"}');
  assert.equal(won('oWon', 'X', 'timeout'), 'pvp.youLose.timeout {"side":"O","other":"X"}');
  assert.equal(won('xWon', 'X', 'resignation'), 'pvp.youWin.resignation {"side":"O"}');
  assert.equal(won('xWon', 'O', 'resignation'), 'pvp.youLose.resignation {"side":"X","other":"O"}');
  assert.equal(won('oWon', 'watcher', 'resignation'), 'pvp.sideWon.resignation {"side":"O","other":"X"}');
  assert.equal(won('xWon', 'invited', 'timeout'), 'pvp.sideWon.timeout {"side":"X","other":"O"}');
  // A word the page does not know reads as a plain win, never as a key.
  assert.equal(won('xWon', 'X', 'unknown'), 'pvp.youWin {"side":"O"}');
});

test('etherWords writes wei as exact ether without trailing zeros', () => {
  assert.equal(etherWords(0n), '0 ETH');
  assert.equal(etherWords(1n), '0.000000000000000001 ETH');
  assert.equal(etherWords(10n ** 18n), '1 ETH');
  assert.equal(etherWords(12_300_000_000_000_000n), '0.0123 ETH');
  assert.equal(etherWords(2n * 10n ** 18n + 5n * 10n ** 17n), '2.5 ETH');
  assert.equal(etherWords(79_228_162_514_264_337_593_543_950_335n), '79228162514.264337593543950335 ETH');
});

test('roundFee keeps two significant digits and rounds up, so an estimate is never shown below itself', () => {
  assert.equal(roundFee(0n), 0n);
  assert.equal(roundFee(7n), 7n);
  assert.equal(roundFee(99n), 99n);
  assert.equal(roundFee(100n), 100n);
  assert.equal(roundFee(101n), 110n);
  assert.equal(roundFee(53_052_071_700_784n), 54_000_000_000_000n);
  assert.equal(roundFee(54_000_000_000_000n), 54_000_000_000_000n);
  assert.equal(etherWords(roundFee(53_052_071_700_784n)), '0.000054 ETH');
});

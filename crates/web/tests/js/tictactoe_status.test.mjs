// Tic-tac-toe's PvP words (crates/web/src/games/tictactoe/status.js): the move clock and the status line each
// viewer reads, with the page's words replaced by their keys and params so the choice itself is checked.
import { createRequire } from 'node:module';
import { test } from 'node:test';
import assert from 'node:assert/strict';

const require = createRequire(import.meta.url);
const { clockWords, etherWords, shortEther, roundFee, claimBlocksToGo, pvpStatus } = require('../../src/games/tictactoe/status.js');

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
const game = (fields) => ({
  status: 'active', role: 'watcher', toMove: 'X', statusWords: 'in progress', moverHasMoved: true, headBlock: 40,
  claimBlock: null, ...fields,
});

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
  assert.equal(active('X', 'X', 30), 'pvp.yourMove {"side":"X"}');
  assert.equal(active('X', 'X', 0), 'pvp.yourMove {"side":"X"}');
  assert.equal(active('O', 'X', 30), 'pvp.waitingMove {"side":"X"}');
  assert.equal(active('O', 'X', null), 'pvp.waitingMove {"side":"X"}');
  // The page's clock is past the deadline before a block is: a move is still taken, a claim not yet.
  const when = '"when":"pvp.afterDeadlineBlock"';
  assert.equal(active('X', 'X', -1), `pvp.lateYouMayMove {"side":"O",${when}}`);
  assert.equal(active('O', 'X', -1), `pvp.lateTheyWindow {"side":"X",${when}}`);
  assert.equal(active('watcher', 'X', -1), `pvp.lateWatch {"side":"X",${when}}`);
});

test('pvpStatus in the claim window: the late player may still move, the other may claim after the blocks', () => {
  const late = (role, claimBlock, fields = {}) => pvpStatus(
    game({ role, toMove: 'O', claimBlock, ...fields }), { ...page, left: -1, blockSeconds: 12 }, T,
  );
  // Head 40, claims from block 44: blocks 41–43 must be mined first, about 36 s at 12 s a block.
  const after3 = '"when":"pvp.afterBlocks {\\"blocks\\":3,\\"time\\":\\"pvp.aboutTime {\\\\\\"time\\\\\\":\\\\\\"0:36\\\\\\"}\\"}"';
  assert.equal(late('O', 44), `pvp.lateYouMayMove {"side":"X",${after3}}`);
  assert.equal(late('X', 44), `pvp.lateTheyWindow {"side":"O",${after3}}`);
  assert.equal(late('watcher', 44), `pvp.lateWatch {"side":"O",${after3}}`);
  assert.match(late('X', 42), /^pvp\.lateTheyWindow .*pvp\.afterBlock /);
  // From the next block a claim lands: the late player reads that its move is no longer taken.
  assert.equal(late('O', 41), 'pvp.lateYouOver {"side":"X","when":""}');
  assert.equal(late('X', 41), 'pvp.lateTheyOver {"side":"O","when":""}');
  assert.equal(late('watcher', 41), 'pvp.lateWatchOver {"side":"O","when":""}');
  // A first move missed: the claim aborts the game rather than winning it.
  assert.equal(late('O', 41, { moverHasMoved: false }), 'pvp.lateYouOverFirst {"side":"X","when":""}');
  assert.match(late('X', 44, { moverHasMoved: false }), /^pvp\.lateTheyWindowFirst /);
  // Without a known pace, blocks are not said as time.
  const unpaced = pvpStatus(game({ role: 'X', toMove: 'O', claimBlock: 44 }), { ...page, left: -1 }, T);
  assert.equal(unpaced, 'pvp.lateTheyWindow {"side":"O","when":"pvp.afterBlocks {\\"blocks\\":3,\\"time\\":\\"\\"}"}');
});

test('claimBlocksToGo counts the blocks to be mined before a claim lands', () => {
  assert.equal(claimBlocksToGo(game({ claimBlock: null })), null);
  assert.equal(claimBlocksToGo(game({ claimBlock: 41 })), 0);
  assert.equal(claimBlocksToGo(game({ claimBlock: 45 })), 4);
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

test('shortEther: four decimals from 1 ETH, three significant digits below, ≈ when rounded', () => {
  const ether = 10n ** 18n;
  assert.equal(shortEther(0n), '0 ETH');
  assert.equal(shortEther(ether / 100n), '0.01 ETH');
  assert.equal(shortEther(20_300_000_000_000_000n), '0.0203 ETH');
  assert.equal(shortEther(20_300_000_000_000_001n), '≈0.0203 ETH');
  assert.equal(shortEther(91_234_567_890_123n), '≈0.0000912 ETH');
  assert.equal(shortEther(91_250_000_000_000n), '≈0.0000913 ETH');
  assert.equal(shortEther(9_999_969_123_456_789_012_345n), '≈9999.9691 ETH');
  assert.equal(shortEther(10_000n * ether - 1n), '≈10000 ETH');
  assert.equal(shortEther(7n), '0.000000000000000007 ETH');
});

// Tic-tac-toe's time bank in words (crates/web/src/games/tictactoe/bank.js): the bound a creator reads before
// signing and the mover's bank during a game, with the page's words replaced by their keys and params.
import { createRequire } from 'node:module';
import { test } from 'node:test';
import assert from 'node:assert/strict';

const require = createRequire(import.meta.url);
const { durationWords, gameBound, createBound, bankLines } = require('../../src/games/tictactoe/bank.js');

/** English words for the duration keys, the rest as `key {params}`. */
const units = { 'duration.hour': 'hour', 'duration.hours': 'hours', 'duration.minute': 'minute',
  'duration.minutes': 'minutes', 'duration.second': 'second', 'duration.seconds': 'seconds',
  'duration.day': 'day', 'duration.days': 'days' };
const T = (key, params) => {
  if (key === 'duration.then') return `${params.first} ${params.rest}`;
  if (key === 'pvp.bankTurn') return `${params.banks} ${params.turn}`;
  if (units[key]) return `${params.n} ${units[key]}`;
  return params ? `${key} ${JSON.stringify(params)}` : key;
};

test('durationWords says the largest exact units, as the server does', () => {
  assert.equal(durationWords(0, T), '0 seconds');
  assert.equal(durationWords(60, T), '1 minute');
  assert.equal(durationWords(7740, T), '2 hours 9 minutes');
});

test('the bound is nine free minutes plus both banks, or nine time limits if less', () => {
  assert.equal(gameBound(3600, 3600), 540 + 7200);
  assert.equal(gameBound(60, 3600), 540);
  assert.equal(gameBound(86400, null), 9 * 86400);
});

test('createBound names the bound, and the claim blocks each turn may add', () => {
  assert.equal(createBound(3600, 3600, 0, T), 'createBank {"bound":"2 hours 9 minutes","bank":"1 hour","plus":""}');
  assert.equal(createBound(60, 3600, null, T), 'createBankLimit {"bound":"9 minutes","timeout":"1 minute","plus":""}');
  assert.equal(createBound(3600, null, 5, T),
    'createNoBank {"bound":"9 hours","timeout":"1 hour","plus":"createPlus {\\"blocks\\":5}"}');
});

const bank = { bank: 600, bankWords: '10 minutes', xBank: 600, oBank: 300, xBankWords: '10 minutes',
  oBankWords: '5 minutes', freeSeconds: 60, spendingFrom: 1060, boundWords: 'bound' };
const game = (fields) => ({ status: 'active', toMove: 'O', timeBank: bank, ...fields });

test('bankLines: both banks, then the free part of the move or the mover\'s bank running', () => {
  const banks = 'pvp.banks {"x":"10 minutes","o":"5 minutes","bank":"10 minutes","bound":"bound"}';
  assert.equal(bankLines(game({ timeBank: null }), 1000, T), '');
  assert.equal(bankLines(game({ status: 'xWon', toMove: null }), 1000, T), banks);
  assert.equal(bankLines(game({}), 1030, T), `${banks} pvp.bankFree {"left":"30 seconds","free":"1 minute","side":"O"}`);
  assert.equal(bankLines(game({}), 1120, T), `${banks} pvp.bankSpending {"side":"O","left":"4 minutes"}`);
  assert.equal(bankLines(game({}), 9999, T), `${banks} pvp.bankSpending {"side":"O","left":"0 seconds"}`);
});

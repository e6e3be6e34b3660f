// Tic-tac-toe's wire words in the page's types (crates/web/src/games/tictactoe/wire.d.ts) against wire.json, which
// crates/web/tests/tictactoe_wire.rs checks against the engine's serde enums: a variant renamed on either side
// fails one of the two tests.
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import assert from 'node:assert/strict';

const folder = new URL('../../src/games/tictactoe/', import.meta.url);
const wire = JSON.parse(readFileSync(new URL('wire.json', folder), 'utf8'));
const types = readFileSync(new URL('wire.d.ts', folder), 'utf8');

/** The words of `type name = 'a' | 'b';` in wire.d.ts, in order. */
function union(name) {
  const found = new RegExp(`^type ${name} = ([^;]*);`, 'm').exec(types);
  assert.ok(found, `wire.d.ts has no type ${name}`);
  return found[1].split('|').map((word) => {
    const quoted = /^\s*'([^']*)'\s*$/.exec(word);
    assert.ok(quoted, `${name}: ${word.trim()} is not a quoted word`);
    return quoted[1];
  });
}

const TYPES = {
  difficulty: 'Difficulty',
  soloResult: 'SoloResult',
  pvpStatus: 'PvpStatus',
  pvpRole: 'PvpRole',
  pvpAction: 'PvpAction',
};

test('every wire enum in wire.json has its union in wire.d.ts, and no other', () => {
  assert.deepEqual(Object.keys(wire).sort(), Object.keys(TYPES).sort());
});

for (const [key, name] of Object.entries(TYPES)) {
  test(`${name} says exactly the engine's words for ${key}`, () => {
    assert.deepEqual(union(name), wire[key]);
  });
}

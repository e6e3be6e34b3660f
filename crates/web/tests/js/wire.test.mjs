// Each game's wire words in the page's types (generated from the Rust types into wire.gen.d.ts, or written in
// types.d.ts where no Rust type says them) against its wire.json, which a Rust test (crates/web/tests/
// <game>_wire.rs) checks against the engine: a variant renamed on either side fails one of the two tests, and tsc
// holds the scripts to the unions.
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import assert from 'node:assert/strict';

const games = new URL('../../src/games/', import.meta.url);

/** For each game: the file with its unions, and the union that says each key of its wire.json. */
const GAMES = {
  tictactoe: {
    types: ['wire.gen.d.ts'],
    unions: {
      difficulty: 'Difficulty',
      soloResult: 'SoloResult',
      pvpStatus: 'PvpStatus',
      pvpEnding: 'PvpEnding',
      pvpRole: 'PvpRole',
      pvpAction: 'PvpAction',
    },
  },
  relay: {
    types: ['wire.gen.d.ts', 'types.d.ts'],
    unions: { phase: 'RelayPhase', topicsRefusal: 'RelayTopicsRefusal' },
  },
  werewolf: {
    types: ['wire.gen.d.ts', 'types.d.ts'],
    unions: {
      role: 'WerewolfRole',
      chitKind: 'ChitKind',
      side: 'WerewolfSide',
      rule: 'WerewolfRule',
      pendingKind: 'WerewolfPendingKind',
    },
  },
  // Generated from the Rust types: a word union, and the `type` words of the event union.
  lights: { types: ['wire.gen.d.ts'], unions: { level: 'LightsLevelName', eventType: 'LightsEvent.type' } },
};

/** The words of `type name = 'a' | 'b';` in `types`, in order; for `name.type`, the `"type"` words of the union
 * of objects `name`. */
function union(types, name) {
  const [typeName, tag] = name.split('.');
  const found = new RegExp(`^type ${typeName} = ([\\s\\S]*?);$`, 'm').exec(types);
  assert.ok(found, `no type ${typeName}`);
  if (tag) {
    return [...found[1].matchAll(new RegExp(`"${tag}": "([^"]*)"`, 'g'))].map((match) => match[1]);
  }
  return found[1].split('|').map((word) => {
    const quoted = /^\s*(?:'([^']*)'|"([^"]*)")\s*$/.exec(word);
    assert.ok(quoted, `${name}: ${word.trim()} is not a quoted word`);
    return quoted[1] ?? quoted[2];
  });
}

for (const [game, { types: file, unions }] of Object.entries(GAMES)) {
  const folder = new URL(`${game}/`, games);
  const wire = JSON.parse(readFileSync(new URL('wire.json', folder), 'utf8'));
  const types = [file].flat().map((name) => readFileSync(new URL(name, folder), 'utf8')).join('\n');

  test(`${game}: every wire word list in wire.json has its union in ${[file].flat().join(' or ')}, and no other`, () => {
    assert.deepEqual(Object.keys(wire).sort(), Object.keys(unions).sort());
  });

  for (const [key, name] of Object.entries(unions)) {
    test(`${game}: ${name} says exactly the engine's words for ${key}`, () => {
      assert.deepEqual(union(types, name), wire[key]);
    });
  }
}

// The werewolf page explains every rule the engine's log cites: its list, and a name and a sentence for each in
// both languages.
test('werewolf: the page explains exactly the rules the engine cites, in both languages', () => {
  const folder = new URL('werewolf/', games);
  const { rule: rules } = JSON.parse(readFileSync(new URL('wire.json', folder), 'utf8'));
  const state = readFileSync(new URL('state.js', folder), 'utf8');
  const listed = /const RULES = \[([^\]]*)\]/.exec(state);
  assert.ok(listed, 'no RULES list in state.js');
  assert.deepEqual(listed[1].split(',').map((r) => r.trim().replace(/'/g, '')), rules);
  const strings = readFileSync(new URL('strings.js', folder), 'utf8');
  for (const rule of rules) {
    for (const key of [`werewolf.ruleName.${rule}`, `werewolf.ruleText.${rule}`]) {
      const times = strings.split(`'${key}'`).length - 1;
      assert.equal(times, 2, `${key} is in strings.js ${times} times, not once per language`);
    }
  }
});

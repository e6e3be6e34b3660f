// Every page's Japanese words are written as Japanese pages write them: 。、？！：（） and 「」, never the ASCII
// marks an English sentence uses. Each strings.js is run as the page runs it, with an I18n that keeps what it is
// given; a sentence built by a function is built with every parameter a plain word, so its fixed text is checked.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runInNewContext } from 'node:vm';
import { test } from 'node:test';
import assert from 'node:assert/strict';

const web = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const files = [
  join(web, 'assets', 'strings.js'),
  ...readdirSync(join(web, 'src', 'games'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((game) => join(web, 'src', 'games', game.name, 'strings.js')),
];

/** The `ja` words a strings.js adds, each as the sentence a reader sees. */
function japaneseWords(file) {
  const added = [];
  runInNewContext(readFileSync(file, 'utf8'), { window: { I18n: { add: (words) => added.push(words) } } });
  assert.equal(added.length, 1, `${file} adds its words once`);
  // Every parameter reads as a word, or as a list of two words where a sentence maps over a list.
  const params = new Proxy({}, { get: () => new Word('言葉', '言葉') });
  return Object.entries(added[0].ja).map(([key, value]) => [key, typeof value === 'function' ? value(params) : value]);
}

/** A list that reads as one word when a sentence puts it in as it is. */
class Word extends Array {
  toString() {
    return '言葉';
  }
}

/** An ASCII mark, except a digit group's comma or a decimal point (21,000 and 0.01 are written so in Japanese). */
const asciiMark = (text) => /[?:!()]|[.,](?!\d)|(?<!\d)[.,]/u.test(text);

const japanese = (text) => /[\u3040-\u30ff\u4e00-\u9fff]/u.test(text);

for (const file of files) {
  test(`${file.slice(web.length + 1)}: Japanese sentences use Japanese punctuation`, () => {
    const words = japaneseWords(file);
    assert.ok(words.length > 10, `${words.length} Japanese entries`);
    const ascii = words.filter(([, text]) => japanese(text) && asciiMark(text));
    assert.deepEqual(ascii, []);
  });
}

/** Every `.rs` file under a folder. */
function rustFiles(folder) {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return rustFiles(path);
    return entry.name.endsWith('.rs') ? [path] : [];
  });
}

// The server's own sentences (refusals, receipts, the werewolf log) are Rust string literals; their `{…}` holes
// are cut out, since `{text:?}` is a format, not a mark a reader sees. Comments are not read.
test('the server\'s Japanese sentences use Japanese punctuation', () => {
  const found = [];
  let japaneseLiterals = 0;
  for (const file of rustFiles(join(web, 'src'))) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (line.trimStart().startsWith('//')) continue;
      for (const [, literal] of line.matchAll(/"((?:[^"\\]|\\.)*)"/gu)) {
        const text = literal.replace(/\{[^{}]*\}/gu, '');
        if (!japanese(text)) continue;
        japaneseLiterals += 1;
        if (asciiMark(text)) found.push(`${file.slice(web.length + 1)}: ${literal}`);
      }
    }
  }
  assert.ok(japaneseLiterals > 100, `${japaneseLiterals} Japanese literals`);
  assert.deepEqual(found, []);
});

test('the check itself refuses an ASCII mark in a Japanese sentence', () => {
  assert.ok(asciiMark('あなたの勝ち!') && asciiMark('はい. いいえ') && asciiMark('A, B'));
  assert.ok(!asciiMark('基本料金の 21,000 と 0.01 ETH'));
});

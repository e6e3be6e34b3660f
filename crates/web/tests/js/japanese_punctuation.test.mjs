// Every page's Japanese words are written as Japanese pages write them: 。、？！：（） and 「」, never the ASCII
// marks an English sentence uses. Each strings.js is run as the page runs it, with an I18n that keeps what it is
// given; a sentence built by a function is built with every parameter a plain word, so its fixed text is checked.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
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
  // Every parameter reads as a word, or as a list of two words where a sentence maps over a list; a second reading
  // with every parameter empty (so false) takes the other branch of a sentence that chooses by a flag (`p.v3`).
  const params = new Proxy({}, { get: () => new Word('言葉', '言葉') });
  const empty = new Proxy({}, { get: () => '' });
  return Object.entries(added[0].ja).flatMap(([key, value]) => {
    if (typeof value !== 'function') return [[key, value]];
    const read = [[key, value(params)]];
    try {
      read.push([`${key} (flags off)`, value(empty)]);
    } catch { /* a sentence that maps over a list has no second reading */ }
    return read;
  });
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

/** A Japanese character or a full-width mark (。、：（）「」…). */
const wide = '[\\u3000-\\u30ff\\u4e00-\\u9fff\\uff00-\\uffef]';
/**
 * What the strict pages also keep out of Japanese: an ASCII space beside a Japanese character or mark (「ルール R6」,
 * 「アキ 2票」, or a line break of the page's HTML, which a browser shows as a space), and an English spaced dash.
 */
const strayMark = (text) => new RegExp(`${wide} | ${wide}| — `, 'u').test(text);

/**
 * The games whose Japanese is held to the stricter rule as well: the others still write a space around a
 * number or a word in Latin letters (「21,000 と 0.01 ETH」).
 */
const strict = new Set(['werewolf']);
const isStrict = (file) => [...strict].some((game) => file.includes(join('games', game)));

/** Whether a Japanese text breaks the rules for `file`. */
const badJapanese = (file, text) => japanese(text) && (asciiMark(text) || (isStrict(file) && strayMark(text)));

for (const file of files) {
  test(`${file.slice(web.length + 1)}: Japanese sentences use Japanese punctuation`, () => {
    const words = japaneseWords(file);
    assert.ok(words.length > 10, `${words.length} Japanese entries`);
    const ascii = words.filter(([, text]) => badJapanese(file, text));
    assert.deepEqual(ascii, []);
  });
}

/**
 * The texts of every element of `html` marked `lang="ja"`, as a browser lays them out: one text per block (a
 * paragraph, a heading, an item of a list), the tags inside it dropped and every run of white space in it (a line
 * break of the source too) one space.
 */
function japaneseBlocks(html) {
  const blocks = [];
  for (const open of html.matchAll(/<(\w+)[^>]*\slang="ja"[^>]*>/gu)) {
    const tag = open[1];
    let depth = 1;
    const nested = new RegExp(`<(/?)${tag}\\b[^>]*>`, 'gu');
    nested.lastIndex = open.index + open[0].length;
    let end = html.length;
    for (let m = nested.exec(html); m; m = nested.exec(html)) {
      depth += m[1] ? -1 : 1;
      if (depth === 0) {
        end = m.index;
        break;
      }
    }
    const inside = html.slice(open.index + open[0].length, end);
    for (const block of inside.split(/<\/?(?:p|h\d|li|ol|ul|div|dl|dt|dd|section)\b[^>]*>/u)) {
      const text = block.replace(/<[^>]*>/gu, '').replace(/\s+/gu, ' ').trim();
      if (text) blocks.push(text);
    }
  }
  return blocks;
}

/** The stretches of `text` around each mark the rules refuse, to say where they are. */
function faults(file, text) {
  const found = [];
  const any = new RegExp(`[?:!()]|[.,](?!\\d)|(?<!\\d)[.,]|${wide} | ${wide}| — `, 'gu');
  for (const m of text.matchAll(any)) {
    const around = text.slice(Math.max(0, m.index - 12), m.index + 12);
    if (badJapanese(file, around)) found.push(around);
  }
  return found;
}

const pages = readdirSync(join(web, 'src', 'games'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((game) => join(web, 'src', 'games', game.name, 'page.html'))
  .filter((file) => existsSync(file));

for (const file of pages) {
  test(`${file.slice(web.length + 1)}: Japanese text uses Japanese punctuation`, () => {
    const blocks = japaneseBlocks(readFileSync(file, 'utf8'));
    assert.deepEqual(blocks.flatMap((text) => faults(file, text)), []);
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

// Japanese the server still writes as Rust string literals (each game's title and summary; its sentences are in the
// catalogs read above); their `{…}` holes are cut out, since `{text:?}` is a format, not a mark a reader sees.
// Comments are not read, nor a file's unit tests (its `mod tests` at the bottom), which hold wrong sentences on
// purpose to show that a check catches them.
test('the server\'s Japanese sentences use Japanese punctuation', () => {
  const found = [];
  let japaneseLiterals = 0;
  for (const file of rustFiles(join(web, 'src'))) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (/^\s*mod tests \{/u.test(line)) break;
      if (line.trimStart().startsWith('//')) continue;
      for (const [, literal] of line.matchAll(/"((?:[^"\\]|\\.)*)"/gu)) {
        const text = literal.replace(/\{[^{}]*\}/gu, '');
        if (!japanese(text)) continue;
        japaneseLiterals += 1;
        if (asciiMark(text)) found.push(`${file.slice(web.length + 1)}: ${literal}`);
      }
    }
  }
  // Four games, each with a Japanese title and summary: the scan still finds what it is meant to read.
  assert.ok(japaneseLiterals >= 8, `${japaneseLiterals} Japanese literals`);
  assert.deepEqual(found, []);
});

test('the check itself refuses an ASCII mark in a Japanese sentence', () => {
  assert.ok(asciiMark('あなたの勝ち!') && asciiMark('はい. いいえ') && asciiMark('A, B'));
  assert.ok(!asciiMark('基本料金の 21,000 と 0.01 ETH'));
  // The werewolf page's slips as players met them, each caught; the same words written right pass.
  const werewolf = join(web, 'src', 'games', 'werewolf', 'strings.js');
  for (const slip of ['投票済み：ベン, ダイ。', '村人陣営の勝ち:', '次々に起こります(連鎖)。', 'ルール R6', 'アキ 2票',
    'アキです — 投票する']) {
    assert.ok(badJapanese(werewolf, slip), slip);
  }
  for (const right of ['投票済み：ベン、ダイ。', '村人陣営の勝ち：', '次々に起こります（連鎖）。', 'ルールR11（R7）']) {
    assert.ok(!badJapanese(werewolf, right), right);
  }
  assert.ok(!badJapanese(join(web, 'src', 'games', 'tictactoe', 'strings.js'), '基本料金の 21,000 と 0.01 ETH'));
  // A page's Japanese as a browser shows it: a line break inside a sentence is a space there.
  const html = '<div lang="ja"><p>役職は配られません。\n  全員が<strong>手札</strong>を持ちます(連鎖)。</p></div>';
  assert.deepEqual(japaneseBlocks(`${html}<h3 lang="ja">連鎖の例</h3>`),
    ['役職は配られません。 全員が手札を持ちます(連鎖)。', '連鎖の例']);
  assert.equal(faults(werewolf, japaneseBlocks(html)[0]).length, 3);
});

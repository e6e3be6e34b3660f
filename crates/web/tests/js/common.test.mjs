// The pure helpers of crates/web/assets/common.js, loaded as Node loads it (no page, no window).
import { createRequire } from 'node:module';
import { test } from 'node:test';
import assert from 'node:assert/strict';

const require = createRequire(import.meta.url);
const common = require('../../assets/common.js');

/** The words `next` gives, in order; running out is a test failure. */
function words(...list) {
  return () => {
    assert.ok(list.length > 0, 'uniform asked for more words than the test gave');
    return list.shift();
  };
}

test('formatTime shows m:ss, whole seconds down, never below zero', () => {
  assert.equal(common.formatTime(0), '0:00');
  assert.equal(common.formatTime(999), '0:00');
  assert.equal(common.formatTime(61_000), '1:01');
  assert.equal(common.formatTime(3_600_000), '60:00');
  assert.equal(common.formatTime(-5), '0:00');
});

test('uniform takes a word below the largest multiple of n, as the remainder', () => {
  assert.equal(common.uniform(6, words(0)), 0);
  assert.equal(common.uniform(6, words(13)), 1);
  assert.equal(common.uniform(1, words(0xffffffff)), 0);
  // 2^32 = 3 × 1431655765 + 1: the one word at the top would favour 0, so it is drawn again.
  assert.equal(common.uniform(3, words(0xffffffff, 5)), 2);
  assert.equal(common.uniform(3, words(0xfffffffe)), 0xfffffffe % 3);
  // n = 2^31 + 1: every word from 2^31 + 1 up is drawn again.
  const n = 2 ** 31 + 1;
  assert.equal(common.uniform(n, words(n, 0xffffffff, 7)), 7);
  assert.equal(common.uniform(n, words(n - 1)), n - 1);
});

test('uniform over many words hits every value of a small range equally, from the crypto source by default', () => {
  let word = 0;
  const counts = [0, 0, 0, 0, 0];
  // Every word from 0 to 4999 once: exactly 1000 of each remainder.
  for (let i = 0; i < 5000; i += 1) counts[common.uniform(5, () => word++)] += 1;
  assert.deepEqual(counts, [1000, 1000, 1000, 1000, 1000]);
  for (let i = 0; i < 200; i += 1) {
    const value = common.uniform(7);
    assert.ok(Number.isInteger(value) && value >= 0 && value < 7, `${value}`);
  }
});

/** A Storage that keeps its items in a map, or throws on every call (a browser that refuses storage). */
function storage({ refuse = false } = {}) {
  const items = new Map();
  const check = () => {
    if (refuse) throw new Error('SecurityError: storage is disabled');
  };
  return {
    items,
    getItem: (key) => { check(); return items.has(key) ? items.get(key) : null; },
    setItem: (key, value) => { check(); items.set(key, String(value)); },
    removeItem: (key) => { check(); items.delete(key); },
  };
}

test('tabSession keeps text and JSON, and a refusing or broken storage gives nothing rather than throwing', () => {
  const kept = storage();
  const session = common.tabSession(() => kept);
  assert.equal(session.get('game'), null);
  session.set('game', { table: [2, 1, 5], events: [] });
  assert.equal(kept.items.get('game'), '{"table":[2,1,5],"events":[]}');
  assert.deepEqual(session.get('game'), { table: [2, 1, 5], events: [] });
  session.setText('save', 'not json');
  assert.equal(session.getText('save'), 'not json');
  assert.equal(session.get('save'), null);
  session.remove('game');
  assert.equal(session.getText('game'), null);

  const refused = common.tabSession(() => storage({ refuse: true }));
  refused.set('game', { a: 1 });
  refused.remove('game');
  assert.equal(refused.get('game'), null);
  assert.equal(refused.getText('game'), null);
  const missing = common.tabSession(() => { throw new Error('no sessionStorage at all'); });
  assert.equal(missing.get('game'), null);
});

test('tabSession keeps a tab id until renewed; without storage every id is new', () => {
  const kept = storage();
  const session = common.tabSession(() => kept);
  const id = session.tabId('tab');
  assert.match(id, /^[0-9a-z]+$/);
  assert.equal(session.tabId('tab'), id);
  const renewed = session.tabId('tab', true);
  assert.notEqual(renewed, id);
  assert.equal(session.tabId('tab'), renewed);
  const refused = common.tabSession(() => storage({ refuse: true }));
  assert.notEqual(refused.tabId('tab'), refused.tabId('tab'));
});

/** Waits until BroadcastChannel messages posted so far have been delivered. */
const settle = () => new Promise((resolve) => { setTimeout(resolve, 50); });

/** A tab as the watcher sees it: its storage (shared with a duplicate), whether it plays, what it was told. */
function tab(name, kept, playing = true) {
  const session = common.tabSession(() => kept);
  const told = [];
  const channel = common.watchCopies({
    name,
    tabId: (renew) => session.tabId('tab', renew),
    playing: () => playing,
    tell: (side) => told.push(side),
  });
  return { session, told, channel };
}

test('watchCopies: a duplicated tab is told it is the copy and takes a new id; the first is told it was copied', async () => {
  const name = `test.copies.${process.pid}`;
  const first = tab(name, storage());
  await settle();
  // A duplicated tab starts with a copy of the first one's storage, and so its id.
  const copied = storage();
  copied.setItem('tab', first.session.tabId('tab'));
  const second = tab(name, copied);
  await settle();
  try {
    assert.deepEqual(first.told, ['original']);
    assert.deepEqual(second.told, ['copy']);
    assert.notEqual(second.session.tabId('tab'), first.session.tabId('tab'));
    // From here they go on separately: a third look finds no copy.
    const third = tab(name, storage());
    await settle();
    third.channel.close();
    assert.deepEqual([first.told, second.told, third.told], [['original'], ['copy'], []]);
  } finally {
    first.channel.close();
    second.channel.close();
  }
});

test('watchCopies: when the copy closes, the original is told the note no longer holds, and the other way', async () => {
  const name = `test.gone.${process.pid}`;
  const watch = (store) => {
    const session = common.tabSession(() => store);
    const seen = { told: [], untold: 0, leave: null };
    seen.channel = common.watchCopies({
      name,
      tabId: (renew) => session.tabId('tab', renew),
      playing: () => true,
      tell: (side) => seen.told.push(side),
      untell: () => { seen.untold += 1; },
      onLeave: (leave) => { seen.leave = leave; },
    });
    seen.session = session;
    return seen;
  };
  const first = watch(storage());
  await settle();
  const copied = storage();
  copied.setItem('tab', first.session.tabId('tab'));
  const second = watch(copied);
  await settle();
  const fresh = watch(storage());
  await settle();
  try {
    assert.deepEqual([first.told, second.told, first.untold, second.untold], [['original'], ['copy'], 0, 0]);
    // A tab that shares nothing with the first closes: the first's note stays.
    fresh.leave();
    await settle();
    assert.equal(first.untold, 0);
    // The copy closes: the original's note goes; the copy itself is not told anything.
    second.leave();
    await settle();
    assert.deepEqual([first.untold, second.untold], [1, 0]);
  } finally {
    [first, second, fresh].forEach((t) => t.channel.close());
  }
  // The other way: the original closes and the copy's note goes.
  const a = watch(storage());
  await settle();
  const b = watch((() => { const s = storage(); s.setItem('tab', a.session.tabId('tab')); return s; })());
  await settle();
  try {
    a.leave();
    await settle();
    assert.deepEqual([a.untold, b.untold], [0, 1]);
  } finally {
    a.channel.close();
    b.channel.close();
  }
});

test('watchCopies: a tab without a game neither asks nor answers', async () => {
  const name = `test.idle.${process.pid}`;
  const first = tab(name, storage(), false);
  const copied = storage();
  copied.setItem('tab', first.session.tabId('tab'));
  const second = tab(name, copied);
  await settle();
  first.channel.close();
  second.channel.close();
  assert.deepEqual([first.told, second.told], [[], []]);
});

test('watchCopies without BroadcastChannel does nothing', () => {
  const told = [];
  const channel = common.watchCopies({
    name: 'none', tabId: () => 'x', playing: () => true, tell: (side) => told.push(side), Channel: null,
  });
  assert.equal(channel, null);
  assert.deepEqual(told, []);
});

test('sendGuard runs one task at a time, marks the page, and clears the mark when the task throws', async () => {
  const marks = [];
  const guard = common.sendGuard((busy) => marks.push(busy));
  let release;
  const first = guard.run(() => new Promise((resolve) => { release = resolve; }));
  assert.equal(guard.busy, true);
  // A double tap while the first answer is awaited sends nothing.
  let ran = false;
  assert.equal(await guard.run(async () => { ran = true; }), false);
  assert.equal(ran, false);
  release();
  assert.equal(await first, true);
  assert.equal(guard.busy, false);
  assert.deepEqual(marks, [true, false]);

  await assert.rejects(guard.run(async () => { throw new Error('unreachable'); }), /unreachable/);
  assert.equal(guard.busy, false);
  assert.deepEqual(marks, [true, false, true, false]);

  assert.equal(await guard.run(async () => {}, { quiet: true }), true);
  assert.deepEqual(marks, [true, false, true, false], 'a quiet task leaves the page unmarked');
});

test('tapGuard takes a tap, then ignores every tap within the window after it, whatever control it lands on', () => {
  let now = 10_000;
  const guard = common.tapGuard(1000, () => now);
  const taken = [];
  const done = guard.wrap((who) => taken.push(who));
  done('first');
  // The second tap of a double tap, 50, 150 and 250 ms later (the same button, or the next screen's).
  for (const gap of [50, 150, 250, 999]) {
    now = 10_000 + gap;
    done(`again at ${gap}`);
    assert.equal(guard.settled(), false, `${gap} ms`);
  }
  assert.deepEqual(taken, ['first']);
  now = 11_000;
  assert.equal(guard.settled(), true);
  done('next');
  assert.deepEqual(taken, ['first', 'next']);
  // The window starts again from the tap that counted, not from the ignored ones.
  now = 11_500;
  assert.equal(guard.take(), false);
  now = 12_000;
  assert.equal(guard.take(), true);
  assert.equal(common.TAP_GUARD_MS, 1000);
});

/** A stand-in control: its attributes and style properties, as `hold` sets them. */
function control(attributes = {}) {
  const attrs = new Map(Object.entries(attributes));
  const style = new Map();
  return {
    attrs,
    style: { setProperty: (k, v) => style.set(k, v), removeProperty: (k) => style.delete(k), get: (k) => style.get(k) },
    hasAttribute: (k) => attrs.has(k),
    getAttribute: (k) => (attrs.has(k) ? attrs.get(k) : null),
    setAttribute: (k, v) => attrs.set(k, v),
    removeAttribute: (k) => attrs.delete(k),
  };
}

test('tapGuard holds the next screen\'s controls for what is left of the window, then lets any of them count', () => {
  let now = 20_000;
  const timers = [];
  const guard = common.tapGuard(1000, () => now, (run, ms) => timers.push({ run, ms }));
  const [next, other, own] = [control(), control(), control({ 'aria-disabled': 'false' })];
  // Before any tap that counted, and so after the window, nothing is held.
  guard.hold([next]);
  assert.equal(timers.length, 0);
  assert.equal(next.attrs.has('data-tap-held'), false);
  assert.equal(guard.take(), true);
  // The next screen is drawn 120 ms after the tap: its controls are shown inactive for the 880 ms left.
  now = 20_120;
  guard.hold([next, other, own]);
  for (const held of [next, other]) {
    assert.equal(held.attrs.get('aria-disabled'), 'true');
    assert.equal(held.attrs.has('data-tap-held'), true);
    assert.equal(held.style.get('--tap-held-ms'), '880ms');
  }
  assert.equal(own.attrs.get('aria-disabled'), 'false', 'a page\'s own mark is left alone');
  assert.equal(own.attrs.has('data-tap-held'), false);
  assert.deepEqual(timers.map((t) => t.ms), [880]);
  // A deliberate tap on another control within the window does not count, and is shown so.
  now = 20_600;
  assert.equal(guard.take(), false);
  // When the window ends the controls are active again, and a tap on a different control counts.
  now = 21_000;
  timers[0].run();
  for (const released of [next, other]) {
    assert.equal(released.attrs.has('aria-disabled'), false);
    assert.equal(released.attrs.has('data-tap-held'), false);
    assert.equal(released.style.get('--tap-held-ms'), undefined);
  }
  let counted = 0;
  guard.wrap(() => { counted += 1; })();
  assert.equal(counted, 1);
});

test('tapGuard: a control held again in a later window is not freed by the earlier window\'s end', () => {
  let now = 30_000;
  const timers = [];
  const guard = common.tapGuard(1000, () => now, (run, ms) => timers.push({ run, ms }));
  const choice = control();
  assert.equal(guard.take(), true);
  now = 30_100;
  guard.hold([choice]); // drawn after the first tap: held until 31,000
  now = 31_050;
  assert.equal(guard.take(), true); // tapped once the window passed, before the first timer ran: until 32,050
  guard.hold([choice]);
  assert.equal(choice.attrs.get('data-tap-held'), '32050');
  timers[0].run(); // the first window's timer: a tap still would not count, so it waits, and frees nothing now
  assert.equal(choice.attrs.get('aria-disabled'), 'true');
  assert.equal(guard.settled(), false);
  // A timer that fires a moment early waits for the rest of the window.
  now = 32_049;
  timers[1].run();
  assert.equal(choice.attrs.get('aria-disabled'), 'true');
  assert.deepEqual(timers.slice(2).map((t) => t.ms), [1000, 1]);
  now = 32_050;
  timers[2].run(); // the first window's, waited: not its mark, so still nothing
  assert.equal(choice.attrs.get('aria-disabled'), 'true');
  timers[3].run();
  assert.equal(choice.attrs.has('aria-disabled'), false);
  assert.equal(guard.settled(), true);
});

/** `Marubatsu.api` of common.js run as a page runs it, beside the real i18n.js in Japanese with a catalog of two
 *  keys, and a `fetch` that answers. */
async function apiRefusal(body, status = 400) {
  const { readFileSync } = await import('node:fs');
  const { createContext, runInContext } = await import('node:vm');
  const read = (path) => readFileSync(new URL(path, import.meta.url), 'utf8');
  const window = { localStorage: { getItem: () => 'ja', setItem() {} }, addEventListener() {} };
  const response = { ok: false, status, json: async () => body };
  const context = createContext({
    window,
    fetch: async () => response,
    console: { ...console, warn() {} },
    navigator: { languages: ['ja'] },
    document: { cookie: '', addEventListener() {} },
  });
  runInContext(read('../../assets/i18n.js'), context);
  window.I18n.add({ en: {}, ja: { 'x.known': '知っています：{n}', 'x.inner': '中の文' } });
  runInContext(read('../../assets/common.js'), context);
  return window.Marubatsu.api('/api/x').then(() => assert.fail('a refusal throws'), (error) => error);
}

test('api words a refusal from the page\'s catalog by its key and arguments (nested ones too), else takes the server\'s sentence', async () => {
  const worded = await apiRefusal({ error: 'known: 3', code: 'bad_request', name: null, words: { key: 'x.known', args: { n: '3' } } });
  assert.equal(worded.message, '知っています：3');
  assert.deepEqual({ ...worded.words }, { key: 'x.known', args: { n: '3' } });
  assert.equal(worded.code, 'bad_request');
  // An argument that is a sentence of its own is worded first (it was once shown as "[object Object]").
  const nested = await apiRefusal({ error: 'known: inner', code: 'conflict', name: null, words: { key: 'x.known', args: { n: { key: 'x.inner', args: {} } } } }, 409);
  assert.equal(nested.message, '知っています：中の文');
  // A key the page does not know (its catalog is older than the server's): the server's own sentence.
  const unknown = await apiRefusal({ error: 'the server says', code: 'conflict', name: 'X', words: { key: 'x.other', args: {} } }, 409);
  assert.equal(unknown.message, 'the server says');
  assert.equal(unknown.errorName, 'X');
  const plain = await apiRefusal({ error: 'a sentence', code: 'internal', name: null }, 500);
  assert.equal(plain.message, 'a sentence');
  assert.equal(plain.words, null);
});

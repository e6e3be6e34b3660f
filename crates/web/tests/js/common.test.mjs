// The pure helpers of crates/web/assets/common.js, loaded as Node loads it (no page, no window).
import { createRequire } from 'node:module';
import { test } from 'node:test';
import assert from 'node:assert/strict';

const require = createRequire(import.meta.url);
const common = require('../../assets/common.js');

test('formatTime shows m:ss, whole seconds down, never below zero', () => {
  assert.equal(common.formatTime(0), '0:00');
  assert.equal(common.formatTime(999), '0:00');
  assert.equal(common.formatTime(61_000), '1:01');
  assert.equal(common.formatTime(3_600_000), '60:00');
  assert.equal(common.formatTime(-5), '0:00');
});

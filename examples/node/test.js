'use strict';
// Runs with `node test.js` (Node's built-in test runner, nothing else to install but koffi).
const test = require('node:test');
const assert = require('node:assert/strict');
const utf8x = require('./utf8x');

const { status, policy, err, enc } = utf8x;
// A truncated euro sign (E2 82, then a space) at byte 6: the README's C example's input.
const broken = Buffer.from('caf\xc3\xa9 \xe2\x82 ok', 'latin1');

test('validate: valid text', () => {
  const text = Buffer.from('h\u00e9llo \u20ac \u{1F600}');
  const r = utf8x.validate(text);
  assert.deepEqual(r, { status: status.OK, error: err.NONE, read: text.length, written: 0, errorLen: 0, replaced: 0 });
  assert.equal(utf8x.validate(Buffer.alloc(0)).status, status.OK);
});

test('validate: offset, length and kind of the first error', () => {
  let r = utf8x.validate(broken);
  assert.equal(r.status, status.INVALID);
  assert.equal(r.read, 6);
  assert.equal(r.errorLen, 2);
  assert.equal(r.error, err.TOO_SHORT);
  assert.equal(utf8x.errorStr(r.error), 'sequence too short');
  assert.equal(utf8x.statusStr(r.status), 'invalid input');
  // C0 can start no well-formed sequence, so the overlong slash C0 AF is two 1-byte errors.
  r = utf8x.validate(Buffer.from([0x61, 0xc0, 0xaf, 0x62]));
  assert.deepEqual([r.status, r.read, r.errorLen, r.error], [status.INVALID, 1, 1, err.OVERLONG]);
});

test('UTF-8 to UTF-16LE under REPLACE', () => {
  const dst = new Uint16Array(16);
  const r = utf8x.toUtf16le(broken, dst, policy.REPLACE);
  assert.deepEqual([r.status, r.read, r.written, r.replaced], [status.OK, broken.length, 9, 1]);
  // Node's own decoder replaces the same maximal subpart with one U+FFFD.
  const want = broken.toString('utf8');
  assert.equal(want, 'caf\u00e9 \ufffd ok');
  assert.equal(new TextDecoder('utf-16le').decode(dst.subarray(0, r.written)), want);
  assert.deepEqual(utf8x.decode(broken, policy.REPLACE).text, want);
});

test('measure mode: NULL dst', () => {
  let r = utf8x.toUtf16le(broken, null, policy.REPLACE);
  assert.deepEqual([r.status, r.written, r.replaced], [status.OK, 9, 1]);
  // Under STRICT it measures up to the error and reports it as validation does.
  r = utf8x.toUtf16le(broken, null, policy.STRICT);
  assert.deepEqual([r.status, r.read, r.errorLen, r.written], [status.INVALID, 6, 2, 5]);
  // One unit short: stops after the last whole character that fits.
  r = utf8x.toUtf16le(broken, new Uint16Array(8), policy.REPLACE);
  assert.deepEqual([r.status, r.read, r.written], [status.OUTPUT_FULL, broken.length - 1, 8]);
});

test('utf8x_convert: UTF-8 to CESU-8 and back', () => {
  // U+1F600 is the surrogate pair D83D DE00, which CESU-8 writes as two 3-byte sequences.
  const emoji = Buffer.from('\u{1F600}');
  const want = Buffer.from([0xed, 0xa0, 0xbd, 0xed, 0xb8, 0x80]);
  const need = utf8x.convert(emoji, enc.UTF8, null, enc.CESU8);
  assert.deepEqual([need.status, need.written], [status.OK, 6]);
  const cesu = Buffer.alloc(need.written);
  let r = utf8x.convert(emoji, enc.UTF8, cesu, enc.CESU8);
  assert.deepEqual([r.status, r.read, r.written], [status.OK, 4, 6]);
  assert.deepEqual(cesu, want);
  const back = Buffer.alloc(4);
  r = utf8x.convert(cesu, enc.CESU8, back, enc.UTF8);
  assert.deepEqual([r.status, r.written], [status.OK, 4]);
  assert.deepEqual(back, emoji);
  // The 4-byte form is ill-formed CESU-8: the error names it, at its offset.
  r = utf8x.convert(Buffer.concat([Buffer.from('ab'), emoji]), enc.CESU8, Buffer.alloc(16), enc.UTF8);
  assert.deepEqual([r.status, r.read, r.errorLen, r.written, r.error], [status.INVALID, 2, 1, 2, err.FOUR_BYTE_FORM]);
  assert.equal(utf8x.errorStr(r.error), '4-byte sequence where supplementary characters must be surrogate pairs');
});

test('utf8x_convert: UTF-8 to UTF-32 into a Uint32Array', () => {
  const dst = new Uint32Array(4);
  const r = utf8x.convert(Buffer.from('a\u{1F600}'), enc.UTF8, dst, enc.UTF32);
  assert.deepEqual([r.status, r.written], [status.OK, 2]);
  assert.deepEqual([...dst.subarray(0, 2)], [0x61, 0x1f600]);
});

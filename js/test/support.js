// What the tests share: the loaded package, hex, and the snippets of ill-formed UTF-8 with
// their maximal subpart and kind (from the Unicode standard's definitions, table 3-7).

import assert from "node:assert/strict";
import utf8x from "../src/index.js";

export { utf8x };
await utf8x.ready;

export const hex = (s) => Uint8Array.from(s.match(/../g) ?? [], (h) => parseInt(h, 16));

/** [bytes, length of the maximal subpart at their start, kind]; each is followed by ASCII in use. */
export const BAD = [
  [[0x80], 1, "unexpected_continuation"],
  [[0xbf], 1, "unexpected_continuation"],
  [[0xc3], 1, "too_short"],
  [[0xe2, 0x82], 2, "too_short"],
  [[0xf0, 0x9f, 0x98], 3, "too_short"],
  [[0xc0, 0xaf], 1, "overlong"],
  [[0xc1, 0xbf], 1, "overlong"],
  [[0xe0, 0x80, 0xaf], 1, "overlong"],
  [[0xf0, 0x80, 0x80, 0xaf], 1, "overlong"],
  [[0xed, 0xa0, 0x80], 1, "surrogate"],
  [[0xed, 0xbf, 0xbf], 1, "surrogate"],
  [[0xf4, 0x90, 0x80, 0x80], 1, "too_large"],
  [[0xf5, 0x80], 1, "too_large"],
  [[0xf8], 1, "invalid_lead"],
  [[0xfe], 1, "invalid_lead"],
  [[0xff], 1, "invalid_lead"],
];

/** Well-formed text of every UTF-8 length. */
export const GOOD = ["a", " ", "é", "Ж", "中", "한", "\uffff", "😀", "\u{10ffff}", "\u0080"];

/** A deterministic generator (xorshift32), so that a failure can be reproduced. */
export function rng(seed) {
  let x = seed >>> 0 || 1;
  const next = () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x;
  };
  return { int: (n) => next() % n, pick: (a) => a[next() % a.length] };
}

export function concat(...parts) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * What encodeInto must do with characters encoded one by one (`steps`: [UTF-16 units, bytes,
 * or null where the policy stops]) into `size` bytes: write them in order while they fit (a
 * character of no bytes always fits), stop at the first that does not; one that stops the
 * policy, reached, is the error at its offset. `{ read, written, bytes }` or `{ error }`.
 */
export function expectInto(steps, size) {
  let read = 0;
  const bytes = [];
  for (const [units, b] of steps) {
    if (b === null) return { error: read };
    if (bytes.length + b.length > size) break;
    bytes.push(...b);
    read += units;
  }
  return { read, written: bytes.length, bytes };
}

/** SENTINEL fills the memory around a destination, which encodeInto must leave alone. */
const SENTINEL = 0xa5;

/**
 * encodeInto of `text` into `size` bytes in the middle of a larger buffer, in the shape of
 * expectInto's answer; fails if it writes a byte outside `dest` or past `written`.
 */
export function into(text, size, encoding, errors) {
  const all = new Uint8Array(size + 16).fill(SENTINEL);
  const dest = all.subarray(8, 8 + size);
  let r;
  try {
    r = utf8x.encodeInto(text, dest, encoding, { errors });
  } catch (e) {
    if (!(e instanceof TypeError) || e.offset === undefined) throw e;
    assert.ok(all.every((b) => b === SENTINEL), "an error writes nothing");
    return { error: e.offset };
  }
  const outside = [...all.subarray(0, 8), ...all.subarray(8 + r.written)];
  assert.ok(outside.every((b) => b === SENTINEL), `wrote outside the ${r.written} bytes it reports`);
  return { read: r.read, written: r.written, bytes: [...dest.subarray(0, r.written)] };
}

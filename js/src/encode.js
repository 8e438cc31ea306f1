// Strings to bytes: `encode` (a new Uint8Array) and `encodeInto` (a caller's Uint8Array, as
// TextEncoder.encodeInto). Two ways, the same bytes:
// - the engine's TextEncoder, where its UTF-8 is exactly the answer (a well-formed string, or
//   lone surrogates under `replace`, which it also writes as U+FFFD) and where it is the faster
//   way: V8's one-byte strings (Latin-1 text, ASCII), which its encoder walks at memory speed;
// - the module: the string's UTF-16 units copied into its memory (Node's `ucs2Write`: a memory
//   copy for a two-byte string) and converted there, in windows of what the room can take, so
//   that a small destination costs in proportion to what it takes. The conversion finds lone
//   surrogates and unmappable characters with their offsets in string units.

import { failure } from "./errors.js";
import { HEAD, bytesAt, copyOut, exports, hasUcs2Write, putUtf16, resultAt, round8, withBlock } from "./memory.js";
import { CP1252, LATIN1, REPLACE, UTF8, UTF16LE } from "./names.js";

const encoder = new TextEncoder();
const canCheckStrings = typeof String.prototype.isWellFormed === "function";

const OK = 0;
const TRUNCATED = 2;
const OUTPUT_FULL = 3;
const LONE_SURROGATE = 8;

/** Bytes of `code` per UTF-16 unit of a string, at most. */
export function bytesPerUnit(code, unit) {
  return unit === 1 ? (code === LATIN1 || code === CP1252 ? 1 : 3) : unit;
}

/**
 * Whether TextEncoder's UTF-8 of `string` is the answer and the faster way to it. Where units
 * reach the module natively, that is for strings whose sampled units all lie below U+0100 (a
 * guess at V8's one-byte strings; a wrong guess costs time, never bytes); elsewhere for every
 * string it writes right.
 */
function engineWrites(string, policy) {
  if (hasUcs2Write && !looksOneByte(string)) return false;
  return policy === REPLACE || (canCheckStrings && string.isWellFormed());
}

/** Whether 16 units spread over `string` all lie below U+0100. */
function looksOneByte(string) {
  const step = Math.max(1, Math.floor(string.length / 16));
  for (let i = 0; i < string.length; i += step) if (string.charCodeAt(i) > 0xff) return false;
  return true;
}

/** `string` in `code` (`unit` bytes a code unit) under `policy`, as a new Uint8Array. */
export function encodeString(string, code, unit, policy, what, where) {
  if (code === UTF8 && engineWrites(string, policy)) return viaEngine(string, where);
  // Room for the longest output: the whole string is one window.
  const room = string.length * bytesPerUnit(code, unit);
  let out;
  convertString(string, code, unit, policy, room, what, where, (ptr, len) => {
    out = copyOut(ptr, len);
  });
  return out;
}

/**
 * Writes `string` in `code` into `dest` under `policy`: whole characters only, as many as fit;
 * `{ read, written }` in UTF-16 units and bytes.
 */
export function encodeStringInto(string, dest, code, unit, policy, what, where) {
  if (code === UTF8 && engineWrites(string, policy)) return encoder.encodeInto(string, dest);
  const room = dest.length - (dest.length % unit);
  return convertString(string, code, unit, policy, room, what, where, (ptr, len, at) => {
    dest.set(bytesAt(ptr, len), at);
  });
}

/**
 * TextEncoder's UTF-8 of `string` into the module's memory (room allocated there once grown,
 * unlike a new array's pages), then copied into an array of the exact length.
 */
function viaEngine(string, where) {
  const room = 3 * string.length;
  return withBlock(room, where, (block) => {
    const { written } = encoder.encodeInto(string, bytesAt(block, room));
    return copyOut(block, written);
  });
}

/**
 * Converts `string` through the module into at most `room` bytes of `code`, window by window:
 * each window is as many units as the room left can take (at least one byte a unit, two into
 * UTF-16/32) plus two, and never ends between the units of a surrogate pair. `put(ptr, len,
 * at)` takes each window's output (`at`: bytes before it). Stops when a character does not fit
 * (the module's OUTPUT_FULL) or the string ends; a lone surrogate or unmappable character
 * reached under strict (or surrogateescape, where it cannot escape it) is the TypeError.
 * Returns `{ read, written }`.
 */
function convertString(string, code, unit, policy, room, what, where, put) {
  const n = string.length;
  const span = Math.min(n, Math.floor(room / (unit === 1 ? 1 : 2)) + 2);
  const cap = Math.min(room, span * bytesPerUnit(code, unit));
  return withBlock(HEAD + round8(2 * span) + cap, where, (block) => {
    const w = exports(where);
    const src = block + HEAD;
    const dst = src + round8(2 * span);
    let read = 0;
    let written = 0;
    for (;;) {
      let count = Math.min(n - read, span);
      // A high surrogate that ends the window waits for its low one in the next.
      if (read + count < n && isHigh(string.charCodeAt(read + count - 1))) count--;
      putUtf16(src, string, read, count);
      const units = Math.floor(Math.min(room - written, cap) / unit);
      w.u8x_convert(src, count, UTF16LE, dst, units, code, policy, block);
      const r = resultAt(block);
      // The window ends the string here, and a string is whole: a high surrogate at its end is
      // as lone as any other.
      if (r.status === TRUNCATED) Object.assign(r, { status: 1, error: LONE_SURROGATE, errorLen: 1 });
      if (r.status !== OK && r.status !== OUTPUT_FULL) throw failure(where, r, what, 1, read);
      put(dst, r.written * unit, written);
      read += r.read;
      written += r.written * unit;
      if (r.status === OUTPUT_FULL || read === n) return { read, written };
    }
  });
}

const isHigh = (u) => u >= 0xd800 && u <= 0xdbff;

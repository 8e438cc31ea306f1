// Strings to bytes: `encode` (a new Uint8Array) and `encodeInto` (a caller's Uint8Array, as
// TextEncoder.encodeInto). Three ways, the same bytes:
// - the engine's TextEncoder, where its UTF-8 is exactly the answer (a well-formed string, or
//   lone surrogates under `replace`, which it also writes as U+FFFD) and where it is the faster
//   way: V8's one-byte strings (Latin-1 text, ASCII), which its encoder walks at memory speed;
// - UTF-16 of a well-formed string: its units, which Node's `ucs2Write` writes straight into
//   the destination (and `swap16` turns big-endian);
// - the module: the string's UTF-16 units copied into its memory (Node's `ucs2Write`: a memory
//   copy for a two-byte string) and converted there, in windows of what the room can take, so
//   that a small destination costs in proportion to what it takes. The conversion finds lone
//   surrogates and unmappable characters with their offsets in string units.

import { failure } from "./errors.js";
import {
  HEAD, NodeBuffer, bytesAt, exports, hasUcs2Write, putUtf16, resultAt, round8, withBlock,
} from "./memory.js";
import { CP1252, LATIN1, REPLACE, UTF8, UTF16BE, UTF16LE } from "./names.js";

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
 * Whether the module's UTF-16 → UTF-8 beats TextEncoder on long two-byte strings: with the
 * SIMD128 kernels and units copied in natively; the scalar kernels are slower than V8's encoder.
 */
let moduleFaster = false;

/** Tells which kernel set the module runs (`utf8x.kernel`), once it is loaded. */
export function setKernel(name) {
  moduleFaster = hasUcs2Write && name !== "scalar";
}

/**
 * Strings shorter than this (in UTF-16 units) take TextEncoder where it writes right: a call
 * into the module costs about a microsecond more, which only longer two-byte strings repay.
 */
const SHORT = 512;

/**
 * Whether TextEncoder's UTF-8 of `string` is the answer and the faster way to it. Where the
 * module is faster on long two-byte strings, that is for short strings and for strings whose
 * sampled units all lie below U+0100 (a guess at V8's one-byte strings; a wrong guess costs
 * time, never bytes); elsewhere for every string it writes right.
 */
export function engineWrites(string, policy) {
  if (moduleFaster && string.length >= SHORT && !looksOneByte(string)) return false;
  return policy === REPLACE || (canCheckStrings && string.isWellFormed());
}

/** TextEncoder.encodeInto, where engineWrites says it is the answer. */
export const engineInto = (string, dest) => encoder.encodeInto(string, dest);

/** Whether 16 units spread over `string` all lie below U+0100. */
function looksOneByte(string) {
  const step = Math.max(1, Math.floor(string.length / 16));
  for (let i = 0; i < string.length; i += step) if (string.charCodeAt(i) > 0xff) return false;
  return true;
}

/** Whether `string` in `code` is its UTF-16 units, which `ucs2Write` writes. */
function unitsWrite(string, code) {
  return hasUcs2Write && canCheckStrings && (code === UTF16LE || code === UTF16BE) && string.isWellFormed();
}

/**
 * A job: `{ string, encoding, code, unit, errors, policy, where }`, the string and the checked
 * arguments (`code` and `unit`: the encoding's number and code unit bytes; `policy`: the
 * number of `errors`; `where`: the function, for messages).
 */

/** The job's string in its encoding, as a new Uint8Array. */
export function encodeString(job) {
  const { string, code, unit, policy, where } = job;
  if (code === UTF8 && engineWrites(string, policy)) return viaEngine(string, where);
  if (unitsWrite(string, code)) {
    // Memory not zeroed first: ucs2Write fills all of it.
    const out = NodeBuffer.allocUnsafeSlow(2 * string.length);
    writeUnits(out, string, string.length, code);
    return new Uint8Array(out.buffer, 0, out.length);
  }
  // Room for the longest output: the whole string is one window.
  const room = string.length * bytesPerUnit(code, unit);
  let out;
  const put = (ptr, len) => {
    out = bytesAt(ptr, len).slice();
  };
  if (viaUtf8(job, room, put) === null) {
    convertString(job, room, put);
  }
  return out;
}

/**
 * Writes the job's string into `dest`: whole characters only, as many as fit; `{ read,
 * written }` in UTF-16 units and bytes.
 */
export function encodeStringInto(job, dest) {
  const { string, code, unit, policy } = job;
  if (code === UTF8 && engineWrites(string, policy)) return engineInto(string, dest);
  if (unitsWrite(string, code)) {
    let read = Math.min(string.length, Math.floor(dest.length / 2));
    // Whole characters only: not the high half of a pair without its low one.
    if (read < string.length && isHigh(string.charCodeAt(read - 1))) read--;
    writeUnits(NodeBuffer.from(dest.buffer, dest.byteOffset, 2 * read), string, read, code);
    return { read, written: 2 * read };
  }
  const room = dest.length - (dest.length % unit);
  const put = (ptr, len, at) => dest.set(bytesAt(ptr, len), at);
  return viaUtf8(job, room, put) ?? convertString(job, room, put);
}

/**
 * Where units cannot be copied natively (no Buffer), a well-formed string that surely fits
 * `room`: TextEncoder's UTF-8 of it into the module's memory (no loop over its units in
 * JavaScript), converted there to `code`; `put` as in convertString. null where that does not
 * apply or does not finish (an unmappable character, whose offset in string units only the
 * UTF-16 way gives): the caller takes that way.
 */
function viaUtf8(job, room, put) {
  const { string, code, unit, policy, where } = job;
  const n = string.length;
  const cap = n * bytesPerUnit(code, unit);
  if (hasUcs2Write || !canCheckStrings || room < cap || !string.isWellFormed()) return null;
  const size = round8(3 * n);
  return withBlock(HEAD + size + cap, where, (block) => {
    const src = block + HEAD;
    const dst = src + size;
    const { written } = encoder.encodeInto(string, bytesAt(src, 3 * n));
    exports(where).u8x_convert(src, written, UTF8, dst, cap / unit, code, policy, block);
    const r = resultAt(block);
    if (r.status !== OK) return null;
    put(dst, r.written * unit, 0);
    return { read: n, written: r.written * unit };
  });
}

/** Writes the first `count` units of `string` into the Buffer `to` (its length), in the byte order of `code`. */
function writeUnits(to, string, count, code) {
  to.ucs2Write(string, 0, 2 * count);
  if (code === UTF16BE) to.swap16();
}

/**
 * TextEncoder's UTF-8 of `string` into the module's memory (room allocated there once grown,
 * unlike a new array's pages), then copied into an array of the exact length.
 */
function viaEngine(string, where) {
  const room = 3 * string.length;
  return withBlock(room, where, (block) => {
    const { written } = encoder.encodeInto(string, bytesAt(block, room));
    return bytesAt(block, written).slice();
  });
}

/**
 * Converts `string` through the module into at most `room` bytes of `code`, window by window:
 * each window is as many units as the room left can take (at least one byte a unit, two into
 * UTF-16/32) plus two, and never ends between the units of a surrogate pair. `put(ptr, len,
 * at)` takes each window's output (`at`: bytes before it). Stops when a character does not fit
 * (the module's OUTPUT_FULL) or the string ends; a lone surrogate or unmappable character
 * reached under strict (or surrogateescape, where it cannot escape it) is the TypeError.
 * Returns `{ read, written }`. An error throws before anything is put: under the policies that
 * stop, every character that does not stop them gives at least the bytes a unit the window
 * counts on, so the first window fills the room, ends the string or meets the error.
 */
function convertString(job, room, put) {
  const { string, code, unit, policy, where } = job;
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
      if (r.status !== OK && r.status !== OUTPUT_FULL) {
        const bad = `the policy "${job.errors}" cannot write ${job.encoding}`;
        throw failure(where, r, { input: "string", units: "UTF-16 unit", bad }, 1, read);
      }
      put(dst, r.written * unit, written);
      read += r.read;
      written += r.written * unit;
      if (r.status === OUTPUT_FULL || read === n) return { read, written };
    }
  });
}

const isHigh = (u) => u >= 0xd800 && u <= 0xdbff;

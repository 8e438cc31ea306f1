// utf8x for JavaScript: UTF-8 validation and transcoding between the encodings of utf8x's C API,
// running utf8x compiled to WebAssembly. The module is usable once `ready` has resolved.

import { bytesPerUnit, encodeString, encodeStringInto, engineInto, engineWrites, setKernel } from "./encode.js";
import { endsWithHigh, failure, partialUnit } from "./errors.js";
import { instantiate } from "./load.js";
import {
  HEAD, asciiString, bytesAt, describe, exports, hasLatin1Strings, isBytes, latin1String, resultAt, round8, setExports,
  utf16String, withBlock,
} from "./memory.js";
import {
  ASCII_SAME, KINDS, LATIN1, STRICT, UTF16LE, encodingOf, mayGiveLone, policyOf,
} from "./names.js";
import { Decoder } from "./stream.js";

export { Decoder };

/** The kernel set of the loaded module: "wasm-simd128" or "scalar"; undefined until ready. */
export let kernel;

/** Resolves (to the default export) once the WebAssembly module is loaded. */
export const ready = instantiate().then((w) => {
  setExports(w);
  const name = bytesAt(w.u8x_kernel() >>> 0, 16);
  kernel = new TextDecoder().decode(name.subarray(0, name.indexOf(0)));
  setKernel(kernel);
  return utf8x;
});

function checkBytes(bytes, where) {
  if (!isBytes(bytes)) throw new TypeError(`${where}: expected a Uint8Array, got ${describe(bytes)}`);
}

function checkOptions(options, where) {
  if (options === null || typeof options !== "object") {
    throw new TypeError(`${where}: options must be an object, got ${describe(options)}`);
  }
  return options;
}

/** Copies `bytes` into a block and runs `f(src)` (an empty input still gets an address). */
function withInput(bytes, extra, where, f) {
  return withBlock(HEAD + round8(bytes.length) + extra, where, (block) => {
    const src = block + HEAD;
    bytesAt(src, bytes.length).set(bytes);
    return f(block, src, src + round8(bytes.length));
  });
}

/**
 * Bytes validated per call into the module: an input is copied in and checked a piece at a
 * time, in a block that stays in the cache, and a large input needs no large block.
 */
const PIECE = 1 << 16;

/**
 * Where the piece of `bytes` that starts at `at` ends: `at + PIECE`, moved back (at most 3
 * bytes) to before a byte that is not a continuation byte. Valid UTF-8 cut there is two valid
 * pieces; where no such byte is near, the next piece starts with a continuation byte and is
 * invalid, as the whole input is.
 */
function pieceEnd(bytes, at) {
  const end = at + PIECE;
  if (end >= bytes.length) return bytes.length;
  for (let e = end; e > end - 4; e--) if ((bytes[e] & 0xc0) !== 0x80) return e;
  return end;
}

/** Whether `bytes` are valid UTF-8 (RFC 3629). */
export function isValid(bytes) {
  const where = "utf8x.isValid";
  checkBytes(bytes, where);
  return withBlock(HEAD + Math.min(bytes.length, PIECE), where, (block) => {
    const w = exports();
    const src = block + HEAD;
    for (let at = 0, end; at < bytes.length; at = end) {
      end = pieceEnd(bytes, at);
      bytesAt(src, end - at).set(bytes.subarray(at, end));
      if (w.u8x_is_valid(src, end - at) === 0) return false;
    }
    return true;
  });
}

/**
 * null when `bytes` are valid UTF-8, else the first error's `{ offset, length, kind }`. Each
 * piece is validated with the 3 bytes after it, all a sequence that starts in it can need, so
 * an error in it is the one a single call finds; one found in those 3 bytes belongs to the next
 * piece.
 */
export function validate(bytes) {
  const where = "utf8x.validate";
  checkBytes(bytes, where);
  return withBlock(HEAD + Math.min(bytes.length, PIECE + 3), where, (block) => {
    const w = exports();
    const src = block + HEAD;
    for (let at = 0, end; at < bytes.length; at = end) {
      end = pieceEnd(bytes, at);
      const seen = Math.min(end + 3, bytes.length) - at;
      bytesAt(src, seen).set(bytes.subarray(at, at + seen));
      w.u8x_validate(src, seen, block);
      const r = resultAt(block);
      if (r.status !== 0 && r.read < end - at) {
        return { offset: at + r.read, length: r.errorLen, kind: KINDS[r.error][0] };
      }
    }
    return null;
  });
}

/** Decodes `bytes` from `encoding` into a string under the policy `errors`. */
export function decode(bytes, options = {}) {
  const where = "utf8x.decode";
  checkBytes(bytes, where);
  const { encoding = "utf-8", errors = "strict" } = checkOptions(options, where);
  const { code, unit } = encodingOf(encoding, where);
  const policy = policyOf(errors, where);
  const whole = bytes.length - (bytes.length % unit);
  const units = whole / unit;
  // UTF-16 needs at most one unit per input byte, and two per UTF-32 unit.
  const cap = unit === 4 ? 2 * units : units;
  const text = withInput(bytes, 2 * cap, where, (block, src, dst) => {
    const w = exports();
    if (unit === 1 && ASCII_SAME.has(code) && w.u8x_is_ascii(src, bytes.length) !== 0) return asciiString(src, bytes.length);
    // Text whose characters all lie in U+0000..U+00FF becomes a one-byte string, as V8 makes
    // of such text, where that can be made directly (Node): convert to Latin-1 under strict,
    // which stops early at the first character that is not (or at ill-formed input).
    if (hasLatin1Strings && code !== LATIN1) {
      w.u8x_convert(src, units, code, dst, units, LATIN1, STRICT, block);
      if (resultAt(block).status === 0) return latin1String(dst, resultAt(block).written);
    }
    w.u8x_convert(src, units, code, dst, cap, UTF16LE, policy, block);
    const r = resultAt(block);
    if (r.status !== 0) throw failure(where, r, { input: `${encoding} input`, bad: "bad arguments" }, unit);
    return utf16String(dst, r.written, mayGiveLone(code, policy));
  });
  if (whole === bytes.length) return text;
  return text + partialUnit(where, encoding, whole, policy, endsWithHigh(bytes, whole, code));
}

/** Checks `string` and the options of `encode` and `encodeInto`: the job for src/encode.js. */
function encodeJob(string, encoding, options, where) {
  if (typeof string !== "string") throw new TypeError(`${where}: expected a string, got ${describe(string)}`);
  const { errors = "strict" } = checkOptions(options, where);
  const { code, unit } = encodingOf(encoding, where);
  return { string, encoding, code, unit, errors, policy: policyOf(errors, where), where };
}

/** Encodes `string` to `encoding` under the policy `errors` (lone surrogates are ill-formed). */
export function encode(string, encoding = "utf-8", options = DEFAULTS) {
  return encodeString(encodeJob(string, encoding, options, "utf8x.encode"));
}

/** The options of a call that gives none: read, never written. */
const DEFAULTS = Object.freeze({});

/**
 * Writes `string` in `encoding` into `dest` (a Uint8Array), as TextEncoder.encodeInto: whole
 * characters only, as many as fit; `{ read, written }` in UTF-16 units and bytes. The string
 * is read as far as it is written: a lone surrogate (or unmappable character) reached before
 * a character that does not fit is the TypeError of `encode` under strict.
 */
export function encodeInto(string, dest, encoding = "utf-8", options = DEFAULTS) {
  // The common call, UTF-8 under strict, settled before the general checks: on short strings
  // they would cost about as much as the encoding.
  if (encoding === "utf-8" && options === DEFAULTS && typeof string === "string" && isBytes(dest) && engineWrites(string, STRICT)) {
    return engineInto(string, dest);
  }
  const where = "utf8x.encodeInto";
  if (typeof string === "string") checkBytes(dest, where);
  return encodeStringInto(encodeJob(string, encoding, options, where), dest);
}

/** Converts `bytes` from encoding `from` to encoding `to` under the policy `errors`. */
export function convert(bytes, from, to, options = {}) {
  const where = "utf8x.convert";
  checkBytes(bytes, where);
  const { errors = "strict" } = checkOptions(options, where);
  const f = encodingOf(from, where);
  const t = encodingOf(to, where);
  const policy = policyOf(errors, where);
  const whole = bytes.length - (bytes.length % f.unit);
  // Per input byte at most: one unit of UTF-16/32, 3 bytes of the UTF-8 forms (a replaced or
  // escaped byte), 1 byte of Latin-1/Windows-1252.
  const cap = whole * bytesPerUnit(t.code, t.unit);
  const out = withInput(bytes, cap, where, (block, src, dst) => {
    exports().u8x_convert(src, whole / f.unit, f.code, dst, cap / t.unit, t.code, policy, block);
    const r = resultAt(block);
    if (r.status !== 0) {
      const bad = `the policy "${errors}" cannot write ${to}`;
      throw failure(where, r, { input: `${from} input`, bad }, f.unit);
    }
    return bytesAt(dst, r.written * t.unit).slice();
  });
  if (whole === bytes.length) return out;
  const tail = partialUnit(where, from, whole, policy, endsWithHigh(bytes, whole, f.code));
  if (tail === "") return out;
  const fill = encode(tail, to, { errors });
  const all = new Uint8Array(out.length + fill.length);
  all.set(out);
  all.set(fill, out.length);
  return all;
}

const utf8x = {
  ready,
  get kernel() {
    return kernel;
  },
  isValid,
  validate,
  decode,
  encode,
  encodeInto,
  convert,
  Decoder,
};
export default utf8x;

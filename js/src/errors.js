// The exceptions of the API: strict decoding's TypeError with offset, length and kind, and the
// errors for results that are not about the input.

import { ESCAPE, IGNORE, INCOMPLETE, KINDS, STRICT, UTF16BE, UTF16LE } from "./names.js";

const BAD_ARGUMENT = 5;

/**
 * The exception for a result that is not OK: ill-formed or unmappable input is a TypeError
 * with `.offset` and `.length` (in `unit`s of the input: bytes, or UTF-16 units of a string)
 * and `.kind` (the C API's kind name); a rejected argument is a TypeError; anything else is a bug.
 */
export function failure(where, r, what, unit = 1, base = 0) {
  if (r.status === BAD_ARGUMENT) {
    return new TypeError(`${where}: ${what.bad ?? "bad argument"}`);
  }
  if (r.status < 1 || r.status > 4) {
    return new Error(`${where}: internal error (status ${r.status}); please report it`);
  }
  const [kind, text] = KINDS[r.error] ?? ["internal", "internal error"];
  return inputError(where, what.input, base + r.read * unit, r.errorLen * unit, kind, text, what.units);
}

/** The TypeError for ill-formed (or unmappable) input at `offset`. */
export function inputError(where, input, offset, length, kind, text, units = "byte") {
  const e = new TypeError(
    `${where}: ${text} in the ${input} at ${units} ${offset}` +
      (length > 0 ? ` (${length} ${units}${length === 1 ? "" : "s"})` : ""),
  );
  e.offset = offset;
  e.length = length;
  e.kind = kind;
  return e;
}

/**
 * What a last, incomplete code unit (an odd byte of UTF-16...) becomes: one more ill-formed
 * unit, U+FFFD under replace and fallback, nothing under ignore; under strict and
 * surrogateescape the error at `offset`. After a high surrogate (`afterHigh`) it only lengthens that unfinished character,
 * as CPython reads it, which the conversion has already replaced or reported.
 */
export function partialUnit(where, encoding, offset, policy, afterHigh) {
  if (afterHigh) return "";
  // surrogateescape promises a lossless result: what it cannot escape stops it, as strict.
  if (policy === STRICT || policy === ESCAPE) {
    throw inputError(where, `${encoding} input`, offset, 0, KINDS[INCOMPLETE][0], KINDS[INCOMPLETE][1]);
  }
  return policy === IGNORE ? "" : "\uFFFD";
}

/** Whether the whole units of `data` (`whole` bytes, of encoding `code`) end with a high surrogate. */
export function endsWithHigh(data, whole, code) {
  if ((code !== UTF16LE && code !== UTF16BE) || whole < 2) return false;
  const high = code === UTF16BE ? data[whole - 2] : data[whole - 1];
  return high >= 0xd8 && high <= 0xdb;
}

// The vocabulary shared with the C API: encoding and policy names to their numbers, and the
// error kinds by number, with the C API's short names and descriptions.

/** Encoding name (normalised: lower case, `_` and spaces as `-`) -> [UTF8X_ENC_* value, unit bytes]. */
const ENCODINGS = new Map();
for (const [code, unit, names] of [
  [1, 1, ["utf-8", "utf8", "u8", "unicode-1-1-utf-8"]],
  [2, 2, ["utf-16le", "utf-16-le", "utf16le", "utf-16"]],
  [3, 2, ["utf-16be", "utf-16-be", "utf16be"]],
  [13, 4, ["utf-32le", "utf-32-le", "utf32le", "utf-32"]],
  [14, 4, ["utf-32be", "utf-32-be", "utf32be"]],
  [6, 1, ["latin-1", "latin1", "iso-8859-1", "iso8859-1", "l1"]],
  [12, 1, ["windows-1252", "cp1252"]],
  [8, 1, ["cesu-8", "cesu8"]],
  [9, 1, ["mutf-8", "mutf8", "modified-utf-8"]],
  [10, 1, ["wtf-8", "wtf8"]],
  [11, 1, ["rfc2279", "rfc-2279"]],
]) {
  for (const name of names) ENCODINGS.set(name, { code, unit });
}

// The UTF8X_ENC_* values the package's code names.
export const UTF8 = 1;
export const UTF16LE = 2;
export const UTF16BE = 3;
export const LATIN1 = 6;
export const CESU8 = 8;
export const MUTF8 = 9;
export const WTF8 = 10;
export const RFC2279 = 11;
export const CP1252 = 12;

/** The encodings whose ASCII bytes are the same characters (so read without a conversion). */
export const ASCII_SAME = new Set([UTF8, CESU8, WTF8, RFC2279, LATIN1, CP1252]);

/**
 * Whether decoding from `code` under `policy` can give lone surrogates: escaped bytes, or the
 * lone surrogates that WTF-8 and modified UTF-8 hold.
 */
export const mayGiveLone = (code, policy) => policy === ESCAPE || code === MUTF8 || code === WTF8;

/** Policy names (Python's error handler names) -> UTF8X_* policy values. */
const POLICIES = new Map([
  ["strict", 0],
  ["replace", 1],
  ["ignore", 2],
  ["surrogateescape", 3],
  ["fallback", 4],
]);
export const STRICT = 0;
export const REPLACE = 1;
export const IGNORE = 2;
export const ESCAPE = 3;

/** `{ code, unit }` of an encoding name, or a TypeError naming it. */
export function encodingOf(name, where) {
  if (typeof name !== "string") {
    throw new TypeError(`${where}: the encoding must be a string, got ${typeof name}`);
  }
  const e = ENCODINGS.get(name) ?? ENCODINGS.get(name.trim().toLowerCase().replace(/[_ ]/g, "-"));
  if (e === undefined) {
    throw new TypeError(`${where}: unknown encoding ${JSON.stringify(name)} (known: ${[...ENCODINGS.keys()].join(", ")})`);
  }
  return e;
}

/** The policy value of an `errors` name, or a TypeError naming it. */
export function policyOf(name, where) {
  const p = POLICIES.get(name);
  if (p === undefined) {
    throw new TypeError(`${where}: unknown errors policy ${JSON.stringify(String(name))} (known: ${[...POLICIES.keys()].join(", ")})`);
  }
  return p;
}

/** Error kinds by their C value: [name, description] as the C API's utf8x_error_str. */
export const KINDS = [
  ["none", "no error"],
  ["invalid_lead", "invalid lead byte"],
  ["unexpected_continuation", "unexpected continuation byte"],
  ["too_short", "sequence too short"],
  ["overlong", "overlong encoding"],
  ["surrogate", "surrogate code point"],
  ["too_large", "code point above U+10FFFF"],
  ["incomplete", "input ends inside a sequence"],
  ["lone_surrogate", "unpaired surrogate"],
  ["out_of_range", "UTF-32 value out of range"],
  ["unmappable", "character not representable in the target encoding"],
  ["bad_argument", "bad argument"],
  ["internal", "internal error"],
  ["four_byte_form", "4-byte sequence where supplementary characters must be surrogate pairs"],
  ["nul_byte", "raw NUL byte where U+0000 must be C0 80"],
  ["split_surrogate_pair", "surrogate pair written as two 3-byte sequences instead of one 4-byte form"],
];
export const INCOMPLETE = 7;

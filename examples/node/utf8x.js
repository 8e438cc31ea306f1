'use strict';
// utf8x from Node.js through koffi, a C FFI whose npm package ships prebuilt binaries (no
// compiler at install time). Buffers and typed arrays are passed as pointers to their own
// memory, so the library writes straight into them.
const path = require('node:path');
const fs = require('node:fs');
const koffi = require('koffi');

// UTF8X_LIB wins (used as is); otherwise this repository's release build, then an installed
// libutf8x.so.0 found by the loader.
function libraryPath() {
  if (process.env.UTF8X_LIB) return process.env.UTF8X_LIB;
  const built = path.join(__dirname, '..', '..', 'target', 'release', 'libutf8x.so');
  return fs.existsSync(built) ? built : 'libutf8x.so.0';
}

const lib = koffi.load(libraryPath());

koffi.struct('utf8x_result', {
  status: 'uint32_t',
  error: 'uint32_t',
  read: 'size_t',
  written: 'size_t',
  error_len: 'size_t',
  replaced: 'size_t',
});

const c = {
  validate: lib.func('utf8x_result utf8x_validate(const uint8_t *src, size_t len)'),
  to_utf16le: lib.func(
    'utf8x_result utf8x_to_utf16le(const uint8_t *src, size_t len, void *dst, size_t dst_cap, uint32_t policy)'),
  convert: lib.func(
    'utf8x_result utf8x_convert(const void *src, size_t len, uint32_t from, void *dst, size_t dst_cap, uint32_t to, uint32_t policy)'),
  status_str: lib.func('const char *utf8x_status_str(uint32_t status)'),
  error_str: lib.func('const char *utf8x_error_str(uint32_t error)'),
};

// The header's macros (include/utf8x.h); their values are stable.
const status = { OK: 0, INVALID: 1, TRUNCATED: 2, OUTPUT_FULL: 3, UNMAPPABLE: 4, BAD_ARGUMENT: 5 };
const policy = { STRICT: 0, REPLACE: 1, SKIP: 2, ESCAPE: 3, FALLBACK: 4 };
const err = { NONE: 0, TOO_SHORT: 3, OVERLONG: 4, FOUR_BYTE_FORM: 13 };
const enc = { UTF8: 1, UTF16LE: 2, UTF32: 5, LATIN1: 6, CESU8: 8, MUTF8: 9, WTF8: 10 };

// size_t fields come back as numbers (BigInt only past 2^53, which no buffer here reaches).
function result(r) {
  return {
    status: r.status,
    error: r.error,
    read: Number(r.read),
    written: Number(r.written),
    errorLen: Number(r.error_len),
    replaced: Number(r.replaced),
  };
}

// The C API takes (NULL, 0) as empty input and a NULL dst as "measure only".
function ptr(buf) {
  return buf && buf.length > 0 ? buf : null;
}

/** Checks that `buf` (a Buffer or Uint8Array) is well-formed UTF-8. */
function validate(buf) {
  return result(c.validate(ptr(buf), buf.length));
}

/** UTF-8 to UTF-16LE units in `dst` (a Uint16Array), or measures when `dst` is null. */
function toUtf16le(src, dst, pol = policy.STRICT) {
  return result(c.to_utf16le(ptr(src), src.length, ptr(dst), dst ? dst.length : 0, pol));
}

/**
 * Any encoding to any other with utf8x_convert. `src` and `dst` are typed arrays of the units
 * of their encodings (Uint8Array/Buffer, Uint16Array, Uint32Array); lengths count those units.
 */
function convert(src, from, dst, to, pol = policy.STRICT) {
  return result(c.convert(ptr(src), src.length, from, ptr(dst), dst ? dst.length : 0, to, pol));
}

/** Decodes UTF-8 to a JS string through UTF-16LE: measure, then convert into that much room. */
function decode(buf, pol = policy.STRICT) {
  const need = toUtf16le(buf, null, pol);
  if (need.status !== status.OK) return { text: null, result: need };
  const units = new Uint16Array(need.written);
  const r = toUtf16le(buf, units, pol);
  const text = new TextDecoder('utf-16le').decode(units.subarray(0, r.written));
  return { text, result: r };
}

const statusStr = (s) => c.status_str(s);
const errorStr = (e) => c.error_str(e);

module.exports = {
  validate, toUtf16le, convert, decode, statusStr, errorStr, status, policy, err, enc, libraryPath,
};

// Calls into the WebAssembly module: one block of its memory per call (allocated, used, freed
// before the call returns, so nothing is kept between calls), the six-word result record, and
// the copies of bytes and strings in and out of the memory.

/**
 * Bytes one block may have: Rust's allocator takes at most `isize::MAX` bytes at once, 2 GiB in
 * a 32-bit memory (the memory itself can grow to 4 GiB).
 */
const MAX_BLOCK = 2 ** 31 - 64;

/** The result record and a stream's state at the head of a block: 6 + 2 words, 4 words. */
export const HEAD = 64;

/** `n` rounded up to a multiple of 8 (every part of a block stays aligned for any unit). */
export const round8 = (n) => Math.ceil(n / 8) * 8;

let wasm = null;

/** Sets the instance's exports (once, when the module is ready). */
export function setExports(exports) {
  wasm = exports;
}

/** The instance's exports, or an Error saying to await `ready`. */
export function exports(where) {
  if (wasm === null) {
    throw new Error(`${where}: the WebAssembly module is not loaded yet: await utf8x.ready first`);
  }
  return wasm;
}

/**
 * Runs `f(block)` with a block of `size` bytes of the module's memory, freed afterwards. A
 * block larger than the memory can ever be, or a failed growth, is a RangeError.
 */
export function withBlock(size, where, f) {
  const w = exports(where);
  if (!(size <= MAX_BLOCK)) {
    throw new RangeError(`${where}: the input needs ${size} bytes of WebAssembly memory at once; one call can have 2 GiB`);
  }
  const block = w.u8x_alloc(size) >>> 0;
  if (block === 0) {
    throw new RangeError(`${where}: cannot grow the WebAssembly memory by ${size} bytes`);
  }
  try {
    return f(block);
  } finally {
    w.u8x_free(block, size);
  }
}

/** The memory's bytes (a new view each time: the buffer changes when the memory grows). */
export function bytesAt(ptr, len) {
  return new Uint8Array(wasm.memory.buffer, ptr, len);
}

let views = null;

/**
 * Views over the whole memory, `{ buffer, words, node }` (u32 words, and a Node Buffer where
 * there is one), kept between calls: making them is much of the cost of a call on a short
 * input. Made again when the memory has grown (its old buffer is then detached).
 */
function whole() {
  const buffer = wasm.memory.buffer;
  if (views === null || views.buffer !== buffer) {
    views = { buffer, words: new Uint32Array(buffer), node: NodeBuffer === null ? null : NodeBuffer.from(buffer) };
  }
  return views;
}

/** The result record at `ptr` (aligned to 4). */
export function resultAt(ptr) {
  const w = whole().words;
  const i = ptr >>> 2;
  return { status: w[i], error: w[i + 1], read: w[i + 2], written: w[i + 3], errorLen: w[i + 4], replaced: w[i + 5] };
}

/** Node's Buffer, or null where there is none (browsers, or hidden by a test). */
export const NodeBuffer = typeof globalThis.Buffer?.prototype?.ucs2Slice === "function" ? globalThis.Buffer : null;

/** Whether `putUtf16` copies strings natively (Node's `ucs2Write`) rather than unit by unit. */
export const hasUcs2Write = typeof NodeBuffer?.prototype?.ucs2Write === "function";

/**
 * Writes the `count` UTF-16 code units of `s` from index `at` at `ptr`, lone surrogates
 * included (little-endian, as the module reads them): Node's `ucs2Write` copies them natively
 * (a memory copy for a two-byte string); elsewhere a loop over `charCodeAt`.
 */
export function putUtf16(ptr, s, at = 0, count = s.length - at) {
  if (hasUcs2Write) {
    const part = at === 0 && count === s.length ? s : s.substring(at, at + count);
    whole().node.ucs2Write(part, ptr, 2 * count);
    return;
  }
  const units = new Uint16Array(wasm.memory.buffer, ptr, count);
  for (let i = 0; i < count; i++) units[i] = s.charCodeAt(at + i);
}

const utf16Decoder = new TextDecoder("utf-16le", { ignoreBOM: true });

/** Whether `latin1String` makes strings here. */
export const hasLatin1Strings = NodeBuffer !== null;
const asciiDecoder = new TextDecoder("utf-8", { ignoreBOM: true });

/**
 * A string of the `units` UTF-16 units at `ptr`. Node's `ucs2Slice` keeps every unit; the
 * standard TextDecoder would replace lone surrogates, so where they may occur (`lone`) its place
 * is taken by String.fromCharCode.
 */
export function utf16String(ptr, units, lone) {
  if (units === 0) return "";
  if (NodeBuffer !== null) return whole().node.ucs2Slice(ptr, ptr + units * 2);
  const view = new Uint16Array(wasm.memory.buffer, ptr, units);
  if (!lone) return utf16Decoder.decode(view);
  let s = "";
  for (let i = 0; i < units; i += 8192) s += String.fromCharCode.apply(null, view.subarray(i, i + 8192));
  return s;
}

/**
 * A string of the `len` Latin-1 bytes at `ptr` where Node's `latin1Slice` makes it directly (a
 * one-byte string: half the memory of UTF-16); only where `hasLatin1Strings` (TextDecoder's
 * "latin1" is Windows-1252).
 */
export function latin1String(ptr, len) {
  return whole().node.latin1Slice(ptr, ptr + len);
}

/** A string of the `len` ASCII bytes at `ptr` (one-byte in V8 either way). */
export function asciiString(ptr, len) {
  if (NodeBuffer !== null) return latin1String(ptr, len);
  return asciiDecoder.decode(new Uint8Array(wasm.memory.buffer, ptr, len));
}

/** Whether `x` is a Uint8Array (any view, Node's Buffer included, from any realm). */
export function isBytes(x) {
  return ArrayBuffer.isView(x) && x[Symbol.toStringTag] === "Uint8Array";
}

/** A short description of a value for error messages. */
export function describe(x) {
  if (x === null) return "null";
  if (ArrayBuffer.isView(x)) return x[Symbol.toStringTag] ?? "DataView";
  if (typeof x === "object") return x.constructor?.name ?? "object";
  return typeof x;
}

// The streaming decoder: bytes in chunks of any size (one byte at a time included) to a string,
// exactly as one `decode` of the whole input, with absolute error offsets. Its state (the C
// API's four-word `utf8x_stream`, and the bytes of an unfinished code unit) lives here, in
// JavaScript; the module's memory holds it only during a call.

import { endsWithHigh, failure, partialUnit } from "./errors.js";
import { HEAD, bytesAt, exports, isBytes, describe, resultAt, round8, utf16String, withBlock } from "./memory.js";
import { UTF16LE, encodingOf, mayGiveLone, policyOf } from "./names.js";

const STATE = 32;

/**
 * Decodes a stream of chunks, as TextDecoder does: `decode(chunk, { stream: true })` for every
 * chunk but the last, then `decode(last)` or `end()`. After the last chunk (or an error) the
 * decoder starts a new stream.
 */
export class Decoder {
  #encoding;
  #code;
  #unit;
  #policy;
  #errors;
  /** The stream's four words. */
  #state = new Uint8Array(STATE);
  /** Bytes of a code unit that the next chunk completes (UTF-16 and UTF-32 only). */
  #partial = new Uint8Array(0);
  /** Whether the last whole code unit so far is a high surrogate (UTF-16 only). */
  #afterHigh = false;

  constructor(encoding = "utf-8", options = {}) {
    const where = "utf8x.Decoder";
    if (options === null || typeof options !== "object") {
      throw new TypeError(`${where}: options must be an object, got ${describe(options)}`);
    }
    const { errors = "strict" } = options;
    ({ code: this.#code, unit: this.#unit } = encodingOf(encoding, where));
    this.#policy = policyOf(errors, where);
    this.#encoding = encoding;
    this.#errors = errors;
    this.#reset();
  }

  /** The encoding name as given. */
  get encoding() {
    return this.#encoding;
  }

  /** The policy name as given. */
  get errors() {
    return this.#errors;
  }

  #reset() {
    this.#partial = new Uint8Array(0);
    this.#afterHigh = false;
    withBlock(STATE, "utf8x.Decoder", (block) => {
      if (exports().u8x_stream_init(block, this.#code, UTF16LE, this.#policy) === 0) {
        throw new TypeError(`utf8x.Decoder: cannot decode ${this.#encoding} under "${this.#errors}"`);
      }
      this.#state.set(bytesAt(block, STATE));
    });
  }

  /** The text of `chunk`; with `stream: true` more chunks follow, else the stream ends here. */
  decode(chunk = new Uint8Array(0), options = {}) {
    const where = "utf8x.Decoder.decode";
    if (!isBytes(chunk)) throw new TypeError(`${where}: expected a Uint8Array, got ${describe(chunk)}`);
    const last = !(options?.stream ?? false);
    const data = this.#partial.length === 0 ? chunk : concat(this.#partial, chunk);
    const whole = data.length - (data.length % this.#unit);
    const units = whole / this.#unit;
    // Carried units (at most 5) come out with this chunk's: at most two UTF-16 units each.
    const cap = 2 * (units + 5);
    let position = 0;
    let text;
    try {
      text = withBlock(HEAD + round8(whole) + 2 * cap, where, (block) => {
        const state = block + 32;
        const src = block + HEAD;
        const dst = src + round8(whole);
        bytesAt(state, STATE).set(this.#state);
        bytesAt(src, whole).set(data.subarray(0, whole));
        exports().u8x_stream_convert(state, src, units, dst, cap, last ? 1 : 0, block, block + 24);
        const r = resultAt(block);
        position = new Float64Array(bytesAt(block + 24, 8).slice().buffer)[0] * this.#unit;
        if (r.status !== 0) {
          const what = { input: `${this.#encoding} stream`, bad: "bad stream state" };
          throw failure(where, { ...r, read: 0 }, what, this.#unit, position);
        }
        this.#state.set(bytesAt(state, STATE));
        return utf16String(dst, r.written, mayGiveLone(this.#code, this.#policy));
      });
    } catch (e) {
      this.#reset();
      throw e;
    }
    this.#partial = data.slice(whole);
    if (whole > 0) this.#afterHigh = endsWithHigh(data, whole, this.#code);
    if (!last) return text;
    const [rest, afterHigh] = [this.#partial.length, this.#afterHigh];
    this.#reset();
    return rest === 0 ? text : text + partialUnit(where, this.#encoding, position, this.#policy, afterHigh);
  }

  /** Ends the stream: the text of what is still held (an unfinished sequence), or its error. */
  end() {
    return this.decode(new Uint8Array(0));
  }
}

function concat(a, b) {
  const all = new Uint8Array(a.length + b.length);
  all.set(a);
  all.set(b, a.length);
  return all;
}

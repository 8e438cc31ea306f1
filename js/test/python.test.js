// Decoding and encoding against CPython's codecs: the vectors of gen_vectors.py (vectors.json).
// encodeInto is checked against each string's characters encoded one by one (`pieces`).

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { expectInto, hex, into, utf8x } from "./support.js";

const vectors = JSON.parse(readFileSync(new URL("vectors.json", import.meta.url), "utf8"));

/** What `f` gives: its value, or the offset and length of the TypeError it throws. */
function outcome(f) {
  try {
    return f();
  } catch (e) {
    assert.ok(e instanceof TypeError, `${e}`);
    return [e.offset, e.length];
  }
}

test("decode agrees with CPython under every policy", () => {
  for (const { encoding, hex: h, expect } of vectors.decode) {
    for (const [errors, want] of Object.entries(expect)) {
      const got = outcome(() => utf8x.decode(hex(h), { encoding, errors }));
      assert.deepEqual(got, want, `${encoding} ${errors} ${h}`);
    }
  }
});

test("validate agrees with CPython's strict UTF-8 decoder", () => {
  for (const { encoding, hex: h, expect } of vectors.decode) {
    if (encoding !== "utf-8") continue;
    const e = utf8x.validate(hex(h));
    assert.deepEqual(e === null ? expect.strict : [e.offset, e.length], expect.strict, h);
    assert.equal(utf8x.isValid(hex(h)), e === null);
  }
});

test("encode agrees with CPython under every policy", () => {
  for (const { encoding, text, expect } of vectors.encode) {
    for (const [errors, want] of Object.entries(expect)) {
      const got = outcome(() => utf8x.encode(text, encoding, { errors }));
      const hexOf = (b) => Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
      assert.deepEqual(Array.isArray(got) ? got : hexOf(got), want, `${encoding} ${errors} ${JSON.stringify(text)}`);
    }
  }
});

test("convert from each encoding to UTF-8 is decode then TextEncoder", () => {
  for (const { encoding, hex: h, expect } of vectors.decode) {
    for (const [errors, want] of Object.entries(expect)) {
      if (errors === "surrogateescape") continue;
      const got = outcome(() => utf8x.convert(hex(h), encoding, "utf-8", { errors }));
      assert.deepEqual(got, Array.isArray(want) ? want : new TextEncoder().encode(want), `${encoding} ${errors} ${h}`);
    }
  }
});

test("encodeInto agrees with CPython, character by character, into destinations of every size", () => {
  for (const { encoding, text, pieces } of vectors.encode) {
    for (const [errors, chars] of Object.entries(pieces)) {
      const steps = chars.map(([units, h]) => [units, h === null ? null : hex(h)]);
      const total = steps.reduce((n, [, b]) => n + (b?.length ?? 0), 0);
      for (let size = 0; size <= total + 1; size++) {
        const what = `${encoding} ${errors} ${JSON.stringify(text)} into ${size}`;
        assert.deepEqual(into(text, size, encoding, errors), expectInto(steps, size), what);
      }
    }
  }
});

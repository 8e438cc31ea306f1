// The streaming Decoder: chunks of any size (1 byte included) give exactly the text and the
// errors (absolute offsets, lengths, kinds) of one decode over the whole input.

import assert from "node:assert/strict";
import { test } from "node:test";
import { BAD, GOOD, concat, rng, utf8x } from "./support.js";

const encoder = new TextEncoder();

function once(input, encoding, errors) {
  try {
    return utf8x.decode(input, { encoding, errors });
  } catch (e) {
    return { offset: e.offset, length: e.length, kind: e.kind };
  }
}

function chunked(input, encoding, errors, sizes) {
  const d = new utf8x.Decoder(encoding, { errors });
  let text = "";
  try {
    let at = 0;
    for (let i = 0; at < input.length; i++) {
      const n = sizes(i);
      text += d.decode(input.subarray(at, at + n), { stream: true });
      at += n;
    }
    return text + d.end();
  } catch (e) {
    return { offset: e.offset, length: e.length, kind: e.kind };
  }
}

const POLICIES = ["strict", "replace", "ignore", "surrogateescape", "fallback"];

test("UTF-8 family in chunks of 1, 2, 3, 7 and random sizes is one decode", () => {
  const r = rng(3);
  for (let i = 0; i < 300; i++) {
    const parts = [];
    for (let j = r.int(12); j > 0; j--) {
      parts.push(r.int(4) === 0 ? Uint8Array.from(r.pick(BAD)[0]) : encoder.encode(r.pick(GOOD).repeat(1 + r.int(5))));
    }
    if (r.int(5) === 0) parts.push(Uint8Array.from([0xf0, 0x9f]));
    const input = concat(...parts);
    for (const encoding of ["utf-8", "wtf-8", "cesu-8", "mutf-8", "rfc2279", "windows-1252"]) {
      for (const errors of POLICIES) {
        const want = once(input, encoding, errors);
        for (const sizes of [() => 1, () => 2, () => 3, () => 7, () => 1 + r.int(9)]) {
          assert.deepEqual(chunked(input, encoding, errors, sizes), want, `${encoding} ${errors} ${input}`);
        }
      }
    }
  }
});

test("UTF-16 and UTF-32 in chunks that cut code units", () => {
  const r = rng(9);
  for (let i = 0; i < 200; i++) {
    const s = Array.from({ length: r.int(12) }, () => r.pick([...GOOD, "\ud800", "\udc00"])).join("");
    for (const encoding of ["utf-16le", "utf-16be", "utf-32le", "utf-32be"]) {
      let input = utf8x.encode(s, encoding, { errors: "replace" });
      if (r.int(4) === 0) input = input.subarray(0, input.length - 1);
      if (encoding.startsWith("utf-16") && r.int(3) === 0) input = concat(input, Uint8Array.from([0x00, 0xd8]));
      for (const errors of POLICIES) {
        const want = once(input, encoding, errors);
        for (const sizes of [() => 1, () => 3, () => 1 + r.int(9)]) {
          assert.deepEqual(chunked(input, encoding, errors, sizes), want, `${encoding} ${errors} ${input}`);
        }
      }
    }
  }
});

test("an error in a later chunk has its absolute offset; the decoder then starts again", () => {
  const d = new utf8x.Decoder();
  assert.equal(d.decode(encoder.encode("abc"), { stream: true }), "abc");
  assert.equal(d.decode(Uint8Array.from([0xe2]), { stream: true }), "");
  assert.throws(() => d.decode(Uint8Array.from([0x82, 0x41])), (e) => e.offset === 3 && e.length === 2 && e.kind === "too_short");
  assert.equal(d.decode(encoder.encode("ok")), "ok");
});

// The API's edges: what the package exports, bad arguments (a TypeError with a clear message),
// views with offsets, every encoding name, and inputs of hundreds of MB.

import assert from "node:assert/strict";
import { test } from "node:test";
import * as named from "../src/index.js";
import { utf8x } from "./support.js";

test("named and default exports are the same API, ready and with a kernel name", async () => {
  assert.equal(await named.ready, utf8x);
  assert.ok(["wasm-simd128", "scalar"].includes(named.kernel));
  assert.equal(utf8x.kernel, named.kernel);
  for (const f of ["isValid", "validate", "decode", "encode", "encodeInto", "convert", "Decoder"]) assert.equal(utf8x[f], named[f]);
});

test("input that is not a Uint8Array, unknown encodings and policies: a TypeError saying so", () => {
  const bytes = new Uint8Array(1);
  const cases = [
    [() => utf8x.isValid("abc"), /isValid: expected a Uint8Array, got string/],
    [() => utf8x.validate([1, 2]), /expected a Uint8Array, got Array/],
    [() => utf8x.decode(new Uint16Array(2)), /expected a Uint8Array, got Uint16Array/],
    [() => utf8x.decode(bytes.buffer), /expected a Uint8Array, got ArrayBuffer/],
    [() => utf8x.convert(null, "utf-8", "utf-16le"), /expected a Uint8Array, got null/],
    [() => utf8x.encode(42), /encode: expected a string, got number/],
    [() => utf8x.decode(bytes, { encoding: "ebcdic" }), /unknown encoding "ebcdic"/],
    [() => utf8x.encode("a", "utf-7"), /unknown encoding "utf-7"/],
    [() => utf8x.convert(bytes, "utf-8", 5), /the encoding must be a string/],
    [() => utf8x.decode(bytes, { errors: "backslashreplace" }), /unknown errors policy "backslashreplace"/],
    [() => utf8x.encode("a", "utf-8", { errors: "skip" }), /unknown errors policy "skip"/],
    [() => utf8x.decode(bytes, "utf-8"), /options must be an object, got string/],
    [() => new utf8x.Decoder("nope"), /unknown encoding "nope"/],
    [() => new utf8x.Decoder("utf-8", { errors: 1 }), /unknown errors policy "1"/],
    [() => new utf8x.Decoder().decode("x"), /expected a Uint8Array, got string/],
    [() => utf8x.encode("\u0100", "latin-1", { errors: "surrogateescape" }), /cannot write latin-1/],
    [() => utf8x.convert(bytes, "utf-8", "cp1252", { errors: "surrogateescape" }), /cannot write cp1252/],
  ];
  for (const [f, message] of cases) assert.throws(f, (e) => e instanceof TypeError && message.test(e.message));
});

test("a view with an offset reads only its own bytes; Buffer is accepted", () => {
  const all = Uint8Array.from([0xff, 0x61, 0xc3, 0xa9, 0xff]);
  assert.equal(utf8x.isValid(all.subarray(1, 4)), true);
  assert.equal(utf8x.decode(all.subarray(1, 4)), "aé");
  assert.deepEqual(utf8x.validate(all.subarray(1)), { offset: 3, length: 1, kind: "invalid_lead" });
  if (globalThis.Buffer) assert.equal(utf8x.decode(Buffer.from("héllo")), "héllo");
  assert.equal(utf8x.isValid(new Uint8Array(0)), true);
  assert.equal(utf8x.decode(new Uint8Array(0)), "");
  assert.deepEqual(utf8x.encode(""), new Uint8Array(0));
});

test("every encoding of the table round-trips a string through encode, decode and convert", () => {
  const s = "aé€中😀\u0000";
  const names = ["utf-8", "utf-16le", "utf-16be", "utf-32le", "utf-32be", "cesu-8", "mutf-8", "wtf-8", "rfc2279", "UTF_16LE", "Utf8"];
  for (const encoding of names) {
    const bytes = utf8x.encode(s, encoding);
    assert.equal(utf8x.decode(bytes, { encoding }), s, encoding);
    for (const to of names) assert.equal(utf8x.decode(utf8x.convert(bytes, encoding, to), { encoding: to }), s);
  }
  assert.deepEqual(utf8x.encode("\u0000", "mutf-8"), Uint8Array.from([0xc0, 0x80]));
  assert.throws(() => utf8x.decode(Uint8Array.of(0x61, 0x00), { encoding: "mutf-8" }), (e) => e.offset === 1 && e.kind === "nul_byte");
  assert.equal(utf8x.decode(Uint8Array.of(0x61, 0x00), { encoding: "mutf-8", errors: "replace" }), "a\ufffd");
  assert.deepEqual(utf8x.encode("😀", "cesu-8"), Uint8Array.from([0xed, 0xa0, 0xbd, 0xed, 0xb8, 0x80]));
  assert.equal(utf8x.decode(Uint8Array.from([0xed, 0xa0, 0x80]), { encoding: "wtf-8" }), "\ud800");
  assert.equal(utf8x.decode(Uint8Array.from([0xfc, 0x84, 0x80, 0x80, 0x80, 0x80]), { encoding: "rfc2279", errors: "replace" }), "\ufffd");
  for (const encoding of ["latin-1", "cp1252"]) assert.equal(utf8x.decode(utf8x.encode("aé", encoding), { encoding }), "aé");
});

test("surrogateescape round-trips any bytes and stops where there is nothing to escape; fallback reads them as Windows-1252", () => {
  const bytes = Uint8Array.from([0x61, 0xff, 0xc3, 0x80, 0xe2, 0x82, 0x41]);
  const s = utf8x.decode(bytes, { errors: "surrogateescape" });
  assert.equal(s, "a\udcffÀ\udce2\udc82A");
  assert.deepEqual(utf8x.encode(s, "utf-8", { errors: "surrogateescape" }), bytes);
  assert.equal(utf8x.decode(Uint8Array.from([0x63, 0x61, 0x66, 0xe9, 0x80]), { errors: "fallback" }), "café€");
  const lone = Uint8Array.of(0x41, 0x00, 0x00, 0xd8, 0x42, 0x00);
  assert.throws(() => utf8x.decode(lone, { encoding: "utf-16le", errors: "surrogateescape" }), (e) => e.offset === 2 && e.kind === "lone_surrogate");
  assert.throws(() => utf8x.decode(Uint8Array.of(0x41, 0x00, 0x42), { encoding: "utf-16le", errors: "surrogateescape" }), (e) => e.offset === 2 && e.kind === "incomplete");
});

test("inputs of hundreds of MB grow the memory; more than one call can have is a RangeError", () => {
  const big = new Uint8Array(300 * 2 ** 20).fill(0x61);
  big[big.length - 1] = 0xff;
  assert.equal(utf8x.isValid(big), false);
  assert.deepEqual(utf8x.validate(big), { offset: big.length - 1, length: 1, kind: "invalid_lead" });
  const text = utf8x.decode(big.subarray(0, 200 * 2 ** 20));
  assert.equal(text.length, 200 * 2 ** 20);
  assert.equal(utf8x.convert(big.subarray(0, 100 * 2 ** 20), "latin-1", "utf-16le").length, 200 * 2 ** 20);
  // More than one call can allocate (2 GiB: 800 MB of UTF-8 and 1.6 GB of UTF-16; 1.2 GB of
  // Latin-1 and 4.8 GB of UTF-32): an exception, and the module still works.
  assert.throws(() => utf8x.decode(new Uint8Array(800e6)), (e) => e instanceof RangeError && /2 GiB/.test(e.message));
  assert.throws(() => utf8x.convert(new Uint8Array(1.2e9), "latin-1", "utf-32le"), RangeError);
  assert.equal(utf8x.decode(Uint8Array.from([0x6f, 0x6b])), "ok");
});

test("any bytes, any pair of encodings, any policy: a result or a TypeError, never a trap", () => {
  const names = ["utf-8", "utf-16le", "utf-16be", "utf-32le", "utf-32be", "latin-1", "cp1252", "cesu-8", "mutf-8", "wtf-8", "rfc2279"];
  const policies = ["strict", "replace", "ignore", "surrogateescape", "fallback"];
  let seed = 12345;
  const next = () => (seed = (seed * 1103515245 + 12345) >>> 0) >>> 16;
  for (let i = 0; i < 40; i++) {
    const bytes = Uint8Array.from({ length: next() % 24 }, () => [0x00, 0x41, 0x80, 0xbf, 0xc3, 0xd8, 0xdc, 0xed, 0xf0, 0xf4, 0xfc, 0xff][next() % 12]);
    for (const from of names) {
      for (const errors of policies) {
        for (const to of names) {
          try {
            assert.ok(utf8x.convert(bytes, from, to, { errors }) instanceof Uint8Array);
          } catch (e) {
            assert.ok(e instanceof TypeError, `${from} ${to} ${errors}: ${e}`);
            // Only strict and surrogateescape (which stops where it cannot escape) reject
            // input; the others only a policy the target cannot honour.
            if (!["strict", "surrogateescape"].includes(errors)) assert.match(e.message, /cannot write/);
          }
        }
        try {
          assert.equal(typeof utf8x.decode(bytes, { encoding: from, errors }), "string");
        } catch (e) {
          const stops = errors === "strict" || errors === "surrogateescape";
          assert.ok(e instanceof TypeError && stops && typeof e.offset === "number", `${from} ${errors}: ${e}`);
        }
      }
    }
  }
});

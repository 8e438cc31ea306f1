// Validation and decoding against the engine's WHATWG TextDecoder/TextEncoder: the replace
// policy, fatal errors, every kind of ill-formed sequence, and error positions swept across the
// 16-, 32- and 64-byte block edges of the kernels.

import assert from "node:assert/strict";
import { test } from "node:test";
import { BAD, GOOD, concat, rng, utf8x } from "./support.js";

const lossy = new TextDecoder("utf-8", { ignoreBOM: true });
const fatal = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
const encoder = new TextEncoder();
const fatalOk = (b) => {
  try {
    fatal.decode(b);
    return true;
  } catch {
    return false;
  }
};

test("every ill-formed snippet at every offset around the block edges", () => {
  for (const [bad, length, kind] of BAD) {
    for (const edge of [16, 32, 64, 128]) {
      for (let at = edge - 5; at <= edge + 5; at++) {
        for (const filler of ["a", "é", "中"]) {
          // `at` bytes of well-formed text (a multibyte filler is cut to a character boundary).
          const head = encoder.encode(filler.repeat(at)).subarray(0, at - (at % encoder.encode(filler).length));
          const input = concat(head, Uint8Array.from(bad), encoder.encode("z".repeat(70)));
          assert.equal(utf8x.isValid(input), false);
          assert.equal(fatalOk(input), false);
          assert.deepEqual(utf8x.validate(input), { offset: head.length, length, kind }, `${bad} at ${head.length}`);
          assert.equal(utf8x.decode(input, { errors: "replace" }), lossy.decode(input));
          assert.throws(() => utf8x.decode(input), (e) => e instanceof TypeError && e.offset === head.length && e.length === length && e.kind === kind);
        }
      }
    }
  }
});

test("the input ends inside a sequence: length 0, kind incomplete", () => {
  for (const tail of [[0xc3], [0xe2, 0x82], [0xf0, 0x9f, 0x98]]) {
    for (let n = 0; n < 70; n++) {
      const input = concat(encoder.encode("x".repeat(n)), Uint8Array.from(tail));
      assert.deepEqual(utf8x.validate(input), { offset: n, length: 0, kind: "incomplete" });
      assert.equal(utf8x.decode(input, { errors: "replace" }), lossy.decode(input));
    }
  }
});

test("random mixtures: validity, replacement and text as TextDecoder has them", () => {
  const r = rng(7);
  for (let i = 0; i < 3000; i++) {
    const parts = [];
    for (let j = r.int(40); j > 0; j--) {
      parts.push(r.int(6) === 0 ? Uint8Array.from(r.pick(BAD)[0]) : encoder.encode(r.pick(GOOD).repeat(1 + r.int(20))));
    }
    const input = concat(...parts);
    assert.equal(utf8x.isValid(input), fatalOk(input));
    assert.equal(utf8x.validate(input) === null, fatalOk(input));
    assert.equal(utf8x.decode(input, { errors: "replace" }), lossy.decode(input));
    if (fatalOk(input)) assert.equal(utf8x.decode(input), fatal.decode(input));
  }
});

test("encode agrees with TextEncoder (lone surrogates replaced under replace, an error under strict)", () => {
  const r = rng(11);
  for (let i = 0; i < 2000; i++) {
    let s = "";
    for (let j = r.int(30); j > 0; j--) s += r.pick([...GOOD, "\ud800", "\udfff", "ab"]);
    const want = encoder.encode(s);
    assert.deepEqual(utf8x.encode(s, "utf-8", { errors: "replace" }), want);
    const lone = s.search(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
    if (lone < 0) {
      assert.deepEqual(utf8x.encode(s), want);
    } else {
      assert.throws(() => utf8x.encode(s), (e) => e.offset === lone && e.length === 1 && e.kind === "lone_surrogate");
    }
  }
});

test("a BOM is a character like any other", () => {
  const bom = Uint8Array.from([0xef, 0xbb, 0xbf, 0x61]);
  assert.equal(utf8x.decode(bom), "\ufeffa");
  assert.equal(utf8x.decode(Uint8Array.from([0xff, 0xfe, 0x61, 0]), { encoding: "utf-16le" }), "\ufeffa");
});

// Node's TextDecoder("windows-1252") is ISO-8859-1 without full ICU: CPython's cp1252 is the
// oracle of the vectors, and the WHATWG index's five C1 holes are checked here by value.
test("Windows-1252 maps the five holes of the WHATWG index to C1 controls, and round-trips", () => {
  const holes = Uint8Array.from([0x81, 0x8d, 0x8f, 0x90, 0x9d]);
  assert.equal(utf8x.decode(holes, { encoding: "windows-1252" }), "\u0081\u008d\u008f\u0090\u009d");
  const all = Uint8Array.from({ length: 256 }, (_, i) => i);
  assert.deepEqual(utf8x.encode(utf8x.decode(all, { encoding: "cp1252" }), "cp1252"), all);
});

test("UTF-16 decoding agrees with TextDecoder('utf-16le') under replace", () => {
  const r = rng(5);
  const u16 = new TextDecoder("utf-16le", { ignoreBOM: true });
  for (let i = 0; i < 1000; i++) {
    const units = Uint16Array.from({ length: r.int(40) }, () => r.pick([0x41, 0xe9, 0x4e2d, 0xd800, 0xdbff, 0xdc00, 0xdfff, 0xfffe]));
    const bytes = new Uint8Array(units.buffer);
    assert.equal(utf8x.decode(bytes, { encoding: "utf-16le", errors: "replace" }), u16.decode(bytes));
  }
});

test("validation in pieces: characters and errors across the 64 KiB piece edges", () => {
  const PIECE = 1 << 16;
  for (const filler of ["a", "é", "中", "😀"]) {
    const size = encoder.encode(filler).length;
    for (let at = PIECE - 6; at <= 2 * PIECE + 6; at += at === PIECE + 6 ? PIECE - 12 : 1) {
      // A well-formed character that starts at `at` (after `at` bytes of ASCII and filler).
      const head = concat(encoder.encode("x".repeat(at % size)), encoder.encode(filler.repeat(Math.floor(at / size))));
      const good = concat(head, encoder.encode("😀é中"), encoder.encode(filler.repeat(3)));
      assert.equal(utf8x.isValid(good), true, `${filler} ${at}`);
      assert.equal(utf8x.validate(good), null);
      for (const [bad, length, kind] of BAD) {
        const input = concat(head, Uint8Array.from(bad), encoder.encode("z".repeat(5)));
        assert.equal(utf8x.isValid(input), false, `${bad} at ${at}`);
        assert.deepEqual(utf8x.validate(input), { offset: at, length, kind }, `${bad} at ${at} after ${filler}`);
      }
      // Continuation bytes where no cut before a lead byte is near, and a truncated end.
      const run = concat(head, Uint8Array.from([0x80, 0x80, 0x80, 0x80, 0x80]));
      assert.deepEqual(utf8x.validate(run), { offset: at, length: 1, kind: "unexpected_continuation" });
      assert.equal(utf8x.isValid(run), false);
      const cut = concat(head, Uint8Array.from([0xf0, 0x9f, 0x98]));
      assert.deepEqual(utf8x.validate(cut), { offset: at, length: 0, kind: "incomplete" });
      assert.equal(utf8x.isValid(cut), fatalOk(cut));
    }
  }
});

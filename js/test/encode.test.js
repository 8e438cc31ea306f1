// encode and encodeInto against the engine's TextEncoder (UTF-8, lone surrogates as U+FFFD)
// and against a string's own UTF-16 units: destinations of every size (whole characters only,
// nothing written past what is reported), lone surrogates at every position near the kernels'
// block edges and near the edges of the windows encodeInto converts, every policy.

import assert from "node:assert/strict";
import { test } from "node:test";
import { GOOD, expectInto, into, rng, utf8x } from "./support.js";

const encoder = new TextEncoder();
const POLICIES = ["strict", "replace", "ignore", "surrogateescape", "fallback"];
const isLone = (c) => c.length === 1 && c >= "\ud800" && c <= "\udfff";

/**
 * A string's characters (code points; a lone surrogate alone) encoded one by one, as
 * expectInto takes them: by TextEncoder into UTF-8, by their units into UTF-16; a lone
 * surrogate as the policy says (U+FFFD under replace and fallback, nothing under ignore, an
 * escape under surrogateescape where it is U+DC80..U+DCFF, else an error).
 */
function steps(s, encoding, errors) {
  return [...s].map((c) => {
    if (isLone(c)) {
      const u = c.charCodeAt(0);
      if (errors === "replace" || errors === "fallback") c = "\ufffd";
      else if (errors === "ignore") return [1, []];
      else if (errors !== "surrogateescape" || u < 0xdc80 || u > 0xdcff) return [1, null];
      // An escape: the byte it stands for in UTF-8; into UTF-16, the unit itself (as decoding
      // UTF-16 under surrogateescape gives it back).
      else if (encoding === "utf-8") return [1, [u - 0xdc00]];
    }
    if (encoding === "utf-8") return [c.length, [...encoder.encode(c)]];
    const units = Array.from({ length: c.length }, (_, i) => c.charCodeAt(i));
    const le = encoding === "utf-16le";
    return [c.length, units.flatMap((u) => (le ? [u & 0xff, u >> 8] : [u >> 8, u & 0xff]))];
  });
}

/** The bytes of all of `steps`, or the offset of their first error. */
function whole(stepList) {
  const e = expectInto(stepList, Infinity);
  return e.error !== undefined ? { error: e.error } : e.bytes;
}

/** What encode gives, in whole's shape. */
function encoded(s, encoding, errors) {
  try {
    return [...utf8x.encode(s, encoding, { errors })];
  } catch (e) {
    if (e.offset === undefined) throw e;
    assert.equal(e.kind, "lone_surrogate");
    assert.equal(e.length, 1);
    return { error: e.offset };
  }
}

const SAMPLES = [...GOOD, "\ud800", "\udbff", "\udc00", "\udc80", "\udfff", "ab", "\u00ff"];

test("encode and encodeInto agree with TextEncoder and the string's units, into every size", () => {
  const r = rng(17);
  for (let i = 0; i < 300; i++) {
    let s = "";
    for (let j = r.int(12); j > 0; j--) s += r.pick(SAMPLES);
    for (const encoding of ["utf-8", "utf-16le", "utf-16be"]) {
      for (const errors of POLICIES) {
        const st = steps(s, encoding, errors);
        assert.deepEqual(encoded(s, encoding, errors), whole(st), `encode ${encoding} ${errors} ${JSON.stringify(s)}`);
        const total = st.reduce((n, [, b]) => n + (b?.length ?? 0), 0);
        for (let size = 0; size <= total + 2; size++) {
          assert.deepEqual(into(s, size, encoding, errors), expectInto(st, size), `${encoding} ${errors} ${JSON.stringify(s)} into ${size}`);
        }
      }
    }
  }
});

test("encodeInto under replace is TextEncoder.encodeInto: the same read, written and bytes", () => {
  const r = rng(23);
  for (let i = 0; i < 500; i++) {
    let s = "";
    for (let j = r.int(20); j > 0; j--) s += r.pick(SAMPLES);
    for (let size = 0; size <= 3 * s.length + 1; size++) {
      const want = new Uint8Array(size);
      const got = new Uint8Array(size);
      assert.deepEqual(utf8x.encodeInto(s, got, "utf-8", { errors: "replace" }), encoder.encodeInto(s, want));
      assert.deepEqual(got, want);
    }
  }
});

// The SIMD128 kernels take 16, 32 and 64 units at a time: a lone surrogate (and a pair) at
// every position across those edges, with one-, two-, three- and four-byte characters before it.
// The strings are long enough (and two-byte) for the module to convert them in every case.
test("lone surrogates and pairs at every position near the kernels' block edges", () => {
  const tail = "z".repeat(20) + "中".repeat(600);
  const tailSteps = { "utf-8": steps(tail, "utf-8", "strict"), "utf-16le": steps(tail, "utf-16le", "strict") };
  for (const filler of ["a", "é", "中", "😀"]) {
    for (let at = 0; at < 140; at++) {
      const head = filler.repeat(Math.ceil(at / filler.length)).slice(0, at);
      for (const odd of ["\ud800", "\udc00", "\udc80", "😀"]) {
        const s = head + odd + tail;
        for (const encoding of ["utf-8", "utf-16le"]) {
          for (const errors of POLICIES) {
            const st = steps(head + odd, encoding, errors).concat(tailSteps[encoding]);
            const what = `${encoding} ${errors} ${filler} ${at} ${escape(odd)}`;
            assert.deepEqual(encoded(s, encoding, errors), whole(st), what);
            // Sizes around where the odd character's bytes start and end.
            const before = expectInto(st.slice(0, [...head].length), Infinity).written ?? 0;
            for (let size = before - 2; size <= before + 6; size++) {
              if (size >= 0) assert.deepEqual(into(s, size, encoding, errors), expectInto(st, size), `${what} into ${size}`);
            }
          }
        }
      }
    }
  }
});

// Strings whose units mostly lie below U+0100 go to TextEncoder, which is right for them only
// when they are well-formed (or under replace): one lone surrogate anywhere in a long one.
test("a lone surrogate anywhere in a long string of Latin-1 text", () => {
  const text = "Grüße, café ÿ ".repeat(12);
  for (let at = 0; at <= text.length; at += 7) {
    for (const odd of ["\udc80", "\ud800", "😀"]) {
      const s = text.slice(0, at) + odd + text.slice(at);
      for (const errors of POLICIES) {
        const st = steps(s, "utf-8", errors);
        assert.deepEqual(encoded(s, "utf-8", errors), whole(st), `${errors} ${at} ${escape(odd)}`);
        for (const size of [s.length, 3 * s.length]) {
          assert.deepEqual(into(s, size, "utf-8", errors), expectInto(st, size), `${errors} ${at} ${escape(odd)} into ${size}`);
        }
      }
    }
  }
});

// encodeInto copies the string into the module in windows of about the room left (one unit a
// byte, plus two); a window never ends between the units of a pair. Characters of no bytes
// (lone surrogates under ignore) make it take window after window: runs of them of every
// length put the pair and the next lone surrogate across every window edge.
test("windows of encodeInto: runs of ignored lone surrogates across every window edge", () => {
  for (let size = 0; size <= 12; size++) {
    for (let run = 0; run <= 2 * size + 6; run++) {
      for (const tail of ["😀ab", "a\udbff😀", "中\udc00\ud800"]) {
        const s = "\udfff".repeat(run) + tail + "\ud800".repeat(run % 5) + "é".repeat(size);
        for (const encoding of ["utf-8", "utf-16le", "utf-16be"]) {
          for (const errors of ["ignore", "replace", "strict"]) {
            assert.deepEqual(into(s, size, encoding, errors), expectInto(steps(s, encoding, errors), size), `${encoding} ${errors} ${run} ${escape(tail)} into ${size}`);
          }
        }
      }
    }
  }
});

test("encodeInto fills large destinations as encode does, in every encoding", () => {
  const r = rng(31);
  let s = "";
  while (s.length < 200_000) s += r.pick([...GOOD, "abc def "]).repeat(1 + r.int(50));
  for (const encoding of ["utf-8", "utf-16le", "utf-16be", "utf-32le", "cesu-8", "wtf-8"]) {
    const all = utf8x.encode(s, encoding);
    const dest = new Uint8Array(all.length + 10);
    assert.deepEqual(utf8x.encodeInto(s, dest, encoding), { read: s.length, written: all.length });
    assert.deepEqual(dest.subarray(0, all.length), all);
    // Half the room: a prefix of whole characters, and the rest continues from `read`.
    const half = new Uint8Array(all.length >> 1);
    const { read, written } = utf8x.encodeInto(s, half, encoding);
    assert.deepEqual(half.subarray(0, written), all.subarray(0, written));
    const rest = utf8x.encode(s.slice(read), encoding);
    assert.deepEqual(rest, all.subarray(written), encoding);
  }
  assert.deepEqual(utf8x.encode(s), encoder.encode(s));
  assert.equal(utf8x.encode(s, "utf-16le").length, 2 * s.length);
});

test("encodeInto's arguments: a string, then a Uint8Array; else a TypeError saying which", () => {
  const dest = new Uint8Array(4);
  const cases = [
    [() => utf8x.encodeInto(42, dest), /encodeInto: expected a string, got number/],
    [() => utf8x.encodeInto(null, dest), /expected a string, got null/],
    [() => utf8x.encodeInto(new String("a"), dest), /expected a string, got String/],
    [() => utf8x.encodeInto("a", "b"), /encodeInto: expected a Uint8Array, got string/],
    [() => utf8x.encodeInto("a", new Uint16Array(2)), /expected a Uint8Array, got Uint16Array/],
    [() => utf8x.encodeInto("a", dest.buffer), /expected a Uint8Array, got ArrayBuffer/],
    [() => utf8x.encodeInto("a", dest, "utf-7"), /unknown encoding "utf-7"/],
    [() => utf8x.encodeInto("a", dest, "utf-8", { errors: "skip" }), /unknown errors policy "skip"/],
    [() => utf8x.encodeInto("a", dest, "utf-8", "strict"), /options must be an object/],
    [() => utf8x.encodeInto("\u0100", dest, "latin-1", { errors: "surrogateescape" }), /cannot write latin-1/],
    [() => utf8x.encode(["a"]), /encode: expected a string, got Array/],
    [() => utf8x.encode(undefined), /expected a string, got undefined/],
  ];
  for (const [f, message] of cases) assert.throws(f, (e) => e instanceof TypeError && message.test(e.message));
  if (globalThis.Buffer) {
    const b = Buffer.alloc(4);
    assert.deepEqual(utf8x.encodeInto("é中", b), { read: 1, written: 2 });
    assert.deepEqual([...b], [0xc3, 0xa9, 0, 0]);
  }
  assert.deepEqual(utf8x.encodeInto("", new Uint8Array(0)), { read: 0, written: 0 });
  assert.deepEqual(utf8x.encodeInto("abc", new Uint8Array(0), "utf-16le"), { read: 0, written: 0 });
  assert.deepEqual(utf8x.encodeInto("abc", new Uint8Array(5), "utf-32le"), { read: 1, written: 4 });
});

// A character that does not fit ends the reading; a lone surrogate is reached (and an error
// under strict) when everything before it fit, even where that fills the destination.
test("a lone surrogate after one that does not fit is not read; one reached is the error", () => {
  const dest = new Uint8Array(3);
  assert.deepEqual(utf8x.encodeInto("ab中\ud800", dest), { read: 2, written: 2 });
  assert.deepEqual(utf8x.encodeInto("abcd\ud800", dest), { read: 3, written: 3 });
  assert.throws(() => utf8x.encodeInto("abc\ud800", dest.fill(0)), (e) => e.offset === 3 && e.kind === "lone_surrogate");
  assert.deepEqual([...dest], [0, 0, 0]);
  assert.throws(() => utf8x.encodeInto("a\ud83d", dest, "utf-16le"), (e) => e.offset === 1 && e.kind === "lone_surrogate");
  assert.throws(() => utf8x.encodeInto("中", dest, "latin-1"), (e) => e.offset === 0 && e.kind === "unmappable");
  assert.deepEqual(utf8x.encodeInto("é中", dest, "latin-1", { errors: "replace" }), { read: 2, written: 2 });
});

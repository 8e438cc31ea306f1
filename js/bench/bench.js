// Throughput of the package under Node on the lipsum files (8 copies of each file per input),
// two tables. Validation and decoding: isValid against TextDecoder (fatal) as a validator,
// isutf8, utf-8-validate's JavaScript fallback and Node's buffer.isUtf8; decode against
// TextDecoder. Encoding, into UTF-8 and UTF-16LE: encode against TextEncoder.encode (both return
// a new array), encodeInto against TextEncoder.encodeInto (both into an array allocated once, big
// enough). Prints Markdown tables of GB/s and ratios, their geometric means, and the sizes of the
// modules. Not a test: nothing here passes or fails.
//
//   node bench/bench.js DIR [--min-ms 50] [--runs 5] [--encode]   (DIR: the lipsum *.utf8.txt)
//   UTF8X_KERNEL=scalar node bench/bench.js DIR                     (the portable module)
//
// --encode: the encoding table only.

import { isUtf8 } from "node:buffer";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { gzipSync } from "node:zlib";
import utf8x from "../src/index.js";
import { header, lipsum, parseArgs, speed, table } from "./common.js";

const require = createRequire(import.meta.url);
const isutf8 = require("isutf8").default ?? require("isutf8");
const fallbackValidate = require("utf-8-validate/fallback");

const options = parseArgs("node bench/bench.js DIR [--min-ms 50] [--runs 5] [--encode]", ["--encode"]);
const encodeOnly = options.flags.has("--encode");
await utf8x.ready;
const time = (n, f) => speed(n, f, options);

const fatal = new TextDecoder("utf-8", { fatal: true });
const lossy = new TextDecoder("utf-8", { ignoreBOM: true }); // the same text as utf8x.decode
const encoder = new TextEncoder();
const rows = [];
for (const { file, input, text } of lipsum(options.dir)) {
  const room = new Uint8Array(text.length * 3);
  const want16 = Buffer.from(text, "utf16le");
  const check = [utf8x.isValid(input), isutf8(input), fallbackValidate(input), isUtf8(input)];
  const into = (encoding) => room.subarray(0, utf8x.encodeInto(text, room, encoding).written);
  if (
    check.some((ok) => !ok) || utf8x.decode(input) !== text || !same(utf8x.encode(text), input) ||
    !same(into("utf-8"), input) || !same(utf8x.encode(text, "utf-16le"), want16) || !same(into("utf-16le"), want16)
  ) {
    throw new Error(`${file}: the implementations disagree (${check})`);
  }
  const n = input.length;
  const row = { file };
  if (!encodeOnly) {
    Object.assign(row, {
      utf8x: time(n, () => utf8x.isValid(input)),
      fatal: time(n, () => fatal.decode(input)),
      isutf8: time(n, () => isutf8(input)),
      fallback: time(n, () => fallbackValidate(input)),
      isUtf8: time(n, () => isUtf8(input)),
      decode: time(n, () => utf8x.decode(input)),
      textDecoder: time(n, () => lossy.decode(input)),
    });
  }
  rows.push(Object.assign(row, {
    encode: time(n, () => utf8x.encode(text)),
    textEncode: time(n, () => encoder.encode(text)),
    encodeInto: time(n, () => utf8x.encodeInto(text, room)),
    textEncodeInto: time(n, () => encoder.encodeInto(text, room)),
    encode16: time(n, () => utf8x.encode(text, "utf-16le")),
    encodeInto16: time(n, () => utf8x.encodeInto(text, room, "utf-16le")),
  }));
}

function same(a, b) {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

const validation = [
  ["isValid", (r) => r.utf8x],
  ["TD fatal", (r) => r.fatal],
  ["×TD", (r) => r.utf8x / r.fatal],
  ["isutf8", (r) => r.isutf8],
  ["×isutf8", (r) => r.utf8x / r.isutf8],
  ["u-8-v JS", (r) => r.fallback],
  ["×u-8-v", (r) => r.utf8x / r.fallback],
  ["isUtf8", (r) => r.isUtf8],
  ["×isUtf8", (r) => r.utf8x / r.isUtf8],
  ["decode", (r) => r.decode],
  ["TD", (r) => r.textDecoder],
  ["×TD", (r) => r.decode / r.textDecoder],
];
const encoding = [
  ["encode", (r) => r.encode],
  ["TE.encode", (r) => r.textEncode],
  ["×TE", (r) => r.encode / r.textEncode],
  ["encodeInto", (r) => r.encodeInto],
  ["TE.encodeInto", (r) => r.textEncodeInto],
  ["×eI", (r) => r.encodeInto / r.textEncodeInto],
  ["encode 16LE", (r) => r.encode16],
  ["×TE", (r) => r.encode16 / r.textEncode],
  ["encodeInto 16LE", (r) => r.encodeInto16],
  ["×eI", (r) => r.encodeInto16 / r.textEncodeInto],
];

console.log(header(utf8x.kernel));
console.log(`GB/s of the text's UTF-8 bytes, best of ${options.runs} samples of >= ${options.minMs} ms; × = ratio utf8x / other\n`);
if (!encodeOnly) table(rows, validation);
table(rows, encoding);
for (const name of ["utf8x-simd128.wasm", "utf8x.wasm"]) {
  const wasm = readFileSync(new URL(`../dist/${name}`, import.meta.url));
  console.log(`${name}: ${wasm.length} bytes, ${gzipSync(wasm, { level: 9 }).length} gzipped`);
}

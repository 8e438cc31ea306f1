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
import { readFileSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import { gzipSync } from "node:zlib";
import utf8x from "../src/index.js";

const require = createRequire(import.meta.url);
const isutf8 = require("isutf8").default ?? require("isutf8");
const fallbackValidate = require("utf-8-validate/fallback");

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i < 0 ? fallback : Number(args.splice(i, 2)[1]);
};
const encodeOnly = args.includes("--encode") && args.splice(args.indexOf("--encode"), 1).length > 0;
const minMs = option("--min-ms", 50);
const runs = option("--runs", 5);
const dir = args[0];
if (dir === undefined) {
  console.error("usage: node bench/bench.js DIR [--min-ms 50] [--runs 5] [--encode]   (DIR holds the lipsum *.utf8.txt files)");
  process.exit(2);
}
await utf8x.ready;

/** GB/s of `f` over `bytes`: the best of `runs` samples of at least `minMs` each. */
function speed(bytes, f) {
  let best = Infinity;
  for (let r = 0; r < runs; r++) {
    const start = process.hrtime.bigint();
    let calls = 0;
    let ns;
    do {
      f();
      calls++;
      ns = Number(process.hrtime.bigint() - start);
    } while (ns < minMs * 1e6);
    best = Math.min(best, ns / calls);
  }
  return bytes / best;
}

const fatal = new TextDecoder("utf-8", { fatal: true });
const lossy = new TextDecoder("utf-8", { ignoreBOM: true }); // the same text as utf8x.decode
const encoder = new TextEncoder();
const files = readdirSync(dir).filter((f) => f.endsWith(".utf8.txt")).sort();
const rows = [];
for (const file of files) {
  const one = readFileSync(`${dir}/${file}`);
  const input = new Uint8Array(one.length * 8);
  for (let i = 0; i < 8; i++) input.set(one, i * one.length);
  const text = lossy.decode(input);
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
  const row = { file: file.replace(".utf8.txt", "") };
  if (!encodeOnly) {
    Object.assign(row, {
      utf8x: speed(n, () => utf8x.isValid(input)),
      fatal: speed(n, () => fatal.decode(input)),
      isutf8: speed(n, () => isutf8(input)),
      fallback: speed(n, () => fallbackValidate(input)),
      isUtf8: speed(n, () => isUtf8(input)),
      decode: speed(n, () => utf8x.decode(input)),
      textDecoder: speed(n, () => lossy.decode(input)),
    });
  }
  rows.push(Object.assign(row, {
    encode: speed(n, () => utf8x.encode(text)),
    textEncode: speed(n, () => encoder.encode(text)),
    encodeInto: speed(n, () => utf8x.encodeInto(text, room)),
    textEncodeInto: speed(n, () => encoder.encodeInto(text, room)),
    encode16: speed(n, () => utf8x.encode(text, "utf-16le")),
    encodeInto16: speed(n, () => utf8x.encodeInto(text, room, "utf-16le")),
  }));
}

function same(a, b) {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

const f2 = (x) => x.toFixed(2);
const geomean = (xs) => Math.exp(xs.reduce((s, x) => s + Math.log(x), 0) / xs.length);
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

/** A Markdown table of `columns` over the rows, with their geometric means. */
function table(columns) {
  console.log(`| file | ${columns.map(([c]) => c).join(" | ")} |`);
  console.log(`|---|${columns.map(() => "---:").join("|")}|`);
  for (const r of rows) console.log(`| ${r.file} | ${columns.map(([, f]) => f2(f(r))).join(" | ")} |`);
  console.log(`| geomean | ${columns.map(([, f]) => f2(geomean(rows.map(f)))).join(" | ")} |\n`);
}

const cpu = os.cpus()[0]?.model ?? "unknown CPU";
console.log(`utf8x ${utf8x.kernel} | Node ${process.version} | ${cpu}, ${os.cpus().length} cores | load ${os.loadavg().map(f2).join(" ")}`);
console.log(`GB/s of the text's UTF-8 bytes, best of ${runs} samples of >= ${minMs} ms; × = ratio utf8x / other\n`);
if (!encodeOnly) table(validation);
table(encoding);
for (const name of ["utf8x-simd128.wasm", "utf8x.wasm"]) {
  const wasm = readFileSync(new URL(`../dist/${name}`, import.meta.url));
  console.log(`${name}: ${wasm.length} bytes, ${gzipSync(wasm, { level: 9 }).length} gzipped`);
}

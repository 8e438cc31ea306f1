// Throughput of the package under Node on the lipsum files (8 copies of each file per input):
// validation against TextDecoder (fatal) as a validator, isutf8, utf-8-validate's JavaScript
// fallback and Node's buffer.isUtf8; decoding against TextDecoder; encoding against
// TextEncoder.encodeInto (into memory allocated once) and TextEncoder.encode (which, like
// utf8x.encode, returns a new array). Prints a Markdown table of GB/s and ratios, their geometric means,
// and the sizes of the modules. Not a test: nothing here passes or fails.
//
//   node bench/bench.js DIR [--min-ms 50] [--runs 5]      (DIR: the lipsum files, *.utf8.txt)
//   UTF8X_KERNEL=scalar node bench/bench.js DIR            (the portable module)

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
const minMs = option("--min-ms", 50);
const runs = option("--runs", 5);
const dir = args[0];
if (dir === undefined) {
  console.error("usage: node bench/bench.js DIR [--min-ms 50] [--runs 5]   (DIR holds the lipsum *.utf8.txt files)");
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
  const check = [utf8x.isValid(input), isutf8(input), fallbackValidate(input), isUtf8(input)];
  if (check.some((ok) => !ok) || utf8x.decode(input) !== text || utf8x.encode(text).length !== input.length) {
    throw new Error(`${file}: the implementations disagree (${check})`);
  }
  const n = input.length;
  rows.push({
    file: file.replace(".utf8.txt", ""),
    utf8x: speed(n, () => utf8x.isValid(input)),
    fatal: speed(n, () => fatal.decode(input)),
    isutf8: speed(n, () => isutf8(input)),
    fallback: speed(n, () => fallbackValidate(input)),
    isUtf8: speed(n, () => isUtf8(input)),
    decode: speed(n, () => utf8x.decode(input)),
    textDecoder: speed(n, () => lossy.decode(input)),
    encode: speed(n, () => utf8x.encode(text)),
    encodeInto: speed(n, () => encoder.encodeInto(text, room)),
    textEncode: speed(n, () => encoder.encode(text)),
  });
}

const f2 = (x) => x.toFixed(2);
const geomean = (xs) => Math.exp(xs.reduce((s, x) => s + Math.log(x), 0) / xs.length);
const columns = [
  ["isValid", (r) => f2(r.utf8x)],
  ["TD fatal", (r) => f2(r.fatal)],
  ["×TD", (r) => f2(r.utf8x / r.fatal)],
  ["isutf8", (r) => f2(r.isutf8)],
  ["×isutf8", (r) => f2(r.utf8x / r.isutf8)],
  ["u-8-v JS", (r) => f2(r.fallback)],
  ["×u-8-v", (r) => f2(r.utf8x / r.fallback)],
  ["isUtf8", (r) => f2(r.isUtf8)],
  ["×isUtf8", (r) => f2(r.utf8x / r.isUtf8)],
  ["decode", (r) => f2(r.decode)],
  ["TD", (r) => f2(r.textDecoder)],
  ["×TD", (r) => f2(r.decode / r.textDecoder)],
  ["encode", (r) => f2(r.encode)],
  ["encodeInto", (r) => f2(r.encodeInto)],
  ["×eI", (r) => f2(r.encode / r.encodeInto)],
  ["TE.encode", (r) => f2(r.textEncode)],
  ["×TE", (r) => f2(r.encode / r.textEncode)],
];
const cpu = os.cpus()[0]?.model ?? "unknown CPU";
console.log(`utf8x ${utf8x.kernel} | Node ${process.version} | ${cpu}, ${os.cpus().length} cores | load ${os.loadavg().map(f2).join(" ")}`);
console.log(`GB/s of input (UTF-8 bytes), best of ${runs} samples of >= ${minMs} ms; × = ratio utf8x / other\n`);
console.log(`| file | ${columns.map(([c]) => c).join(" | ")} |`);
console.log(`|---|${columns.map(() => "---:").join("|")}|`);
for (const r of rows) console.log(`| ${r.file} | ${columns.map(([, f]) => f(r)).join(" | ")} |`);
const mean = {};
for (const key of Object.keys(rows[0]).filter((k) => k !== "file")) mean[key] = geomean(rows.map((r) => r[key]));
console.log(`| geomean | ${columns.map(([c, f]) => (c.startsWith("×") ? f2(geomean(rows.map((r) => Number(f(r))))) : f(mean))).join(" | ")} |`);
for (const name of ["utf8x-simd128.wasm", "utf8x.wasm"]) {
  const wasm = readFileSync(new URL(`../dist/${name}`, import.meta.url));
  console.log(`\n${name}: ${wasm.length} bytes, ${gzipSync(wasm, { level: 9 }).length} gzipped`);
}

// encodeInto and encode against TextEncoder on shorter strings, where the cost of a call
// counts: each lipsum text cut to 16 .. 65536 UTF-16 units, strict, into one array allocated
// once (encodeInto) or a new array (encode). Prints GB/s of the UTF-8 bytes and the ratios.
// Not a test.
//
//   node bench/sizes.js DIR [--min-ms 50] [--runs 5]

import utf8x from "../src/index.js";
import { header, lipsum, parseArgs, speed } from "./common.js";

const options = parseArgs("node bench/sizes.js DIR [--min-ms 50] [--runs 5]");
await utf8x.ready;
const encoder = new TextEncoder();
const LENGTHS = [16, 128, 512, 2048, 65536];
const room = new Uint8Array(3 * Math.max(...LENGTHS));
const f2 = (x) => x.toFixed(2);

console.log(header(utf8x.kernel));
console.log(`GB/s of UTF-8 bytes, best of ${options.runs} samples of >= ${options.minMs} ms; × = utf8x / TextEncoder\n`);
console.log(`| file | units | encodeInto | TE.encodeInto | ×eI | encode | TE.encode | ×TE |`);
console.log(`|---|---:|---:|---:|---:|---:|---:|---:|`);
for (const { file, text } of lipsum(options.dir)) {
  for (const n of LENGTHS) {
    let s = text.slice(0, n);
    if (/[\ud800-\udbff]$/.test(s)) s = s.slice(0, -1);
    const bytes = encoder.encode(s).length;
    // Many calls per timed call, so that the clock's own cost does not count.
    const batch = (f) => () => {
      for (let i = 0; i < 16; i++) f();
    };
    const time = (f) => speed(16 * bytes, batch(f), options);
    const into = time(() => utf8x.encodeInto(s, room));
    const teInto = time(() => encoder.encodeInto(s, room));
    const enc = time(() => utf8x.encode(s));
    const teEnc = time(() => encoder.encode(s));
    console.log(`| ${file} | ${s.length} | ${f2(into)} | ${f2(teInto)} | ${f2(into / teInto)} | ${f2(enc)} | ${f2(teEnc)} | ${f2(enc / teEnc)} |`);
  }
}

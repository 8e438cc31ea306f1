// Where the time of encoding a string goes, each step timed alone on the lipsum files (8 copies
// of each file per input), in GB/s of the text's UTF-8 bytes: how the units can reach the
// module's memory (Node's ucs2Write, a charCodeAt loop, TextEncoder.encodeInto as UTF-8), the
// module's conversion from there, and the copy out into a new array (`slice`) for the result.
// Also isWellFormed, which decides whether TextEncoder's UTF-8 is the answer. Not a test.
//
//   node bench/steps.js DIR [--min-ms 50] [--runs 5]

import utf8x from "../src/index.js";
import { HEAD, bytesAt, exports, putUtf16, round8 } from "../src/memory.js";
import { header, lipsum, parseArgs, speed, table } from "./common.js";

const options = parseArgs("node bench/steps.js DIR [--min-ms 50] [--runs 5]");
await utf8x.ready;
const w = exports("bench");
const encoder = new TextEncoder();
const UTF8 = 1;
const UTF16LE = 2;
const STRICT = 0;
const rows = [];
let wellFormed = 0;
for (const { file, input, text } of lipsum(options.dir)) {
  const n = input.length;
  const m = text.length;
  // One block for the whole run: the units, then room for 3 bytes a unit.
  const size = HEAD + round8(2 * m) + 3 * m;
  const block = w.u8x_alloc(size) >>> 0;
  const src = block + HEAD;
  const dst = src + round8(2 * m);
  const time = (f) => speed(n, f, options);
  const loop = (ptr) => {
    const units = new Uint16Array(w.memory.buffer, ptr, m);
    for (let i = 0; i < m; i++) units[i] = text.charCodeAt(i);
  };
  putUtf16(src, text);
  const eight = encoder.encodeInto(text, bytesAt(dst, 3 * m)).written;
  rows.push({
    file,
    // Its answer is kept, or the compiler may drop the call.
    isWellFormed: time(() => {
      wellFormed += text.isWellFormed() ? 1 : 0;
    }),
    ucs2Write: time(() => putUtf16(src, text)),
    charCodeAt: time(() => loop(src)),
    encodeInto: time(() => encoder.encodeInto(text, bytesAt(dst, 3 * m))),
    to8: time(() => w.u8x_convert(src, m, UTF16LE, dst, 3 * m, UTF8, STRICT, block)),
    copyOut: time(() => bytesAt(dst, eight).slice()),
  });
  w.u8x_free(block, size);
}

if (wellFormed === 0) throw new Error("the lipsum texts are well-formed");
console.log(header(utf8x.kernel));
console.log(`GB/s of the text's UTF-8 bytes, best of ${options.runs} samples of >= ${options.minMs} ms\n`);
table(rows, [
  ["isWellFormed", (r) => r.isWellFormed],
  ["ucs2Write in", (r) => r.ucs2Write],
  ["charCodeAt in", (r) => r.charCodeAt],
  ["TE.encodeInto in", (r) => r.encodeInto],
  ["UTF-16 → UTF-8 in module", (r) => r.to8],
  ["copy out (new array)", (r) => r.copyOut],
]);

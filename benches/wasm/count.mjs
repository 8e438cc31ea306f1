// Runs one operation of the benchmark module (lib.rs) a given number of times and nothing else,
// for scripts/wasm/insn.sh, which counts the instructions of two such runs under valgrind.
//
// Usage: node count.mjs MODULE.wasm FILE.utf8.txt SET OP REPS
//   SET: 0 scalar, 1 wasm-simd128; OP: as lib.rs's `run`.

import { readFileSync } from 'node:fs';
import process from 'node:process';

const [wasmPath, file, set, op, reps] = process.argv.slice(2);
if (reps === undefined) {
  console.error('usage: node count.mjs MODULE.wasm FILE.utf8.txt SET OP REPS');
  process.exit(2);
}
const { instance } = await WebAssembly.instantiate(readFileSync(wasmPath), {});
const m = instance.exports;
const text = readFileSync(file);
// `input` may grow the memory, which detaches the buffer taken before it.
const ptr = m.input(text.length);
new Uint8Array(m.memory.buffer, ptr, text.length).set(text);
if (!m.prepare() || m.run(Number(set), Number(op), Number(reps)) >>> 0 === 0xffffffff) {
  console.error(`${file}: not valid UTF-8, or the operation failed`);
  process.exit(1);
}

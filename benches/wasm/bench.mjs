// Times utf8x's kernel sets against each other in one WebAssembly module (lib.rs, built by
// scripts/wasm/bench.sh) under Node: validation, counting, UTF-8 → UTF-16LE (strict, and
// replacing errors as the npm package's `decode` does) and UTF-16LE → UTF-8 of each UTF-8 file
// given, with the portable set and with SIMD128. Prints one row per file and operation: GB/s of
// the UTF-8 text's bytes for each set (the best of several timed runs of at least 50 ms each),
// and their ratio; then the geomeans over the texts that are not mostly ASCII.
//
// Usage: node bench.mjs MODULE.wasm FILE.utf8.txt...

import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import process from 'node:process';

const [wasmPath, ...files] = process.argv.slice(2);
if (!wasmPath || files.length === 0) {
  console.error('usage: node bench.mjs MODULE.wasm FILE.utf8.txt...');
  process.exit(2);
}
const { instance } = await WebAssembly.instantiate(readFileSync(wasmPath), {});
const m = instance.exports;
const SETS = ['scalar', 'wasm-simd128'];
const OPS = ['validate', 'count', 'utf8→utf16', 'utf16→utf8', 'utf8→utf16 replace'];
const FAILED = 0xffffffff;
for (let set = 0; set < SETS.length; set++) {
  if (!m.has_set(set)) {
    console.error(`${wasmPath} has no ${SETS[set]} set (built without SIMD128?)`);
    process.exit(1);
  }
}

/** Seconds per run of `op` with `set`: the best of 7 timings of enough runs for 50 ms. */
function time(set, op) {
  let reps = 1;
  for (;;) {
    const t0 = performance.now();
    m.run(set, op, reps);
    const ms = performance.now() - t0;
    if (ms >= 50) break;
    reps *= ms < 5 ? 10 : 2;
  }
  let best = Infinity;
  for (let i = 0; i < 7; i++) {
    const t0 = performance.now();
    m.run(set, op, reps);
    best = Math.min(best, (performance.now() - t0) / 1000 / reps);
  }
  return best;
}

const rows = [];
let failed = false;
for (const file of files) {
  const text = readFileSync(file);
  const ptr = m.input(text.length);
  new Uint8Array(m.memory.buffer, ptr, text.length).set(text);
  if (!m.prepare()) {
    console.error(`${file}: not valid UTF-8`);
    process.exit(1);
  }
  for (let op = 0; op < OPS.length; op++) {
    // Both sets must give the same answer before their speeds mean anything.
    const answers = SETS.map((_, set) => m.run(set, op, 1) >>> 0);
    if (answers.includes(FAILED) || answers.some((a) => a !== answers[0])) {
      console.error(`${file} ${OPS[op]}: the sets disagree or fail: ${answers}`);
      failed = true;
      continue;
    }
    const gbs = SETS.map((_, set) => text.length / time(set, op) / 1e9);
    rows.push([basename(file).replace(/\.utf8\.txt$/, ''), OPS[op], ...gbs, gbs[1] / gbs[0]]);
  }
}

console.log(`| text | operation | ${SETS.join(' GB/s | ')} GB/s | ratio |`);
console.log('|---|---|---:|---:|---:|');
for (const [name, op, a, b, r] of rows) {
  console.log(`| ${name} | ${op} | ${a.toFixed(2)} | ${b.toFixed(2)} | ${r.toFixed(1)}× |`);
}

// Geomeans over the texts that are not mostly ASCII (all but ASCII and Latin), per operation.
const wide = rows.filter(([name]) => !/^(ASCII|Latin)/.test(name));
if (wide.length > 0) {
  const geomean = (xs) => Math.exp(xs.reduce((s, x) => s + Math.log(x), 0) / xs.length);
  console.log('\n| operation | scalar | wasm-simd128 | ratio |');
  console.log('|---|---:|---:|---:|');
  for (const op of OPS) {
    const of = wide.filter((r) => r[1] === op);
    if (of.length === 0) continue;
    const [a, b] = [2, 3].map((i) => geomean(of.map((r) => r[i])));
    console.log(`| ${op} | ${a.toFixed(2)} | ${b.toFixed(2)} | ${(b / a).toFixed(1)}× |`);
  }
}
process.exit(failed ? 1 : 0);

// Runs a WebAssembly command module built for wasm32-wasip1 under Node's WASI, as cargo's
// runner for that target (`CARGO_TARGET_WASM32_WASIP1_RUNNER`): the module gets this process's
// arguments and environment (so `UTF8X_KERNEL` reaches the library) and the whole file system
// at its own paths, and its exit status becomes this process's.
//
// Usage: node scripts/wasm/run.mjs MODULE.wasm [ARGS...]

import { openSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import process from 'node:process';
import { WASI } from 'node:wasi';

const [file, ...args] = process.argv.slice(2);
if (!file) {
  console.error('usage: node scripts/wasm/run.mjs MODULE.wasm [ARGS...]');
  process.exit(2);
}
// Node makes its own descriptors of pipes non-blocking, and a WASI write to one then fails
// with EAGAIN whenever the reader falls behind (std then panics, and a test that prints much
// aborts its binary). The module writes through descriptors opened anew on the same files,
// which block; appending, so that a log file the output goes to is not cut.
const wasi = new WASI({
  version: 'preview1',
  args: [file, ...args],
  env: process.env,
  preopens: { '/': '/' },
  stdout: openSync('/dev/stdout', 'a'),
  stderr: openSync('/dev/stderr', 'a'),
  returnOnExit: true,
});
const module = await WebAssembly.compile(await readFile(file));
const instance = await WebAssembly.instantiate(module, wasi.getImportObject());
process.exitCode = wasi.start(instance);

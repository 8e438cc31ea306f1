// What the benchmark scripts share: their arguments, the lipsum inputs, the timing loop and the
// Markdown tables with geometric means.

import { readFileSync, readdirSync } from "node:fs";
import os from "node:os";

/**
 * `{ dir, minMs, runs, flags }` from the command line (`DIR [--min-ms 50] [--runs 5]` and the
 * bare flags named in `known`), or the usage on stderr and exit 2.
 */
export function parseArgs(usage, known = []) {
  const args = process.argv.slice(2);
  const option = (name, fallback) => {
    const i = args.indexOf(name);
    return i < 0 ? fallback : Number(args.splice(i, 2)[1]);
  };
  const minMs = option("--min-ms", 50);
  const runs = option("--runs", 5);
  const flags = new Set(known.filter((f) => args.includes(f)));
  const [dir] = args.filter((a) => !flags.has(a));
  if (dir === undefined) {
    console.error(`usage: ${usage}   (DIR holds the lipsum *.utf8.txt files)`);
    process.exit(2);
  }
  return { dir, minMs, runs, flags };
}

/**
 * The lipsum files of `dir` (`*.utf8.txt`), each 8 times over: `{ file, input, text }` with the
 * UTF-8 bytes and their text.
 */
export function lipsum(dir) {
  const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
  return readdirSync(dir)
    .filter((f) => f.endsWith(".utf8.txt"))
    .sort()
    .map((file) => {
      const one = readFileSync(`${dir}/${file}`);
      const input = new Uint8Array(one.length * 8);
      for (let i = 0; i < 8; i++) input.set(one, i * one.length);
      return { file: file.replace(".utf8.txt", ""), input, text: decoder.decode(input) };
    });
}

/** GB/s of `f` over `bytes`: the best of `runs` samples of at least `minMs` each. */
export function speed(bytes, f, { minMs, runs }) {
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

const f2 = (x) => x.toFixed(2);
const geomean = (xs) => Math.exp(xs.reduce((s, x) => s + Math.log(x), 0) / xs.length);

/** The line that says what ran where: module, Node, CPU, load. */
export function header(kernel) {
  const cpu = os.cpus()[0]?.model ?? "unknown CPU";
  return `utf8x ${kernel} | Node ${process.version} | ${cpu}, ${os.cpus().length} cores | load ${os.loadavg().map(f2).join(" ")}`;
}

/** Prints a Markdown table of `columns` ([name, row => number]) over `rows`, with geometric means. */
export function table(rows, columns) {
  console.log(`| file | ${columns.map(([c]) => c).join(" | ")} |`);
  console.log(`|---|${columns.map(() => "---:").join("|")}|`);
  for (const r of rows) console.log(`| ${r.file} | ${columns.map(([, f]) => f2(f(r))).join(" | ")} |`);
  console.log(`| geomean | ${columns.map(([, f]) => f2(geomean(rows.map(f)))).join(" | ")} |\n`);
}

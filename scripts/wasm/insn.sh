#!/usr/bin/env bash
# Instructions per byte of UTF-8 text that V8 (Node) runs for one operation of the benchmark
# module (benches/wasm, built by scripts/wasm/bench.sh), per kernel set and file: the machine
# code V8 compiled the module to, counted by valgrind. Exact and repeatable where timings are
# not (a machine shared with other builds moves single rows of bench.sh by tens of percent);
# it says nothing of latencies or throughput per instruction.
#   scripts/wasm/insn.sh MODULE.wasm OP FILE.utf8.txt...
# OP as benches/wasm/lib.rs's `run` (2: UTF-8 → UTF-16LE, 4: the same replacing errors). Each
# count is the difference between 1 and 1001 runs, so starting Node, compiling the module and
# reading the file cancel out; V8 runs single-threaded with its optimizing compiler only
# (--no-liftoff), so that the same code runs every time. Needs valgrind and python3.
set -euo pipefail
[ $# -ge 3 ] || { echo "usage: scripts/wasm/insn.sh MODULE.wasm OP FILE.utf8.txt..." >&2; exit 2; }
root=$(cd "$(dirname "$0")/../.." && pwd)
wasm=$1 op=$2
shift 2
count() { # set file reps
  valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \
    --smc-check=all-non-file node --no-liftoff --single-threaded \
    "$root/benches/wasm/count.mjs" "$wasm" "$2" "$1" "$op" "$3" 2>&1 |
    sed -n 's/.*I *refs: *//p' | tr -d , || true # a failed run has no count: reported below
}
echo "| text | scalar insn/byte | wasm-simd128 insn/byte | ratio |"
echo "|---|---:|---:|---:|"
for f in "$@"; do
  bytes=$(stat -c %s "$f")
  per=()
  for set in 0 1; do
    one=$(count $set "$f" 1)
    many=$(count $set "$f" 1001)
    [[ $one =~ ^[0-9]+$ && $many =~ ^[0-9]+$ ]] || { echo "insn: no count for $f" >&2; exit 1; }
    per+=("$(python3 -c "print(f'{($many - $one) / 1000 / $bytes:.3f}')")")
  done
  ratio=$(python3 -c "print(f'{${per[0]} / ${per[1]}:.2f}')")
  echo "| $(basename "$f" .utf8.txt) | ${per[0]} | ${per[1]} | ${ratio}× |"
done

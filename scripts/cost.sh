#!/usr/bin/env bash
# Cycles and instructions per byte of one implementation of UTF-8 -> UTF-16LE, per file, for a
# profile on a machine without performance counters: cycles from the time and a measured clock
# (benches/cost), instructions from valgrind (the difference between 1 and 11 calls, so reading
# the file and starting up cancel out). Needs valgrind and python3. On a CPU with AVX-512, which
# valgrind does not run, it times and counts the AVX2 kernels (utf8x's and simdutf's) instead.
#   usage: scripts/cost.sh OP FILE...   (OP: see `cargo bench --bench cost -- --help`)
set -euo pipefail
shopt -s inherit_errexit
cd "$(dirname "$0")/.."
[ $# -ge 2 ] || { echo "usage: $0 OP FILE..." >&2; exit 2; }
command -v valgrind >/dev/null || { echo "$0: needs valgrind" >&2; exit 1; }
op=$1
shift
cargo bench -p utf8x-bench --bench cost --no-run -q
bin=$(cargo bench -p utf8x-bench --bench cost --no-run --message-format=json -q |
  python3 -c 'import json, sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m["target"]["name"] == "cost" and m.get("executable"):
        print(m["executable"])')
[ -x "$bin" ] || { echo "$0: no benchmark executable found" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The kernels and CPU features under valgrind must be the CPU's own, or the instruction counts
# are another kernel's (valgrind has no AVX-512).
kernels() { "$bin" --bench --calls 0 "$op" "$1"; }
native=$(kernels "$1")
emulated=$(valgrind "$bin" --bench --calls 0 "$op" "$1" 2>/dev/null)
shown=$native
if [ "$native" != "$emulated" ] && [ -z "${UTF8X_KERNEL:-}${SIMDUTF_FORCE_IMPLEMENTATION:-}" ]; then
  # An AVX-512 CPU: time and count the AVX2 kernels (utf8x's and simdutf's), which valgrind runs.
  echo "$0: valgrind has no AVX-512: timing and counting the AVX2 kernels" \
    "(UTF8X_KERNEL=avx2 SIMDUTF_FORCE_IMPLEMENTATION=haswell)" >&2
  export UTF8X_KERNEL=avx2 SIMDUTF_FORCE_IMPLEMENTATION=haswell
  native=$(kernels "$1")
  emulated=$(valgrind "$bin" --bench --calls 0 "$op" "$1" 2>/dev/null)
  shown=$native
  # The kernels now match; the CPU features seen still differ (the line after the `;`).
  native=${native%%;*} emulated=${emulated%%;*}
fi
echo "$shown"
if [ "$native" != "$emulated" ]; then
  echo "$0: under valgrind: $emulated; instruction counts would be another kernel's" >&2
  exit 1
fi
instructions() { # calls file
  rm -f "$tmp/out"
  valgrind --tool=callgrind --callgrind-out-file="$tmp/out" "$bin" --bench --calls "$1" "$op" "$2" \
    >/dev/null 2>"$tmp/log" || { cat "$tmp/log" >&2; return 1; }
  local n
  n=$(callgrind_annotate "$tmp/out" | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }')
  [[ $n =~ ^[0-9]+$ ]] || { echo "$0: no instruction count from callgrind" >&2; return 1; }
  echo "$n"
}
for f in "$@"; do
  timing=$("$bin" --bench "$op" "$f" | tail -n 1)
  bytes=$(echo "$timing" | sed -E 's/.*: ([0-9]+) bytes,.*/\1/')
  one=$(instructions 1 "$f")
  eleven=$(instructions 11 "$f")
  per_byte=$(python3 -c "print(f'{($eleven - $one) / 10 / $bytes:.3f}')")
  echo "$timing, $per_byte instructions/byte"
done

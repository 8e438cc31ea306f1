#!/usr/bin/env bash
# Cycles and instructions per byte of one implementation of UTF-8 -> UTF-16LE, per file, for a
# profile on a machine without performance counters: cycles from the time and a measured clock
# (benches/cost), instructions from valgrind (the difference between 1 and 11 calls, so reading
# the file and starting up cancel out). Needs valgrind.
#   usage: scripts/cost.sh OP FILE...   (OP: see `cargo bench --bench cost -- --help`)
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 2 ] || { echo "usage: $0 OP FILE..." >&2; exit 2; }
command -v valgrind >/dev/null || { echo "$0: needs valgrind" >&2; exit 1; }
op=$1
shift
cargo bench --bench cost --no-run -q 2>/dev/null
bin=$(cargo bench --bench cost --no-run --message-format=json -q 2>/dev/null |
  python3 -c 'import json, sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m["target"]["name"] == "cost" and m.get("executable"):
        print(m["executable"])')
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
native=$("$bin" --bench --calls 0 "$op" "$1")
emulated=$(valgrind "$bin" --bench --calls 0 "$op" "$1" 2>/dev/null)
echo "$native"
if [ "$native" != "$emulated" ]; then
  echo "$0: under valgrind: $emulated; instruction counts would be another kernel's" >&2
  exit 1
fi
instructions() { # calls file
  valgrind --tool=callgrind --callgrind-out-file="$tmp/out" "$bin" --bench --calls "$1" "$op" "$2" >/dev/null 2>&1
  callgrind_annotate "$tmp/out" 2>/dev/null | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }'
}
for f in "$@"; do
  timing=$("$bin" --bench "$op" "$f" | tail -n 1)
  bytes=$(echo "$timing" | awk '{ print $3 }')
  one=$(instructions 1 "$f")
  eleven=$(instructions 11 "$f")
  echo "$timing, $(python3 -c "print(f'{($eleven - $one) / 10 / $bytes:.3f}')") instructions/byte"
done

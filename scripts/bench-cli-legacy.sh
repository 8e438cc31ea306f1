#!/usr/bin/env bash
# Whole-process timings of the utf8x tool against glibc's iconv between UTF-8 and the legacy
# encodings (and UTF-16LE, for the UTF class), both ways, on inputs of 1 GiB made from the
# lipsum texts: for each encoding, the text of a script it can hold, converted with glibc's
# iconv (`-c`: characters the encoding lacks are left out, which only BIG5 and ISO-8859-2 have
# to), then repeated whole to 1 GiB; the UTF-8 input of the other direction is that text back
# in UTF-8, repeated to 1 GiB too. Prints one Markdown table row per pair: mean wall time (and
# user time) of each tool over RUNS runs (hyperfine -N, output to /dev/null, or to a file for
# the FILE_PAIRS), the ratio of the means, peak RSS of each (/usr/bin/time -f %M, a run writing
# a file), and whether utf8x's output is byte-identical to glibc's (cmp). The files of one
# encoding are made, measured and removed before the next. Needs hyperfine, iconv, jq, bc and
# /usr/bin/time (apt: hyperfine libc-bin jq bc time) and a release build (cargo build --release
# -p utf8x-cli; UTF8X names another binary).
#   usage: scripts/bench-cli-legacy.sh CORPUS_DIR [WORK_DIR] [ENCODING...]  (default: all)
#   env:   RUNS (3), SLOW_RUNS (2: for the pairs where glibc takes over SLOW_SECONDS, 10),
#          FILE_PAIRS (the pairs also timed writing a file: "FROM>TO ..."), SIZE (bytes per
#          input: 1 GiB)
set -euo pipefail
corpus=${1:?usage: scripts/bench-cli-legacy.sh CORPUS_DIR [WORK_DIR] [ENCODING...]}
work=${2:-$(mktemp -d)}
shift $(($# < 2 ? $# : 2))
only="$*"
root=$(cd "$(dirname "$0")/.." && pwd)
utf8x=${UTF8X:-${CARGO_TARGET_DIR:-$root/target}/release/utf8x}
runs=${RUNS:-3}
slow_runs=${SLOW_RUNS:-2}
slow=${SLOW_SECONDS:-10}
file_pairs=${FILE_PAIRS:-"UTF-8>UTF-16LE CP1251>UTF-8 UTF-8>CP1251 SJIS>UTF-8 UTF-8>SJIS"}
size=${SIZE:-$((1 << 30))}

# Each encoding with the text it is made from.
all=(
  "UTF-16LE Russian-Lipsum.utf8.txt"
  "CP1251 Russian-Lipsum.utf8.txt"
  "KOI8-R Russian-Lipsum.utf8.txt"
  "ISO-8859-2 french.utflatin8.txt"
  "ISO-8859-15 french.utflatin8.txt"
  "CP1252 french.utflatin8.txt"
  "SJIS Japanese-Lipsum.utf8.txt"
  "EUC-JP Japanese-Lipsum.utf8.txt"
  "EUC-KR Korean-Lipsum.utf8.txt"
  "GB18030 Chinese-Lipsum.utf8.txt"
  "GBK Chinese-Lipsum.utf8.txt"
  "BIG5 Chinese-Lipsum.utf8.txt"
)
mkdir -p "$work"
cd "$work"
trap 'rm -f one.* block.* big.* out.glibc out.utf8x time.* bench.json' EXIT

# `big.$2`: the file `$1` repeated whole to at least 1 GiB, through a block of at least 1 MiB.
repeat() {
  : >"block.$2"
  while [ "$(stat -c %s "block.$2")" -lt $((1 << 20)) ]; do cat "$1" >>"block.$2"; done
  local reps=$(((size + $(stat -c %s "block.$2") - 1) / $(stat -c %s "block.$2")))
  for _ in $(seq "$reps"); do cat "block.$2"; done >"big.$2"
  rm "block.$2"
}

# Mean wall and user seconds of hyperfine's command number $1 in bench.json.
mean() { jq -r ".results[$1] | \"\(.mean) \(.user)\"" bench.json; }

# One pair: $1 -> $2 on the file $3; $4: "file" to write a file rather than /dev/null.
pair() {
  local from=$1 to=$2 in=$3 dest=/dev/null label="" r=$runs
  if [ "${4:-}" = file ]; then dest=out.bench label=", -o FILE"; fi
  cat "$in" >/dev/null
  # A first glibc run decides how many runs the pair gets, and gives its peak RSS and output.
  local t0 t1
  t0=$(date +%s.%N)
  /usr/bin/time -f %M -o time.glibc iconv -f "$from" -t "$to" -o out.glibc "$in"
  t1=$(date +%s.%N)
  if [ "$(echo "$t1 - $t0 > $slow" | bc)" = 1 ]; then r=$slow_runs; fi
  /usr/bin/time -f %M -o time.utf8x "$utf8x" -f "$from" -t "$to" -o out.utf8x "$in"
  local same=identical
  cmp -s out.glibc out.utf8x || same="differs: $(cmp out.glibc out.utf8x 2>&1 | head -1 || true)"
  rm -f out.glibc out.utf8x
  local prep=true
  [ "$dest" = /dev/null ] || prep="rm -f $dest; sync"
  hyperfine -N -r "$r" --prepare "$prep" --export-json bench.json --style none \
    -n glibc "iconv -f $from -t $to -o $dest $in" \
    -n utf8x "$utf8x -f $from -t $to -o $dest $in" >/dev/null
  rm -f out.bench
  read -r gw gu <<<"$(mean 0)"
  read -r uw uu <<<"$(mean 1)"
  printf '| %s → %s%s | %.2f s (user %.2f) | %.2f s (user %.2f) | %.2f× | %.1f MiB (glibc %.1f MiB) | %s |\n' \
    "$from" "$to" "$label" "$gw" "$gu" "$uw" "$uu" "$(echo "$gw / $uw" | bc -l)" \
    "$(echo "$(cat time.utf8x) / 1024" | bc -l)" "$(echo "$(cat time.glibc) / 1024" | bc -l)" "$same"
}

echo "machine: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) cores; load: $(cut -d' ' -f1-3 /proc/loadavg); runs: $runs ($slow_runs for the slow ones)"
echo
echo "| pair | glibc iconv | utf8x | ratio | peak RSS utf8x | output |"
echo "|---|---|---|---|---|---|"
for entry in "${all[@]}"; do
  set -- $entry
  enc=$1 text=$2
  if [ -n "$only" ] && [[ " $only " != *" $enc "* ]]; then continue; fi
  iconv -c -f UTF-8 -t "$enc" "$corpus/$text" >"one.$enc" || true
  iconv -f "$enc" -t UTF-8 "one.$enc" >one.utf8
  repeat "one.$enc" "$enc"
  repeat one.utf8 utf8
  rm -f "one.$enc" one.utf8
  for dir in "$enc>UTF-8" "UTF-8>$enc"; do
    from=${dir%>*} to=${dir#*>}
    in=big.$enc
    [ "$from" = UTF-8 ] && in=big.utf8
    pair "$from" "$to" "$in"
    if [[ " $file_pairs " == *" $dir "* ]]; then pair "$from" "$to" "$in" file; fi
  done
  rm -f "big.$enc" big.utf8
done

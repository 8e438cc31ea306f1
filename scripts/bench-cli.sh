#!/usr/bin/env bash
# Whole-process timings of the utf8x tool against glibc's iconv, iconv running on
# libutf8x_iconv.so, and moreutils' isutf8, on a 1 GiB file made of the lipsum texts (every
# *.utf8.txt in CORPUS_DIR, repeated); peak memory with /usr/bin/time -v. The files are removed
# at the end. Needs hyperfine, isutf8 (moreutils), iconv and /usr/bin/time (apt: hyperfine
# moreutils libc-bin time) and a release build (make build).
#   usage: scripts/bench-cli.sh CORPUS_DIR [WORK_DIR]
set -euo pipefail
corpus=${1:?usage: scripts/bench-cli.sh CORPUS_DIR [WORK_DIR]}
work=${2:-$(mktemp -d)}
root=$(cd "$(dirname "$0")/.." && pwd)
rel=${CARGO_TARGET_DIR:-$root/target}/release
utf8x=$rel/utf8x
preload=$rel/libutf8x_iconv.so
runs=${RUNS:-5}
mkdir -p "$work"
cd "$work"
trap 'rm -f big.utf8 big.utf16le early.utf8 out' EXIT

cat "$corpus"/*.utf8.txt > one.txt
reps=$(( (1 << 30) / $(stat -c %s one.txt) + 1 ))
for _ in $(seq "$reps"); do cat one.txt; done > big.utf8
rm one.txt
"$utf8x" -f UTF-8 -t UTF-16LE -o big.utf16le big.utf8
cp big.utf8 early.utf8
printf '\377' | dd of=early.utf8 bs=1 seek=3 conv=notrunc status=none
ls -l big.utf8 big.utf16le

# Each run writes a fresh file; the previous one is removed and flushed outside the timing.
prep='rm -f out; sync'
for pair in "UTF-8 UTF-16LE big.utf8" "UTF-16LE UTF-8 big.utf16le"; do
  set -- $pair
  hyperfine -N -w 1 -r "$runs" --prepare "$prep" \
    -n utf8x "$utf8x convert -f $1 -t $2 -o out $3" \
    -n iconv "iconv -f $1 -t $2 -o out $3" \
    -n iconv+libutf8x_iconv "env LD_PRELOAD=$preload iconv -f $1 -t $2 -o out $3"
done
# The same without the disk: output to /dev/null.
for pair in "UTF-8 UTF-16LE big.utf8" "UTF-16LE UTF-8 big.utf16le"; do
  set -- $pair
  hyperfine -N -w 1 -r "$runs" \
    -n utf8x "$utf8x convert -f $1 -t $2 -o /dev/null $3" \
    -n iconv "iconv -f $1 -t $2 -o /dev/null $3" \
    -n iconv+libutf8x_iconv "env LD_PRELOAD=$preload iconv -f $1 -t $2 -o /dev/null $3"
done
hyperfine -N -w 1 -r "$runs" -i -n "utf8x check" "$utf8x check big.utf8" -n isutf8 "isutf8 big.utf8"
hyperfine -N -w 3 -r 20 -i -n "utf8x check (early error)" "$utf8x check early.utf8" \
  -n "isutf8 (early error)" "isutf8 early.utf8"

peak() { /usr/bin/time -v "$@" 2>&1 >/dev/null | sed -n 's/.*Maximum resident set size (kbytes): /peak KiB: /p'; }
for cmd in "$utf8x convert -f UTF-8 -t UTF-16LE -o out big.utf8" \
           "$utf8x convert -f UTF-16LE -t UTF-8 -o out big.utf16le" \
           "iconv -f UTF-8 -t UTF-16LE -o out big.utf8" \
           "$utf8x check big.utf8" "isutf8 big.utf8" "$utf8x check early.utf8"; do
  echo "$cmd: $(peak $cmd)"
done

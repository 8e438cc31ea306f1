#!/usr/bin/env bash
# Writes seed inputs for every fuzz target under fuzz/work/seeds/<target>/ (or $1/<target>/): the
# ill-formed snippets of the test suite's table, the shipped samples, and lipsum heads from
# ../shared/data when that directory exists. Structured targets get each payload behind a few
# structure bytes (encodings, policy, sizes), read as the targets read them.
set -euo pipefail
# The payload counter lives in this shell although payload() ends pipelines.
shopt -s lastpipe
cd "$(dirname "$0")/.."
out=${1:-fuzz/work/seeds}
data=${SHARED_DATA:-../shared/data}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Payloads, one per file, at most 255 bytes (the targets' length prefix is one byte).
n=0
payload() {
  local f=$tmp/p$((1000 + n))
  n=$((n + 1))
  head -c 255 > "$f"
}
# The table of ill-formed snippets in tests/support/inputs.rs, each alone and inside text.
sed -n '/^pub const BAD_SNIPPETS/,/^];/p' tests/support/inputs.rs |
  grep -o 'b"[^"]*"' | sed 's/^b"//; s/"$//' > "$tmp/snippets"
while IFS= read -r s; do
  printf '%b' "$s" | payload
  printf 'ab%bcd\xc3\xa9' "$s" | payload
done < "$tmp/snippets"
printf '' | payload
printf 'h\xc3\xa9llo \xe2\x82\xac \xf0\x9f\x98\x80 \xed\xa0\xbd\xed\xb8\x80 \xc0\x80\x00z' | payload
for f in samples/*.txt; do payload < "$f"; done
if [ -d "$data/lipsum" ]; then
  for f in "$data"/lipsum/*.txt; do payload < "$f"; done
else
  echo "seed.sh: $data/lipsum not found; seeding from the repository only" >&2
fi

emit() { # target, then printf-style structure bytes before the payload, payload file
  local target=$1 head=$2 file=$3
  mkdir -p "$out/$target"
  local f="$tmp/seed"
  { printf '%b' "$head"; cat "$file"; printf '\x03\x07\x01\x0f\x00\x05'; } > "$f"
  cp "$f" "$out/$target/$(sha1sum < "$f" | cut -c1-16)"
}
len() { printf '\\x%02x' "$(wc -c < "$1")"; }

i=0
for p in "$tmp"/p*; do
  i=$((i + 1))
  l=$(len "$p")
  # Rotate the structure bytes so that the seeds spread over encodings and policies.
  e1=$(printf '\\x%02x' $((i % 14))) e2=$(printf '\\x%02x' $((i * 5 % 14)))
  pol=$(printf '\\x%02x' $((i % 5))) op=$(printf '\\x%02x' $((i % 9)))
  emit validate '' "$p"
  emit lossy '' "$p"
  emit escape '' "$p"
  emit utf16 "$(printf '\\x%02x' $((i % 2)))" "$p"
  emit resume "$op$pol\\x01$l$e1$e2" "$p"
  emit stream "$e1$e2$pol$l" "$p"
  emit convert_pairs "$e1$e2$pol" "$p"
  emit iconv "$(printf '\\x%02x\\x%02x\\x%02x' $((i % 20)) $((i * 7 % 20)) $((i % 4)))$l" "$p"
  emit mb "\\x07$l" "$p"
  # threads, piece size, encodings, policy, room; then 8 value lengths for the column.
  emit engines "$(printf '\\x%02x\\x%02x' $((i % 8)) $((i * 3 % 64)))$e1$e2$pol\\x01\\x08\\x03\\x07\\x01\\x0f\\x00\\x05\\x02\\x09" "$p"
  # charset (two bytes), direction and policy, chunk and piece sizes.
  emit cli_engines "$(printf '\\x%02x\\x%02x\\x%02x\\x%02x\\x%02x' $((i / 256 % 2)) $((i * 37 % 256)) $((i % 24)) $((i % 17)) $((i * 7 % 65)))" "$p"
done
echo "seed.sh: $(find "$out" -type f | wc -l) seeds in $out ($(du -sh "$out" | cut -f1))"

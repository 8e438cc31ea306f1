#!/usr/bin/env bash
# Sizes of small C programs linked with libutf8x.a and --gc-sections, then stripped: the README's
# "Ten lines of C" (utf8x_validate and utf8x_to_utf16le, and the two string functions) and a
# program that only validates. They show that the dispatch keeps only the kernels of the
# operations a program calls; fails when the first exceeds 400 KB or the second 150 KB.
#   usage: scripts/static-size.sh [--report]   (builds the static library as `make build` does;
#          --report: print the sizes and exit 0 whatever they are)
set -euo pipefail
shopt -s inherit_errexit
cd "$(dirname "$0")/.."
report=false
[ "${1:-}" = --report ] && report=true
cargo build --release -p utf8x-c -q
./scripts/localize-static.sh target/release/libutf8x.a
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The README's program, as the README shows it.
awk '/^## Ten lines of C/ { on = 1 } on && /^```c/ { code = 1; next } code && /^```/ { exit }
     code { print }' README.md >"$tmp/hello.c"
grep -q utf8x_to_utf16le "$tmp/hello.c" || { echo "$0: no program in the README" >&2; exit 1; }
cat >"$tmp/validate.c" <<'EOF'
#include <stdio.h>
#include "utf8x.h"

int main(int argc, char **argv) {
    (void)argc;
    const char *s = argv[0];
    size_t n = 0;
    while (s[n]) n++;
    utf8x_result r = utf8x_validate((const uint8_t *)s, n);
    return r.status == UTF8X_OK ? 0 : 1;
}
EOF
status=0
for prog in hello:400 validate:150; do
  name=${prog%:*} limit=${prog#*:}
  cc -O2 -Iinclude "$tmp/$name.c" target/release/libutf8x.a -Wl,--gc-sections \
    -lgcc_s -lutil -lrt -lpthread -lm -ldl -lc -o "$tmp/$name"
  strip "$tmp/$name"
  "$tmp/$name" >/dev/null || [ "$name" = validate ]
  bytes=$(stat -c %s "$tmp/$name")
  kb=$(( (bytes + 999) / 1000 ))
  verdict=ok
  [ "$kb" -le "$limit" ] || { verdict="OVER $limit KB"; status=1; }
  echo "$name: $bytes bytes ($kb KB, limit $limit KB) $verdict"
done
$report || exit "$status"

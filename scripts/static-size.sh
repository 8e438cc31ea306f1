#!/usr/bin/env bash
# Sizes of small C programs linked with libutf8x.a and --gc-sections, then stripped: the README's
# "Ten lines of C" (utf8x_validate and utf8x_to_utf16le, and the two string functions) and a
# program that only validates. They show that the dispatch keeps only the kernels of the
# operations a program calls. Each is linked twice: with the library `make build` makes, and
# with `make small`'s (nightly: the standard library rebuilt without its backtrace symbolizer).
# The goals are the small library's: fails when the first exceeds 400 KB or the second 150 KB
# with it. The default library's sizes are printed beside them.
#   usage: scripts/static-size.sh [--report]   (builds both libraries; needs the nightly
#          toolchain with rust-src; --report: print the sizes and exit 0 whatever they are)
set -euo pipefail
shopt -s inherit_errexit
cd "$(dirname "$0")/.."
report=false
[ "${1:-}" = --report ] && report=true
out=${CARGO_TARGET_DIR:-target}
cargo build --release -p utf8x-c -q
./scripts/localize-static.sh "$out/release/libutf8x.a"
make -s small
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
for lib in "default:$out/release/libutf8x.a" "small:$out/small/libutf8x.a"; do
  kind=${lib%%:*} archive=${lib#*:}
  for prog in hello:400 validate:150; do
    name=${prog%:*} limit=${prog#*:}
    cc -O2 -Iinclude "$tmp/$name.c" "$archive" -Wl,--gc-sections \
      -lgcc_s -lutil -lrt -lpthread -lm -ldl -lc -o "$tmp/$name"
    strip "$tmp/$name"
    "$tmp/$name" >/dev/null || [ "$name" = validate ]
    bytes=$(stat -c %s "$tmp/$name")
    kb=$(( (bytes + 999) / 1000 ))
    if [ "$kind" = small ]; then
      verdict="limit $limit KB: ok"
      [ "$kb" -le "$limit" ] || { verdict="limit $limit KB: OVER"; status=1; }
    else
      verdict="the goals are make small's"
    fi
    echo "$kind library, $name: $bytes bytes ($kb KB; $verdict)"
  done
done
$report || exit "$status"

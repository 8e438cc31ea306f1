#!/bin/sh
# Rewrites a libutf8x.a so that it defines only the utf8x_* symbols globally.
#
# rustc's staticlib is the crate plus Rust's standard library, and it exports hundreds of their
# internal symbols (rust_eh_personality, mangled std functions...). A program linking two Rust
# static libraries then fails on duplicates, or silently binds one library's internals to the
# other's. So: one partial link (`ld -r`) of the whole archive, keeping only what the utf8x_*
# functions reach (--gc-sections, rooted at them), then objcopy makes every other defined symbol
# local. The .llvmbc/.llvmcmd sections (bitcode that the precompiled standard library carries)
# are dropped: no linker here uses them, and binutils' LLVM plugin aborts on them.
#
# Usage: scripts/localize-static.sh path/to/libutf8x.a   (replaced in place; idempotent)
set -eu
lib=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
nm -g --defined-only "$lib" 2>/dev/null | awk 'NF == 3 && $3 ~ /^utf8x_/ { print $3 }' |
    sort -u >"$tmp/keep"
[ -s "$tmp/keep" ] || { echo "$0: no utf8x_ symbols in $lib" >&2; exit 1; }
roots=$(sed 's/^/--undefined=/' "$tmp/keep")
# shellcheck disable=SC2086 # one --undefined per exported function
ld -r --whole-archive "$lib" --gc-sections $roots -o "$tmp/all.o"
objcopy --keep-global-symbols="$tmp/keep" --remove-section=.llvmbc --remove-section=.llvmcmd \
    "$tmp/all.o" "$tmp/utf8x.o"
ar rcs "$tmp/libutf8x.a" "$tmp/utf8x.o"
# A new file, not an overwrite: cargo's copy under deps/ is a hard link to this name.
mv -f "$tmp/libutf8x.a" "$lib"

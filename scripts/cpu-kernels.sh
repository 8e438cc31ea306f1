#!/usr/bin/env bash
# Prints the kernel sets this CPU can execute, portable first, one per line: what the test
# scripts force one at a time through UTF8X_KERNEL. Mirrors the library's own feature checks
# (src/simd/x86/mod.rs, `runs`).
set -euo pipefail
echo scalar
[ "$(uname -m)" = x86_64 ] || exit 0
flags=" $(grep -m1 '^flags' /proc/cpuinfo | cut -d: -f2) "
has() { for f in "$@"; do [[ $flags == *" $f "* ]] || return 1; done; }
has ssse3 sse4_1 sse4_2 popcnt || exit 0
echo sse42
has avx avx2 bmi1 || exit 0
echo avx2
has avx512f avx512cd avx512bw avx512vl avx512vbmi avx512_vbmi2 bmi2 && echo avx512
exit 0

#!/usr/bin/env bash
# Cross-builds the utf8x library's test suites for aarch64 (cargo test of utf8x, utf8x-ffi and
# utf8x-c: every tests/<name>/main.rs, and the C harness, C example and C++ wrapper
# that capi/tests/ build with the cross compiler) and runs them under qemu-user, once per kernel
# set: the ones named, else every set the library has on aarch64 (neon where it exists, then
# scalar). A run fails unless every set passes, and a set named but missing fails (the kernels
# binary's dispatch module checks that UTF8X_KERNEL took).
#   scripts/test-aarch64.sh [KERNEL...]
#
# Needs, on Debian 12 (what .ci/run installs):
#   dpkg --add-architecture arm64 && apt-get update
#   apt-get install rustc-web cargo-web libstd-rust-web-dev:arm64 gcc-aarch64-linux-gnu \
#     g++-aarch64-linux-gnu qemu-user
# rustup's toolchain has no aarch64 standard library; Debian's rustc-web (/usr/bin/rustc) with
# libstd-rust-web-dev:arm64 has. UTF8X_AARCH64_CARGO, UTF8X_AARCH64_RUSTC and
# UTF8X_AARCH64_RUSTDOC name others.
#
# The tests that load the library into a host program (the Python, Go and Node examples) or
# compile with clang++ for the host skip under emulation, saying so.
set -euo pipefail
shopt -s inherit_errexit
cd "$(dirname "$0")/.."

target=aarch64-unknown-linux-gnu
cargo=${UTF8X_AARCH64_CARGO:-/usr/bin/cargo}
export RUSTC=${UTF8X_AARCH64_RUSTC:-/usr/bin/rustc}
# The doc tests are compiled for aarch64 too, by the rustdoc beside that rustc.
export RUSTDOC=${UTF8X_AARCH64_RUSTDOC:-$(dirname "$RUSTC")/rustdoc}
fail() { echo "test-aarch64: $*" >&2; exit 1; }
for tool in "$cargo" "$RUSTC" "$RUSTDOC" aarch64-linux-gnu-gcc aarch64-linux-gnu-g++ \
  qemu-aarch64; do
  command -v "$tool" >/dev/null || fail "$tool is missing (see the packages at the top of $0)"
done
[ -d "$("$RUSTC" --print sysroot)/lib/rustlib/$target/lib" ] ||
  fail "$RUSTC has no standard library for $target (apt-get install libstd-rust-web-dev:arm64)"

# A build directory of its own: this rustc and rustup's would otherwise throw away each other's
# builds in target/ at every switch.
export CARGO_TARGET_DIR=$PWD/target/aarch64
# No debug information: under emulation a failing test's message (with its file and line) is
# what gets read, and leaving out the line tables shortens the cross build and its links.
export CARGO_PROFILE_DEV_DEBUG=false CARGO_PROFILE_TEST_DEBUG=false
export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER=aarch64-linux-gnu-gcc
# The C and C++ compilers cc-rs picks, for the tests that compile the C harness and the C++
# wrapper (and for simdutf, when scripts/insn-aarch64.sh builds the benchmark crate here).
export CC_aarch64_unknown_linux_gnu=aarch64-linux-gnu-gcc
export CXX_aarch64_unknown_linux_gnu=aarch64-linux-gnu-g++
export AR_aarch64_unknown_linux_gnu=aarch64-linux-gnu-ar
# qemu runs a dynamically linked program with the loader and libc of libc6:arm64
# (/lib/ld-linux-aarch64.so.1, pulled in by libstd-rust-web-dev:arm64): both from one glibc
# build. `-L /usr/aarch64-linux-gnu` would take the loader from libc6-arm64-cross but libc.so.6
# still from libc6:arm64 (the prefix has none under lib/aarch64-linux-gnu), two builds whose
# private interface differs: such a program hangs in its first pthread_create, and libtest runs
# every test in a thread. The prefix serves only where libc6:arm64 is absent.
runner=qemu-aarch64
[ -e /lib/ld-linux-aarch64.so.1 ] || runner="qemu-aarch64 -L /usr/aarch64-linux-gnu"
export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_RUNNER=$runner
# The tests run what they build, and the kernel choice tests run their own executable again:
# through the same emulator (tests/support/runner.rs).
export UTF8X_TEST_RUNNER=$runner

# The library, its C ABI as Rust (the shims through the ABI) and the C library (the C harness).
packages=(-p utf8x -p utf8x-ffi -p utf8x-c)
start=$SECONDS
# `cargo test` does not build the C library's own crate types (libutf8x.so and libutf8x.a have
# no rlib to link into a test), so it is built first, as the README's test command does on the
# host: the C harness and the probe below link what this run built, never an older copy.
"$cargo" build -p utf8x-c --target "$target"
"$cargo" test "${packages[@]}" --target "$target" --no-run
echo "--- build: $((SECONDS - start)) s"

# Which sets the library has: a set is there when forcing it makes the library use it. The
# probe links the static library, so it needs nothing at run time.
built=$CARGO_TARGET_DIR/$target/debug
tmp=$(mktemp -d)
log=$tmp/log
trap 'rm -rf "$tmp"' EXIT
printf '#include <stdio.h>\n#include "utf8x.h"\nint main(void) { puts(utf8x_kernel_name()); return 0; }\n' |
  aarch64-linux-gnu-gcc -std=c99 -Iinclude -x c - -x none -o "$tmp/kernel_probe" \
    "$built/libutf8x.a" -lgcc_s -lutil -lrt -lpthread -lm -ldl -lc
available() { [ "$(UTF8X_KERNEL=$1 $runner "$tmp/kernel_probe")" = "$1" ]; }
echo "kernel set chosen by default: $(env -u UTF8X_KERNEL $runner "$tmp/kernel_probe")"
if [ $# -gt 0 ]; then
  kernels=("$@")
else
  kernels=()
  for k in neon scalar; do available "$k" && kernels+=("$k"); done
  available neon || echo "note: the library has no neon set yet; testing scalar only"
fi

# The kernels binary (tests/kernels/) compares every set the CPU runs against the portable one
# through explicit kernel handles, whatever UTF8X_KERNEL says: those sweeps (its modules convert
# and validate) are the same in every pass, and under emulation the longest part of one, so they
# run in the first pass only. Everything else, the kernel choice tests included, runs in every
# pass. They are skipped by their exact names, as that binary lists them, so that no test of
# another binary whose name merely contains `convert::` is skipped with them.
sweeps=$("$cargo" test -p utf8x --target "$target" --test kernels -- --list 2>/dev/null |
  sed -n 's/: test$//p' | grep -E '^(convert|validate)::') ||
  fail "the kernels binary lists no convert:: or validate:: tests"
skip=()
status=0
for k in "${kernels[@]}"; do
  echo "=== kernel: $k ==="
  start=$SECONDS
  UTF8X_KERNEL=$k "$cargo" test "${packages[@]}" --target "$target" --no-fail-fast -- "${skip[@]}" 2>&1 |
    tee -a "$log" || status=1
  echo "--- kernel $k: $((SECONDS - start)) s"
  skip=(--exact)
  for t in $sweeps; do skip+=(--skip "$t"); done
done
# One closing line over every suite and kernel, as scripts/test-all.sh prints.
awk '/^test result:/ { for (i = 1; i <= NF; i++) { if ($(i+1) ~ /^passed/) p += $i; if ($(i+1) ~ /^failed/) f += $i } }
     END { printf "kernels: %s\ntotal: %d passed, %d failed\n", K, p, f }' K="${kernels[*]}" "$log"
exit $status

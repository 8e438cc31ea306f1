#!/usr/bin/env bash
# The library's tests of its own state and bookkeeping under Miri (undefined behaviour,
# out-of-bounds access, aliasing), on the portable kernel set: Miri cannot execute the SIMD
# intrinsics of the x86 kernels, and the kernel differential tests check those against the
# portable set on real hardware. The tests are chosen by name: the suites' sweeps over the
# corpus and over every short string take hours under Miri, and cover the same code on real
# hardware.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! cargo +nightly --version > /dev/null 2>&1; then
  echo "ci-miri: *** nightly toolchain missing: installing it ***"
  rustup toolchain install nightly --profile minimal
fi
if ! cargo +nightly miri --version > /dev/null 2>&1; then
  echo "ci-miri: *** miri missing: installing the miri and rust-src components ***"
  rustup +nightly component add miri rust-src
fi

export UTF8X_KERNEL=scalar
# Miri hides the host environment unless asked: forward the variable that picks the kernel set.
export MIRIFLAGS="${MIRIFLAGS:-} -Zmiri-env-forward=UTF8X_KERNEL"
start=$SECONDS
cargo +nightly miri test -p utf8x --test api --test stream "$@" -- \
  state:: mb:: column::offsets parallel::split_points detect::implausible \
  detect::repeated_latin1 detect::utf16_reading
echo "ci-miri: done in $((SECONDS - start))s (kernel set: $UTF8X_KERNEL)"

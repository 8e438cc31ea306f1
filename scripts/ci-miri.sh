#!/usr/bin/env bash
# The library's unit tests under Miri (undefined behaviour, out-of-bounds access, aliasing), on
# the portable kernel set: Miri cannot execute the SIMD intrinsics of the x86 kernels, and the
# kernel differential tests check those against the portable set on real hardware.
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
# The exhaustive sweep over all short strings takes hours under Miri; the other tests cover the
# same code on chosen inputs.
cargo +nightly miri test --lib "$@" -- --skip chars::tests::boundaries_match_the_forward_split_on_all_short_strings
echo "ci-miri: done in $((SECONDS - start))s (kernel set: $UTF8X_KERNEL)"

#!/usr/bin/env bash
# The small static library, `make small`'s (nightly: Rust's standard library rebuilt without its
# backtrace symbolizer): builds it, which also runs a program that panics inside the panic
# boundary on purpose, built the same way; holds the README's programs linked with it to their
# size goals (scripts/static-size.sh); and runs the C harness against it, on the best kernel set
# of this CPU and on the portable one.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! cargo +nightly --version >/dev/null 2>&1; then
  echo "ci-small: *** nightly toolchain missing: installing it ***"
  rustup toolchain install nightly --profile minimal
fi
if ! rustup +nightly component list --installed | grep -q '^rust-src'; then
  echo "ci-small: *** rust-src missing: installing it (-Zbuild-std compiles it) ***"
  rustup +nightly component add rust-src
fi

start=$SECONDS
./scripts/static-size.sh
# The harness test finds the shared library of this profile's build next to it.
cargo build -p utf8x-c -q
small=$(realpath "${CARGO_TARGET_DIR:-target}/small/libutf8x.a")
for kernel in "" scalar; do
  UTF8X_KERNEL=$kernel UTF8X_STATIC_LIB=$small \
    cargo test -p utf8x-c --test c_harness -- harness_against_static_library --nocapture
done
echo "ci-small: done in $((SECONDS - start))s"

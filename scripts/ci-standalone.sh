#!/usr/bin/env bash
# Proves that the repository stands alone: clones the current checkout into an empty temporary
# directory (so no lipsum corpus or external suites sit beside it) and runs the README's test
# command there. The tests then use the generated corpus and skip the external suites, saying so.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
git clone --quiet "$repo" "$tmp/utf8x"
cd "$tmp/utf8x"
# The clone has only what is committed: say so when the checkout has uncommitted changes.
if [ -n "$(git -C "$repo" status --porcelain)" ]; then
  echo "note: $repo has uncommitted changes; the clone tests HEAD ($(git rev-parse --short HEAD))"
fi
# Data paths the tests would otherwise honour must not leak in from the environment. Nor may a
# shared build directory: cargo does not rebuild when only CARGO_MANIFEST_DIR changes, so
# binaries built here (pointing at this clone) would later be reused by the original checkout
# whose files are older, and vice versa. The clone builds in its own target/, removed with it.
unset UTF8X_LIPSUM UTF8X_EXTERNAL_SUITES CARGO_TARGET_DIR
# The Go and Node examples need their toolchains and the npm package in this clone; under CI a
# missing one is a failure, not a skip.
./scripts/ffi-toolchains.sh
if [ -n "${CI:-}" ]; then export UTF8X_REQUIRE_FFI_TOOLCHAINS=1; fi
./scripts/test-all.sh

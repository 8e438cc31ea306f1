#!/usr/bin/env bash
# Proves that the repository stands alone: clones the current checkout into an empty temporary
# directory (so no lipsum corpus or external suites sit beside it) and runs the README's test
# command there. The tests then use the generated corpus and skip the external suites, saying so.
# With a data directory as argument (one holding lipsum/ and external-suites/), it then runs the
# suites that read them in the same clone, reusing its build instead of compiling the test
# profile a second time in the checkout:
#   scripts/ci-standalone.sh ../shared/data
# With CI_BENCH_SMOKE set, it last runs the benchmark's smoke run on that build too.
set -euo pipefail
data=
if [ $# -gt 0 ]; then
  data=$(cd "$1" && pwd) || { echo "ci-standalone: no directory $1" >&2; exit 2; }
fi
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
if [ -n "$data" ]; then
  echo "=== the suites that read the lipsum corpus and the external suites in $data ==="
  log=$tmp/shared-suites.log
  # The packages the test command builds (`--workspace` but utf8x-bench and utf8x-header): the
  # same feature set, so the same binaries (a run of the root package alone resolves features
  # of its own and rebuilds them all).
  UTF8X_LIPSUM=$data/lipsum UTF8X_EXTERNAL_SUITES=$data/external-suites \
    cargo test --workspace --exclude utf8x-bench --exclude utf8x-header --test external --test api --test kernels 2>&1 | tee "$log"
  # Every binary passed, and the data was read, not skipped (both say so on stderr).
  if grep "^test result:" "$log" | grep -qv "^test result: ok" \
     || grep -q "no lipsum corpus at\|SKIPPED: no external test suites" "$log"; then
    echo "ci-standalone: the suites that read $data failed or skipped it" >&2
    exit 1
  fi
fi
if [ -n "${CI_BENCH_SMOKE:-}" ]; then
  # The benchmark's smoke run (every implementation's output checked against the others, then
  # short timings) on the test profile, whose build the suites above made: the timings mean
  # nothing, the checks everything. On the lipsum corpus when there is one.
  echo "=== the benchmark smoke run ==="
  if [ -n "$data" ]; then export UTF8X_LIPSUM=$data/lipsum; fi
  cargo bench --profile dev --bench throughput -- --quick
  # Fresh output memory touched once: page faults per output page of every direct conversion,
  # every kernel set (fails above 1.02).
  echo "=== page faults per output page ==="
  cargo bench --profile dev --bench faults
fi

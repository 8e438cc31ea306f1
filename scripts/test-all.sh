#!/usr/bin/env bash
# Runs every test: the Rust suites, the C harness against the real .so and .a, the C example, the
# CLI tests and the Python example, once per kernel this CPU can execute (UTF8X_KERNEL forces
# one); then the documentation's examples once.
set -euo pipefail
cd "$(dirname "$0")/.."

mapfile -t kernels < <(./scripts/cpu-kernels.sh)

# The benchmarks (utf8x-bench, which compiles simdutf's C++) are built and linted by CI's
# clippy step and run by its benchmark smoke run, not here; the header generator (utf8x-header,
# which compiles cbindgen and its parser, and has no tests) by scripts/header.sh.
skip=(--exclude utf8x-bench --exclude utf8x-header)
# What the passes below run, built once first and in one build: the libraries (libutf8x.so and
# .a, which the C, C++ and Python tests load), the binaries, the tests and the examples. (Not
# `--all-targets`: that also builds the unit tests of crates that have none, such as the C ABI
# crate, whose test build compiles every conversion of the library a second time: 75 s of a
# fresh clone's 4 min 54 s on 2 cores.)
cargo build --workspace "${skip[@]}" --lib --bins --tests --examples
log=$(mktemp)
py=$(mktemp -d)
python_tests=
# A run that stops early (a failing pass, Ctrl-C) takes the Python build and tests with it.
stop_python() {
  if [ -n "$python_tests" ] && kill -0 "$python_tests" 2> /dev/null; then
    kill -- -"$python_tests" 2> /dev/null || true
    wait "$python_tests" 2> /dev/null || true
  fi
}
trap 'stop_python; rm -rf "$log" "$py"' EXIT
# The Python package (python/, a pyo3 extension): built unoptimised by maturin into a wheel,
# unpacked, and tested by pytest, beside the kernel passes (which leave a core idle much of the
# time). Only where maturin and pytest are installed; scripts/python-test.sh (CI) builds and
# tests it as a user installs it, in a fresh virtual environment.
if command -v maturin > /dev/null && python3 -c 'import pytest' 2> /dev/null; then
  # Its own process group, so that stop_python ends all of it.
  set -m
  (
    cd python
    # (Without debug information: the tests' time goes to Python, and the build is 5 s shorter.)
    CARGO_PROFILE_DEV_DEBUG=false \
      maturin build --quiet --profile dev --interpreter python3 --out "$py/wheel"
    python3 -m zipfile -e "$py"/wheel/*.whl "$py/site"
    cd "$py"
    PYTHONPATH="$py/site" python3 -m pytest -q -p no:cacheprovider "$OLDPWD/tests"
  ) > "$py/out" 2>&1 &
  python_tests=$!
  set +m
fi
for k in "${kernels[@]}"; do
  echo "=== kernel: $k ==="
  UTF8X_KERNEL=$k cargo test --workspace "${skip[@]}" --tests 2>&1 | tee -a "$log"
done
# The documentation's examples once, with the kernel set this CPU runs best: they show the API,
# and each pass above already runs every suite on its set.
echo "=== documentation examples ==="
cargo test --workspace "${skip[@]}" --doc 2>&1 | tee -a "$log"
echo "=== the Python package ==="
python="skipped (needs maturin and pytest: pip install maturin pytest)"
python_failed=0
if [ -n "$python_tests" ]; then
  wait "$python_tests" || python_failed=1
  python_tests=
  cat "$py/out"
  python=$(tail -n 1 "$py/out")
  [ "$python_failed" -eq 0 ] || python="FAILED: $python"
fi
echo "$python"
# One closing line over every suite and kernel (cargo prints one "test result" line per binary).
awk '/^test result:/ { for (i = 1; i <= NF; i++) { if ($(i+1) ~ /^passed/) p += $i; if ($(i+1) ~ /^failed/) f += $i } }
     END { printf "kernels: %s (and the documentation examples once)\ntotal: %d passed, %d failed\nPython package: %s\n", K, p, f, P }' K="${kernels[*]}" P="$python" "$log"
[ "$python_failed" -eq 0 ] || exit 1

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
trap 'stop_python; rm -rf "$log" "$py" "${py_env_log:-}"' EXIT
# The Python package (python/, a pyo3 extension) and the engine integrations (utf8x.arrow, the
# Polars plugin, utf8x.spark, the DuckDB extension): the package built unoptimised by maturin into a wheel,
# unpacked, and tested by pytest, then the DuckDB extension built and tested, beside the kernel
# passes (which leave a core idle much of the time). In the virtual environment of pinned packages
# that scripts/python-env.sh makes in target/ (pip's cache keeps the downloads); skipped, saying
# so, only where that environment cannot be made (no network for pip on a new machine).
py_env_log=$(mktemp)
py_env=$(./scripts/python-env.sh 2> "$py_env_log") || py_env=
# With a Java runtime, pyspark too, for the Spark tests (they skip, saying so, without it).
if [ -n "$py_env" ] && command -v java > /dev/null; then
  ./scripts/python-env.sh --spark > /dev/null 2>> "$py_env_log" ||
    echo "test-all: pyspark could not be installed; the Spark tests will skip" >&2
fi
# With a JDK, utf8x's Spark functions in the JVM (the jar, its JNI library linked with
# libutf8x.a): the Spark tests then run both paths, the JVM's and Arrow's.
if [ -n "$py_env" ] && command -v javac > /dev/null; then
  jar=$(./scripts/spark-jar.sh "$py_env" 2>> "$py_env_log" | tail -n 1) &&
    export UTF8X_SPARK_JAR="$PWD/$jar" ||
    echo "test-all: utf8x-spark.jar not built; the JVM path's Spark tests will skip" >&2
fi
if [ -n "$py_env" ]; then
  # Its own process group, so that stop_python ends all of it.
  set -m
  (
    cd python
    # (Without debug information: the tests' time goes to Python, and the build is 5 s shorter.)
    CARGO_PROFILE_DEV_DEBUG=false \
      "$py_env" -m maturin build --quiet --profile dev --interpreter "$py_env" --out "$py/wheel"
    "$py_env" -m zipfile -e "$py"/wheel/*.whl "$py/site"
    cd "$py"
    PYTHONPATH="$py/site" "$py_env" -m pytest -q -p no:cacheprovider "$OLDPWD/tests"
    cd "$OLDPWD/.."
    echo "=== the DuckDB extension ==="
    UTF8X_PYTHON="$py_env" ./scripts/duckdb-test.sh
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
echo "=== the Python package and the engines ==="
python="skipped: $(cat "$py_env_log")"
python_failed=0
if [ -n "$python_tests" ]; then
  wait "$python_tests" || python_failed=1
  python_tests=
  cat "$py/out"
  # pytest's closing lines: the package's, then the DuckDB extension's.
  python=$(grep -E '^[0-9]+ (passed|failed)' "$py/out" | paste -sd ';' -)
  [ "$python_failed" -eq 0 ] || python="FAILED: $python"
fi
echo "$python"
# One closing line over every suite and kernel (cargo prints one "test result" line per binary).
awk '/^test result:/ { for (i = 1; i <= NF; i++) { if ($(i+1) ~ /^passed/) p += $i; if ($(i+1) ~ /^failed/) f += $i } }
     END { printf "kernels: %s (and the documentation examples once)\ntotal: %d passed, %d failed\nPython package: %s\n", K, p, f, P }' K="${kernels[*]}" P="$python" "$log"
[ "$python_failed" -eq 0 ] || exit 1

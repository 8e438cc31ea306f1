#!/bin/sh
# Runs the Spark tests (python/tests/test_spark.py: utf8x.spark and examples/spark/repair.py in
# Spark's local mode). Builds the Python package as scripts/test-all.sh does (maturin, dev
# profile, the wheel unpacked onto PYTHONPATH) and runs the tests with pyspark, pyarrow and
# pytest from a virtual environment kept in the user's cache directory, created and filled by
# pip (with its cache) when they are missing: pyspark is a 450 MB download, fetched once.
# Skips, saying why, where there is no Java runtime or pyspark cannot be installed.
# Needs python3 with venv and a Rust toolchain; maturin is taken from PATH or installed into
# the environment.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)

if ! command -v java > /dev/null && [ -z "${JAVA_HOME:-}" ]; then
  echo "spark-test.sh: skipped: Spark needs a Java 17+ runtime (apt-get install openjdk-17-jre-headless)"
  exit 0
fi

venv=${UTF8X_SPARK_VENV:-${XDG_CACHE_HOME:-$HOME/.cache}/utf8x-spark-venv}
if ! "$venv/bin/python" -c 'import pyspark, pyarrow, pytest' 2> /dev/null; then
  rm -rf "$venv"
  python3 -m venv "$venv"
  if ! "$venv/bin/pip" install --quiet pyspark pyarrow pytest; then
    rm -rf "$venv"
    echo "spark-test.sh: skipped: pip could not install pyspark, pyarrow and pytest"
    exit 0
  fi
fi
maturin=$(command -v maturin || true)
if [ -z "$maturin" ]; then
  "$venv/bin/pip" install --quiet maturin
  maturin=$venv/bin/maturin
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(
  cd "$root/python"
  CARGO_PROFILE_DEV_DEBUG=false \
    "$maturin" build --quiet --profile dev --interpreter "$venv/bin/python" --out "$tmp/wheel"
)
"$venv/bin/python" -m zipfile -e "$tmp"/wheel/*.whl "$tmp/site"
# From the temporary directory, so that `import utf8x` finds the built package, never the
# sources in python/utf8x (which lack the compiled module).
cd "$tmp"
PYTHONPATH="$tmp/site" "$venv/bin/python" -m pytest -q -p no:cacheprovider \
  "$root/python/tests/test_spark.py"

#!/usr/bin/env bash
# The Python environment in which the test command builds and tests the Python package and the
# engine integrations (utf8x.arrow, the Polars plugin, the DuckDB extension, Spark): a virtual
# environment in target/python-env, made once and kept between runs, with the packages that
# python/requirements-test.txt pins (and, with --spark, pyspark). pip's cache keeps the
# downloads, so a rerun or a fresh clone on the same machine downloads nothing.
#   scripts/python-env.sh [--spark]   prints the path of the environment's python3 (and only that)
# Exits 1, saying why on stderr, when the environment cannot be made (no venv module, no
# network for pip): the callers then skip what needs it and say so.
set -euo pipefail
cd "$(dirname "$0")/.."
spark=no
[ "${1:-}" = --spark ] && spark=yes
env=${UTF8X_PYTHON_ENV:-$(pwd)/${CARGO_TARGET_DIR:-target}/python-env}
req=python/requirements-test.txt
py=$env/bin/python3
# Remade when the pins change (the copy of the requirements inside it is the stamp).
if [ ! -x "$py" ] || ! cmp -s "$req" "$env/requirements-test.txt"; then
  rm -rf "$env"
  python3 -m venv "$env" >&2 || { echo "python-env: python3 -m venv failed" >&2; exit 1; }
  "$py" -m pip install --quiet --disable-pip-version-check -r "$req" >&2 ||
    { echo "python-env: pip could not install $req" >&2; rm -rf "$env"; exit 1; }
  cp "$req" "$env/requirements-test.txt"
fi
if [ $spark = yes ] && ! "$py" -c 'import pyspark' 2> /dev/null; then
  "$py" -m pip install --quiet --disable-pip-version-check pyspark==4.3.0 >&2 ||
    { echo "python-env: pip could not install pyspark" >&2; exit 1; }
fi
echo "$py"

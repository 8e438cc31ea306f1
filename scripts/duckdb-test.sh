#!/bin/sh
# Lints and builds the DuckDB extension (duckdb/, `make duckdb`) and runs its tests
# (duckdb/tests, pytest) in the DuckDB of the `duckdb` Python package: the python3 UTF8X_PYTHON
# names, or the one on PATH when it has duckdb and pytest, or the test environment of pinned
# packages (scripts/python-env.sh). Where they cannot be installed, the tests are skipped with a
# message (exit 0); a failed lint, build or test fails the script.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
# The crate has a workspace of its own, outside the root's `cargo fmt`/`cargo clippy
# --workspace`: lint it here, as CI lints the rest.
(cd duckdb && cargo fmt --all -- --check &&
  cargo clippy --release --all-targets --target-dir ../target/duckdb/cargo -- -D warnings)
make duckdb
# The python3 that UTF8X_PYTHON names (the test command's environment, scripts/python-env.sh),
# else the one on PATH when it has duckdb and pytest, else that environment made here.
python=${UTF8X_PYTHON:-python3}
if ! "$python" -c 'import duckdb, pytest' 2>/dev/null; then
  if ! python=$(./scripts/python-env.sh); then
    echo "duckdb-test.sh: SKIPPED: the duckdb and pytest Python packages could not be installed" >&2
    exit 0
  fi
fi
# The DuckDB CLI, where there is one (it may be another DuckDB version than the package's).
if command -v duckdb >/dev/null 2>&1; then
  echo "duckdb-test.sh: DuckDB CLI $(duckdb -version)"
  got=$(duckdb -unsigned -noheader -list -c \
    "LOAD '$root/target/duckdb/utf8x.duckdb_extension'; SELECT utf8x_make_valid('a\\xFFb'::BLOB);")
  [ "$got" = "a$(printf '\357\277\275')b" ] || { echo "duckdb-test.sh: CLI gave '$got'" >&2; exit 1; }
fi
echo "duckdb-test.sh: DuckDB $("$python" -c 'import duckdb; print(duckdb.__version__)')"
UTF8X_DUCKDB_EXTENSION="$root/target/duckdb/utf8x.duckdb_extension" \
  "$python" -m pytest -q duckdb/tests

#!/bin/sh
# Lints the Python package's crate (python/), builds and installs the package into a fresh
# virtual environment, as a user would with pip, and runs its tests there. Needs python3 with
# venv, a Rust toolchain with rustfmt and clippy, and access to PyPI and crates.io (for
# maturin, pytest, pyo3, pyarrow; NumPy is optional). pip keeps its cache (PIP_CACHE_DIR, else
# ~/.cache/pip), so later runs install from it.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The extension crate has a workspace of its own, outside the root's `cargo fmt`/`cargo clippy
# --workspace`: lint it here, as CI lints the rest.
(cd "$root/python" && cargo fmt --all -- --check && cargo clippy --all-targets -- -D warnings)
python3 -m venv "$tmp/venv"
"$tmp/venv/bin/pip" install --quiet --upgrade pip
"$tmp/venv/bin/pip" install --quiet "$root/python" pytest
# pyarrow is required: utf8x.arrow and its tests (tests/test_arrow.py) are part of the package.
"$tmp/venv/bin/pip" install --quiet pyarrow
# NumPy builds the typed arrays of the buffer tests; a large download with wheels for the common
# platforms only, so without it those tests skip rather than the run failing.
"$tmp/venv/bin/pip" install --quiet numpy ||
  echo "python-test.sh: numpy did not install; the tests that need it will skip" >&2
# Run from the temporary directory so that `import utf8x` finds the installed package, never
# the sources in python/utf8x (which lack the compiled module).
cd "$tmp"
"$tmp/venv/bin/python" -m pytest -q "$root/python/tests"

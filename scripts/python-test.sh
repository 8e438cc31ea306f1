#!/bin/sh
# Lints the Python package's crate (python/), builds and installs the package into a fresh
# virtual environment, as a user would with pip, and runs its tests there. Needs python3 with
# venv, a Rust toolchain with rustfmt and clippy, and access to PyPI and crates.io (for
# maturin, pyo3, and the test packages python/requirements-test.txt pins). pip keeps its cache
# (PIP_CACHE_DIR, else ~/.cache/pip), so later runs install from it.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The extension crate has a workspace of its own, outside the root's `cargo fmt`/`cargo clippy
# --workspace`: lint it here, as CI lints the rest.
(cd "$root/python" && cargo fmt --all -- --check && cargo clippy --all-targets -- -D warnings)
python3 -m venv "$tmp/venv"
"$tmp/venv/bin/pip" install --quiet --upgrade pip
"$tmp/venv/bin/pip" install --quiet "$root/python"
# The test runner and the engines whose functions are the tests' oracles (pyarrow for
# utf8x.arrow, Polars for the plugin, NumPy for typed buffers), pinned as the test command pins
# them; pip's cache keeps the downloads.
"$tmp/venv/bin/pip" install --quiet -r "$root/python/requirements-test.txt"
# Run from the temporary directory so that `import utf8x` finds the installed package, never
# the sources in python/utf8x (which lack the compiled module).
cd "$tmp"
"$tmp/venv/bin/python" -m pytest -q "$root/python/tests"

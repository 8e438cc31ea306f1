#!/usr/bin/env bash
# The npm package in js/: builds its WebAssembly modules (`make js`), installs its
# devDependencies (`npm ci`, the benchmark's comparisons; the tests need none), checks that the
# committed CPython vectors are what their generator writes, runs the tests under `node --test`,
# and checks that `npm pack` would ship both modules.
#
# Needs: Debian's cargo-web, rustc-web, rust-web-src (the standard library's sources) and lld
# (wasm-ld), binaryen (wasm-opt; installed here when missing), Node >= 18 with npm, python3.
# NPM_CACHE: npm's cache directory (default ~/.npm).
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v wasm-opt >/dev/null; then
    echo "test-js: *** wasm-opt missing: installing Debian's binaryen ***"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq binaryen
fi
make js
# Each module at most 150 KB: what a page downloads.
for f in js/dist/utf8x-simd128.wasm js/dist/utf8x.wasm; do
    size=$(stat -c %s "$f")
    echo "$f: $size bytes ($(gzip -9c "$f" | wc -c) gzipped)"
    [ "$size" -le 150000 ] || { echo "$f: $size bytes, over 150,000" >&2; exit 1; }
done
cd js
npm ci --cache "${NPM_CACHE:-$HOME/.npm}" --ignore-scripts --no-audit --no-fund
python3 test/gen_vectors.py | cmp - test/vectors.json || {
    echo "test/vectors.json is not what test/gen_vectors.py writes: regenerate it" >&2
    exit 1
}
node --test test/*.test.js
UTF8X_KERNEL=scalar node --test test/*.test.js
# The paths browsers take, without Node's Buffer.
node --import ./test/without-buffer.js --test test/*.test.js
packed=$(npm pack --dry-run --json --cache "${NPM_CACHE:-$HOME/.npm}")
for f in dist/utf8x.wasm dist/utf8x-simd128.wasm src/index.js src/index.d.ts; do
    grep -q "\"path\": \"$f\"" <<<"$packed" || { echo "npm pack leaves out $f" >&2; exit 1; }
done

#!/usr/bin/env bash
# Builds the utf8x library's test suites for WebAssembly (wasm32-wasip1, SIMD128 enabled) and
# runs them under Node's WASI (scripts/wasm/run.mjs), once per kernel set: the ones named, else
# wasm-simd128 then scalar. A run fails unless every set passes; a set named but not in use
# fails too (the kernels binary's dispatch module checks that UTF8X_KERNEL took).
#   scripts/test-wasm.sh [KERNEL...]
#
# The suites: tests/kernels (every set against the portable one, and the kernel choice),
# tests/api (the public API against its oracles, the C boundary and constants), tests/stream,
# and utf8x-ffi's tests/abi.rs (the C API's functions called as C calls them). What needs
# threads, processes or glibc skips on wasm, each test saying why (`ignore` reasons in --list).
# Panics abort on wasm32-wasip1 (no unwinding): a failing test ends its binary's run with its
# message (hence --nocapture: captured, it would be lost with the process) and a trap, and the
# run fails; the tests after it in that binary do not run.
# UTF8X_WASM_FEATURES=compact runs them on the utf8x crate built with those features (the npm
# package's build; scripts/wasm/env.sh).
#
# Installs, on Debian 12, what is missing: rustc-web, cargo-web, rust-web-src (std built with
# -Zbuild-std; rustup's toolchain has no wasm32 std), lld (wasm-ld), wasi-libc, llvm-22 (llc,
# for scripts/wasm/wasi-stubs.ll). Needs Node 20
# or later (/usr/bin/node) for WASI preview 1 and SIMD128.
set -euo pipefail
shopt -s inherit_errexit
cd "$(dirname "$0")/.."
fail() { echo "test-wasm: $*" >&2; exit 1; }

need=()
for p in rustc-web cargo-web rust-web-src lld wasi-libc llvm-22; do
  dpkg -s "$p" >/dev/null 2>&1 || need+=("$p")
done
if [ ${#need[@]} -gt 0 ]; then
  echo "installing ${need[*]}"
  apt-get update -qq || true
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null || fail "apt-get install ${need[*]} failed"
fi
command -v node >/dev/null || fail "node is missing (Node 20 or later runs the tests)"
[ "$(node -p 'process.versions.node.split(".")[0]')" -ge 20 ] ||
  fail "node $(node --version) is too old: WASI and SIMD128 need Node 20 or later"

# shellcheck source=wasm/env.sh
source scripts/wasm/env.sh
target=wasm32-wasip1
suites=(-p utf8x --test kernels --test api --test stream -p utf8x-ffi --test abi)
start=$SECONDS
"${wasm_cargo[@]}" test "${suites[@]}" "${wasm_features[@]}" --target $target "${wasm_build_std[@]}" \
  --no-run
echo "--- build: $((SECONDS - start)) s"

kernels=("$@")
[ $# -gt 0 ] || kernels=(wasm-simd128 scalar)
tmp=$(mktemp -d)
log=$tmp/log
trap 'rm -rf "$tmp"' EXIT
status=0
for k in "${kernels[@]}"; do
  echo "=== kernel: $k ==="
  start=$SECONDS
  UTF8X_KERNEL=$k "${wasm_cargo[@]}" test "${suites[@]}" "${wasm_features[@]}" --target $target \
    "${wasm_build_std[@]}" \
    --no-fail-fast -- --nocapture 2>&1 | tee -a "$log" || status=1
  echo "--- kernel $k: $((SECONDS - start)) s"
done
# One closing line over every suite and kernel, as scripts/test-all.sh prints.
awk '/^test result:/ { for (i = 1; i <= NF; i++) { if ($(i+1) ~ /^passed/) p += $i; if ($(i+1) ~ /^failed/) f += $i; if ($(i+1) ~ /^ignored/) g += $i } }
     END { printf "kernels: %s\ntotal: %d passed, %d failed, %d ignored\n", K, p, f, g }' \
  K="${kernels[*]}" "$log"
exit $status

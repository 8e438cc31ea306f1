# Sourced by the wasm scripts: the toolchain that builds utf8x for WebAssembly on this machine.
# Debian's rustc-web (/usr/bin/rustc) has no prebuilt std for wasm targets, so std is built
# from rust-web-src with `-Zbuild-std` (RUSTC_BOOTSTRAP lets the stable compiler take it);
# Debian's wasm-ld links, and the WASI target links Debian's wasi-libc (the one rustup's
# self-contained sysroot would carry). SIMD128 is enabled for the whole module, std included.
# Its own target directory: these builds use another compiler than the host's.

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
export RUSTC=/usr/bin/rustc
export RUSTC_BOOTSTRAP=1
export CARGO_TARGET_DIR="${UTF8X_WASM_TARGET_DIR:-$root/target/wasm}"
wasm_cargo=(/usr/bin/cargo)
wasm_build_std=(-Zbuild-std=std,panic_abort)
# UTF8X_WASM_FEATURES: features of the utf8x crate to build with, comma-separated (e.g.
# `compact`, the npm package's build); passed as `--features utf8x/...`.
wasm_features=()
if [ -n "${UTF8X_WASM_FEATURES:-}" ]; then
  wasm_features=(--features "$(sed 's/[^,][^,]*/utf8x\/&/g' <<<"$UTF8X_WASM_FEATURES")")
fi
simd="${UTF8X_WASM_SIMD:-+simd128}"
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER=wasm-ld
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="-C target-feature=$simd"
# What std needs that Debian's wasi-libc lacks (wasi-stubs.ll), compiled by Debian's llvm-22
# (the LLVM of rustc-web; older llc cannot read its IR).
wasi_stubs="$CARGO_TARGET_DIR/wasi-stubs.o"
if [ ! -e "$wasi_stubs" ] || [ "$root/scripts/wasm/wasi-stubs.ll" -nt "$wasi_stubs" ]; then
  mkdir -p "$CARGO_TARGET_DIR"
  llc-22 -mtriple=wasm32-unknown-wasi -filetype=obj "$root/scripts/wasm/wasi-stubs.ll" \
    -o "$wasi_stubs"
fi
export CARGO_TARGET_WASM32_WASIP1_LINKER=wasm-ld
export CARGO_TARGET_WASM32_WASIP1_RUSTFLAGS="-C target-feature=$simd -C link-self-contained=no \
-L /usr/lib/wasm32-wasi -C link-arg=/usr/lib/wasm32-wasi/crt1-command.o -C link-arg=$wasi_stubs"
export CARGO_TARGET_WASM32_WASIP1_RUNNER="node --no-warnings $root/scripts/wasm/run.mjs"

#!/usr/bin/env bash
# Builds benches/wasm (utf8x's portable and SIMD128 kernel sets in one WebAssembly module,
# release profile) and times them under Node on the UTF-8 files given or found in a directory:
#   scripts/wasm/bench.sh DIR|FILE.utf8.txt...
# Prints a Markdown table (GB/s of the UTF-8 text for each set, and their ratio).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=env.sh
source "$root/scripts/wasm/env.sh"

[ $# -gt 0 ] || { echo "usage: scripts/wasm/bench.sh DIR|FILE.utf8.txt..." >&2; exit 2; }
files=()
for a in "$@"; do
  if [ -d "$a" ]; then
    files+=("$a"/*.utf8.txt)
  else
    files+=("$a")
  fi
done

"${wasm_cargo[@]}" build --quiet --release --target wasm32-unknown-unknown "${wasm_build_std[@]}" \
  "${wasm_features[@]}" --manifest-path "$root/benches/wasm/Cargo.toml"
wasm="$CARGO_TARGET_DIR/wasm32-unknown-unknown/release/utf8x_wasm_bench.wasm"
echo "node $(node --version), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
node "$root/benches/wasm/bench.mjs" "$wasm" "${files[@]}"

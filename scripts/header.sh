#!/usr/bin/env bash
# Generates include/utf8x.h from the C API's shims with the cbindgen that tools/header/Cargo.toml
# pins (exact version; Cargo.lock pins its dependencies), and writes it when it changed.
#   scripts/header.sh           regenerate include/utf8x.h
#   scripts/header.sh --check   only compare: fail, showing the difference, when the committed
#                               header is not what the shims generate (CI's drift check)
set -euo pipefail
cd "$(dirname "$0")/.."

check=no
case "${1:-}" in
  --check) check=yes ;;
  "") ;;
  *) echo "usage: scripts/header.sh [--check]" >&2; exit 2 ;;
esac
header=include/utf8x.h
fresh=$(mktemp)
trap 'rm -f "$fresh"' EXIT
cargo run --quiet --locked --profile header -p utf8x-header -- "$fresh"
if cmp -s "$fresh" "$header"; then
  echo "$header is up to date"
elif [ $check = yes ]; then
  diff -u "$header" "$fresh" | head -n 60 >&2 || true
  echo "$header differs from what the C API's shims generate (above: - committed, + generated):" \
    "run scripts/header.sh and commit the header" >&2
  exit 1
else
  # Rewritten only on a change, so that make and the C tests do not see a new mtime for nothing.
  cp "$fresh" "$header"
  echo "$header regenerated"
fi

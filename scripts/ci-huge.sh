#!/usr/bin/env bash
# Runs the inputs-past-4-GiB tests (tests/huge/), which the ordinary suite skips because a debug
# build needs minutes per pass over 4.5 GiB. Release, once per kernel this CPU can execute.
# Memory: the input is a sparse zero mapping (a few pages resident); the output-bounded test maps
# one 2 MiB shared segment 2049 times, which RSS counts once per mapping (about 4 GiB) although
# only 2 MiB is ever allocated.
set -euo pipefail
cd "$(dirname "$0")/.."

mapfile -t kernels < <(./scripts/cpu-kernels.sh)

cargo test --release --test huge --no-run
for k in "${kernels[@]}"; do
  echo "=== kernel: $k ==="
  UTF8X_KERNEL=$k cargo test --release --test huge -- --ignored
done

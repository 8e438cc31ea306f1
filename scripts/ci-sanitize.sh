#!/usr/bin/env bash
# The C harness (capi/c_tests/) built with AddressSanitizer and UndefinedBehaviorSanitizer on the C
# side and linked to the static library, run once per kernel set this CPU executes: the harness
# hands the library exact-size heap buffers, so any read or write past them is reported.
# Prints each run's check count; exits non-zero on any failure or sanitizer report.
set -euo pipefail
cd "$(dirname "$0")/.."
target=${CARGO_TARGET_DIR:-target}
start=$SECONDS

cargo build --release -p utf8x-c
lib=$target/release/libutf8x.a
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The system libraries Rust's standard library inside libutf8x.a needs (tests/support/c_abi.rs).
${CC:-cc} -std=c99 -Wall -Wextra -Werror -pedantic -O1 -g -fno-omit-frame-pointer \
  -fsanitize=address,undefined -fno-sanitize-recover=all -Iinclude capi/c_tests/*.c "$lib" \
  -lgcc_s -lutil -lrt -lpthread -lm -ldl -lc -o "$work/harness"

mapfile -t kernels < <(./scripts/cpu-kernels.sh)
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}
status=0
summary=()
for k in "${kernels[@]}"; do
  log=$work/$k.log
  if UTF8X_KERNEL=$k "$work/harness" > "$log" 2>&1; then rc=0; else rc=$?; fi
  line=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$log" | tail -n 1 || true)
  if [ $rc -ne 0 ] || ! [[ $line =~ ^[0-9]+\ passed,\ 0\ failed$ ]] || grep -q 'Sanitizer' "$log"; then
    status=1
    echo "ci-sanitize: ---- kernel $k failed (exit $rc); the end of its log: ----"
    tail -n 60 "$log"
  fi
  summary+=("$(printf '%-7s %s' "$k" "${line:-no summary line}")")
done
echo
echo "sanitize summary (C harness, ASan+UBSan, $((SECONDS - start))s)"
printf '%s\n' "${summary[@]}"
exit $status

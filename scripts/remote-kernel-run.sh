#!/usr/bin/env bash
# The runner inside the package scripts/remote-kernel-test.sh builds: runs every test executable
# and the C harness once per kernel set, on a machine without a Rust toolchain.
#   run.sh [KERNEL...]   default: every set the library has that this CPU executes
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
export LD_LIBRARY_PATH=$here/bin${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
probe=$here/bin/kernel_probe

# A set is available when forcing it makes the library use it.
available() { [ "$(UTF8X_KERNEL=$1 "$probe")" = "$1" ]; }

default=$(env -u UTF8X_KERNEL "$probe")
echo "CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2-)"
echo "kernel set chosen by default: $default"
status=0
if grep -qw avx512_vbmi2 /proc/cpuinfo && available avx512 && [ "$default" != avx512 ]; then
  echo "FAIL: this CPU runs the avx512 set but the dispatcher picked $default"
  status=1
fi

if [ $# -gt 0 ]; then
  kernels=("$@")
else
  kernels=()
  for k in scalar sse42 avx2 avx512; do available "$k" && kernels+=("$k"); done
fi
have_cc=yes
command -v cc >/dev/null && command -v c++ >/dev/null || have_cc=
[ -n "$have_cc" ] || echo "notice: no C/C++ compiler here: the tests that compile programs are skipped (the prebuilt C harness runs instead)"

mem_gib=$(awk '/^MemTotal:/ { print int($2 / 1048576) }' /proc/meminfo)
passed=0
failed=0
for k in "${kernels[@]}"; do
  echo "=== kernel: $k ==="
  if ! available "$k"; then
    echo "FAIL: kernel set $k is not available on this CPU"
    status=1
    continue
  fi
  for h in harness_shared harness_static; do
    line=$(UTF8X_KERNEL=$k "$here/bin/$h" | tail -n 1)
    echo "C $h: $line"
    case $line in *" passed, 0 failed") ;; *) status=1 ;; esac
  done
  while IFS=$'\t' read -r exe dir; do
    name=$(basename "$exe")
    case $name in c_harness-* | cpp_wrapper-* | ffi_languages-*)
      if [ -z "$have_cc" ]; then echo "skipped $name: needs a compiler"; continue; fi ;;
    esac
    args=()
    # The inputs past 4 GiB need about 16 GiB of memory: run them where there is room.
    case $name in huge-*) [ "$mem_gib" -ge 32 ] && args=(--include-ignored) ;; esac
    log=$(cd "$dir" && UTF8X_KERNEL=$k "$exe" "${args[@]}" 2>&1)
    rc=$?
    result=$(grep '^test result:' <<<"$log" | tail -n 1)
    echo "$name: ${result:-no result line} (exit $rc)"
    p=$(sed -n 's/.* \([0-9]*\) passed.*/\1/p' <<<"$result")
    f=$(sed -n 's/.* \([0-9]*\) failed.*/\1/p' <<<"$result")
    passed=$((passed + ${p:-0}))
    failed=$((failed + ${f:-0}))
    if [ $rc -ne 0 ]; then
      status=1
      grep -E '^(---- |thread |  left|  right|failures:)' <<<"$log" | head -n 40
    fi
  done <"$here/tests.txt"
done
echo "kernels: ${kernels[*]}"
echo "total: $passed passed, $failed failed"
[ $status -eq 0 ] && [ $failed -eq 0 ] && echo "remote-kernel-test: PASS" || { echo "remote-kernel-test: FAIL"; exit 1; }

#!/usr/bin/env bash
# Runs the whole test suite on a machine that has no Rust toolchain (say, a server with a CPU this
# machine lacks, to test the kernel set only that CPU can execute).
#
#   scripts/remote-kernel-test.sh pack [FILE]      build everything here and write FILE
#                                                  (default target/utf8x-kernel-test.tar.gz)
#   tar xzf FILE -C / && /tmp/utf8x-kernel-test/run.sh [KERNEL...]     on the other machine
#   scripts/remote-kernel-test.sh selftest [KERNEL...]   pack, delete the build tree, unpack and
#                                                  run here: what the other machine will do
#
# Test executables hold absolute paths (the source tree, cargo's target and temporary
# directories), so everything is built under one fixed directory, BUILD below, and the package
# unpacks to that same path. A second pack reuses that directory's build, so after a change only
# what it touches is compiled again. The package holds the release test executables of every workspace
# crate, the `utf8x` tool, libutf8x.so/.a, the source tree they read (samples, capi/c_tests,
# examples, include), the C harness and a probe that prints the kernel set chosen by default,
# both already compiled: the other machine needs no compiler. Where it has one, the tests that
# compile C, C++, Go or Node programs run too; where it lacks one they say so and skip.
#
# run.sh runs the suite once per kernel set: the ones named, else every set the library has that
# this CPU can execute, and fails unless every run passes with the kernel it asked for (a test in
# the suite checks that UTF8X_KERNEL really took effect, so a set the CPU cannot run fails rather
# than silently testing another one). It prints the set the dispatcher picks by default.
set -euo pipefail

BUILD=/tmp/utf8x-kernel-test
repo=$(cd "$(dirname "$0")/.." && pwd)

pack() {
  local out=${1:-$repo/target/utf8x-kernel-test.tar.gz}
  case $out in /*) ;; *) out=$PWD/$out ;; esac
  # A build tree left by an earlier pack keeps its target directory (cargo rebuilds what
  # changed); everything else is laid anew.
  mkdir -p "$BUILD/src"
  find "$BUILD" -mindepth 1 -maxdepth 1 ! -name src -exec rm -rf {} +
  find "$BUILD/src" -mindepth 1 -maxdepth 1 ! -name target -exec rm -rf {} +
  mkdir -p "$BUILD/bin"
  # The working tree as git sees it: tracked files and new ones that are not ignored.
  (cd "$repo" && git ls-files -co --exclude-standard -z | tar --null -T - -cf -) |
    tar -xf - -C "$BUILD/src"

  (
    cd "$BUILD/src"
    export CARGO_TARGET_DIR=$BUILD/src/target
    cargo build --release --workspace --exclude utf8x-bench --exclude utf8x-header
    # One JSON line per artifact; keep the test executables.
    cargo test --release --workspace --exclude utf8x-bench --exclude utf8x-header --no-run --message-format=json 2>/dev/null |
      python3 -c '
import json, sys
for line in sys.stdin:
    msg = json.loads(line)
    if msg.get("reason") == "compiler-artifact" and msg.get("profile", {}).get("test") and msg.get("executable"):
        # cargo runs a test with the directory of its crate as the working directory.
        print(msg["executable"] + "\t" + msg["manifest_path"].rsplit("/", 1)[0])
' >"$BUILD/tests.txt"
    [ -s "$BUILD/tests.txt" ] || { echo "pack: no test executables found" >&2; exit 1; }

    # The C harness against the shared and the static library, and the kernel probe, compiled
    # here with the flags the Rust-driven harness test uses.
    local lib=$CARGO_TARGET_DIR/release
    cp "$lib/libutf8x.so" "$BUILD/bin/libutf8x.so.0"
    ln -sf libutf8x.so.0 "$BUILD/bin/libutf8x.so"
    local cflags=(-std=c99 -O1 -Wall -Wextra -Werror -pedantic -Iinclude)
    cc "${cflags[@]}" capi/c_tests/*.c -o "$BUILD/bin/harness_shared" -L"$BUILD/bin" -lutf8x
    cc "${cflags[@]}" capi/c_tests/*.c -o "$BUILD/bin/harness_static" "$lib/libutf8x.a" \
      -lgcc_s -lutil -lrt -lpthread -lm -ldl -lc
    printf '#include <stdio.h>\n#include "utf8x.h"\nint main(void) { puts(utf8x_kernel_name()); return 0; }\n' |
      cc -std=c99 -Iinclude -x c - -o "$BUILD/bin/kernel_probe" -L"$BUILD/bin" -lutf8x
  )
  cp "$repo/scripts/remote-kernel-run.sh" "$BUILD/run.sh"
  chmod +x "$BUILD/run.sh"

  # Leave out what only the compiler needs (object files, incremental state, dependency rlibs,
  # the debug build), and the test executables of earlier builds.
  local t=$BUILD/src/target
  find "$t/release/deps" -maxdepth 1 -type f -perm -u+x ! -name '*.so' | while read -r f; do
    grep -q "^$f	" "$BUILD/tests.txt" || rm -f "$f"
  done
  mkdir -p "$(dirname "$out")"
  tar -czf "$out" -C / \
    --exclude="${t#/}/debug" --exclude="${t#/}/release/incremental" \
    --exclude="${t#/}/release/.fingerprint" --exclude="${t#/}/release/build" \
    --exclude="${t#/}/release/examples" --exclude='*.rlib' --exclude='*.rmeta' \
    --exclude='*.d' --exclude='*.o' "${BUILD#/}"
  echo "pack: $(wc -l <"$BUILD/tests.txt") test executables, $(du -h "$out" | cut -f1) in $out"
  echo "on the other machine: tar xzf $(basename "$out") -C / && $BUILD/run.sh"
}

case ${1:-} in
  pack)
    shift
    pack "$@"
    ;;
  selftest)
    shift
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' EXIT
    pack "$tmp/pkg.tar.gz"
    # Nothing of the build tree may be needed beyond what the package holds.
    rm -rf "$BUILD"
    tar -xzf "$tmp/pkg.tar.gz" -C /
    "$BUILD/run.sh" "$@"
    ;;
  *)
    sed -n '2,22p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
    ;;
esac

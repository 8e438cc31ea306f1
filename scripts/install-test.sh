#!/usr/bin/env bash
# Installs utf8x into a temporary prefix with `make install` and uses it the way a consumer
# would, with nothing but that prefix: a C program through pkg-config (shared, then static) and
# the C++ example through CMake's find_package (shared, then static). Every program is run, with
# LD_LIBRARY_PATH unset, so the rpath that utf8x.pc and CMake record is what makes them start.
# Needs a C and a C++ compiler and pkg-config; installs cmake with apt-get when missing and it
# can, otherwise says SKIPPED for the CMake part.
set -euo pipefail
cd "$(dirname "$0")/.."
CC=${CC:-cc}
CXX=${CXX:-c++}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix

step() { printf '== %s\n' "$*"; }
fail() { printf 'FAIL: %s\n' "$*" >&2; exit 1; }
# Runs a program as a consumer would: no LD_LIBRARY_PATH from the caller's environment.
run_clean() { env -u LD_LIBRARY_PATH "$@"; }
needed() { readelf -d "$1" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'; }

step "make install PREFIX=$prefix"
make --no-print-directory install PREFIX="$prefix" >"$work/install.log" 2>&1 || { cat "$work/install.log"; fail "make install"; }
version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -n 1)
for f in include/utf8x.h include/utf8x.hpp lib/libutf8x.a "lib/libutf8x.so.$version" \
         lib/libutf8x_iconv.so bin/utf8x lib/pkgconfig/utf8x.pc lib/pkgconfig/utf8x-static.pc \
         lib/cmake/utf8x/utf8x-config.cmake lib/cmake/utf8x/utf8x-config-version.cmake \
         share/doc/utf8x/LICENSE-MIT share/doc/utf8x/LICENSE-APACHE \
         share/man/man1/utf8x.1 share/man/man1/utf8x-check.1 share/man/man1/utf8x-convert.1 \
         share/bash-completion/completions/utf8x share/zsh/site-functions/_utf8x \
         share/fish/vendor_completions.d/utf8x.fish; do
    [ -f "$prefix/$f" ] || fail "missing $f"
done
[ "$(readlink "$prefix/lib/libutf8x.so.0")" = "libutf8x.so.$version" ] || fail "libutf8x.so.0 link"
[ "$(readlink "$prefix/lib/libutf8x.so")" = "libutf8x.so.0" ] || fail "libutf8x.so link"
readelf -d "$prefix/lib/libutf8x.so.$version" | grep -q 'Library soname: \[libutf8x.so.0\]' || fail "soname"
[ "$(readlink -f "$prefix/lib/libutf8x.so.0")" = "$(readlink -f "$prefix/lib/libutf8x.so.$version")" ] || fail "libutf8x.so.0 target"
# The preload library has a soname of its own (cargo once gave it libutf8x.so.0, where ldconfig
# could have taken it for the main library), and preloaded from the prefix it runs iconv(1).
readelf -d "$prefix/lib/libutf8x_iconv.so" | grep -q 'Library soname: \[libutf8x_iconv.so\]' || fail "libutf8x_iconv.so soname"
if command -v iconv >/dev/null; then
    # The loader says on stderr when it cannot preload a library, and goes on without it.
    preloaded=$(LD_PRELOAD=$prefix/lib/libutf8x_iconv.so iconv -f UTF-8 -t UTF-16LE samples/hello.txt 2>"$work/preload.err" | od -An -tx1)
    [ ! -s "$work/preload.err" ] || { cat "$work/preload.err"; fail "libutf8x_iconv.so does not preload"; }
    [ "$preloaded" = "$(iconv -f UTF-8 -t UTF-16LE samples/hello.txt | od -An -tx1)" ] || fail "iconv(1) with libutf8x_iconv.so preloaded"
fi
foreign=$(nm -g --defined-only "$prefix/lib/libutf8x.a" 2>/dev/null | awk 'NF == 3 && $3 !~ /^utf8x_/ { print $3 }')
[ -z "$foreign" ] || fail "libutf8x.a defines symbols outside utf8x_: $(echo "$foreign" | head -n 5)"
# An intrinsic compiled as a function of its own runs without the kernel's target features, one
# call per instruction (a kernel passed around as a plain function, or an intrinsic inside
# `array::map`, did that): the kernels must inline every one.
# (nm warns about the archive's members without symbols; that it read the rest shows in the
# library's own functions being listed.)
symbols=$(nm -C --defined-only "$prefix/lib/libutf8x.a" 2>/dev/null || true)
grep -q ' utf8x_validate$' <<<"$symbols" || fail "nm did not list libutf8x.a's symbols"
outlined=$(grep -F 'core_arch::' <<<"$symbols" | grep -v -E '_xgetbv|__cpuid' || true)
[ -z "$outlined" ] || fail "libutf8x.a has intrinsics out of line: $(echo "$outlined" | head -n 5)"
run_clean "$prefix/bin/utf8x" check samples/hello.txt >/dev/null || fail "the installed utf8x tool"
# The man page is roff that man(1) reads (a header line, then the NAME section); the
# completions name the tool's commands.
grep -q '^\.TH' "$prefix/share/man/man1/utf8x.1" || fail "utf8x.1 is not a man page"
grep -q 'convert' "$prefix/share/bash-completion/completions/utf8x" || fail "bash completion"

# The README's ten lines of C.
cat >"$work/app.c" <<'C'
#include <stdio.h>
#include "utf8x.h"

int main(void) {
    const uint8_t text[] = "caf\xc3\xa9 \xe2\x82 ok";            /* a truncated euro sign */
    utf8x_result r = utf8x_validate(text, sizeof text - 1);
    if (r.status != UTF8X_OK)
        printf("%s at byte %zu (%zu bytes): %s\n", utf8x_status_str(r.status),
               r.read, r.error_len, utf8x_error_str(r.error));
    uint16_t out[32];
    r = utf8x_to_utf16le(text, sizeof text - 1, out, 32, UTF8X_REPLACE);
    printf("%zu UTF-16 units, %zu replaced\n", r.written, r.replaced);
}
C
expected='invalid input at byte 6 (2 bytes): sequence too short
9 UTF-16 units, 1 replaced'
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
pkg-config --static --libs utf8x | grep -q -- '-lpthread' || fail "Libs.private missing from utf8x.pc"

step "C, shared, pkg-config utf8x: $(pkg-config --libs utf8x)"
# shellcheck disable=SC2046 # pkg-config output is a list of flags
"$CC" "$work/app.c" $(pkg-config --cflags --libs utf8x) -o "$work/app_shared"
needed "$work/app_shared" | grep -qx 'libutf8x.so.0' || fail "app_shared does not load libutf8x.so.0"
[ "$(run_clean "$work/app_shared")" = "$expected" ] || fail "app_shared output"

step "C, static, pkg-config utf8x-static: $(pkg-config --libs utf8x-static)"
# shellcheck disable=SC2046
"$CC" "$work/app.c" $(pkg-config --cflags --libs utf8x-static) -o "$work/app_static"
! needed "$work/app_static" | grep -q utf8x || fail "app_static depends on the shared library"
[ "$(run_clean "$work/app_static")" = "$expected" ] || fail "app_static output"
strip -o "$work/app_static.stripped" "$work/app_static"
echo "   the README's ten lines of C, static and stripped: $(wc -c <"$work/app_static.stripped") bytes"

step "C++, CMake find_package(utf8x)"
if ! command -v cmake >/dev/null; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        DEBIAN_FRONTEND=noninteractive apt-get install -y -q cmake >"$work/apt.log" 2>&1 ||
            { apt-get update -q >/dev/null 2>&1 && DEBIAN_FRONTEND=noninteractive apt-get install -y -q cmake >"$work/apt.log" 2>&1; } || true
    fi
fi
if ! command -v cmake >/dev/null; then
    echo "SKIPPED: cmake is not installed and could not be installed; the CMake package is untested"
else
    mkdir -p "$work/cmake-app"
    cp examples/cpp/validate.cpp "$work/cmake-app/"
    cat >"$work/cmake-app/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.14)
project(consumer CXX)
set(CMAKE_CXX_STANDARD 17)
find_package(utf8x 0.1 REQUIRED)
add_executable(app_shared validate.cpp)
target_link_libraries(app_shared PRIVATE utf8x::utf8x)
add_executable(app_static validate.cpp)
target_link_libraries(app_static PRIVATE utf8x::utf8x_static)
CMAKE
    cmake -S "$work/cmake-app" -B "$work/cmake-build" -DCMAKE_PREFIX_PATH="$prefix" \
        -DCMAKE_CXX_COMPILER="$CXX" >"$work/cmake.log" 2>&1 || { cat "$work/cmake.log"; fail "cmake configure"; }
    cmake --build "$work/cmake-build" >>"$work/cmake.log" 2>&1 || { cat "$work/cmake.log"; fail "cmake build"; }
    cpp_expected='9 UTF-16 units, 1 replaced: 0063 0061 0066 00E9 0020 FFFD 0020 006F 006B'
    needed "$work/cmake-build/app_shared" | grep -qx 'libutf8x.so.0' || fail "CMake app_shared does not load libutf8x.so.0"
    ! needed "$work/cmake-build/app_static" | grep -q utf8x || fail "CMake app_static depends on the shared library"
    for app in app_shared app_static; do
        [ "$(run_clean "$work/cmake-build/$app" 2>/dev/null)" = "$cpp_expected" ] || fail "CMake $app output"
    done
    # A version the package cannot satisfy must be refused.
    sed -i 's/find_package(utf8x 0.1 REQUIRED)/find_package(utf8x 0.2 REQUIRED)/' "$work/cmake-app/CMakeLists.txt"
    if cmake -S "$work/cmake-app" -B "$work/cmake-build2" -DCMAKE_PREFIX_PATH="$prefix" >/dev/null 2>&1; then
        fail "find_package(utf8x 0.2) accepted version $version"
    fi
fi

step "make uninstall"
make --no-print-directory uninstall PREFIX="$prefix" >/dev/null
# uninstall also removes the directories install made, the prefix itself included here.
left=
if [ -e "$prefix" ]; then left=$(find "$prefix" -type f -o -type l); fi
[ -z "$left" ] || fail "left after uninstall: $left"
echo "install-test: OK"

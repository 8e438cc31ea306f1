/*
 * The C test harness of utf8x: calls every function of the public header, linked against the
 * real shared or static library. Prints `N passed, M failed`; exits non-zero on any failure.
 * Built and run by tests/c_harness/main.rs (`cargo test --test c_harness`); by hand, from the
 * c_tests/ after `cargo build`:
 *     cc -std=c99 -Wall -Wextra -Werror -pedantic -I../include *.c -L../target/debug -lutf8x
 *     ln -sf libutf8x.so ../target/debug/libutf8x.so.0 && LD_LIBRARY_PATH=../target/debug ./a.out
 * A failure prints file:line, the expression and the context (function, case, policy, capacity).
 */
#include <stdio.h>

#include "check.h"
#include "tests.h"

int main(void) {
    check_catch_crashes();
    test_info();
    test_validate();
    test_literal();
    test_convert();
    test_roundtrip();
    test_args();
    test_bounds();
    test_random();
    test_guard();
    test_libc();
    test_family();
    test_chars();
    test_detect();
    test_column();
    return check_summary();
}

/*
 * A minimal test framework: CHECK-style macros that count passes and failures and print
 * file:line plus the current context (which input, policy, capacity...) on a failure.
 */
#ifndef UTF8X_CHECK_H
#define UTF8X_CHECK_H

#include <stddef.h>

extern unsigned long check_passed;
extern unsigned long check_failed;

/* Describes what the following checks are about; printed with every failure. printf-style. */
void check_context(const char *fmt, ...);

/* Records one check; returns `ok` so that a caller can skip dependent checks. */
int check_record(int ok, const char *file, int line, const char *expr, const char *detail);

/* Compares two unsigned integers and prints both values on a mismatch. */
int check_eq_u(unsigned long long got, unsigned long long want, const char *file, int line,
               const char *expr);

/* On a crash (an over-read, a bad write...), prints the current context before dying. */
void check_catch_crashes(void);

/* Prints `N passed, M failed` and returns the process exit code. */
int check_summary(void);

#define CHECK(cond) check_record((cond) ? 1 : 0, __FILE__, __LINE__, #cond, NULL)
#define CHECK_EQ(got, want) \
    check_eq_u((unsigned long long)(got), (unsigned long long)(want), __FILE__, __LINE__, \
               #got " == " #want)

#endif /* UTF8X_CHECK_H */

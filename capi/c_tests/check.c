#include "check.h"

#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

unsigned long check_passed;
unsigned long check_failed;

/* A loop that breaks can fail thousands of times; the first failures say enough. */
enum { MAX_REPORTED = 40 };

static char context[512];

void check_context(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(context, sizeof context, fmt, ap);
    va_end(ap);
}

int check_record(int ok, const char *file, int line, const char *expr, const char *detail) {
    if (ok) {
        check_passed++;
        return 1;
    }
    check_failed++;
    if (check_failed <= MAX_REPORTED) {
        fprintf(stderr, "%s:%d: CHECK failed: %s%s%s\n    context: %s\n", file, line, expr,
                detail ? " -- " : "", detail ? detail : "", context[0] ? context : "(none)");
    } else if (check_failed == MAX_REPORTED + 1) {
        fprintf(stderr, "(further failures are counted but not printed)\n");
    }
    return 0;
}

int check_eq_u(unsigned long long got, unsigned long long want, const char *file, int line,
               const char *expr) {
    char detail[96];
    if (got == want) {
        return check_record(1, file, line, expr, NULL);
    }
    snprintf(detail, sizeof detail, "got %llu (0x%llx), want %llu (0x%llx)", got, got, want,
             want);
    return check_record(0, file, line, expr, detail);
}

int check_summary(void) {
    printf("%lu passed, %lu failed\n", check_passed, check_failed);
    return check_failed > 0 ? 1 : 0;
}

/* Not async-signal-safe, and it does not need to be: the process is dying anyway, and the
 * context is what makes the crash debuggable. */
static void on_crash(int sig) {
    fprintf(stderr, "CRASH: signal %d during: %s\n", sig, context[0] ? context : "(none)");
    fprintf(stderr, "%lu passed, %lu failed before the crash\n", check_passed, check_failed);
    _Exit(3);
}

void check_catch_crashes(void) {
    signal(SIGSEGV, on_crash);
#ifdef SIGBUS
    signal(SIGBUS, on_crash);
#endif
    signal(SIGILL, on_crash);
    signal(SIGFPE, on_crash);
    signal(SIGABRT, on_crash);
}

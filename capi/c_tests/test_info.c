#include <string.h>

#include "check.h"
#include "tests.h"
#include "utf8x.h"

void test_info(void) {
    static const unsigned statuses[] = {UTF8X_OK,          UTF8X_INVALID,    UTF8X_TRUNCATED,
                                        UTF8X_OUTPUT_FULL, UTF8X_UNMAPPABLE, UTF8X_BAD_ARGUMENT,
                                        UTF8X_INTERNAL};
    static const unsigned errors[] = {
        UTF8X_ERR_NONE,         UTF8X_ERR_INVALID_LEAD,   UTF8X_ERR_UNEXPECTED_CONTINUATION,
        UTF8X_ERR_TOO_SHORT,    UTF8X_ERR_OVERLONG,       UTF8X_ERR_SURROGATE,
        UTF8X_ERR_TOO_LARGE,    UTF8X_ERR_INCOMPLETE,     UTF8X_ERR_LONE_SURROGATE,
        UTF8X_ERR_OUT_OF_RANGE, UTF8X_ERR_UNMAPPABLE,     UTF8X_ERR_BAD_ARGUMENT,
        UTF8X_ERR_INTERNAL,     UTF8X_ERR_FOUR_BYTE_FORM, UTF8X_ERR_NUL_BYTE,
        UTF8X_ERR_SPLIT_SURROGATE_PAIR};
    const size_t ns = sizeof statuses / sizeof statuses[0], ne = sizeof errors / sizeof errors[0];
    size_t i, j;

    check_context("version");
    CHECK_EQ(utf8x_version(),
             (UTF8X_VERSION_MAJOR << 16) | (UTF8X_VERSION_MINOR << 8) | UTF8X_VERSION_PATCH);

    /* The numbers are part of the ABI (README: "stable forever"): a change breaks compiled callers. */
    check_context("status and error codes");
    for (i = 0; i < ns; i++) {
        CHECK_EQ(statuses[i], i);
    }
    for (i = 0; i < ne; i++) {
        CHECK_EQ(errors[i], i);
    }
    CHECK_EQ(UTF8X_STRICT, 0);
    CHECK_EQ(UTF8X_REPLACE, 1);
    CHECK_EQ(UTF8X_SKIP, 2);
    CHECK_EQ(UTF8X_ESCAPE, 3);

    check_context("utf8x_status_str");
    for (i = 0; i < ns; i++) {
        const char *s = utf8x_status_str(statuses[i]);
        if (!CHECK(s != NULL)) {
            continue;
        }
        CHECK(strlen(s) > 0);
        CHECK(strcmp(s, "unknown status") != 0);
        /* The same (static) string every time, and a different one for every code. */
        CHECK(utf8x_status_str(statuses[i]) == s);
        for (j = 0; j < i; j++) {
            CHECK(strcmp(s, utf8x_status_str(statuses[j])) != 0);
        }
    }
    CHECK(utf8x_status_str(7) != NULL && strcmp(utf8x_status_str(7), "unknown status") == 0);
    CHECK(utf8x_status_str(0xFFFFFFFFu) != NULL &&
          strcmp(utf8x_status_str(0xFFFFFFFFu), "unknown status") == 0);

    check_context("utf8x_error_str");
    for (i = 0; i < ne; i++) {
        const char *s = utf8x_error_str(errors[i]);
        if (!CHECK(s != NULL)) {
            continue;
        }
        CHECK(strlen(s) > 0);
        CHECK(strcmp(s, "unknown error") != 0);
        CHECK(utf8x_error_str(errors[i]) == s);
        for (j = 0; j < i; j++) {
            CHECK(strcmp(s, utf8x_error_str(errors[j])) != 0);
        }
    }
    CHECK(utf8x_error_str(16) != NULL && strcmp(utf8x_error_str(16), "unknown error") == 0);
    CHECK(utf8x_error_str(0xFFFFFFFFu) != NULL &&
          strcmp(utf8x_error_str(0xFFFFFFFFu), "unknown error") == 0);
}

/* The data-engine calls from C: string columns (each value checked on its own) and one buffer
 * on many threads (exactly the one-thread result). */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "tests.h"
#include "units.h"

/* `caf\xC3` + `\xA9lait` is valid as one buffer, but no character may cross an offset: both
 * values are bad, and the first one is reported with its own error. */
static void character_never_crosses_an_offset(void) {
    static const uint8_t values[] = "caf\xC3\xA9lait";
    const int32_t o32[] = {0, 4, 9};
    const int64_t o64[] = {0, 4, 9};
    const uint8_t *ptrs[] = {values, values + 4};
    const size_t lens[] = {4, 5};
    utf8x_column_result r[3];
    size_t i;
    check_context("column: a character across an offset");
    CHECK_EQ(utf8x_validate(values, 9).status, UTF8X_OK);
    r[0] = utf8x_validate_column32(values, 9, o32, 2);
    r[1] = utf8x_validate_column64(values, 9, o64, 2);
    r[2] = utf8x_validate_many(ptrs, lens, 2);
    for (i = 0; i < 3; i++) {
        CHECK_EQ(r[i].index, 0);
        CHECK_RESULT(r[i].result, utf8x_validate(values, 4));
        CHECK_EQ(r[i].result.status, UTF8X_TRUNCATED);
        CHECK_EQ(r[i].result.read, 3);
        CHECK_EQ(r[i].result.error, UTF8X_ERR_INCOMPLETE);
    }
    /* The second value alone starts with a continuation byte. */
    r[0] = utf8x_validate_column32(values, 9, o32 + 1, 1);
    CHECK_EQ(r[0].index, 0);
    CHECK_EQ(r[0].result.status, UTF8X_INVALID);
    CHECK_EQ(r[0].result.error, UTF8X_ERR_UNEXPECTED_CONTINUATION);
}

/* Valid values report `n` and the bytes of all of them; the index of a later bad value is its
 * own; offsets that go back or past the buffer are refused at the first such offset. */
static void columns_of_several_values(void) {
    static const uint8_t values[] = "\xC3\xA9t\xC3\xA9" "caf\xC3\xA9" "\xE2\x82" "ok";
    /* "été", "café", a cut-off "€", "ok": 14 bytes. */
    const int32_t good[] = {0, 5, 10};
    const int64_t bad[] = {0, 5, 10, 12, 14};
    const int32_t back[] = {0, 5, 4};
    const int32_t past[] = {0, 5, 15};
    utf8x_column_result r;
    check_context("column: several values");
    r = utf8x_validate_column32(values, 14, good, 2);
    CHECK_EQ(r.result.status, UTF8X_OK);
    CHECK_EQ(r.index, 2);
    CHECK_EQ(r.result.read, 10);
    r = utf8x_validate_column64(values, 14, bad, 4);
    CHECK_EQ(r.index, 2);
    CHECK_EQ(r.result.status, UTF8X_TRUNCATED);
    CHECK_EQ(r.result.read, 0);
    r = utf8x_validate_column32(values, 14, back, 2);
    CHECK_EQ(r.result.status, UTF8X_BAD_ARGUMENT);
    r = utf8x_validate_column32(values, 14, past, 2);
    CHECK_EQ(r.result.status, UTF8X_BAD_ARGUMENT);
    CHECK_EQ(r.index, 2);
    r = utf8x_validate_column32(NULL, 0, NULL, 0);
    CHECK_EQ(r.result.status, UTF8X_OK);
    CHECK_EQ(r.index, 0);
}

/* Parallel validation and conversion give the one-thread result, output included, for any
 * number of threads, with an error past the middle and with too little room. */
static void parallel_is_the_one_thread_result(void) {
    const size_t len = 300000;
    uint8_t *text = malloc(len);
    uint16_t *one = malloc(len * 2), *many = malloc(len * 2);
    size_t i, threads, cap;
    if (!text || !one || !many) {
        check_record(0, __FILE__, __LINE__, "allocation", NULL);
        free(text);
        free(one);
        free(many);
        return;
    }
    for (i = 0; i + 2 <= len; i += 2) {
        text[i] = 0xC5;
        text[i + 1] = 0xBE; /* U+017E */
    }
    text[len * 2 / 3] = 0xFF;
    for (threads = 0; threads <= 9; threads += 3) {
        check_context("parallel: %u threads", (unsigned)threads);
        CHECK_RESULT(utf8x_validate_parallel(text, len, threads), utf8x_validate(text, len));
        for (cap = len / 4; cap <= len; cap += len * 3 / 4) {
            utf8x_result a, b;
            memset(one, 0, len * 2);
            memset(many, 0, len * 2);
            a = utf8x_convert(text, len, UTF8X_ENC_UTF8, one, cap, UTF8X_ENC_UTF16LE,
                              UTF8X_REPLACE);
            b = utf8x_convert_parallel(text, len, UTF8X_ENC_UTF8, many, cap, UTF8X_ENC_UTF16LE,
                                       UTF8X_REPLACE, threads);
            CHECK_RESULT(b, a);
            CHECK(memcmp(one, many, len * 2) == 0);
        }
    }
    free(text);
    free(one);
    free(many);
}

void test_column(void) {
    character_never_crosses_an_offset();
    columns_of_several_values();
    parallel_is_the_one_thread_result();
}

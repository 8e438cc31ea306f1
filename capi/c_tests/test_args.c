/* Arguments that cannot describe a buffer are rejected, never followed: BAD_ARGUMENT, nothing
 * read, nothing written. */
#include <string.h>

#include "check.h"
#include "tests.h"
#include "units.h"

enum { FILL = 0x5A };

static int untouched(const unsigned char *buf, size_t n) {
    size_t i;
    for (i = 0; i < n; i++) {
        if (buf[i] != FILL) {
            return 0;
        }
    }
    return 1;
}

static void null_and_empty(void) {
    static const uint8_t abc[] = {0x61, 0x62, 0x63};
    const utf8x_result empty = result(UTF8X_OK, UTF8X_ERR_NONE, 0, 0, 0, 0);
    aligned_unit dst[4];
    size_t i, p;

    check_context("validation functions with NULL");
    CHECK_RESULT(utf8x_validate(NULL, 0), empty);
    CHECK_RESULT(utf8x_validate(NULL, 5), bad_argument());
    CHECK_RESULT(utf8x_validate(abc, 0), empty);
    CHECK(utf8x_is_valid(NULL, 0));
    CHECK(!utf8x_is_valid(NULL, 5));
    CHECK(utf8x_is_ascii(NULL, 0));
    CHECK(!utf8x_is_ascii(NULL, 5));
    CHECK_EQ(utf8x_count(NULL, 0), 0);
    CHECK_EQ(utf8x_count(NULL, 5), 0);
    CHECK_RESULT(utf8x_validate_utf16le(NULL, 0), empty);
    CHECK_RESULT(utf8x_validate_utf16le(NULL, 3), bad_argument());
    CHECK_RESULT(utf8x_validate_utf16be(NULL, 0), empty);
    CHECK_RESULT(utf8x_validate_utf16be(NULL, 3), bad_argument());
    CHECK_RESULT(utf8x_validate_utf32(NULL, 0), empty);
    CHECK_RESULT(utf8x_validate_utf32(NULL, 3), bad_argument());

    for (i = 0; i < NCONVS; i++) {
        for (p = 0; p < NPOLICIES; p++) {
            const struct conv *cv = &CONVS[i];
            int latin1_escape = cv->to == ENC_LATIN1 && POLICIES[p] == UTF8X_ESCAPE;
            utf8x_result want = latin1_escape ? bad_argument() : empty;
            check_context("%s, %s, NULL source", cv->name, policy_name(POLICIES[p]));
            memset(dst, FILL, sizeof dst);
            CHECK_RESULT(cv->fn(NULL, 0, dst, 4, POLICIES[p]), want);
            CHECK_RESULT(cv->fn(NULL, 0, NULL, 0, POLICIES[p]), want);
            CHECK_RESULT(cv->fn(NULL, 0, NULL, 7, POLICIES[p]), want);
            CHECK_RESULT(cv->fn(abc, 0, dst, 4, POLICIES[p]), want);
            CHECK_RESULT(cv->fn(NULL, 3, dst, 4, POLICIES[p]), bad_argument());
            CHECK_RESULT(cv->fn(NULL, 3, NULL, 0, POLICIES[p]), bad_argument());
            CHECK(untouched(dst[0].bytes, sizeof dst));
        }
    }
}

static void unknown_policy(void) {
    static const uint32_t bad_policies[] = {5, 6, 0x100, 0xFFFFFFFFu};
    aligned_unit src[4], dst[8];
    size_t i, p;
    memset(src, 0x41, sizeof src); /* "AAAA...", valid in every encoding */
    for (i = 0; i < NCONVS; i++) {
        const struct conv *cv = &CONVS[i];
        for (p = 0; p < sizeof bad_policies / sizeof bad_policies[0]; p++) {
            check_context("%s, policy %lu", cv->name, (unsigned long)bad_policies[p]);
            memset(dst, FILL, sizeof dst);
            CHECK_RESULT(cv->fn(src, 2, dst, 8, bad_policies[p]), bad_argument());
            CHECK_RESULT(cv->fn(src, 2, NULL, 0, bad_policies[p]), bad_argument());
            CHECK_RESULT(cv->fn(NULL, 0, dst, 8, bad_policies[p]), bad_argument());
            CHECK(untouched(dst[0].bytes, sizeof dst));
        }
    }
}

/* Every conversion whose source or destination has units wider than a byte, at every
 * misalignment. The pointers are formed only to be passed: the library must reject them. */
static void misaligned(void) {
    aligned_unit src[8], dst[8];
    size_t i, off, p;
    for (i = 0; i < NCONVS; i++) {
        const struct conv *cv = &CONVS[i];
        size_t su = enc_unit_size(cv->from), du = enc_unit_size(cv->to);
        for (p = 0; p < NPOLICIES; p++) {
            uint32_t policy = POLICIES[p];
            if (cv->to == ENC_LATIN1 && policy == UTF8X_ESCAPE) {
                continue;
            }
            for (off = 1; off < su; off++) {
                check_context("%s, %s, source misaligned by %lu", cv->name, policy_name(policy),
                              (unsigned long)off);
                memset(src, 0, sizeof src);
                enc_store(cv->from, src[0].bytes + off, 0, 0x41);
                memset(dst, FILL, sizeof dst);
                CHECK_RESULT(cv->fn(src[0].bytes + off, 2, dst, 8, policy), bad_argument());
                CHECK_RESULT(cv->fn(src[0].bytes + off, 2, NULL, 0, policy), bad_argument());
                CHECK(untouched(dst[0].bytes, sizeof dst));
            }
            for (off = 1; off < du; off++) {
                check_context("%s, %s, destination misaligned by %lu", cv->name,
                              policy_name(policy), (unsigned long)off);
                memset(src, 0x41, sizeof src);
                memset(dst, FILL, sizeof dst);
                CHECK_RESULT(cv->fn(src, 2, dst[0].bytes + off, 4, policy), bad_argument());
                CHECK(untouched(dst[0].bytes, sizeof dst));
            }
        }
    }
    check_context("validate_utf16le/be and validate_utf32 with a misaligned source");
    memset(src, 0, sizeof src);
    CHECK_RESULT(utf8x_validate_utf16le((const uint16_t *)(void *)(src[0].bytes + 1), 2),
                 bad_argument());
    CHECK_RESULT(utf8x_validate_utf16be((const uint16_t *)(void *)(src[0].bytes + 1), 2),
                 bad_argument());
    for (off = 1; off < 4; off++) {
        CHECK_RESULT(utf8x_validate_utf32((const uint32_t *)(void *)(src[0].bytes + off), 2),
                     bad_argument());
    }
}

/* Shared bytes between source and destination, in either order; touching ones are fine. */
static void overlapping(void) {
    aligned_unit mem[8];
    unsigned char copy[sizeof mem];
    unsigned char *b = mem[0].bytes;
    size_t i;
    for (i = 0; i < NCONVS; i++) {
        const struct conv *cv = &CONVS[i];
        size_t su = enc_unit_size(cv->from), du = enc_unit_size(cv->to);
        /* Source units [0, 4) at byte 16. */
        unsigned char *src = b + 16;
        size_t k, d;
        check_context("%s, overlapping buffers", cv->name);
        memset(mem, 0, sizeof mem);
        for (k = 0; k < 4; k++) {
            enc_store(cv->from, src, k, 0x41);
        }
        memcpy(copy, mem, sizeof mem);
        /* Destinations starting before, inside and at the end of the source, aligned for their
         * unit; they overlap when [d, d + 4 du) meets [16, 16 + 4 su). */
        for (d = 0; d + 4 * du <= sizeof mem; d += du) {
            int overlap = d < 16 + 4 * su && 16 < d + 4 * du;
            utf8x_result r = cv->fn(src, 4, b + d, 4, UTF8X_REPLACE);
            if (overlap) {
                CHECK_RESULT(r, bad_argument());
                CHECK(memcmp(mem, copy, sizeof mem) == 0);
            } else {
                CHECK_RESULT(r, result(UTF8X_OK, UTF8X_ERR_NONE, 4, 4, 0, 0));
                memcpy(mem, copy, sizeof mem);
            }
        }
    }
}

void test_args(void) {
    null_and_empty();
    unknown_policy();
    misaligned();
    overlapping();
}

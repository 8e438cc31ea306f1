/* Outputs written out by hand, independent of the model: the examples a reader checks first. */
#include <string.h>

#include "check.h"
#include "tests.h"
#include "units.h"

#define LEN(a) (sizeof(a) / sizeof((a)[0]))

static const uint8_t UNICODE_EXAMPLE[] = {0x61, 0xF1, 0x80, 0x80, 0xE1, 0x80, 0xC2,
                                          0x62, 0x80, 0x63, 0x80, 0xBF, 0x64};

static void unicode_example(void) {
    static const uint32_t replaced[] = {0x61,   0xFFFD, 0xFFFD, 0xFFFD, 0x62,
                                        0xFFFD, 0x63,   0xFFFD, 0xFFFD, 0x64};
    static const uint32_t skipped[] = {0x61, 0x62, 0x63, 0x64};
    static const uint32_t escaped[] = {0x61,   0xDCF1, 0xDC80, 0xDC80, 0xDCE1, 0xDC80, 0xDCC2,
                                       0x62,   0xDC80, 0x63,   0xDC80, 0xDCBF, 0x64};
    static const uint8_t latin1[] = "a???b?c??d";
    uint16_t u16[32];
    uint8_t bytes[32];
    const size_t n = sizeof UNICODE_EXAMPLE;

    check_context("Unicode 3.9 example, to_utf16le REPLACE: 6 U+FFFD");
    CHECK_RESULT(utf8x_to_utf16le(UNICODE_EXAMPLE, n, u16, LEN(u16), UTF8X_REPLACE),
                 result(UTF8X_OK, UTF8X_ERR_NONE, n, 10, 0, 6));
    CHECK_UNITS(ENC_UTF16LE, u16, replaced, LEN(replaced));
    check_context("Unicode 3.9 example, to_utf16le SKIP");
    CHECK_RESULT(utf8x_to_utf16le(UNICODE_EXAMPLE, n, u16, LEN(u16), UTF8X_SKIP),
                 result(UTF8X_OK, UTF8X_ERR_NONE, n, 4, 0, 6));
    CHECK_UNITS(ENC_UTF16LE, u16, skipped, LEN(skipped));
    check_context("Unicode 3.9 example, to_utf16le ESCAPE: one escape per bad byte");
    CHECK_RESULT(utf8x_to_utf16le(UNICODE_EXAMPLE, n, u16, LEN(u16), UTF8X_ESCAPE),
                 result(UTF8X_OK, UTF8X_ERR_NONE, n, 13, 0, 9));
    CHECK_UNITS(ENC_UTF16LE, u16, escaped, LEN(escaped));
    check_context("Unicode 3.9 example, to_utf16le STRICT");
    CHECK_RESULT(utf8x_to_utf16le(UNICODE_EXAMPLE, n, u16, LEN(u16), UTF8X_STRICT),
                 result(UTF8X_INVALID, UTF8X_ERR_TOO_SHORT, 1, 1, 3, 0));
    CHECK_EQ(enc_load(ENC_UTF16LE, u16, 0), 0x61);
    check_context("Unicode 3.9 example, to_latin1 REPLACE: one '?' per subpart");
    CHECK_RESULT(utf8x_to_latin1(UNICODE_EXAMPLE, n, bytes, LEN(bytes), UTF8X_REPLACE),
                 result(UTF8X_OK, UTF8X_ERR_NONE, n, 10, 0, 6));
    CHECK(memcmp(bytes, latin1, 10) == 0);
}

static void byte_order(void) {
    static const uint8_t e_acute[] = {0xC3, 0xA9}, grin[] = {0xF0, 0x9F, 0x98, 0x80};
    static const unsigned char be_e[] = {0x00, 0xE9}, le_e[] = {0xE9, 0x00};
    static const unsigned char be_grin[] = {0xD8, 0x3D, 0xDE, 0x00};
    static const unsigned char le_grin[] = {0x3D, 0xD8, 0x00, 0xDE};
    uint16_t u16[4];
    uint32_t u32[2];
    uint8_t bytes[8];
    const utf8x_result ok1 = result(UTF8X_OK, UTF8X_ERR_NONE, 2, 1, 0, 0);
    const utf8x_result ok2 = result(UTF8X_OK, UTF8X_ERR_NONE, 4, 2, 0, 0);

    check_context("to_utf16be of U+00E9 stores the bytes 00 E9");
    CHECK_RESULT(utf8x_to_utf16be(e_acute, 2, u16, 4, UTF8X_STRICT), ok1);
    CHECK(memcmp(u16, be_e, 2) == 0);
    check_context("to_utf16le of U+00E9 stores the bytes E9 00");
    CHECK_RESULT(utf8x_to_utf16le(e_acute, 2, u16, 4, UTF8X_STRICT), ok1);
    CHECK(memcmp(u16, le_e, 2) == 0);
    check_context("to_utf16 of U+00E9 stores the value 0xE9");
    CHECK_RESULT(utf8x_to_utf16(e_acute, 2, u16, 4, UTF8X_STRICT), ok1);
    CHECK_EQ(u16[0], 0xE9);
    check_context("to_utf32 of U+1F600");
    CHECK_RESULT(utf8x_to_utf32(grin, 4, u32, 2, UTF8X_STRICT),
                 result(UTF8X_OK, UTF8X_ERR_NONE, 4, 1, 0, 0));
    CHECK_EQ(u32[0], 0x1F600);
    check_context("to_utf16be/le of U+1F600 store the bytes of D83D DE00");
    CHECK_RESULT(utf8x_to_utf16be(grin, 4, u16, 4, UTF8X_STRICT), ok2);
    CHECK(memcmp(u16, be_grin, 4) == 0);
    CHECK_RESULT(utf8x_to_utf16le(grin, 4, u16, 4, UTF8X_STRICT), ok2);
    CHECK(memcmp(u16, le_grin, 4) == 0);
    check_context("from_utf16be reads the bytes 00 E9 as U+00E9");
    memcpy(u16, be_e, 2);
    CHECK_RESULT(utf8x_from_utf16be(u16, 1, bytes, 8, UTF8X_STRICT),
                 result(UTF8X_OK, UTF8X_ERR_NONE, 1, 2, 0, 0));
    CHECK(memcmp(bytes, e_acute, 2) == 0);
    check_context("from_utf16le reads the bytes 3D D8 00 DE as U+1F600");
    memcpy(u16, le_grin, 4);
    CHECK_RESULT(utf8x_from_utf16le(u16, 2, bytes, 8, UTF8X_STRICT),
                 result(UTF8X_OK, UTF8X_ERR_NONE, 2, 4, 0, 0));
    CHECK(memcmp(bytes, grin, 4) == 0);
}

static void latin1(void) {
    /* "é€ü": € is not in Latin-1. */
    static const uint8_t src[] = {0xC3, 0xA9, 0xE2, 0x82, 0xAC, 0xC3, 0xBC};
    static const uint8_t replaced[] = {0xE9, '?', 0xFC}, skipped[] = {0xE9, 0xFC};
    uint8_t out[8], utf8[512], all[256];
    size_t i, p, n = 0;

    check_context("to_latin1 STRICT stops at the unmappable U+20AC");
    CHECK_RESULT(utf8x_to_latin1(src, sizeof src, out, sizeof out, UTF8X_STRICT),
                 result(UTF8X_UNMAPPABLE, UTF8X_ERR_UNMAPPABLE, 2, 1, 3, 0));
    CHECK_EQ(out[0], 0xE9);
    check_context("to_latin1 REPLACE writes '?'");
    CHECK_RESULT(utf8x_to_latin1(src, sizeof src, out, sizeof out, UTF8X_REPLACE),
                 result(UTF8X_OK, UTF8X_ERR_NONE, 7, 3, 0, 1));
    CHECK(memcmp(out, replaced, 3) == 0);
    check_context("to_latin1 SKIP drops it");
    CHECK_RESULT(utf8x_to_latin1(src, sizeof src, out, sizeof out, UTF8X_SKIP),
                 result(UTF8X_OK, UTF8X_ERR_NONE, 7, 2, 0, 1));
    CHECK(memcmp(out, skipped, 2) == 0);
    check_context("to_latin1 ESCAPE is a bad argument, whatever the input");
    CHECK_RESULT(utf8x_to_latin1(src, sizeof src, out, sizeof out, UTF8X_ESCAPE), bad_argument());
    CHECK_RESULT(utf8x_to_latin1(src, 2, out, sizeof out, UTF8X_ESCAPE), bad_argument());
    CHECK_RESULT(utf8x_to_latin1(NULL, 0, NULL, 0, UTF8X_ESCAPE), bad_argument());

    check_context("from_latin1 of all 256 bytes, every policy");
    for (i = 0; i < 256; i++) {
        uint32_t units[4];
        size_t k, nu = enc_encode(ENC_UTF8, (uint32_t)i, units);
        all[i] = (uint8_t)i;
        for (k = 0; k < nu; k++) {
            utf8[n++] = (uint8_t)units[k];
        }
    }
    for (p = 0; p < NPOLICIES; p++) {
        uint8_t got[512];
        CHECK_RESULT(utf8x_from_latin1(all, 256, got, sizeof got, POLICIES[p]),
                     result(UTF8X_OK, UTF8X_ERR_NONE, 256, n, 0, 0));
        CHECK(memcmp(got, utf8, n) == 0);
    }
}

static void surrogates_and_truncation(void) {
    static const uint8_t fffd[] = {0xEF, 0xBF, 0xBD};
    static const uint8_t truncated[] = {0x61, 0xE2, 0x82};
    uint16_t u16[4] = {0x61, 0xD800, 0x62};
    const uint32_t u32[] = {0xD800, 0x110000};
    uint8_t out[16];

    check_context("from_utf16 with a lone high surrogate in the middle");
    CHECK_RESULT(utf8x_from_utf16(u16, 3, out, sizeof out, UTF8X_STRICT),
                 result(UTF8X_INVALID, UTF8X_ERR_LONE_SURROGATE, 1, 1, 1, 0));
    CHECK_RESULT(utf8x_from_utf16(u16, 3, out, sizeof out, UTF8X_REPLACE),
                 result(UTF8X_OK, UTF8X_ERR_NONE, 3, 5, 0, 1));
    CHECK(out[0] == 0x61 && memcmp(out + 1, fffd, 3) == 0 && out[4] == 0x62);
    check_context("from_utf16 with a high surrogate at the end");
    u16[1] = 0xD83D;
    CHECK_RESULT(utf8x_from_utf16(u16, 2, out, sizeof out, UTF8X_STRICT),
                 result(UTF8X_TRUNCATED, UTF8X_ERR_INCOMPLETE, 1, 1, 0, 0));
    CHECK_RESULT(utf8x_from_utf16(u16, 2, out, sizeof out, UTF8X_REPLACE),
                 result(UTF8X_OK, UTF8X_ERR_NONE, 2, 4, 0, 1));
    CHECK(memcmp(out + 1, fffd, 3) == 0);
    check_context("from_utf32 with a surrogate and a value above U+10FFFF");
    CHECK_RESULT(utf8x_from_utf32(u32, 2, out, sizeof out, UTF8X_STRICT),
                 result(UTF8X_INVALID, UTF8X_ERR_SURROGATE, 0, 0, 1, 0));
    CHECK_RESULT(utf8x_from_utf32(u32 + 1, 1, out, sizeof out, UTF8X_STRICT),
                 result(UTF8X_INVALID, UTF8X_ERR_OUT_OF_RANGE, 0, 0, 1, 0));
    CHECK_RESULT(utf8x_from_utf32(u32, 2, out, sizeof out, UTF8X_REPLACE),
                 result(UTF8X_OK, UTF8X_ERR_NONE, 2, 6, 0, 2));
    CHECK(memcmp(out, fffd, 3) == 0 && memcmp(out + 3, fffd, 3) == 0);
    check_context("UTF-8 ending inside a sequence");
    CHECK_RESULT(utf8x_validate(truncated, 3),
                 result(UTF8X_TRUNCATED, UTF8X_ERR_INCOMPLETE, 1, 0, 0, 0));
    CHECK_RESULT(utf8x_to_utf16le(truncated, 3, u16, 4, UTF8X_STRICT),
                 result(UTF8X_TRUNCATED, UTF8X_ERR_INCOMPLETE, 1, 1, 0, 0));
    CHECK_RESULT(utf8x_to_utf16le(truncated, 3, u16, 4, UTF8X_REPLACE),
                 result(UTF8X_OK, UTF8X_ERR_NONE, 3, 2, 0, 1));
    CHECK_EQ(enc_load(ENC_UTF16LE, u16, 1), 0xFFFD);
}

void test_literal(void) {
    unicode_example();
    byte_order();
    latin1();
    surrogates_and_truncation();
}

/* Byte order marks and encoding detection through the header: every mark with and without a
 * length pointer, NULL arguments, and one input per rule of utf8x_detect. */
#include <string.h>

#include "check.h"
#include "tests.h"
#include "units.h"

struct sample {
    const char *name;
    const char *bytes; /* may hold 00 bytes: `len` counts them */
    size_t len;
    uint32_t bom;      /* what utf8x_bom returns */
    size_t bom_len;    /* and stores */
    uint32_t detected; /* what utf8x_detect returns */
};

#define S(lit) lit, sizeof lit - 1

static const struct sample SAMPLES[] = {
    {"empty", S(""), 0, 0, UTF8X_ENC_UTF8},
    {"ASCII", S("plain text"), 0, 0, UTF8X_ENC_UTF8},
    {"UTF-8 mark", S("\xEF\xBB\xBFtext"), UTF8X_ENC_UTF8, 3, UTF8X_ENC_UTF8},
    {"UTF-8 mark alone", S("\xEF\xBB\xBF"), UTF8X_ENC_UTF8, 3, UTF8X_ENC_UTF8},
    {"UTF-16LE mark", S("\xFF\xFEh\0i\0"), UTF8X_ENC_UTF16LE, 2, UTF8X_ENC_UTF16LE},
    {"UTF-16BE mark", S("\xFE\xFF\0h\0i"), UTF8X_ENC_UTF16BE, 2, UTF8X_ENC_UTF16BE},
    {"UTF-32LE mark", S("\xFF\xFE\0\0h\0\0\0"), UTF8X_ENC_UTF32LE, 4, UTF8X_ENC_UTF32LE},
    {"UTF-32BE mark", S("\0\0\xFE\xFF\0\0\0h"), UTF8X_ENC_UTF32BE, 4, UTF8X_ENC_UTF32BE},
    {"UTF-32LE mark alone", S("\xFF\xFE\0\0"), UTF8X_ENC_UTF32LE, 4, UTF8X_ENC_UTF32LE},
    /* FF FE 00 00 followed by UTF-16LE: a UTF-16LE mark and U+0000. */
    {"FF FE 00 00 then UTF-16LE", S("\xFF\xFE\0\0h\0i\0"), UTF8X_ENC_UTF32LE, 4,
     UTF8X_ENC_UTF16LE},
    {"half a UTF-8 mark", S("\xEF\xBB"), 0, 0, UTF8X_ENC_UTF8},
    {"UTF-16LE without mark", S("h\0e\0l\0l\0o\0"), 0, 0, UTF8X_ENC_UTF16LE},
    {"UTF-16BE without mark", S("\0h\0e\0l\0l\0o"), 0, 0, UTF8X_ENC_UTF16BE},
    {"UTF-32LE without mark", S("h\0\0\0i\0\0\0"), 0, 0, UTF8X_ENC_UTF32LE},
    {"UTF-32BE without mark", S("\0\0\0h\0\0\0i"), 0, 0, UTF8X_ENC_UTF32BE},
    {"UTF-8 cut inside its last character", S("caf\xC3"), 0, 0, UTF8X_ENC_UTF8},
    {"UTF-8 with a terminator", S("hello world\0"), 0, 0, UTF8X_ENC_UTF8},
    {"CP1252", S("Gr\xFC\xDF" "e aus K\xF6ln"), 0, 0, UTF8X_ENC_CP1252},
    {"CP1252 quotes and euro", S("\x93" "20 \x80\x94" "cher\x85\x94 !"), 0, 0, UTF8X_ENC_CP1252},
};

void test_detect(void) {
    static const uint8_t abc[] = {0x61, 0x62, 0x63};
    const size_t n = sizeof SAMPLES / sizeof SAMPLES[0];
    aligned_unit slot[2];
    size_t i, got_len;

    check_context("UTF8X_ENC_* values");
    CHECK_EQ(UTF8X_ENC_CESU8, 8);
    CHECK_EQ(UTF8X_ENC_MUTF8, 9);
    CHECK_EQ(UTF8X_ENC_WTF8, 10);
    CHECK_EQ(UTF8X_ENC_RFC2279, 11);
    CHECK_EQ(UTF8X_ENC_CP1252, 12);
    CHECK_EQ(UTF8X_ENC_UTF32LE, 13);
    CHECK_EQ(UTF8X_ENC_UTF32BE, 14);

    for (i = 0; i < n; i++) {
        const struct sample *s = &SAMPLES[i];
        const uint8_t *bytes = (const uint8_t *)s->bytes;
        check_context("utf8x_bom and utf8x_detect, %s", s->name);
        got_len = 99;
        CHECK_EQ(utf8x_bom(bytes, s->len, &got_len), s->bom);
        CHECK_EQ(got_len, s->bom_len);
        CHECK_EQ(utf8x_bom(bytes, s->len, NULL), s->bom);
        CHECK_EQ(utf8x_detect(bytes, s->len), s->detected);
        /* Every prefix of a mark's bytes is no mark, or the shorter mark it spells. */
        if (s->bom_len > 0) {
            size_t k;
            for (k = 0; k < s->bom_len; k++) {
                got_len = 99;
                (void)utf8x_bom(bytes, k, &got_len);
                CHECK(got_len < s->bom_len);
            }
        }
    }

    check_context("utf8x_bom with NULL and misaligned arguments");
    got_len = 99;
    CHECK_EQ(utf8x_bom(NULL, 0, &got_len), 0);
    CHECK_EQ(got_len, 0);
    got_len = 99;
    CHECK_EQ(utf8x_bom(NULL, 4, &got_len), 0);
    CHECK_EQ(got_len, 0);
    CHECK_EQ(utf8x_bom(NULL, 4, NULL), 0);
    CHECK_EQ(utf8x_bom(NULL, 0, NULL), 0);
    CHECK_EQ(utf8x_bom(abc, 0, NULL), 0);
    /* A length pointer that is not aligned for size_t is never written through. The pointer is
     * formed only to be passed. */
    memset(slot, 0x5A, sizeof slot);
    CHECK_EQ(utf8x_bom((const uint8_t *)"\xEF\xBB\xBF", 3, (size_t *)(void *)(slot[0].bytes + 1)),
             0);
    CHECK(slot[0].bytes[1] == 0x5A && slot[1].bytes[0] == 0x5A);

    check_context("utf8x_detect with NULL");
    CHECK_EQ(utf8x_detect(NULL, 0), UTF8X_ENC_UTF8);
    CHECK_EQ(utf8x_detect(NULL, 5), UTF8X_ENC_UTF8);
    CHECK_EQ(utf8x_detect(abc, 0), UTF8X_ENC_UTF8);
}

#include <stdlib.h>

#include "cases.h"
#include "check.h"
#include "model.h"
#include "tests.h"

/* Validation reports what a STRICT conversion reports, without output. */
static utf8x_result expected(const char *conv_name, const struct tcase *c) {
    uint32_t *out = malloc(model_out_room(c) * sizeof *out);
    utf8x_result r = model(conv_named(conv_name), c, UTF8X_STRICT, out);
    free(out);
    r.written = 0;
    r.replaced = 0;
    return r;
}

void validate_case(const struct tcase *c) {
    aligned_unit mem[2048];
    size_t i, ascii = 1, starts = 0;
    const uint8_t *bytes;
    utf8x_result want;
    if (c->len * 4 > sizeof mem) {
        check_record(0, __FILE__, __LINE__, "case fits the buffer", c->name);
        return;
    }
    check_context("validate %s case \"%s\"", enc_name(c->family), c->name);
    switch (c->family) {
    case ENC_UTF8:
        want = expected("utf8x_to_utf32", c);
        bytes = (const uint8_t *)c->bytes;
        CHECK_RESULT(utf8x_validate(bytes, c->len), want);
        CHECK(utf8x_is_valid(bytes, c->len) == (want.status == UTF8X_OK));
        for (i = 0; i < c->len; i++) {
            ascii &= bytes[i] < 0x80;
            starts += (bytes[i] & 0xC0) != 0x80;
        }
        CHECK(utf8x_is_ascii(bytes, c->len) == (ascii != 0));
        CHECK_EQ(utf8x_count(bytes, c->len), starts);
        break;
    case ENC_UTF16:
        want = expected("utf8x_from_utf16le", c);
        for (i = 0; i < c->len; i++) {
            enc_store(ENC_UTF16LE, mem, i, case_unit(c, i));
        }
        CHECK_RESULT(utf8x_validate_utf16le((const uint16_t *)(void *)mem, c->len), want);
        for (i = 0; i < c->len; i++) {
            enc_store(ENC_UTF16BE, mem, i, case_unit(c, i));
        }
        CHECK_RESULT(utf8x_validate_utf16be((const uint16_t *)(void *)mem, c->len), want);
        break;
    default:
        want = expected("utf8x_from_utf32", c);
        for (i = 0; i < c->len; i++) {
            enc_store(ENC_UTF32, mem, i, case_unit(c, i));
        }
        CHECK_RESULT(utf8x_validate_utf32((const uint32_t *)(void *)mem, c->len), want);
        break;
    }
}

void test_validate(void) {
    aligned_unit mem[2];
    uint16_t *u16 = (uint16_t *)(void *)mem;
    for_each_case(validate_case);

    /* The byte order is the caller's: U+00D8 stored little-endian reads, big-endian, as a high
     * surrogate at the end of the input. */
    check_context("validate_utf16le/be read the byte order they name");
    enc_store(ENC_UTF16LE, mem, 0, 0x00D8);
    CHECK_RESULT(utf8x_validate_utf16le(u16, 1), result(UTF8X_OK, UTF8X_ERR_NONE, 1, 0, 0, 0));
    CHECK_RESULT(utf8x_validate_utf16be(u16, 1),
                 result(UTF8X_TRUNCATED, UTF8X_ERR_INCOMPLETE, 0, 0, 0, 0));
    enc_store(ENC_UTF16BE, mem, 0, 0x00DC);
    CHECK_RESULT(utf8x_validate_utf16be(u16, 1), result(UTF8X_OK, UTF8X_ERR_NONE, 1, 0, 0, 0));
    CHECK_RESULT(utf8x_validate_utf16le(u16, 1),
                 result(UTF8X_INVALID, UTF8X_ERR_LONE_SURROGATE, 0, 0, 1, 0));
}

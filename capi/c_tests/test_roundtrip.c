/* ESCAPE is lossless: any bytes -> UTF-16/32/wchar_t -> the same bytes, counts matching. */
#include <stdlib.h>
#include <string.h>

#include "cases.h"
#include "check.h"
#include "tests.h"

static const char *const PAIRS[][2] = {
    {"utf8x_to_utf16le", "utf8x_from_utf16le"},
    {"utf8x_to_utf16be", "utf8x_from_utf16be"},
    {"utf8x_to_utf16", "utf8x_from_utf16"},
    {"utf8x_to_utf32", "utf8x_from_utf32"},
    {"utf8x_to_wchar", "utf8x_from_wchar"},
};

void roundtrip_bytes(const uint8_t *bytes, size_t len, size_t bad_bytes, const char *what) {
    size_t i;
    for (i = 0; i < sizeof PAIRS / sizeof PAIRS[0]; i++) {
        const struct conv *to = conv_named(PAIRS[i][0]), *from = conv_named(PAIRS[i][1]);
        void *mid = malloc(len * 4 + 4);
        uint8_t *back = malloc(len + 1);
        utf8x_result r1, r2;
        check_context("ESCAPE round trip through %s of %s", enc_name(to->to), what);
        r1 = to->fn(bytes, len, mid, len, UTF8X_ESCAPE);
        CHECK_RESULT(r1, result(UTF8X_OK, UTF8X_ERR_NONE, len, r1.written, 0, bad_bytes));
        r2 = from->fn(mid, r1.written, back, len, UTF8X_ESCAPE);
        if (CHECK_RESULT(r2, result(UTF8X_OK, UTF8X_ERR_NONE, r1.written, len, 0, bad_bytes))) {
            CHECK(len == 0 || memcmp(back, bytes, len) == 0);
        }
        free(mid);
        free(back);
    }
}

void roundtrip_case(const struct tcase *c) {
    size_t t, bad = 0;
    if (c->family != ENC_UTF8) {
        return;
    }
    for (t = 0; t < c->ntokens; t++) {
        bad += c->tokens[t] < 0 ? (size_t)-c->tokens[t] : 0;
    }
    roundtrip_bytes((const uint8_t *)c->bytes, c->len, bad, c->name);
}

void test_roundtrip(void) {
    for_each_case(roundtrip_case);
}

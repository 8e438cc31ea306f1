/*
 * The character utilities through the header: boundaries, truncation and the one-character
 * decoders on every UTF-8 case (whose split into characters and maximal subparts the tables
 * spell out), the encoder on every code point against the harness's own encoder, the UTF-16 byte
 * swap, and every rejected argument.
 */
#include <stdint.h>
#include <string.h>

#include "cases.h"
#include "check.h"
#include "tests.h"
#include "units.h"

enum { MAX_UNITS = 8192, FILL = 0xA5 };

/* The UTF-8 length of a token: a code point, or BAD(n). */
static size_t token_len(int32_t t) {
    uint32_t out[4];
    return t < 0 ? (size_t)-t : enc_encode(ENC_UTF8, (uint32_t)t, out);
}

static utf8x_result ok_read(size_t read) {
    return result(UTF8X_OK, UTF8X_ERR_NONE, read, 0, 0, 0);
}

/* Every offset from 0 to two past the end against the boundaries the tokens give. */
static void boundaries_case(const uint8_t *s, size_t len, const unsigned char *is_b) {
    size_t i, j;
    for (i = 0; i <= len + 2; i++) {
        size_t c = i < len ? i : len, floor = c, ceil = c, next = len, prev = 0;
        while (!is_b[floor]) {
            floor--;
        }
        while (!is_b[ceil]) {
            ceil++;
        }
        for (j = i + 1; j <= len; j++) {
            if (is_b[j]) {
                next = j;
                break;
            }
        }
        for (j = c; j-- > 0;) {
            if (is_b[j]) {
                prev = j;
                break;
            }
        }
        check_context("boundaries, offset %lu", (unsigned long)i);
        CHECK(utf8x_is_char_boundary(s, len, i) == (i <= len && is_b[i]));
        CHECK_EQ(utf8x_floor_char_boundary(s, len, i), floor);
        CHECK_EQ(utf8x_ceil_char_boundary(s, len, i), ceil);
        CHECK_EQ(utf8x_next_char_boundary(s, len, i), next);
        CHECK_EQ(utf8x_prev_char_boundary(s, len, i), prev);
        CHECK_EQ(utf8x_truncate(s, len, i), floor);
    }
    check_context("boundaries, offset SIZE_MAX");
    CHECK_EQ(utf8x_floor_char_boundary(s, len, SIZE_MAX), len);
    CHECK_EQ(utf8x_ceil_char_boundary(s, len, SIZE_MAX), len);
    CHECK_EQ(utf8x_next_char_boundary(s, len, SIZE_MAX), len);
    CHECK_EQ(utf8x_prev_char_boundary(s, len, SIZE_MAX),
             utf8x_prev_char_boundary(s, len, len));
    CHECK_EQ(utf8x_truncate(s, len, SIZE_MAX), len);
    CHECK(!utf8x_is_char_boundary(s, len, SIZE_MAX));
}

void chars_case(const struct tcase *c) {
    static unsigned char is_b[MAX_UNITS + 1];
    static size_t starts[MAX_UNITS + 1];
    const uint8_t *s = (const uint8_t *)c->bytes;
    size_t len = c->len, at = 0, k, n;
    int seen_bad = 0;
    uint32_t cp;
    utf8x_result r;
    if (c->family != ENC_UTF8) {
        return;
    }
    if (!check_record(len <= MAX_UNITS, __FILE__, __LINE__, "case fits", c->name)) {
        return;
    }
    memset(is_b, 0, len + 1);
    is_b[0] = 1;
    for (k = 0; k < c->ntokens; k++) {
        starts[k] = at;
        at += token_len(c->tokens[k]);
        is_b[at] = 1;
    }
    check_context("chars: case \"%s\"", c->name);
    if (!CHECK_EQ(at, len)) {
        return;
    }
    boundaries_case(s, len, is_b);

    /* Each unit forwards and backwards: the token's length and code point, and the status,
     * error and error_len utf8x_validate reports at its start. */
    for (k = 0; k < c->ntokens; k++) {
        int32_t t = c->tokens[k];
        size_t start = starts[k];
        utf8x_result want;
        check_context("chars: case \"%s\", unit %lu at %lu", c->name, (unsigned long)k,
                      (unsigned long)start);
        n = token_len(t);
        if (t >= 0) {
            want = ok_read(n);
        } else {
            utf8x_result v = utf8x_validate(s + start, len - start);
            CHECK_EQ(v.read, 0);
            if (v.status == UTF8X_TRUNCATED) {
                CHECK_EQ(start + n, len);
            } else {
                CHECK_EQ(v.status, UTF8X_INVALID);
                CHECK_EQ(v.error_len, n);
            }
            if (!seen_bad) {
                /* The first subpart: the case spells out its status and kind. */
                CHECK_EQ(v.status, c->status);
                CHECK_EQ(v.error, c->error);
                seen_bad = 1;
            }
            want = result(v.status, v.error, n, 0, v.error_len, 0);
        }
        cp = 0;
        CHECK_RESULT(utf8x_decode_at(s, len, start, &cp), want);
        CHECK_EQ(cp, t >= 0 ? (uint32_t)t : 0xFFFD);
        cp = 0;
        CHECK_RESULT(utf8x_decode_before(s, len, start + n, &cp), want);
        CHECK_EQ(cp, t >= 0 ? (uint32_t)t : 0xFFFD);
        CHECK_RESULT(utf8x_decode_at(s, len, start, NULL), want);
    }
    check_context("chars: case \"%s\", the ends", c->name);
    cp = 0;
    CHECK_RESULT(utf8x_decode_at(s, len, len, &cp), ok_read(0));
    CHECK_EQ(cp, 0xFFFD);
    CHECK_RESULT(utf8x_decode_before(s, len, 0, &cp), ok_read(0));
    CHECK_RESULT(utf8x_decode_at(s, len, len + 1, &cp), bad_argument());
    CHECK_RESULT(utf8x_decode_before(s, len, len + 1, &cp), bad_argument());
    CHECK_RESULT(utf8x_decode_at(s, len, SIZE_MAX, &cp), bad_argument());

    /* Inside a unit, decode_before reports the bytes before the offset as cut short. */
    for (k = 0; k < c->ntokens; k++) {
        size_t j;
        for (j = 1; j < token_len(c->tokens[k]); j++) {
            check_context("chars: case \"%s\", %lu bytes into unit %lu", c->name,
                          (unsigned long)j, (unsigned long)k);
            r = utf8x_decode_before(s, len, starts[k] + j, &cp);
            CHECK_RESULT(r, result(UTF8X_TRUNCATED, UTF8X_ERR_INCOMPLETE, j, 0, 0, 0));
            CHECK_EQ(cp, 0xFFFD);
        }
    }

    /* The forward walk with next, and the backward walk with prev, meet every boundary. */
    check_context("chars: case \"%s\", walks", c->name);
    for (at = 0, k = 0; at < len && k < c->ntokens; k++) {
        CHECK_EQ(at, starts[k]);
        at = utf8x_next_char_boundary(s, len, at);
    }
    CHECK_EQ(at, len);
    for (at = len, k = c->ntokens; at > 0 && k > 0; k--) {
        at = utf8x_prev_char_boundary(s, len, at);
        CHECK_EQ(at, starts[k - 1]);
    }
    CHECK_EQ(at, 0);
}

/* truncate_copy: every capacity, with a canary after dst_cap. */
static void truncate_copy_case(const struct tcase *c) {
    static uint8_t buf[MAX_UNITS + 16];
    const uint8_t *s = (const uint8_t *)c->bytes;
    size_t len = c->len, cap, i;
    if (c->family != ENC_UTF8 || len > MAX_UNITS) {
        return;
    }
    for (cap = 0; cap <= len + 2; cap++) {
        size_t n = cap == 0 ? 0 : utf8x_truncate(s, len, cap - 1);
        int intact = 1;
        check_context("truncate_copy, case \"%s\", dst_cap %lu", c->name, (unsigned long)cap);
        memset(buf, FILL, cap + 8);
        CHECK_RESULT(utf8x_truncate_copy(s, len, buf, cap),
                     result(cap > 0 && n == len ? UTF8X_OK : UTF8X_OUTPUT_FULL, UTF8X_ERR_NONE,
                            n, n, 0, 0));
        CHECK(memcmp(buf, s, n) == 0);
        if (cap > 0) {
            CHECK_EQ(buf[n], 0);
        }
        for (i = cap > 0 ? n + 1 : 0; i < cap + 8; i++) {
            intact &= buf[i] == FILL;
        }
        CHECK(intact);
    }
    CHECK_RESULT(utf8x_truncate_copy(s, len, NULL, 0), result(UTF8X_OK, 0, len, len, 0, 0));
    CHECK_RESULT(utf8x_truncate_copy(s, len, NULL, 3), result(UTF8X_OK, 0, len, len, 0, 0));
}

static void rejected(void) {
    static const uint8_t abc[] = {0x61, 0xC3, 0xA9, 0x62};
    aligned_unit mem[4];
    uint8_t *bytes = mem[0].bytes;
    uint32_t cp;
    size_t off;

    check_context("chars: NULL input");
    CHECK(utf8x_is_char_boundary(NULL, 0, 0));
    CHECK(!utf8x_is_char_boundary(NULL, 0, 1));
    CHECK(!utf8x_is_char_boundary(NULL, 5, 0));
    CHECK_EQ(utf8x_floor_char_boundary(NULL, 0, 3), 0);
    CHECK_EQ(utf8x_ceil_char_boundary(NULL, 0, 3), 0);
    CHECK_EQ(utf8x_next_char_boundary(NULL, 0, 0), 0);
    CHECK_EQ(utf8x_prev_char_boundary(NULL, 0, 3), 0);
    CHECK_EQ(utf8x_truncate(NULL, 0, 3), 0);
    /* With a length: forward functions return len, backward ones 0, so loops end. */
    CHECK_EQ(utf8x_floor_char_boundary(NULL, 5, 3), 0);
    CHECK_EQ(utf8x_ceil_char_boundary(NULL, 5, 3), 5);
    CHECK_EQ(utf8x_next_char_boundary(NULL, 5, 0), 5);
    CHECK_EQ(utf8x_prev_char_boundary(NULL, 5, 3), 0);
    CHECK_EQ(utf8x_truncate(NULL, 5, 3), 0);

    check_context("chars: decode with NULL, bad offsets, bad cp");
    cp = 0;
    CHECK_RESULT(utf8x_decode_at(NULL, 0, 0, &cp), ok_read(0));
    CHECK_EQ(cp, 0xFFFD);
    cp = 0;
    CHECK_RESULT(utf8x_decode_at(NULL, 3, 0, &cp), bad_argument());
    CHECK_EQ(cp, 0xFFFD);
    CHECK_RESULT(utf8x_decode_before(NULL, 3, 3, &cp), bad_argument());
    CHECK_RESULT(utf8x_decode_before(NULL, 0, 0, NULL), ok_read(0));
    CHECK_RESULT(utf8x_decode_at(abc, 4, 5, NULL), bad_argument());
    cp = 0;
    CHECK_RESULT(utf8x_decode_before(abc, 4, 5, &cp), bad_argument());
    CHECK_EQ(cp, 0xFFFD);
    CHECK_RESULT(utf8x_decode_at(abc, 4, 1, NULL), ok_read(2));
    for (off = 1; off < 4; off++) {
        memset(mem, FILL, sizeof mem);
        CHECK_RESULT(utf8x_decode_at(abc, 4, 0, (uint32_t *)(void *)(bytes + off)),
                     bad_argument());
        CHECK_RESULT(utf8x_decode_before(abc, 4, 4, (uint32_t *)(void *)(bytes + off)),
                     bad_argument());
        CHECK(bytes[off] == FILL && bytes[off + 3] == FILL);
    }
    /* cp inside the input. */
    memcpy(bytes, "abcdefgh", 8);
    CHECK_RESULT(utf8x_decode_at(bytes, 8, 0, (uint32_t *)(void *)(bytes + 4)), bad_argument());
    CHECK_RESULT(utf8x_decode_before(bytes, 8, 8, (uint32_t *)(void *)bytes), bad_argument());
    CHECK(memcmp(bytes, "abcdefgh", 8) == 0);
    CHECK_RESULT(utf8x_decode_at(bytes, 4, 0, (uint32_t *)(void *)(bytes + 4)), ok_read(1));
    CHECK_EQ(enc_load(ENC_UTF32, bytes + 4, 0), 'a');

    check_context("chars: truncate_copy with NULL and overlap");
    memset(mem, FILL, sizeof mem);
    CHECK_RESULT(utf8x_truncate_copy(NULL, 3, bytes, 8), bad_argument());
    CHECK_RESULT(utf8x_truncate_copy(NULL, 3, NULL, 0), bad_argument());
    CHECK(bytes[0] == FILL);
    CHECK_RESULT(utf8x_truncate_copy(NULL, 0, bytes, 8), result(UTF8X_OK, 0, 0, 0, 0, 0));
    CHECK_EQ(bytes[0], 0);
    CHECK_RESULT(utf8x_truncate_copy(NULL, 0, bytes, 0), result(UTF8X_OUTPUT_FULL, 0, 0, 0, 0, 0));
    memcpy(bytes, "abcdefgh", 8);
    CHECK_RESULT(utf8x_truncate_copy(bytes, 4, bytes + 2, 4), bad_argument());
    CHECK_RESULT(utf8x_truncate_copy(bytes + 2, 4, bytes, 4), bad_argument());
    CHECK_RESULT(utf8x_truncate_copy(bytes, 4, bytes, 4), bad_argument());
    CHECK(memcmp(bytes, "abcdefgh", 8) == 0);
    /* Touching buffers do not overlap. */
    CHECK_RESULT(utf8x_truncate_copy(bytes, 4, bytes + 4, 4), result(UTF8X_OUTPUT_FULL, 0, 3, 3,
                                                                        0, 0));
    CHECK(memcmp(bytes, "abcdabc", 8) == 0);
}

static void encode(void) {
    uint8_t buf[8];
    uint32_t want[4], cp;
    size_t n, cap, i;
    int same;
    check_context("encode_utf8: every scalar value against the harness's encoder");
    for (cp = 0; cp <= 0x10FFFF; cp++) {
        if (cp == 0xD800) {
            cp = 0xE000;
        }
        n = enc_encode(ENC_UTF8, cp, want);
        memset(buf, FILL, sizeof buf);
        if (!CHECK_RESULT(utf8x_encode_utf8(cp, buf, 4), result(UTF8X_OK, 0, 1, n, 0, 0))) {
            break;
        }
        for (same = 1, i = 0; i < n; i++) {
            same &= buf[i] == want[i];
        }
        CHECK(same && buf[n] == FILL);
    }
    check_context("encode_utf8: measuring and short buffers");
    for (cp = 0; cp < 0x110000; cp = cp * 2 + 1) {
        n = enc_encode(ENC_UTF8, cp, want);
        CHECK_RESULT(utf8x_encode_utf8(cp, NULL, 0), result(UTF8X_OK, 0, 1, n, 0, 0));
        CHECK_RESULT(utf8x_encode_utf8(cp, NULL, 1), result(UTF8X_OK, 0, 1, n, 0, 0));
        for (cap = 0; cap < n; cap++) {
            memset(buf, FILL, sizeof buf);
            CHECK_RESULT(utf8x_encode_utf8(cp, buf, cap), result(UTF8X_OUTPUT_FULL, 0, 0, 0, 0, 0));
            CHECK(buf[0] == FILL && buf[3] == FILL);
        }
    }
    check_context("encode_utf8: surrogates and values above U+10FFFF");
    for (cp = 0xD800; cp <= 0xDFFF; cp += 0x7F) {
        memset(buf, FILL, sizeof buf);
        CHECK_RESULT(utf8x_encode_utf8(cp, buf, 8),
                     result(UTF8X_INVALID, UTF8X_ERR_SURROGATE, 0, 0, 1, 0));
        CHECK(buf[0] == FILL);
    }
    CHECK_RESULT(utf8x_encode_utf8(0xDFFF, NULL, 0),
                 result(UTF8X_INVALID, UTF8X_ERR_SURROGATE, 0, 0, 1, 0));
    {
        static const uint32_t big[] = {0x110000, 0x1FFFFF, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFF};
        for (i = 0; i < sizeof big / sizeof big[0]; i++) {
            memset(buf, FILL, sizeof buf);
            CHECK_RESULT(utf8x_encode_utf8(big[i], buf, 8),
                         result(UTF8X_INVALID, UTF8X_ERR_OUT_OF_RANGE, 0, 0, 1, 0));
            CHECK_RESULT(utf8x_encode_utf8(big[i], NULL, 0),
                         result(UTF8X_INVALID, UTF8X_ERR_OUT_OF_RANGE, 0, 0, 1, 0));
            CHECK(buf[0] == FILL);
        }
    }
}

static void swap(void) {
    static const uint32_t values[] = {0x0068, 0x00E9, 0xD83D, 0xDE00, 0xDC80, 0xFFFF, 0x0000};
    enum { N = sizeof values / sizeof values[0] };
    aligned_unit src_mem[N], dst_mem[N + 4];
    uint16_t *src = (uint16_t *)(void *)src_mem, *dst = (uint16_t *)(void *)dst_mem;
    size_t i, cap;
    int ok;

    check_context("swap_utf16: LE to BE and back");
    for (i = 0; i < N; i++) {
        enc_store(ENC_UTF16LE, src, i, values[i]);
    }
    for (cap = 0; cap <= N + 2; cap++) {
        size_t n = cap < N ? cap : N;
        memset(dst_mem, FILL, sizeof dst_mem);
        CHECK_RESULT(utf8x_swap_utf16(src, N, dst, cap),
                     result(n == N ? UTF8X_OK : UTF8X_OUTPUT_FULL, 0, n, n, 0, 0));
        for (ok = 1, i = 0; i < n; i++) {
            ok &= enc_load(ENC_UTF16BE, dst, i) == values[i];
        }
        /* Through a byte pointer to the whole array: indexing element 0's bytes past its own
           size is out of bounds (UBSan reports it). */
        for (i = 2 * n; i < sizeof dst_mem; i++) {
            ok &= ((const unsigned char *)(void *)dst_mem)[i] == FILL;
        }
        CHECK(ok);
    }
    CHECK_RESULT(utf8x_swap_utf16(src, N, NULL, 0), result(UTF8X_OK, 0, N, N, 0, 0));
    CHECK_RESULT(utf8x_validate_utf16be(dst, N), utf8x_validate_utf16le(src, N));

    check_context("swap_utf16: in place");
    CHECK_RESULT(utf8x_swap_utf16(src, N, src, N), result(UTF8X_OK, 0, N, N, 0, 0));
    for (ok = 1, i = 0; i < N; i++) {
        ok &= enc_load(ENC_UTF16BE, src, i) == values[i];
    }
    CHECK(ok);
    CHECK_RESULT(utf8x_swap_utf16(src, N, src, 3), result(UTF8X_OUTPUT_FULL, 0, 3, 3, 0, 0));
    for (ok = 1, i = 0; i < N; i++) {
        ok &= enc_load(i < 3 ? ENC_UTF16LE : ENC_UTF16BE, src, i) == values[i];
    }
    CHECK(ok);
    CHECK_RESULT(utf8x_swap_utf16(src, 3, src, N), result(UTF8X_OK, 0, 3, 3, 0, 0));
    for (ok = 1, i = 0; i < N; i++) {
        ok &= enc_load(ENC_UTF16BE, src, i) == values[i];
    }
    CHECK(ok);

    check_context("swap_utf16: rejected arguments");
    memcpy(dst_mem, src_mem, sizeof src_mem);
    CHECK_RESULT(utf8x_swap_utf16(dst, N, dst + 1, N), bad_argument());
    CHECK_RESULT(utf8x_swap_utf16(dst + 1, N, dst, N), bad_argument());
    CHECK(memcmp(dst_mem, src_mem, sizeof src_mem) == 0);
    CHECK_RESULT(utf8x_swap_utf16(NULL, 2, dst, N), bad_argument());
    CHECK_RESULT(utf8x_swap_utf16(NULL, 2, NULL, 2), bad_argument());
    CHECK_RESULT(utf8x_swap_utf16(NULL, 0, dst, N), result(UTF8X_OK, 0, 0, 0, 0, 0));
    CHECK_RESULT(utf8x_swap_utf16(NULL, 0, NULL, 0), result(UTF8X_OK, 0, 0, 0, 0, 0));
    {
        uint16_t *odd = (uint16_t *)(void *)(dst_mem[0].bytes + 1);
        CHECK_RESULT(utf8x_swap_utf16(odd, 2, src, N), bad_argument());
        CHECK_RESULT(utf8x_swap_utf16(src, 2, odd, N), bad_argument());
        CHECK_RESULT(utf8x_swap_utf16(odd, 2, odd, 2), bad_argument());
    }
    CHECK(memcmp(dst_mem, src_mem, sizeof src_mem) == 0);
}

void test_chars(void) {
    for_each_case(chars_case);
    for_each_case(truncate_copy_case);
    rejected();
    encode();
    swap();
}

/*
 * The libc-compatible API through the C header: streaming byte by byte against one-shot calls,
 * the mbrtowc family's return conventions and errno, and the iconv trio's pointer updates.
 */
#include <errno.h>
#include <string.h>
#include <wchar.h>

#include "check.h"
#include "tests.h"
#include "utf8x.h"

/* "a", U+00E9, U+20AC, U+1F600, then a truncated E2 82 before "z" (one maximal subpart). */
static const uint8_t TEXT[] = "a\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\xe2\x82z";
#define TEXT_LEN (sizeof TEXT - 1)

static void stream_byte_by_byte(void) {
    uint16_t one[32], chunked[32];
    size_t written = 0, replaced = 0;
    utf8x_stream st;
    utf8x_result whole = utf8x_to_utf16le(TEXT, TEXT_LEN, one, 32, UTF8X_REPLACE);
    check_context("stream: UTF-8 -> UTF-16LE fed one byte at a time");
    CHECK_EQ(whole.status, UTF8X_OK);
    CHECK_EQ(utf8x_stream_init(&st, UTF8X_ENC_UTF8, UTF8X_ENC_UTF16LE, UTF8X_REPLACE), UTF8X_OK);
    for (size_t i = 0; i < TEXT_LEN; i++) {
        utf8x_result r = utf8x_stream_convert(&st, TEXT + i, 1, chunked + written, 32 - written,
                                              i + 1 == TEXT_LEN);
        CHECK_EQ(r.status, UTF8X_OK);
        CHECK_EQ(r.read, 1);
        written += r.written;
        replaced += r.replaced;
    }
    CHECK_EQ(written, whole.written);
    CHECK_EQ(replaced, whole.replaced);
    CHECK(memcmp(one, chunked, written * sizeof one[0]) == 0);
    CHECK_EQ(utf8x_stream_position(&st), TEXT_LEN);

    check_context("stream: STRICT error reported at its absolute offset across chunks");
    CHECK_EQ(utf8x_stream_init(&st, UTF8X_ENC_UTF8, UTF8X_ENC_UTF32, UTF8X_STRICT), UTF8X_OK);
    uint32_t out[32];
    utf8x_result r = utf8x_stream_convert(&st, TEXT, 11, out, 32, false); /* ends after E2 */
    CHECK_EQ(r.status, UTF8X_OK);
    CHECK_EQ(r.written, 4);
    r = utf8x_stream_convert(&st, TEXT + 11, TEXT_LEN - 11, out, 32, true);
    CHECK_EQ(r.status, UTF8X_INVALID);
    CHECK_EQ(r.error, UTF8X_ERR_TOO_SHORT);
    CHECK_EQ(r.error_len, 2);
    CHECK_EQ(utf8x_stream_position(&st), 10);

    check_context("stream: an uninitialised state is rejected");
    utf8x_stream zero;
    memset(&zero, 0, sizeof zero);
    CHECK_EQ(utf8x_stream_convert(&zero, TEXT, 1, out, 32, true).status, UTF8X_BAD_ARGUMENT);
    CHECK_EQ(utf8x_stream_init(&st, UTF8X_ENC_UTF16LE, 15, UTF8X_STRICT), UTF8X_BAD_ARGUMENT);
    CHECK_EQ(utf8x_stream_init(&st, 0, UTF8X_ENC_UTF8, UTF8X_STRICT), UTF8X_BAD_ARGUMENT);
    CHECK_EQ(utf8x_stream_init(&st, UTF8X_ENC_UTF8, UTF8X_ENC_CP1252, UTF8X_ESCAPE),
             UTF8X_BAD_ARGUMENT);
    CHECK_EQ(utf8x_stream_init(&st, UTF8X_ENC_UTF16LE, UTF8X_ENC_UTF32, UTF8X_FALLBACK),
             UTF8X_OK);
}

static void mb_functions(void) {
    mbstate_t st;
    wchar_t wc = 0;
    uint_least16_t c16 = 0;
    char buf[8];

    check_context("mbrtowc: byte by byte, (size_t)-2 until the character is complete");
    memset(&st, 0, sizeof st);
    CHECK_EQ(utf8x_mbrtowc(&wc, "\xf0", 1, &st), (size_t)-2);
    CHECK_EQ(utf8x_mbrtowc(&wc, "\x9f\x98", 2, &st), (size_t)-2);
    CHECK_EQ(utf8x_mbrtowc(&wc, "\x80", 1, &st), 1);
    CHECK_EQ(wc, 0x1F600);
    CHECK(utf8x_mbsinit(&st));

    check_context("mbrtowc: EILSEQ for a surrogate, an overlong and a 5-byte form");
    const char *bad[] = {"\xed\xa0\x80", "\xc0\xaf", "\xf8\x88\x80\x80\x80"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        memset(&st, 0, sizeof st);
        errno = 0;
        CHECK_EQ(utf8x_mbrtowc(&wc, bad[i], strlen(bad[i]), &st), (size_t)-1);
        CHECK_EQ(errno, EILSEQ);
    }

    check_context("mbrtoc16: a supplementary character gives a pair, the second call (size_t)-3");
    memset(&st, 0, sizeof st);
    CHECK_EQ(utf8x_mbrtoc16(&c16, "\xf0\x9f\x98\x80", 4, &st), 4);
    CHECK_EQ(c16, 0xD83D);
    CHECK_EQ(utf8x_mbrtoc16(&c16, "", 0, &st), (size_t)-3);
    CHECK_EQ(c16, 0xDE00);

    check_context("c16rtomb: a pair becomes one 4-byte sequence; a lone low surrogate is EILSEQ");
    memset(&st, 0, sizeof st);
    CHECK_EQ(utf8x_c16rtomb(buf, 0xD83D, &st), 0);
    CHECK_EQ(utf8x_c16rtomb(buf, 0xDE00, &st), 4);
    CHECK(memcmp(buf, "\xf0\x9f\x98\x80", 4) == 0);
    errno = 0;
    CHECK_EQ(utf8x_c16rtomb(buf, 0xDC00, &st), (size_t)-1);
    CHECK_EQ(errno, EILSEQ);

    check_context("wcrtomb: a surrogate is EILSEQ");
    memset(&st, 0, sizeof st);
    errno = 0;
    CHECK_EQ(utf8x_wcrtomb(buf, (wchar_t)0xD800, &st), (size_t)-1);
    CHECK_EQ(errno, EILSEQ);

    check_context("mbstowcs / wcstombs: measure, convert, round trip");
    wchar_t wide[16];
    char back[32];
    const char *s = "caf\xc3\xa9 \xe2\x82\xac";
    CHECK_EQ(utf8x_mbstowcs(NULL, s, 0), 6);
    CHECK_EQ(utf8x_mbstowcs(wide, s, 16), 6);
    CHECK_EQ(wide[3], 0xE9);
    CHECK_EQ(wide[6], 0);
    CHECK_EQ(utf8x_wcstombs(back, wide, sizeof back), strlen(s));
    CHECK(strcmp(back, s) == 0);
}

static void iconv_trio(void) {
    check_context("iconv: UTF-8 -> UTF-16LE with E2BIG, then the rest");
    utf8x_iconv_t cd = utf8x_iconv_open("UTF-16LE", "utf-8");
    CHECK(cd != (utf8x_iconv_t)-1);
    char in[] = "a\xc3\xa9\xe2\x82\xac";
    char out[16];
    char *ip = in, *op = out;
    size_t il = 6, ol = 4;
    errno = 0;
    CHECK_EQ(utf8x_iconv(cd, &ip, &il, &op, &ol), (size_t)-1);
    CHECK_EQ(errno, E2BIG);
    CHECK_EQ(ip - in, 3);
    CHECK_EQ(il, 3);
    CHECK_EQ(op - out, 4);
    ol = sizeof out - 4;
    CHECK_EQ(utf8x_iconv(cd, &ip, &il, &op, &ol), 0);
    CHECK_EQ(il, 0);
    CHECK_EQ(op - out, 6);
    CHECK(memcmp(out, "a\0\xe9\0\xac\x20", 6) == 0);

    check_context("iconv: an incomplete sequence at the end is EINVAL, left unconsumed");
    char cut[] = "x\xe2\x82";
    ip = cut, il = 3, op = out, ol = sizeof out;
    errno = 0;
    CHECK_EQ(utf8x_iconv(cd, &ip, &il, &op, &ol), (size_t)-1);
    CHECK_EQ(errno, EINVAL);
    CHECK_EQ(ip - cut, 1);

    check_context("iconv: an ill-formed byte is EILSEQ at its offset");
    char ill[] = "xy\xff";
    ip = ill, il = 3, op = out, ol = sizeof out;
    errno = 0;
    CHECK_EQ(utf8x_iconv(cd, &ip, &il, &op, &ol), (size_t)-1);
    CHECK_EQ(errno, EILSEQ);
    CHECK_EQ(ip - ill, 2);
    CHECK_EQ(utf8x_iconv_close(cd), 0);

    check_context("iconv_open: an unsupported pair is (utf8x_iconv_t)-1 with EINVAL");
    errno = 0;
    CHECK(utf8x_iconv_open("SHIFT_JIS", "UTF-8") == (utf8x_iconv_t)-1);
    CHECK_EQ(errno, EINVAL);
}

void test_libc(void) {
    stream_byte_by_byte();
    mb_functions();
    iconv_trio();
}

/*
 * The UTF-8 family through utf8x_convert, with hand-written outputs: the examples printed in
 * RFC 2279 / RFC 3629, the security example, and the corner decisions of the family (CESU-8
 * lone high, WTF-8 split pair, MUTF-8 NUL and trailing lone high, ESCAPE and FALLBACK,
 * RFC 2279's 31-bit range, the WHATWG windows-1252 index). The expected values come from the
 * RFCs' text and the Unicode tables, not from the library.
 */
#include <string.h>

#include "check.h"
#include "tests.h"
#include "units.h"

#define LEN(a) (sizeof(a) / sizeof((a)[0]))

static const uint32_t FAMILY[] = {UTF8X_ENC_UTF8, UTF8X_ENC_CESU8, UTF8X_ENC_MUTF8,
                                  UTF8X_ENC_WTF8, UTF8X_ENC_RFC2279};
static const uint32_t ALL_POLICIES[] = {UTF8X_STRICT, UTF8X_REPLACE, UTF8X_SKIP, UTF8X_ESCAPE,
                                        UTF8X_FALLBACK};

/* Converts bytes to bytes and checks the result and the output. */
static void bytes_case(const char *what, const uint8_t *src, size_t len, uint32_t from, uint32_t to,
                       uint32_t policy, utf8x_result want, const uint8_t *out, size_t out_len) {
    uint8_t dst[64];
    utf8x_result got;
    check_context("%s", what);
    memset(dst, 0xAA, sizeof dst);
    got = utf8x_convert(src, len, from, dst, sizeof dst, to, policy);
    if (CHECK_RESULT(got, want) && out != NULL) {
        CHECK(memcmp(dst, out, out_len) == 0);
    }
    /* Measuring (NULL, 0) gives the same result. */
    CHECK_RESULT(utf8x_convert(src, len, from, NULL, 0, to, policy), want);
}

/* Converts bytes to UTF-32 (native) and checks the result and the values. */
static void u32_case(const char *what, const uint8_t *src, size_t len, uint32_t from,
                     uint32_t policy, utf8x_result want, const uint32_t *out) {
    uint32_t dst[32];
    utf8x_result got;
    size_t i;
    check_context("%s", what);
    got = utf8x_convert(src, len, from, dst, LEN(dst), UTF8X_ENC_UTF32, policy);
    if (CHECK_RESULT(got, want) && out != NULL) {
        for (i = 0; i < want.written; i++) {
            CHECK_EQ(dst[i], out[i]);
        }
    }
}

static void rfc_examples(void) {
    /* "A<NOT IDENTICAL TO><ALPHA>." and "Hi Mom <WHITE SMILING FACE>!": BMP only, so the
     * same bytes in every byte form of the family. */
    static const uint8_t alpha[] = {0x41, 0xE2, 0x89, 0xA2, 0xCE, 0x91, 0x2E};
    static const uint32_t alpha32[] = {0x41, 0x2262, 0x391, 0x2E};
    static const uint8_t mom[] = {0x48, 0x69, 0x20, 0x4D, 0x6F, 0x6D, 0x20, 0xE2, 0x98, 0xBA, 0x21};
    static const uint8_t nihongo[] = {0xE6, 0x97, 0xA5, 0xE6, 0x9C, 0xAC, 0xE8, 0xAA, 0x9E};
    static const uint32_t nihongo32[] = {0x65E5, 0x672C, 0x8A9E};
    static const uint8_t hangugeo[] = {0xED, 0x95, 0x9C, 0xEA, 0xB5, 0xAD, 0xEC, 0x96, 0xB4};
    static const uint32_t hangugeo32[] = {0xD55C, 0xAD6D, 0xC5B4};
    /* BOM + U+233B4: 4 bytes in UTF-8, two 3-byte surrogates (D84C DFB4) in CESU-8/MUTF-8. */
    static const uint8_t bom[] = {0xEF, 0xBB, 0xBF, 0xF0, 0xA3, 0x8E, 0xB4};
    static const uint8_t bom_cesu[] = {0xEF, 0xBB, 0xBF, 0xED, 0xA1, 0x8C, 0xED, 0xBE, 0xB4};
    static const uint32_t bom32[] = {0xFEFF, 0x233B4};
    static const unsigned char bom_utf16be[] = {0xFE, 0xFF, 0xD8, 0x4C, 0xDF, 0xB4};
    unsigned char u16[16];
    size_t f, t;

    for (f = 0; f < LEN(FAMILY); f++) {
        for (t = 0; t < LEN(FAMILY); t++) {
            bytes_case("RFC example A<NOT IDENTICAL TO><ALPHA>. between byte forms", alpha, sizeof alpha, FAMILY[f],
                       FAMILY[t], UTF8X_STRICT, result(UTF8X_OK, UTF8X_ERR_NONE, 7, 7, 0, 0),
                       alpha, sizeof alpha);
            bytes_case("RFC example Hi Mom between byte forms", mom, sizeof mom, FAMILY[f],
                       FAMILY[t], UTF8X_STRICT, result(UTF8X_OK, UTF8X_ERR_NONE, 11, 11, 0, 0),
                       mom, sizeof mom);
        }
        u32_case("RFC example A<NOT IDENTICAL TO><ALPHA>. to UTF-32", alpha, sizeof alpha, FAMILY[f], UTF8X_STRICT,
                 result(UTF8X_OK, UTF8X_ERR_NONE, 7, 4, 0, 0), alpha32);
        u32_case("RFC example nihongo to UTF-32", nihongo, sizeof nihongo, FAMILY[f], UTF8X_STRICT,
                 result(UTF8X_OK, UTF8X_ERR_NONE, 9, 3, 0, 0), nihongo32);
        u32_case("RFC example hangugeo to UTF-32", hangugeo, sizeof hangugeo, FAMILY[f], UTF8X_STRICT,
                 result(UTF8X_OK, UTF8X_ERR_NONE, 9, 3, 0, 0), hangugeo32);
    }
    u32_case("BOM + U+233B4 from UTF-8", bom, sizeof bom, UTF8X_ENC_UTF8, UTF8X_STRICT,
             result(UTF8X_OK, UTF8X_ERR_NONE, 7, 2, 0, 0), bom32);
    u32_case("BOM + U+233B4 from WTF-8", bom, sizeof bom, UTF8X_ENC_WTF8, UTF8X_STRICT,
             result(UTF8X_OK, UTF8X_ERR_NONE, 7, 2, 0, 0), bom32);
    u32_case("BOM + U+233B4 from RFC 2279", bom, sizeof bom, UTF8X_ENC_RFC2279, UTF8X_STRICT,
             result(UTF8X_OK, UTF8X_ERR_NONE, 7, 2, 0, 0), bom32);
    u32_case("BOM + U+233B4 from CESU-8 (surrogate pair)", bom_cesu, sizeof bom_cesu,
             UTF8X_ENC_CESU8, UTF8X_STRICT, result(UTF8X_OK, UTF8X_ERR_NONE, 9, 2, 0, 0), bom32);
    u32_case("BOM + U+233B4 from MUTF-8 (surrogate pair)", bom_cesu, sizeof bom_cesu,
             UTF8X_ENC_MUTF8, UTF8X_STRICT, result(UTF8X_OK, UTF8X_ERR_NONE, 9, 2, 0, 0), bom32);
    bytes_case("BOM + U+233B4 UTF-8 -> CESU-8", bom, sizeof bom, UTF8X_ENC_UTF8, UTF8X_ENC_CESU8,
               UTF8X_STRICT, result(UTF8X_OK, UTF8X_ERR_NONE, 7, 9, 0, 0), bom_cesu,
               sizeof bom_cesu);
    bytes_case("BOM + U+233B4 CESU-8 -> UTF-8", bom_cesu, sizeof bom_cesu, UTF8X_ENC_CESU8,
               UTF8X_ENC_UTF8, UTF8X_STRICT, result(UTF8X_OK, UTF8X_ERR_NONE, 9, 7, 0, 0), bom,
               sizeof bom);
    /* The 4-byte form is ill-formed in CESU-8 and MUTF-8, at its lead. */
    bytes_case("BOM + U+233B4 as UTF-8 bytes read as CESU-8", bom, sizeof bom, UTF8X_ENC_CESU8,
               UTF8X_ENC_UTF8, UTF8X_STRICT,
               result(UTF8X_INVALID, UTF8X_ERR_FOUR_BYTE_FORM, 3, 3, 1, 0), bom, 3);
    bytes_case("BOM + U+233B4 as UTF-8 bytes read as MUTF-8", bom, sizeof bom, UTF8X_ENC_MUTF8,
               UTF8X_ENC_UTF8, UTF8X_STRICT,
               result(UTF8X_INVALID, UTF8X_ERR_FOUR_BYTE_FORM, 3, 3, 1, 0), bom, 3);
    check_context("BOM + U+233B4 CESU-8 -> UTF-16BE");
    if (CHECK_RESULT(utf8x_convert(bom_cesu, sizeof bom_cesu, UTF8X_ENC_CESU8, u16, 8,
                                   UTF8X_ENC_UTF16BE, UTF8X_STRICT),
                     result(UTF8X_OK, UTF8X_ERR_NONE, 9, 3, 0, 0))) {
        CHECK(memcmp(u16, bom_utf16be, sizeof bom_utf16be) == 0);
    }
}

/* 2F C0 AE 2E 2F: C0 AE is an overlong '.'; no form decodes it, under any policy. */
static void security_example(void) {
    static const uint8_t src[] = {0x2F, 0xC0, 0xAE, 0x2E, 0x2F};
    static const uint32_t replaced[] = {0x2F, 0xFFFD, 0xFFFD, 0x2E, 0x2F};
    static const uint32_t fallback[] = {0x2F, 0xC0, 0xAE, 0x2E, 0x2F}; /* A-grave, registered sign */
    static const uint32_t escaped[] = {0x2F, 0xDCC0, 0xDCAE, 0x2E, 0x2F};
    static const uint32_t skipped[] = {0x2F, 0x2E, 0x2F};
    static const uint32_t slash[] = {0x2F};
    size_t f;
    for (f = 0; f < LEN(FAMILY); f++) {
        u32_case("security example STRICT", src, 5, FAMILY[f], UTF8X_STRICT,
                 result(UTF8X_INVALID, UTF8X_ERR_OVERLONG, 1, 1, 1, 0), slash);
        u32_case("security example REPLACE", src, 5, FAMILY[f], UTF8X_REPLACE,
                 result(UTF8X_OK, UTF8X_ERR_NONE, 5, 5, 0, 2), replaced);
        u32_case("security example SKIP", src, 5, FAMILY[f], UTF8X_SKIP,
                 result(UTF8X_OK, UTF8X_ERR_NONE, 5, 3, 0, 2), skipped);
        u32_case("security example FALLBACK", src, 5, FAMILY[f], UTF8X_FALLBACK,
                 result(UTF8X_OK, UTF8X_ERR_NONE, 5, 5, 0, 2), fallback);
        u32_case("security example ESCAPE", src, 5, FAMILY[f], UTF8X_ESCAPE,
                 result(UTF8X_OK, UTF8X_ERR_NONE, 5, 5, 0, 2), escaped);
    }
}

static void corners(void) {
    /* CESU-8: the ED after a lone high is not swallowed: U+FFFD then U+D000. */
    static const uint8_t cesu_lone[] = {0xED, 0xA0, 0x80, 0xED, 0x80, 0x80};
    static const uint32_t cesu_lone_out[] = {0xFFFD, 0xD000};
    /* CESU-8: the end inside a possible low is TRUNCATED at the high. */
    static const uint8_t cesu_cut[] = {0x78, 0xED, 0xA0, 0x80, 0xED, 0xB5};
    /* WTF-8: a pair written as two 3-byte sequences is bad at its high half (3 bytes); the low
     * half after it is a lone surrogate, which UTF-32 cannot hold. */
    static const uint8_t wtf_split[] = {0x61, 0xED, 0xA0, 0x80, 0xED, 0xB0, 0x80, 0x7A};
    static const uint32_t wtf_split_out[] = {0x61, 0xFFFD, 0xFFFD, 0x7A};
    /* MUTF-8: C0 80 is U+0000, a raw 00 is NUL_BYTE, a trailing lone high is a character. */
    static const uint8_t mutf_nul[] = {0xC0, 0x80, 0x00};
    static const uint32_t zero[] = {0};
    static const uint8_t mutf_high[] = {0x41, 0xED, 0xA0, 0x80};
    static const unsigned char mutf_high_le[] = {0x41, 0x00, 0x00, 0xD8};
    /* ESCAPE: UTF-8 a FF b -> UTF-16 a DCFF b; the same bytes into UTF-8; Latin-1 refuses. */
    static const uint8_t esc[] = {0x61, 0xFF, 0x62};
    static const unsigned char esc_le[] = {0x61, 0x00, 0xFF, 0xDC, 0x62, 0x00};
    static const uint8_t esc_wtf[] = {0x61, 0xED, 0xB3, 0xBF, 0x62};
    /* FALLBACK: E2 82 is one subpart, two bytes: a-circumflex and U+201A (U+201A); 2 counted. */
    static const uint8_t fb[] = {0x61, 0xE2, 0x82, 0x62};
    static const uint32_t fb_out[] = {0x61, 0xE2, 0x201A, 0x62};
    static const uint8_t fb_latin1[] = {0x61, 0xE2, 0x3F, 0x62};
    /* RFC 2279: 31 bits in 6 bytes, and back from UTF-32; values above U+10FFFF are
     * unmappable in UTF-8; UTF-32 above 0x7FFFFFFF is out of range. */
    static const uint8_t top[] = {0xFD, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF};
    static const uint32_t top32[] = {0x7FFFFFFF};
    static const uint32_t too_big[] = {0x80000000};
    /* Windows-1252: 80 is the euro sign, 81 is U+0081 (WHATWG). */
    static const uint8_t cp[] = {0x80, 0x81};
    static const uint8_t cp_utf8[] = {0xE2, 0x82, 0xAC, 0xC2, 0x81};
    unsigned char u16[16];
    uint8_t bytes[16];

    u32_case("CESU-8 ED A0 80 ED 80 80 REPLACE", cesu_lone, 6, UTF8X_ENC_CESU8, UTF8X_REPLACE,
             result(UTF8X_OK, UTF8X_ERR_NONE, 6, 2, 0, 1), cesu_lone_out);
    u32_case("CESU-8 ED A0 80 ED 80 80 STRICT", cesu_lone, 6, UTF8X_ENC_CESU8, UTF8X_STRICT,
             result(UTF8X_INVALID, UTF8X_ERR_LONE_SURROGATE, 0, 0, 3, 0), NULL);
    u32_case("CESU-8 x ED A0 80 ED B5 STRICT", cesu_cut, 6, UTF8X_ENC_CESU8, UTF8X_STRICT,
             result(UTF8X_TRUNCATED, UTF8X_ERR_INCOMPLETE, 1, 1, 0, 0), NULL);
    u32_case("WTF-8 split pair STRICT", wtf_split, 8, UTF8X_ENC_WTF8, UTF8X_STRICT,
             result(UTF8X_INVALID, UTF8X_ERR_SPLIT_SURROGATE_PAIR, 1, 1, 3, 0), NULL);
    u32_case("WTF-8 split pair REPLACE", wtf_split, 8, UTF8X_ENC_WTF8, UTF8X_REPLACE,
             result(UTF8X_OK, UTF8X_ERR_NONE, 8, 4, 0, 2), wtf_split_out);
    u32_case("MUTF-8 C0 80 00 STRICT", mutf_nul, 3, UTF8X_ENC_MUTF8, UTF8X_STRICT,
             result(UTF8X_INVALID, UTF8X_ERR_NUL_BYTE, 2, 1, 1, 0), zero);
    check_context("MUTF-8 trailing lone high -> UTF-16LE");
    if (CHECK_RESULT(utf8x_convert(mutf_high, 4, UTF8X_ENC_MUTF8, u16, 8, UTF8X_ENC_UTF16LE,
                                   UTF8X_STRICT),
                     result(UTF8X_OK, UTF8X_ERR_NONE, 4, 2, 0, 0))) {
        CHECK(memcmp(u16, mutf_high_le, sizeof mutf_high_le) == 0);
    }
    bytes_case("MUTF-8 trailing lone high -> UTF-8 is unmappable", mutf_high, 4, UTF8X_ENC_MUTF8,
               UTF8X_ENC_UTF8, UTF8X_STRICT,
               result(UTF8X_UNMAPPABLE, UTF8X_ERR_UNMAPPABLE, 1, 1, 3, 0), mutf_high, 1);

    check_context("ESCAPE UTF-8 -> UTF-16LE");
    if (CHECK_RESULT(utf8x_convert(esc, 3, UTF8X_ENC_UTF8, u16, 8, UTF8X_ENC_UTF16LE, UTF8X_ESCAPE),
                     result(UTF8X_OK, UTF8X_ERR_NONE, 3, 3, 0, 1))) {
        CHECK(memcmp(u16, esc_le, sizeof esc_le) == 0);
    }
    bytes_case("ESCAPE UTF-8 -> UTF-8 copies", esc, 3, UTF8X_ENC_UTF8, UTF8X_ENC_UTF8,
               UTF8X_ESCAPE, result(UTF8X_OK, UTF8X_ERR_NONE, 3, 3, 0, 1), esc, 3);
    bytes_case("ESCAPE UTF-8 -> WTF-8 writes the lone surrogate", esc, 3, UTF8X_ENC_UTF8,
               UTF8X_ENC_WTF8, UTF8X_ESCAPE, result(UTF8X_OK, UTF8X_ERR_NONE, 3, 5, 0, 1), esc_wtf,
               5);
    bytes_case("ESCAPE into Latin-1 is a bad argument", esc, 3, UTF8X_ENC_UTF8, UTF8X_ENC_LATIN1,
               UTF8X_ESCAPE, bad_argument(), NULL, 0);
    bytes_case("ESCAPE into CP1252 is a bad argument", esc, 3, UTF8X_ENC_UTF8, UTF8X_ENC_CP1252,
               UTF8X_ESCAPE, bad_argument(), NULL, 0);

    u32_case("FALLBACK counts bytes", fb, 4, UTF8X_ENC_UTF8, UTF8X_FALLBACK,
             result(UTF8X_OK, UTF8X_ERR_NONE, 4, 4, 0, 2), fb_out);
    bytes_case("FALLBACK into Latin-1: U+201A becomes ?", fb, 4, UTF8X_ENC_UTF8, UTF8X_ENC_LATIN1,
               UTF8X_FALLBACK, result(UTF8X_OK, UTF8X_ERR_NONE, 4, 4, 0, 2), fb_latin1, 4);

    u32_case("RFC 2279 FD BF BF BF BF BF", top, 6, UTF8X_ENC_RFC2279, UTF8X_STRICT,
             result(UTF8X_OK, UTF8X_ERR_NONE, 6, 1, 0, 0), top32);
    check_context("UTF-32 0x7FFFFFFF -> RFC 2279");
    if (CHECK_RESULT(utf8x_convert(top32, 1, UTF8X_ENC_UTF32, bytes, sizeof bytes,
                                   UTF8X_ENC_RFC2279, UTF8X_STRICT),
                     result(UTF8X_OK, UTF8X_ERR_NONE, 1, 6, 0, 0))) {
        CHECK(memcmp(bytes, top, 6) == 0);
    }
    check_context("UTF-32 0x80000000 -> RFC 2279");
    CHECK_RESULT(utf8x_convert(too_big, 1, UTF8X_ENC_UTF32, bytes, sizeof bytes,
                               UTF8X_ENC_RFC2279, UTF8X_STRICT),
                 result(UTF8X_INVALID, UTF8X_ERR_OUT_OF_RANGE, 0, 0, 1, 0));
    bytes_case("RFC 2279 0x7FFFFFFF -> UTF-8 is unmappable", top, 6, UTF8X_ENC_RFC2279,
               UTF8X_ENC_UTF8, UTF8X_STRICT,
               result(UTF8X_UNMAPPABLE, UTF8X_ERR_UNMAPPABLE, 0, 0, 6, 0), NULL, 0);

    bytes_case("CP1252 80 81 -> UTF-8", cp, 2, UTF8X_ENC_CP1252, UTF8X_ENC_UTF8, UTF8X_STRICT,
               result(UTF8X_OK, UTF8X_ERR_NONE, 2, 5, 0, 0), cp_utf8, sizeof cp_utf8);
    bytes_case("UTF-8 -> CP1252 80 81", cp_utf8, 5, UTF8X_ENC_UTF8, UTF8X_ENC_CP1252, UTF8X_STRICT,
               result(UTF8X_OK, UTF8X_ERR_NONE, 5, 2, 0, 0), cp, 2);
}

static void arguments(void) {
    static const uint8_t a[] = {0x61};
    uint8_t out[4];
    size_t p;
    check_context("unknown encodings are bad arguments");
    CHECK_RESULT(utf8x_convert(a, 1, 0, out, 4, UTF8X_ENC_UTF8, UTF8X_STRICT), bad_argument());
    CHECK_RESULT(utf8x_convert(a, 1, UTF8X_ENC_UTF8, out, 4, 15, UTF8X_STRICT), bad_argument());
    CHECK_RESULT(utf8x_convert(a, 1, UTF8X_ENC_UTF8, out, 4, UTF8X_ENC_CESU8, 5), bad_argument());
    for (p = 0; p < LEN(ALL_POLICIES); p++) {
        check_context("empty input, policy %u", (unsigned)ALL_POLICIES[p]);
        CHECK_RESULT(utf8x_convert(a, 0, UTF8X_ENC_MUTF8, out, 4, UTF8X_ENC_WTF8, ALL_POLICIES[p]),
                     result(UTF8X_OK, UTF8X_ERR_NONE, 0, 0, 0, 0));
    }
}

/* A drain loop with room for one character of the target ends, and its pieces are the output
 * of one call: a split WTF-8 pair and bad bytes under FALLBACK (each byte as its Windows-1252
 * character: 2 or 3 bytes of UTF-8) in rooms of 4 bytes, and an RFC 2279 6-byte sequence cut
 * short (one 5-byte subpart) under ESCAPE into modified UTF-8 (3 bytes a byte) in rooms of 6. */
static void smallest_room(void) {
    static const uint8_t wtf[] = {0xED, 0xA0, 0x80, 0xED, 0xB0, 0x80, 0xFD, 0xBF, 0xBF, 0xBF, 0xBF};
    static const uint8_t rfc[] = {0xFC, 0x84, 0x80, 0x80, 0x80, 0x7A};
    /* í NBSP € (the high half), the lone low half, which UTF-8 cannot hold, as U+FFFD, then
     * ý ¿ ¿ ¿ ¿ (FD and four continuation bytes, each bad alone). */
    static const uint8_t fallback[] = {0xC3, 0xAD, 0xC2, 0xA0, 0xE2, 0x82, 0xAC, 0xEF, 0xBF, 0xBD,
                                       0xC3, 0xBD, 0xC2, 0xBF, 0xC2, 0xBF, 0xC2, 0xBF, 0xC2, 0xBF};
    /* U+DCFC U+DC84 U+DC80 U+DC80 U+DC80 as 3-byte surrogates, then z. */
    static const uint8_t escaped[] = {0xED, 0xB3, 0xBC, 0xED, 0xB2, 0x84, 0xED, 0xB2, 0x80, 0xED,
                                      0xB2, 0x80, 0xED, 0xB2, 0x80, 0x7A};
    static const struct {
        const uint8_t *src;
        size_t len;
        uint32_t from, to, policy;
        size_t room;
        const uint8_t *want;
        size_t want_len;
    } cases[] = {
        {wtf, sizeof wtf, UTF8X_ENC_WTF8, UTF8X_ENC_UTF8, UTF8X_FALLBACK, 4, fallback,
         sizeof fallback},
        {rfc, sizeof rfc, UTF8X_ENC_RFC2279, UTF8X_ENC_MUTF8, UTF8X_ESCAPE, 6, escaped,
         sizeof escaped},
    };
    size_t c;
    for (c = 0; c < LEN(cases); c++) {
        uint8_t pieces[128], room[6];
        size_t at = 0, out = 0, calls = 0;
        utf8x_result r;
        check_context("drain loop in a room of %u, case %u", (unsigned)cases[c].room, (unsigned)c);
        do {
            r = utf8x_convert(cases[c].src + at, cases[c].len - at, cases[c].from, room,
                              cases[c].room, cases[c].to, cases[c].policy);
            if (!CHECK(r.written <= cases[c].room && out + r.written <= sizeof pieces)) {
                return;
            }
            memcpy(pieces + out, room, r.written);
            out += r.written, at += r.read, calls++;
        } while (r.status == UTF8X_OUTPUT_FULL && r.read > 0 && calls < 64);
        CHECK_EQ(r.status, UTF8X_OK);
        CHECK(at == cases[c].len && out == cases[c].want_len &&
              memcmp(pieces, cases[c].want, out) == 0);
    }
}

void test_family(void) {
    rfc_examples();
    security_example();
    corners();
    smallest_room();
    arguments();
}

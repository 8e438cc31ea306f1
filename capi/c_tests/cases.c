#include "cases.h"

#define COUNT(T, ...) (sizeof((const T[]){__VA_ARGS__}) / sizeof(T))
#define U8(s) ENC_UTF8, s, NULL, sizeof(s) - 1
#define U16(...) ENC_UTF16, NULL, (const uint32_t[]){__VA_ARGS__}, COUNT(uint32_t, __VA_ARGS__)
#define U32(...) ENC_UTF32, NULL, (const uint32_t[]){__VA_ARGS__}, COUNT(uint32_t, __VA_ARGS__)
#define TOK(...) (const int32_t[]){__VA_ARGS__}, COUNT(int32_t, __VA_ARGS__)
#define NO_TOKENS NULL, 0
#define VALID UTF8X_OK, UTF8X_ERR_NONE
#define INVALID(kind) UTF8X_INVALID, UTF8X_ERR_##kind
#define TRUNCATED UTF8X_TRUNCATED, UTF8X_ERR_INCOMPLETE

/* Inputs are written only with \x escapes, so that no hex escape swallows a following letter. */
const struct tcase UTF8_CASES[] = {
    {"empty", ENC_UTF8, "", NULL, 0, NO_TOKENS, VALID},
    {"ASCII", U8("\x61\x62\x63"), TOK('a', 'b', 'c'), VALID},
    {"NUL inside", U8("\x00\x61\x00"), TOK(0, 'a', 0), VALID},
    {"two bytes", U8("\xC3\xA9"), TOK(0xE9), VALID},
    {"mixed lengths", U8("\x61\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80"),
     TOK('a', 0xE9, 0x20AC, 0x1F600), VALID},
    {"boundaries of every length",
     U8("\x7F\xC2\x80\xDF\xBF\xE0\xA0\x80\xED\x9F\xBF\xEE\x80\x80\xEF\xBF\xBF\xF0\x90\x80\x80"
        "\xF4\x8F\xBF\xBF"),
     TOK(0x7F, 0x80, 0x7FF, 0x800, 0xD7FF, 0xE000, 0xFFFF, 0x10000, 0x10FFFF), VALID},
    {"BOM and U+FFFD", U8("\xEF\xBB\xBF\xEF\xBF\xBD"), TOK(0xFEFF, 0xFFFD), VALID},
    {"Latin-1 range", U8("\xC2\xA0\xC3\xBF\x41"), TOK(0xA0, 0xFF, 'A'), VALID},
    {"Latin-1 unmappable in the middle", U8("\xC3\xA9\xE2\x82\xAC\xC3\xBC"),
     TOK(0xE9, 0x20AC, 0xFC), VALID},
    {"U+0100", U8("\xC4\x80"), TOK(0x100), VALID},

    {"lone continuation", U8("\x80"), TOK(BAD(1)), INVALID(UNEXPECTED_CONTINUATION)},
    {"continuation after ASCII", U8("\x61\xBF\x62"), TOK('a', BAD(1), 'b'),
     INVALID(UNEXPECTED_CONTINUATION)},
    {"C0 AF overlong", U8("\xC0\xAF"), TOK(BAD(1), BAD(1)), INVALID(OVERLONG)},
    {"C1 BF overlong", U8("\x61\xC1\xBF"), TOK('a', BAD(1), BAD(1)), INVALID(OVERLONG)},
    {"E0 80 80 overlong", U8("\xE0\x80\x80"), TOK(BAD(1), BAD(1), BAD(1)), INVALID(OVERLONG)},
    {"E0 9F BF overlong", U8("\xC3\xA9\xE0\x9F\xBF"), TOK(0xE9, BAD(1), BAD(1), BAD(1)),
     INVALID(OVERLONG)},
    {"F0 80 80 80 overlong", U8("\xF0\x80\x80\x80"), TOK(BAD(1), BAD(1), BAD(1), BAD(1)),
     INVALID(OVERLONG)},
    {"F0 8F BF BF overlong", U8("\x41\xF0\x8F\xBF\xBF"), TOK('A', BAD(1), BAD(1), BAD(1), BAD(1)),
     INVALID(OVERLONG)},
    {"surrogate U+D800", U8("\xED\xA0\x80"), TOK(BAD(1), BAD(1), BAD(1)), INVALID(SURROGATE)},
    {"surrogate U+DFFF", U8("\x61\xED\xBF\xBF"), TOK('a', BAD(1), BAD(1), BAD(1)),
     INVALID(SURROGATE)},
    {"CESU-8 pair", U8("\xED\xA0\xBD\xED\xB8\x80"),
     TOK(BAD(1), BAD(1), BAD(1), BAD(1), BAD(1), BAD(1)), INVALID(SURROGATE)},
    {"F4 90 above U+10FFFF", U8("\xF4\x90\x80\x80"), TOK(BAD(1), BAD(1), BAD(1), BAD(1)),
     INVALID(TOO_LARGE)},
    {"F5 lead", U8("\x61\xF5\x80\x80\x80"), TOK('a', BAD(1), BAD(1), BAD(1), BAD(1)),
     INVALID(TOO_LARGE)},
    {"F7 lead", U8("\xF7\xBF\xBF\xBF"), TOK(BAD(1), BAD(1), BAD(1), BAD(1)), INVALID(TOO_LARGE)},
    {"F8 five-byte form", U8("\xF8\x88\x80\x80\x80"),
     TOK(BAD(1), BAD(1), BAD(1), BAD(1), BAD(1)), INVALID(INVALID_LEAD)},
    {"FC six-byte form", U8("\x41\xFC\x84\x80\x80\x80\x80"),
     TOK('A', BAD(1), BAD(1), BAD(1), BAD(1), BAD(1), BAD(1)), INVALID(INVALID_LEAD)},
    {"FE FF", U8("\xFE\xFF"), TOK(BAD(1), BAD(1)), INVALID(INVALID_LEAD)},
    {"C2 then ASCII", U8("\xC2\x41"), TOK(BAD(1), 'A'), INVALID(TOO_SHORT)},
    {"E2 82 then ASCII", U8("\xE2\x82\x41"), TOK(BAD(2), 'A'), INVALID(TOO_SHORT)},
    {"F0 9F 98 then ASCII", U8("\x61\xF0\x9F\x98\x41"), TOK('a', BAD(3), 'A'),
     INVALID(TOO_SHORT)},
    {"E2 then a lead", U8("\xE2\xC3\xA9"), TOK(BAD(1), 0xE9), INVALID(TOO_SHORT)},
    {"E0 A0 then C0", U8("\xE0\xA0\xC0\x41"), TOK(BAD(2), BAD(1), 'A'), INVALID(TOO_SHORT)},
    {"F1 80 then a 4-byte char", U8("\xF1\x80\xF0\x9F\x98\x80"), TOK(BAD(2), 0x1F600),
     INVALID(TOO_SHORT)},
    {"F4 8F BF then ASCII", U8("\xF4\x8F\xBF\x7F"), TOK(BAD(3), 0x7F), INVALID(TOO_SHORT)},

    {"C2 at the end", U8("\xC2"), TOK(BAD(1)), TRUNCATED},
    {"E2 82 at the end", U8("\x61\x62\xE2\x82"), TOK('a', 'b', BAD(2)), TRUNCATED},
    {"F0 9F 98 at the end", U8("\xF0\x9F\x98"), TOK(BAD(3)), TRUNCATED},
    {"F4 8F at the end", U8("\xC3\xA9\xF4\x8F"), TOK(0xE9, BAD(2)), TRUNCATED},
    {"E0 at the end", U8("\xE0"), TOK(BAD(1)), TRUNCATED},
    {"E0 9F at the end is not truncation", U8("\xE0\x9F"), TOK(BAD(1), BAD(1)),
     INVALID(OVERLONG)},
    {"ED A0 at the end is not truncation", U8("\xED\xA0"), TOK(BAD(1), BAD(1)),
     INVALID(SURROGATE)},
    {"F4 90 at the end is not truncation", U8("\xF4\x90"), TOK(BAD(1), BAD(1)),
     INVALID(TOO_LARGE)},
    {"F5 at the end is not truncation", U8("\xF5"), TOK(BAD(1)), INVALID(TOO_LARGE)},
    {"C0 at the end is not truncation", U8("\xC0"), TOK(BAD(1)), INVALID(OVERLONG)},
    {"invalid, then truncated", U8("\x80\xE2\x82"), TOK(BAD(1), BAD(2)),
     INVALID(UNEXPECTED_CONTINUATION)},

    /* Unicode 16 ch. 3.9, "U+FFFD Substitution of Maximal Subparts", and its Table 3-8 rows. */
    {"Unicode 3.9 example", U8("\x61\xF1\x80\x80\xE1\x80\xC2\x62\x80\x63\x80\xBF\x64"),
     TOK('a', BAD(3), BAD(2), BAD(1), 'b', BAD(1), 'c', BAD(1), BAD(1), 'd'), INVALID(TOO_SHORT)},
    {"Table 3-8 overlongs", U8("\xC0\xAF\xE0\x80\xBF\xF0\x81\x82\x41"),
     TOK(BAD(1), BAD(1), BAD(1), BAD(1), BAD(1), BAD(1), BAD(1), BAD(1), 'A'), INVALID(OVERLONG)},
    {"Table 3-8 surrogates", U8("\xED\xA0\x80\xED\xBF\xBF\xED\xAF\x41"),
     TOK(BAD(1), BAD(1), BAD(1), BAD(1), BAD(1), BAD(1), BAD(1), BAD(1), 'A'),
     INVALID(SURROGATE)},
    {"Table 3-8 above U+10FFFF", U8("\xF4\x91\x92\x93\xFF\x41\x80\xBF\x42"),
     TOK(BAD(1), BAD(1), BAD(1), BAD(1), BAD(1), 'A', BAD(1), BAD(1), 'B'), INVALID(TOO_LARGE)},
    {"Table 3-8 truncated sequences", U8("\xE1\x80\xE2\xF0\x91\x92\xF1\xBF\x41"),
     TOK(BAD(2), BAD(1), BAD(3), BAD(2), 'A'), INVALID(TOO_SHORT)},

    {"unmappable, then invalid", U8("\xC4\x80\x80\x41"), TOK(0x100, BAD(1), 'A'),
     INVALID(UNEXPECTED_CONTINUATION)},
    {"invalid, then unmappable", U8("\xFF\xC4\x80"), TOK(BAD(1), 0x100), INVALID(INVALID_LEAD)},
};
const size_t N_UTF8_CASES = sizeof UTF8_CASES / sizeof UTF8_CASES[0];

const struct tcase UTF16_CASES[] = {
    {"empty", ENC_UTF16, NULL, NULL, 0, NO_TOKENS, VALID},
    {"BMP", U16(0x61, 0xE9, 0x20AC, 0xFFFD, 0xFFFF), TOK(0x61, 0xE9, 0x20AC, 0xFFFD, 0xFFFF),
     VALID},
    {"NUL and BOM", U16(0x0000, 0xFEFF, 0xD7FF, 0xE000), TOK(0, 0xFEFF, 0xD7FF, 0xE000), VALID},
    {"pair", U16(0xD83D, 0xDE00), TOK(0x1F600), VALID},
    {"extreme pairs", U16(0xD800, 0xDC00, 0xDBFF, 0xDFFF), TOK(0x10000, 0x10FFFF), VALID},
    {"lone high in the middle", U16(0x61, 0xD800, 0x62), TOK('a', BAD(1), 'b'),
     INVALID(LONE_SURROGATE)},
    {"lone low", U16(0xDC00, 0x61), TOK(BAD(1), 'a'), INVALID(LONE_SURROGATE)},
    {"high, then a pair", U16(0xD83D, 0xD83D, 0xDE00), TOK(BAD(1), 0x1F600),
     INVALID(LONE_SURROGATE)},
    {"reversed pair", U16(0xDE00, 0xD83D, 0x41), TOK(BAD(1), BAD(1), 'A'),
     INVALID(LONE_SURROGATE)},
    {"high at the end", U16(0x61, 0xD83D), TOK('a', BAD(1)), TRUNCATED},
    {"low at the end", U16(0x61, 0xDE00), TOK('a', BAD(1)), INVALID(LONE_SURROGATE)},
    {"escaped bytes", U16(0xDC80, 0xDCFF, 0x41), TOK(BAD(1), BAD(1), 'A'),
     INVALID(LONE_SURROGATE)},
    {"low below the escapes", U16(0x41, 0xDC7F, 0x42), TOK('A', BAD(1), 'B'),
     INVALID(LONE_SURROGATE)},
    {"escape, then a lone high", U16(0xDC80, 0xD800, 0x41), TOK(BAD(1), BAD(1), 'A'),
     INVALID(LONE_SURROGATE)},
    {"escape, then a high at the end", U16(0xDCC3, 0xD800), TOK(BAD(1), BAD(1)),
     INVALID(LONE_SURROGATE)},
};
const size_t N_UTF16_CASES = sizeof UTF16_CASES / sizeof UTF16_CASES[0];

const struct tcase UTF32_CASES[] = {
    {"empty", ENC_UTF32, NULL, NULL, 0, NO_TOKENS, VALID},
    {"every length", U32(0x61, 0xE9, 0x20AC, 0x1F600, 0x10FFFF, 0, 0xD7FF, 0xE000),
     TOK(0x61, 0xE9, 0x20AC, 0x1F600, 0x10FFFF, 0, 0xD7FF, 0xE000), VALID},
    {"surrogate", U32(0x61, 0xD800, 0x62), TOK('a', BAD(1), 'b'), INVALID(SURROGATE)},
    {"U+DFFF", U32(0xDFFF), TOK(BAD(1)), INVALID(SURROGATE)},
    {"0x110000", U32(0x110000), TOK(BAD(1)), INVALID(OUT_OF_RANGE)},
    {"0xFFFFFFFF", U32(0x41, 0xFFFFFFFF), TOK('A', BAD(1)), INVALID(OUT_OF_RANGE)},
    {"0x80000000", U32(0x80000000, 0x41), TOK(BAD(1), 'A'), INVALID(OUT_OF_RANGE)},
    {"escaped bytes", U32(0xDC80, 0xDCFF, 0x41), TOK(BAD(1), BAD(1), 'A'), INVALID(SURROGATE)},
    {"escape, then out of range", U32(0xDCA9, 0x110000, 0x41), TOK(BAD(1), BAD(1), 'A'),
     INVALID(SURROGATE)},
};
const size_t N_UTF32_CASES = sizeof UTF32_CASES / sizeof UTF32_CASES[0];

uint32_t case_unit(const struct tcase *c, size_t i) {
    return c->family == ENC_UTF8 ? (unsigned char)c->bytes[i] : c->units[i];
}

enum { LONG_REPEAT = 3, LONG_MAX_UNITS = 8192, LONG_MAX_TOKENS = 8192 };

struct long_storage {
    struct tcase c;
    char bytes[LONG_MAX_UNITS];
    uint32_t units[LONG_MAX_UNITS];
    int32_t tokens[LONG_MAX_TOKENS];
};

static void build_long(struct long_storage *s, enum enc family, const struct tcase *cases,
                       size_t n) {
    size_t rep, i, k, len = 0, ntok = 0;
    s->c.name = "long: the cases ending on a whole character, concatenated";
    s->c.family = family;
    s->c.status = UTF8X_OK;
    s->c.error = UTF8X_ERR_NONE;
    for (rep = 0; rep < LONG_REPEAT; rep++) {
        for (i = 0; i < n; i++) {
            const struct tcase *c = &cases[i];
            /* A case ending inside a sequence would merge with the next one. */
            if (c->ntokens == 0 || c->tokens[c->ntokens - 1] < 0) {
                continue;
            }
            if (s->c.status == UTF8X_OK && c->status != UTF8X_OK) {
                s->c.status = c->status;
                s->c.error = c->error;
            }
            for (k = 0; k < c->len && len < LONG_MAX_UNITS; k++, len++) {
                s->bytes[len] = family == ENC_UTF8 ? c->bytes[k] : 0;
                s->units[len] = case_unit(c, k);
            }
            for (k = 0; k < c->ntokens && ntok < LONG_MAX_TOKENS; k++) {
                s->tokens[ntok++] = c->tokens[k];
            }
        }
    }
    s->c.bytes = family == ENC_UTF8 ? s->bytes : NULL;
    s->c.units = family == ENC_UTF8 ? NULL : s->units;
    s->c.len = len;
    s->c.tokens = s->tokens;
    s->c.ntokens = ntok;
}

const struct tcase *long_case(enum enc family) {
    static struct long_storage s8, s16, s32;
    static int built;
    if (!built) {
        build_long(&s8, ENC_UTF8, UTF8_CASES, N_UTF8_CASES);
        build_long(&s16, ENC_UTF16, UTF16_CASES, N_UTF16_CASES);
        build_long(&s32, ENC_UTF32, UTF32_CASES, N_UTF32_CASES);
        built = 1;
    }
    return family == ENC_UTF8 ? &s8.c : family == ENC_UTF16 ? &s16.c : &s32.c;
}

void for_each_case(void (*f)(const struct tcase *c)) {
    size_t i;
    for (i = 0; i < N_UTF8_CASES; i++) {
        f(&UTF8_CASES[i]);
    }
    for (i = 0; i < N_UTF16_CASES; i++) {
        f(&UTF16_CASES[i]);
    }
    for (i = 0; i < N_UTF32_CASES; i++) {
        f(&UTF32_CASES[i]);
    }
    f(long_case(ENC_UTF8));
    f(long_case(ENC_UTF16));
    f(long_case(ENC_UTF32));
}

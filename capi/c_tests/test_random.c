/*
 * Generated inputs: a fixed-seed generator mixes well-formed characters with the bytes and units
 * that make subparts interesting; an independent C reference (Unicode Table 3-7) splits them, and
 * the same per-case checks as the tables run on them.
 */
#include <stdio.h>
#include <stdlib.h>

#include "cases.h"
#include "check.h"
#include "tests.h"

enum { ROUNDS = 300, MAX_LEN = 160 };

static uint64_t rng_state = 0x9E3779B97F4A7C15u;

static uint32_t rnd(uint32_t n) {
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)((rng_state >> 32) % n);
}

/* A scalar value, biased towards each UTF-8 length and the edges of the ranges. */
static uint32_t random_scalar(void) {
    static const uint32_t edges[] = {0,      0x7F,   0x80,   0x7FF,   0x800,   0xD7FF,
                                     0xE000, 0xFFFD, 0xFFFF, 0x10000, 0x10FFFF};
    switch (rnd(5)) {
    case 0:
        return 0x20 + rnd(0x5F);
    case 1:
        return 0x80 + rnd(0x780);
    case 2: {
        uint32_t cp = 0x800 + rnd(0xF800);
        return cp >= 0xD800 && cp <= 0xDFFF ? cp - 0x800 : cp;
    }
    case 3:
        return 0x10000 + rnd(0x100000);
    default:
        return edges[rnd(sizeof edges / sizeof edges[0])];
    }
}

/* The reference split of UTF-8 into one character or one maximal subpart; returns its length. */
static size_t utf8_item(const unsigned char *s, size_t n, int32_t *token, uint32_t *status,
                        uint32_t *error) {
    unsigned char b = s[0], lo = 0x80, hi = 0xBF;
    size_t need, i;
    uint32_t narrow = UTF8X_ERR_TOO_SHORT, cp;
    *status = UTF8X_INVALID;
    if (b < 0x80) {
        *token = b;
        return 1;
    }
    if (b < 0xC2 || b > 0xF4) {
        *token = BAD(1);
        *error = b < 0xC0   ? UTF8X_ERR_UNEXPECTED_CONTINUATION
                 : b < 0xC2 ? UTF8X_ERR_OVERLONG
                 : b < 0xF8 ? UTF8X_ERR_TOO_LARGE
                            : UTF8X_ERR_INVALID_LEAD;
        return 1;
    }
    need = b < 0xE0 ? 1 : b < 0xF0 ? 2 : 3;
    cp = b & (0x3F >> need);
    if (b == 0xE0) {
        lo = 0xA0, narrow = UTF8X_ERR_OVERLONG;
    } else if (b == 0xED) {
        hi = 0x9F, narrow = UTF8X_ERR_SURROGATE;
    } else if (b == 0xF0) {
        lo = 0x90, narrow = UTF8X_ERR_OVERLONG;
    } else if (b == 0xF4) {
        hi = 0x8F, narrow = UTF8X_ERR_TOO_LARGE;
    }
    for (i = 1; i <= need; i++) {
        unsigned char lo_i = i == 1 ? lo : 0x80, hi_i = i == 1 ? hi : 0xBF;
        if (i == n) {
            *token = BAD((int32_t)i);
            *status = UTF8X_TRUNCATED;
            *error = UTF8X_ERR_INCOMPLETE;
            return i;
        }
        if (s[i] < lo_i || s[i] > hi_i) {
            *token = BAD((int32_t)i);
            *error = i == 1 && s[i] >= 0x80 && s[i] <= 0xBF ? narrow : UTF8X_ERR_TOO_SHORT;
            return i;
        }
        cp = cp << 6 | (s[i] & 0x3F);
    }
    *token = (int32_t)cp;
    return need + 1;
}

static size_t utf16_item(const uint32_t *u, size_t n, int32_t *token, uint32_t *status,
                         uint32_t *error) {
    *status = UTF8X_INVALID;
    *error = UTF8X_ERR_LONE_SURROGATE;
    if (u[0] < 0xD800 || u[0] > 0xDFFF) {
        *token = (int32_t)u[0];
        return 1;
    }
    if (u[0] <= 0xDBFF && n > 1 && u[1] >= 0xDC00 && u[1] <= 0xDFFF) {
        *token = (int32_t)(0x10000 + ((u[0] - 0xD800) << 10) + (u[1] - 0xDC00));
        return 2;
    }
    if (u[0] <= 0xDBFF && n == 1) {
        *status = UTF8X_TRUNCATED;
        *error = UTF8X_ERR_INCOMPLETE;
    }
    *token = BAD(1);
    return 1;
}

static size_t utf32_item(const uint32_t *u, size_t n, int32_t *token, uint32_t *status,
                         uint32_t *error) {
    (void)n;
    *status = UTF8X_INVALID;
    *error = u[0] > 0x10FFFF ? UTF8X_ERR_OUT_OF_RANGE : UTF8X_ERR_SURROGATE;
    *token = u[0] > 0x10FFFF || (u[0] >= 0xD800 && u[0] <= 0xDFFF) ? BAD(1) : (int32_t)u[0];
    return 1;
}

static char bytes[MAX_LEN + 8];
static uint32_t units[MAX_LEN + 8];
static int32_t tokens[MAX_LEN + 8];

/* Fills `units` (and `bytes` for UTF-8) with a generated input of the family; returns its length. */
static size_t generate(enum enc family) {
    static const uint32_t nasty8[] = {0x80, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xED,
                                      0xEF, 0xF0, 0xF1, 0xF4, 0xF5, 0xF7, 0xF8, 0xFE, 0xFF,
                                      0x9F, 0xA0, 0x8F, 0x90};
    static const uint32_t nasty16[] = {0xD800, 0xDBFF, 0xDC00, 0xDC80, 0xDCFF, 0xDFFF, 0xDC7F};
    static const uint32_t nasty32[] = {0xD800, 0xDFFF, 0xDC80, 0xDCFF,
                                       0x110000, 0xFFFFFFFF, 0x80000000};
    size_t len = 0, target = rnd(MAX_LEN), k;
    while (len < target) {
        uint32_t enc[4];
        size_t n = 0;
        if (rnd(4) == 0) {
            enc[0] = family == ENC_UTF8    ? nasty8[rnd(sizeof nasty8 / sizeof nasty8[0])]
                     : family == ENC_UTF16 ? nasty16[rnd(sizeof nasty16 / sizeof nasty16[0])]
                                           : nasty32[rnd(sizeof nasty32 / sizeof nasty32[0])];
            n = 1;
        } else {
            n = enc_encode(family, random_scalar(), enc);
        }
        for (k = 0; k < n && len < MAX_LEN; k++) {
            units[len] = enc[k];
            bytes[len++] = (char)enc[k];
        }
    }
    return len;
}

static void split(struct tcase *c) {
    size_t at = 0;
    c->ntokens = 0;
    c->status = UTF8X_OK;
    c->error = UTF8X_ERR_NONE;
    while (at < c->len) {
        uint32_t status = UTF8X_OK, error = UTF8X_ERR_NONE;
        int32_t *t = &tokens[c->ntokens++];
        at += c->family == ENC_UTF8
                  ? utf8_item((const unsigned char *)bytes + at, c->len - at, t, &status, &error)
              : c->family == ENC_UTF16 ? utf16_item(units + at, c->len - at, t, &status, &error)
                                       : utf32_item(units + at, c->len - at, t, &status, &error);
        if (*t < 0 && c->status == UTF8X_OK) {
            c->status = status;
            c->error = error;
        }
    }
}

void test_random(void) {
    static const enum enc families[] = {ENC_UTF8, ENC_UTF16, ENC_UTF32};
    size_t round, f;
    for (round = 0; round < ROUNDS; round++) {
        for (f = 0; f < 3; f++) {
            struct tcase c;
            char name[64];
            sprintf(name, "generated %s input #%lu", enc_name(families[f]), (unsigned long)round);
            c.name = name;
            c.family = families[f];
            c.len = generate(c.family);
            c.bytes = c.family == ENC_UTF8 ? bytes : NULL;
            c.units = c.family == ENC_UTF8 ? NULL : units;
            c.tokens = tokens;
            split(&c);
            validate_case(&c);
            convert_all(&c);
            roundtrip_case(&c);
            chars_case(&c);
            if (round % 10 == 0) {
                bounds_case(&c);
            }
        }
    }
}

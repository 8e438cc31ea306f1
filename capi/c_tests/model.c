#include "model.h"

#include "check.h"

int conv_accepts(const struct conv *cv, const struct tcase *c) {
    switch (cv->from) {
    case ENC_UTF8:
    case ENC_LATIN1:
        return c->family == ENC_UTF8;
    case ENC_UTF16LE:
    case ENC_UTF16BE:
    case ENC_UTF16:
        return c->family == ENC_UTF16;
    case ENC_UTF32:
    case ENC_WCHAR:
        return c->family == ENC_UTF32;
    }
    return 0;
}

void store_input(const struct conv *cv, const struct tcase *c, void *mem) {
    size_t i;
    for (i = 0; i < c->len; i++) {
        enc_store(cv->from, mem, i, case_unit(c, i));
    }
}

size_t model_out_room(const struct tcase *c) {
    return 4 * c->len + 4;
}

enum { MAX_ITEMS = 8192 };

/* One item of the input: a character, or an ill-formed subpart with what STRICT reports for it. */
struct item {
    int bad;
    uint32_t cp;
    size_t len;
    uint32_t status;
    uint32_t error;
};

/* What STRICT reports for an ill-formed UTF-16/32 unit that is not the first one of the case
 * (the table spells out the first): the contract's rules. */
static void unit_problem(const struct tcase *c, size_t at, struct item *it) {
    uint32_t v = case_unit(c, at);
    if (c->family == ENC_UTF16) {
        int last_high = v >= 0xD800 && v <= 0xDBFF && at + 1 == c->len;
        it->status = last_high ? UTF8X_TRUNCATED : UTF8X_INVALID;
        it->error = last_high ? UTF8X_ERR_INCOMPLETE : UTF8X_ERR_LONE_SURROGATE;
    } else {
        it->status = UTF8X_INVALID;
        it->error = v >= 0xD800 && v <= 0xDFFF ? UTF8X_ERR_SURROGATE : UTF8X_ERR_OUT_OF_RANGE;
    }
}

/* Splits the input into items as `cv` reads it; returns their count. Checks that the table's
 * tokens spell the input exactly, so a typo in a table cannot pass unnoticed. */
static size_t items_of(const struct conv *cv, const struct tcase *c, struct item *items) {
    size_t n = 0, at = 0, t, k;
    int first_bad = 1;
    if (c->len > MAX_ITEMS) {
        check_record(0, __FILE__, __LINE__, "case fits the model", c->name);
        return 0;
    }
    if (cv->from == ENC_LATIN1) {
        for (at = 0; at < c->len; at++) {
            items[n].bad = 0;
            items[n].cp = case_unit(c, at);
            items[n++].len = 1;
        }
        return n;
    }
    for (t = 0; t < c->ntokens; t++) {
        struct item *it = &items[n++];
        if (c->tokens[t] < 0) {
            it->bad = 1;
            it->len = (size_t)-c->tokens[t];
            if (first_bad) {
                it->status = c->status;
                it->error = c->error;
                first_bad = 0;
            } else if (c->family == ENC_UTF8) {
                it->status = UTF8X_INVALID; /* never observable: STRICT stops at the first */
                it->error = UTF8X_ERR_NONE;
            } else {
                unit_problem(c, at, it);
            }
        } else {
            uint32_t units[4];
            it->bad = 0;
            it->cp = (uint32_t)c->tokens[t];
            it->len = enc_encode(c->family, it->cp, units);
            for (k = 0; k < it->len; k++) {
                if (at + k >= c->len || case_unit(c, at + k) != units[k]) {
                    check_record(0, __FILE__, __LINE__, "table tokens spell the input", c->name);
                    return 0;
                }
            }
        }
        at += it->len;
    }
    if (at != c->len || !first_bad != (c->status != UTF8X_OK)) {
        check_record(0, __FILE__, __LINE__, "table tokens cover the input", c->name);
    }
    return n;
}

/* Windows-1252 bytes 80..9F as the WHATWG index gives them (the rest is Latin-1). */
static const uint32_t CP1252_HIGH[32] = {
    0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
    0x2039, 0x0152, 0x008D, 0x017D, 0x008F, 0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
    0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178};

static uint32_t cp1252(uint32_t b) {
    return b >= 0x80 && b <= 0x9F ? CP1252_HIGH[b - 0x80] : b;
}

utf8x_result model(const struct conv *cv, const struct tcase *c, uint32_t policy, uint32_t *out) {
    static struct item items[MAX_ITEMS];
    size_t n = items_of(cv, c, items), i, j, k;
    utf8x_result r = result(UTF8X_OK, UTF8X_ERR_NONE, 0, 0, 0, 0);
    if (policy == UTF8X_ESCAPE && cv->to == ENC_LATIN1) {
        return bad_argument();
    }
    for (i = 0; i < n; i++) {
        const struct item *it = &items[i];
        uint32_t units[4];
        size_t nu = it->bad ? 0 : enc_encode(cv->to, it->cp, units);
        uint32_t status = it->status, error = it->error;
        size_t error_len = it->len;
        if (!it->bad && nu > 0) {
            for (k = 0; k < nu; k++) {
                out[r.written++] = units[k];
            }
            r.read += it->len;
            continue;
        }
        if (!it->bad) {
            status = UTF8X_UNMAPPABLE;
            error = UTF8X_ERR_UNMAPPABLE;
        } else if (status == UTF8X_TRUNCATED) {
            error_len = 0;
        }
        if (policy == UTF8X_FALLBACK && it->bad && cv->from == ENC_UTF8) {
            /* HTML5's fallback: each ill-formed byte as its Windows-1252 character. */
            for (k = 0; k < it->len; k++) {
                uint32_t ch = cp1252(case_unit(c, r.read + k));
                nu = enc_encode(cv->to, ch, units);
                if (nu == 0) {
                    units[0] = '?';
                    nu = 1;
                }
                for (j = 0; j < nu; j++) {
                    out[r.written++] = units[j];
                }
            }
            r.replaced += it->len;
        } else if (policy == UTF8X_REPLACE || policy == UTF8X_FALLBACK) {
            nu = cv->to == ENC_LATIN1 ? (units[0] = '?', 1) : enc_encode(cv->to, 0xFFFD, units);
            for (k = 0; k < nu; k++) {
                out[r.written++] = units[k];
            }
            r.replaced++;
        } else if (policy == UTF8X_SKIP) {
            r.replaced++;
        } else if (policy == UTF8X_ESCAPE && cv->from == ENC_UTF8) {
            for (k = 0; k < it->len; k++) {
                out[r.written++] = 0xDC00 + case_unit(c, r.read + k);
            }
            r.replaced += it->len;
        } else if (policy == UTF8X_ESCAPE && it->len == 1 && case_unit(c, r.read) >= 0xDC80 &&
                   case_unit(c, r.read) <= 0xDCFF) {
            out[r.written++] = case_unit(c, r.read) & 0xFF;
            r.replaced++;
        } else {
            /* STRICT, or ESCAPE on something no byte stands for: stop as STRICT does. */
            r.status = status;
            r.error = error;
            r.error_len = error_len;
            return r;
        }
        r.read += it->len;
    }
    return r;
}

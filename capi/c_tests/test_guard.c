/*
 * No over-read: inputs placed so that their last unit is the last readable one before a
 * PROT_NONE page, and so that their first unit follows one. A read past `len`, or before `src`,
 * crashes the harness, whose crash handler names the call. The results must also equal those of
 * the same input in ordinary memory. POSIX only.
 */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "cases.h"
#include "check.h"
#include "model.h"
#include "tests.h"

static unsigned char *page; /* a readable page between two PROT_NONE ones */
static size_t page_size;

static int map_pages(void) {
    unsigned char *base;
    page_size = (size_t)sysconf(_SC_PAGESIZE);
    base = mmap(NULL, 3 * page_size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (!CHECK(base != MAP_FAILED)) {
        return 0;
    }
    CHECK(mprotect(base, page_size, PROT_NONE) == 0);
    CHECK(mprotect(base + 2 * page_size, page_size, PROT_NONE) == 0);
    page = base + page_size;
    return 1;
}

static void same(utf8x_result guarded, utf8x_result plain) {
    CHECK_RESULT(guarded, plain);
}

/* The first `len` units of `c`, read through `cv` (and the validators of its source encoding),
 * at the end and at the start of the guarded page. */
static void guarded_prefix(const struct conv *cv, const struct tcase *c, size_t len) {
    size_t su = enc_unit_size(cv->from), at, p, k;
    /* Room for 4 * len + 4 units of the widest type. */
    unsigned char *plain = malloc(len * su + 1), *out = malloc((4 * len + 4) * 4);
    for (k = 0; k < len; k++) {
        enc_store(cv->from, plain, k, case_unit(c, k));
    }
    for (at = 0; at < 2; at++) {
        unsigned char *src = at == 0 ? page + page_size - len * su : page;
        memcpy(src, plain, len * su);
        for (p = 0; p < NPOLICIES; p++) {
            check_context("%s, %lu units of case \"%s\" at the %s of a page, %s", cv->name,
                          (unsigned long)len, c->name, at == 0 ? "end" : "start",
                          policy_name(POLICIES[p]));
            same(cv->fn(src, len, out, 4 * len + 4, POLICIES[p]),
                 cv->fn(plain, len, out, 4 * len + 4, POLICIES[p]));
            same(cv->fn(src, len, NULL, 0, POLICIES[p]), cv->fn(plain, len, NULL, 0, POLICIES[p]));
        }
        check_context("validators, %lu units of case \"%s\" at the %s of a page",
                      (unsigned long)len, c->name, at == 0 ? "end" : "start");
        if (cv->from == ENC_UTF8) {
            same(utf8x_validate(src, len), utf8x_validate(plain, len));
            CHECK(utf8x_is_valid(src, len) == utf8x_is_valid(plain, len));
            CHECK(utf8x_is_ascii(src, len) == utf8x_is_ascii(plain, len));
            CHECK_EQ(utf8x_count(src, len), utf8x_count(plain, len));
        } else if (cv->from == ENC_UTF16LE) {
            same(utf8x_validate_utf16le((const uint16_t *)(void *)src, len),
                 utf8x_validate_utf16le((const uint16_t *)(void *)plain, len));
        } else if (cv->from == ENC_UTF16BE) {
            same(utf8x_validate_utf16be((const uint16_t *)(void *)src, len),
                 utf8x_validate_utf16be((const uint16_t *)(void *)plain, len));
        } else if (cv->from == ENC_UTF32) {
            same(utf8x_validate_utf32((const uint32_t *)(void *)src, len),
                 utf8x_validate_utf32((const uint32_t *)(void *)plain, len));
        }
    }
    free(plain);
    free(out);
}

static void guarded_case(const struct tcase *c) {
    size_t i;
    for (i = 0; i < NCONVS; i++) {
        if (conv_accepts(&CONVS[i], c) && c->len * enc_unit_size(CONVS[i].from) <= page_size) {
            guarded_prefix(&CONVS[i], c, c->len);
        }
    }
}

void test_guard(void) {
    static const enum enc families[] = {ENC_UTF8, ENC_UTF16, ENC_UTF32};
    size_t f, i, len;
    if (!map_pages()) {
        return;
    }
    for_each_case(guarded_case);
    /* Every prefix of the long cases: inputs ending at every alignment and inside every kind of
     * sequence, where vectorised code reads its last block. */
    for (f = 0; f < 3; f++) {
        const struct tcase *c = long_case(families[f]);
        for (i = 0; i < NCONVS; i++) {
            size_t limit = page_size / enc_unit_size(CONVS[i].from);
            if (!conv_accepts(&CONVS[i], c)) {
                continue;
            }
            for (len = 0; len <= c->len && len <= limit; len++) {
                guarded_prefix(&CONVS[i], c, len);
            }
        }
    }
}

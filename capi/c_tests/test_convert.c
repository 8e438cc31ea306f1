#include <stdlib.h>
#include <string.h>

#include "cases.h"
#include "check.h"
#include "model.h"
#include "tests.h"

enum { SLACK = 8 };

static void convert_case(const struct conv *cv, const struct tcase *c, uint32_t policy) {
    size_t su = enc_unit_size(cv->from), du = enc_unit_size(cv->to);
    uint32_t *want_out = malloc(model_out_room(c) * sizeof *want_out);
    void *src = malloc(c->len * su + 1);
    utf8x_result want, got;
    void *dst;

    check_context("%s, case \"%s\", %s", cv->name, c->name, policy_name(policy));
    store_input(cv, c, src);
    want = model(cv, c, policy, want_out);
    dst = malloc((want.written + SLACK) * du);
    memset(dst, 0xA5, (want.written + SLACK) * du);
    got = cv->fn(src, c->len, dst, want.written + SLACK, policy);
    if (CHECK_RESULT(got, want)) {
        CHECK_UNITS(cv->to, dst, want_out, want.written);
    }
    check_context("%s, case \"%s\", %s, measuring", cv->name, c->name, policy_name(policy));
    CHECK_RESULT(cv->fn(src, c->len, NULL, 0, policy), want);
    CHECK_RESULT(cv->fn(src, c->len, NULL, 12345, policy), want);
    free(dst);
    free(src);
    free(want_out);
}

/* On Linux wchar_t is UTF-32: the wchar_t functions must behave exactly as the UTF-32 ones. */
static void wchar_is_utf32(const struct tcase *c, uint32_t policy) {
    wchar_t *w = malloc((c->len + 1) * sizeof *w);
    uint32_t *u = malloc((c->len + 1) * sizeof *u);
    uint8_t *bw = malloc(4 * c->len + 4), *bu = malloc(4 * c->len + 4);
    size_t i;
    utf8x_result rw, ru;
    check_context("wchar_t = UTF-32, case \"%s\", %s", c->name, policy_name(policy));
    if (c->family == ENC_UTF8) {
        rw = utf8x_to_wchar((const uint8_t *)c->bytes, c->len, w, c->len + 1, policy);
        ru = utf8x_to_utf32((const uint8_t *)c->bytes, c->len, u, c->len + 1, policy);
        if (CHECK_RESULT(rw, ru)) {
            for (i = 0; i < ru.written; i++) {
                CHECK_EQ((uint32_t)w[i], u[i]);
            }
        }
    } else if (c->family == ENC_UTF32) {
        for (i = 0; i < c->len; i++) {
            u[i] = case_unit(c, i);
            w[i] = (wchar_t)u[i];
        }
        rw = utf8x_from_wchar(w, c->len, bw, 4 * c->len + 4, policy);
        ru = utf8x_from_utf32(u, c->len, bu, 4 * c->len + 4, policy);
        if (CHECK_RESULT(rw, ru)) {
            CHECK(memcmp(bw, bu, ru.written) == 0);
        }
    }
    free(w);
    free(u);
    free(bw);
    free(bu);
}

void convert_all(const struct tcase *c) {
    size_t i, p;
    for (p = 0; p < NPOLICIES; p++) {
        for (i = 0; i < NCONVS; i++) {
            if (conv_accepts(&CONVS[i], c)) {
                convert_case(&CONVS[i], c, POLICIES[p]);
            }
        }
        wchar_is_utf32(c, POLICIES[p]);
    }
}

void test_convert(void) {
    check_context("wchar_t size");
    CHECK_EQ(sizeof(wchar_t), 4);
    for_each_case(convert_all);
}

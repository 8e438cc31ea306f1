/*
 * Bounded output, for every conversion, case and policy and every capacity from 0 to what the
 * conversion needs: nothing is written at or past dst + dst_cap; OUTPUT_FULL stops after the last
 * whole item that fit (never half a character, replacement or escape); and continuing from
 * src + read into fresh buffers gives exactly the output and counts of one big call.
 */
#include <stdlib.h>
#include <string.h>

#include "cases.h"
#include "check.h"
#include "model.h"
#include "tests.h"

enum { CANARY_UNITS = 8, CANARY = 0xA5 };

struct run {
    const struct conv *cv;
    const unsigned char *src;
    size_t len;
    uint32_t policy;
    size_t su, du;
};

static int canary_intact(const unsigned char *buf, size_t from, size_t to) {
    size_t i;
    for (i = from; i < to; i++) {
        if (buf[i] != CANARY) {
            return 0;
        }
    }
    return 1;
}

/* One call with capacity `cap` against the one-shot reference `ref`/`ref_out`. */
static void bounded_call(const struct run *x, size_t cap, utf8x_result ref,
                         const unsigned char *ref_out) {
    size_t bytes = (cap + CANARY_UNITS) * x->du;
    unsigned char *buf = malloc(bytes), *big;
    utf8x_result r, prefix, rest;

    memset(buf, CANARY, bytes);
    r = x->cv->fn(x->src, x->len, buf, cap, x->policy);
    CHECK(canary_intact(buf, cap * x->du, bytes));
    if (ref.status == UTF8X_BAD_ARGUMENT || cap >= ref.written) {
        /* Enough room: exactly the one-shot result, even under STRICT when the buffer is exactly
         * full at the error. */
        if (CHECK_RESULT(r, ref)) {
            CHECK(memcmp(buf, ref_out, ref.written * x->du) == 0);
        }
        free(buf);
        return;
    }
    if (!CHECK_RESULT(r, result(UTF8X_OUTPUT_FULL, UTF8X_ERR_NONE, r.read, r.written, 0,
                                r.replaced))) {
        free(buf);
        return;
    }
    CHECK(r.written <= cap);
    CHECK(r.read <= ref.read);
    CHECK(r.replaced <= ref.replaced);
    CHECK(memcmp(buf, ref_out, r.written * x->du) == 0);

    /* read and written describe the same whole items: converting src[0..read) alone gives it. */
    big = malloc((r.written + 1) * x->du);
    prefix = x->cv->fn(x->src, r.read, big, r.written + 1, x->policy);
    if (CHECK_RESULT(prefix, result(UTF8X_OK, UTF8X_ERR_NONE, r.read, r.written, 0,
                                    r.replaced))) {
        CHECK(memcmp(big, ref_out, r.written * x->du) == 0);
    }
    free(big);

    /* It stopped at the last item that fit: the rest of the buffer takes nothing more. (SKIP
     * may still drop subparts, which need no room.) */
    memset(buf, CANARY, bytes);
    rest = x->cv->fn(x->src + r.read * x->su, x->len - r.read, buf + r.written * x->du,
                     cap - r.written, x->policy);
    CHECK_EQ(rest.status, UTF8X_OUTPUT_FULL);
    CHECK_EQ(rest.written, 0);
    if (x->policy != UTF8X_SKIP) {
        CHECK_EQ(rest.read, 0);
    }
    CHECK(canary_intact(buf, 0, bytes));
    free(buf);
}

/* Converts into buffers of `base` units (grown only while not even one item fits), concatenates,
 * and compares with the one-shot call. */
static void resume(const struct run *x, size_t base, utf8x_result ref,
                   const unsigned char *ref_out) {
    unsigned char *all = malloc((ref.written + 1) * x->du);
    unsigned char *buf = malloc((base + 8) * x->du);
    size_t pos = 0, written = 0, replaced = 0, calls = 0;
    utf8x_result r;
    for (;;) {
        size_t cap = base;
        r = x->cv->fn(x->src + pos * x->su, x->len - pos, buf, cap, x->policy);
        while (r.status == UTF8X_OUTPUT_FULL && r.read == 0 && cap < base + 8) {
            cap++;
            r = x->cv->fn(x->src + pos * x->su, x->len - pos, buf, cap, x->policy);
        }
        if (!CHECK(written + r.written <= ref.written) || !CHECK(++calls <= x->len + 1)) {
            break;
        }
        memcpy(all + written * x->du, buf, r.written * x->du);
        written += r.written;
        replaced += r.replaced;
        if (r.status != UTF8X_OUTPUT_FULL) {
            pos += r.read;
            break;
        }
        if (!CHECK(r.read > 0)) {
            break;
        }
        pos += r.read;
    }
    r.read = pos;
    r.written = written;
    r.replaced = replaced;
    if (CHECK_RESULT(r, ref)) {
        CHECK(memcmp(all, ref_out, written * x->du) == 0);
    }
    free(all);
    free(buf);
}

static size_t next_cap(size_t cap, size_t need) {
    if (cap < 64 || cap + 1 >= need) {
        return cap + 1;
    }
    return cap + 13 < need - 1 ? cap + 13 : need - 1;
}

void bounds_case(const struct tcase *c) {
    static const size_t bases[] = {1, 2, 3, 5, 8};
    size_t i, p, cap, b;
    for (i = 0; i < NCONVS; i++) {
        const struct conv *cv = &CONVS[i];
        struct run x;
        unsigned char *src, *ref_out;
        size_t room;
        if (!conv_accepts(cv, c)) {
            continue;
        }
        x.cv = cv;
        x.len = c->len;
        x.su = enc_unit_size(cv->from);
        x.du = enc_unit_size(cv->to);
        room = model_out_room(c);
        src = malloc(c->len * x.su + 1);
        ref_out = malloc(room * x.du);
        store_input(cv, c, src);
        x.src = src;
        for (p = 0; p < NPOLICIES; p++) {
            utf8x_result ref;
            x.policy = POLICIES[p];
            ref = cv->fn(src, c->len, ref_out, room, x.policy);
            check_context("%s, case \"%s\", %s: one-shot call", cv->name, c->name,
                          policy_name(x.policy));
            CHECK(ref.status != UTF8X_OUTPUT_FULL);
            /* Every small capacity, a sample of the large ones, and both sides of the need. */
            for (cap = 0; cap <= ref.written + 1; cap = next_cap(cap, ref.written)) {
                check_context("%s, case \"%s\", %s, dst_cap %lu", cv->name, c->name,
                              policy_name(x.policy), (unsigned long)cap);
                bounded_call(&x, cap, ref, ref_out);
            }
            if (ref.status == UTF8X_BAD_ARGUMENT) {
                continue;
            }
            for (b = 0; b < sizeof bases / sizeof bases[0]; b++) {
                check_context("%s, case \"%s\", %s, resuming with %lu-unit buffers", cv->name,
                              c->name, policy_name(x.policy), (unsigned long)bases[b]);
                resume(&x, bases[b], ref, ref_out);
            }
        }
        free(src);
        free(ref_out);
    }
}

void test_bounds(void) {
    for_each_case(bounds_case);
}

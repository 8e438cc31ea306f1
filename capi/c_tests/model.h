/*
 * The reference model: what a conversion must return for a case under a policy, computed from
 * the case's split into characters and maximal subparts and the contract's rules alone.
 */
#ifndef UTF8X_MODEL_H
#define UTF8X_MODEL_H

#include "cases.h"
#include "units.h"

/* True when `cv` reads inputs of the case's family (Latin-1 input reads the UTF-8 cases' bytes). */
int conv_accepts(const struct conv *cv, const struct tcase *c);

/* Stores the case's input in `cv`'s source encoding; `mem` holds c->len units. */
void store_input(const struct conv *cv, const struct tcase *c, void *mem);

/* The expected result of `cv` on `c` under `policy`, and into `out` (room for 4 * c->len + 4
 * units) the logical output units. */
utf8x_result model(const struct conv *cv, const struct tcase *c, uint32_t policy, uint32_t *out);

/* Units `out` needs for any conversion of `c`. */
size_t model_out_room(const struct tcase *c);

#endif /* UTF8X_MODEL_H */

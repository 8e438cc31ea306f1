/*
 * The conformance tables. Each case spells its input and, independently, how the input splits
 * into characters and maximal ill-formed subparts (Unicode ch. 3, "U+FFFD Substitution of Maximal
 * Subparts"). Everything a conversion must return under every policy follows from that split
 * (see model.h), so one table drives every function.
 */
#ifndef UTF8X_CASES_H
#define UTF8X_CASES_H

#include <stddef.h>
#include <stdint.h>

#include "units.h"

/* A token: a code point (>= 0), or BAD(n), a maximal ill-formed subpart of n input units. */
#define BAD(n) (-(n))

struct tcase {
    const char *name;
    enum enc family;        /* ENC_UTF8, ENC_UTF16 (logical units) or ENC_UTF32 */
    const char *bytes;      /* UTF-8 input, when family is ENC_UTF8 */
    const uint32_t *units;  /* logical UTF-16/32 units otherwise */
    size_t len;             /* input units */
    const int32_t *tokens;
    size_t ntokens;
    uint32_t status;        /* of the first ill-formed subpart under STRICT; UTF8X_OK if none */
    uint32_t error;
};

extern const struct tcase UTF8_CASES[];
extern const size_t N_UTF8_CASES;
extern const struct tcase UTF16_CASES[];
extern const size_t N_UTF16_CASES;
extern const struct tcase UTF32_CASES[];
extern const size_t N_UTF32_CASES;

/* All cases of a family that end on a whole character, concatenated three times: errors at many
 * offsets, and inputs long enough for vectorised code paths. */
const struct tcase *long_case(enum enc family);

/* Logical unit i of the input. */
uint32_t case_unit(const struct tcase *c, size_t i);

/* Calls f on every case of every family, the long ones included. */
void for_each_case(void (*f)(const struct tcase *c));

#endif /* UTF8X_CASES_H */

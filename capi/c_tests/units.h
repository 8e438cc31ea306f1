/*
 * Encodings as the harness sees them: how a logical unit value is stored in memory (written
 * byte by byte for the explicit byte orders, so the checks do not depend on the host), an
 * independent encoder used as the oracle for expected output, and every conversion of the API
 * behind one function-pointer type.
 */
#ifndef UTF8X_UNITS_H
#define UTF8X_UNITS_H

#include <stddef.h>
#include <stdint.h>

#include "utf8x.h"

enum enc { ENC_UTF8, ENC_LATIN1, ENC_UTF16LE, ENC_UTF16BE, ENC_UTF16, ENC_UTF32, ENC_WCHAR };

size_t enc_unit_size(enum enc e);
const char *enc_name(enum enc e);
/* Stores logical unit `v` as unit `i` of `mem` in the encoding's memory layout. */
void enc_store(enum enc e, void *mem, size_t i, uint32_t v);
/* Reads unit `i` of `mem` back as a logical value. */
uint32_t enc_load(enum enc e, const void *mem, size_t i);
/* Encodes one scalar value (or, for UTF-16/32, a lone surrogate as itself) into `out` as logical
 * units; returns how many, or 0 when `e` (Latin-1) cannot hold it. */
size_t enc_encode(enum enc e, uint32_t cp, uint32_t out[4]);

/* Every conversion, with untyped buffers so that one loop can drive them all. */
typedef utf8x_result (*conv_fn)(const void *src, size_t len, void *dst, size_t cap, uint32_t policy);

struct conv {
    const char *name;
    enum enc from;
    enum enc to;
    conv_fn fn;
};

extern const struct conv CONVS[];
extern const size_t NCONVS;

enum { NPOLICIES = 5 };
extern const uint32_t POLICIES[NPOLICIES];
const char *policy_name(uint32_t policy);

utf8x_result result(uint32_t status, uint32_t error, size_t read, size_t written, size_t error_len,
                    size_t replaced);
/* The result of every rejected call. */
utf8x_result bad_argument(void);

/* Checks all six fields, reporting the caller's file and line. Returns 1 when all match. */
int check_result(utf8x_result got, utf8x_result want, const char *file, int line);
#define CHECK_RESULT(got, want) check_result((got), (want), __FILE__, __LINE__)

/* Checks that `n` units of `got` (in encoding `e`'s memory layout) equal the logical `want`. */
int check_units(enum enc e, const void *got, const uint32_t *want, size_t n, const char *file,
                int line);
#define CHECK_UNITS(e, got, want, n) check_units((e), (got), (want), (n), __FILE__, __LINE__)

/* Memory aligned for every unit type; `malloc` would do, this keeps fixed buffers simple. */
typedef union {
    uint64_t align;
    unsigned char bytes[8];
} aligned_unit;



/* The table entry of a conversion, by its C name ("utf8x_to_utf16le"). */
const struct conv *conv_named(const char *name);
#endif /* UTF8X_UNITS_H */

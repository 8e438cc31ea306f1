/* The test groups of the harness; main() in harness.c runs them all. */
#ifndef UTF8X_TESTS_H
#define UTF8X_TESTS_H

#include <stddef.h>
#include <stdint.h>

void test_info(void);     /* version, status and error strings */
void test_validate(void); /* validate, is_valid, is_ascii, count, validate_utf16le/be, _utf32 */
void test_convert(void);  /* every conversion x every case x every policy against the model */
void test_literal(void);  /* hand-written outputs: the Unicode example, byte order, Latin-1 */
void test_roundtrip(void); /* ESCAPE: bytes -> UTF-16/32/wchar_t -> bytes is lossless */
/* The ESCAPE round trips of `bytes`, which hold `bad_bytes` bytes in ill-formed subparts. */
void roundtrip_bytes(const uint8_t *bytes, size_t len, size_t bad_bytes, const char *what);
void test_bounds(void);   /* canaries after dst_cap, OUTPUT_FULL resumption, measure mode */
void test_args(void);     /* NULL, unknown policy, misaligned and overlapping buffers */
void test_random(void);   /* generated inputs against an independent C reference decoder */
void test_guard(void);    /* inputs ending at an unreadable page: no over-read */
void test_libc(void);     /* streaming, the mbrtowc family and iconv through the header */
void test_family(void);   /* the UTF-8 family through utf8x_convert: RFC examples, corners */
void test_chars(void);    /* boundaries, truncation, decode/encode one character, UTF-16 swap */
void test_detect(void);   /* byte order marks and encoding detection */
void test_column(void);   /* string columns and one buffer on many threads */

/* The per-case checks, shared with the generated cases of test_random. */
struct tcase;
void validate_case(const struct tcase *c);
void convert_all(const struct tcase *c);
void roundtrip_case(const struct tcase *c);
void bounds_case(const struct tcase *c);
void chars_case(const struct tcase *c);

#endif /* UTF8X_TESTS_H */

/*
 * validate_file: checks that a file is UTF-8 and converts it to UTF-16LE.
 *
 *     validate_file INPUT [OUTPUT]
 *
 * Prints where the first problem is, if any:
 *     INPUT: invalid UTF-8 at byte N (line L, column C): <kind>
 * where N is the 0-based byte offset, and L and C are 1-based, C counted in characters.
 * Otherwise writes the UTF-16LE text to OUTPUT (when given) and reports the number of units.
 * Exit status: 0 valid, 1 invalid, 2 usage or I/O error.
 *
 * Build from the repository root, after `cargo build --release`:
 *     cc -std=c99 -Iinclude examples/c/validate_file.c -Ltarget/release -lutf8x -o validate_file
 *     ln -sf libutf8x.so target/release/libutf8x.so.0  # the soname, if not installed
 *     LD_LIBRARY_PATH=target/release ./validate_file README.md README.utf16le
 * or statically (the libraries after libutf8x.a are what Rust's standard library needs):
 *     cc -std=c99 -Iinclude examples/c/validate_file.c target/release/libutf8x.a \
 *        -lgcc_s -lutil -lrt -lpthread -lm -ldl -lc -o validate_file
 * (examples/c/Makefile has both.)
 */
#include <stdio.h>
#include <stdlib.h>

#include "utf8x.h"

/* Reads the whole file; works for pipes too, where the size is not known in advance. */
static unsigned char *read_file(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    unsigned char *data = NULL;
    size_t cap = 0;
    *len = 0;
    if (f == NULL) {
        return NULL;
    }
    for (;;) {
        size_t got;
        if (*len == cap) {
            unsigned char *bigger = realloc(data, cap ? 2 * cap : 65536);
            if (bigger == NULL) {
                break;
            }
            data = bigger;
            cap = cap ? 2 * cap : 65536;
        }
        got = fread(data + *len, 1, cap - *len, f);
        *len += got;
        if (got == 0) {
            if (ferror(f)) {
                break;
            }
            fclose(f);
            return data;
        }
    }
    free(data);
    fclose(f);
    return NULL;
}

static void report_invalid(const char *path, const unsigned char *text, utf8x_result r) {
    size_t line = 1, line_start = 0, i;
    for (i = 0; i < r.read; i++) {
        if (text[i] == '\n') {
            line++;
            line_start = i + 1;
        }
    }
    /* The prefix of the line is valid UTF-8, so counting lead bytes counts its characters. */
    printf("%s: invalid UTF-8 at byte %zu (line %zu, column %zu): %s\n", path, r.read, line,
           utf8x_count(text + line_start, r.read - line_start) + 1, utf8x_error_str(r.error));
}

static int write_utf16le(const char *in, const char *out, const unsigned char *text, size_t len) {
    /* Measure first (dst NULL), then convert into a buffer of exactly that size. */
    utf8x_result need = utf8x_to_utf16le(text, len, NULL, 0, UTF8X_STRICT);
    uint16_t *units = malloc((need.written + 1) * sizeof *units);
    utf8x_result r;
    FILE *f;
    int ok;
    if (units == NULL) {
        fprintf(stderr, "%s: out of memory\n", in);
        return 2;
    }
    r = utf8x_to_utf16le(text, len, units, need.written, UTF8X_STRICT);
    if (r.status != UTF8X_OK) {
        fprintf(stderr, "%s: conversion failed: %s\n", in, utf8x_status_str(r.status));
        free(units);
        return 2;
    }
    /* The units are already little-endian in memory, whatever the machine: write them as is. */
    f = fopen(out, "wb");
    ok = f != NULL && fwrite(units, sizeof *units, r.written, f) == r.written;
    ok = (f != NULL && fclose(f) == 0) && ok;
    free(units);
    if (!ok) {
        perror(out);
        return 2;
    }
    printf("%s: valid UTF-8, %zu bytes; wrote %zu UTF-16LE units to %s\n", in, len, r.written,
           out);
    return 0;
}

int main(int argc, char **argv) {
    unsigned char *text;
    size_t len;
    utf8x_result r;
    int status;
    if (argc < 2 || argc > 3) {
        fprintf(stderr, "usage: %s INPUT [OUTPUT]\n", argv[0]);
        return 2;
    }
    text = read_file(argv[1], &len);
    if (text == NULL) {
        perror(argv[1]);
        return 2;
    }
    r = utf8x_validate(text, len);
    if (r.status != UTF8X_OK) {
        report_invalid(argv[1], text, r);
        status = 1;
    } else if (argc == 3) {
        status = write_utf16le(argv[1], argv[2], text, len);
    } else {
        printf("%s: valid UTF-8, %zu bytes, %zu characters\n", argv[1], len,
               utf8x_count(text, len));
        status = 0;
    }
    free(text);
    return status;
}

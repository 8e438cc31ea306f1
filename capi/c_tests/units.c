#include "units.h"

#include "check.h"

#include <stdio.h>
#include <string.h>

size_t enc_unit_size(enum enc e) {
    switch (e) {
    case ENC_UTF8:
    case ENC_LATIN1:
        return 1;
    case ENC_UTF16LE:
    case ENC_UTF16BE:
    case ENC_UTF16:
        return 2;
    case ENC_UTF32:
        return 4;
    case ENC_WCHAR:
        return sizeof(wchar_t);
    }
    return 0;
}

const char *enc_name(enum enc e) {
    static const char *const names[] = {"UTF-8",   "Latin-1", "UTF-16LE", "UTF-16BE",
                                        "UTF-16",  "UTF-32",  "wchar_t"};
    return names[e];
}

void enc_store(enum enc e, void *mem, size_t i, uint32_t v) {
    unsigned char *b = mem;
    switch (e) {
    case ENC_UTF8:
    case ENC_LATIN1:
        b[i] = (unsigned char)v;
        break;
    case ENC_UTF16LE:
        b[2 * i] = (unsigned char)(v & 0xFF);
        b[2 * i + 1] = (unsigned char)(v >> 8);
        break;
    case ENC_UTF16BE:
        b[2 * i] = (unsigned char)(v >> 8);
        b[2 * i + 1] = (unsigned char)(v & 0xFF);
        break;
    /* memcpy: the argument tests build deliberately misaligned buffers, and a typed store
       through them is undefined behaviour (UBSan reports it). */
    case ENC_UTF16: {
        uint16_t u = (uint16_t)v;
        memcpy(b + i * sizeof u, &u, sizeof u);
        break;
    }
    case ENC_UTF32:
        memcpy(b + i * sizeof v, &v, sizeof v);
        break;
    case ENC_WCHAR: {
        wchar_t w = (wchar_t)v;
        memcpy(b + i * sizeof w, &w, sizeof w);
        break;
    }
    }
}

uint32_t enc_load(enum enc e, const void *mem, size_t i) {
    const unsigned char *b = mem;
    switch (e) {
    case ENC_UTF8:
    case ENC_LATIN1:
        return b[i];
    case ENC_UTF16LE:
        return (uint32_t)b[2 * i] | (uint32_t)b[2 * i + 1] << 8;
    case ENC_UTF16BE:
        return (uint32_t)b[2 * i] << 8 | (uint32_t)b[2 * i + 1];
    case ENC_UTF16: {
        uint16_t u;
        memcpy(&u, b + i * sizeof u, sizeof u);
        return u;
    }
    case ENC_UTF32: {
        uint32_t u;
        memcpy(&u, b + i * sizeof u, sizeof u);
        return u;
    }
    case ENC_WCHAR: {
        wchar_t w;
        memcpy(&w, b + i * sizeof w, sizeof w);
        return (uint32_t)w;
    }
    }
    return 0;
}

size_t enc_encode(enum enc e, uint32_t cp, uint32_t out[4]) {
    switch (e) {
    case ENC_UTF8:
        if (cp < 0x80) {
            out[0] = cp;
            return 1;
        }
        if (cp < 0x800) {
            out[0] = 0xC0 | cp >> 6;
            out[1] = 0x80 | (cp & 0x3F);
            return 2;
        }
        if (cp < 0x10000) {
            out[0] = 0xE0 | cp >> 12;
            out[1] = 0x80 | (cp >> 6 & 0x3F);
            out[2] = 0x80 | (cp & 0x3F);
            return 3;
        }
        out[0] = 0xF0 | cp >> 18;
        out[1] = 0x80 | (cp >> 12 & 0x3F);
        out[2] = 0x80 | (cp >> 6 & 0x3F);
        out[3] = 0x80 | (cp & 0x3F);
        return 4;
    case ENC_LATIN1:
        if (cp > 0xFF) {
            return 0;
        }
        out[0] = cp;
        return 1;
    case ENC_UTF16LE:
    case ENC_UTF16BE:
    case ENC_UTF16:
        if (cp < 0x10000) {
            out[0] = cp;
            return 1;
        }
        out[0] = 0xD800 + ((cp - 0x10000) >> 10);
        out[1] = 0xDC00 + ((cp - 0x10000) & 0x3FF);
        return 2;
    case ENC_UTF32:
    case ENC_WCHAR:
        out[0] = cp;
        return 1;
    }
    return 0;
}

/* One wrapper per conversion so that a table can hold them all. */
#define WRAP(name, S, D)                                                                       \
    static utf8x_result wrap_##name(const void *src, size_t len, void *dst, size_t cap,        \
                                    uint32_t policy) {                                         \
        return utf8x_##name((const S *)src, len, (D *)dst, cap, policy);                       \
    }

WRAP(to_utf16le, uint8_t, uint16_t)
WRAP(to_utf16be, uint8_t, uint16_t)
WRAP(to_utf16, uint8_t, uint16_t)
WRAP(to_utf32, uint8_t, uint32_t)
WRAP(to_latin1, uint8_t, uint8_t)
WRAP(to_wchar, uint8_t, wchar_t)
WRAP(from_utf16le, uint16_t, uint8_t)
WRAP(from_utf16be, uint16_t, uint8_t)
WRAP(from_utf16, uint16_t, uint8_t)
WRAP(from_utf32, uint32_t, uint8_t)
WRAP(from_latin1, uint8_t, uint8_t)
WRAP(from_wchar, wchar_t, uint8_t)

const struct conv CONVS[] = {
    {"utf8x_to_utf16le", ENC_UTF8, ENC_UTF16LE, wrap_to_utf16le},
    {"utf8x_to_utf16be", ENC_UTF8, ENC_UTF16BE, wrap_to_utf16be},
    {"utf8x_to_utf16", ENC_UTF8, ENC_UTF16, wrap_to_utf16},
    {"utf8x_to_utf32", ENC_UTF8, ENC_UTF32, wrap_to_utf32},
    {"utf8x_to_latin1", ENC_UTF8, ENC_LATIN1, wrap_to_latin1},
    {"utf8x_to_wchar", ENC_UTF8, ENC_WCHAR, wrap_to_wchar},
    {"utf8x_from_utf16le", ENC_UTF16LE, ENC_UTF8, wrap_from_utf16le},
    {"utf8x_from_utf16be", ENC_UTF16BE, ENC_UTF8, wrap_from_utf16be},
    {"utf8x_from_utf16", ENC_UTF16, ENC_UTF8, wrap_from_utf16},
    {"utf8x_from_utf32", ENC_UTF32, ENC_UTF8, wrap_from_utf32},
    {"utf8x_from_latin1", ENC_LATIN1, ENC_UTF8, wrap_from_latin1},
    {"utf8x_from_wchar", ENC_WCHAR, ENC_UTF8, wrap_from_wchar},
};
const size_t NCONVS = sizeof CONVS / sizeof CONVS[0];

const uint32_t POLICIES[NPOLICIES] = {UTF8X_STRICT, UTF8X_REPLACE, UTF8X_SKIP, UTF8X_ESCAPE,
                               UTF8X_FALLBACK};

const char *policy_name(uint32_t policy) {
    switch (policy) {
    case UTF8X_STRICT:
        return "STRICT";
    case UTF8X_REPLACE:
        return "REPLACE";
    case UTF8X_SKIP:
        return "SKIP";
    case UTF8X_FALLBACK:
        return "FALLBACK";
    case UTF8X_ESCAPE:
        return "ESCAPE";
    }
    return "unknown policy";
}

utf8x_result result(uint32_t status, uint32_t error, size_t read, size_t written, size_t error_len,
                    size_t replaced) {
    utf8x_result r;
    r.status = status;
    r.error = error;
    r.read = read;
    r.written = written;
    r.error_len = error_len;
    r.replaced = replaced;
    return r;
}

utf8x_result bad_argument(void) {
    return result(UTF8X_BAD_ARGUMENT, UTF8X_ERR_BAD_ARGUMENT, 0, 0, 0, 0);
}

int check_result(utf8x_result got, utf8x_result want, const char *file, int line) {
    int ok = 1;
    ok &= check_eq_u(got.status, want.status, file, line, "result.status");
    ok &= check_eq_u(got.error, want.error, file, line, "result.error");
    ok &= check_eq_u(got.read, want.read, file, line, "result.read");
    ok &= check_eq_u(got.written, want.written, file, line, "result.written");
    ok &= check_eq_u(got.error_len, want.error_len, file, line, "result.error_len");
    ok &= check_eq_u(got.replaced, want.replaced, file, line, "result.replaced");
    return ok;
}

int check_units(enum enc e, const void *got, const uint32_t *want, size_t n, const char *file,
                int line) {
    size_t i;
    for (i = 0; i < n; i++) {
        if (enc_load(e, got, i) != want[i]) {
            char what[64];
            sprintf(what, "output unit %lu (%s)", (unsigned long)i, enc_name(e));
            return check_eq_u(enc_load(e, got, i), want[i], file, line, what);
        }
    }
    return check_record(1, file, line, "output units", NULL);
}

const struct conv *conv_named(const char *name) {
    size_t i;
    for (i = 0; i < NCONVS; i++) {
        if (strcmp(CONVS[i].name, name) == 0) {
            return &CONVS[i];
        }
    }
    check_record(0, __FILE__, __LINE__, "conversion exists", name);
    return &CONVS[0];
}

// Tests include/utf8x.hpp against the C API it wraps and against known literals. Built by
// tests/cpp_wrapper/main.rs as C++17 and C++20 with warnings as errors, linked against the real
// library; prints "N passed, M failed" and exits non-zero on any failure.
#include "utf8x.hpp"

#include <cstdio>
#include <string>
#include <vector>

static unsigned long passed, failed;

#define CHECK(cond)                                                                            \
    do {                                                                                       \
        if (cond) {                                                                            \
            ++passed;                                                                          \
        } else {                                                                               \
            ++failed;                                                                          \
            if (failed <= 20) std::printf("%s:%d: CHECK(%s) failed\n", __FILE__, __LINE__, #cond); \
        }                                                                                      \
    } while (0)

static bool same(const utf8x::result &a, const utf8x_result &b) {
    const utf8x_result &r = a.c_result();
    return r.status == b.status && r.error == b.error && r.read == b.read &&
           r.written == b.written && r.error_len == b.error_len && r.replaced == b.replaced;
}

static const utf8x::policy policies[] = {utf8x::policy::strict, utf8x::policy::replace,
                                         utf8x::policy::skip, utf8x::policy::escape,
                                         utf8x::policy::fallback};

// What the C API gives for a whole-string conversion: measure, then convert into that much.
template <class Unit, class F> static std::pair<utf8x_result, std::basic_string<Unit>> c_whole(F f) {
    const utf8x_result need = f(nullptr, 0);
    std::basic_string<Unit> out(need.written + 1, Unit());
    const utf8x_result r = f(&out[0], out.size());
    out.resize(r.written);
    return {r, out};
}

// Deterministic inputs: fixed cases plus random strings drawn from bytes that make every kind
// of well- and ill-formed UTF-8.
static std::vector<std::string> utf8_inputs() {
    std::vector<std::string> v = {"", "ascii", "caf\xc3\xa9 \xe2\x82 ok", "\xF0\x9F\x98",
                                  "\xFF", "\xED\xA0\x80x", "\xC0\x80", "\xF4\x90\x80\x80",
                                  "\xE2\x82\xAC\xF0\x9F\x98\x80\xC3\xA9", std::string("a\0b", 3)};
    const unsigned char pool[] = {'a', 0x00, 0x7F, 0x80, 0xBF, 0xC2, 0xC3, 0xE0, 0xE2, 0xED,
                                  0xEF, 0xF0, 0xF4, 0xF5, 0xFF, 0x82, 0xAC, 0x9F, 0xA0};
    unsigned long long x = 0x9E3779B97F4A7C15ull;
    for (int i = 0; i < 300; ++i) {
        std::string s;
        const int n = i % 24;
        for (int j = 0; j < n; ++j) {
            x = x * 6364136223846793005ull + 1442695040888963407ull;
            s += static_cast<char>(pool[(x >> 33) % sizeof pool]);
        }
        v.push_back(s);
    }
    return v;
}

static void test_literals() {
    const std::string_view text = "caf\xc3\xa9 \xe2\x82 ok";
    const auto r = utf8x::validate(text);
    CHECK(!r);
    CHECK(!r.ok());
    CHECK(r.status() == utf8x::status::invalid);
    CHECK(r.error() == utf8x::error_kind::too_short);
    CHECK(r.offset() == 6 && r.length() == 2);
    CHECK(std::string(r.what()) == "sequence too short");
    CHECK(std::string(utf8x::describe(r.status())) == "invalid input");
    CHECK(static_cast<bool>(utf8x::validate("h\xC3\xA9llo")));

    const auto t = utf8x::validate("ends \xF0\x9F\x98");
    CHECK(t.status() == utf8x::status::truncated && t.error() == utf8x::error_kind::incomplete);
    CHECK(t.offset() == 5 && t.length() == 0);

    const auto u = utf8x::to_utf16(text, utf8x::policy::replace);
    CHECK(u && u.written() == 9 && u.replaced() == 1);
    CHECK(*u == std::u16string(u"caf\u00e9 \ufffd ok"));

    const auto s = utf8x::to_utf16("a\xC3\xA9\xFF");
    CHECK(!s && s.offset() == 3 && s.value() == u"a\u00e9");

    CHECK(utf8x::from_utf16(u"\U0001F600\u20AC").value() == "\xF0\x9F\x98\x80\xE2\x82\xAC");
    const auto lone = utf8x::from_utf16(u"ab\xD800" u"c");
    CHECK(lone.status() == utf8x::status::invalid);
    CHECK(lone.error() == utf8x::error_kind::lone_surrogate && lone.offset() == 2);
    CHECK(utf8x::validate(std::u16string_view(u"x\U0001F600")).ok());
    CHECK(utf8x::validate(std::u32string_view(U"x\U0001F600")).ok());
    const char32_t big[] = {0x41, 0x110000};
    CHECK(utf8x::validate(std::u32string_view(big, 2)).error() == utf8x::error_kind::out_of_range);

    CHECK(utf8x::to_utf32("\xF0\x9F\x98\x80z").value() == U"\U0001F600z");
    CHECK(utf8x::to_wchar("\xC3\xA9").value() == L"\u00e9");
    CHECK(utf8x::from_wchar(L"\u00e9").value() == "\xC3\xA9");
    CHECK(utf8x::from_latin1("\xE9").value() == "\xC3\xA9");
    const auto l1 = utf8x::to_latin1("\xC3\xA9\xE2\x82\xAC");
    CHECK(l1.status() == utf8x::status::unmappable && l1.offset() == 2 && l1.length() == 3);
    CHECK(l1.value() == "\xE9");
    CHECK(utf8x::to_latin1("\xE2\x82\xAC", utf8x::policy::replace).value() == "?");

    const std::u16string le = utf8x::to_utf16le("A").value();
    const std::u16string be = utf8x::to_utf16be("A").value();
    unsigned char le0, be0;
    std::memcpy(&le0, le.data(), 1);
    std::memcpy(&be0, be.data(), 1);
    CHECK(le0 == 'A' && be0 == 0);
    CHECK(utf8x::from_utf16be(be).value() == "A" && utf8x::from_utf16le(le).value() == "A");

    CHECK(utf8x::is_valid("\xC3\xA9") && !utf8x::is_valid("\xC3"));
    CHECK(utf8x::is_ascii("abc") && !utf8x::is_ascii("\xC3\xA9"));
    CHECK(utf8x::count("a\xC3\xA9\xE2\x82\xAC") == 3);
    CHECK(utf8x::truncate("a\xE2\x82\xAC", 3) == "a");
    CHECK(utf8x::version() == ((UTF8X_VERSION_MAJOR << 16) | (UTF8X_VERSION_MINOR << 8) |
                               UTF8X_VERSION_PATCH));

    // Generic conversion, compile-time and run-time encodings.
    CHECK((utf8x::convert<utf8x::encoding::utf8, utf8x::encoding::cesu8>("\xF0\x9F\x98\x80")
               .value() == "\xED\xA0\xBD\xED\xB8\x80"));
    CHECK((utf8x::convert<utf8x::encoding::cp1252, utf8x::encoding::utf16>("\x80").value() ==
           u"\u20AC"));
    const auto cv = utf8x::convert<char16_t>(std::string_view("\x80"), utf8x::encoding::cp1252,
                                             utf8x::encoding::utf16);
    CHECK(cv && *cv == u"\u20AC");
    const auto mismatch = utf8x::convert<char>(std::string_view("x"), utf8x::encoding::utf16,
                                               utf8x::encoding::utf8);
    CHECK(mismatch.status() == utf8x::status::bad_argument);
    // UTF-16 to UTF-8 outgrows the first guess (one byte a unit): the second pass must take over.
    const auto grown = utf8x::convert<utf8x::encoding::utf16, utf8x::encoding::utf8>(
        u"\u20AC\u20AC\u20AC\U0001F600", utf8x::policy::strict);
    CHECK(grown && grown.value() == "\xE2\x82\xAC\xE2\x82\xAC\xE2\x82\xAC\xF0\x9F\x98\x80");
    CHECK(grown.read() == 5 && grown.written() == 13);
    const auto grown_bad = utf8x::convert<utf8x::encoding::utf16, utf8x::encoding::utf8>(
        u"\u20AC\u20AC\u20AC\xDC00");
    CHECK(!grown_bad && grown_bad.offset() == 3 && grown_bad.value() == "\xE2\x82\xAC\xE2\x82\xAC\xE2\x82\xAC");

    // Caller buffers: never past the capacity, OUTPUT_FULL at a character boundary.
    char16_t buf[4] = {0, 0, 0, 0x7777};
    const auto full = utf8x::to_utf16("abcd", buf, 3);
    CHECK(full.status() == utf8x::status::output_full && full.read() == 3 && buf[3] == 0x7777);
    char small[5];
    const auto part = utf8x::from_utf32(U"\u00e9\u20AC", small, sizeof small - 1);
    CHECK(part.status() == utf8x::status::output_full && part.written() == 2);
    const auto raw = utf8x::convert("\xC3\xA9", 2, utf8x::encoding::utf8, buf, 4,
                                    utf8x::encoding::utf16);
    CHECK(raw && raw.written() == 1 && buf[0] == 0xE9);

#ifdef UTF8X_HPP_EXCEPTIONS
    bool threw = false;
    try {
        (void)utf8x::throwing::to_utf16("ok \xC3");
    } catch (const utf8x::error &e) {
        threw = e.offset() == 3 && e.kind() == utf8x::error_kind::incomplete &&
                e.status() == utf8x::status::truncated && std::string(e.what()).find("offset 3") != std::string::npos;
    }
    CHECK(threw);
    threw = false;
    try {
        utf8x::throwing::validate("\xFF");
    } catch (const std::runtime_error &) {
        threw = true;
    }
    CHECK(threw);
    CHECK(utf8x::throwing::from_utf16(u"\u00e9") == "\xC3\xA9");
    CHECK(utf8x::throwing::to_utf16("\xFF", utf8x::policy::replace) == u"\uFFFD");
    CHECK((utf8x::throwing::convert<utf8x::encoding::utf8, utf8x::encoding::utf32>("z") == U"z"));
#endif

#if __cplusplus >= 202002L
    // C++20: char8_t in and out, spans.
    CHECK(utf8x::validate(u8"caf\u00e9").ok());
    CHECK(utf8x::count(std::u8string_view(u8"\u20AC\u20AC")) == 2);
    CHECK(utf8x::to_utf16(u8"\u00e9").value() == u"\u00e9");
    CHECK(utf8x::from_utf16<char8_t>(u"\u00e9").value() == u8"\u00e9");
    char16_t sbuf[8];
    const auto sp = utf8x::to_utf16(u8"abc", std::span<char16_t>(sbuf));
    CHECK(sp && sp.written() == 3 && sbuf[2] == u'c');
    char8_t obuf[8];
    const auto sp8 = utf8x::from_utf16(u"\u00e9", std::span<char8_t>(obuf));
    CHECK(sp8 && sp8.written() == 2 && obuf[0] == 0xC3);
    CHECK(utf8x::throwing::from_latin1<char8_t>("\xE9") == u8"\u00e9");
#endif
}

// Every wrapper equals the C function it wraps, on many inputs and every policy.
static void test_against_c() {
    for (const std::string &s : utf8_inputs()) {
        const auto *b = reinterpret_cast<const uint8_t *>(s.data());
        CHECK(same(utf8x::validate(s), utf8x_validate(b, s.size())));
        CHECK(utf8x::is_valid(s) == utf8x_is_valid(b, s.size()));
        CHECK(utf8x::count(s) == utf8x_count(b, s.size()));
        for (const utf8x::policy p : policies) {
            const uint32_t cp = static_cast<uint32_t>(p);
            const auto c16 = c_whole<char16_t>([&](char16_t *d, size_t n) {
                return utf8x_to_utf16le(b, s.size(), reinterpret_cast<uint16_t *>(d), n, cp);
            });
            const auto w16 = utf8x::to_utf16le(s, p);
            CHECK(same(w16, c16.first) && w16.value() == c16.second);

            const auto c32 = c_whole<char32_t>([&](char32_t *d, size_t n) {
                return utf8x_to_utf32(b, s.size(), reinterpret_cast<uint32_t *>(d), n, cp);
            });
            const auto w32 = utf8x::to_utf32(s, p);
            CHECK(same(w32, c32.first) && w32.value() == c32.second);

            if (p != utf8x::policy::escape) {
                const auto cl1 = c_whole<char>([&](char *d, size_t n) {
                    return utf8x_to_latin1(b, s.size(), reinterpret_cast<uint8_t *>(d), n, cp);
                });
                const auto wl1 = utf8x::to_latin1(s, p);
                CHECK(same(wl1, cl1.first) && wl1.value() == cl1.second);
            }
            // Back again: UTF-16 (possibly with lone surrogates from ESCAPE) to UTF-8.
            const std::u16string &u = c16.second;
            const auto back = c_whole<char>([&](char *d, size_t n) {
                return utf8x_from_utf16le(reinterpret_cast<const uint16_t *>(u.data()), u.size(),
                                          reinterpret_cast<uint8_t *>(d), n, cp);
            });
            const auto wback = utf8x::from_utf16le(u, p);
            CHECK(same(wback, back.first) && wback.value() == back.second);

            // Generic conversion into CESU-8 and from UTF-8 to UTF-8 (sanitising).
            for (const utf8x::encoding to : {utf8x::encoding::cesu8, utf8x::encoding::utf8}) {
                const auto cc = c_whole<char>([&](char *d, size_t n) {
                    return utf8x_convert(s.data(), s.size(), UTF8X_ENC_UTF8, d, n,
                                         static_cast<uint32_t>(to), cp);
                });
                const auto wc = utf8x::convert<char>(std::string_view(s), utf8x::encoding::utf8,
                                                     to, p);
                CHECK(same(wc, cc.first) && wc.value() == cc.second);
            }

            // Caller's buffer of every size up to the need: the same result as C.
            for (size_t cap = 0; cap <= c16.second.size(); ++cap) {
                std::vector<uint16_t> cb(cap + 1), wb(cap + 1);
                const utf8x_result cr = utf8x_to_utf16le(b, s.size(), cb.data(), cap, cp);
                const auto wr = utf8x::to_utf16le(s, reinterpret_cast<char16_t *>(wb.data()), cap, p);
                CHECK(same(wr, cr) && cb == wb);
            }
        }
    }
}

int main() {
    test_literals();
    test_against_c();
    std::printf("%lu passed, %lu failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}

// utf8x.hpp: a header-only C++17 wrapper over the C API of utf8x (include/utf8x.h).
//
// - Views in (`std::string_view` for UTF-8, `std::u16string_view`, `std::u32string_view`,
//   `std::wstring_view`), strings out; every conversion also writes into a caller's buffer
//   (pointer and size, or `std::span` under C++20) without allocating.
// - Under C++20, `std::u8string_view` is accepted wherever UTF-8 goes in, and the functions
//   that give UTF-8 back take the character type: `utf8x::from_utf16<char8_t>(s)`.
// - Nothing throws by default: the outcome is a `utf8x::result` (or `utf8x::converted<S>`, a
//   result holding the string) that tests false on failure and says where and why. The string
//   functions can still let `std::bad_alloc` through; the buffer ones are `noexcept`.
// - `utf8x::throwing::` has the same string functions returning the string and throwing
//   `utf8x::error` (a `std::runtime_error`) on failure, for code that prefers exceptions.
//
// Lengths and offsets are in code units of the buffer's own type, as in C. Link with -lutf8x.

#ifndef UTF8X_HPP
#define UTF8X_HPP

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <utility>

#if defined(__cpp_exceptions) || defined(_CPPUNWIND)
#include <stdexcept>
#define UTF8X_HPP_EXCEPTIONS 1
#endif

#if __cplusplus >= 202002L && __has_include(<span>)
#include <span>
#define UTF8X_HPP_SPAN 1
#endif

#if defined(__cpp_char8_t)
#define UTF8X_HPP_CHAR8 1
#endif

#include "utf8x.h"

namespace utf8x {

// What happened to a call (`UTF8X_OK`..`UTF8X_INTERNAL`).
enum class status : std::uint32_t {
    ok = UTF8X_OK,
    invalid = UTF8X_INVALID,
    truncated = UTF8X_TRUNCATED,
    output_full = UTF8X_OUTPUT_FULL,
    unmappable = UTF8X_UNMAPPABLE,
    bad_argument = UTF8X_BAD_ARGUMENT,
    internal = UTF8X_INTERNAL,
};

// What was wrong with the input (`UTF8X_ERR_*`). Not named `error`: that is the exception.
enum class error_kind : std::uint32_t {
    none = UTF8X_ERR_NONE,
    invalid_lead = UTF8X_ERR_INVALID_LEAD,
    unexpected_continuation = UTF8X_ERR_UNEXPECTED_CONTINUATION,
    too_short = UTF8X_ERR_TOO_SHORT,
    overlong = UTF8X_ERR_OVERLONG,
    surrogate = UTF8X_ERR_SURROGATE,
    too_large = UTF8X_ERR_TOO_LARGE,
    incomplete = UTF8X_ERR_INCOMPLETE,
    lone_surrogate = UTF8X_ERR_LONE_SURROGATE,
    out_of_range = UTF8X_ERR_OUT_OF_RANGE,
    unmappable = UTF8X_ERR_UNMAPPABLE,
    bad_argument = UTF8X_ERR_BAD_ARGUMENT,
    internal = UTF8X_ERR_INTERNAL,
    four_byte_form = UTF8X_ERR_FOUR_BYTE_FORM,
    nul_byte = UTF8X_ERR_NUL_BYTE,
    split_surrogate_pair = UTF8X_ERR_SPLIT_SURROGATE_PAIR,
};

// What a conversion does with ill-formed input (`UTF8X_STRICT`..`UTF8X_FALLBACK`).
enum class policy : std::uint32_t {
    strict = UTF8X_STRICT,
    replace = UTF8X_REPLACE,
    skip = UTF8X_SKIP,
    escape = UTF8X_ESCAPE,
    fallback = UTF8X_FALLBACK,
};

// The source or target of `convert` (`UTF8X_ENC_*`).
enum class encoding : std::uint32_t {
    utf8 = UTF8X_ENC_UTF8,
    utf16le = UTF8X_ENC_UTF16LE,
    utf16be = UTF8X_ENC_UTF16BE,
    utf16 = UTF8X_ENC_UTF16,
    utf32 = UTF8X_ENC_UTF32,
    latin1 = UTF8X_ENC_LATIN1,
    wchar = UTF8X_ENC_WCHAR,
    cesu8 = UTF8X_ENC_CESU8,
    mutf8 = UTF8X_ENC_MUTF8,
    wtf8 = UTF8X_ENC_WTF8,
    rfc2279 = UTF8X_ENC_RFC2279,
    cp1252 = UTF8X_ENC_CP1252,
    utf32le = UTF8X_ENC_UTF32LE,
    utf32be = UTF8X_ENC_UTF32BE,
};

// The enumerators are written from the macros, so these only fail if someone edits a value by
// hand; they keep the promise that a cast to the C type is always right.
static_assert(static_cast<std::uint32_t>(status::ok) == UTF8X_OK, "status");
static_assert(static_cast<std::uint32_t>(status::internal) == UTF8X_INTERNAL, "status");
static_assert(static_cast<std::uint32_t>(error_kind::none) == UTF8X_ERR_NONE, "error_kind");
static_assert(static_cast<std::uint32_t>(error_kind::split_surrogate_pair) ==
                  UTF8X_ERR_SPLIT_SURROGATE_PAIR,
              "error_kind");
static_assert(static_cast<std::uint32_t>(policy::strict) == UTF8X_STRICT, "policy");
static_assert(static_cast<std::uint32_t>(policy::fallback) == UTF8X_FALLBACK, "policy");
static_assert(static_cast<std::uint32_t>(encoding::utf8) == UTF8X_ENC_UTF8, "encoding");
static_assert(static_cast<std::uint32_t>(encoding::utf32be) == UTF8X_ENC_UTF32BE, "encoding");

// Static English descriptions (`utf8x_status_str`, `utf8x_error_str`); never null.
inline const char *describe(status s) noexcept {
    return utf8x_status_str(static_cast<std::uint32_t>(s));
}
inline const char *describe(error_kind e) noexcept {
    return utf8x_error_str(static_cast<std::uint32_t>(e));
}

// The library's version, `(major << 16) | (minor << 8) | patch`, to compare with the header's.
inline std::uint32_t version() noexcept { return utf8x_version(); }

// The outcome of a call: a `utf8x_result` with names. True when the whole input was consumed.
class result {
  public:
    constexpr result() noexcept : r_{} {}
    constexpr explicit result(const utf8x_result &r) noexcept : r_(r) {}

    constexpr explicit operator bool() const noexcept { return r_.status == UTF8X_OK; }
    constexpr bool ok() const noexcept { return r_.status == UTF8X_OK; }
    constexpr ::utf8x::status status() const noexcept {
        return static_cast<::utf8x::status>(r_.status);
    }
    constexpr error_kind error() const noexcept { return static_cast<error_kind>(r_.error); }
    // Where the problem starts, in input units (on success: the whole input).
    constexpr std::size_t offset() const noexcept { return r_.read; }
    // How many units the ill-formed subpart or unmappable character takes (0 if truncated).
    constexpr std::size_t length() const noexcept { return r_.error_len; }
    constexpr std::size_t read() const noexcept { return r_.read; }
    constexpr std::size_t written() const noexcept { return r_.written; }
    constexpr std::size_t replaced() const noexcept { return r_.replaced; }
    // What went wrong ("sequence too short"), or the status when nothing was ("output buffer
    // full"); the error kind says more than the status whenever there is one.
    const char *what() const noexcept {
        return r_.error != UTF8X_ERR_NONE ? utf8x_error_str(r_.error)
                                          : utf8x_status_str(r_.status);
    }
    constexpr const utf8x_result &c_result() const noexcept { return r_; }

  private:
    utf8x_result r_;
};

// A result together with the converted string: under STRICT, on failure, the string holds the
// output before the problem (as the C functions write it).
template <class String> class converted : public result {
  public:
    converted(const result &r, String value) : result(r), value_(std::move(value)) {}

    String &value() & noexcept { return value_; }
    const String &value() const & noexcept { return value_; }
    String &&value() && noexcept { return std::move(value_); }
    String &operator*() & noexcept { return value_; }
    const String &operator*() const & noexcept { return value_; }
    String &&operator*() && noexcept { return std::move(value_); }
    String *operator->() noexcept { return &value_; }
    const String *operator->() const noexcept { return &value_; }

  private:
    String value_;
};

#ifdef UTF8X_HPP_EXCEPTIONS
// Thrown by the `utf8x::throwing::` functions; carries the whole result.
class error : public std::runtime_error {
  public:
    explicit error(const ::utf8x::result &r)
        : std::runtime_error(message(r)), result_(r) {}
    const ::utf8x::result &result() const noexcept { return result_; }
    std::size_t offset() const noexcept { return result_.offset(); }
    std::size_t length() const noexcept { return result_.length(); }
    error_kind kind() const noexcept { return result_.error(); }
    ::utf8x::status status() const noexcept { return result_.status(); }

  private:
    static std::string message(const ::utf8x::result &r) {
        return std::string("utf8x: ") + describe(r.status()) + " at offset " +
               std::to_string(r.offset()) + ": " + r.what();
    }
    ::utf8x::result result_;
};
#endif

// The code unit type of an encoding, and its size in bytes.
template <encoding E> struct unit_of {
    using type = char;
};
template <> struct unit_of<encoding::utf16> {
    using type = char16_t;
};
template <> struct unit_of<encoding::utf16le> {
    using type = char16_t;
};
template <> struct unit_of<encoding::utf16be> {
    using type = char16_t;
};
template <> struct unit_of<encoding::utf32> {
    using type = char32_t;
};
template <> struct unit_of<encoding::utf32le> {
    using type = char32_t;
};
template <> struct unit_of<encoding::utf32be> {
    using type = char32_t;
};
template <> struct unit_of<encoding::wchar> {
    using type = wchar_t;
};
template <encoding E> using unit_t = typename unit_of<E>::type;

constexpr std::size_t unit_size(encoding e) noexcept {
    switch (e) {
    case encoding::utf16:
    case encoding::utf16le:
    case encoding::utf16be:
        return 2;
    case encoding::utf32:
    case encoding::utf32le:
    case encoding::utf32be:
        return 4;
    case encoding::wchar:
        return sizeof(wchar_t);
    default:
        return 1;
    }
}

namespace detail {

// The C API takes bytes and fixed-width integers; char, char8_t, char16_t, char32_t and
// wchar_t have the same size and representation, and the C functions are opaque to the
// optimiser, so passing one for the other is sound in practice (and the only way without a copy).
template <class T> inline const std::uint8_t *bytes(const T *p) noexcept {
    return reinterpret_cast<const std::uint8_t *>(p);
}
template <class T> inline std::uint8_t *bytes(T *p) noexcept {
    return reinterpret_cast<std::uint8_t *>(p);
}
template <class T> inline const std::uint16_t *u16(const T *p) noexcept {
    return reinterpret_cast<const std::uint16_t *>(p);
}
template <class T> inline std::uint16_t *u16(T *p) noexcept {
    return reinterpret_cast<std::uint16_t *>(p);
}
template <class T> inline const std::uint32_t *u32(const T *p) noexcept {
    return reinterpret_cast<const std::uint32_t *>(p);
}
template <class T> inline std::uint32_t *u32(T *p) noexcept {
    return reinterpret_cast<std::uint32_t *>(p);
}
template <class T> inline const wchar_t *wc(const T *p) noexcept {
    return reinterpret_cast<const wchar_t *>(p);
}
template <class T> inline wchar_t *wc(T *p) noexcept { return reinterpret_cast<wchar_t *>(p); }

constexpr std::uint32_t c(policy p) noexcept { return static_cast<std::uint32_t>(p); }
constexpr std::uint32_t c(encoding e) noexcept { return static_cast<std::uint32_t>(e); }

inline bool little_endian() noexcept {
    const std::uint16_t one = 1;
    unsigned char first;
    std::memcpy(&first, &one, 1);
    return first == 1;
}

// Runs `call(src_offset, dst, cap)` into a string. With `guess` units it takes one pass when the
// guess is enough (the callers pass a bound that always is, or 0 to measure first); otherwise it
// keeps what fitted, measures the rest (dst == nullptr) and converts it, continuing from the last
// whole character as the C API allows. Offsets in the result count from the start of the input.
template <class String, class Call> converted<String> into_string(std::size_t guess, Call call) {
    String out(guess, typename String::value_type());
    utf8x_result r = call(0, &out[0], out.size());
    if (r.status == UTF8X_OUTPUT_FULL) {
        const utf8x_result need = call(r.read, nullptr, 0);
        out.resize(r.written + need.written);
        utf8x_result rest = call(r.read, &out[0] + r.written, need.written);
        rest.read += r.read;
        rest.written += r.written;
        rest.replaced += r.replaced;
        r = rest;
    }
    out.resize(r.written);
    return converted<String>(result(r), std::move(out));
}

inline utf8x_result bad_argument() noexcept {
    utf8x_result r{};
    r.status = UTF8X_BAD_ARGUMENT;
    r.error = UTF8X_ERR_BAD_ARGUMENT;
    return r;
}

#ifdef UTF8X_HPP_EXCEPTIONS
template <class String> String unwrap(converted<String> &&c) {
    if (!c) {
        throw error(c);
    }
    return std::move(c).value();
}
#endif

} // namespace detail

// ---- Checking UTF-8 --------------------------------------------------------------------------

inline result validate(std::string_view s) noexcept {
    return result(utf8x_validate(detail::bytes(s.data()), s.size()));
}
inline bool is_valid(std::string_view s) noexcept {
    return utf8x_is_valid(detail::bytes(s.data()), s.size());
}
inline bool is_ascii(std::string_view s) noexcept {
    return utf8x_is_ascii(detail::bytes(s.data()), s.size());
}
// Characters in valid UTF-8 (each maximal ill-formed subpart counts as one).
inline std::size_t count(std::string_view s) noexcept {
    return utf8x_count(detail::bytes(s.data()), s.size());
}
// The longest prefix of at most `max` bytes that cuts no character.
inline std::string_view truncate(std::string_view s, std::size_t max) noexcept {
    return s.substr(0, utf8x_truncate(detail::bytes(s.data()), s.size(), max));
}

#ifdef UTF8X_HPP_CHAR8
inline result validate(std::u8string_view s) noexcept {
    return result(utf8x_validate(detail::bytes(s.data()), s.size()));
}
inline bool is_valid(std::u8string_view s) noexcept {
    return utf8x_is_valid(detail::bytes(s.data()), s.size());
}
inline bool is_ascii(std::u8string_view s) noexcept {
    return utf8x_is_ascii(detail::bytes(s.data()), s.size());
}
inline std::size_t count(std::u8string_view s) noexcept {
    return utf8x_count(detail::bytes(s.data()), s.size());
}
inline std::u8string_view truncate(std::u8string_view s, std::size_t max) noexcept {
    return s.substr(0, utf8x_truncate(detail::bytes(s.data()), s.size(), max));
}
#endif

// UTF-16 and UTF-32 in the machine's byte order.
inline result validate(std::u16string_view s) noexcept {
    return result(detail::little_endian() ? utf8x_validate_utf16le(detail::u16(s.data()), s.size())
                                          : utf8x_validate_utf16be(detail::u16(s.data()), s.size()));
}
inline result validate(std::u32string_view s) noexcept {
    return result(utf8x_validate_utf32(detail::u32(s.data()), s.size()));
}

// ---- Conversions from UTF-8: to_utf16, to_utf16le, to_utf16be, to_utf32, to_wchar, to_latin1 ----
//
// Each comes as `to_x(src, dst, cap, policy)` (writes at most `cap` units; `dst == nullptr`
// measures), `to_x(src, span, policy)` under C++20, and `to_x(src, policy)` giving a string.
// The macro only stamps out these overloads; it is undefined at the end of the header.

#ifdef UTF8X_HPP_SPAN
#define UTF8X_HPP_TO_SPAN(name, Src, Unit)                                                     \
    inline result name(Src src, std::span<Unit> dst, policy p = policy::strict) noexcept {     \
        return name(src, dst.data(), dst.size(), p);                                           \
    }
#else
#define UTF8X_HPP_TO_SPAN(name, Src, Unit)
#endif

#define UTF8X_HPP_TO_ONE(name, Src, Unit, cast, bound)                                         \
    inline result name(Src src, Unit *dst, std::size_t cap, policy p = policy::strict) noexcept { \
        return result(utf8x_##name(detail::bytes(src.data()), src.size(), detail::cast(dst), cap, \
                                   detail::c(p)));                                             \
    }                                                                                          \
    UTF8X_HPP_TO_SPAN(name, Src, Unit)                                                         \
    inline converted<std::basic_string<Unit>> name(Src src, policy p = policy::strict) {       \
        return detail::into_string<std::basic_string<Unit>>(                                   \
            (bound), [&](std::size_t at, Unit *dst, std::size_t cap) {                         \
                return utf8x_##name(detail::bytes(src.data() + at), src.size() - at,           \
                                    detail::cast(dst), cap, detail::c(p));                     \
            });                                                                                \
    }

#ifdef UTF8X_HPP_CHAR8
#define UTF8X_HPP_TO(name, Unit, cast, bound)                                                  \
    UTF8X_HPP_TO_ONE(name, std::string_view, Unit, cast, bound)                                \
    UTF8X_HPP_TO_ONE(name, std::u8string_view, Unit, cast, bound)
#else
#define UTF8X_HPP_TO(name, Unit, cast, bound) UTF8X_HPP_TO_ONE(name, std::string_view, Unit, cast, bound)
#endif

// Every policy writes at most one output unit per input byte for these targets, so the
// input's length is a bound and the string is made in one pass.
UTF8X_HPP_TO(to_utf16, char16_t, u16, src.size())
UTF8X_HPP_TO(to_utf16le, char16_t, u16, src.size())
UTF8X_HPP_TO(to_utf16be, char16_t, u16, src.size())
UTF8X_HPP_TO(to_utf32, char32_t, u32, src.size())
UTF8X_HPP_TO(to_wchar, wchar_t, wc, src.size())
UTF8X_HPP_TO(to_latin1, char, bytes, src.size())

// ---- Conversions to UTF-8: from_utf16, from_utf16le, from_utf16be, from_utf32, from_wchar,
// from_latin1. The string form takes the character type of the UTF-8 it gives: char by default,
// char8_t (or unsigned char) on request.

#ifdef UTF8X_HPP_SPAN
#define UTF8X_HPP_FROM_SPAN(name, Src)                                                         \
    inline result name(Src src, std::span<char> dst, policy p = policy::strict) noexcept {     \
        return name(src, dst.data(), dst.size(), p);                                           \
    }
#else
#define UTF8X_HPP_FROM_SPAN(name, Src)
#endif
#if defined(UTF8X_HPP_SPAN) && defined(UTF8X_HPP_CHAR8)
#define UTF8X_HPP_FROM_SPAN8(name, Src)                                                        \
    inline result name(Src src, std::span<char8_t> dst, policy p = policy::strict) noexcept {  \
        return name(src, dst.data(), dst.size(), p);                                           \
    }
#else
#define UTF8X_HPP_FROM_SPAN8(name, Src)
#endif
#ifdef UTF8X_HPP_CHAR8
#define UTF8X_HPP_FROM_CHAR8(name, Src, cast)                                                  \
    inline result name(Src src, char8_t *dst, std::size_t cap, policy p = policy::strict) noexcept { \
        return result(utf8x_##name(detail::cast(src.data()), src.size(), detail::bytes(dst), cap, \
                                   detail::c(p)));                                             \
    }
#else
#define UTF8X_HPP_FROM_CHAR8(name, Src, cast)
#endif

#define UTF8X_HPP_FROM(name, Src, cast, bound)                                                 \
    inline result name(Src src, char *dst, std::size_t cap, policy p = policy::strict) noexcept { \
        return result(utf8x_##name(detail::cast(src.data()), src.size(), detail::bytes(dst), cap, \
                                   detail::c(p)));                                             \
    }                                                                                          \
    UTF8X_HPP_FROM_CHAR8(name, Src, cast)                                                      \
    UTF8X_HPP_FROM_SPAN(name, Src)                                                             \
    UTF8X_HPP_FROM_SPAN8(name, Src)                                                            \
    template <class Char = char>                                                               \
    converted<std::basic_string<Char>> name(Src src, policy p = policy::strict) {              \
        static_assert(sizeof(Char) == 1, "UTF-8 goes into a string of 1-byte characters");     \
        return detail::into_string<std::basic_string<Char>>(                                   \
            (bound), [&](std::size_t at, Char *dst, std::size_t cap) {                         \
                return utf8x_##name(detail::cast(src.data() + at), src.size() - at,            \
                                    detail::bytes(dst), cap, detail::c(p));                    \
            });                                                                                \
    }

// Latin-1 needs at most 2 bytes a character: one pass. UTF-16 and UTF-32 may need 3 or 4 bytes
// a unit but mostly need far less, so those measure first rather than allocate 3 or 4 times the
// input (bound 0: two passes, an exact allocation).
UTF8X_HPP_FROM(from_utf16, std::u16string_view, u16, 0)
UTF8X_HPP_FROM(from_utf16le, std::u16string_view, u16, 0)
UTF8X_HPP_FROM(from_utf16be, std::u16string_view, u16, 0)
UTF8X_HPP_FROM(from_utf32, std::u32string_view, u32, 0)
UTF8X_HPP_FROM(from_wchar, std::wstring_view, wc, 0)
UTF8X_HPP_FROM(from_latin1, std::string_view, bytes, 2 * src.size())

// ---- Any encoding to any encoding (utf8x_convert) -----------------------------------------

// Raw form: `len` and `cap` in units of `from` and `to`; `dst == nullptr` measures.
inline result convert(const void *src, std::size_t len, encoding from, void *dst, std::size_t cap,
                      encoding to, policy p = policy::strict) noexcept {
    return result(utf8x_convert(src, len, detail::c(from), dst, cap, detail::c(to), detail::c(p)));
}

// Encodings chosen at run time: the view's and the output's units must have the sizes of `from`
// and `to` (else status bad_argument). `convert<char16_t>(bytes, encoding::cp1252,
// encoding::utf16le)`.
template <class Out, class In>
converted<std::basic_string<Out>> convert(std::basic_string_view<In> src, encoding from,
                                          encoding to, policy p = policy::strict) {
    if (sizeof(In) != unit_size(from) || sizeof(Out) != unit_size(to)) {
        return converted<std::basic_string<Out>>(result(detail::bad_argument()), {});
    }
    // A guess, not a bound: a longer output takes one more pass over what did not fit.
    return detail::into_string<std::basic_string<Out>>(
        src.size(), [&](std::size_t at, Out *dst, std::size_t cap) {
            return utf8x_convert(src.data() + at, src.size() - at, detail::c(from), dst, cap,
                                 detail::c(to), detail::c(p));
        });
}

// Encodings known at compile time, unit types checked: `convert<encoding::utf8,
// encoding::cesu8>(s)` takes a `std::string_view` and gives a `std::string`.
template <encoding From, encoding To>
converted<std::basic_string<unit_t<To>>> convert(std::basic_string_view<unit_t<From>> src,
                                                 policy p = policy::strict) {
    return convert<unit_t<To>, unit_t<From>>(src, From, To, p);
}

#ifdef UTF8X_HPP_EXCEPTIONS
// ---- The same, throwing utf8x::error instead of returning a failed result ------------------
namespace throwing {

inline void validate(std::string_view s) {
    if (const result r = ::utf8x::validate(s); !r) {
        throw error(r);
    }
}

#define UTF8X_HPP_THROWING_TO_ONE(name, Src, Unit)                                             \
    inline std::basic_string<Unit> name(Src src, policy p = policy::strict) {                  \
        return detail::unwrap(::utf8x::name(src, p));                                          \
    }
#ifdef UTF8X_HPP_CHAR8
inline void validate(std::u8string_view s) {
    if (const result r = ::utf8x::validate(s); !r) {
        throw error(r);
    }
}
#define UTF8X_HPP_THROWING_TO(name, Unit)                                                      \
    UTF8X_HPP_THROWING_TO_ONE(name, std::string_view, Unit)                                    \
    UTF8X_HPP_THROWING_TO_ONE(name, std::u8string_view, Unit)
#else
#define UTF8X_HPP_THROWING_TO(name, Unit) UTF8X_HPP_THROWING_TO_ONE(name, std::string_view, Unit)
#endif
#define UTF8X_HPP_THROWING_FROM(name, Src)                                                     \
    template <class Char = char>                                                               \
    std::basic_string<Char> name(Src src, policy p = policy::strict) {                         \
        return detail::unwrap(::utf8x::name<Char>(src, p));                                    \
    }

UTF8X_HPP_THROWING_TO(to_utf16, char16_t)
UTF8X_HPP_THROWING_TO(to_utf16le, char16_t)
UTF8X_HPP_THROWING_TO(to_utf16be, char16_t)
UTF8X_HPP_THROWING_TO(to_utf32, char32_t)
UTF8X_HPP_THROWING_TO(to_wchar, wchar_t)
UTF8X_HPP_THROWING_TO(to_latin1, char)
UTF8X_HPP_THROWING_FROM(from_utf16, std::u16string_view)
UTF8X_HPP_THROWING_FROM(from_utf16le, std::u16string_view)
UTF8X_HPP_THROWING_FROM(from_utf16be, std::u16string_view)
UTF8X_HPP_THROWING_FROM(from_utf32, std::u32string_view)
UTF8X_HPP_THROWING_FROM(from_wchar, std::wstring_view)
UTF8X_HPP_THROWING_FROM(from_latin1, std::string_view)

template <class Out, class In>
std::basic_string<Out> convert(std::basic_string_view<In> src, encoding from, encoding to,
                               policy p = policy::strict) {
    return detail::unwrap(::utf8x::convert<Out, In>(src, from, to, p));
}
template <encoding From, encoding To>
std::basic_string<unit_t<To>> convert(std::basic_string_view<unit_t<From>> src,
                                      policy p = policy::strict) {
    return detail::unwrap(::utf8x::convert<From, To>(src, p));
}

#undef UTF8X_HPP_THROWING_TO_ONE
#undef UTF8X_HPP_THROWING_TO
#undef UTF8X_HPP_THROWING_FROM
} // namespace throwing
#endif

#undef UTF8X_HPP_TO_SPAN
#undef UTF8X_HPP_TO_ONE
#undef UTF8X_HPP_TO
#undef UTF8X_HPP_FROM_SPAN
#undef UTF8X_HPP_FROM_SPAN8
#undef UTF8X_HPP_FROM_CHAR8
#undef UTF8X_HPP_FROM

} // namespace utf8x

#endif // UTF8X_HPP

"""Minimal ctypes binding to libutf8x: copy this file next to your code.

Only the standard library is used. The shared library is found, in order, at:
  1. the path in the environment variable UTF8X_LIB (no fallback when it is set);
  2. target/release/libutf8x.so, then target/debug/libutf8x.so of this repository;
  3. ctypes.util.find_library("utf8x") (an installed libutf8x.so.0).

    >>> import utf8x
    >>> utf8x.decode(b"caf\\xc3\\xa9 \\xff", errors="replace")
    'café \\ufffd'
    >>> utf8x.validate(b"ab\\xe2\\x82")
    Result(status=2, error=7, read=2, written=0, error_len=0, replaced=0)

`decode` and `encode` take the error handler names of bytes.decode / str.encode and map them
to utf8x policies: strict -> STRICT, replace -> REPLACE, ignore -> SKIP,
surrogateescape -> ESCAPE. Decoding gives the same str as Python's own UTF-8 codec under each of
them, and raises UnicodeDecodeError with the same start/end. One difference on encoding:
utf8x's REPLACE writes U+FFFD for each lone surrogate where Python's "replace" writes "?".
"""

import ctypes
import ctypes.util
import os
import sys
from pathlib import Path
from typing import NamedTuple

__all__ = [
    "Result",
    "validate",
    "is_valid",
    "decode",
    "decode_with_result",
    "encode",
    "status_str",
    "error_str",
    "version",
    "LIBRARY_PATH",
]

# Status codes, policies and error kinds: the numbers of include/utf8x.h, stable forever.
OK, INVALID, TRUNCATED, OUTPUT_FULL, UNMAPPABLE, BAD_ARGUMENT, INTERNAL = range(7)
STRICT, REPLACE, SKIP, ESCAPE = range(4)
(
    ERR_NONE,
    ERR_INVALID_LEAD,
    ERR_UNEXPECTED_CONTINUATION,
    ERR_TOO_SHORT,
    ERR_OVERLONG,
    ERR_SURROGATE,
    ERR_TOO_LARGE,
    ERR_INCOMPLETE,
    ERR_LONE_SURROGATE,
    ERR_OUT_OF_RANGE,
    ERR_UNMAPPABLE,
    ERR_BAD_ARGUMENT,
    ERR_INTERNAL,
) = range(13)

_POLICIES = {"strict": STRICT, "replace": REPLACE, "ignore": SKIP, "surrogateescape": ESCAPE}


class _CResult(ctypes.Structure):
    _fields_ = [
        ("status", ctypes.c_uint32),
        ("error", ctypes.c_uint32),
        ("read", ctypes.c_size_t),
        ("written", ctypes.c_size_t),
        ("error_len", ctypes.c_size_t),
        ("replaced", ctypes.c_size_t),
    ]


class Result(NamedTuple):
    """utf8x_result as an immutable Python value."""

    status: int
    error: int
    read: int
    written: int
    error_len: int
    replaced: int

    @property
    def ok(self) -> bool:
        return self.status == OK

    @classmethod
    def _of(cls, r: _CResult) -> "Result":
        return cls(r.status, r.error, r.read, r.written, r.error_len, r.replaced)


def _candidates():
    env = os.environ.get("UTF8X_LIB")
    if env:
        # An explicit choice must not silently fall back to another build.
        return [env]
    repo = Path(__file__).resolve().parents[2]
    found = [str(repo / "target" / p / "libutf8x.so") for p in ("release", "debug")]
    found = [p for p in found if os.path.exists(p)]
    system = ctypes.util.find_library("utf8x")
    return found + ([system] if system else [])


def _load():
    tried = []
    for path in _candidates():
        try:
            return ctypes.CDLL(path), path
        except OSError as e:
            tried.append(f"{path}: {e}")
    raise OSError(
        "libutf8x not found; build it with `cargo build --release` or set UTF8X_LIB"
        + "".join("\n  " + t for t in tried)
    )


_lib, LIBRARY_PATH = _load()

_u8p = ctypes.c_char_p  # accepts bytes without copying; the length is always passed
_u16p = ctypes.POINTER(ctypes.c_uint16)
_u32p = ctypes.POINTER(ctypes.c_uint32)
_size = ctypes.c_size_t


def _declare(name, restype, *argtypes):
    fn = getattr(_lib, name)
    fn.restype = restype
    fn.argtypes = list(argtypes)
    return fn


_validate = _declare("utf8x_validate", _CResult, _u8p, _size)
_is_valid = _declare("utf8x_is_valid", ctypes.c_bool, _u8p, _size)
_to_utf32 = _declare("utf8x_to_utf32", _CResult, _u8p, _size, _u32p, _size, ctypes.c_uint32)
_to_utf16le = _declare("utf8x_to_utf16le", _CResult, _u8p, _size, _u16p, _size, ctypes.c_uint32)
_from_utf32 = _declare("utf8x_from_utf32", _CResult, _u32p, _size, _u8p, _size, ctypes.c_uint32)
_version = _declare("utf8x_version", ctypes.c_uint32)
_status_str = _declare("utf8x_status_str", ctypes.c_char_p, ctypes.c_uint32)
_error_str = _declare("utf8x_error_str", ctypes.c_char_p, ctypes.c_uint32)

# Decoding the library's UTF-32/UTF-16 output into a str is a plain reinterpretation;
# "surrogatepass" keeps the U+DC80..U+DCFF escapes that ESCAPE produces.
_UTF32 = "utf-32-le" if sys.byteorder == "little" else "utf-32-be"
_VIA = {
    # name: (convert function, ctypes unit, Python codec of the units in memory)
    "utf32": (_to_utf32, ctypes.c_uint32, _UTF32),
    "utf16": (_to_utf16le, ctypes.c_uint16, "utf-16-le"),
}


def version() -> tuple:
    """The loaded library's (major, minor, patch)."""
    v = _version()
    return (v >> 16, (v >> 8) & 0xFF, v & 0xFF)


def status_str(status: int) -> str:
    """English description of a status code (utf8x_status_str)."""
    return _status_str(status).decode("ascii")


def error_str(error: int) -> str:
    """English description of an error kind (utf8x_error_str)."""
    return _error_str(error).decode("ascii")


def _policy(errors: str) -> int:
    try:
        return _POLICIES[errors]
    except KeyError:
        raise LookupError(
            f"utf8x: unsupported error handler {errors!r} (use one of {', '.join(_POLICIES)})"
        ) from None


def _check(r: _CResult, what: str) -> None:
    # Anything else than OK after a successful measurement is a library bug or a misuse.
    if r.status != OK:
        raise RuntimeError(
            f"utf8x: {what}: {status_str(r.status)} ({error_str(r.error)}) at {r.read}"
        )


def validate(data: bytes) -> Result:
    """Checks UTF-8: Result.read is the offset of the first problem, error_len its length."""
    data = bytes(data)
    return Result._of(_validate(data, len(data)))


def is_valid(data: bytes) -> bool:
    """True when data is well-formed UTF-8."""
    data = bytes(data)
    return bool(_is_valid(data, len(data)))


def decode_with_result(data: bytes, errors: str = "strict", via: str = "utf32"):
    """Like `decode`, but returns (text, Result) instead of raising on ill-formed input.

    Under "strict" the text is what precedes the first error and Result says where it is.
    `via` picks the library conversion ("utf32": utf8x_to_utf32, "utf16": utf8x_to_utf16le);
    the text is the same.
    """
    data = bytes(data)
    policy = _policy(errors)
    convert, unit, codec = _VIA[via]
    # Measure first (dst = NULL), then convert into a buffer of exactly that size.
    need = convert(data, len(data), None, 0, policy)
    if need.status not in (INVALID, TRUNCATED):
        _check(need, "measuring")
    out = (unit * need.written)()
    r = convert(data, len(data), out, need.written, policy)
    if r.status not in (INVALID, TRUNCATED):
        _check(r, "converting")
    text = bytes(out)[: r.written * ctypes.sizeof(unit)].decode(codec, "surrogatepass")
    return text, Result._of(r)


def decode(data: bytes, errors: str = "strict", via: str = "utf32") -> str:
    """bytes.decode("utf-8", errors) done by utf8x; raises UnicodeDecodeError like Python."""
    data = bytes(data)
    text, r = decode_with_result(data, errors, via)
    if r.status in (INVALID, TRUNCATED):
        # Python's codec reports a truncated final sequence as running to the end of the data.
        end = len(data) if r.status == TRUNCATED else r.read + r.error_len
        raise UnicodeDecodeError("utf-8", data, r.read, end, error_str(r.error))
    return text


def encode(text: str, errors: str = "strict") -> bytes:
    """str.encode("utf-8", errors) done by utf8x (see the module note on "replace")."""
    policy = _policy(errors)
    # UTF-32, not UTF-16: a str may hold a lone high surrogate followed by a lone low one,
    # which Python treats as two errors but a UTF-16 buffer would read as one valid pair.
    units = text.encode(_UTF32, "surrogatepass")
    n = len(units) // 4
    src = (ctypes.c_uint32 * n).from_buffer_copy(units)
    need = _from_utf32(src, n, None, 0, policy)
    if need.status == INVALID:
        start = need.read
        # Like Python, the error spans the whole run of surrogates starting at the bad one.
        end = start
        while end < len(text) and 0xD800 <= ord(text[end]) <= 0xDFFF:
            end += 1
        raise UnicodeEncodeError("utf-8", text, start, end, error_str(need.error))
    _check(need, "measuring")
    out = ctypes.create_string_buffer(need.written)
    r = _from_utf32(src, n, out, need.written, policy)
    _check(r, "converting")
    return out.raw[: r.written]

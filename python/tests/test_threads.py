"""`threads=` on is_valid, validate and decode: the same result for every value, CPython's
codecs the oracle. Inputs are a few mebibytes, past the mebibyte per thread below which a call
stays on one thread, with errors at many offsets: at and around the edges of the pieces the
calls cut (64 KiB and its multiples, up to the mebibyte edges between threads) and elsewhere."""

import random

import pytest

import utf8x
from oracle import outcome

THREADS = (0, 1, 2, 3, 7)
SIZE = 3 << 20
PIECE = 1 << 16
POLICIES = ("strict", "replace", "ignore", "surrogateescape")


def text(size, seed):
    """Characters of every UTF-8 length, in runs, to `size` bytes or a few more."""
    rng = random.Random(seed)
    parts, n = [], 0
    while n < size:
        run = rng.choice(["plain ascii ", "é", "ĉu ", "€", "中文", "😀"]) * rng.randrange(1, 300)
        parts.append(run)
        n += len(run.encode())
    return "".join(parts)


def edges(seed, size=SIZE):
    """Offsets at and around the edges of pieces, and some anywhere."""
    rng = random.Random(seed)
    out = {m * PIECE + d for m in range(1, size // PIECE) for d in (-3, -2, -1, 0, 1)}
    out |= {rng.randrange(size) for _ in range(200)}
    return sorted(o for o in out if 0 <= o < size - 4)


BAD_UTF8 = [b"\xff", b"\x80", b"\xe2\x82", b"\xc0\xaf", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\xf0\x9f"]


def spoiled_utf8(seed, every=1):
    """UTF-8 text with ill-formed sequences written over it at the offsets of `edges`."""
    rng = random.Random(seed)
    data = bytearray(text(SIZE, seed).encode()[:SIZE])
    for at in edges(seed)[::every]:
        bad = rng.choice(BAD_UTF8)
        data[at : at + len(bad)] = bad
    return bytes(data)


def same_for_every_thread_count(call):
    """`call(threads)` for each thread count: all the same; that result."""
    results = {t: outcome(lambda: call(t)) for t in THREADS}
    first = results[1]
    for t, r in results.items():
        assert r == first, f"threads={t} differs from threads=1"
    return first


def test_validate_and_is_valid_at_every_first_error_offset():
    base = text(SIZE, 1).encode()[:SIZE]
    base = base[: len(base) - len(base) % 4]
    # A valid buffer, cut after whole characters.
    base = base.decode("utf-8", "ignore").encode()
    rng = random.Random(2)
    for at in edges(3)[::12]:
        data = bytearray(base)
        bad = rng.choice(BAD_UTF8)
        data[at : at + len(bad)] = bad
        try:
            data.decode("utf-8")
            expected = None
        except UnicodeDecodeError as e:
            expected = e.start
        # (Utf8Error objects compare by identity: their reprs show every field.)
        same_for_every_thread_count(lambda t: repr(utf8x.validate(data, threads=t)))
        got = utf8x.validate(data, threads=2)
        assert (got and got.offset) == expected, at
        assert same_for_every_thread_count(lambda t: utf8x.is_valid(data, threads=t)) == (
            expected is None
        )
    assert same_for_every_thread_count(lambda t: utf8x.is_valid(base, threads=t))


@pytest.mark.parametrize("errors", POLICIES)
def test_decode_utf8_with_errors_at_many_offsets(errors):
    data = spoiled_utf8(4)
    expected = outcome(lambda: data.decode("utf-8", errors))
    got = same_for_every_thread_count(lambda t: utf8x.decode(data, "utf-8", errors, threads=t))
    assert got == expected


def test_decode_strict_reports_the_first_error_wherever_it_is():
    base = text(SIZE, 5).encode()
    rng = random.Random(6)
    for at in edges(7)[::60]:
        data = bytearray(base)
        bad = rng.choice(BAD_UTF8)
        data[at : at + len(bad)] = bad
        expected = outcome(lambda: bytes(data).decode("utf-8"))
        got = same_for_every_thread_count(lambda t: utf8x.decode(data, threads=t))
        assert got == expected, at


def test_decode_fallback_is_the_same_on_every_thread_count():
    data = spoiled_utf8(8)
    same_for_every_thread_count(lambda t: utf8x.decode(data, "utf-8", "fallback", threads=t))


def spoiled_units(encoding, seed):
    """Text in a UTF-16/UTF-32 encoding with surrogates alone or out of range values written
    over units at the offsets of `edges`."""
    unit = 2 if "16" in encoding else 4
    order = "little" if encoding.endswith("le") else "big"
    rng = random.Random(seed)
    data = bytearray(text(SIZE // unit, seed).encode(encoding))
    bad = [0xD800, 0xDBFF, 0xDC00, 0xDFFF] + ([0x110000, 0xFFFFFFFF] if unit == 4 else [])
    for at in edges(seed, len(data))[::3]:
        at -= at % unit
        data[at : at + unit] = rng.choice(bad).to_bytes(unit, order)
    return bytes(data)


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be", "utf-32-le", "utf-32-be"])
@pytest.mark.parametrize("errors", POLICIES)
def test_decode_utf16_and_utf32_with_errors_at_many_offsets(encoding, errors):
    data = spoiled_units(encoding, 9)
    got = same_for_every_thread_count(lambda t: utf8x.decode(data, encoding, errors, threads=t))
    if errors == "surrogateescape":
        # CPython escapes the bytes of a bad unit only when all are >= 0x80, utf8x the unit
        # (test_utf8x.py says so too): no oracle but the one-thread call.
        return
    assert got == outcome(lambda: data.decode(encoding, errors))


@pytest.mark.parametrize("errors", ["strict", "replace"])
def test_decode_cp1252(errors):
    rng = random.Random(10)
    data = bytes(rng.randrange(0x100) for _ in range(SIZE))
    # utf8x maps the five bytes CPython leaves undefined to U+0081.. as WHATWG does.
    undefined = {0xDC00 + b: b for b in (0x81, 0x8D, 0x8F, 0x90, 0x9D)}
    expected = data.decode("cp1252", "surrogateescape").translate(undefined)
    got = same_for_every_thread_count(lambda t: utf8x.decode(data, "cp1252", errors, threads=t))
    assert got == expected


# Valid text whose largest character needs each storage width of a str, so that every fast
# route runs on threads.
WIDTHS = {
    "ascii": "plain ascii ",
    "latin-1": "café ",
    "bmp": "ĉu 中文 € ",
    "astral": "x 😀 é ",
}


@pytest.mark.parametrize("encoding", ["utf-8", "utf-16-le", "utf-16-be", "utf-32-le", "latin-1"])
@pytest.mark.parametrize("width", WIDTHS)
def test_decode_valid_text_of_every_width(encoding, width):
    s = WIDTHS[width] * (SIZE // len(WIDTHS[width].encode("utf-8")))
    try:
        data = s.encode(encoding)
    except UnicodeEncodeError:
        pytest.skip(f"{encoding} cannot hold {width} text")
    buf = bytearray(data)
    assert same_for_every_thread_count(lambda t: utf8x.decode(buf, encoding, threads=t)) == s


def test_the_encodings_cut_nowhere_decode_on_one_thread_with_the_same_result():
    s = text(SIZE, 12)
    for encoding in ("cesu-8", "mutf-8", "wtf-8"):
        data = utf8x.encode(s, encoding)
        got = same_for_every_thread_count(lambda t: utf8x.decode(data, encoding, threads=t))
        assert got == s


def test_threads_must_be_a_count():
    for f in (utf8x.is_valid, utf8x.validate, utf8x.decode):
        with pytest.raises((OverflowError, TypeError)):
            f(b"abc", threads=-1)
        with pytest.raises(TypeError):
            f(b"abc", threads="2")
    # More threads than cores, or than mebibytes of input: as many as help.
    assert utf8x.decode(b"abc", threads=2**63) == "abc"

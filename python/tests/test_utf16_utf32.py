"""UTF-16 to and from a str of 4-byte storage (the routes utf8x's UTF-16 <-> UTF-32 conversions
take) against CPython's codecs: valid text of every length around the kernels' blocks, and a
lone surrogate or a surrogate code point planted at every offset."""

import sys

import pytest

import utf8x

from oracle import outcome

# Supplementary characters with BMP text and ASCII between them, so that pairs fall at every
# offset of a block; and text of only supplementary characters.
KINDS = {
    "mixed": "a\U0001F600\u4e2d\U00010000b\u00e9\U0010FFFF\uffff",
    "astral": "\U0001F600\U0001F4A9\U00010000\U0010FFFF",
    "bmp_then_one": "\u4e2d\u0416a" * 40 + "\U0001F600",
}
LENGTHS = [1, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129]
UTF16 = ["utf-16-le", "utf-16-be"]


def texts():
    for kind, base in KINDS.items():
        for n in LENGTHS:
            text = (base * (n // len(base) + 1))[:n]
            if max(text) < "\U00010000":
                text += "\U0001F600"
            yield kind, text


@pytest.mark.parametrize("encoding", UTF16)
def test_valid_text_round_trips_as_cpython(encoding):
    for kind, text in texts():
        data = text.encode(encoding)
        got = utf8x.decode(data, encoding)
        assert got == text and sys.getsizeof(got) == sys.getsizeof(text), (kind, len(text))
        assert utf8x.encode(text, encoding) == data, (kind, len(text))


@pytest.mark.parametrize("encoding", UTF16)
@pytest.mark.parametrize("errors", ["strict", "replace", "ignore"])
def test_lone_surrogate_at_every_offset_decodes_as_cpython(encoding, errors):
    for unit in (0xDC00, 0xD800, 0xDFFF):
        bad = unit.to_bytes(2, "little" if encoding.endswith("le") else "big")
        for kind, text in texts():
            data = text.encode(encoding)
            for at in range(0, len(data) + 1, 2):
                src = data[:at] + bad + data[at:]
                assert outcome(lambda: utf8x.decode(src, encoding, errors)) == outcome(
                    lambda: src.decode(encoding, errors)
                ), (kind, len(text), at, hex(unit))


@pytest.mark.parametrize("encoding", UTF16)
@pytest.mark.parametrize("errors", ["strict", "replace", "ignore"])
def test_surrogate_in_a_4_byte_str_at_every_offset_encodes_as_cpython(encoding, errors):
    for bad in ("\ud800", "\udfff", "\udc80"):
        for kind, text in texts():
            for at in range(len(text) + 1):
                s = text[:at] + bad + text[at:]
                assert outcome(lambda: utf8x.encode(s, encoding, errors)) == outcome(
                    lambda: s.encode(encoding, errors)
                ), (kind, len(text), at, bad)

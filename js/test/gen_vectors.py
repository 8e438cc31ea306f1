#!/usr/bin/env python3
"""Writes vectors.json: inputs with what CPython's codecs make of them, for test/python.test.js.

CPython is the oracle: its UTF-8, UTF-16, UTF-32, Latin-1 and cp1252 codecs, with the error
handlers strict, replace (U+FFFD for decoding; a handler writing U+FFFD for encoding to
Unicode forms, "?" for Latin-1 as utf8x does), ignore and surrogateescape. Inputs come from a
fixed seed; rerun it after changing the generator (scripts/test-js.sh checks that the committed
file is what it writes). Offsets are in bytes of the input, or in UTF-16 units of a string. Each string to encode also
comes character by character (`pieces`), for encodeInto into destinations of every size.
"""
import codecs
import json
import random
import sys

codecs.register_error("fffd", lambda e: ("\ufffd".encode(e.encoding) * (e.end - e.start), e.end))

# Snippets of UTF-8: well-formed characters of every length, and each kind of ill-formed
# sequence (lone continuation, truncated, overlong, surrogate, above U+10FFFF, never a lead).
GOOD = ["a", "Z", " ", "\n", "é", "ß", "Ж", "ש", "ह", "中", "語", "한", "\uffff", "😀", "\U0010ffff", "\u0080"]
BAD = [b"\x80", b"\xbf", b"\xc3", b"\xe2\x82", b"\xf0\x9f\x98", b"\xc0\xaf", b"\xc1\xbf", b"\xe0\x80\xaf",
       b"\xf0\x80\x80\xaf", b"\xed\xa0\x80", b"\xed\xbf\xbf", b"\xf4\x90\x80\x80", b"\xf5\x80", b"\xf8", b"\xfe", b"\xff"]

# The five bytes that Python's cp1252 leaves undefined (the WHATWG index maps them to C1
# controls; test/textcodec.test.js checks those against TextDecoder).
CP1252_HOLES = {0x81, 0x8D, 0x8F, 0x90, 0x9D}


def utf8_input(rng):
    parts = []
    for _ in range(rng.randrange(0, 12)):
        if rng.random() < 0.25:
            parts.append(rng.choice(BAD) + b"A")  # an ASCII byte ends each bad sequence
        else:
            parts.append(rng.choice(GOOD).encode() * rng.randrange(1, 4))
    if rng.random() < 0.2:
        parts.append(rng.choice(BAD[2:5]))  # ends inside a sequence
    return b"".join(parts)


def text(rng, lone):
    chars = [rng.choice(GOOD) for _ in range(rng.randrange(0, 10))]
    if lone and chars:
        chars.insert(rng.randrange(len(chars)), rng.choice(["\ud800", "\udbff", "\udc00", "\udfff", "\udc80"]))
    return "".join(chars)


def units16(s):
    return len(s.encode("utf-16-le", "surrogatepass")) // 2


def decoded(data, codec):
    """{errors: text or [offset, length]} for each handler."""
    out = {}
    for errors in ["strict", "replace", "ignore", "surrogateescape"]:
        if errors == "surrogateescape" and codec not in ("utf-8",):
            continue
        try:
            out[errors] = data.decode(codec, errors)
        except UnicodeDecodeError as e:
            # "unexpected end of data" / "truncated data": the input ends inside a character,
            # which utf8x reports with length 0.
            ends = e.reason in ("unexpected end of data", "truncated data")
            out[errors] = [e.start, 0 if ends else e.end - e.start]
    return out


def encoded(s, codec):
    out = {}
    for errors in ["strict", "replace", "ignore"]:
        handler = "fffd" if errors == "replace" and codec.startswith("utf") else errors
        try:
            out[errors] = s.encode(codec, handler).hex()
        except UnicodeEncodeError as e:
            # utf8x reports one character (a surrogate pair counts 2 UTF-16 units, a lone
            # surrogate 1); Python takes a run of them.
            out[errors] = [units16(s[: e.start]), units16(s[e.start])]
    return out


def pieces(s, codec):
    """{errors: [[UTF-16 units, hex, or None for an error], ...]}: each character of s encoded by
    itself, the steps in which encodeInto must write them (whole characters, as many as fit)."""
    out = {}
    for errors in ["strict", "replace", "ignore"] + (["surrogateescape"] if codec == "utf-8" else []):
        handler = "fffd" if errors == "replace" and codec.startswith("utf") else errors
        row = []
        for c in s:
            try:
                row.append([units16(c), c.encode(codec, handler).hex()])
            except UnicodeEncodeError:
                row.append([units16(c), None])
        out[errors] = row
    return out


def main():
    rng = random.Random(20261206)
    decode, encode = [], []
    for _ in range(300):
        data = utf8_input(rng)
        decode.append({"encoding": "utf-8", "hex": data.hex(), "expect": decoded(data, "utf-8")})
    for codec, unit in [("utf-16-le", 2), ("utf-16-be", 2), ("utf-32-le", 4), ("utf-32-be", 4)]:
        for _ in range(60):
            s = text(rng, False)
            data = bytearray(s.encode(codec))
            for _ in range(rng.randrange(0, 3)):  # a lone surrogate or a value out of range
                at = rng.randrange(0, len(data) // unit + 1) * unit
                bad = rng.choice([0xD800, 0xDC00, 0xDFFF] + ([0x110000, 0xFFFFFFFF] if unit == 4 else []))
                data[at:at] = bad.to_bytes(unit, "little" if codec.endswith("le") else "big")
            if rng.random() < 0.15:
                data = data[:-1]  # ends inside a code unit
            decode.append({"encoding": codec, "hex": bytes(data).hex(), "expect": decoded(bytes(data), codec)})
    for codec in ["latin-1", "cp1252"]:
        for _ in range(40):
            data = bytes(b for b in rng.randbytes(rng.randrange(0, 40)) if codec == "latin-1" or b not in CP1252_HOLES)
            decode.append({"encoding": codec, "hex": data.hex(), "expect": decoded(data, codec)})
    for codec in ["utf-8", "utf-16-le", "utf-16-be", "utf-32-le", "utf-32-be", "latin-1", "cp1252"]:
        for i in range(60):
            s = text(rng, i % 3 == 0)
            if codec in ("latin-1", "cp1252") and rng.random() < 0.5:
                s = "".join(rng.choice("aé€ÿ\u0152 ") for _ in range(rng.randrange(0, 8)))
            encode.append({"encoding": codec, "text": s, "expect": encoded(s, codec), "pieces": pieces(s, codec)})
    json.dump({"decode": decode, "encode": encode}, sys.stdout, indent=0, ensure_ascii=True)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()

"""Checks the ctypes binding (and so libutf8x) against Python's own UTF-8 codec.

Run: python3 examples/python/test_utf8x.py [name-filter ...]
Standard library only. The last line printed is "N passed, M failed" (", K skipped" when some
were skipped); the exit status is non-zero on any failure.
"""

import codecs
import os
import random
import sys
import unittest
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import utf8x  # noqa: E402  (needs the path above)

POLICIES = ("strict", "replace", "ignore", "surrogateescape")
VIAS = ("utf32", "utf16")
# Whole files of multilingual text: the directory the Rust test that runs this script passes
# (the repository's test corpus), else the lipsum benchmark files beside the repository.
LIPSUM = Path(os.environ.get("UTF8X_LIPSUM", HERE.parents[1] / ".." / "shared" / "data" / "lipsum"))
MAX_REPORTED = 10

# utf8x's REPLACE writes U+FFFD per lone surrogate when encoding, where Python's "replace"
# writes "?": this handler is Python's codec with utf8x's documented substitution (as bytes:
# the UTF-8 encoder only accepts ASCII str replacements).
codecs.register_error(
    "utf8x-test-fffd", lambda e: ("\ufffd".encode() * (e.end - e.start), e.end)
)

inputs_checked = 0


def outcome(fn, *args):
    """A comparable picture of a call: its value, or its UnicodeError's type and position."""
    try:
        return ("value", fn(*args))
    except UnicodeError as e:
        return (type(e).__name__, e.encoding, e.object, e.start, e.end)
    except Exception as e:  # a binding or library failure must show up as a mismatch
        return ("raised", repr(e))


def python_strict_error(data):
    try:
        data.decode("utf-8")
        return None
    except UnicodeDecodeError as e:
        return e


def expected_kind(data, start, truncated):
    """utf8x's error kind for the maximal subpart at `start`, from the Unicode byte tables."""
    b = data[start]
    if 0x80 <= b <= 0xBF:
        return utf8x.ERR_UNEXPECTED_CONTINUATION
    if b in (0xC0, 0xC1):
        return utf8x.ERR_OVERLONG
    if 0xF5 <= b <= 0xF7:
        return utf8x.ERR_TOO_LARGE
    if b >= 0xF8:
        return utf8x.ERR_INVALID_LEAD
    if truncated:
        return utf8x.ERR_INCOMPLETE
    c = data[start + 1] if start + 1 < len(data) else None
    if c is not None and 0x80 <= c <= 0xBF:
        if (b == 0xE0 and c <= 0x9F) or (b == 0xF0 and c <= 0x8F):
            return utf8x.ERR_OVERLONG
        if b == 0xED and c >= 0xA0:
            return utf8x.ERR_SURROGATE
        if b == 0xF4 and c >= 0x90:
            return utf8x.ERR_TOO_LARGE
    return utf8x.ERR_TOO_SHORT


_spans = []


def _record(e):
    _spans.append((e.start, e.end))
    return ("", e.end)


codecs.register_error("utf8x-test-record", _record)


def python_error_spans(data):
    """The (start, end) of every maximal ill-formed subpart, as Python's codec sees them."""
    _spans.clear()
    data.decode("utf-8", "utf8x-test-record")
    return list(_spans)


def units(text, via):
    return len(text) if via == "utf32" else len(text.encode("utf-16-le", "surrogatepass")) // 2


def decode_mismatches(data, vias=VIAS):
    """Every way utf8x's decode/validate/is_valid of `data` differs from Python's codec.

    decode_with_result's text and counts are checked through each library conversion in `vias`.
    """
    global inputs_checked
    inputs_checked += 1
    found = []
    spans = python_error_spans(data)
    for errors in POLICIES:
        want = outcome(data.decode, "utf-8", errors)
        got = outcome(utf8x.decode, data, errors)
        if got != want:
            found.append(f"decode({data!r}, {errors!r}): want {want!r}, got {got!r}")
            continue
        # The text and counts behind decode(), through each library conversion in `vias`.
        if errors == "strict" and spans:
            start = spans[0][0]
            text, read, replaced = data[:start].decode("utf-8"), start, 0
        else:
            per_span = [1 if errors != "surrogateescape" else end - start for start, end in spans]
            text, read, replaced = want[1], len(data), sum(per_span)
        for via in vias:
            expected = (text, read, units(text, via), replaced)
            got = outcome(utf8x.decode_with_result, data, errors, via)
            if got[0] == "value":
                got_text, r = got[1]
                got = (got_text, r.read, r.written, r.replaced)
            if got != expected:
                found.append(
                    f"decode_with_result({data!r}, {errors!r}, via={via!r}): "
                    f"want (text, read, written, replaced) = {expected!r}, got {got!r}"
                )

    e = python_strict_error(data)
    if e is None:
        want = utf8x.Result(utf8x.OK, utf8x.ERR_NONE, len(data), 0, 0, 0)
    else:
        truncated = e.reason == "unexpected end of data"
        want = utf8x.Result(
            utf8x.TRUNCATED if truncated else utf8x.INVALID,
            expected_kind(data, e.start, truncated),
            e.start,
            0,
            0 if truncated else e.end - e.start,
            0,
        )
    got = outcome(utf8x.validate, data)
    if got != ("value", want):
        found.append(f"validate({data!r}): want {want!r}, got {got!r}")
    got = outcome(utf8x.is_valid, data)
    if got != ("value", e is None):
        found.append(f"is_valid({data!r}): want {e is None}, got {got!r}")
    return found


def encode_mismatches(text):
    global inputs_checked
    inputs_checked += 1
    found = []
    for errors, python_errors in (
        ("strict", "strict"),
        ("replace", "utf8x-test-fffd"),
        ("ignore", "ignore"),
        ("surrogateescape", "surrogateescape"),
    ):
        want = outcome(text.encode, "utf-8", python_errors)
        got = outcome(utf8x.encode, text, errors)
        if got != want:
            found.append(f"encode({text!r}, {errors!r}): want {want!r}, got {got!r}")
    return found


# Code point ranges of the random text: several scripts and every UTF-8 length boundary.
SCRIPTS = [
    (0x20, 0x7E),  # ASCII
    (0x00, 0x7F),  # ASCII with controls and NUL
    (0xA0, 0x17F),  # Latin-1, Latin Extended-A
    (0x370, 0x3FF),  # Greek
    (0x400, 0x4FF),  # Cyrillic
    (0x5D0, 0x5EA),  # Hebrew
    (0x600, 0x6FF),  # Arabic
    (0x780, 0x7FF),  # up to the last 2-byte code point
    (0x800, 0x8FF),  # first 3-byte code points
    (0x900, 0x97F),  # Devanagari
    (0x3040, 0x30FF),  # Hiragana, Katakana
    (0x4E00, 0x9FFF),  # CJK
    (0xAC00, 0xD7A3),  # Hangul
    (0xD700, 0xD7FF),  # just below the surrogates
    (0xE000, 0xFFFF),  # private use to the last 3-byte code point
    (0x10000, 0x1037F),  # first 4-byte code points
    (0x1F300, 0x1FAFF),  # emoji
    (0x10FF00, 0x10FFFF),  # the top of the code space
]


def random_text(rng, max_len=40):
    chars = []
    for _ in range(rng.randrange(max_len + 1)):
        lo, hi = rng.choice(SCRIPTS)
        chars.append(chr(rng.randint(lo, hi)))
    return "".join(chars)


def corrupt(rng, data):
    data = bytearray(data)
    for _ in range(rng.randint(1, 3)):
        op = rng.randrange(5)
        pos = rng.randrange(len(data) + 1)
        if op == 0 and data and pos < len(data):
            data[pos] = rng.randrange(256)
        elif op == 1 and data and pos < len(data):
            data[pos] ^= 1 << rng.randrange(8)
        elif op == 2:
            del data[pos:]
        elif op == 3:
            data[pos:pos] = bytes(rng.randint(0x80, 0xFF) for _ in range(rng.randint(1, 3)))
        else:
            del data[pos : pos + rng.randint(1, 2)]
    return bytes(data)


class Base(unittest.TestCase):
    def assertNoMismatch(self, found, checked):
        if found:
            shown = "\n  ".join(found[:MAX_REPORTED])
            self.fail(f"{len(found)} mismatches in {checked} inputs; first ones:\n  {shown}")


class DecodeTest(Base):
    def check_all(self, inputs, vias=VIAS):
        inputs = list(inputs)
        found = [m for data in inputs for m in decode_mismatches(data, vias)]
        self.assertNoMismatch(found, len(inputs))

    def test_unicode_maximal_subpart_table(self):
        # Unicode 16, chapter 3, table 3-8: U+FFFD substitution of maximal subparts.
        data = bytes.fromhex("61 F1 80 80 E1 80 C2 62 80 63 80 BF 64")
        for via in VIAS:
            self.assertEqual(
                utf8x.decode(data, "replace", via), "a\ufffd\ufffd\ufffdb\ufffdc\ufffd\ufffdd"
            )
        self.check_all([data])

    def test_known_answers(self):
        # Hand-checked cases, so the oracle comparison is not the only line of defence.
        self.assertEqual(utf8x.decode(b"caf\xc3\xa9\xf0\x9f\x98\x80"), "caf\xe9\U0001F600")
        self.assertEqual(utf8x.decode(b"a\xed\xa0\x80b", "surrogateescape"), "a\udced\udca0\udc80b")
        self.assertEqual(utf8x.decode(b"a\xe1\x80", "replace"), "a\ufffd")
        self.assertEqual(utf8x.decode(b"a\xff\xe1\x80b", "ignore"), "ab")
        with self.assertRaises(UnicodeDecodeError) as cm:
            utf8x.decode(b"ab\xf0\x9f\x98")
        self.assertEqual((cm.exception.start, cm.exception.end), (2, 5))
        self.assertEqual(
            utf8x.validate(b"ab\xe0\x80"), (utf8x.INVALID, utf8x.ERR_OVERLONG, 2, 0, 1, 0)
        )
        with self.assertRaises(LookupError):
            utf8x.decode(b"", "backslashreplace")

    def test_empty(self):
        self.check_all([b""])

    def test_every_single_byte(self):
        self.check_all(bytes([b]) for b in range(256))

    def test_every_byte_pair(self):
        # The largest set: decode() against Python only; the counts are checked by the others.
        self.check_all((bytes([a, b]) for a in range(256) for b in range(256)), vias=())

    def test_three_and_four_byte_edges(self):
        # Every lead byte from C0 up, with continuation bytes at and around each range edge.
        edges = (0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0)
        self.check_all(
            bytes([lead, *tail])
            for lead in range(0xC0, 0x100)
            for b in edges
            for c in edges
            for tail in ([b, c], [b, c, 0x80], [b, c, 0xBF], [b, c, 0x41])
        )

    def test_errors_at_block_boundaries(self):
        # Fast paths work on 16/32/64-byte blocks: put each pattern at every offset up to 130,
        # after ASCII or after 2-byte characters, and before nothing, one byte or a long tail.
        patterns = [b"\x80", b"\xc3", b"\xe1\x80", b"\xed\xa0\x80"]
        patterns += [b"\xf0\x9f\x98\x80", b"\xf4\x90\x80\x80"]
        prefixes = [
            prefix
            for k in range(131)
            for prefix in (b"a" * k, ("\xe9" * (k // 2) + "a" * (k % 2)).encode())
        ]
        self.check_all(
            prefix + pattern + tail
            for prefix in prefixes
            for pattern in patterns
            for tail in (b"", b"z", "\xe9z\u20ac".encode() * 8)
        )

    def test_random_valid_text(self):
        rng = random.Random(8)
        self.check_all(random_text(rng).encode("utf-8") for _ in range(1000))

    def test_random_corrupted_text(self):
        rng = random.Random(383)
        self.check_all(corrupt(rng, random_text(rng).encode("utf-8")) for _ in range(4000))

    def test_random_bytes(self):
        rng = random.Random(3629)
        # Short strings over the bytes where the UTF-8 tables change, so errors pile up densely.
        pool = bytes.fromhex("00 41 7F 80 8F 90 9F A0 BF C0 C2 DF E0 E1 ED EF F0 F4 F5 FF")
        self.check_all(
            bytes(rng.choice(pool) for _ in range(rng.randrange(12))) for _ in range(3000)
        )


class EncodeTest(Base):
    def check_all(self, texts):
        texts = list(texts)
        found = [m for text in texts for m in encode_mismatches(text)]
        self.assertNoMismatch(found, len(texts))

    def test_valid_text(self):
        rng = random.Random(16)
        self.check_all(random_text(rng) for _ in range(1000))

    def test_lone_surrogates(self):
        # Runs of surrogates matter: Python reports an error spanning the whole run.
        rng = random.Random(0xDC80)
        pools = [(0xD800, 0xDBFF), (0xDC00, 0xDC7F), (0xDC80, 0xDCFF), (0xDD00, 0xDFFF)]

        def text():
            parts = []
            for _ in range(rng.randrange(8)):
                if rng.random() < 0.5:
                    parts.append(random_text(rng, 4))
                else:
                    lo, hi = rng.choice(pools)
                    run = rng.randint(1, 3)
                    parts.append("".join(chr(rng.randint(lo, hi)) for _ in range(run)))
            return "".join(parts)

        edge = ["\ud800", "\udfff", "\udc7f", "\udc80", "\udcff", "\udd00"]
        edge += ["a\ud83d\ude00b", "\udc80\ud800\udcff"]
        self.check_all(edge + [text() for _ in range(2000)])

    def test_strict_lone_surrogate_raises_like_python(self):
        with self.assertRaises(UnicodeEncodeError) as cm:
            utf8x.encode("ab\ud800\udc00c")
        e = cm.exception
        self.assertEqual((e.encoding, e.object, e.start, e.end), ("utf-8", "ab\ud800\udc00c", 2, 4))

    def test_surrogateescape_round_trip(self):
        rng = random.Random(2279)
        inputs = [bytes(rng.randrange(256) for _ in range(rng.randrange(24))) for _ in range(3000)]
        inputs += [corrupt(rng, random_text(rng).encode("utf-8")) for _ in range(1000)]
        found = []
        for data in inputs:
            text = utf8x.decode(data, "surrogateescape")
            back = outcome(utf8x.encode, text, "surrogateescape")
            if back != ("value", data):
                found.append(f"{data!r} -> {text!r} -> {back!r}")
        self.assertNoMismatch(found, len(inputs))


class CorpusTest(Base):
    def files(self):
        files = sorted(LIPSUM.glob("*.utf8.txt"))
        if not files:
            self.skipTest(f"no *.utf8.txt files under {LIPSUM}")
        return files

    def test_whole_files(self):
        files = self.files()
        found = []
        for path in files:
            data = path.read_bytes()
            found += decode_mismatches(data)
            text = data.decode("utf-8")
            if utf8x.encode(text) != data:
                found.append(f"encode(decode({path.name})) is not the file")
        self.assertNoMismatch(found, len(files))

    def test_corrupted_files(self):
        rng = random.Random(1996)
        found = []
        checked = 0
        for path in self.files():
            data = path.read_bytes()
            for _ in range(3):
                found += decode_mismatches(corrupt(rng, data))
                checked += 1
        self.assertNoMismatch(found, checked)


def main(argv):
    print(f"utf8x {'.'.join(map(str, utf8x.version()))} loaded from {utf8x.LIBRARY_PATH}")
    loader = unittest.TestLoader()
    if argv:
        loader.testNamePatterns = [f"*{a}*" for a in argv]
    suite = loader.loadTestsFromModule(sys.modules[__name__])
    result = unittest.TextTestRunner(stream=sys.stdout, verbosity=2).run(suite)
    failed = len(result.failures) + len(result.errors) + len(result.unexpectedSuccesses)
    skipped = len(result.skipped)
    passed = result.testsRun - failed - skipped
    print(f"{inputs_checked} inputs compared with Python's codec")
    print(f"{passed} passed, {failed} failed" + (f", {skipped} skipped" if skipped else ""))
    return 1 if failed or passed == 0 else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

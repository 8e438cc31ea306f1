"""Differential tests: utf8x against CPython's own codecs on generated and corrupted text."""

import codecs
import mmap
import random
import sys
import threading

import pytest

import utf8x

SEEDS = range(300)
# Encodings CPython also has, with the same name.
SHARED = ["utf-8", "utf-16-le", "utf-16-be", "utf-32-le", "utf-32-be", "latin-1", "cp1252"]
DECODE_ERRORS = ["strict", "replace", "ignore", "surrogateescape"]
# Bytes CPython's cp1252 leaves undefined; utf8x maps them to U+0081.. as WHATWG does.
CP1252_UNDEFINED = {0x81, 0x8D, 0x8F, 0x90, 0x9D}

ALPHABET = "aZ0 \t\n\x00\x7f\x80\xe9\xff\u0100\u20ac\u0800\uffff\ufffd\U00010000\U0001F600\U0010FFFF"


def random_text(rng: random.Random, n: int) -> str:
    return "".join(rng.choice(ALPHABET) if rng.random() < 0.7 else chr(rng.randrange(0x20, 0x3000)) for _ in range(n))


def corrupt(rng: random.Random, data: bytes) -> bytes:
    b = bytearray(data)
    for _ in range(rng.randrange(0, 5)):
        op = rng.randrange(4)
        if op == 0 and b:
            b[rng.randrange(len(b))] = rng.randrange(256)
        elif op == 1 and b:
            del b[rng.randrange(len(b))]
        elif op == 2:
            b.insert(rng.randrange(len(b) + 1), rng.choice([0x80, 0xBF, 0xC0, 0xC1, 0xE0, 0xED, 0xF0, 0xF4, 0xF5, 0xFF, 0xD8, 0xDC]))
        elif b:
            b = b[: rng.randrange(len(b) + 1)]
    return bytes(b)


def cpython(fn):
    """Result or the error's (type, start, end, reason)."""
    try:
        return fn()
    except UnicodeError as e:
        return (type(e).__name__, e.start, e.end, e.reason)


def sample(seed: int, encoding: str) -> bytes:
    rng = random.Random(seed * 31 + len(encoding))
    text = random_text(rng, rng.randrange(0, 60))
    if encoding in ("latin-1", "cp1252"):
        data = bytes(rng.randrange(256) for _ in range(len(text)))
    else:
        data = text.encode(encoding)
    return corrupt(rng, data) if seed % 3 else data


def cp1252_comparable(data: bytes) -> bool:
    return not CP1252_UNDEFINED.intersection(data)


@pytest.mark.parametrize("encoding", SHARED)
@pytest.mark.parametrize("errors", DECODE_ERRORS)
def test_decode_matches_cpython(encoding, errors):
    if errors == "surrogateescape" and encoding.startswith(("utf-16", "utf-32")):
        pytest.skip("CPython escapes the bytes of a bad unit only when all are >= 0x80; utf8x escapes a unit")
    compared = 0
    for seed in SEEDS:
        data = sample(seed, encoding)
        if encoding == "cp1252" and not cp1252_comparable(data):
            continue
        assert cpython(lambda: utf8x.decode(data, encoding, errors)) == cpython(
            lambda: data.decode(encoding, errors)
        ), (data, encoding, errors)
        compared += 1
    assert compared > 100


def test_cp1252_undefined_bytes_follow_whatwg():
    for b in sorted(CP1252_UNDEFINED):
        assert utf8x.decode(bytes([b]), "cp1252") == chr(b)
        with pytest.raises(UnicodeDecodeError):
            bytes([b]).decode("cp1252")


@pytest.mark.parametrize("encoding", SHARED)
@pytest.mark.parametrize("errors", ["strict", "replace", "ignore", "surrogateescape"])
def test_encode_matches_cpython(encoding, errors):
    for seed in SEEDS:
        rng = random.Random(seed)
        text = random_text(rng, rng.randrange(0, 40))
        if seed % 2:
            # Lone surrogates, escapes among them.
            cut = rng.randrange(len(text) + 1)
            text = text[:cut] + rng.choice(["\ud800", "\udcff", "\udc80\udc81", "\ud83d\ude00", "\udfff"]) + text[cut:]
        if errors == "surrogateescape" and encoding.startswith(("utf-16", "utf-32")):
            continue  # CPython inserts escaped bytes raw into UTF-16/32 output only in even counts
        assert cpython(lambda: utf8x.encode(text, encoding, errors)) == cpython(
            lambda: text.encode(encoding, errors)
        ), (text, encoding, errors)


def test_round_trips_of_the_forms_cpython_lacks():
    text = "a\x00\u00e9\u20ac\U0001F600"
    assert utf8x.encode(text, "cesu-8") == b"a\x00\xc3\xa9\xe2\x82\xac\xed\xa0\xbd\xed\xb8\x80"
    assert utf8x.encode(text, "mutf-8") == b"a\xc0\x80\xc3\xa9\xe2\x82\xac\xed\xa0\xbd\xed\xb8\x80"
    assert utf8x.encode(text, "wtf-8") == text.encode("utf-8")
    for enc in ("cesu-8", "mutf-8", "wtf-8", "rfc2279"):
        assert utf8x.decode(utf8x.encode(text, enc), enc) == text
    lone = "x\ud800y\udfff"
    assert utf8x.encode(lone, "wtf-8") == lone.encode("utf-8", "surrogatepass")
    assert utf8x.decode(lone.encode("utf-8", "surrogatepass"), "wtf-8") == lone
    assert utf8x.decode(b"\xed\xa0\xbd\xed\xb8\x80", "mutf-8") == "\U0001F600"
    with pytest.raises(UnicodeDecodeError):
        utf8x.decode(b"\xf0\x9f\x98\x80", "cesu-8")
    with pytest.raises(UnicodeDecodeError):
        utf8x.decode(b"a\x00", "mutf-8")
    with pytest.raises(UnicodeEncodeError):
        utf8x.encode(lone, "utf-8")


def test_fallback_reads_bad_bytes_as_windows_1252():
    assert utf8x.decode(b"caf\xe9 \x80", errors="fallback") == "caf\u00e9 \u20ac"


def test_surrogateescape_round_trip():
    for seed in SEEDS:
        data = sample(seed, "utf-8")
        s = utf8x.decode(data, errors="surrogateescape")
        assert s == data.decode("utf-8", "surrogateescape")
        assert utf8x.encode(s, errors="surrogateescape") == data


def test_validate_is_valid_count():
    for seed in SEEDS:
        data = sample(seed, "utf-8")
        err = utf8x.validate(data)
        try:
            text = data.decode()
        except UnicodeDecodeError as e:
            assert err is not None and not utf8x.is_valid(data)
            assert err.offset == e.start
            assert err.length == (0 if e.reason == "unexpected end of data" else e.end - e.start)
            assert err.kind and err.reason
        else:
            assert err is None and utf8x.is_valid(data)
            assert utf8x.count(data) == len(text)


def test_unknown_names():
    with pytest.raises(LookupError):
        utf8x.decode(b"", "ebcdic")
    with pytest.raises(LookupError):
        utf8x.decode(b"", errors="backslashreplace")
    with pytest.raises(TypeError):
        utf8x.decode("not bytes")


@pytest.mark.parametrize("encoding", utf8x.ENCODINGS)
@pytest.mark.parametrize("errors", ["strict", "replace", "ignore", "surrogateescape"])
def test_incremental_decoder_on_random_chunkings(encoding, errors):
    assert issubclass(utf8x.IncrementalDecoder, codecs.IncrementalDecoder)
    for seed in range(120):
        rng = random.Random(seed)
        data = sample(seed, encoding if encoding in SHARED else "utf-8")
        expected = cpython(lambda: utf8x.decode(data, encoding, errors))
        dec = utf8x.IncrementalDecoder(errors, encoding)
        cuts = sorted(rng.randrange(len(data) + 1) for _ in range(rng.randrange(0, 6)))
        pieces = [data[a:b] for a, b in zip([0] + cuts, cuts + [len(data)])]
        out = []
        try:
            for i, p in enumerate(pieces):
                out.append(dec.decode(p, final=i == len(pieces) - 1))
            got = "".join(out)
        except UnicodeDecodeError as e:
            got = ("UnicodeDecodeError",)
        if isinstance(expected, tuple):
            assert got == ("UnicodeDecodeError",), (data, pieces)
        else:
            assert got == expected, (data, pieces)


def test_incremental_decoder_state_and_codecs_protocol():
    dec = utf8x.IncrementalDecoder()
    assert dec.decode(b"a\xe2\x82") == "a"
    assert dec.getstate() == (b"\xe2\x82", 0)
    state = dec.getstate()
    dec.reset()
    assert dec.decode(b"", final=True) == ""
    dec.setstate(state)
    assert dec.decode(b"\xac", final=True) == "\u20ac"
    with pytest.raises(UnicodeDecodeError) as e:
        utf8x.IncrementalDecoder().decode(b"ab\xe2\x82", final=True)
    assert (e.value.start, e.value.end, e.value.reason) == (2, 4, "unexpected end of data")
    # codecs.iterdecode drives any IncrementalDecoder through the standard protocol.
    text = "h\u00e9llo \U0001F600" * 50
    chunks = [text.encode()[i : i + 7] for i in range(0, len(text.encode()), 7)]
    dec = utf8x.IncrementalDecoder()
    assert "".join(dec.decode(c) for c in chunks) + dec.decode(b"", True) == text


def test_buffer_types(tmp_path):
    data = "h\u00e9llo \U0001F600 \xff".encode() + b"\xff"
    path = tmp_path / "f"
    path.write_bytes(data)
    with open(path, "rb") as f, mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ) as m:
        views = [data, bytearray(data), memoryview(data), m, memoryview(data)[1:], memoryview(bytearray(data))]
        for v in views:
            raw = bytes(v)
            assert utf8x.decode(v, errors="replace") == raw.decode("utf-8", "replace")
            assert utf8x.is_valid(v) == utf8x.is_valid(raw)
    # A strided view is not contiguous: copied, same answer.
    assert utf8x.decode(memoryview(b"a-b-c")[::2]) == "abc"
    # An odd offset makes UTF-16 units unaligned: copied, same answer.
    u16 = b"x" + "h\u00e9\U0001F600".encode("utf-16-le")
    assert utf8x.decode(memoryview(u16)[1:], "utf-16-le") == "h\u00e9\U0001F600"


def test_large_inputs_and_threads():
    # Large enough to run without the GIL; several threads at once must agree.
    text = ("h\u00e9llo w\u00f6rld \u20ac \U0001F600 " * 20000)
    data = text.encode()
    bad = data + b"\xff"
    results = []

    def work():
        for _ in range(5):
            results.append(
                (
                    utf8x.is_valid(data),
                    utf8x.decode(data) == text,
                    utf8x.decode(data, "utf-8", "replace") == text,
                    utf8x.encode(text, "utf-16-le") == text.encode("utf-16-le"),
                    utf8x.validate(bad).offset == len(data),
                    utf8x.count(data) == len(text),
                )
            )

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == [(True,) * 6] * 20


def test_a_bytearray_written_by_another_thread_decodes_to_a_well_formed_str():
    # Read without the GIL, a bytearray another thread rewrites may give a str that mixes the
    # two contents, or an error, but never a str whose storage breaks its kind's promise
    # (test_races.py tries every storage width, with writers that run without the GIL).
    n = 1 << 20
    states = [b"a" * n, "\u00e9".encode() * (n // 2), "\u20ac".encode() * (n // 3) + b"a"]
    buf = bytearray(states[0])
    stop = threading.Event()

    def writer():
        i = 0
        while not stop.is_set():
            i += 1
            buf[:] = states[i % len(states)]

    t = threading.Thread(target=writer)
    t.start()
    try:
        for _ in range(100):
            for enc in ("utf-8", "latin-1"):
                try:
                    s = utf8x.decode(buf, enc)
                except UnicodeDecodeError:
                    continue
                # CPython's str of the same code points: equal only when of the same kind.
                same = s.encode("utf-32-le", "surrogatepass").decode("utf-32-le", "surrogatepass")
                assert s == same and s.isascii() == same.isascii()
                assert sys.getsizeof(s) == sys.getsizeof(same)
    finally:
        stop.set()
        t.join()


def test_type_hints_ship():
    import importlib.resources

    files = importlib.resources.files("utf8x")
    assert files.joinpath("py.typed").is_file()
    assert files.joinpath("_utf8x.pyi").is_file()


# Each storage width of a str (ASCII, Latin-1, BMP, beyond), BMP characters above the
# surrogates, and mixtures that make the 16-character runs of the encoder change kind.
CLASSES = {
    "ascii": "abc xyz 019",
    "latin1": "caf\u00e9 \u00ff\u00a0 na\u00efve",
    "bmp": "\u0416\u4e2d\u6587\u20ac\u0800",
    "above_surrogates": "\ue000\uffff\ufffd\uf900",
    "astral": "\U0001F600\U00010000\U0010FFFF\U0001F4A9",
    "mixed": "a\U0001F600b\u00e9\u4e2d\uffff\U00010000",
}


@pytest.mark.parametrize("cls", sorted(CLASSES))
@pytest.mark.parametrize("encoding", ["utf-8", "utf-16-le", "utf-16-be", "utf-32-le", "utf-32-be", "latin-1", "cp1252", "cesu-8", "wtf-8"])
def test_in_place_routes_build_what_cpython_builds(cls, encoding):
    """Decoding writes straight into a str sized by its widest character, and encoding
    straight into bytes: the results must be CPython's own objects, same storage width
    included (equal strings of different widths compare unequal, sizes differ)."""
    import sys

    base = CLASSES[cls]
    for n in (0, 1, 15, 16, 17, 33, 1000, 70_000):
        text = (base * (n // len(base) + 1))[:n]
        if encoding in ("latin-1", "cp1252"):
            try:
                data = text.encode(encoding)
            except UnicodeEncodeError as e:
                assert cpython(lambda: utf8x.encode(text, encoding)) == ("UnicodeEncodeError", e.start, e.end, e.reason)
                continue
        elif encoding in ("cesu-8", "wtf-8"):
            data = utf8x.encode(text, encoding)
            assert utf8x.decode(data, encoding) == text
            continue
        else:
            data = text.encode(encoding)
        assert utf8x.encode(text, encoding) == data
        for buf in (data, bytearray(data), memoryview(b"x" + data)[1:]):
            got = utf8x.decode(buf, encoding)
            assert got == text and sys.getsizeof(got) == sys.getsizeof(text), (cls, encoding, n)


def test_in_place_routes_leave_surrogates_to_the_handlers():
    # Surrogates in a str (alone, or two in a row, which are not a pair in a str) never take
    # the in-place route; each storage width.
    for text in ["\ud800", "a\ud83d\ude00", "\u4e2d\udc80", "\U0001F600\udfff", "\udc80" * 40 + "\U0001F600" * 40]:
        for encoding in ["utf-8", "utf-16-le", "utf-16-be", "utf-32-le", "utf-32-be"]:
            for errors in ["strict", "replace", "ignore", "surrogateescape"]:
                if errors == "surrogateescape" and encoding != "utf-8":
                    continue
                assert cpython(lambda: utf8x.encode(text, encoding, errors)) == cpython(lambda: text.encode(encoding, errors))
    # Ill-formed input after a long well-formed stretch, in every width.
    for encoding in ["utf-8", "utf-16-le", "utf-16-be", "utf-32-le", "utf-32-be"]:
        for bad in [b"\xff", b"\x00\xd8", b"\x00\xdc\x00\x00", b"\x00\x00\x11\x00"]:
            data = ("\U0001F600\u4e2d" * 5000).encode(encoding) + bad
            for errors in ["strict", "replace", "ignore"]:
                assert cpython(lambda: utf8x.decode(data, encoding, errors)) == cpython(lambda: data.decode(encoding, errors))


def incremental_run(make, pieces):
    """The output of each call and, if one raised, the error as (start, end, reason, object)."""
    dec = make()
    out = []
    try:
        for i, p in enumerate(pieces):
            out.append(dec.decode(p, i == len(pieces) - 1))
    except UnicodeDecodeError as e:
        return "".join(out), (e.start, e.end, e.reason, e.object)
    return "".join(out), None


@pytest.mark.parametrize("encoding", [e for e in SHARED if e != "latin-1"])
@pytest.mark.parametrize("errors", DECODE_ERRORS)
def test_incremental_decoder_errors_match_cpython(encoding, errors):
    """CPython's incremental decoders decode the bytes held back from earlier chunks followed
    by the new chunk, and report positions in that joined input (the error's object): the same
    positions, reason and object here, for random cuts of random and corrupted input."""
    if errors == "surrogateescape" and encoding.startswith(("utf-16", "utf-32")):
        pytest.skip("CPython escapes the bytes of a bad unit only when all are >= 0x80; utf8x escapes a unit")
    cpython_decoder = codecs.getincrementaldecoder(encoding)
    raised = 0
    for seed in range(400):
        rng = random.Random(seed)
        data = sample(seed, encoding)
        if encoding == "cp1252" and not cp1252_comparable(data):
            continue
        cuts = sorted(rng.randrange(len(data) + 1) for _ in range(rng.randrange(0, 8)))
        pieces = [data[a:b] for a, b in zip([0] + cuts, cuts + [len(data)])]
        ours = incremental_run(lambda: utf8x.IncrementalDecoder(errors, encoding), pieces)
        theirs = incremental_run(lambda: cpython_decoder(errors), pieces)
        # The output before an error may be split differently between calls; the error and
        # everything decoded when none occurs must be the same.
        assert ours[1] == theirs[1], (data, pieces)
        if theirs[1] is None:
            assert ours[0] == theirs[0], (data, pieces)
        raised += theirs[1] is not None
    assert errors != "strict" or encoding == "cp1252" or raised > 50

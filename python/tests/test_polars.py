"""The Polars plugin (``import utf8x.polars``): every function of the ``utf8x`` namespace on
Binary and String columns, against CPython's codecs value by value and Polars' own
``cast(pl.String)``; nulls, empty frames, several chunks, slices, lazy frames, bad arguments."""

import codecs
import re

import pytest

pl = pytest.importorskip("polars", reason="polars is not installed: the Polars plugin is untested")

import utf8x  # noqa: E402
import utf8x.polars  # noqa: E402, F401  (registers the namespace)

# One bad sequence of each kind utf8x names, with CPython's verdict the oracle.
BAD = [
    b"\xff",  # invalid lead
    b"\xf8\x88\x80\x80\x80",  # invalid lead (5-byte form)
    b"\x80",  # unexpected continuation
    b"\xc3a",  # too short
    b"\xc0\xaf",  # overlong
    b"\xe0\x80\xaf",  # overlong
    b"\xed\xa0\x80",  # surrogate
    b"\xf4\x90\x80\x80",  # above U+10FFFF
    b"\xe2\x82",  # ends inside a character
]
# Prefixes that put the error at several offsets, inside short (inline) and long values.
PREFIXES = [b"", b"a", b"caf\xc3\xa9", b"0123456789ab", "語" .encode() * 7, b"x" * 100]
VALID = [b"", b"a", b"caf\xc3\xa9", b"12 bytes ok!", b"13 bytes long", "€ 語 😀".encode() * 9, b"y" * 300]


def values():
    """Valid values, then each bad sequence after each prefix, with a tail or without."""
    out = list(VALID)
    for p in PREFIXES:
        for b in BAD:
            out.append(p + b)
            out.append(p + b + b" and more text after it")
    return out


VALUES = values()


def frame(vals, dtype=pl.Binary):
    return pl.DataFrame({"b": pl.Series(vals, dtype=pl.Binary)}).with_columns(pl.col("b").cast(dtype))


def chunked(vals):
    """The same values as a Binary column of four chunks, with a null."""
    vals = vals + [None]
    q = len(vals) // 4
    parts = [frame(vals[i:j]) for i, j in ((0, q), (q, 2 * q), (2 * q, 3 * q), (3 * q, len(vals)))]
    df = pl.concat(parts, rechunk=False)
    assert df["b"].n_chunks() == 4
    return df


def py_error(v):
    try:
        v.decode("utf-8")
        return None
    except UnicodeDecodeError as e:
        return e.start


def fallback_handler(e):
    """HTML's reading of bad UTF-8 bytes: each byte of the bad subpart as its Windows-1252
    character (WHATWG maps the five bytes CPython's cp1252 leaves out to U+0081 ...)."""
    bad = e.object[e.start : e.end]
    return "".join(bytes([b]).decode("cp1252") if b not in b"\x81\x8d\x8f\x90\x9d" else chr(b) for b in bad), e.end


codecs.register_error("test_polars_fallback", fallback_handler)
PY_ERRORS = {"replace": "replace", "ignore": "ignore", "fallback": "test_polars_fallback"}


def column(df, expr):
    return df.select(expr.alias("out"))["out"].to_list()


def test_is_valid_and_error_offset_match_cpython():
    df = chunked(VALUES)
    vals = VALUES + [None]
    assert column(df, pl.col("b").utf8x.is_valid()) == [None if v is None else py_error(v) is None for v in vals]
    assert column(df, pl.col("b").utf8x.error_offset()) == [None if v is None else py_error(v) for v in vals]


@pytest.mark.parametrize("errors", ["replace", "ignore", "fallback"])
def test_make_valid_matches_cpython(errors):
    df = chunked(VALUES)
    want = [None if v is None else v.decode("utf-8", PY_ERRORS[errors]) for v in VALUES + [None]]
    assert column(df, pl.col("b").utf8x.make_valid(errors)) == want
    assert column(df, pl.col("b").utf8x.decode("utf-8", errors)) == want
    assert df.select(pl.col("b").utf8x.make_valid(errors))["b"].dtype == pl.String


def test_valid_column_matches_polars_cast():
    vals = VALID * 50 + [None]
    df = chunked(vals)
    cast = column(df, pl.col("b").cast(pl.String))
    assert column(df, pl.col("b").utf8x.decode("utf-8")) == cast
    assert column(df, pl.col("b").utf8x.make_valid()) == cast
    assert column(df, pl.col("b").utf8x.is_valid()) == [None if v is None else True for v in vals + [None]]


def test_string_columns_are_checked_too():
    # Polars' String is UTF-8 by contract, but readers (pl.from_arrow of an unvalidated array
    # here) can put other bytes in one: they are checked, never trusted.
    pa = pytest.importorskip("pyarrow", reason="pyarrow builds a String column holding bad bytes")
    vals = VALUES
    data = b"".join(vals)
    offsets = [0]
    for v in vals:
        offsets.append(offsets[-1] + len(v))
    arr = pa.Array.from_buffers(
        pa.string(), len(vals), [None, pa.array(offsets, pa.int32()).buffers()[1], pa.py_buffer(data)]
    )
    df = pl.DataFrame({"b": pl.from_arrow(arr)})
    assert df["b"].dtype == pl.String
    assert column(df, pl.col("b").utf8x.is_valid()) == [py_error(v) is None for v in vals]
    assert column(df, pl.col("b").utf8x.error_offset()) == [py_error(v) for v in vals]
    assert column(df, pl.col("b").utf8x.make_valid()) == [v.decode("utf-8", "replace") for v in vals]
    with pytest.raises(pl.exceptions.ComputeError, match="not valid UTF-8"):
        df.select(pl.col("b").utf8x.encode("utf-16-le"))


def test_string_columns():
    vals = [v.decode() for v in VALID] + [None]
    df = pl.DataFrame({"s": vals}, schema={"s": pl.String})
    assert column(df, pl.col("s").utf8x.is_valid()) == [None if v is None else True for v in vals]
    assert column(df, pl.col("s").utf8x.error_offset()) == [None] * len(vals)
    assert column(df, pl.col("s").utf8x.make_valid()) == vals
    assert column(df, pl.col("s").utf8x.decode("utf-8")) == vals
    assert column(df, pl.col("s").utf8x.decode("latin-1")) == [
        None if v is None else v.encode().decode("latin-1") for v in vals
    ]


@pytest.mark.parametrize("bad", BAD)
@pytest.mark.parametrize("prefix", PREFIXES)
def test_strict_decode_names_the_offset(prefix, bad):
    v = prefix + bad + b" tail"
    df = frame([b"fine", v, b"also fine"])
    start = py_error(v)
    with pytest.raises(pl.exceptions.ComputeError, match=rf"at byte {start} of b'.*\(value 1 of the 3 in this batch\)"):
        df.select(pl.col("b").utf8x.decode("utf-8"))


# Encodings CPython has a codec for, with their CPython names.
CPYTHON = ["utf-8", "utf-16-le", "utf-16-be", "utf-32-le", "utf-32-be", "latin-1", "cp1252"]
TEXT = ["", "a", "café", "12 bytes ok!", "€uro and Ÿ and œ", "語" * 20, "😀 outside the BMP 😀", "\x00nul"]


@pytest.mark.parametrize("encoding", CPYTHON)
def test_encode_and_decode_match_cpython(encoding):
    text = [t for t in TEXT if _encodable(t, encoding)] + [None]
    df = pl.DataFrame({"s": text}, schema={"s": pl.String})
    encoded = column(df, pl.col("s").utf8x.encode(encoding))
    assert encoded == [None if t is None else t.encode(encoding) for t in text]
    back = pl.DataFrame({"b": encoded}, schema={"b": pl.Binary})
    assert column(back, pl.col("b").utf8x.decode(encoding)) == text


def _encodable(t, encoding):
    try:
        t.encode(encoding)
        return True
    except UnicodeEncodeError:
        return False


# Bytes that are ill-formed (or cut) in each encoding, inside longer values.
ILL_FORMED = {
    "utf-16-le": [b"a\x00\x00\xd8b\x00", b"\x00\xdc", b"a\x00b", "long text here".encode("utf-16-le") + b"\x3d\xd8"],
    "utf-16-be": [b"\x00a\xd8\x00\x00b", b"\xdc\x00", b"\x00ab", "long text here".encode("utf-16-be") + b"\xd8\x3d"],
    "utf-32-le": [b"a\x00\x00\x00\x00\xd8\x00\x00", b"\x00\x00\x11\x00", b"a\x00\x00\x00b\x00"],
    "utf-32-be": [b"\x00\x00\x00a\x00\x00\xd8\x00", b"\x00\x11\x00\x00", b"\x00\x00\x00ab"],
}


@pytest.mark.parametrize("errors", ["strict", "replace", "ignore"])
@pytest.mark.parametrize("encoding", sorted(ILL_FORMED))
def test_decode_ill_formed_matches_cpython(encoding, errors):
    vals = ILL_FORMED[encoding] + ["fine text".encode(encoding)]
    df = frame(vals + [None])
    if errors == "strict":
        for v in vals[:-1]:
            with pytest.raises(UnicodeDecodeError) as e:
                v.decode(encoding)
            with pytest.raises(pl.exceptions.ComputeError, match=rf"at byte {e.value.start} "):
                frame([v]).select(pl.col("b").utf8x.decode(encoding))
        return
    want = [v.decode(encoding, errors) for v in vals] + [None]
    assert column(df, pl.col("b").utf8x.decode(encoding, errors)) == want


def test_decode_cp1252_and_latin1_match_cpython():
    every = bytes(range(256))
    defined = bytes(b for b in range(256) if b not in b"\x81\x8d\x8f\x90\x9d")
    df = frame([every, defined, every[:12], every[200:]])
    assert column(df, pl.col("b").utf8x.decode("latin-1")) == [
        v.decode("latin-1") for v in (every, defined, every[:12], every[200:])
    ]
    assert column(frame([defined]), pl.col("b").utf8x.decode("cp1252")) == [defined.decode("cp1252")]


@pytest.mark.parametrize("encoding", ["cesu-8", "mutf-8", "wtf-8", "rfc2279"])
@pytest.mark.parametrize("errors", ["strict", "replace", "ignore", "fallback"])
def test_utf8_family_matches_utf8x_decode(encoding, errors):
    # No CPython codec: the oracle is the package's own decode of each value (tested against
    # its own oracles elsewhere); what is tested here is the plugin's way to it.
    vals = [b"plain", b"\xed\xa0\xbd\xed\xb8\x80 java", b"\xc0\x80", b"\xed\xa0\x80 lone", b"\xf8\x88\x80\x80\x80!", b"\xff"]
    for v in vals:
        df = frame([v, b"long enough to be in a buffer", None])
        try:
            want = utf8x.decode(v, encoding, errors)
        except UnicodeDecodeError as e:
            with pytest.raises(pl.exceptions.ComputeError, match=rf"at byte {e.start} "):
                df.select(pl.col("b").utf8x.decode(encoding, errors))
            continue
        # A lone surrogate (well-formed in WTF-8 and MUTF-8) is a character no Polars string
        # holds: an error under strict, replaced or dropped otherwise.
        if re.search("[\ud800-\udfff]", want):
            if errors == "strict":
                with pytest.raises(pl.exceptions.ComputeError, match="holds a character a String cannot hold"):
                    df.select(pl.col("b").utf8x.decode(encoding, errors))
                continue
            want = re.sub("[\ud800-\udfff]", "" if errors == "ignore" else "\ufffd", want)
        got = column(df, pl.col("b").utf8x.decode(encoding, errors))
        assert got == [want, "long enough to be in a buffer", None]


def test_encode_unmappable_names_the_offset():
    df = pl.DataFrame({"s": ["fine", "café €", None]})
    with pytest.raises(pl.exceptions.ComputeError, match=r"cannot be encoded in latin-1: .* at byte 6 of b'caf\\xc3\\xa9 \\xe2"):
        df.select(pl.col("s").utf8x.encode("latin-1"))
    assert column(df.head(1), pl.col("s").utf8x.encode("latin-1")) == [b"fine"]


def test_nulls_empty_and_all_null():
    empty = frame([])
    for expr in _every_function():
        assert empty.select(expr).height == 0
    nulls = pl.DataFrame({"b": [None, None]}, schema={"b": pl.Binary})
    for expr in _every_function():
        assert nulls.select(expr.alias("out"))["out"].to_list() == [None, None]
    untyped = pl.DataFrame({"b": [None, None]})
    assert untyped["b"].dtype == pl.Null
    for expr in _every_function():
        assert column(untyped, expr) == [None, None]


def _every_function():
    c = pl.col("b")
    return [
        c.utf8x.is_valid(),
        c.utf8x.error_offset(),
        c.utf8x.make_valid(),
        c.utf8x.decode("utf-8", "replace"),
        c.utf8x.decode("utf-16-le", "replace"),
        c.utf8x.make_valid().utf8x.encode("utf-16-be"),
    ]


def test_slices_and_filters():
    vals = VALUES * 3
    df = frame(vals)
    for start, length in ((0, 5), (7, 40), (len(vals) - 9, 9), (33, 0)):
        part = vals[start : start + length]
        s = df.slice(start, length)
        assert column(s, pl.col("b").utf8x.error_offset()) == [py_error(v) for v in part]
        assert column(s, pl.col("b").utf8x.make_valid()) == [v.decode("utf-8", "replace") for v in part]
    # A few values left of a large column: its buffers are mostly unreferenced.
    big = frame([b"z" * 50 + bytes([i % 256]) for i in range(5000)])
    kept = big.filter(pl.int_range(pl.len()) % 997 == 0)
    assert column(kept, pl.col("b").utf8x.error_offset()) == [
        py_error(b"z" * 50 + bytes([i % 256])) for i in range(0, 5000, 997)
    ]


def test_lazy_frames_and_streaming():
    vals = VALUES * 20
    lf = frame(vals).lazy()
    q = lf.select(
        pl.col("b").utf8x.is_valid().alias("ok"),
        pl.col("b").utf8x.error_offset().alias("at"),
        pl.col("b").utf8x.make_valid().alias("text"),
    )
    for engine in ("in-memory", "streaming"):
        out = q.collect(engine=engine)
        assert out["ok"].to_list() == [py_error(v) is None for v in vals]
        assert out["at"].to_list() == [py_error(v) for v in vals]
        assert out["text"].to_list() == [v.decode("utf-8", "replace") for v in vals]
    assert q.collect_schema() == pl.Schema({"ok": pl.Boolean, "at": pl.Int64, "text": pl.String})
    assert lf.filter(~pl.col("b").utf8x.is_valid()).collect().height == sum(py_error(v) is not None for v in vals)


def test_bad_arguments_are_clean_errors():
    df = pl.DataFrame({"i": [1, 2], "b": [b"a", b"b"]})
    with pytest.raises(pl.exceptions.ComputeError, match="takes Binary or String columns, not a signed integer"):
        df.select(pl.col("i").utf8x.is_valid())
    with pytest.raises(pl.exceptions.ComputeError, match="takes Binary or String columns"):
        df.select(pl.col("i").cast(pl.List(pl.Int64)).utf8x.make_valid())
    with pytest.raises(LookupError, match="unknown encoding"):
        pl.col("b").utf8x.decode("utf-9")
    with pytest.raises(LookupError, match="unknown encoding"):
        pl.col("b").utf8x.encode("ebcdic")
    with pytest.raises(ValueError, match="unknown errors"):
        pl.col("b").utf8x.make_valid("strict")
    with pytest.raises(ValueError, match="unknown errors"):
        pl.col("b").utf8x.decode("utf-8", "surrogateescape")
    with pytest.raises(TypeError):
        pl.col("b").utf8x.decode(None)


def test_large_chunks_on_several_threads():
    # Past 2 MiB of values per thread a chunk (9 MiB here) is split between threads: the same answer, parts cut at
    # every kind of place (bad values near the cuts, inline values, nulls).
    from polars.plugins import register_plugin_function

    vals = [(VALUES[i % len(VALUES)] if i % 3 else b"w" * (i % 40)) for i in range(300_000)]
    vals[::97] = [None] * len(vals[::97])
    df = frame(vals)
    assert df["b"].n_chunks() == 1
    want = [None if v is None else py_error(v) for v in vals]
    for threads in (1, 4):
        expr = register_plugin_function(
            plugin_path=utf8x._utf8x.__file__,
            function_name="utf8x_error_offset",
            args=pl.col("b"),
            kwargs={"threads": threads},
            is_elementwise=True,
        )
        assert column(df, expr) == want
    assert column(df, pl.col("b").utf8x.make_valid()) == [None if v is None else v.decode("utf-8", "replace") for v in vals]


def test_the_plugin_itself_checks_its_arguments():
    # What a caller that bypasses utf8x.polars's checks gets: an error from the plugin, no crash.
    from polars.plugins import register_plugin_function

    df = pl.DataFrame({"b": [b"a"]})

    def call(name, **kwargs):
        return df.select(
            register_plugin_function(
                plugin_path=utf8x._utf8x.__file__, function_name=name, args=pl.col("b"), kwargs=kwargs or None, is_elementwise=True
            )
        )

    for name, kwargs, message in [
        ("utf8x_decode", {"encoding": "nope"}, "unknown encoding"),
        ("utf8x_decode", {}, "missing"),
        ("utf8x_decode", {"encoding": "utf-8", "errors": "surrogateescape"}, "unknown errors"),
        ("utf8x_make_valid", {"errors": "strict"}, "unknown errors"),
        ("utf8x_encode", {"encoding": 8.5}, "not a dict of strings and integers"),
        ("utf8x_is_valid", {"threads": "many"}, "is not a count"),
    ]:
        with pytest.raises(pl.exceptions.ComputeError, match=re.escape(message)):
            call(name, **kwargs)


# The plugin's C functions called directly, as Polars calls them, with pyarrow as the other
# side of the Arrow C data interface: it reaches the layouts Polars 2 never sends (offsets,
# large offsets) and checks who releases what.
import ctypes  # noqa: E402
import pickle  # noqa: E402


class ArrowSchema(ctypes.Structure):
    _fields_ = [
        ("format", ctypes.c_char_p),
        ("name", ctypes.c_char_p),
        ("metadata", ctypes.c_char_p),
        ("flags", ctypes.c_int64),
        ("n_children", ctypes.c_int64),
        ("children", ctypes.c_void_p),
        ("dictionary", ctypes.c_void_p),
        ("release", ctypes.c_void_p),
        ("private_data", ctypes.c_void_p),
    ]


class ArrowArray(ctypes.Structure):
    _fields_ = [
        ("length", ctypes.c_int64),
        ("null_count", ctypes.c_int64),
        ("offset", ctypes.c_int64),
        ("n_buffers", ctypes.c_int64),
        ("n_children", ctypes.c_int64),
        ("buffers", ctypes.c_void_p),
        ("children", ctypes.c_void_p),
        ("dictionary", ctypes.c_void_p),
        ("release", ctypes.c_void_p),
        ("private_data", ctypes.c_void_p),
    ]


RELEASE = ctypes.CFUNCTYPE(None, ctypes.c_void_p)


class SeriesExport(ctypes.Structure):
    _fields_ = [
        ("field", ctypes.POINTER(ArrowSchema)),
        ("arrays", ctypes.POINTER(ctypes.POINTER(ArrowArray))),
        ("len", ctypes.c_size_t),
        ("release", ctypes.c_void_p),
        ("private_data", ctypes.c_void_p),
    ]


def call_plugin(name, chunks, **kwargs):
    """`_polars_plugin_utf8x_<name>` on a Series of pyarrow `chunks`: the output's chunks as
    pyarrow arrays, or the plugin's error message; and whether the input export was released."""
    pa = pytest.importorskip("pyarrow", reason="pyarrow is the other side of the C interface here")
    lib = ctypes.CDLL(utf8x._utf8x.__file__)
    schema = ArrowSchema()
    chunks[0].type._export_to_c(ctypes.addressof(schema))
    arrays = [ArrowArray() for _ in chunks]
    for c, a in zip(chunks, arrays):
        c._export_to_c(ctypes.addressof(a))
    pointers = (ctypes.POINTER(ArrowArray) * len(arrays))(*[ctypes.pointer(a) for a in arrays])
    released = []

    @RELEASE
    def release(_):
        # What Polars' release does: the schema goes, the chunks were the plugin's to release.
        released.append(True)
        RELEASE(schema.release)(ctypes.addressof(schema))

    export = SeriesExport(ctypes.pointer(schema), pointers, len(arrays), ctypes.cast(release, ctypes.c_void_p), 1)
    out = SeriesExport()
    fn = getattr(lib, f"_polars_plugin_utf8x_{name}")
    fn.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_char_p, ctypes.c_size_t, ctypes.c_void_p, ctypes.c_void_p]
    kw = pickle.dumps(kwargs, protocol=5) if kwargs else b""
    fn(ctypes.addressof(export), 1, kw, len(kw), ctypes.addressof(out), None)
    assert released == [True] and all(a.release is None for a in arrays)
    if not out.private_data:
        lib._polars_plugin_get_last_error_message.restype = ctypes.c_char_p
        return lib._polars_plugin_get_last_error_message().decode()
    dtype = pa.DataType._import_from_c(ctypes.addressof(out.field.contents))
    result = [pa.Array._import_from_c(ctypes.addressof(out.arrays[i].contents), dtype) for i in range(out.len)]
    RELEASE(out.release)(ctypes.addressof(out))
    assert out.release is None
    return result


@pytest.mark.parametrize("kind", ["binary", "large_binary", "string", "large_string", "binary_view", "string_view"])
def test_every_arrow_layout_through_the_c_interface(kind):
    pa = pytest.importorskip("pyarrow", reason="pyarrow is the other side of the C interface here")
    vals = VALUES + [None] + VALUES[:7]
    if "view" in kind:
        bytes_ = pa.array(vals, pa.binary()).cast(pa.binary_view())
    else:
        bytes_ = pa.array(vals, pa.large_binary() if "large" in kind else pa.binary())
    # The same buffers as the type asked for, unvalidated: string arrays may hold bad bytes.
    data = pa.Array.from_buffers(getattr(pa, kind)(), len(bytes_), bytes_.buffers())
    chunks = [data.slice(0, 11), data.slice(11)]
    want_valid = [None if v is None else py_error(v) is None for v in vals]
    got = call_plugin("is_valid", chunks)
    assert [x for c in got for x in c.to_pylist()] == want_valid
    got = call_plugin("error_offset", chunks)
    assert [x for c in got for x in c.to_pylist()] == [None if v is None else py_error(v) for v in vals]
    got = call_plugin("make_valid", chunks, errors="replace")
    assert [x for c in got for x in c.to_pylist()] == [None if v is None else v.decode("utf-8", "replace") for v in vals]
    message = call_plugin("decode", chunks, encoding="utf-8")
    first = next(i for i, v in enumerate(vals) if v is not None and py_error(v) is not None)
    assert f"(value {first} of the {len(vals)} in this batch)" in message


def test_values_cut_inside_a_character_are_invalid():
    # Side by side in one buffer the values make valid UTF-8; each alone does not.
    vals = [b"x" * 12 + b"caf\xc3", b"\xa9" + b"y" * 20, "long value ending in 語".encode()[:-1], b"\x9e" + b"z" * 30]
    vals += [b"caf\xc3", b"\xa9lait"]  # the same cut, inline
    df = frame(vals)
    assert column(df, pl.col("b").utf8x.is_valid()) == [False] * len(vals)
    assert column(df, pl.col("b").utf8x.error_offset()) == [py_error(v) for v in vals]
    assert column(df, pl.col("b").utf8x.make_valid()) == [v.decode("utf-8", "replace") for v in vals]


@pytest.mark.parametrize("seed", range(8))
def test_random_columns_match_cpython(seed):
    """Values of random pieces, cut anywhere, with nulls, in up to four chunks."""
    import random

    rng = random.Random(seed)
    pieces = [b"a", b"\xc3\xa9", b"\xe2\x82\xac", b"\xf0\x9f\x98\x80", b"\x80", b"\xff", b"\xc3", b"\xed\xa0\x80", b"\xf4\x90"]

    def value():
        if rng.random() < 0.1:
            return None
        n = rng.choice([0, 1, 3, 6, 12, 13, 40, 300])
        return b"".join(rng.choice(pieces) for _ in range(n))[: rng.choice([n, n * 4])]

    vals = [value() for _ in range(rng.randrange(1, 400))]
    cuts = sorted(rng.sample(range(len(vals) + 1), min(3, len(vals) + 1)))
    parts = [frame(vals[a:b]) for a, b in zip([0] + cuts, cuts + [len(vals)]) if b > a]
    df = pl.concat(parts, rechunk=False)
    py = vals
    assert column(df, pl.col("b").utf8x.is_valid()) == [None if v is None else py_error(v) is None for v in py]
    assert column(df, pl.col("b").utf8x.error_offset()) == [None if v is None else py_error(v) for v in py]
    for errors, handler in PY_ERRORS.items():
        assert column(df, pl.col("b").utf8x.make_valid(errors)) == [None if v is None else v.decode("utf-8", handler) for v in py]
    assert column(df, pl.col("b").utf8x.decode("utf-16-le", "replace")) == [
        None if v is None else v.decode("utf-16-le", "replace") for v in py
    ]

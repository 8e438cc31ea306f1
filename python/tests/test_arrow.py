"""utf8x.arrow against independent oracles: CPython's codecs (bytes.decode/str.encode with their
error handlers) and pyarrow's own checks (Array.validate(full=True), cast to string), over every
type taken, sliced arrays sharing buffers, nulls, dictionaries and chunked arrays."""

import codecs
import random

import pytest

pa = pytest.importorskip("pyarrow")
import utf8x.arrow as ua  # noqa: E402  (after pyarrow, which it needs)

BINARY_TYPES = [pa.binary(), pa.large_binary(), pa.binary_view()]
# Each type as the function sees it, with its binary twin (same layout) that builds it.
TYPES = [
    (pa.binary(), pa.binary()),
    (pa.string(), pa.binary()),
    (pa.large_binary(), pa.large_binary()),
    (pa.large_string(), pa.large_binary()),
    (pa.binary_view(), pa.binary_view()),
    (pa.string_view(), pa.binary_view()),
]
TYPE_IDS = [str(t) for t, _ in TYPES]


def make(values, kind, twin):
    """An array of `kind` holding `values` (bytes or None) as they are, valid UTF-8 or not:
    built as its binary twin and viewed as `kind`, as a reader that trusts its input would."""
    return pa.array(values, type=twin).view(kind)


def large(kind):
    return pa.types.is_large_binary(kind) or pa.types.is_large_string(kind)


def views(kind):
    return pa.types.is_binary_view(kind) or pa.types.is_string_view(kind)


def string_out(kind):
    return pa.large_string() if large(kind) else pa.string_view() if views(kind) else pa.string()


def binary_out(kind):
    return pa.large_binary() if large(kind) else pa.binary_view() if views(kind) else pa.binary()


# --- the oracles ---------------------------------------------------------------------------


def cpython_valid(v):
    try:
        v.decode("utf-8")
        return True
    except UnicodeDecodeError:
        return False


def arrow_valid(v):
    """pyarrow's own answer: a one-value string array of `v`, fully validated."""
    try:
        pa.array([v], type=pa.binary()).view(pa.string()).validate(full=True)
        return True
    except pa.ArrowInvalid:
        return False


def kind_of(v, at):
    """The kind of the ill-formed sequence at `at`, from the bytes, as ErrorKind documents the
    kinds (an oracle written from the definitions, not from the code)."""
    b = v[at]
    nxt = v[at + 1] if at + 1 < len(v) else None
    if 0x80 <= b <= 0xBF:
        return "unexpected_continuation"
    if b >= 0xF8:
        return "invalid_lead"
    cont = nxt is not None and 0x80 <= nxt <= 0xBF
    if b in (0xC0, 0xC1) or (b == 0xE0 and cont and nxt < 0xA0) or (b == 0xF0 and cont and nxt < 0x90):
        return "overlong"
    if b == 0xED and cont and nxt >= 0xA0:
        return "surrogate"
    if b >= 0xF5 or (b == 0xF4 and cont and nxt >= 0x90):
        return "too_large"
    return "too_short"


def cpython_error(v):
    """{offset, length, kind} from CPython's UnicodeDecodeError, None for valid UTF-8."""
    try:
        v.decode("utf-8")
        return None
    except UnicodeDecodeError as e:
        if e.reason == "unexpected end of data":
            return {"offset": e.start, "length": 0, "kind": "incomplete"}
        return {"offset": e.start, "length": e.end - e.start, "kind": kind_of(v, e.start)}


def whatwg_1252(b):
    """Windows-1252 as WHATWG defines it: CPython's cp1252, with its five undefined bytes as
    the C1 controls of the same value."""
    try:
        return bytes([b]).decode("cp1252")
    except UnicodeDecodeError:
        return chr(b)


def fallback_handler(e):
    return "".join(whatwg_1252(b) for b in e.object[e.start : e.end]), e.end


codecs.register_error("utf8x-test-fallback", fallback_handler)


def cpython_make_valid(v, errors):
    handler = "utf8x-test-fallback" if errors == "fallback" else errors
    return v.decode("utf-8", handler)


def maybe(f, values):
    return [None if v is None else f(v) for v in values]


# --- test data -----------------------------------------------------------------------------

# Ill-formed sequences of every kind (and the sequences just inside the ranges).
BAD = [
    b"\x80",
    b"\xbf",
    b"\xc0\xaf",
    b"\xc1\xbf",
    b"\xc2",
    b"\xc2A",
    b"\xe0\x80\x80",
    b"\xe0\x9f\xbf",
    b"\xe1\x80",
    b"\xe2\x82A",
    b"\xed\xa0\x80",
    b"\xed\xbf\xbf",
    b"\xef\xbf",
    b"\xf0\x80\x80\x80",
    b"\xf0\x8f\xbf\xbf",
    b"\xf0\x90\x80",
    b"\xf4\x90\x80\x80",
    b"\xf5\x80\x80\x80",
    b"\xf7\xbf\xbf\xbf",
    b"\xf8\x88\x80\x80\x80",
    b"\xfe",
    b"\xff",
]
GOOD = ["a", "é", "€", "\U0001F600", "日本", "\u07ff", "\uffff", "\U0010ffff"]


def planted(bad, at, filler="a"):
    """`bad` after `at` bytes of valid text, then more text: errors at many offsets."""
    head = (filler * at).encode()[:at]
    return head + bad + "x€".encode()


def mixed(seed, n=400):
    """Values valid and not, long and short (inline and out-of-line views), with nulls."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        r = rng.random()
        if r < 0.1:
            out.append(None)
            continue
        text = "".join(rng.choice(GOOD) for _ in range(rng.choice([0, 1, 3, 6, 20, 90])))
        v = text.encode()
        if r < 0.5:
            at = rng.randrange(len(v) + 1)
            v = v[:at] + rng.choice(BAD) + v[at:]
        elif r < 0.6 and v:
            v = v[: rng.randrange(len(v))]  # may cut a character
        out.append(v)
    return out


VALUES = [planted(b, at) for b in BAD for at in (0, 1, 11, 12, 13, 31, 63, 64, 65, 100)]
VALUES += [planted(b, at, "é") for b in BAD for at in (1, 2, 15, 64)]
VALUES += [g.encode() * k for g in GOOD for k in (1, 5, 40)] + [b"", None, b"\x00"]


# --- is_valid and errors -------------------------------------------------------------------


@pytest.mark.parametrize("kind,twin", TYPES, ids=TYPE_IDS)
def test_is_valid_every_kind_at_many_offsets(kind, twin):
    arr = make(VALUES, kind, twin)
    got = ua.is_valid(arr)
    assert got.type == pa.bool_()
    assert got.to_pylist() == maybe(cpython_valid, VALUES)
    assert got.to_pylist() == maybe(arrow_valid, VALUES)


@pytest.mark.parametrize("kind,twin", TYPES, ids=TYPE_IDS)
def test_errors_every_kind_at_many_offsets(kind, twin):
    arr = make(VALUES, kind, twin)
    got = ua.errors(arr)
    assert got.type == pa.struct(
        [("offset", pa.int64()), ("length", pa.int64()), ("kind", pa.string())]
    )
    got.validate(full=True)
    assert got.to_pylist() == maybe(cpython_error, VALUES)


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("kind,twin", TYPES, ids=TYPE_IDS)
def test_random_values_with_nulls(kind, twin, seed):
    values = mixed(seed)
    arr = make(values, kind, twin)
    assert ua.is_valid(arr).to_pylist() == maybe(cpython_valid, values)
    assert ua.errors(arr).to_pylist() == maybe(cpython_error, values)
    for policy in ("replace", "ignore", "fallback"):
        out = ua.make_valid(arr, errors=policy)
        out.validate(full=True)
        assert out.type == string_out(kind)
        assert out.to_pylist() == maybe(lambda v: cpython_make_valid(v, policy), values)


def test_a_value_cut_inside_a_character_is_invalid_though_the_buffer_is_valid():
    arr = pa.Array.from_buffers(
        pa.binary(), 2, [None, pa.py_buffer(bytes(pa.array([0, 4, 9], pa.int32()).buffers()[1])), pa.py_buffer("café".encode() + b"lait")]
    )
    assert ua.is_valid(arr).to_pylist() == [False, False]
    assert ua.errors(arr).to_pylist() == [
        {"offset": 3, "length": 0, "kind": "incomplete"},
        {"offset": 0, "length": 1, "kind": "unexpected_continuation"},
    ]


# --- make_valid ----------------------------------------------------------------------------


@pytest.mark.parametrize("policy", ["replace", "ignore", "fallback"])
@pytest.mark.parametrize("kind,twin", TYPES, ids=TYPE_IDS)
def test_make_valid_against_cpython(kind, twin, policy):
    arr = make(VALUES, kind, twin)
    out = ua.make_valid(arr, errors=policy)
    assert out.type == string_out(kind)
    out.validate(full=True)
    assert out.to_pylist() == maybe(lambda v: cpython_make_valid(v, policy), VALUES)


@pytest.mark.parametrize("kind", [pa.binary(), pa.large_binary()])
def test_make_valid_of_valid_values_shares_the_input(kind):
    arr = pa.array([b"caf\xc3\xa9", None, b"ok"] * 10, kind).slice(3)
    out = ua.make_valid(arr)
    assert out.type == string_out(kind)
    assert out.to_pylist() == ["café", None, "ok"] * 9
    assert out.buffers()[2].address == arr.buffers()[2].address
    assert ua.decode(arr, "utf-8").buffers()[1].address == arr.buffers()[1].address


def test_make_valid_output_longer_than_guessed():
    """Every byte bad: the output, three times the input, outgrows the first buffer."""
    values = [b"\xff" * 3000, b"ok", None, b"\x80" * 5]
    for kind in (pa.binary(), pa.large_binary(), pa.binary_view()):
        out = ua.make_valid(pa.array(values, kind))
        out.validate(full=True)
        assert out.to_pylist() == maybe(lambda v: v.decode("utf-8", "replace"), values)


def test_make_valid_views_keep_the_input_buffers():
    """Valid out-of-line views still point into the input's data buffer, not a copy."""
    arr = pa.array([b"a long valid value, past 12 bytes", b"bad \xff value, also long"], pa.binary_view())
    out = ua.make_valid(arr)
    assert out.to_pylist() == ["a long valid value, past 12 bytes", "bad \ufffd value, also long"]
    assert out.buffers()[2].address == arr.buffers()[2].address


def test_make_valid_views_from_several_data_buffers():
    parts = [pa.array([b"x" * (20 + i), b"\xff" * (13 + i), b"short\xc3"], pa.binary_view()) for i in range(3)]
    arr = pa.concat_arrays(parts)
    assert len(arr.buffers()) > 3
    values = arr.to_pylist()
    assert ua.make_valid(arr).to_pylist() == maybe(lambda v: v.decode("utf-8", "replace"), values)
    assert ua.is_valid(arr).to_pylist() == maybe(cpython_valid, values)


def test_view_output_in_several_new_data_buffers(monkeypatch):
    """A view output starts a new data buffer where a value would take the last past the limit
    (1 GiB; 100 bytes here), so that it has no 2 GiB limit."""
    monkeypatch.setattr(ua, "_VIEW_BUFFER_BYTES", 100)
    values = [b"\xff" * 30, None, b"a long valid value", b"bad \x80 but long", b"\xc3" * 40, b"ok"] * 5
    for kind in (pa.binary_view(), pa.string_view()):
        arr = pa.array(values, pa.binary_view()).view(kind) if kind == pa.string_view() else pa.array(values, kind)
        out = ua.make_valid(arr)
        out.validate(full=True)
        assert out.to_pylist() == maybe(lambda v: v.decode("utf-8", "replace"), values)
        new = out.buffers()[2 + len(arr.buffers()) - 2 :]
        assert len(new) > 3 and all(b.size <= 120 for b in new)
        dec = ua.decode(arr, "latin-1")
        dec.validate(full=True)
        assert dec.to_pylist() == maybe(lambda v: v.decode("latin-1"), values)
    text = pa.array(["é" * 20, None, "日本語" * 9, "short"] * 6, pa.string_view())
    enc = ua.encode(text, "utf-16-le")
    enc.validate(full=True)
    assert len(enc.buffers()) > 4
    assert enc.to_pylist() == [None if v is None else v.encode("utf-16-le") for v in text.to_pylist()]


# --- slices, nulls, empty, dictionaries, chunks --------------------------------------------


@pytest.mark.parametrize("kind,twin", TYPES, ids=TYPE_IDS)
def test_slices_sharing_one_buffer(kind, twin):
    values = mixed(7, 300)
    whole = make(values, kind, twin)
    for start, length in [(0, 300), (1, 50), (3, 7), (7, 1), (8, 100), (13, 0), (250, 50), (299, 1), (9, 200)]:
        arr = whole.slice(start, length)
        part = values[start : start + length]
        assert arr.offset == start
        assert ua.is_valid(arr).to_pylist() == maybe(cpython_valid, part)
        assert ua.errors(arr).to_pylist() == maybe(cpython_error, part)
        for policy in ("replace", "fallback"):
            out = ua.make_valid(arr, policy)
            out.validate(full=True)
            assert out.to_pylist() == maybe(lambda v: cpython_make_valid(v, policy), part)
        latin = ua.decode(arr, "latin-1")
        assert latin.to_pylist() == maybe(lambda v: v.decode("latin-1"), part)
        enc = ua.encode(ua.make_valid(arr), "utf-16-le")
        assert enc.type == binary_out(kind)
        assert enc.to_pylist() == maybe(lambda v: v.decode("utf-8", "replace").encode("utf-16-le"), part)


@pytest.mark.parametrize("kind,twin", TYPES, ids=TYPE_IDS)
def test_empty_and_all_null(kind, twin):
    for values in ([], [None], [None] * 19):
        arr = make(values, kind, twin)
        assert ua.is_valid(arr).to_pylist() == values
        assert ua.errors(arr).to_pylist() == values
        assert ua.make_valid(arr).to_pylist() == values
        assert ua.make_valid(arr).type == string_out(kind)
        assert ua.decode(arr, "shift_jis").to_pylist() == values
        assert ua.encode(arr, "utf-32-be").type == binary_out(kind)


@pytest.mark.parametrize("value_type", [pa.binary(), pa.string(), pa.large_binary(), pa.string_view()])
def test_dictionary(value_type):
    dictionary = [b"ok", b"caf\xe9", b"\xed\xa0\x80 long enough for a view", "日本".encode()]
    twin = {pa.string(): pa.binary(), pa.string_view(): pa.binary_view()}.get(value_type, value_type)
    indices = pa.array([0, 1, None, 3, 1, 2, 0, None, 2], pa.int32())
    arr = pa.DictionaryArray.from_arrays(indices, make(dictionary, value_type, twin))
    rows = [None if i is None else dictionary[i] for i in indices.to_pylist()]
    assert ua.is_valid(arr).to_pylist() == maybe(cpython_valid, rows)
    assert ua.errors(arr).to_pylist() == maybe(cpython_error, rows)
    out = ua.make_valid(arr)
    assert pa.types.is_dictionary(out.type)
    assert out.indices.equals(indices)
    assert out.to_pylist() == maybe(lambda v: v.decode("utf-8", "replace"), rows)
    sliced = arr.slice(3, 4)
    assert ua.make_valid(sliced).to_pylist() == maybe(lambda v: v.decode("utf-8", "replace"), rows[3:7])
    with pytest.raises(ValueError, match="dictionary value at index 1 .* offset 3"):
        ua.decode(arr, "utf-8")


@pytest.mark.parametrize("value_type", [pa.binary(), pa.large_binary(), pa.binary_view()])
def test_dictionary_values_no_index_uses(value_type):
    """A strict decode or encode fails only on the values the indices use: not on a value left
    out by a slice, nor on one a unified dictionary carries, nor under a null index."""
    values = pa.array([b"\xff bad, long enough for a view", b"ok", b"\xe9t\xe9", None, b"fine"], value_type)
    dictionary = values.slice(1)  # the values' own offset, with a null among them
    arr = pa.DictionaryArray.from_arrays(pa.array([0, 3, None, 0, 1, 3], pa.int8()), dictionary)
    for sliced in (arr.slice(0, 4), arr.slice(3, 1)):
        rows = [None if v is None else v.decode() for v in sliced.to_pylist()]
        assert ua.decode(sliced, "utf-8").to_pylist() == rows
        assert ua.encode(sliced, "utf-16-be").to_pylist() == [None if v is None else v.encode("utf-16-be") for v in rows]
    # A used bad value still fails, named by its index in the dictionary.
    with pytest.raises(ValueError, match="dictionary value at index 1 .* offset 0"):
        ua.decode(arr, "utf-8")
    bad_first = pa.DictionaryArray.from_arrays(pa.array([1, 1], pa.int32()), values)
    assert ua.decode(bad_first, "utf-8").to_pylist() == ["ok", "ok"]
    assert ua.decode(bad_first.slice(1), "utf-8").to_pylist() == ["ok"]


def test_chunked_in_chunked_out():
    values = mixed(3, 120)
    chunks = [pa.array(values[:50], pa.binary()), pa.array([], pa.binary()), pa.array(values[50:], pa.binary())]
    arr = pa.chunked_array(chunks)
    got = ua.is_valid(arr)
    assert isinstance(got, pa.ChunkedArray)
    assert [len(c) for c in got.chunks] == [50, 0, 70]
    assert got.to_pylist() == maybe(cpython_valid, values)
    assert ua.errors(arr).to_pylist() == maybe(cpython_error, values)
    assert ua.make_valid(arr).to_pylist() == maybe(lambda v: v.decode("utf-8", "replace"), values)
    empty = pa.chunked_array([], pa.large_binary())
    assert ua.make_valid(empty).type == pa.large_string()
    assert ua.is_valid(empty).type == pa.bool_()
    # strict decode names the index across chunks
    first_bad = next(i for i, v in enumerate(values) if v is not None and not cpython_valid(v))
    with pytest.raises(ValueError, match=f"value at index {first_bad} "):
        ua.decode(arr, "utf-8")
    late = pa.chunked_array([pa.array([b"ok"] * 10), pa.array([b"ok", b"ok", b"a\xffb"])])
    with pytest.raises(ValueError, match="value at index 12 from utf-8: .* at byte offset 1"):
        ua.decode(late, "utf-8")


# --- decode and encode ---------------------------------------------------------------------

TEXTS = ["", "plain", "café crème", "Привет, мир", "日本語のテキスト", "€ and \U0001F600", "x" * 40]

# Encodings whose CPython codec agrees with utf8x's (or WHATWG's) on these texts.
CPYTHON_NAMES = {
    "utf-8": "utf-8",
    "utf-16-le": "utf-16-le",
    "utf-16-be": "utf-16-be",
    "utf-32-le": "utf-32-le",
    "utf-32-be": "utf-32-be",
    "latin-1": "latin-1",
    "cp1252": "cp1252",
    "koi8-r": "koi8-r",
    "windows-1251": "cp1251",
    "iso-8859-5": "iso8859-5",
    "shift_jis": "shift_jis",
    "euc-jp": "euc-jp",
    "gbk": "gbk",
    "gb18030": "gb18030",
    "big5": "big5",
    "euc-kr": "euc-kr",
}


# Where CPython's codec and WHATWG's differ on these texts: Big5's kana (WHATWG's Big5 is
# HKSCS's), and EUC-JP's JIS X 0212 characters, which WHATWG decodes but never encodes.
LEAVE_OUT = {"big5": {"日本語のテキスト"}, "euc-jp": {"café crème"}}


def encodable(text, name):
    try:
        text.encode(name)
        return True
    except UnicodeEncodeError:
        return False


@pytest.mark.parametrize("kind,twin", TYPES, ids=TYPE_IDS)
@pytest.mark.parametrize("name", sorted(CPYTHON_NAMES))
def test_decode_and_encode_round_trip_against_cpython(name, kind, twin):
    py = CPYTHON_NAMES[name]
    texts = [t for t in TEXTS if encodable(t, py) and t not in LEAVE_OUT.get(name, ())] + [None]
    encoded = maybe(lambda t: t.encode(py), texts)
    arr = make(encoded, kind, twin)
    out = ua.decode(arr, name)
    out.validate(full=True)
    assert out.type == string_out(kind)
    assert out.to_pylist() == texts
    back = ua.encode(make(maybe(str.encode, texts), kind, twin), name)
    assert back.type == binary_out(kind)
    assert back.to_pylist() == encoded


@pytest.mark.parametrize("policy", ["replace", "ignore"])
@pytest.mark.parametrize("name", ["utf-8", "utf-16-le", "utf-16-be", "utf-32-le", "utf-32-be"])
def test_decode_ill_formed_against_cpython(name, policy):
    values = []
    for t in TEXTS[1:]:
        e = t.encode(name)
        values += [e[:-1], e + b"\x00", e[:3] + b"\x00\xd8" + e[3:], e[:4] + b"\xff\xff\xff\x7f" + e[4:]]
    values += [b"\x00\xd8\x00", b"\x3d\xd8", b"\xd8\x3d\x00"]
    arr = pa.array(values, pa.binary())
    assert ua.decode(arr, name, policy).to_pylist() == [v.decode(name, policy) for v in values]
    for v in values:
        try:
            v.decode(name)
        except UnicodeDecodeError as e:
            with pytest.raises(ValueError, match=f"index 0 from {name}: .* offset {e.start}$"):
                ua.decode(pa.array([v]), name)


def test_decode_legacy_strict_names_index_and_offset():
    # 0xAA is undefined in windows-1253, for CPython and WHATWG alike.
    arr = pa.array([b"abc", None, b"ab\xaa"], pa.binary())
    with pytest.raises(ValueError, match="index 2 from windows-1253: .* offset 2"):
        ua.decode(arr, "windows-1253")
    assert ua.decode(arr, "windows-1253", "replace").to_pylist() == ["abc", None, "ab\ufffd"]
    assert ua.decode(arr, "windows-1253", "ignore").to_pylist() == ["abc", None, "ab"]
    assert ua.decode(arr, "cp1253", "replace").to_pylist() == [
        v.decode("cp1253", "replace") if v is not None else None for v in arr.to_pylist()
    ]
    # Shift_JIS: a lead byte at the end
    with pytest.raises(ValueError, match="index 0 from shift_jis: .* offset 2"):
        ua.decode(pa.array([b"ab\x82"]), "shift_jis")


@pytest.mark.parametrize("name", ["latin-1", "cp1251", "shift_jis", "koi8-r", "utf-16-le"])
@pytest.mark.parametrize("policy", ["replace", "ignore"])
def test_encode_unencodable_against_cpython(name, policy):
    py = name
    texts = ["café", "日本", "a€b", "Привет", "\U0001F600!", "plain"]
    arr = pa.array(texts, pa.string())
    assert ua.encode(arr, name, policy).to_pylist() == [t.encode(py, policy) for t in texts]
    for i, t in enumerate(texts):
        try:
            t.encode(py)
        except UnicodeEncodeError as e:
            offset = len(t[: e.start].encode())
            with pytest.raises(ValueError, match=f"index {i} to .* offset {offset}$"):
                ua.encode(arr, name)
            break


def test_encode_of_values_that_are_not_utf8():
    arr = pa.array([b"ok", b"caf\xe9"], pa.binary())
    with pytest.raises(ValueError, match="index 1 to latin-1: .* offset 3"):
        ua.encode(arr, "latin-1")
    with pytest.raises(ValueError, match="index 1 to koi8-r: .* offset 3"):
        ua.encode(arr, "koi8-r")
    assert ua.encode(arr, "latin-1", "replace").to_pylist() == [b"ok", b"caf?"]
    assert ua.encode(arr, "koi8-r", "replace").to_pylist() == [b"ok", b"caf?"]
    assert ua.encode(arr, "utf-8", "replace").to_pylist() == [b"ok", "caf\ufffd".encode()]
    assert ua.encode(arr, "utf-16-be", "ignore").to_pylist() == [b"\x00o\x00k", "caf".encode("utf-16-be")]


def test_every_listed_encoding_round_trips():
    assert {"utf-8", "latin-1", "shift_jis", "windows-1251", "gb18030"} <= set(ua.ENCODINGS)
    for name in ua.ENCODINGS:
        raw = "abc".encode(name) if name.startswith("utf-") and name != "utf-8" else b"abc"
        assert ua.decode(pa.array([raw]), name).to_pylist() == ["abc"], name
        assert ua.encode(pa.array(["abc"]), name).to_pylist() == [raw], name


# --- what is refused -----------------------------------------------------------------------


@pytest.mark.parametrize("fn", [ua.is_valid, ua.errors, ua.make_valid, lambda a: ua.decode(a, "utf-8"), lambda a: ua.encode(a, "utf-8")])
def test_wrong_types_raise_type_error(fn):
    with pytest.raises(TypeError, match="int32"):
        fn(pa.array([1, 2], pa.int32()))
    with pytest.raises(TypeError, match="list"):
        fn([b"a"])
    with pytest.raises(TypeError, match="int64"):
        fn(pa.chunked_array([], pa.int64()))
    with pytest.raises(TypeError, match="dictionary<values=int64"):
        fn(pa.array([1, 1]).dictionary_encode())


def test_unknown_names_are_refused_before_any_work():
    empty = pa.chunked_array([], pa.binary())
    with pytest.raises(LookupError, match="unknown encoding: klingon"):
        ua.decode(empty, "klingon")
    with pytest.raises(LookupError):
        ua.encode(empty, "ascii")  # WHATWG's label for Windows-1252: left out
    with pytest.raises(ValueError, match="make_valid takes errors="):
        ua.make_valid(empty, errors="strict")
    with pytest.raises(ValueError, match="decode takes errors="):
        ua.decode(empty, "utf-8", errors="surrogateescape")
    with pytest.raises(ValueError, match="encode takes errors="):
        ua.encode(empty, "utf-8", errors="fallback")


def test_malformed_arrays_are_refused_not_read():
    """Buffers no valid array has (pyarrow refuses to build most of them, so they go straight
    to the compiled functions): a clear ValueError, never a read outside them."""
    from utf8x import _utf8x

    values = pa.py_buffer(b"abcdef")

    def offsets(*o):
        return pa.array(list(o), pa.int32()).buffers()[1]

    plan = _utf8x._arrow_plan("make_valid", None, "replace")
    calls = [
        lambda *a: _utf8x._arrow_is_valid(a),
        lambda *a: _utf8x._arrow_errors(a),
        lambda *a: _utf8x._arrow_convert(plan, a, 0, "value", pa.allocate_buffer, 1 << 30),
    ]
    for bad, why in [((0, 3, 2), "smaller"), ((0, 3, 99), "past the end"), ((-1, 3, 4), "negative")]:
        for fn in calls:
            with pytest.raises(ValueError, match=why):
                fn("small", 2, 0, None, offsets(*bad), [values])
    with pytest.raises(ValueError, match="offsets buffer holds"):
        _utf8x._arrow_is_valid(("small", 5, 0, None, offsets(0, 1), [values]))
    with pytest.raises(ValueError, match="validity bitmap holds 8 bits"):
        _utf8x._arrow_is_valid(("small", 2, 7, b"\xff", offsets(*range(10)), [values]))
    good = pa.array([b"x" * 30], pa.binary_view())
    view = bytearray(good.buffers()[1])
    view[12:16] = (100).to_bytes(4, "little")  # bytes past the data buffer
    for fn in calls:
        with pytest.raises(ValueError, match="view 0 holds bytes 100"):
            fn("views", 1, 0, None, bytes(view), [good.buffers()[2]])
    view[8:12] = (5).to_bytes(4, "little")  # a buffer that does not exist
    with pytest.raises(ValueError, match="buffer 5"):
        _utf8x._arrow_is_valid(("views", 1, 0, None, bytes(view), [good.buffers()[2]]))
    view[0:4] = (-3).to_bytes(4, "little", signed=True)
    with pytest.raises(ValueError, match="negative length"):
        _utf8x._arrow_is_valid(("views", 1, 0, None, bytes(view), [good.buffers()[2]]))
    # A null view is not read, whatever it holds.
    assert _utf8x._arrow_is_valid(("views", 1, 0, b"\x00", bytes(view), [])) is not None


# --- large values past 2 GiB ---------------------------------------------------------------


def available_memory():
    try:
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


@pytest.mark.skipif(available_memory() < 12 << 30, reason="needs 12 GiB of free memory for 2 GiB of values, their output and oracles")
def test_large_offsets_past_2_gib():
    big = 2**31 + 64
    tail = [b"ok", b"caf\xe9", "日本".encode(), b"\xed\xa0\x80", b"fine"]
    data = bytearray(big)  # zero bytes: valid UTF-8
    data[1000] = ord("a")
    offsets = [0, big]
    for t in tail:
        data += t
        offsets.append(len(data))
    arr = pa.Array.from_buffers(
        pa.large_binary(), len(offsets) - 1, [None, pa.array(offsets, pa.int64()).buffers()[1], pa.py_buffer(data)]
    )
    expect = [True] + [cpython_valid(t) for t in tail]
    assert ua.is_valid(arr).to_pylist() == expect
    assert ua.errors(arr).slice(1).to_pylist() == [cpython_error(t) for t in tail]
    out = ua.make_valid(arr)
    assert out.type == pa.large_string()
    assert out.slice(1).to_pylist() == [t.decode("utf-8", "replace") for t in tail]
    offsets = pa.Array.from_buffers(pa.int64(), len(out) + 1, [None, out.buffers()[1]], offset=out.offset)
    assert offsets[1].as_py() == big and offsets[-1].as_py() > 2**31
    del out
    # A slice whose values all lie past 2 GiB.
    assert ua.is_valid(arr.slice(1)).to_pylist() == expect[1:]
    del arr, data
    # 32-bit offsets cannot hold more than 2 GiB of output: a clear error, not a wrong array.
    n = 1100 << 20  # each byte two in UTF-8
    wide = pa.Array.from_buffers(
        pa.binary(), 1, [None, pa.array([0, n], pa.int32()).buffers()[1], pa.py_buffer(b"\xff" * n)]
    )
    with pytest.raises(ValueError, match="pass 2 GiB"):
        ua.decode(wide, "latin-1")


@pytest.mark.skipif(available_memory() < 8 << 30, reason="needs 8 GiB of free memory for 2.2 GiB of output and its input")
def test_view_output_past_2_gib():
    """Views have no 2 GiB limit: the output goes into data buffers of 1 GiB at most."""
    value = b"\xe9" * (1 << 20)  # 2 MiB of UTF-8 from Latin-1
    arr = pa.array([value, None, b"short \xe9"] * 1100, pa.binary_view())
    out = ua.decode(arr, "latin-1")
    assert out.type == pa.string_view()
    new = out.buffers()[2:]
    assert sum(b.size for b in new) > 2**31 and all(b.size <= 1 << 30 for b in new)
    out.validate(full=True)
    for i in (0, 1, 2, 3297, 3298, 3299):
        v = arr[i].as_py()
        assert out[i].as_py() == (None if v is None else v.decode("latin-1"))

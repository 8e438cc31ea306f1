"""String columns: each value validated on its own. The oracle is `bytes.decode` of each value
alone, and the first value it refuses; pyarrow builds the columns where it is installed."""

import random
from array import array

import pytest

import utf8x

PIECES = [b"", b"a", b"caf\xc3\xa9", b"\xe2\x82\xac", b"\xf0\x9f\x98\x80", b"\xc3", b"\xa9lait", b"\xff", b"\xed\xa0\x80", b"\xe2\x82"]


def first_bad(values):
    """(index, offset, length) of the first value (None: a null, skipped) that is not UTF-8."""
    for i, v in enumerate(values):
        if v is None:
            continue
        try:
            v.decode()
        except UnicodeDecodeError as e:
            return (i, e.start, 0 if e.reason == "unexpected end of data" else e.end - e.start)
    return None


def found(err):
    return None if err is None else (err.index, err.offset, err.length)


def columns(count=300):
    rng = random.Random(5)
    for _ in range(count):
        n = rng.randrange(0, 12)
        # Mostly valid values, so that the first bad one falls anywhere.
        yield [b"".join(rng.choice(PIECES[:5] if rng.random() < 0.8 else PIECES) for _ in range(rng.randrange(4))) for _ in range(n)]


def layout(values, code):
    offsets = array(code, [0])
    for v in values:
        offsets.append(offsets[-1] + len(v))
    return b"".join(values), offsets


def test_values_that_are_valid_only_together_are_each_invalid():
    values = [b"caf\xc3", b"\xa9lait"]
    assert first_bad(values) == (0, 3, 0)
    data, offsets = layout(values, "i")
    assert utf8x.is_valid(data)
    assert found(utf8x.validate_offsets(data, offsets)) == (0, 3, 0)
    assert found(utf8x.validate_many(values)) == (0, 3, 0)
    err = utf8x.validate_many(values)
    assert err.kind == "incomplete" and "ColumnError(index=0" in repr(err)


@pytest.mark.parametrize("code", ["i", "q"])
def test_validate_offsets_matches_each_value_decoded_alone(code):
    for values in columns():
        data, offsets = layout(values, code)
        assert found(utf8x.validate_offsets(data, offsets)) == first_bad(values), values
        assert found(utf8x.validate_offsets(bytearray(data), memoryview(offsets))) == first_bad(values)
        # offsets[0] need not be 0: a column that starts one value later.
        if len(values) > 1:
            expected = first_bad(values[1:])
            expected = expected and (expected[0] + 1,) + expected[1:]
            assert found(utf8x.validate_offsets(data, offsets[1:], first_index=1)) == expected


def test_validate_many_matches_each_value_decoded_alone():
    for values in columns():
        assert found(utf8x.validate_many(values)) == first_bad(values)
        assert found(utf8x.validate_many(iter([bytearray(v) for v in values]))) == first_bad(values)
    assert utf8x.validate_many([]) is None
    # Past one batch of values: indices keep counting.
    many = [b"ok"] * 10000 + [b"\xe2\x82"] + [b"\xff"] * 3
    assert found(utf8x.validate_many(many)) == first_bad(many) == (10000, 0, 0)
    assert utf8x.validate_many(b"x" for _ in range(9000)) is None
    with pytest.raises(TypeError):
        utf8x.validate_many([b"a", "not bytes"])


def test_nulls_are_not_checked():
    values = [b"ok", b"\xff\xfe", b"caf\xc3\xa9", b"\xc3", b"x"]
    data, offsets = layout(values, "i")
    assert found(utf8x.validate_offsets(data, offsets)) == (1, 0, 1)
    # Bits, least significant first: value 1 null, then values 1 and 3 null.
    assert found(utf8x.validate_offsets(data, offsets, bytes([0b11101]))) == (3, 0, 0)
    assert utf8x.validate_offsets(data, offsets, bytes([0b10101])) is None
    # The bitmap read from bit 3 on.
    assert utf8x.validate_offsets(data, offsets, bytes([0b10101 << 3, 0]), validity_offset=3) is None
    with pytest.raises(ValueError, match="validity bitmap"):
        utf8x.validate_offsets(data, offsets, b"", validity_offset=0)
    rng = random.Random(3)
    for values in columns():
        nulls = [rng.random() < 0.3 for _ in values]
        data, offsets = layout(values, "q")
        bits = bytearray((len(values) + 7) // 8 + 1)
        for i, null in enumerate(nulls):
            if not null:
                bits[(i + 5) // 8] |= 1 << ((i + 5) % 8)
        seen = [None if null else v for v, null in zip(values, nulls)]
        assert found(utf8x.validate_offsets(data, offsets, bits, 5)) == first_bad(seen), (values, nulls)


def test_bad_offsets_and_types_are_errors():
    with pytest.raises(ValueError, match=r"offsets\[2\] = 1 is smaller than offsets\[1\]"):
        utf8x.validate_offsets(b"abc", array("i", [0, 2, 1]))
    with pytest.raises(ValueError, match=r"offsets\[1\] = 9 is past the end"):
        utf8x.validate_offsets(b"abc", array("q", [0, 9]))
    with pytest.raises(ValueError, match="is negative"):
        utf8x.validate_offsets(b"abc", array("i", [-1, 2]))
    with pytest.raises(TypeError, match="4- or 8-byte"):
        utf8x.validate_offsets(b"abc", b"\x00\x00\x00\x00")
    with pytest.raises(TypeError, match="signed integers"):
        utf8x.validate_offsets(b"abc", array("f", [0, 1]))
    with pytest.raises(TypeError, match="signed integers"):
        utf8x.validate_offsets(b"abc", array("I", [0, 1]))
    with pytest.raises(TypeError):
        utf8x.validate_offsets(b"abc", array("h", [0, 1]))
    assert utf8x.validate_offsets(b"", array("i")) is None
    assert utf8x.validate_offsets(b"", array("i", [0])) is None


def arrow_types(pa):
    return [pa.string(), pa.large_string(), pa.binary(), pa.large_binary()]


def arrow_array(pa, values, kind):
    """An Arrow array of `values` (None: null) whose strings are not checked by pyarrow."""
    binary = pa.large_binary() if kind in (pa.large_string(), pa.large_binary()) else pa.binary()
    return pa.array(values, type=binary).view(kind)


def test_arrow_columns():
    pa = pytest.importorskip("pyarrow")
    rng = random.Random(9)
    for kind in arrow_types(pa):
        for values in columns(200):
            values = [None if rng.random() < 0.2 else v for v in values]
            arr = arrow_array(pa, values, kind)
            assert found(utf8x.validate_column(arr)) == first_bad(values), (values, kind)
            # A slice starts inside the buffers: indices count from the slice.
            if len(values) > 2:
                part = arr.slice(1, len(values) - 2)
                assert part.offset == 1
                assert found(utf8x.validate_column(part)) == first_bad(values[1:-1])
        classic = arrow_array(pa, [b"caf\xc3", b"\xa9lait"], kind)
        assert found(utf8x.validate_column(classic)) == (0, 3, 0)


def test_arrow_chunked_columns_count_across_chunks():
    pa = pytest.importorskip("pyarrow")
    chunks = [[b"a", b"b"], [], [b"caf\xc3\xa9", None], [b"x", b"\xe2\x82"]]
    for kind in arrow_types(pa):
        column = pa.chunked_array([arrow_array(pa, c, kind) for c in chunks], type=kind)
        assert found(utf8x.validate_column(column)) == (5, 0, 0)
        assert utf8x.validate_column(pa.chunked_array(column.chunks[:3], type=kind)) is None
        assert utf8x.validate_column(pa.chunked_array([], type=kind)) is None


def test_arrow_null_slots_may_hold_any_bytes():
    pa = pytest.importorskip("pyarrow")
    # Arrow leaves the bytes under a null unspecified: here value 1 is null and spans bad
    # bytes, which must not be reported; value 3 is the first bad one.
    values = b"ok\xff\xfecaf\xc3\xa9\xc3"
    offsets = array("i", [0, 2, 4, 9, 10])
    validity = bytes([0b1101])
    for kind in (pa.string(), pa.binary()):
        arr = pa.Array.from_buffers(kind, 4, [pa.py_buffer(validity), pa.py_buffer(offsets), pa.py_buffer(values)], null_count=1)
        assert arr.is_null().to_pylist() == [False, True, False, False]
        assert found(utf8x.validate_column(arr)) == (3, 0, 0)
        assert utf8x.validate_column(arr.slice(0, 3)) is None


def test_arrow_other_types_are_refused():
    pa = pytest.importorskip("pyarrow")
    with pytest.raises(TypeError, match="string and binary"):
        utf8x.validate_column(pa.array([1, 2]))
    with pytest.raises(TypeError, match="not list"):
        utf8x.validate_column([b"a"])
    with pytest.raises(TypeError, match="string and binary"):
        utf8x.validate_column(pa.chunked_array([[1]]))


def test_first_index_past_the_largest_index_is_refused():
    top = 2**64 - 1
    # The last value's index is the largest there is: it fits.
    e = utf8x.validate_offsets(b"ok\xff", array("q", [0, 2, 3]), first_index=top - 1)
    assert (e.index, e.offset) == (top, 0)
    # One more and it would wrap to 0: refused, whether or not a value is invalid.
    for values in (b"ok\xff", b"ok!"):
        with pytest.raises(OverflowError):
            utf8x.validate_offsets(values, array("q", [0, 2, 3]), first_index=top)
    with pytest.raises(OverflowError):
        utf8x.validate_offsets(b"ok", array("i", [0, 1, 2]), first_index=2**64)
    # No values: no index to report.
    assert utf8x.validate_offsets(b"", array("q", [0]), first_index=top) is None

"""utf8x as Arrow compute functions: validation, repair and transcoding of whole pyarrow arrays.

    >>> import pyarrow as pa, utf8x.arrow
    >>> a = pa.array([b"caf\\xc3\\xa9", b"caf\\xe9", None])
    >>> utf8x.arrow.is_valid(a).to_pylist()
    [True, False, None]
    >>> utf8x.arrow.make_valid(a).to_pylist()
    ['café', 'caf�', None]

Every function takes a ``pyarrow.Array`` or ``ChunkedArray`` (chunked in, chunked out) of
``binary``, ``large_binary``, ``string``, ``large_string``, ``binary_view`` or ``string_view``,
or a dictionary array of one of them, sliced or not. Each value is taken on its own, and null
in is null out. The values are read where they lie, never copied on the way in; the output is
built without the GIL, in one buffer per output buffer, and handed to pyarrow without a copy.
Values of ``string`` arrays are checked like any others: readers do produce invalid ones.

Output types follow the input's layout: ``large_*`` in gives ``large_*`` out, views in give views
out (``string_view`` from ``make_valid`` and ``decode``, ``binary_view`` from ``encode``), and
the others give ``string`` and ``binary``. A dictionary array's dictionary is worked on once:
``make_valid``, ``decode`` and ``encode`` return a dictionary array with the same indices,
``is_valid`` and ``errors`` take their result for each index. (The values of the dictionary are
what is checked, so a strict ``decode`` names the dictionary value that failed; a value that no
index uses, as in a slice or a unified dictionary, fails nothing: when a strict conversion
fails on one, the dictionary is converted again with those values null.)

This module imports pyarrow; ``import utf8x`` alone does not.
"""

from typing import Union

import pyarrow as pa
import pyarrow.compute as pc

from . import ENCODINGS as _ENCODINGS
from . import _utf8x

__all__ = ["ENCODINGS", "decode", "encode", "errors", "is_valid", "make_valid"]

#: The encoding names ``decode`` and ``encode`` take, canonical spellings: utf8x's own, then
#: the WHATWG legacy encodings (code pages, CJK) by their WHATWG names. Aliases work too: those
#: of ``utf8x.decode`` for utf8x's, WHATWG's labels for the others ("cp1251", "sjis", "koi8").
#: WHATWG's labels for UTF-8, UTF-16, Windows-1252 and "replacement" are left out ("ascii" and
#: "iso-8859-1" are Windows-1252 there): "cp1252"/"windows-1252" and "latin-1" are utf8x's.
ENCODINGS = _ENCODINGS + tuple(_utf8x._arrow_whatwg_encodings())

ArrayLike = Union[pa.Array, pa.ChunkedArray]

# Bytes per new data buffer of a view output, before the next one starts (a view's offset is
# 32-bit). A setting for the tests, which make it small.
_VIEW_BUFFER_BYTES = 1 << 30

_ERROR_TYPE = pa.struct(
    [("offset", pa.int64()), ("length", pa.int64()), ("kind", pa.string())]
)


def is_valid(arr: ArrayLike) -> ArrayLike:
    """A ``bool`` array: whether each value is UTF-8 (RFC 3629) on its own; null for null."""
    return _each(arr, _is_valid, "is_valid")


def errors(arr: ArrayLike) -> ArrayLike:
    """A struct array ``{offset: int64, length: int64, kind: string}``: for each value that is
    not UTF-8, the byte offset of its first ill-formed sequence, that sequence's length (as the
    C API's ``error_len``: 0 when the value ends inside a character) and its kind, named as
    ``utf8x.Utf8Error.kind`` names it (``"too_short"``, ``"overlong"``, ...). Null where the
    value is valid, and for null values."""
    return _each(arr, _errors, "errors")


def make_valid(arr: ArrayLike, errors: str = "replace") -> ArrayLike:
    """A string array: each value as UTF-8, its ill-formed parts replaced by U+FFFD (one per
    maximal subpart, as ``bytes.decode(errors="replace")``), dropped (``"ignore"``), or each
    byte of them read as Windows-1252 (``"fallback"``, as HTML reads such bytes)."""
    plan = _utf8x._arrow_plan("make_valid", None, errors)
    return _each(arr, lambda a, first, what: _convert(plan, a, first, what, pa.string()), "make_valid")


def decode(arr: ArrayLike, encoding: str, errors: str = "strict") -> ArrayLike:
    """A string array: each value decoded from ``encoding`` (one of :data:`ENCODINGS`).
    ``errors``: ``"strict"`` raises ``ValueError`` naming the index of the first value that
    does not decode and the byte offset inside it; ``"replace"`` writes U+FFFD, ``"ignore"``
    drops what does not decode, ``"fallback"`` reads bad bytes of the UTF-8 family as
    Windows-1252 (elsewhere it is ``"replace"``). Unknown names raise ``LookupError``."""
    plan = _utf8x._arrow_plan("decode", encoding, errors)
    return _each(arr, lambda a, first, what: _convert(plan, a, first, what, pa.string()), "decode")


def encode(arr: ArrayLike, encoding: str, errors: str = "strict") -> ArrayLike:
    """A binary array: each value, UTF-8 text, encoded to ``encoding``. ``errors``:
    ``"strict"`` raises ``ValueError`` for a value that is not UTF-8 or holds a character the
    encoding lacks, naming its index and the byte offset; ``"replace"`` writes ``?`` for such a
    character (and reads bad UTF-8 as U+FFFD first); ``"ignore"`` drops it."""
    plan = _utf8x._arrow_plan("encode", encoding, errors)
    return _each(arr, lambda a, first, what: _convert(plan, a, first, what, pa.binary()), "encode")


# The three layouts of the types taken, by their type predicates.
_LAYOUTS = (
    (pa.types.is_binary, "small"),
    (pa.types.is_string, "small"),
    (pa.types.is_large_binary, "large"),
    (pa.types.is_large_string, "large"),
    (pa.types.is_binary_view, "views"),
    (pa.types.is_string_view, "views"),
)


def _layout(kind: pa.DataType, name: str, whole: pa.DataType = None) -> str:
    for test, layout in _LAYOUTS:
        if test(kind):
            return layout
    kind = whole or kind
    raise TypeError(
        f"utf8x.arrow.{name} takes binary, string, their large_ and _view types, or "
        f"dictionaries of them, not {kind}"
    )


def _each(arr, fn, name: str):
    """Applies ``fn(array, first_index, what)`` to a plain array, each chunk of a chunked one,
    or the dictionary of a dictionary array."""
    if isinstance(arr, pa.ChunkedArray):
        # Checked before the first chunk, so an empty chunked array is refused alike.
        _check_type(arr.type, name)
        chunks, first = [], 0
        for chunk in arr.chunks:
            chunks.append(_one(chunk, fn, name, first))
            first += len(chunk)
        if chunks:
            return pa.chunked_array(chunks)
        return pa.chunked_array([], type=_one(pa.array([], arr.type), fn, name, 0).type)
    if not isinstance(arr, pa.Array):
        raise TypeError(
            f"utf8x.arrow.{name} takes a pyarrow Array or ChunkedArray, not {type(arr).__name__}"
        )
    return _one(arr, fn, name, 0)


def _check_type(kind: pa.DataType, name: str) -> None:
    _layout(kind.value_type if pa.types.is_dictionary(kind) else kind, name, kind)


def _one(arr: pa.Array, fn, name: str, first: int):
    _check_type(arr.type, name)
    if pa.types.is_dictionary(arr.type):
        try:
            out = fn(arr.dictionary, 0, "dictionary value")
        except ValueError as e:
            # A strict conversion failed on a value (its message names it): again without the
            # values no index uses, unless every value is used.
            if "the dictionary value at index" not in str(e):
                raise
            used = _used_values(arr)
            if used is None:
                raise
            out = fn(used, 0, "dictionary value")
        if pa.types.is_boolean(out.type) or pa.types.is_struct(out.type):
            return out.take(arr.indices)
        return pa.DictionaryArray.from_arrays(arr.indices, out)
    return fn(arr, first, "value")


def _used_values(arr: pa.DictionaryArray):
    """The dictionary of ``arr`` with the values no index uses made null (the same buffers,
    another validity bitmap), or None when every value is used."""
    values = arr.dictionary
    off, n = values.offset, len(values)
    wanted = pc.add(arr.indices.drop_null().cast(pa.int64()), off)
    # Over the bitmap's first `off + n` bits, the values' own bits from `off` on: positions
    # 0..off+n counted in Arrow (a Python range would be slow for millions of values).
    positions = pc.subtract(pc.cumulative_sum(pa.repeat(pa.scalar(1, pa.int64()), off + n)), 1)
    used = pc.is_in(positions, value_set=wanted)
    if pc.all(used.slice(off)).as_py():
        return None
    if values.null_count:
        valid = pa.Array.from_buffers(pa.bool_(), off + n, [None, values.buffers()[0]])
        used = pc.and_(used, valid)
    return pa.Array.from_buffers(
        values.type, n, [used.buffers()[1]] + values.buffers()[1:], offset=off
    )


def _parts(arr: pa.Array, name: str):
    """The arguments that describe ``arr`` to the compiled functions: layout, length, offset,
    validity bitmap (None without nulls), offsets or views, data buffers."""
    layout = _layout(arr.type, name)
    buffers = arr.buffers()
    validity = buffers[0] if arr.null_count else None
    empty = pa.py_buffer(b"")
    index = buffers[1] if buffers[1] is not None else empty
    data = [b if b is not None else empty for b in buffers[2:]]
    return layout, len(arr), arr.offset, validity, index, data


def _shared_validity(arr: pa.Array):
    """The input's validity bitmap from the byte of the array's first bit: the outputs that
    start ``offset % 8`` slots into their own buffers share it."""
    if not arr.null_count:
        return None
    return arr.buffers()[0].slice(arr.offset // 8)


def _is_valid(arr: pa.Array, first: int, what: str) -> pa.Array:
    bits = _utf8x._arrow_is_valid(_parts(arr, "is_valid"))
    return pa.Array.from_buffers(
        pa.bool_(),
        len(arr),
        [_shared_validity(arr), pa.py_buffer(bits)],
        null_count=arr.null_count,
        offset=arr.offset % 8,
    )


def _errors(arr: pa.Array, first: int, what: str) -> pa.Array:
    bits, offsets, lengths, kind_offsets, kinds = _utf8x._arrow_errors(_parts(arr, "errors"))
    n = len(arr)
    bits = pa.py_buffer(bits)
    children = [
        pa.Array.from_buffers(pa.int64(), n, [bits, pa.py_buffer(offsets)]),
        pa.Array.from_buffers(pa.int64(), n, [bits, pa.py_buffer(lengths)]),
        pa.Array.from_buffers(
            pa.string(), n, [bits, pa.py_buffer(kind_offsets), pa.py_buffer(kinds)]
        ),
    ]
    return pa.Array.from_buffers(_ERROR_TYPE, n, [bits], children=children)


def _out_type(layout: str, out: pa.DataType) -> pa.DataType:
    """The output type for a layout: `out` (string or binary), or its large_ or _view twin."""
    string = out == pa.string()
    if layout == "views":
        return pa.string_view() if string else pa.binary_view()
    if layout == "large":
        return pa.large_string() if string else pa.large_binary()
    return out


def _convert(plan, arr: pa.Array, first: int, what: str, out: pa.DataType) -> pa.Array:
    parts = _parts(arr, "convert")
    layout, n, offset, _, _, data = parts
    index_out, data_out, size, shares = _utf8x._arrow_convert(
        plan, parts, first, what, pa.allocate_buffer, _VIEW_BUFFER_BYTES
    )
    if index_out is None:
        # Every value came out as it went in: the input's buffers, under the output's type.
        return arr.view(_out_type(layout, out))
    if isinstance(data_out, list):
        # A view output's new data buffers, each 1 GiB at most but for a longer value.
        new = [pa.py_buffer(b) for b in data_out]
    else:
        if not isinstance(data_out, pa.Buffer):
            data_out = pa.py_buffer(data_out)
        new = [data_out.slice(0, size)]
    buffers = (list(data) if shares else []) + new
    return pa.Array.from_buffers(
        _out_type(layout, out),
        n,
        [_shared_validity(arr), pa.py_buffer(index_out)] + buffers,
        null_count=arr.null_count,
        offset=offset % 8,
    )

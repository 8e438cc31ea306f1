"""UTF-8 validation and transcoding by utf8x, with CPython's codec semantics.

    >>> import utf8x
    >>> utf8x.decode(b"caf\\xc3\\xa9 \\xff", errors="replace")
    'café \\ufffd'

Whole pyarrow arrays: ``import utf8x.arrow`` (which imports pyarrow; this module does not).
"""

import codecs
from typing import TYPE_CHECKING, Optional, Union

from ._utf8x import (
    KERNEL,
    ColumnError,
    StreamDecoder,
    Utf8Error,
    count,
    decode,
    encode,
    is_valid,
    validate,
    validate_many,
    validate_offsets,
)

__all__ = [
    "ENCODINGS",
    "ERRORS",
    "KERNEL",
    "ColumnError",
    "IncrementalDecoder",
    "Utf8Error",
    "count",
    "decode",
    "encode",
    "is_valid",
    "validate",
    "validate_column",
    "validate_many",
    "validate_offsets",
]

#: Every encoding name accepted (aliases such as "utf8", "latin1", "windows-1252" work too).
ENCODINGS = (
    "utf-8",
    "utf-16-le",
    "utf-16-be",
    "utf-32-le",
    "utf-32-be",
    "latin-1",
    "cp1252",
    "cesu-8",
    "mutf-8",
    "wtf-8",
    "rfc2279",
)

#: The error handlers: CPython's four, plus "fallback" (HTML's reading of bad UTF-8 bytes as
#: Windows-1252 characters).
ERRORS = ("strict", "replace", "ignore", "surrogateescape", "fallback")


class IncrementalDecoder(codecs.IncrementalDecoder):
    """A codecs.IncrementalDecoder over utf8x's streaming conversion: chunks may be cut
    anywhere, and the joined output equals utf8x.decode of the joined input."""

    def __init__(self, errors: str = "strict", encoding: str = "utf-8") -> None:
        super().__init__(errors)
        self.encoding = encoding
        self._stream = StreamDecoder(encoding, errors)

    def decode(self, input, final: bool = False) -> str:
        return self._stream.decode(input, final)

    def reset(self) -> None:
        self._stream.reset()

    def getstate(self):
        return (self._stream.buffered(), 0)

    def setstate(self, state) -> None:
        self._stream.reset()
        if state[0]:
            self._stream.decode(state[0], False)


if TYPE_CHECKING:  # pyarrow is not needed at run time here (see utf8x.arrow).
    import pyarrow


def validate_column(column: "Union[pyarrow.Array, pyarrow.ChunkedArray]") -> Optional[ColumnError]:
    """Validates each value of a pyarrow string or binary column as UTF-8, on its own.

    ``column`` is a ``pyarrow`` ``StringArray``, ``LargeStringArray``, ``BinaryArray`` or
    ``LargeBinaryArray``, or a ``ChunkedArray`` of one of them. Its buffers are read in place,
    from the array's ``offset`` on; null values are not checked (Arrow leaves their bytes
    unspecified). Returns None when every value is valid, else a :class:`ColumnError` for the
    first invalid value: its ``index`` in the column (across chunks) and the error's ``offset``
    inside the value. Each value stands alone: ``caf\\xc3`` followed by ``\\xa9lait`` is two
    invalid values, although their concatenation is valid.
    """
    chunks = getattr(column, "chunks", None)
    if chunks is None:
        return _validate_array(column, 0)
    first = 0
    for chunk in chunks:
        error = _validate_array(chunk, first)
        if error is not None:
            return error
        first += len(chunk)
    return None


def _validate_array(array, first: int) -> Optional[ColumnError]:
    import pyarrow

    if not isinstance(array, pyarrow.Array):
        raise TypeError(f"validate_column takes a pyarrow Array or ChunkedArray, not {type(array).__name__}")
    kind = array.type
    if pyarrow.types.is_string(kind) or pyarrow.types.is_binary(kind):
        width, code = 4, "i"
    elif pyarrow.types.is_large_string(kind) or pyarrow.types.is_large_binary(kind):
        width, code = 8, "q"
    else:
        raise TypeError(f"validate_column takes string and binary arrays (large or not), not {kind}")
    n = len(array)
    if n == 0:
        return None
    validity, offsets, values = array.buffers()
    start = array.offset
    # Zero-copy views: the n + 1 offsets of this array (a slice of a larger one starts inside
    # the buffer), and the whole values buffer, which those offsets index.
    offsets = memoryview(offsets)[start * width : (start + n + 1) * width].cast(code)
    if len(offsets) != n + 1:
        raise ValueError(f"the offsets buffer holds fewer than the {n + 1} offsets of {n} values")
    if array.null_count == 0:
        validity = None
    return validate_offsets(
        b"" if values is None else values, offsets, validity, start, first
    )

"""UTF-8 validation and transcoding by utf8x, with CPython's codec semantics.

    >>> import utf8x
    >>> utf8x.decode(b"caf\\xc3\\xa9 \\xff", errors="replace")
    'café \\ufffd'
"""

import codecs

from ._utf8x import KERNEL, StreamDecoder, Utf8Error, count, decode, encode, is_valid, validate

__all__ = [
    "ENCODINGS",
    "ERRORS",
    "KERNEL",
    "IncrementalDecoder",
    "Utf8Error",
    "count",
    "decode",
    "encode",
    "is_valid",
    "validate",
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

from typing import Any, Callable, Iterable, List, Optional, Tuple, Union
import array
import mmap

# Any object with the buffer protocol is accepted; these are the usual ones. Items must be
# bytes, or units of the encoding read (2 bytes for UTF-16, 4 for UTF-32).
Buffer = Union[bytes, bytearray, memoryview, mmap.mmap, array.array]

KERNEL: str

class Utf8Error:
    offset: int
    length: int
    kind: str
    reason: str

class ColumnError:
    index: int
    offset: int
    length: int
    kind: str
    reason: str

class StreamDecoder:
    def __init__(self, encoding: str = "utf-8", errors: str = "strict") -> None: ...
    def decode(self, input: Buffer, final_: bool = False) -> str: ...
    def reset(self) -> None: ...
    def buffered(self) -> bytes: ...

# threads: the most threads a call uses (0: every core), one per mebibyte of input at most;
# the result is the same for every value. Every call reads its buffer without the GIL.
def validate(b: Buffer, threads: int = 1) -> Optional[Utf8Error]: ...
def is_valid(b: Buffer, threads: int = 1) -> bool: ...
def count(b: Buffer, errors: Optional[str] = None) -> int: ...
def decode(
    b: Buffer, encoding: str = "utf-8", errors: str = "strict", threads: int = 1
) -> str: ...
def encode(s: str, encoding: str = "utf-8", errors: str = "strict") -> bytes: ...
def validate_offsets(
    values: Buffer,
    offsets: Buffer,
    validity: Optional[Buffer] = None,
    validity_offset: int = 0,
    first_index: int = 0,
) -> Optional[ColumnError]: ...
def validate_many(values: Iterable[Buffer]) -> Optional[ColumnError]: ...

# The compiled half of utf8x.arrow (see utf8x/arrow.py, which is the API).
class OwnedBuffer: ...
class ArrowPlan: ...

def _arrow_plan(op: str, encoding: Optional[str], errors: str) -> ArrowPlan: ...
# An array's parts: layout, length, offset, validity, offsets or views, data buffers.
_Parts = Tuple[str, int, int, Optional[Buffer], Buffer, List[Buffer]]

def _arrow_whatwg_encodings() -> List[str]: ...
def _arrow_is_valid(parts: _Parts) -> OwnedBuffer: ...
def _arrow_errors(
    parts: _Parts,
) -> Tuple[OwnedBuffer, OwnedBuffer, OwnedBuffer, OwnedBuffer, OwnedBuffer]: ...
def _arrow_convert(
    plan: ArrowPlan,
    parts: _Parts,
    first_index: int,
    what: str,
    alloc: Callable[[int], Any],
    view_buffer_bytes: int,
) -> Tuple[Optional[OwnedBuffer], Any, int, bool]: ...

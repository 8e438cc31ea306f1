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

def validate(b: Buffer) -> Optional[Utf8Error]: ...
def is_valid(b: Buffer) -> bool: ...
def count(b: Buffer, errors: Optional[str] = None) -> int: ...
def decode(b: Buffer, encoding: str = "utf-8", errors: str = "strict") -> str: ...
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
def _arrow_encodings() -> List[str]: ...
def _arrow_is_valid(
    layout: str, n: int, offset: int, validity: Optional[Buffer], index: Buffer, data: List[Buffer]
) -> OwnedBuffer: ...
def _arrow_errors(
    layout: str, n: int, offset: int, validity: Optional[Buffer], index: Buffer, data: List[Buffer]
) -> Tuple[OwnedBuffer, OwnedBuffer, OwnedBuffer, OwnedBuffer, OwnedBuffer]: ...
def _arrow_convert(
    plan: ArrowPlan,
    layout: str,
    n: int,
    offset: int,
    validity: Optional[Buffer],
    index: Buffer,
    data: List[Buffer],
    first_index: int,
    what: str,
    alloc: Callable[[int], Any],
) -> Tuple[Optional[OwnedBuffer], Any, int, bool]: ...

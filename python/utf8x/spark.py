"""utf8x as Spark column functions (Spark 4.1 and later), in the JVM or through Arrow.

    >>> from pyspark.sql import functions as F
    >>> import utf8x.spark as us
    >>> df.select(us.is_valid("raw"), us.make_valid("raw", errors="fallback"),
    ...           us.decode("legacy", "windows-1251"), us.error_offset("raw"))

Each function takes a column name or a ``Column`` of binary or string type and returns a
``pyspark.sql.Column``. Null in is null out. Two paths do the work, chosen once per session:

- **in the JVM**, where the session has utf8x-spark.jar on its classpath (``spark.jars``; built
  by scripts/spark-jar.sh): ``is_valid``, ``error_offset`` and ``make_valid`` register the
  jar's functions (``utf8x_is_valid``... in SQL) and call them on the column cast to binary
  (Spark copies a string's bytes, decoding nothing). Each calls the C library on each value
  through JNI: no trip to Python at all;
- **through Arrow** otherwise, and always for ``errors`` and ``decode``: an Arrow UDF
  (``pyspark.sql.functions.arrow_udf``) hands each batch of the column to a Python worker as a
  ``pyarrow.Array``, with no pandas conversion, and ``utf8x.arrow`` works on its buffers in
  place. So the executors' Python needs ``utf8x`` and ``pyarrow``.

docs/spark.md says how to ship either to the executors.

Checks happen where they are cheapest and earliest:

- names of encodings and error policies are checked here, in the driver, when the ``Column`` is
  built: an unknown one raises ``LookupError``/``ValueError`` before any query exists;
- the column's type is checked when Spark resolves the query (``df.select(...)``, before any task
  runs): the input sits in ``CASE WHEN coalesce(col, CAST(NULL AS BINARY)) IS NULL AND false
  THEN NULL ELSE col END``, which Spark's analyzer refuses, naming the column and its type,
  unless the column is binary or string, and which its optimizer then reduces to ``col``. The
  workers check the Arrow type again.

A strict ``decode`` that meets a value it cannot decode fails the query with ``ValueError``
naming the encoding, the reason, the byte offset inside the value and the value's first bytes.
(Spark rows have no stable index, so the offset is the one inside the value.)
"""

import re
import weakref
from typing import Union

import pyarrow as pa
import pyarrow.compute as pc
from pyspark.sql import Column, SparkSession
from pyspark.sql import functions as F

from . import arrow as _arrow

__all__ = ["decode", "error_offset", "errors", "is_valid", "make_valid"]

ColumnOrName = Union[Column, str]

_ERROR_TYPE = "struct<offset: bigint, length: bigint, kind: string>"


def is_valid(col: ColumnOrName) -> Column:
    """A boolean column: whether each value is UTF-8 (RFC 3629); null for null. As Spark's
    ``is_valid_utf8``, for binary columns too."""
    if _in_jvm():
        return _jvm_call("is_valid", "utf8x_is_valid", col)
    return _udf("is_valid", "boolean", col, _arrow.is_valid)


def error_offset(col: ColumnOrName) -> Column:
    """A bigint column: the byte offset of the first ill-formed sequence of each value that is
    not UTF-8; null where the value is valid, and for null."""
    if _in_jvm():
        return _jvm_call("error_offset", "utf8x_error_offset", col)
    return _udf("error_offset", "bigint", col, _offsets_of)


def errors(col: ColumnOrName) -> Column:
    """A struct column ``{offset, length, kind}`` (as ``utf8x.arrow.errors``): where the first
    ill-formed sequence of each value starts, its length (0: the value ends inside a character)
    and its kind (``"invalid_lead"``, ``"too_short"``, ...); null where valid, and for null."""
    return _udf("errors", _ERROR_TYPE, col, _arrow.errors)


def make_valid(col: ColumnOrName, errors: str = "replace") -> Column:
    """A string column: each value as UTF-8, its ill-formed parts replaced by U+FFFD (one per
    maximal subpart, as Python's ``errors="replace"`` and Spark's ``make_valid_utf8``),
    dropped (``"ignore"``), or each of their bytes read as Windows-1252 (``"fallback"``)."""
    _check_names(lambda a: _arrow.make_valid(a, errors))
    if _in_jvm():
        # The function's result is binary: the cast takes its bytes as the string's, as they are.
        return _jvm_call("make_valid", _MAKE_VALID_SQL[errors], col, result="string")
    return _udf("make_valid", "string", col, lambda a: _arrow.make_valid(a, errors))


def decode(col: ColumnOrName, encoding: str, errors: str = "strict") -> Column:
    """A string column: each value decoded from ``encoding`` (any of ``utf8x.arrow.ENCODINGS``
    and their aliases: ``"windows-1251"``, ``"shift_jis"``, ``"latin-1"``, ...). ``errors``:
    ``"strict"`` (a value that does not decode fails the query), ``"replace"``, ``"ignore"``
    or ``"fallback"``."""
    _check_names(lambda a: _arrow.decode(a, encoding, errors))
    name = _describe(col)

    def run(arr: pa.Array) -> pa.Array:
        try:
            return _arrow.decode(arr, encoding, errors)
        except ValueError as e:
            raise ValueError(_strict_failure(name, encoding, arr, e)) from None

    return _udf("decode", "string", col, run)


# The functions of utf8x-spark.jar (spark/src/org/utf8x/spark): SQL name, class, result type.
_JVM_FUNCTIONS = {
    "utf8x_is_valid": ("org.utf8x.spark.IsValid", "boolean"),
    "utf8x_error_offset": ("org.utf8x.spark.ErrorOffset", "bigint"),
    "utf8x_make_valid": ("org.utf8x.spark.MakeValid", "binary"),
    "utf8x_make_valid_ignore": ("org.utf8x.spark.MakeValidIgnore", "binary"),
    "utf8x_make_valid_fallback": ("org.utf8x.spark.MakeValidFallback", "binary"),
}
_MAKE_VALID_SQL = {
    "replace": "utf8x_make_valid",
    "ignore": "utf8x_make_valid_ignore",
    "fallback": "utf8x_make_valid_fallback",
}

# Per session: whether it runs the JVM functions (decided at its first use here).
_PATHS: "weakref.WeakKeyDictionary[SparkSession, bool]" = weakref.WeakKeyDictionary()


def _use_jvm(session: SparkSession) -> bool:
    """Whether ``session`` runs utf8x.spark's functions in the JVM: the first call registers
    the jar's functions under their SQL names (``utf8x_is_valid``...), which works where
    utf8x-spark.jar is on the session's classpath (``spark.jars``), and remembers the answer;
    the later calls return it. Without the jar, the functions run through Arrow."""
    try:
        return _PATHS[session]
    except KeyError:
        pass
    functions = iter(_JVM_FUNCTIONS.items())
    name, (cls, returns) = next(functions)
    try:
        session.udf.registerJavaFunction(name, cls, returns)
        found = True
    except Exception:  # the class is missing (Spark's AnalysisException), or no JVM at all
        found = False
    if found:
        # The jar is there: a function it lacks is an error, not a reason to use Arrow.
        for name, (cls, returns) in functions:
            session.udf.registerJavaFunction(name, cls, returns)
    _PATHS[session] = found
    return found


def _in_jvm() -> bool:
    session = SparkSession.getActiveSession()
    return session is not None and _use_jvm(session)


def _jvm_call(name: str, sql: str, col: ColumnOrName, result: str = "") -> Column:
    """The jar's function ``sql`` on ``col``: type-checked as for the Arrow path, then cast to
    binary (the functions take the bytes; a cast of a binary column is no operation)."""
    out = F.call_function(sql, _typed(col).cast("binary"))
    if result:
        out = out.cast(result)
    return out.alias(f"utf8x_{name}({_short(col)})")


def _offsets_of(arr: pa.Array) -> pa.Array:
    # struct_field, not StructArray.field: it keeps the struct's nulls.
    return pc.struct_field(_arrow.errors(arr), "offset")


def _check_names(call) -> None:
    """Runs ``call`` on an empty binary array, in the driver: utf8x.arrow checks the encoding
    and policy names before it looks at a value, so an unknown one raises here."""
    call(pa.array([], pa.binary()))


def _describe(col: ColumnOrName) -> str:
    return repr(col) if isinstance(col, str) else str(col)


def _typed(col: ColumnOrName) -> Column:
    """``col``, refused by Spark's analyzer unless it is binary or string: ``coalesce`` needs
    one type for its arguments, and only a string converts to binary implicitly. The test sits
    in a condition that is always false, so the optimizer drops it and the column goes to the
    workers as it is (a cast of strings to binary, the simpler guard, copies every value in the
    JVM; the plan keeps no trace of this one)."""
    col = F.col(col) if isinstance(col, str) else col
    if not isinstance(col, Column):
        raise TypeError(
            f"utf8x.spark takes a column name or a pyspark.sql.Column, not {type(col).__name__}"
        )
    refused = F.coalesce(col, F.lit(None).cast("binary")).isNull() & F.lit(False)
    return F.when(refused, F.lit(None)).otherwise(col)


# The Arrow types Spark sends for binary and string columns (large_ ones with
# spark.sql.execution.arrow.useLargeVarTypes).
_TEXT = (pa.types.is_binary, pa.types.is_large_binary, pa.types.is_string, pa.types.is_large_string)


def _udf(name: str, returns: str, col: ColumnOrName, fn) -> Column:
    what = _describe(col)
    typed = _typed(col)

    def run(arr: pa.Array) -> pa.Array:
        if not any(test(arr.type) for test in _TEXT):
            raise TypeError(
                f"utf8x.spark.{name}({what}) takes a binary or string column, not {arr.type}"
            )
        return fn(arr)

    run.__name__ = f"utf8x_{name}"
    return F.arrow_udf(run, returns)(typed).alias(f"utf8x_{name}({_short(col)})")


def _short(col: ColumnOrName) -> str:
    if isinstance(col, str):
        return col
    m = re.fullmatch(r"Column<'(.*)'>", str(col), re.S)
    return m.group(1) if m else str(col)


_STRICT = re.compile(r"cannot decode the value at index (\d+) from ([^:]+): (.*)", re.S)


def _strict_failure(what: str, encoding: str, arr: pa.Array, e: ValueError) -> str:
    """utf8x.arrow's message names the value's index in the Arrow batch, which means nothing to
    the query's author; the message here keeps the reason and the offset inside the value and
    shows the value's first bytes instead."""
    m = _STRICT.fullmatch(str(e))
    if not m:
        return f"utf8x.spark.decode({what}, {encoding!r}): {e}"
    value = arr[int(m.group(1))].as_py()
    head = value[:32] if isinstance(value, bytes) else value
    return (
        f"utf8x.spark.decode({what}, {encoding!r}): a value is not {m.group(2)}: "
        f"{m.group(3)}; the value starts {head!r}"
    )

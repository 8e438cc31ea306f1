"""The ``utf8x`` expression namespace of Polars: importing this module registers it.

    >>> import polars as pl
    >>> import utf8x.polars
    >>> df = pl.DataFrame({"b": [b"caf\\xc3\\xa9", b"caf\\xe9", None]})
    >>> df.select(pl.col("b").utf8x.make_valid())["b"].to_list()
    ['café', 'caf\\ufffd', None]

The functions are a compiled Polars expression plugin in utf8x's extension module: Polars
calls them on whole chunks, without Python. They take Binary and String columns (String values
are checked too: readers can put bytes that are not UTF-8 in them); null stays null.
"""

import polars as pl
from polars.plugins import register_plugin_function

from . import _utf8x
from . import decode as _decode

__all__ = ["Utf8xNamespace"]

# Polars loads the plugin from this file (the extension module, already loaded by Python).
_PLUGIN = _utf8x.__file__


def _check_encoding(encoding: str) -> None:
    """A LookupError now, at the expression's construction, for an unknown encoding."""
    if not isinstance(encoding, str):
        raise TypeError(f"encoding must be a str, not {type(encoding).__name__}")
    _decode(b"", encoding)


def _check_errors(errors: str, allowed: tuple) -> None:
    if errors not in allowed:
        raise ValueError(f"unknown errors {errors!r} (expected one of {', '.join(allowed)})")


@pl.api.register_expr_namespace("utf8x")
class Utf8xNamespace:
    """``expr.utf8x``: UTF-8 validation and transcoding of Binary and String columns."""

    def __init__(self, expr: pl.Expr) -> None:
        self._expr = expr

    def _call(self, name: str, **kwargs: str) -> pl.Expr:
        # A large chunk is validated on as many threads as Polars' pool has (POLARS_MAX_THREADS).
        return register_plugin_function(
            plugin_path=_PLUGIN,
            function_name=f"utf8x_{name}",
            args=self._expr,
            kwargs={**kwargs, "threads": pl.thread_pool_size()},
            is_elementwise=True,
        )

    def is_valid(self) -> pl.Expr:
        """Boolean: each value is valid UTF-8 (RFC 3629) on its own."""
        return self._call("is_valid")

    def error_offset(self) -> pl.Expr:
        """Int64: the byte offset of the first ill-formed sequence of each value; null where
        the value is valid."""
        return self._call("error_offset")

    def make_valid(self, errors: str = "replace") -> pl.Expr:
        """String: each value as UTF-8, its ill-formed sequences replaced by U+FFFD (one per
        maximal subpart, as ``bytes.decode(errors="replace")``), dropped ("ignore"), or read
        as Windows-1252 characters ("fallback"). Valid values are not copied."""
        _check_errors(errors, ("replace", "ignore", "fallback"))
        return self._call("make_valid", errors=errors)

    def decode(self, encoding: str, errors: str = "strict") -> pl.Expr:
        """String: each value decoded from ``encoding`` (a name of ``utf8x.ENCODINGS``).
        "strict" fails the query with an error that names the value and the byte offset;
        "replace", "ignore" and "fallback" as in ``make_valid``."""
        _check_encoding(encoding)
        _check_errors(errors, ("strict", "replace", "ignore", "fallback"))
        return self._call("decode", encoding=encoding, errors=errors)

    def encode(self, encoding: str) -> pl.Expr:
        """Binary: each value encoded in ``encoding``; a character the encoding cannot hold
        (or a String value that is not UTF-8) fails the query with an error that names the
        value and the byte offset."""
        _check_encoding(encoding)
        return self._call("encode", encoding=encoding)

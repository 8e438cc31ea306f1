"""The DuckDB extension, loaded into the DuckDB of the `duckdb` Python package.

Oracles: CPython's codecs (`bytes.decode` / `str.encode`, with their error handlers and
offsets), DuckDB's own `decode()`/`encode()`, and, for the error kinds, the table of RFC 3629
written out below (`expected_kind`). Never the extension itself.

The extension is `target/duckdb/utf8x.duckdb_extension` (`make duckdb`), or the file
UTF8X_DUCKDB_EXTENSION names.
"""

import codecs
import os
import random
import re

import duckdb
import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXTENSION = os.environ.get(
    "UTF8X_DUCKDB_EXTENSION", os.path.join(ROOT, "target", "duckdb", "utf8x.duckdb_extension")
)

# DuckDB's vector size: tables larger than this run through several chunks.
VECTOR = 2048


@pytest.fixture(scope="module")
def con():
    if not os.path.exists(EXTENSION):
        pytest.fail(f"{EXTENSION} is missing: run `make duckdb` first")
    c = duckdb.connect(config={"allow_unsigned_extensions": "true"})
    c.execute(f"LOAD '{EXTENSION}'")
    return c


def table(con, name, values, kind="BLOB"):
    """A table `name(i BIGINT, b <kind>)` holding `values` in order (None is NULL)."""
    # One statement (row-by-row inserts take minutes for the larger tables).
    con.execute(
        f"CREATE OR REPLACE TABLE {name} AS "
        f"SELECT unnest(range(len(v))) AS i, unnest(v) AS b FROM (SELECT ?::{kind}[] AS v)",
        [list(values)],
    )
    return name


def column(con, sql):
    return [r[0] for r in con.execute(sql).fetchall()]


def py_valid(b):
    try:
        b.decode("utf-8")
        return True
    except UnicodeDecodeError:
        return False


# --- the error kinds, as RFC 3629's table defines them ----------------------------------------

def expected_kind(b, at):
    """The kind of the ill-formed sequence that starts at `b[at]` (CPython found the offset)."""
    lead = b[at]
    rest = b[at + 1:]
    if 0x80 <= lead <= 0xBF:
        return "unexpected_continuation"
    if lead in (0xC0, 0xC1):
        return "overlong"
    if lead >= 0xF8:
        return "invalid_lead"
    if 0xF5 <= lead <= 0xF7:
        return "too_large"
    # A lead of 2..4 bytes: the range its second byte must fall in, and what else it means.
    second = {0xE0: (0xA0, 0xBF), 0xED: (0x80, 0x9F), 0xF0: (0x90, 0xBF), 0xF4: (0x80, 0x8F)}
    low, high = second.get(lead, (0x80, 0xBF))
    need = 1 if lead < 0xE0 else 2 if lead < 0xF0 else 3
    if not rest:
        return "incomplete"
    if not low <= rest[0] <= high:
        if 0x80 <= rest[0] <= 0xBF:
            return {0xE0: "overlong", 0xF0: "overlong", 0xED: "surrogate", 0xF4: "too_large"}[lead]
        return "too_short"
    for i in range(1, need):
        if i >= len(rest):
            return "incomplete"
        if not 0x80 <= rest[i] <= 0xBF:
            return "too_short"
    raise AssertionError(f"no error at {at} in {b!r}")


def python_error(b):
    """(offset, length as the C API counts it, kind) of the first error of `b`, or None."""
    try:
        b.decode("utf-8")
        return None
    except UnicodeDecodeError as e:
        kind = expected_kind(b, e.start)
        # CPython counts the bytes of an incomplete last sequence; the C API gives it length 0.
        length = 0 if kind == "incomplete" else e.end - e.start
        assert kind != "incomplete" or e.reason == "unexpected end of data"
        return {"offset": e.start, "length": length, "kind": kind}


# Each kind of error, as the bytes that make it (followed by ASCII unless it ends the value).
BAD = {
    "invalid_lead": [b"\xff", b"\xf8\x80\x80\x80\x80", b"\xfe"],
    "unexpected_continuation": [b"\x80", b"\xbf\xbf"],
    "too_short": [b"\xc3A", b"\xe2\x82A", b"\xf0\x9f\x98A"],
    "overlong": [b"\xc0\x80", b"\xc1\xbf", b"\xe0\x80\x80", b"\xf0\x80\x80\x80"],
    "surrogate": [b"\xed\xa0\x80", b"\xed\xbf\xbf"],
    "too_large": [b"\xf4\x90\x80\x80", b"\xf5\x80\x80\x80", b"\xf7\xbf\xbf\xbf"],
    "incomplete": [b"\xc3", b"\xe2\x82", b"\xf0\x9f\x98"],
}
PREFIXES = [b"", b"a", "é".encode(), b"x" * 15, "日本語".encode() * 7, "😀".encode() * 40, b"y" * 1000]


def bad_values():
    out = []
    for kind, seqs in BAD.items():
        for seq in seqs:
            for prefix in PREFIXES:
                tail = b"" if kind == "incomplete" else b"ok"
                out.append((kind, prefix + seq + tail))
    return out


def test_every_error_kind_at_several_offsets(con):
    cases = bad_values()
    table(con, "bad", [b for _, b in cases])
    got = column(con, "SELECT utf8x_error(b) FROM bad ORDER BY i")
    valid = column(con, "SELECT utf8x_is_valid(b) FROM bad ORDER BY i")
    for (kind, b), error, ok in zip(cases, got, valid):
        expected = python_error(b)
        assert expected is not None and expected["kind"] == kind, (b, expected)
        assert error == expected, b
        assert ok is False, b


def random_values(n, seed):
    """`n` values: mostly text from several scripts, some with a random byte changed, some
    random bytes, some empty, some NULL."""
    rng = random.Random(seed)
    words = ["lorem", "été", "привет", "مرحبا", "你好", "😀", "𝄞", "\u2028", "\0", "x"]
    out = []
    for _ in range(n):
        r = rng.random()
        if r < 0.05:
            out.append(None)
            continue
        text = "".join(rng.choice(words) for _ in range(rng.randint(0, 60))).encode()
        if r < 0.35 and text:
            i = rng.randrange(len(text))
            text = text[:i] + bytes([rng.randrange(256)]) + text[i + 1:]
        elif r < 0.45:
            text = bytes(rng.randrange(256) for _ in range(rng.randint(0, 40)))
        out.append(text)
    return out


def test_large_tables_through_several_chunks(con):
    values = random_values(5 * VECTOR + 17, seed=1)
    table(con, "big", values)
    valid = column(con, "SELECT utf8x_is_valid(b) FROM big ORDER BY i")
    errors = column(con, "SELECT utf8x_error(b) FROM big ORDER BY i")
    fixed = column(con, "SELECT utf8x_make_valid(b) FROM big ORDER BY i")
    assert valid == [None if v is None else py_valid(v) for v in values]
    assert errors == [None if v is None else python_error(v) for v in values]
    assert fixed == [None if v is None else v.decode("utf-8", "replace") for v in values]
    # DuckDB's own decode agrees on validity wherever it decides.
    duck = column(con, "SELECT try(decode(b)) IS NOT NULL FROM big WHERE b IS NOT NULL ORDER BY i")
    assert duck == [py_valid(v) for v in values if v is not None]
    # An aggregate over every chunk, as a user writes it.
    n = con.execute("SELECT count(*) FILTER (WHERE utf8x_is_valid(b)) FROM big").fetchone()[0]
    assert n == sum(1 for v in values if v is not None and py_valid(v))


def test_nulls_give_null(con):
    table(con, "nulls", [None, b"ok", None, b"\xff", None])
    rows = con.execute("""
        SELECT utf8x_is_valid(b), utf8x_error(b), utf8x_make_valid(b), utf8x_make_valid(b, 'ignore'),
               utf8x_decode(b, 'latin1'), utf8x_detect(b), utf8x_encode(b::VARCHAR, 'UTF-16LE')
        FROM (SELECT i, CASE WHEN b = '\\xff'::BLOB THEN NULL ELSE b END AS b FROM nulls)
        ORDER BY i""").fetchall()
    for i, row in enumerate(rows):
        if i in (0, 2, 3, 4):
            assert row == (None,) * 7, (i, row)
        else:
            assert row == (True, None, "ok", "ok", "ok", "UTF-8", "ok".encode("utf-16-le"))
    # A NULL encoding or policy: NULL, never an error.
    assert con.execute("""
        SELECT utf8x_decode('a'::BLOB, NULL), utf8x_decode('a'::BLOB, 'utf-8', NULL),
               utf8x_make_valid('a'::BLOB, NULL), utf8x_encode('a', NULL), utf8x_encode(NULL, 'utf-8'),
               utf8x_is_valid(NULL), utf8x_error(NULL), utf8x_detect(NULL)
    """).fetchone() == (None,) * 8


def test_zero_rows(con):
    table(con, "empty", [])
    for sql in [
        "SELECT utf8x_is_valid(b) FROM empty",
        "SELECT utf8x_error(b) FROM empty",
        "SELECT utf8x_make_valid(b, 'fallback') FROM empty",
        "SELECT utf8x_decode(b, 'UTF-16LE', 'replace') FROM empty",
        "SELECT utf8x_encode(b::VARCHAR, 'UTF-32BE') FROM empty",
        "SELECT utf8x_detect(b) FROM empty",
        "SELECT utf8x_is_valid(range::VARCHAR) FROM range(0)",
    ]:
        assert con.execute(sql).fetchall() == [], sql
    assert con.execute("SELECT count(*) FILTER (WHERE utf8x_is_valid(b)) FROM empty").fetchone() == (0,)


def test_varchar_arguments_are_bytes_not_escapes(con):
    # A VARCHAR cast to BLOB would read '\xff' as one byte; the VARCHAR overloads take the text.
    assert con.execute("""
        SELECT utf8x_is_valid('\\xff'), utf8x_make_valid('a\\xffb'), utf8x_error('\\xff'),
               utf8x_decode('\\xff', 'utf-8'), utf8x_detect('héllo'), utf8x_make_valid('héllo', 'ignore'),
               utf8x_decode('x', 'latin1', 'strict')
    """).fetchone() == (True, "a\\xffb", None, "\\xff", "UTF-8", "héllo", "x")
    values = ["", "héllo", "日本語", "😀" * 100, "a\u0000b"]
    table(con, "texts", values, kind="VARCHAR")
    assert column(con, "SELECT utf8x_is_valid(b) FROM texts ORDER BY i") == [True] * len(values)
    assert column(con, "SELECT utf8x_make_valid(b) FROM texts ORDER BY i") == values
    assert column(con, "SELECT utf8x_decode(b, 'UTF-8') FROM texts ORDER BY i") == values


# --- make_valid: replace, ignore, fallback -----------------------------------------------------

# WHATWG's Windows-1252: CPython's cp1252 leaves 81 8D 8F 90 9D undefined; WHATWG maps them to
# the C1 controls of the same value.
def cp1252(byte):
    try:
        return bytes([byte]).decode("cp1252")
    except UnicodeDecodeError:
        return chr(byte)


def fallback_handler(e):
    return "".join(cp1252(b) for b in e.object[e.start:e.end]), e.end


codecs.register_error("utf8x_test_fallback", fallback_handler)


@pytest.mark.parametrize(
    "policy,handler", [("replace", "replace"), ("ignore", "ignore"), ("fallback", "utf8x_test_fallback")]
)
def test_make_valid_policies(con, policy, handler):
    values = [b for _, b in bad_values()] + [v for v in random_values(3 * VECTOR, seed=2) if v is not None]
    table(con, "mv", values)
    got = column(con, f"SELECT utf8x_make_valid(b, '{policy}') FROM mv ORDER BY i")
    assert got == [v.decode("utf-8", handler) for v in values]
    # Valid values come back as DuckDB's own decode() gives them.
    same = con.execute(f"""
        SELECT count(*) FROM mv WHERE try(decode(b)) IS NOT NULL
        AND utf8x_make_valid(b, '{policy}') IS DISTINCT FROM decode(b)""").fetchone()[0]
    assert same == 0


def test_make_valid_default_is_replace(con):
    assert con.execute("SELECT utf8x_make_valid('a\\xF0\\x9F\\x98b\\xC0\\xAF'::BLOB)").fetchone() == (
        b"a\xf0\x9f\x98b\xc0\xaf".decode("utf-8", "replace"),
    )


# --- decode and encode, every encoding ---------------------------------------------------------

TEXT = "Aé€日本語😀\u0000z"


def cesu8(text, nul_as_c080=False):
    """CESU-8 (and MUTF-8) written out: each UTF-16 unit on its own, through CPython."""
    units = text.encode("utf-16-le", "surrogatepass")
    out = b""
    for i in range(0, len(units), 2):
        u = int.from_bytes(units[i:i + 2], "little")
        out += b"\xc0\x80" if u == 0 and nul_as_c080 else chr(u).encode("utf-8", "surrogatepass")
    return out


# SQL name, CPython codec (or a function), and a text the encoding holds.
ENCODINGS = [
    ("UTF-8", "utf-8", TEXT),
    ("utf8", "utf-8", TEXT),
    ("UTF-16LE", "utf-16-le", TEXT),
    ("UTF-16BE", "utf-16-be", TEXT),
    ("UTF-16", "utf-16-le" if __import__("sys").byteorder == "little" else "utf-16-be", TEXT),
    ("UTF-32", "utf-32-le" if __import__("sys").byteorder == "little" else "utf-32-be", TEXT),
    ("WCHAR_T", "utf-32-le" if __import__("sys").byteorder == "little" else "utf-32-be", TEXT),
    ("UTF-32LE", "utf-32-le", TEXT),
    ("UTF-32BE", "utf-32-be", TEXT),
    ("ISO-8859-1", "latin-1", "Aé\u00ff\u0000z"),
    ("latin1", "latin-1", "Aé\u0080z"),
    ("WINDOWS-1252", "cp1252", "Aé€\u0178z"),
    ("cp1252", "cp1252", "Aé€z"),
    ("CESU-8", cesu8, TEXT),
    ("MUTF-8", lambda t: cesu8(t, nul_as_c080=True), TEXT),
    ("WTF-8", "utf-8", TEXT),
    ("RFC2279", "utf-8", TEXT),
]


def encoded(codec, text):
    return codec(text) if callable(codec) else text.encode(codec)


@pytest.mark.parametrize("name,codec,text", ENCODINGS)
def test_decode_and_encode_every_encoding(con, name, codec, text):
    data = encoded(codec, text)
    assert con.execute("SELECT utf8x_decode(?, ?)", [data, name]).fetchone() == (text,)
    assert con.execute("SELECT utf8x_encode(?, ?)", [text, name]).fetchone() == (data,)
    # Many rows (several chunks), each a different length, through one query.
    texts = [text[: i % (len(text) + 1)] * (i % 7) for i in range(3 * VECTOR)]
    table(con, "enc", [encoded(codec, t) for t in texts])
    assert column(con, f"SELECT utf8x_decode(b, '{name}') FROM enc ORDER BY i") == texts
    table(con, "txt", texts, kind="VARCHAR")
    assert column(con, f"SELECT utf8x_encode(b, '{name}') FROM txt ORDER BY i") == [
        encoded(codec, t) for t in texts
    ]


def test_utf8_decode_and_encode_agree_with_duckdb(con):
    values = [v for v in random_values(2 * VECTOR, seed=3) if v is not None and py_valid(v)]
    table(con, "u", values)
    assert con.execute(
        "SELECT count(*) FROM u WHERE utf8x_decode(b, 'UTF-8') IS DISTINCT FROM decode(b)"
    ).fetchone() == (0,)
    assert con.execute(
        "SELECT count(*) FROM u WHERE utf8x_encode(decode(b), 'UTF-8') IS DISTINCT FROM encode(decode(b))"
    ).fetchone() == (0,)


@pytest.mark.parametrize("codec,name", [("utf-8", "UTF-8"), ("utf-16-le", "UTF-16LE"), ("utf-16-be", "UTF-16BE"),
                                        ("utf-32-le", "UTF-32LE"), ("utf-32-be", "UTF-32BE")])
@pytest.mark.parametrize("policy", ["replace", "ignore"])
def test_decode_policies_against_cpython(con, codec, name, policy):
    rng = random.Random(4)
    values = []
    for _ in range(VECTOR + 100):
        data = bytearray("aé😀z".encode(codec) * rng.randint(0, 5))
        for _ in range(rng.randint(0, 2)):
            if data:
                data[rng.randrange(len(data))] = rng.randrange(256)
        values.append(bytes(data))
    table(con, "dp", values)
    got = column(con, f"SELECT utf8x_decode(b, '{name}', '{policy}') FROM dp ORDER BY i")
    assert got == [v.decode(codec, policy) for v in values]


def strict_error(con, data, name):
    with pytest.raises(duckdb.Error) as e:
        con.execute("SELECT utf8x_decode(?, ?)", [data, name]).fetchall()
    return str(e.value)


@pytest.mark.parametrize("codec,name", [("utf-8", "UTF-8"), ("utf-16-le", "UTF-16LE"), ("utf-16-be", "UTF-16BE"),
                                        ("utf-32-le", "UTF-32LE"), ("utf-32-be", "UTF-32BE")])
def test_strict_decode_names_the_offset(con, codec, name):
    bad = {"utf-8": b"\xff", "utf-16-le": b"\x00\xdc", "utf-16-be": b"\xdc\x00",
           "utf-32-le": b"\x00\x00\x11\x00", "utf-32-be": b"\x00\x11\x00\x00"}[codec]
    for prefix in ["", "a", "aé", "日本語😀" * 9]:
        data = prefix.encode(codec) + bad + "z".encode(codec)
        with pytest.raises(UnicodeDecodeError) as oracle:
            data.decode(codec)
        message = strict_error(con, data, name)
        assert f"byte offset {oracle.value.start} " in message, message
        assert "utf8x_decode" in message
    # The default policy is strict, and it is named.
    assert f"byte offset {len('ab'.encode(codec))} " in strict_error(
        con, "ab".encode(codec) + bad, name)


def test_strict_decode_error_in_a_later_chunk(con):
    values = ["ok".encode()] * (3 * VECTOR) + [b"abc\xe2\x28\xa1"]
    table(con, "late", values)
    with pytest.raises(duckdb.Error, match=r"invalid UTF-8 at byte offset 3 \(1 byte, too_short"):
        con.execute("SELECT utf8x_decode(b, 'UTF-8') FROM late").fetchall()


def test_truncated_units_and_sequences(con):
    # An odd byte after UTF-16 units, a UTF-8 sequence cut at the end.
    assert "byte offset 4" in strict_error(con, "ab".encode("utf-16-le") + b"\x41", "UTF-16LE")
    assert "byte offset 1" in strict_error(con, b"a\xe2\x82", "UTF-8")
    assert con.execute(
        "SELECT utf8x_decode(?, 'UTF-16LE', 'replace'), utf8x_decode(?, 'UTF-16LE', 'ignore')",
        [b"a\x00b", b"a\x00b"],
    ).fetchone() == (b"a\x00b".decode("utf-16-le", "replace"), b"a\x00b".decode("utf-16-le", "ignore"))


def test_odd_byte_after_a_high_surrogate(con):
    # CPython reads a high surrogate and the odd byte after it as one truncated sequence: one
    # U+FFFD under replace (not one for the surrogate and another for the byte).
    for codec, name in [("utf-16-le", "UTF-16LE"), ("utf-16-be", "UTF-16BE")]:
        for value in ["a\ud83d", "\ud800", "\udc00"]:
            raw = value.encode(codec, "surrogatepass") + b"\x41"
            for policy in ["replace", "ignore"]:
                got = con.execute("SELECT utf8x_decode(?, ?, ?)", [raw, name, policy]).fetchone()
                assert got == (raw.decode(codec, policy),), (raw, name, policy)


def test_encode_errors_name_the_offset(con):
    for text, name in [("aé€", "ISO-8859-1"), ("ab\u0101", "WINDOWS-1252")]:
        with pytest.raises(UnicodeEncodeError) as oracle:
            text.encode("latin-1" if name == "ISO-8859-1" else "cp1252")
        offset = len(text[: oracle.value.start].encode())
        with pytest.raises(duckdb.Error, match=rf"utf8x_encode: .*byte offset {offset} .*{name}"):
            con.execute("SELECT utf8x_encode(?, ?)", [text, name]).fetchall()


def test_detect(con):
    text = "Grüße, 日本語 and more text " * 4
    cases = [
        (text.encode(), "UTF-8"),
        (b"\xef\xbb\xbf" + text.encode(), "UTF-8"),
        (text.encode("utf-16-le"), "UTF-16LE"),
        (text.encode("utf-16-be"), "UTF-16BE"),
        (b"\xff\xfe" + text.encode("utf-16-le"), "UTF-16LE"),
        (text.encode("utf-32-le"), "UTF-32LE"),
        (b"\x00\x00\xfe\xff" + text.encode("utf-32-be"), "UTF-32BE"),
        ("Grüße aus Köln, déjà vu".encode("cp1252"), "WINDOWS-1252"),
        (b"", "UTF-8"),
    ]
    table(con, "det", [c for c, _ in cases])
    names = column(con, "SELECT utf8x_detect(b) FROM det ORDER BY i")
    assert names == [n for _, n in cases]
    # What detect names, decode takes, and gives the text back.
    for data, name in cases[2:-1]:
        back = con.execute("SELECT utf8x_decode(?, utf8x_detect(?))", [data, data]).fetchone()[0]
        assert back.lstrip("\ufeff") == data.decode({"UTF-16LE": "utf-16-le", "UTF-16BE": "utf-16-be",
                                                      "UTF-32LE": "utf-32-le", "UTF-32BE": "utf-32-be",
                                                      "WINDOWS-1252": "cp1252"}[name]).lstrip("\ufeff")


# --- bad arguments: SQL errors, and the connection still works after them ----------------------

@pytest.mark.parametrize("sql,pattern", [
    ("SELECT utf8x_decode('a'::BLOB, 'EBCDIC-XX')", r"utf8x_decode: unknown encoding 'EBCDIC-XX'"),
    ("SELECT utf8x_decode('a'::BLOB, '')", r"unknown encoding ''"),
    ("SELECT utf8x_encode('a', 'nope')", r"utf8x_encode: unknown encoding 'nope'"),
    ("SELECT utf8x_decode('a'::BLOB, 'UTF-8', 'surrogateescape')", r"unknown policy 'surrogateescape'"),
    ("SELECT utf8x_decode('a'::BLOB, 'UTF-8', 'bogus')", r"utf8x_decode: unknown policy 'bogus'"),
    ("SELECT utf8x_make_valid('a'::BLOB, 'strict')", r"utf8x_make_valid: unknown policy 'strict'"),
    ("SELECT utf8x_make_valid(b, p) FROM (VALUES ('a'::BLOB, 'replace'), ('b'::BLOB, 'nope')) t(b, p)",
     r"unknown policy 'nope'"),
])
def test_unknown_encoding_or_policy_is_an_sql_error(con, sql, pattern):
    with pytest.raises(duckdb.Error, match=pattern):
        con.execute(sql).fetchall()
    assert con.execute("SELECT utf8x_is_valid('ok'::BLOB)").fetchone() == (True,)


def test_names_are_case_insensitive_and_vary_per_row(con):
    rows = con.execute("""
        SELECT utf8x_decode(b, e, p) FROM (VALUES
            ('\\xE9'::BLOB, 'latin1', 'strict'), ('\\xE9'::BLOB, 'UTF-8', 'replace'),
            ('\\x80'::BLOB, 'Windows-1252', 'STRICT'), ('\\xE9'::BLOB, 'utf-8', 'Fallback'))
        t(b, e, p)""").fetchall()
    assert rows == [("é",), ("\ufffd",), ("€",), ("é",)]


def test_wrong_argument_types_are_binder_errors(con):
    with pytest.raises(duckdb.Error):
        con.execute("SELECT utf8x_is_valid(42)").fetchall()
    with pytest.raises(duckdb.Error):
        con.execute("SELECT utf8x_decode('a'::BLOB)").fetchall()


# --- legacy code pages (WHATWG labels, through encoding_rs) ------------------------------------

# SQL label, CPython codec, a text both define the same way.
LEGACY = [
    ("windows-1251", "cp1251", "Привет, мир"),
    ("koi8-r", "koi8-r", "Привет, мир"),
    ("iso-8859-2", "iso8859-2", "Zażółć gęślą jaźń"),
    ("windows-1253", "cp1253", "Ελληνικά"),
    ("shift_jis", "shift_jis", "日本語のテキスト"),
    ("gbk", "gbk", "中文文本"),
    ("gb18030", "gb18030", "中文😀"),
    ("big5", "big5", "繁體中文"),
    ("euc-kr", "euc-kr", "한국어 텍스트"),
]


@pytest.mark.parametrize("label,codec,text", LEGACY)
def test_legacy_code_pages_against_cpython(con, label, codec, text):
    texts = [text[: i % (len(text) + 1)] * (i % 5) for i in range(VECTOR + 50)]
    table(con, "leg", [t.encode(codec) for t in texts])
    assert column(con, f"SELECT utf8x_decode(b, '{label}') FROM leg ORDER BY i") == texts
    table(con, "legt", texts, kind="VARCHAR")
    assert column(con, f"SELECT utf8x_encode(b, '{label}') FROM legt ORDER BY i") == [
        t.encode(codec) for t in texts
    ]


def test_legacy_errors_and_policies(con):
    data = "αβ".encode("cp1253") + b"\xaa" + b"z"  # AA is undefined in Windows-1253
    with pytest.raises(UnicodeDecodeError) as oracle:
        data.decode("cp1253")
    assert f"byte offset {oracle.value.start} " in strict_error(con, data, "windows-1253")
    assert con.execute(
        "SELECT utf8x_decode(?, 'windows-1253', 'replace'), utf8x_decode(?, 'windows-1253', 'ignore')",
        [data, data],
    ).fetchone() == (data.decode("cp1253", "replace"), data.decode("cp1253", "ignore"))
    # A lead byte followed by ASCII: the decoder reads past the malformed byte before it knows.
    for label, codec, text, lead in [("shift_jis", "shift_jis", "日本", b"\x81"), ("gbk", "gbk", "中", b"\x81"),
                                     ("euc-kr", "euc-kr", "한", b"\xb0"), ("big5", "big5", "中", b"\xa4"),
                                     # GB18030: a four-byte form broken at its last byte.
                                     ("gb18030", "gb18030", "中", b"\x81\x30\x81")]:
        data = text.encode(codec) + lead + b" z"
        with pytest.raises(UnicodeDecodeError) as oracle:
            data.decode(codec)
        assert f"byte offset {oracle.value.start} " in strict_error(con, data, label)
        assert con.execute("SELECT utf8x_decode(?, ?, 'replace')", [data, label]).fetchone() == (
            data.decode(codec, "replace"),
        )
    with pytest.raises(UnicodeEncodeError) as oracle:
        "Привет€".encode("koi8-r")
    offset = len("Привет€"[: oracle.value.start].encode())
    with pytest.raises(duckdb.Error, match=rf"byte offset {offset} cannot be encoded in KOI8-R"):
        con.execute("SELECT utf8x_encode('Привет€', 'koi8-r')").fetchall()
    # 'latin1' stays ISO-8859-1 (the library's), not WHATWG's alias of windows-1252.
    assert con.execute("SELECT utf8x_decode('\\x80'::BLOB, 'latin1')").fetchone() == ("\x80",)
    with pytest.raises(duckdb.Error, match="unknown encoding 'replacement'"):
        con.execute("SELECT utf8x_decode('a'::BLOB, 'replacement')").fetchall()


def test_large_values(con):
    # Values of megabytes, repaired and decoded in buffers larger than the extension keeps
    # between chunks; then small values again on the same connection.
    big = ("日本語 text " * 400_000).encode()
    broken = big[:1_000_001] + b"\xff" + big[1_000_002:] + b"\xe2\x82"
    table(con, "huge", [broken, big, b"\xff" * 6_000_000])
    assert column(con, "SELECT utf8x_make_valid(b) FROM huge ORDER BY i") == [
        broken.decode("utf-8", "replace"), big.decode(), "\ufffd" * 6_000_000
    ]
    assert column(con, "SELECT utf8x_error(b) FROM huge ORDER BY i") == [
        python_error(broken), None, python_error(b"\xff")
    ]
    assert column(con, "SELECT octet_length(utf8x_encode(utf8x_make_valid(b), 'UTF-32LE')) FROM huge ORDER BY i") == [
        4 * len(broken.decode("utf-8", "replace")), 4 * len(big.decode()), 24_000_000
    ]
    assert con.execute("SELECT utf8x_make_valid('a\\xffb'::BLOB)").fetchone() == ("a\ufffdb",)


# --- the file itself ---------------------------------------------------------------------------

def test_footer_names_this_platform_and_the_c_api():
    with open(EXTENSION, "rb") as f:
        f.seek(-512, os.SEEK_END)
        footer = f.read(512)
    fields = [footer[i * 32:(i + 1) * 32].rstrip(b"\0").decode() for i in range(8)][::-1]
    platform = duckdb.connect().execute("PRAGMA platform").fetchone()[0]
    assert fields[0] == "4" and fields[1] == platform and fields[4] == "C_STRUCT"
    assert re.fullmatch(r"v1\.\d+\.\d+", fields[2]), fields
    assert footer[256:] == b"\0" * 256  # unsigned


def test_load_needs_unsigned_extensions_allowed():
    with pytest.raises(duckdb.Error, match="(?i)signature|unsigned"):
        duckdb.connect().execute(f"LOAD '{EXTENSION}'")

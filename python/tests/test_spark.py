"""utf8x.spark and the repair job (examples/spark/repair.py) in Spark's local mode, against
CPython's codecs: the functions on Parquet written by pyarrow (every kind of error at many
offsets, nulls, empty values, legacy text, binary and string columns, values spread over many
Arrow batches), the job's report row by row and its repaired copy, and bad input (unknown
names, wrong column types, corrupt Parquet, an output inside the input).

The functions run both ways, each test of them once per path: through Arrow, and in the JVM
(the jar's JNI functions) where the session has utf8x-spark.jar (scripts/spark-jar.sh builds it;
UTF8X_SPARK_JAR names it, else the one under target/spark is used if it is there; without it the
JVM tests skip). UTF8X_SPARK_JNI=region has the JVM read values by copies (the other way the JNI
code offers) for the whole run.

Needs pyspark, pyarrow and a Java runtime; skips without them. One Spark session serves the
module: starting one takes most of a minute on two cores."""

import hashlib
import os
import shutil
import sys
from pathlib import Path

import pytest

pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")
pytest.importorskip("pyspark")
if shutil.which("java") is None and not os.environ.get("JAVA_HOME"):
    pytest.skip("Spark needs a Java runtime (java on PATH or JAVA_HOME)", allow_module_level=True)

from pyspark.errors import AnalysisException, PythonException  # noqa: E402
from pyspark.sql import SparkSession  # noqa: E402
from pyspark.sql import functions as F  # noqa: E402

import utf8x.spark as us  # noqa: E402

# The oracles and data of utf8x.arrow's tests: CPython's codecs, and every kind of error.
from test_arrow import (  # noqa: E402
    VALUES,
    cpython_error,
    cpython_make_valid,
    cpython_valid,
    maybe,
    mixed,
)

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "examples" / "spark"))
import repair  # noqa: E402

# Small Arrow batches, so that a column reaches the functions in many batches.
BATCH = 64

ROOT = Path(__file__).resolve().parents[2]


def jar():
    """utf8x-spark.jar: UTF8X_SPARK_JAR, else the build's, if there is one."""
    named = os.environ.get("UTF8X_SPARK_JAR")
    if named:
        return named
    built = ROOT / "target" / "spark" / "utf8x-spark.jar"
    return str(built) if built.is_file() else None


@pytest.fixture(scope="module")
def spark():
    # The workers run this interpreter, which imports utf8x as the tests do.
    os.environ["PYSPARK_PYTHON"] = sys.executable
    builder = (
        SparkSession.builder.master("local[2]")
        .appName("utf8x tests")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .config("spark.sql.execution.arrow.maxRecordsPerBatch", str(BATCH))
    )
    if jar():
        builder = builder.config("spark.jars", jar())
    if os.environ.get("UTF8X_SPARK_JNI"):
        # local mode: the driver's JVM runs the tasks.
        jni = f"-Dorg.utf8x.spark.jni={os.environ['UTF8X_SPARK_JNI']}"
        builder = builder.config("spark.driver.extraJavaOptions", jni)
    session = builder.getOrCreate()
    session.sparkContext.setLogLevel("OFF")
    yield session
    session.stop()


@pytest.fixture(scope="module")
def jvm(spark):
    """Whether the session has the jar's functions (utf8x.spark registers them)."""
    return us._use_jvm(spark)


@pytest.fixture(params=["arrow", "jvm"])
def path(request, spark, jvm):
    """Runs the test once through Arrow and once in the JVM (skipped without the jar)."""
    if request.param == "jvm" and not jvm:
        pytest.skip("no utf8x-spark.jar on the session's classpath (scripts/spark-jar.sh)")
    us._PATHS[spark] = request.param == "jvm"
    yield request.param
    us._PATHS[spark] = jvm


def plan(df):
    """The physical plan, as Spark prints it."""
    return df._jdf.queryExecution().executedPlan().toString()


def parquet(tmp_path, name="values.parquet", **columns):
    """A Parquet file of binary columns (bytes or None) and string columns holding the same
    bytes unchecked, as a reader that trusts its input writes them; read back by Spark, in
    file order."""
    arrays = {}
    for col, values in columns.items():
        raw = pa.array(values, pa.binary())
        arrays[col] = raw.view(pa.string()) if col.startswith("s") else raw
    path = tmp_path / name
    pq.write_table(pa.table(arrays), path, row_group_size=97)
    return str(path)


def collect(spark, path, *columns):
    rows = spark.read.parquet(path).select(*columns).collect()
    return [list(r) for r in zip(*rows)] if rows else [[] for _ in columns]


# Legacy text and the encodings it was written in: the decode oracle is CPython's codec.
LEGACY = [
    ("windows-1251", "cp1251", ["Привет, мир", "Ёлка — ель", "№ 5", "abc", ""]),
    ("shift_jis", "shift_jis", ["日本語のテキスト", "ｶﾀｶﾅ", "abc", ""]),
    ("latin-1", "latin-1", ["café crème", "Ærø ÿ", "\x80\x9f", ""]),
    ("koi8-r", "koi8_r", ["Съешь же ещё этих", "abc"]),
]


# --- the functions ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def kinds(spark, tmp_path_factory):
    """Every kind of error at many offsets, valid text, empty values and nulls, in a binary and
    a string column."""
    path = parquet(tmp_path_factory.mktemp("kinds"), b=VALUES, s=VALUES)
    return path, VALUES


@pytest.mark.parametrize("col", ["b", "s"])
def test_is_valid_and_error_offset(spark, path, kinds, col):
    path, values = kinds
    valid, offset, errors = collect(
        spark, path, us.is_valid(col), us.error_offset(F.col(col)), us.errors(col)
    )
    assert valid == maybe(cpython_valid, values)
    expected = maybe(cpython_error, values)
    assert offset == [e and e["offset"] for e in expected]
    assert [e and e.asDict() for e in errors] == expected


@pytest.mark.parametrize("policy", ["replace", "ignore", "fallback"])
@pytest.mark.parametrize("col", ["b", "s"])
def test_make_valid(spark, path, kinds, col, policy):
    path, values = kinds
    [got] = collect(spark, path, us.make_valid(col, errors=policy))
    assert got == maybe(lambda v: cpython_make_valid(v, policy), values)


def test_make_valid_default_is_replace_as_spark(spark, path, kinds):
    path, values = kinds
    mine, spark_own = collect(spark, path, us.make_valid("s"), F.make_valid_utf8("s"))
    assert mine == maybe(lambda v: v.decode("utf-8", "replace"), values)
    # Spark's own function agrees on the U+FFFD count and place (maximal subparts).
    assert mine == spark_own


@pytest.mark.parametrize("seed", range(3))
def test_random_values_in_many_batches(spark, path, tmp_path, seed):
    values = mixed(seed, n=1000)
    path = parquet(tmp_path, s=values)
    valid, offset, fixed = collect(
        spark, path, us.is_valid("s"), us.error_offset("s"), us.make_valid("s", "fallback")
    )
    assert valid == maybe(cpython_valid, values)
    assert offset == [e and e["offset"] for e in maybe(cpython_error, values)]
    assert fixed == maybe(lambda v: cpython_make_valid(v, "fallback"), values)


def test_long_values(spark, path, tmp_path):
    """Values around and far past the 4 KiB that the JNI code copies on the stack (longer ones
    go through a buffer of the thread's, those past 1 MiB through one of their own), with an
    error at the start, at the end, and cut."""
    values = []
    for n in (4094, 4095, 4096, 4097, 100_000, (1 << 20) - 1, (1 << 20) + 1):
        text = ("é" * n).encode()[:n]  # cut inside a character when n is odd
        values += [text, b"\xff" + text, text + b"\xed\xa0\x80", text + b"\xf0\x9f\x98"]
    path_ = parquet(tmp_path, b=values, s=values)
    valid, offset, fixed, dropped = collect(
        spark,
        path_,
        us.is_valid("b"),
        us.error_offset("s"),
        us.make_valid("b", "replace"),
        us.make_valid("s", "ignore"),
    )
    assert valid == [cpython_valid(v) for v in values]
    assert offset == [e and e["offset"] for e in map(cpython_error, values)]
    assert fixed == [cpython_make_valid(v, "replace") for v in values]
    assert dropped == [cpython_make_valid(v, "ignore") for v in values]


def test_the_path_is_the_one_chosen(spark, path, kinds):
    """The JVM path's plan calls the jar's functions and no Python worker; the Arrow path's
    hands the column to one."""
    df = spark.read.parquet(kinds[0]).select(us.is_valid("s"), us.make_valid("b", "fallback"))
    shown = plan(df)
    if path == "jvm":
        assert "ArrowEvalPython" not in shown
        assert "utf8x_is_valid(cast(s#" in shown
        assert "utf8x_make_valid_fallback(b#" in shown
    else:
        assert "ArrowEvalPython" in shown


def test_sql_functions(spark, jvm, kinds):
    """The jar's functions under their SQL names, as spark.sql sees them once utf8x.spark has
    registered them (a string column cast to binary)."""
    if not jvm:
        pytest.skip("no utf8x-spark.jar on the session's classpath (scripts/spark-jar.sh)")
    file, values = kinds
    spark.read.parquet(file).createOrReplaceTempView("kinds")
    rows = spark.sql(
        "SELECT utf8x_is_valid(CAST(s AS BINARY)), utf8x_error_offset(b),"
        " CAST(utf8x_make_valid(b) AS STRING), CAST(utf8x_make_valid_ignore(b) AS STRING),"
        " CAST(utf8x_make_valid_fallback(CAST(s AS BINARY)) AS STRING) FROM kinds"
    ).collect()
    valid, offset, replaced, ignored, fallback = (list(c) for c in zip(*rows))
    assert valid == maybe(cpython_valid, values)
    assert offset == [e and e["offset"] for e in maybe(cpython_error, values)]
    for got, policy in ((replaced, "replace"), (ignored, "ignore"), (fallback, "fallback")):
        assert got == maybe(lambda v: cpython_make_valid(v, policy), values)


@pytest.mark.parametrize("encoding,codec,texts", LEGACY, ids=[e for e, _, _ in LEGACY])
def test_decode_legacy(spark, tmp_path, encoding, codec, texts):
    values = [t.encode(codec) for t in texts] * 30 + [None]
    path = parquet(tmp_path, b=values, s=values)
    strict_b, strict_s = collect(spark, path, us.decode("b", encoding), us.decode("s", encoding))
    assert strict_b == strict_s == maybe(lambda v: v.decode(codec), values)


@pytest.mark.parametrize("policy", ["replace", "ignore"])
def test_decode_utf8_with_policy(spark, kinds, policy):
    path, values = kinds
    [got] = collect(spark, path, us.decode("b", "utf-8", errors=policy))
    assert got == maybe(lambda v: v.decode("utf-8", policy), values)


def test_decode_strict_failure_names_the_offset(spark, tmp_path):
    values = ["fine".encode()] * 200 + [b"caf\xc3\xa9 \xe2\x82 au lait"] + [b"ok"] * 10
    path = parquet(tmp_path, b=values)
    with pytest.raises(PythonException) as e:
        spark.read.parquet(path).select(us.decode("b", "utf-8")).collect()
    msg = str(e.value)
    assert "utf8x.spark.decode('b', 'utf-8'): a value is not utf-8" in msg
    # CPython's codec puts the error where the message says.
    with pytest.raises(UnicodeDecodeError) as oracle:
        values[200].decode("utf-8")
    assert f"at byte offset {oracle.value.start};" in msg
    assert "the value starts b'caf\\xc3\\xa9 \\xe2\\x82 au lait'" in msg


# --- bad input ----------------------------------------------------------------------------


def test_unknown_names_fail_in_the_driver(spark):
    # Raised while the Column is built: no query exists yet, so no task can have run.
    with pytest.raises(LookupError, match="unknown encoding: cp9999"):
        us.decode("b", "cp9999")
    with pytest.raises(ValueError, match='not "strict"'):
        us.make_valid("b", errors="strict")
    with pytest.raises(ValueError, match='not "surrogateescape"'):
        us.decode("b", "utf-8", errors="surrogateescape")
    with pytest.raises(TypeError, match="column name or a pyspark.sql.Column, not int"):
        us.is_valid(3)


@pytest.mark.parametrize("col,kind", [("n", "BIGINT"), ("x", "DOUBLE"), ("a", "ARRAY<BIGINT>")])
def test_other_column_types_are_refused_by_name(spark, path, col, kind):
    df = spark.createDataFrame([(1, 1.5, [1])], "n bigint, x double, a array<bigint>")
    for fn in (us.is_valid, us.error_offset, us.make_valid, lambda c: us.decode(c, "cp1251")):
        # Refused when the query is resolved, before any task runs.
        with pytest.raises(AnalysisException) as e:
            df.select(fn(col))
        assert f"coalesce({col}, CAST(NULL AS BINARY))" in str(e.value)
        assert f'"{kind}" or "BINARY"' in str(e.value)


# --- the repair job -----------------------------------------------------------------------


def digest(root):
    """Every file under `root` with its SHA-256: the input must come out unchanged."""
    return {
        str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(Path(root).rglob("*"))
        if p.is_file()
    }


def read_report(root):
    [csv] = list(Path(root).glob("report.csv/*.csv"))
    import csv as csvmod

    with open(csv, newline="", encoding="utf-8") as f:
        rows = list(csvmod.DictReader(f))
    return rows


def expected_rows(file, column, values, encoding):
    rows = []
    for i, v in enumerate(values):
        e = None if v is None else cpython_error(v)
        if e:
            rows.append(
                {
                    "file": file,
                    "row": str(i),
                    "column": column,
                    "offset": str(e["offset"]),
                    "length": str(e["length"]),
                    "kind": e["kind"],
                    "encoding": encoding,
                    "detail": "",
                }
            )
    return rows


@pytest.fixture(scope="module")
def lake(spark, tmp_path_factory):
    """A data set as old systems leave them: Parquet with a UTF-8 column holding every kind of
    error, a CP1251 column, a binary column and a number; a CSV file in a subdirectory with a
    bad value; a corrupt and a truncated Parquet file. The job runs once on it."""
    base = tmp_path_factory.mktemp("lake")
    root = base / "data"
    (root / "old").mkdir(parents=True)
    # Mostly good UTF-8, so that the errors leave it a UTF-8 column (not a legacy one).
    text = [b"ok", None, b""] + [v for v in VALUES if v is not None]
    text += [f"naïve {i} €".encode() for i in range(400)]
    n = len(text)
    russian = [t.encode("cp1251") for t in ["Привет", "мир", "abc", "Ёж"]]
    legacy = [russian[i % 4] if i % 7 else None for i in range(n)]
    blob = [bytes([i % 256, 0xFF]) for i in range(n)]
    pq.write_table(
        pa.table(
            {
                "text": pa.array(text, pa.binary()).view(pa.string()),
                "legacy": pa.array(legacy, pa.binary()).view(pa.string()),
                "blob": pa.array(blob, pa.binary()),
                "n": pa.array(range(n), pa.int64()),
            }
        ),
        root / "main.parquet",
        row_group_size=100,
    )
    csv_values = [b"Jos\xc3\xa9", b"bad\xff", b"plain", b"caf\xe9", b'"quoted, \xc3\xa9"']
    lines = [b"name,city"] + [v + b",Z\xc3\xbcrich" for v in csv_values]
    (root / "old" / "people.csv").write_bytes(b"\n".join(lines) + b"\n")
    (root / "broken.parquet").write_bytes(b"PAR1 not a Parquet file PAR1")
    whole = (root / "main.parquet").read_bytes()
    (root / "cut.parquet").write_bytes(whole[: len(whole) // 2])
    before = digest(root)
    summary = repair.run(spark, str(root), policy="replace", legacy="windows-1251")
    return {
        "root": root,
        "before": before,
        "summary": summary,
        "text": text,
        "legacy": legacy,
        "blob": blob,
        "csv": csv_values,
    }


def test_job_report_row_by_row(lake):
    rows = read_report(str(lake["root"]) + ".utf8x-report")
    found = [r for r in rows if r["kind"] != "unreadable_file"]
    expected = (
        expected_rows("main.parquet", "blob", lake["blob"], "binary")
        + expected_rows("main.parquet", "legacy", lake["legacy"], "windows-1251")
        + expected_rows("main.parquet", "text", lake["text"], "utf-8")
    )
    csv_names = [v.strip(b'"') for v in lake["csv"]]
    expected += expected_rows("old/people.csv", "name", csv_names, "utf-8")
    key = lambda r: (r["file"], int(r["row"]), r["column"])  # noqa: E731
    assert sorted(found, key=key) == sorted(expected, key=key)
    assert lake["summary"].bad_values == len(expected)


def test_job_reports_corrupt_parquet(lake):
    rows = read_report(str(lake["root"]) + ".utf8x-report")
    bad = sorted((r["file"], r["kind"]) for r in rows if r["kind"] == "unreadable_file")
    assert bad == [("broken.parquet", "unreadable_file"), ("cut.parquet", "unreadable_file")]
    assert all(r["detail"] for r in rows if r["kind"] == "unreadable_file")
    assert sorted(lake["summary"].unreadable) == ["broken.parquet", "cut.parquet"]


def test_job_repaired_copy(spark, lake):
    out = str(lake["root"]) + ".repaired"
    got = spark.read.parquet(out + "/main.parquet").orderBy("n").collect()
    assert [r.text for r in got] == maybe(lambda v: v.decode("utf-8", "replace"), lake["text"])
    assert [r.legacy for r in got] == maybe(lambda v: v.decode("cp1251"), lake["legacy"])
    assert [r.blob for r in got] == lake["blob"]  # binary: reported, never changed
    assert [r.n for r in got] == list(range(len(lake["text"])))
    people = spark.read.option("header", True).csv(out + "/old/people.csv").collect()
    assert [r.name for r in people] == [
        v.strip(b'"').decode("utf-8", "replace") for v in lake["csv"]
    ]
    assert {r.city for r in people} == {"Zürich"}
    assert not Path(out, "broken.parquet").exists()
    assert not Path(out, "cut.parquet").exists()


def test_job_leaves_the_input_unchanged(lake):
    assert digest(lake["root"]) == lake["before"]
    assert {p.name for p in lake["root"].iterdir()} == {
        "main.parquet",
        "old",
        "broken.parquet",
        "cut.parquet",
    }


def test_job_named_encoding_and_policy(spark, tmp_path):
    root = tmp_path / "in"
    root.mkdir()
    values = [t.encode("cp1251") for t in ["Привет", "мир"]] + [b"ok\xff"]
    blob = [b"caf\xc3\xa9", b"\xff", None]
    pq.write_table(
        pa.table({"s": pa.array(values, pa.binary()).view(pa.string()), "b": pa.array(blob)}),
        root / "t.parquet",
    )
    # Named: the string column from KOI8-R (whatever detection says), the binary column as text.
    repair.run(
        spark,
        str(root),
        policy="ignore",
        encodings={"s": "koi8-r", "b": "utf-8"},
        output=str(tmp_path / "o"),
        report=str(tmp_path / "r"),
    )
    got = spark.read.parquet(str(tmp_path / "o" / "t.parquet")).collect()
    assert [r.s for r in got] == [v.decode("koi8_r") for v in values]
    assert [r.b for r in got] == maybe(lambda v: v.decode("utf-8", "ignore"), blob)
    rows = read_report(str(tmp_path / "r"))
    assert {(r["column"], r["encoding"]) for r in rows} == {("s", "koi8-r"), ("b", "utf-8")}


def test_job_refuses_bad_arguments(spark, tmp_path):
    root = tmp_path / "in"
    root.mkdir()
    with pytest.raises(ValueError, match="unknown policy 'strict'"):
        repair.run(spark, str(root), policy="strict")
    with pytest.raises(LookupError, match="unknown encoding: cp9999"):
        repair.run(spark, str(root), legacy="cp9999")
    with pytest.raises(ValueError, match="inside the input"):
        repair.run(spark, str(root), output=str(root / "fixed"))
    with pytest.raises(ValueError, match="inside the input"):
        repair.run(spark, str(root), report=str(root))
    (tmp_path / "exists").mkdir()
    with pytest.raises(ValueError, match="exists; it is never overwritten"):
        repair.run(spark, str(root), output=str(tmp_path / "exists"))
    with pytest.raises(ValueError, match="is not a directory"):
        repair.run(spark, str(tmp_path / "missing"))
    # The command line refuses them before Spark starts.
    for argv in (
        [str(root), "--policy", "strict"],
        [str(root), "--encoding", "s"],
        [str(root), "--encoding", "s=cp9999"],
    ):
        with pytest.raises(SystemExit) as e:
            repair.parse_args(argv)
        assert e.value.code == 2
    assert list(root.iterdir()) == []


def test_job_rows_of_files_split_into_partitions(spark, tmp_path):
    """Row numbers of files that Spark reads as several partitions: CSV's come from counting
    each partition's rows, Parquet's from the reader's row index."""
    root = tmp_path / "in"
    root.mkdir()
    n = 3000
    values = [b"caf\xe9" if i % 37 == 5 else f"line {i} é".encode() for i in range(n)]
    (root / "big.csv").write_bytes(b"v\n" + b"\n".join(values) + b"\n")
    pq.write_table(
        pa.table({"v": pa.array(values, pa.binary()).view(pa.string())}),
        root / "big.parquet",
        row_group_size=256,
    )
    small = {"spark.sql.files.maxPartitionBytes": "4096", "spark.sql.files.openCostInBytes": "0"}
    old = {k: spark.conf.get(k) for k in small}
    for k, v in small.items():
        spark.conf.set(k, v)
    try:
        assert spark.read.text(str(root / "big.csv")).rdd.getNumPartitions() > 4
        assert spark.read.parquet(str(root / "big.parquet")).rdd.getNumPartitions() > 4
        repair.run(spark, str(root), output=str(tmp_path / "o"), report=str(tmp_path / "r"))
    finally:
        for k, v in old.items():
            spark.conf.set(k, v)
    rows = read_report(str(tmp_path / "r"))
    for file in ("big.csv", "big.parquet"):
        got = [r for r in rows if r["file"] == file]
        assert got == expected_rows(file, "v", values, "utf-8")

"""Finds every string or binary value of a data set that is not UTF-8, reports where it is, and
writes a repaired copy of the data set beside it.

    spark-submit repair.py INPUT [--policy replace|ignore|fallback]
        [--encoding COLUMN=ENCODING ...] [--legacy-encoding ENCODING]
        [--output DIR] [--report DIR]

INPUT is a directory (any Hadoop file system: local, hdfs://, s3a://, ...) of Parquet files
(``*.parquet``) and CSV files with a header line (``*.csv``), at any depth. Each file is read on
its own, so files may differ in schema, and a file Spark cannot read is a line of the report,
not the end of the job.

Report (CSV, a line per value that is not UTF-8 and per unreadable file, sorted): ``file``
(relative to INPUT), ``row`` (0-based, in the file; CSV: header excluded), ``column``,
``offset``, ``length``, ``kind`` (utf8x's error kinds, as ``utf8x.arrow.errors``), ``encoding``
(what the job took the column to be, below; "binary" for binary columns not named) and
``detail`` (for unreadable files, Spark's message).

Encodings: a column named by ``--encoding`` is that encoding. Otherwise a column is legacy when
at least 90 % of its values that are not ASCII are not UTF-8 either (UTF-8 text with a few bad
values is still UTF-8): it is then the ``--legacy-encoding`` given, or "legacy" when none was.
Which legacy encoding it is, the job does not guess: the Python package has no detector of code
pages, so the user names it (``utf8x detect`` on a sample of the column names one).

Repaired copy: every text column (string columns, CSV columns, and binary columns named by
``--encoding``) with a value that is not UTF-8 or a named encoding is rewritten as UTF-8:
decoded from its legacy encoding (bytes that do not decode are handled by the policy), or
repaired by the policy (``replace``: U+FFFD; ``ignore``: dropped; ``fallback``: each bad byte
read as Windows-1252). Other columns, and binary columns not named, are copied as they are
(binary values are reported, never changed unless named). Each input file becomes a directory
of the same relative name under the output, as Spark writes (read the copy back with
``recursiveFileLookup``). The output and report directories default to INPUT's siblings
``INPUT.repaired`` and ``INPUT.utf8x-report``; neither may be INPUT, lie inside it or exist.
"""

import argparse
import sys
from dataclasses import dataclass, field
from typing import Dict, List, Optional

import pyarrow as pa
from pyspark.sql import DataFrame, SparkSession
from pyspark.sql import functions as F
from pyspark.sql.types import BinaryType, StringType

import utf8x.arrow
import utf8x.spark as us

#: A column whose values that are not ASCII fail UTF-8 at least this often is legacy.
LEGACY_SHARE = 0.9
POLICIES = ("replace", "ignore", "fallback")
ROW = "__utf8x_row"
REPORT_COLUMNS = ["file", "row", "column", "offset", "length", "kind", "encoding", "detail"]
REPORT_SCHEMA = (
    "file string, row bigint, column string, offset bigint, length bigint, kind string, "
    "encoding string, detail string"
)


@dataclass
class Summary:
    files: int = 0
    bad_values: int = 0
    unreadable: List[str] = field(default_factory=list)
    encodings: Dict[str, Dict[str, str]] = field(default_factory=dict)  # file -> column -> enc


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("input", help="directory of Parquet and CSV files")
    p.add_argument("--policy", default="replace", help="replace (default), ignore or fallback")
    p.add_argument(
        "--encoding",
        action="append",
        default=[],
        metavar="COLUMN=ENCODING",
        help="the encoding of a column (repeatable); utf-8 marks a binary column as text",
    )
    p.add_argument("--legacy-encoding", help="the encoding of the columns found to be legacy")
    p.add_argument("--output", help="the repaired copy (default: INPUT.repaired)")
    p.add_argument("--report", help="the report (default: INPUT.utf8x-report)")
    args = p.parse_args(argv)
    encodings = {}
    for item in args.encoding:
        column, sep, name = item.partition("=")
        if not sep or not column or not name:
            p.error(f"--encoding takes COLUMN=ENCODING, not {item!r}")
        encodings[column] = name
    try:
        check_names(args.policy, list(encodings.values()) + [args.legacy_encoding])
    except (LookupError, ValueError) as e:
        p.error(str(e))
    return args, encodings


def check_names(policy: str, encodings) -> None:
    """Refuses an unknown policy or encoding before Spark starts (utf8x.arrow checks names
    before it looks at a value)."""
    if policy not in POLICIES:
        raise ValueError(f"unknown policy {policy!r}: the policy is one of {', '.join(POLICIES)}")
    empty = pa.array([], pa.binary())
    for name in encodings:
        if name is not None:
            utf8x.arrow.decode(empty, name, policy)


def main(argv=None) -> int:
    args, encodings = parse_args(sys.argv[1:] if argv is None else argv)
    spark = SparkSession.builder.appName("utf8x repair").getOrCreate()
    try:
        s = run(
            spark,
            args.input,
            policy=args.policy,
            encodings=encodings,
            legacy=args.legacy_encoding,
            output=args.output,
            report=args.report,
        )
    except ValueError as e:
        print(f"repair.py: {e}", file=sys.stderr)
        return 2
    print(f"{s.files} files, {s.bad_values} values not UTF-8, {len(s.unreadable)} unreadable")
    for f in s.unreadable:
        print(f"unreadable: {f}")
    return 0


def run(
    spark: SparkSession,
    input: str,
    policy: str = "replace",
    encodings: Optional[Dict[str, str]] = None,
    legacy: Optional[str] = None,
    output: Optional[str] = None,
    report: Optional[str] = None,
) -> Summary:
    """The job, on a running session; returns what it found. Raises ValueError for bad
    arguments (before any file is read)."""
    encodings = dict(encodings or {})
    check_names(policy, list(encodings.values()) + [legacy])
    fs = FileSystem(spark)
    root = fs.qualify(input)
    if not fs.is_dir(root):
        raise ValueError(f"{input} is not a directory")
    output = fs.qualify(output or root + ".repaired")
    report = fs.qualify(report or root + ".utf8x-report")
    for what, path in (("output", output), ("report", report)):
        if path == root or path.startswith(root + "/"):
            raise ValueError(f"the {what} directory {path} would be inside the input {root}")
        if fs.exists(path):
            raise ValueError(f"the {what} directory {path} exists; it is never overwritten")
    if output == report:
        raise ValueError("the output and report directories must differ")

    summary = Summary()
    rows = report + "/rows"
    unreadable = []
    for path in fs.files(root):
        kind = "parquet" if path.endswith(".parquet") else "csv" if path.endswith(".csv") else None
        if kind is None:
            continue
        rel = path[len(root) + 1 :]
        summary.files += 1
        try:
            one_file(spark, path, rel, kind, policy, encodings, legacy, output, rows, summary)
        except Exception as e:  # noqa: BLE001 - any failure of Spark on this file is reported
            if not _spark_error(e):
                raise
            fs.delete(output + "/" + rel)
            summary.unreadable.append(rel)
            unreadable.append(
                (rel, None, None, None, None, "unreadable_file", None, _first_line(e))
            )
    found = (
        spark.read.parquet(rows) if fs.exists(rows) else spark.createDataFrame([], REPORT_SCHEMA)
    )
    every = found.unionByName(spark.createDataFrame(unreadable, REPORT_SCHEMA))
    every.orderBy("file", "row", "column").coalesce(1).write.option("header", True).csv(
        report + "/report.csv"
    )
    fs.delete(rows)
    return summary


def one_file(spark, path, rel, kind, policy, encodings, legacy, output, rows, summary):
    df = read(spark, path, kind)
    text = [
        f.name
        for f in df.schema.fields
        if isinstance(f.dataType, StringType)
        or (isinstance(f.dataType, BinaryType) and (kind == "csv" or f.name in encodings))
    ]
    checked = [f.name for f in df.schema.fields if isinstance(f.dataType, (StringType, BinaryType))]
    checked = [c for c in checked if c != ROW]
    # One pass: per column, the values that are not UTF-8 and the UTF-8 values that are not
    # ASCII (more bytes than characters), which tell legacy columns from UTF-8 ones.
    aggs = []
    for c in checked:
        valid = us.is_valid(c)
        aggs.append(F.count_if(~valid))
        aggs.append(F.count_if(valid & (F.octet_length(c) > F.length(F.col(c).cast("string")))))
    counts = df.agg(*aggs).first() if checked else []
    enc = {}
    for i, c in enumerate(checked):
        bad, utf8 = counts[2 * i], counts[2 * i + 1]
        summary.bad_values += bad
        if c in encodings:
            enc[c] = encodings[c]
        elif c not in text:
            enc[c] = "binary"  # bytes, not text: reported, never changed
        elif bad and bad >= LEGACY_SHARE * (bad + utf8):
            enc[c] = legacy or "legacy"
        else:
            enc[c] = "utf-8"
    summary.encodings[rel] = enc

    bad_columns = [c for i, c in enumerate(checked) if counts[2 * i]]
    if bad_columns:
        found = F.array(
            *[
                F.struct(
                    F.lit(c).alias("column"), us.errors(c).alias("e"), F.lit(enc[c]).alias("enc")
                )
                for c in bad_columns
            ]
        )
        (
            df.select(F.col(ROW).alias("row"), F.explode(found).alias("x"))
            .where(F.col("x.e").isNotNull())
            .select(
                F.lit(rel).alias("file"),
                "row",
                F.col("x.column").alias("column"),
                F.col("x.e.offset").alias("offset"),
                F.col("x.e.length").alias("length"),
                F.col("x.e.kind").alias("kind"),
                F.col("x.enc").alias("encoding"),
                F.lit(None).cast("string").alias("detail"),
            )
            .write.mode("append")
            .parquet(rows)
        )

    out = []
    for f in df.schema.fields:
        c = f.name
        if c == ROW:
            continue
        if c in text and (c in bad_columns or c in encodings):
            if enc[c] not in ("utf-8", "legacy"):
                out.append(us.decode(c, enc[c], errors=policy).alias(c))
            else:
                out.append(us.make_valid(c, errors=policy).alias(c))
        elif kind == "csv":
            out.append(F.col(c).cast("string").alias(c))
        else:
            out.append(F.col(c))
    target = output + "/" + rel
    if kind == "parquet":
        df.select(*out).write.parquet(target)
    else:
        df.select(*out).write.option("header", True).csv(target)


def read(spark: SparkSession, path: str, kind: str) -> DataFrame:
    """The file, with its 0-based row numbers in ROW. CSV is read as ISO-8859-1, where every
    byte is one character, and turned back into those bytes: Spark's UTF-8 reading would
    already have replaced the bad bytes the job looks for."""
    if kind == "parquet":
        df = spark.read.parquet(path)
        return df.select("*", F.col("_metadata.row_index").alias(ROW))
    df = spark.read.option("header", True).option("encoding", "ISO-8859-1").csv(path)
    names = [c.encode("latin-1").decode("utf-8", "replace") for c in df.columns]
    df = df.select(
        *[F.encode(F.col(f"`{c}`"), "ISO-8859-1").alias(n) for c, n in zip(df.columns, names)]
    )
    return with_row_numbers(df)


def with_row_numbers(df: DataFrame) -> DataFrame:
    """ROW for a source without row numbers: monotonically_increasing_id holds the partition
    in its upper bits and the row's place in the partition in its lower 33; a first pass counts
    each partition's rows. (The splits of one file are partitions in file order: Spark sorts
    splits by size, stably, and only the last split of a file is shorter.)"""
    ident = F.monotonically_increasing_id()
    df = df.withColumn("__id", ident)
    part = F.shiftright(F.col("__id"), 33)
    sizes = sorted(df.groupBy(part.alias("p")).count().collect())
    start, starts = 0, []
    for p, n in sizes:
        starts += [F.lit(p), F.lit(start)]
        start += n
    first = F.element_at(F.create_map(*starts), part) if starts else F.lit(0)
    return df.withColumn(ROW, F.col("__id") - F.shiftleft(part, 33) + first).drop("__id")


class FileSystem:
    """The few Hadoop FileSystem calls the job needs, through Spark's JVM: the input may be on
    any file system Spark reads."""

    def __init__(self, spark: SparkSession):
        self._jvm = spark.sparkContext._jvm
        self._conf = spark.sparkContext._jsc.hadoopConfiguration()

    def _fs(self, path):
        p = self._jvm.org.apache.hadoop.fs.Path(path)
        return p.getFileSystem(self._conf), p

    def qualify(self, path: str) -> str:
        fs, p = self._fs(path)
        return fs.makeQualified(p).toString().rstrip("/")

    def exists(self, path: str) -> bool:
        fs, p = self._fs(path)
        return fs.exists(p)

    def is_dir(self, path: str) -> bool:
        fs, p = self._fs(path)
        return fs.exists(p) and fs.getFileStatus(p).isDirectory()

    def delete(self, path: str) -> None:
        fs, p = self._fs(path)
        if fs.exists(p):
            fs.delete(p, True)

    def files(self, root: str) -> List[str]:
        fs, p = self._fs(root)
        it = fs.listFiles(p, True)
        found = []
        while it.hasNext():
            found.append(it.next().getPath().toString())
        return sorted(found)


def _spark_error(e: Exception) -> bool:
    from py4j.protocol import Py4JJavaError
    from pyspark.errors import PySparkException

    return isinstance(e, (Py4JJavaError, PySparkException))


def _first_line(e: Exception) -> str:
    """The first line of the error's own message (a Py4JJavaError's str is only "An error
    occurred while calling ...": its Java exception holds the message)."""
    java = getattr(e, "java_exception", None)
    text = str(java.toString() if java is not None else e).strip()
    return text.splitlines()[0][:500] if text else type(e).__name__


if __name__ == "__main__":
    sys.exit(main())

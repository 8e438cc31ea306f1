"""utf8x.spark against Spark's own is_valid_utf8 and make_valid_utf8, side by side in one Spark
application, on lipsum lines with a bad byte in 1 % of them, read from Parquet. Not a test:
the numbers depend on the machine.

    python examples/spark/bench.py --lipsum DIR [--rows N] [--master local[2]] [--repeat R]
        [--jar target/spark/utf8x-spark.jar] [--jni critical|region]

With the jar (scripts/spark-jar.sh builds it; the default path is used when it is there), the
JVM path of utf8x.spark (the jar's functions, calling the C library through JNI) is timed too,
beside the Arrow path; ``--jni`` picks how its native code reads each value (in place, or
copied). DIR holds the lipsum texts (``*.utf8.txt``: one paragraph a line); without it, generated
lines. Each query reduces to one number per row group (``count_if``, ``sum(octet_length)``),
so the time is the scan and the function, not the output. Rows from the Parquet file written
first (plain encoding, no compression, so that decompression takes no share); each query is run
once to warm up, then the best of R runs is kept. GB/s are of the column's bytes.

Also timed, to show where the time goes: ``octet_length`` alone (the scan), an Arrow UDF that
does nothing but return a column (Spark's Arrow transfer to the Python workers and back),
``utf8x.arrow.is_valid`` on the string column without utf8x.spark's type guard, and the
row-at-a-time alternative: a Python UDF calling ``utf8x.is_valid`` on each value, of the column
cast to binary (a string would reach it decoded, its bad bytes already replaced).
"""

import argparse
import random
import tempfile
import time
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
from pyspark.sql import SparkSession
from pyspark.sql import functions as F

import utf8x
import utf8x.arrow
import utf8x.spark as us


def lines(lipsum):
    """The lipsum paragraphs (those of at most 4 KiB: a whole text on one line is left out),
    or generated ones."""
    out = []
    if lipsum:
        for f in sorted(Path(lipsum).glob("*.utf8.txt")):
            out += [ln for ln in f.read_bytes().split(b"\n") if ln.strip() and len(ln) <= 4096]
    if not out:
        words = "lorem ipsum dolor sit amet héllo wörld Привет мир 日本語 € 😀".split()
        rng = random.Random(1)
        out = [" ".join(rng.choice(words) for _ in range(60)).encode() for _ in range(500)]
    return out


def write_parquet(path, n, lipsum, bad_share=0.01):
    rng = random.Random(7)
    source = lines(lipsum)
    rows, size = [], 0
    for i in range(n):
        v = source[i % len(source)]
        if rng.random() < bad_share:
            at = rng.randrange(len(v) + 1)
            v = v[:at] + b"\xff" + v[at:]
        rows.append(v)
        size += len(v)
    table = pa.table({"s": pa.array(rows, pa.binary()).view(pa.string())})
    pq.write_table(table, path, compression="none", use_dictionary=False, row_group_size=100_000)
    return size


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--lipsum", help="directory of the lipsum *.utf8.txt texts")
    p.add_argument("--rows", type=int, default=1_000_000)
    p.add_argument("--master", default="local[2]")
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("--job", action="store_true", help="also time repair.py on the same lines")
    p.add_argument(
        "--batch", type=int, default=10_000, help="rows per Arrow batch (Spark's default)"
    )
    p.add_argument(
        "--jar",
        default=str(Path(__file__).resolve().parents[2] / "target/spark/utf8x-spark.jar"),
        help="utf8x-spark.jar, for the JVM path (skipped where the file is missing)",
    )
    p.add_argument(
        "--jni",
        choices=["critical", "region"],
        default="critical",
        help="how the JVM path's native code reads values: in place, or copied",
    )
    args = p.parse_args()

    builder = (
        SparkSession.builder.master(args.master)
        .appName("utf8x bench")
        .config("spark.ui.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.sql.execution.arrow.maxRecordsPerBatch", str(args.batch))
    )
    jvm = Path(args.jar).is_file()
    if jvm:
        # In local mode the driver's JVM runs the tasks; on a cluster, also the executors'.
        jni = f"-Dorg.utf8x.spark.jni={args.jni}"
        builder = (
            builder.config("spark.jars", args.jar)
            .config("spark.driver.extraJavaOptions", jni)
            .config("spark.executor.extraJavaOptions", jni)
        )
    spark = builder.getOrCreate()
    spark.sparkContext.setLogLevel("ERROR")
    if jvm and not us._use_jvm(spark):
        raise SystemExit(f"{args.jar}: the session does not find utf8x.spark's functions in it")
    # The Arrow path's columns first (utf8x.spark picks the path when a column is built).
    us._PATHS[spark] = False

    @F.arrow_udf("boolean")
    def nothing(a: pa.Array) -> pa.Array:
        return pa.compute.is_null(a)

    @F.arrow_udf("boolean")
    def is_valid_unguarded(a: pa.Array) -> pa.Array:
        return utf8x.arrow.is_valid(a)

    @F.udf("boolean")
    def is_valid_per_row(v):
        return None if v is None else utf8x.is_valid(v)  # bytes: a string would come decoded

    queries = [
        ("octet_length (the scan)", F.sum(F.octet_length("s"))),
        ("Arrow UDF doing nothing", F.count_if(nothing("s"))),
        ("Spark is_valid_utf8", F.count_if(F.is_valid_utf8("s"))),
        ("utf8x.spark.is_valid", F.count_if(us.is_valid("s"))),
        ("utf8x.arrow.is_valid, string column, no type guard", F.count_if(is_valid_unguarded("s"))),
        (
            "utf8x.is_valid per row (Python udf)",
            F.count_if(is_valid_per_row(F.col("s").cast("binary"))),
        ),
        ("Spark make_valid_utf8", F.sum(F.octet_length(F.make_valid_utf8("s")))),
        ("utf8x.spark.make_valid", F.sum(F.octet_length(us.make_valid("s")))),
    ]
    if jvm:
        us._PATHS[spark] = True
        queries += [
            (f"utf8x.spark.is_valid, JVM ({args.jni})", F.count_if(us.is_valid("s"))),
            (
                f"utf8x.spark.make_valid, JVM ({args.jni})",
                F.sum(F.octet_length(us.make_valid("s"))),
            ),
            (
                "cast to binary alone (the JVM path's copy)",
                F.sum(F.octet_length(F.col("s").cast("binary"))),
            ),
        ]
    with tempfile.TemporaryDirectory() as tmp:
        path = str(Path(tmp) / "lines.parquet")
        size = write_parquet(path, args.rows, args.lipsum)
        df = spark.read.parquet(path)
        print(f"{args.rows} rows, {size / 1e9:.3f} GB of text, {args.master}, batch {args.batch}")
        if jvm:
            print(f"JVM path: {args.jar}, JNI reads values {args.jni}")
        answers = {}
        print("| query | best of %d (s) | GB/s |" % args.repeat)
        print("|---|---:|---:|")
        for name, q in queries:
            df.agg(q).collect()
            best = float("inf")
            for _ in range(args.repeat):
                t = time.perf_counter()
                answers[name] = df.agg(q).first()[0]
                best = min(best, time.perf_counter() - t)
            print(f"| {name} | {best:.2f} | {size / best / 1e9:.2f} |", flush=True)
        if args.job:
            time_job(spark, path, size, tmp)
    # The two engines agree (the bench measures the same work).
    assert answers["Spark is_valid_utf8"] == answers["utf8x.spark.is_valid"]
    assert answers["Spark make_valid_utf8"] == answers["utf8x.spark.make_valid"]
    if jvm:
        assert answers["Spark is_valid_utf8"] == answers[f"utf8x.spark.is_valid, JVM ({args.jni})"]
        assert (
            answers["Spark make_valid_utf8"] == answers[f"utf8x.spark.make_valid, JVM ({args.jni})"]
        )
    spark.stop()


def time_job(spark, path, size, tmp):
    """repair.py on the lines (one Parquet file in a directory), against the time utf8x's own
    work takes: is_valid, errors and make_valid (what the job's three passes call) over the
    same column in this process, on one core."""
    import shutil

    import repair

    data = Path(tmp) / "lake"
    data.mkdir()
    shutil.copy(path, data / "lines.parquet")
    t = time.perf_counter()
    s = repair.run(spark, str(data))
    job = time.perf_counter() - t
    column = pq.read_table(path).column("s")
    t = time.perf_counter()
    utf8x.arrow.is_valid(column)
    utf8x.arrow.errors(column)
    utf8x.arrow.make_valid(column)
    own = time.perf_counter() - t
    print(
        f"repair.py: {job:.1f} s for {size / 1e9:.3f} GB ({s.bad_values} values not UTF-8); "
        f"utf8x.arrow's is_valid + errors + make_valid on the column: {own:.2f} s on one core"
    )


if __name__ == "__main__":
    main()

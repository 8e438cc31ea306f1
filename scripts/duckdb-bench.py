#!/usr/bin/env python3
"""Speed of the DuckDB extension's functions beside DuckDB's own, in one DuckDB connection.

    scripts/duckdb-bench.py [--lipsum DIR] [--rows N] [--bad-every K] [--repeat R]
                            [--threads T] [--extension target/duckdb/utf8x.duckdb_extension]

The table `t(b BLOB)` holds N rows (default 2,000,000): the non-empty lines of the lipsum
texts (DIR/*.utf8.txt, about 510 bytes a line; generated text when DIR is not given), one after
the other and again, with one byte of every K-th row (default 100: 1 %) replaced by FF. Each
query runs R times (default 5); the table gives the best time, the input rate (bytes of `t` per
second) and the speed relative to DuckDB's `try(decode(b))`. Not a test: it asserts nothing
about time, only that the counts agree.

Needs the `duckdb` Python package and `make duckdb` run first.
"""

import argparse
import glob
import os
import platform
import random
import time

import duckdb

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

QUERIES = [
    ("scan: sum(octet_length(b))", "SELECT sum(octet_length(b)) FROM t"),
    ("DuckDB: count(*) FILTER (WHERE try(decode(b)) IS NOT NULL)",
     "SELECT count(*) FILTER (WHERE try(decode(b)) IS NOT NULL) FROM t"),
    ("utf8x: count(*) FILTER (WHERE utf8x_is_valid(b))",
     "SELECT count(*) FILTER (WHERE utf8x_is_valid(b)) FROM t"),
    ("utf8x: count(utf8x_make_valid(b))", "SELECT count(utf8x_make_valid(b)) FROM t"),
    ("utf8x: count(utf8x_error(b))", "SELECT count(utf8x_error(b)) FROM t"),
]


def lines(lipsum):
    if lipsum:
        out = []
        for path in sorted(glob.glob(os.path.join(lipsum, "*.utf8.txt"))):
            with open(path, "rb") as f:
                out += [line for line in f.read().split(b"\n") if line.strip()]
        if not out:
            raise SystemExit(f"no *.utf8.txt lines in {lipsum}")
        return out
    # Generated: words of several scripts in lines of 40..1000 bytes, with a fixed seed.
    rng = random.Random(55)
    words = ["lorem", "ipsum", "dolor", "été", "année", "привет", "мир", "مرحبا", "שלום",
             "你好", "世界", "こんにちは", "안녕", "नमस्ते", "😀", "🚀"]
    out = []
    for _ in range(2000):
        line = b""
        target = rng.randint(40, 1000)
        while len(line) < target:
            line += rng.choice(words).encode() + b" "
        out.append(line)
    return out


def build(con, texts, rows, bad_every):
    """Creates t(b BLOB): `rows` rows cycling through `texts`, every bad_every-th one broken."""
    rng = random.Random(1)
    good = texts
    bad = []
    for text in texts:
        i = rng.randrange(len(text))
        bad.append(text[:i] + b"\xff" + text[i + 1:])
    con.execute("CREATE TABLE lines(id BIGINT, good BLOB, bad BLOB)")
    con.executemany("INSERT INTO lines VALUES (?, ?, ?)",
                    [(i, g, b) for i, (g, b) in enumerate(zip(good, bad))])
    con.execute(f"""
        CREATE TABLE t AS
        SELECT CASE WHEN r % {bad_every} = {bad_every - 1} THEN bad ELSE good END AS b
        FROM range({rows}) AS s(r) JOIN lines ON lines.id = r % {len(texts)}
        ORDER BY r""")
    con.execute("DROP TABLE lines")


def best(con, sql, repeat):
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = con.execute(sql).fetchall()
        times.append(time.perf_counter() - start)
    return min(times), result[0][0]


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--lipsum", help="directory of the lipsum *.utf8.txt files")
    p.add_argument("--rows", type=int, default=2_000_000)
    p.add_argument("--bad-every", type=int, default=100)
    p.add_argument("--repeat", type=int, default=5)
    p.add_argument("--threads", type=int, default=0, help="DuckDB threads (0: its default)")
    p.add_argument("--extension",
                   default=os.path.join(ROOT, "target", "duckdb", "utf8x.duckdb_extension"))
    args = p.parse_args()

    con = duckdb.connect(config={"allow_unsigned_extensions": "true"})
    con.execute(f"LOAD '{args.extension}'")
    if args.threads:
        con.execute(f"SET threads = {args.threads}")
    build(con, lines(args.lipsum), args.rows, args.bad_every)
    total = con.execute("SELECT sum(octet_length(b)) FROM t").fetchone()[0]
    threads = con.execute("SELECT current_setting('threads')").fetchone()[0]
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            cpu = next(line.split(":", 1)[1].strip() for line in f if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    print(f"{args.rows:,} rows, {total / 1e9:.3f} GB, 1 row in {args.bad_every} with a bad byte; "
          f"DuckDB {duckdb.__version__}, {threads} threads, best of {args.repeat}; {cpu}, "
          f"{os.cpu_count()} cores")
    print()
    print("| query | best s | GB/s | × DuckDB's try(decode) |")
    print("|---|---:|---:|---:|")
    results = []
    for name, sql in QUERIES:
        seconds, value = best(con, sql, args.repeat)
        results.append((name, seconds, value))
    base = results[1][1]
    for name, seconds, _ in results:
        print(f"| `{name}` | {seconds:.3f} | {total / seconds / 1e9:.2f} | {base / seconds:.1f} |")
    valid_duckdb, valid_utf8x = results[1][2], results[2][2]
    errors = results[4][2]
    if valid_duckdb != valid_utf8x or errors != args.rows - valid_utf8x:
        raise SystemExit(f"counts disagree: DuckDB {valid_duckdb} valid, utf8x {valid_utf8x} "
                         f"valid and {errors} errors")
    print()
    print(f"valid rows: {valid_utf8x:,} (DuckDB and utf8x agree); utf8x_make_valid at "
          f"{results[2][1] / results[3][1]:.2f}× the speed of utf8x_is_valid")


if __name__ == "__main__":
    main()

"""Throughput of the Polars plugin (``utf8x.polars``) against Polars' own ``cast(pl.String)``, on
a Binary column of text lines that are all valid UTF-8. Run after ``pip install ./python``:

    python python/bench_polars.py [LIPSUM_DIR] [--rows N] [--bad PERCENT]

LIPSUM_DIR holds the lipsum corpus (its ``*.utf8.txt`` files are read line by line); without
it the lines are generated. Rows cycle through the lines. With ``--bad``, that share of the rows
gets a stray byte (then ``cast`` fails, and only the plugin's functions are timed). Not a test:
numbers depend on the machine and its load. "GB/s of CPU time" divides by the CPU time of all
threads: the work done, which a loaded machine inflates less than the wall-clock time.
"""

import argparse
import os
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
# Running this file puts python/ first on sys.path, where utf8x/ is the source without the
# compiled module: import the installed package instead.
sys.path = [p for p in sys.path if Path(p or ".").resolve() != HERE]

import polars as pl  # noqa: E402

import utf8x.polars  # noqa: E402, F401


def lines(directory):
    files = sorted(Path(directory).glob("*.utf8.txt")) if directory else []
    out = [line for f in files for line in f.read_bytes().split(b"\n") if line]
    if out:
        return out
    words = "lorem ipsum dolor sit amet h\u00e9llo w\u00f6rld \u20ac \u8a9e \U0001f600".split()
    return [" ".join(words[(i + j) % len(words)] for j in range(20 + i % 80)).encode() for i in range(1500)]


def best(cases, number=3, repeat=9):
    """The best wall-clock and CPU (all threads) time per call of each case. The cases take
    turns, so that a load that comes and goes on the machine falls on all alike."""
    times = {name: (float("inf"), float("inf")) for name in cases}
    for _ in range(repeat):
        for name, f in cases.items():
            wall, cpu = time.perf_counter(), time.process_time()
            for _ in range(number):
                f()
            wall, cpu = (time.perf_counter() - wall) / number, (time.process_time() - cpu) / number
            times[name] = (min(times[name][0], wall), min(times[name][1], cpu))
    return times


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("lipsum", nargs="?", help="directory of the lipsum corpus")
    ap.add_argument("--rows", type=int, default=500_000)
    ap.add_argument("--bad", type=float, default=0.0, help="percent of rows with a stray byte")
    args = ap.parse_args()
    src = lines(args.lipsum)
    vals = [src[i % len(src)] for i in range(args.rows)]
    if args.bad:
        step = max(1, round(100 / args.bad))
        vals = [v + b"\xff" if i % step == 0 else v for i, v in enumerate(vals)]
    df = pl.DataFrame({"b": pl.Series(vals, dtype=pl.Binary)})
    del vals
    size = df.select(pl.col("b").bin.size().sum()).item()
    b = pl.col("b")
    cases = [
        ("b.utf8x.is_valid()", b.utf8x.is_valid()),
        ("b.utf8x.error_offset()", b.utf8x.error_offset()),
        ("b.utf8x.make_valid()", b.utf8x.make_valid()),
        ('b.utf8x.decode("utf-8")', b.utf8x.decode("utf-8", "replace" if args.bad else "strict")),
    ]
    if not args.bad:
        cases.append(("b.cast(pl.String)", b.cast(pl.String)))
    print(
        f"{args.rows} rows, {size / 1e6:.0f} MB, {args.bad:.2f} % bad; polars {pl.__version__}, "
        f"{pl.thread_pool_size()} threads; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs"
    )
    for _, expr in cases:
        df.select(expr)  # warm up
    times = best({name: (lambda e=expr: df.select(e)) for name, expr in cases})
    base = times.get("b.cast(pl.String)", (None, None))[0]
    print("| expression | GB/s | vs cast(pl.String) | GB/s of CPU time |")
    print("|---|---:|---:|---:|")
    for name, (wall, cpu) in times.items():
        ratio = f"{base / wall:.2f}x" if base else "-"
        print(f"| `{name}` | {size / wall / 1e9:.2f} | {ratio} | {size / cpu / 1e9:.2f} |")


if __name__ == "__main__":
    main()

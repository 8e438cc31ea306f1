"""Throughput of utf8x.arrow on a column of text lines, beside pyarrow's own validation. Run
after `pip install ./python pyarrow`:

    python python/bench_arrow.py PATH [--megabytes 256]
    python python/bench_arrow.py --generate [--megabytes 256]

PATH is a text file, or a folder whose *.utf8.txt files are read (the lipsum corpus). Their
lines, repeated up to the size asked, make a `binary` column (`large_binary` past 2 GiB); a copy
has one byte of 1 % of its values, chosen at random, set to 0xFF. Not a test: numbers depend on
the machine and its load. Each row is the best of --repeat runs, taken in turns so that a load
that comes and goes falls on all alike, as wall time and as CPU time of the calling thread.
"""

import argparse
import random
import sys
import time
from itertools import accumulate
from pathlib import Path

HERE = Path(__file__).resolve().parent
# Running this file puts python/ first on sys.path, where utf8x/ is the source without the
# compiled module: import the installed package instead.
sys.path = [p for p in sys.path if Path(p or ".").resolve() != HERE]

import pyarrow as pa  # noqa: E402

import utf8x.arrow  # noqa: E402


def lines_of(path):
    if path is None:
        text = "h\u00e9llo w\u00f6rld \u20ac \U0001F600 lorem ipsum dolor sit amet, consectetur\n"
        return [(text * (k % 5 + 1)).encode() for k in range(1000)]
    p = Path(path)
    files = sorted(p.glob("*.utf8.txt")) if p.is_dir() else [p]
    if not files:
        sys.exit(f"bench_arrow.py: no *.utf8.txt files in {p}")
    return [line for f in files for line in f.read_bytes().splitlines() if line]


def column(lines, megabytes):
    """Lines repeated up to `megabytes`: one values buffer and its offsets, built once."""
    target = megabytes << 20
    size = sum(map(len, lines))
    rows = lines * max(1, target // max(size, 1))
    values = b"".join(rows)
    kind, offset_type = (pa.binary(), pa.int32()) if len(values) < 2**31 else (pa.large_binary(), pa.int64())
    offsets = pa.array([0, *accumulate(map(len, rows))], offset_type)
    return kind, len(rows), offsets, values


def with_bad_bytes(kind, n, offsets, values, fraction, seed=1):
    data = bytearray(values)
    rng = random.Random(seed)
    offs = offsets.to_numpy(zero_copy_only=False) if hasattr(offsets, "to_numpy") else offsets.to_pylist()
    for i in rng.sample(range(n), int(n * fraction)):
        start, end = int(offs[i]), int(offs[i + 1])
        if end > start:
            data[rng.randrange(start, end)] = 0xFF
    return bytes(data)


def array(kind, n, offsets, values):
    return pa.Array.from_buffers(kind, n, [None, offsets.buffers()[1], pa.py_buffer(values)])


def best(cases, repeat):
    """The best wall time and the best CPU time of the calling thread (all the work runs on
    it) of each case: on a shared machine the CPU time moves less with the load."""
    wall = {name: float("inf") for name, _ in cases}
    cpu = dict(wall)
    for _ in range(repeat):
        for name, fn in cases:
            t, c = time.perf_counter(), time.thread_time()
            fn()
            cpu[name] = min(cpu[name], time.thread_time() - c)
            wall[name] = min(wall[name], time.perf_counter() - t)
    return wall, cpu


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("path", nargs="?", help="a text file, or a folder of *.utf8.txt files")
    ap.add_argument("--generate", action="store_true", help="generated text instead of PATH")
    ap.add_argument("--megabytes", type=int, default=256, help="size of the column (default 256)")
    ap.add_argument("--bad", type=float, default=0.01, help="fraction of values with a bad byte")
    ap.add_argument("--repeat", type=int, default=7)
    args = ap.parse_args()
    if (args.path is None) != args.generate:
        ap.error("give PATH or --generate")
    kind, n, offsets, values = column(lines_of(args.path), args.megabytes)
    good = array(kind, n, offsets, values)
    bad = array(kind, n, offsets, with_bad_bytes(kind, n, offsets, values, args.bad))
    as_string = good.view(pa.string() if kind == pa.binary() else pa.large_string())
    bad_views = bad.cast(pa.binary_view())
    cases = [
        ("pyarrow validate(full=True), all valid", lambda: as_string.validate(full=True)),
        ("utf8x.arrow.is_valid, all valid", lambda: utf8x.arrow.is_valid(good)),
        (f"utf8x.arrow.is_valid, {args.bad:.0%} bad", lambda: utf8x.arrow.is_valid(bad)),
        (f"utf8x.arrow.make_valid, {args.bad:.0%} bad", lambda: utf8x.arrow.make_valid(bad)),
        ("utf8x.arrow.make_valid, all valid", lambda: utf8x.arrow.make_valid(good)),
        (f"binary_view: utf8x.arrow.is_valid, {args.bad:.0%} bad", lambda: utf8x.arrow.is_valid(bad_views)),
        (f"binary_view: utf8x.arrow.make_valid, {args.bad:.0%} bad", lambda: utf8x.arrow.make_valid(bad_views)),
    ]
    wall, cpu = best(cases, args.repeat)
    print(f"{n} values, {len(values) / 1e6:.0f} MB, {kind}; kernel {utf8x.KERNEL}")
    print("| operation | wall ms | GB/s | CPU ms | GB/s |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for name in wall:
        w, c = wall[name], cpu[name]
        print(f"| {name} | {w * 1e3:.1f} | {len(values) / w / 1e9:.2f} | {c * 1e3:.1f} | {len(values) / c / 1e9:.2f} |")
    bad = f"{args.bad:.0%} bad"
    for label, times in (("wall", wall), ("CPU", cpu)):
        print(
            f"{label}: is_valid / pyarrow validate "
            f"{times['pyarrow validate(full=True), all valid'] / times['utf8x.arrow.is_valid, all valid']:.1f}x; "
            f"make_valid / is_valid ({bad}) "
            f"{times[f'utf8x.arrow.is_valid, {bad}'] / times[f'utf8x.arrow.make_valid, {bad}']:.2f}x "
            f"(binary_view: {times[f'binary_view: utf8x.arrow.is_valid, {bad}'] / times[f'binary_view: utf8x.arrow.make_valid, {bad}']:.2f}x)"
        )

if __name__ == "__main__":
    main()

"""Throughput of utf8x against CPython's codecs. Run after `pip install ./python`:

    python python/bench.py

Uses the lipsum files of ../shared/data/lipsum beside the repository when present, generated
text otherwise. Not a test: numbers depend on the machine.
"""

import codecs
import os
import sys
import timeit
from pathlib import Path

HERE = Path(__file__).resolve().parent
# Running this file puts python/ first on sys.path, where utf8x/ is the source without the
# compiled module: import the installed package instead.
sys.path = [p for p in sys.path if Path(p or ".").resolve() != HERE]

import utf8x  # noqa: E402

LIPSUM = HERE.parent.parent / "shared" / "data" / "lipsum"


def corpus():
    files = sorted(LIPSUM.glob("*.utf8.txt")) if LIPSUM.is_dir() else []
    if files:
        for f in files:
            yield f.name.split("-")[0], f.read_bytes()
    else:
        yield "generated", ("h\u00e9llo w\u00f6rld \u20ac \U0001F600 lorem ipsum " * 40000).encode()


def best(fn, number):
    return min(timeit.repeat(fn, number=number, repeat=5)) / number


def gbs(nbytes, seconds):
    return nbytes / seconds / 1e9


def row(name, n, ours, theirs):
    print(f"| {name:<22} | {gbs(n, ours):7.2f} | {gbs(n, theirs):7.2f} | {theirs / ours:5.1f}x |")


def main():
    print(f"utf8x kernel: {utf8x.KERNEL}; Python {sys.version.split()[0]}")
    print("GB/s of UTF-8 input; speedup = CPython time / utf8x time")
    print("| text / operation       |   utf8x | CPython | speedup |")
    print("|---|---|---|---|")
    for name, data in corpus():
        text = data.decode()
        n = len(data)
        k = max(1, 20_000_000 // n)
        row(f"{name} is_valid", n, best(lambda: utf8x.is_valid(data), k), best(lambda: codecs.utf_8_decode(data), k))
        row(f"{name} decode utf-8", n, best(lambda: utf8x.decode(data), k), best(lambda: data.decode(), k))
        for enc in ("utf-16-le", "utf-32-le"):
            row(f"{name} encode {enc}", n, best(lambda: utf8x.encode(text, enc), k), best(lambda: text.encode(enc), k))
            other = text.encode(enc)
            row(f"{name} decode {enc}", n, best(lambda: utf8x.decode(other, enc), k), best(lambda: other.decode(enc), k))
    small = "h\u00e9llo w\u00f6rld 1".encode()[:16]
    print()
    print("Per call on 16 bytes (ns):")
    for label, ours, theirs in [
        ("is_valid vs decode", lambda: utf8x.is_valid(small), lambda: small.decode()),
        ("decode", lambda: utf8x.decode(small), lambda: small.decode()),
        ("encode utf-16-le", lambda: utf8x.encode("hello world 1234", "utf-16-le"), lambda: "hello world 1234".encode("utf-16-le")),
    ]:
        print(f"  {label:<20} utf8x {best(ours, 200000) * 1e9:6.0f}   CPython {best(theirs, 200000) * 1e9:6.0f}")


if __name__ == "__main__":
    main()

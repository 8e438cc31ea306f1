"""Throughput of utf8x against CPython's codecs. Run after `pip install ./python`:

    python python/bench.py

Uses the lipsum files (shared/data/lipsum beside the repository) when present, generated
text otherwise. Not a test: numbers depend on the machine.
"""

import codecs
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


def best(ours, theirs, number, repeat=11):
    """The best time per call of each, in seconds. The two alternate, so that a load that comes
    and goes on the machine falls on both alike."""
    a = b = float("inf")
    for _ in range(repeat):
        a = min(a, timeit.timeit(ours, number=number))
        b = min(b, timeit.timeit(theirs, number=number))
    return a / number, b / number


def gbs(nbytes, seconds):
    return nbytes / seconds / 1e9


def row(name, n, pair):
    ours, theirs = pair
    print(f"| {name:<26} | {gbs(n, ours):7.2f} | {gbs(n, theirs):7.2f} | {theirs / ours:6.2f}x |")


def main():
    print(f"utf8x kernel: {utf8x.KERNEL}; Python {sys.version.split()[0]}")
    print("GB/s of UTF-8 input; speedup = CPython time / utf8x time")
    print()
    print("| text / operation           |   utf8x | CPython | speedup |")
    print("|---|---|---|---|")
    for name, data in corpus():
        text = data.decode()
        n = len(data)
        k = max(1, 20_000_000 // n)
        row(f"{name} is_valid", n, best(lambda: utf8x.is_valid(data), lambda: codecs.utf_8_decode(data), k))
        row(f"{name} decode utf-8", n, best(lambda: utf8x.decode(data), lambda: data.decode(), k))
        row(f"{name} encode utf-8", n, best(lambda: utf8x.encode(text), lambda: text.encode(), k))
        for enc in ("utf-16-le", "utf-32-le"):
            other = text.encode(enc)
            row(f"{name} decode {enc}", n, best(lambda: utf8x.decode(other, enc), lambda: other.decode(enc), k))
            row(f"{name} encode {enc}", n, best(lambda: utf8x.encode(text, enc), lambda: text.encode(enc), k))
    ascii16 = b"hello world 1234"
    latin16 = "h\u00e9llo w\u00f6rld 1".encode()[:16]
    text16 = ascii16.decode()
    utf16 = text16.encode("utf-16-le")
    print()
    print("Per call on 16 bytes, ns (the loop's own cost included, the same on both sides):")
    print()
    print("| call                        |  utf8x | CPython |")
    print("|---|---|---|")
    for label, ours, theirs in [
        ("count / len (call cost)", lambda: utf8x.count(ascii16), lambda: len(ascii16)),
        ("is_valid / decode", lambda: utf8x.is_valid(latin16), lambda: latin16.decode()),
        ("decode utf-8, ASCII", lambda: utf8x.decode(ascii16), lambda: ascii16.decode()),
        ("decode utf-8, non-ASCII", lambda: utf8x.decode(latin16), lambda: latin16.decode()),
        ("decode utf-16-le", lambda: utf8x.decode(utf16, "utf-16-le"), lambda: utf16.decode("utf-16-le")),
        ("encode utf-8", lambda: utf8x.encode(text16), lambda: text16.encode()),
        ("encode utf-16-le", lambda: utf8x.encode(text16, "utf-16-le"), lambda: text16.encode("utf-16-le")),
    ]:
        a, b = best(ours, theirs, 100000)
        print(f"| {label:<27} | {a * 1e9:6.0f} | {b * 1e9:7.0f} |")


if __name__ == "__main__":
    main()

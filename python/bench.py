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


def threads():
    """`is_valid` of a 1 GiB and a 32 MiB bytearray on one thread and on two (`python bench.py
    threads`)."""
    line = "Lorem ipsum dolor sit amet, café, ĉu, 中文, 😀.\n".encode()
    whole = bytearray((line * ((1 << 30) // len(line) + 1))[: 1 << 30])
    print(f"utf8x kernel: {utf8x.KERNEL}; is_valid of a bytearray, best of 7")
    for size in (1 << 30, 32 << 20):
        buf = whole[:size]
        while buf[-1] >= 0x80:  # cut after a whole character
            buf.pop()
        assert utf8x.is_valid(buf)
        best_time = {}
        for n in (1, 2, 1, 2):  # alternated, so that a load that comes and goes falls on both
            t = min(timeit.repeat(lambda: utf8x.is_valid(buf, threads=n), number=1, repeat=7))
            best_time[n] = min(best_time.get(n, t), t)
        speeds = ", ".join(f"threads={n}: {len(buf) / t / 1e9:.2f} GB/s" for n, t in best_time.items())
        print(f"{size >> 20} MiB: {speeds}; threads=2 / threads=1: {best_time[1] / best_time[2]:.2f}x")


if __name__ == "__main__":
    threads() if sys.argv[1:] == ["threads"] else main()

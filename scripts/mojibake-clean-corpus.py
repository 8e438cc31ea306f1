#!/usr/bin/env python3
"""Mojibake repair must never change correct text: this builds a corpus of real text in many
languages from what a Debian machine has offline (the lipsum files, the man pages in every
language installed, the translations of the Rust docs, Python's own sources and tests), up to
about --mb megabytes, runs `utf8x convert --mojibake` over it and counts the lines it changed.
Real text has some real mojibake (Debian ships a few man pages damaged so): a change whose every
span Python's codecs confirm to be UTF-8 read as Latin-1 or Windows-1252 counts as a repair; any
other is a clean line changed, and there must be none (exit status 1 otherwise). Then
`utf8x fix -n` names the lines that still look like mojibake. Prints the sources, sizes, counts
and the first lines of each kind (SHOW=N for more).

Usage: scripts/mojibake-clean-corpus.py [--mb 100] [--lipsum DIR] BINARY
"""

import argparse
import difflib
import glob
import gzip
import os
import re
import subprocess
import sys
import tempfile
import time


def sources(lipsum):
    """(name, text) of every file of real text found, each valid UTF-8."""
    for path in sorted(glob.glob(os.path.join(lipsum, "*.utf8.txt"))):
        yield path, open(path, encoding="utf-8").read()
    latin1 = os.path.join(lipsum, "french.latin1.txt")
    if os.path.exists(latin1):
        yield latin1, open(latin1, encoding="latin-1").read()
    patterns = [
        "/usr/share/man/*/man*/*.gz",
        "/usr/share/man/man*/*.gz",
        "/usr/src/rustc-*/src/doc/*/po/*.po",
        "/usr/lib/python3*/test/*.py",
        "/usr/lib/python3*/*.py",
        "/usr/share/doc/*/*.txt",
        "/usr/share/doc/*/README*",
    ]
    for pattern in patterns:
        for path in sorted(glob.glob(pattern)):
            try:
                raw = open(path, "rb").read()
                if path.endswith(".gz"):
                    raw = gzip.decompress(raw)
                yield path, raw.decode("utf-8")
            except (OSError, UnicodeDecodeError, EOFError, gzip.BadGzipFile):
                continue


def undoes(before, after):
    """True when `after` is what `before` was before a single-byte decoder read its UTF-8."""
    for wrong in ("latin-1", "cp1252"):
        try:
            if before.encode(wrong).decode("utf-8") == after:
                return True
        except UnicodeError:
            pass
    try:
        return before.encode("latin-1").decode("cp1252") == after
    except UnicodeError:
        return False


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("--mb", type=float, default=100)
    lipsum = os.environ.get("UTF8X_LIPSUM", "/work/shared/data/lipsum")
    parser.add_argument("--lipsum", default=lipsum)
    args = parser.parse_args()
    limit = int(args.mb * 1e6)

    # Every source whole, the non-English ones first, until the limit.
    texts, size, kinds = [], 0, {}
    for path, text in sorted(sources(args.lipsum), key=lambda s: s[1].isascii()):
        if size >= limit:
            break
        texts.append(text if text.endswith("\n") else text + "\n")
        size += len(texts[-1].encode())
        kind = path.split("/")[3] if path.startswith("/usr/") else "lipsum"
        if "/man/" in path:
            kind = "man/" + path.split("/")[4]
        kinds[kind] = kinds.get(kind, 0) + 1
    corpus = "".join(texts)
    # Repeated, if what was found is short of the limit, with the lines in another order.
    rounds = 1
    while len(corpus.encode()) < limit and texts:
        lines = corpus.splitlines(keepends=True)
        corpus += "".join(lines[rounds::2] + lines[::2])
        rounds += 1
    data = corpus.encode()
    lines = corpus.splitlines(keepends=True)
    non_ascii = sum(1 for line in lines if not line.isascii())
    print(f"corpus: {len(data) / 1e6:.1f} MB, {len(lines)} lines ({non_ascii} not ASCII), "
          f"{len(texts)} files, {rounds} round(s)")
    print("files by source:", ", ".join(f"{k} {v}" for k, v in sorted(kinds.items())))

    start = time.monotonic()
    run = subprocess.run([args.binary, "convert", "--mojibake"], input=data, capture_output=True)
    took = time.monotonic() - start
    if run.returncode != 0:
        sys.exit(f"utf8x failed: {run.stderr.decode()}")
    out = run.stdout.decode("utf-8").splitlines(keepends=True)
    changed = [(i + 1, a, b) for i, (a, b) in enumerate(zip(lines, out)) if a != b]
    if len(out) != len(lines):
        sys.exit(f"{len(lines)} lines in, {len(out)} out")
    # Real text holds real mojibake (a man page read as Latin-1 once): a change is counted as a
    # repair only where Python's codecs confirm each changed span was UTF-8 read as Latin-1 or
    # Windows-1252 (or its C1 controls Windows-1252's characters read as Latin-1).
    repaired, clean = [], []
    for number, before, after in changed:
        spans = difflib.SequenceMatcher(None, before, after, autojunk=False).get_opcodes()
        ok = all(
            op == "equal" or undoes(before[i1:i2], after[j1:j2])
            for op, i1, i2, j1, j2 in spans
        )
        (repaired if ok else clean).append((number, before, after))
    print(
        f"convert --mojibake: {took:.1f} s; lines changed: {len(changed)}, of which mojibake "
        f"undone (confirmed by Python's codecs): {len(repaired)}, clean lines changed: "
        f"{len(clean)}"
    )
    show = int(os.environ.get("SHOW", "5"))
    for title, rows in (("clean lines changed", clean), ("mojibake undone", repaired)):
        for number, before, after in rows[:show]:
            print(f"  {title}, line {number}: {before!r} -> {after!r}")

    with tempfile.NamedTemporaryFile(suffix=".txt") as f:
        f.write(data)
        f.flush()
        fix = subprocess.run([args.binary, "fix", "-n", f.name], capture_output=True, text=True)
        report = (fix.stdout + fix.stderr).strip().replace(f.name, "CORPUS")
        print("fix -n:", report)
        for number in re.findall(r"\d+", report.partition("line ")[2])[:show]:
            print(f"  still like mojibake, line {number}: {lines[int(number) - 1]!r}")
    return 1 if clean else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Detection accuracy of `utf8x detect` against uchardet and charset-normalizer, and `utf8x fix`
writing no wrong file, on a corpus generated into a temporary directory.

    scripts/detect-corpus.py [--utf8x target/release/utf8x] [--lipsum DIR] [--keep]
    scripts/detect-corpus.py --real DIR [--utf8x ...]

`--real DIR` judges real files instead: DIR holds one folder per encoding, named by it with an
optional language after it (`windows-1250-hungarian/`, `MacCyrillic/`, `SHIFT_JIS/`), as
chardet's test corpus (https://github.com/chardet/chardet, `tests/`) is laid out. The right text
of a file is its folder's encoding's decoding (Python's codecs, else glibc's iconv; where the
label's standard refuses the bytes, its Microsoft or later superset: CP932 for SHIFT_JIS, CP949
for EUC-KR, GB18030 for GB2312, BIG5-HKSCS/CP950 for Big5); files that none decodes are listed
and left out. Also counted: `utf8x detect`'s confident answers that are wrong, and files that
`utf8x fix` or `utf8x -f auto -t UTF-8` turn into anything but the right text (refusing, with a
non-zero exit, is not wrong).

The corpus: each lipsum text (the `<Script>-Lipsum.utf8.txt` files and `french.utflatin8.txt`;
DIR defaults to $UTF8X_LIPSUM, then ../shared/data/lipsum beside the checkout) cut to 64 B ..
64 KiB at a character boundary and written in UTF-8, UTF-16LE/BE and UTF-32LE/BE without a byte
order mark, in every legacy encoding of its script that holds it, mixed (two scripts in one
UTF-8 file) and short. A guess is right when decoding the file with the encoding guessed gives
the text back (so ASCII text called UTF-8, or Latin-1 text without 80..9F called Windows-1252,
is right). Then `utf8x fix` runs on a copy of each file: the copy must either stay as it was or
become the text in UTF-8; anything else is a wrong file.

Tools that are not installed are skipped: uchardet (Debian: uchardet), charset-normalizer (PyPI:
`pip install charset-normalizer`). Not part of the test suite: ~600 files through three tools
take a minute.
"""

import argparse
import codecs
import os
import shutil
import subprocess
import sys
import tempfile
import unicodedata
from collections import defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

SIZES = [64, 128, 256, 512, 1024, 4096, 16384, 65536]

# Legacy encodings per lipsum script (Python codec names); only those that hold the text.
LEGACY = {
    "french": ["cp1252", "iso-8859-1", "iso-8859-15", "cp850", "mac_roman"],
    "Russian": ["cp1251", "koi8-r", "iso-8859-5", "cp866"],
    "Arabic": ["cp1256", "iso-8859-6"],
    "Hebrew": ["cp1255", "iso-8859-8"],
    "Chinese": ["gb18030", "gbk", "big5"],
    "Japanese": ["shift_jis", "euc-jp", "iso-2022-jp"],
    "Korean": ["euc-kr"],
}
UTF = ["utf-8", "utf-16-le", "utf-16-be", "utf-32-le", "utf-32-be"]


def texts(lipsum):
    out = {}
    for name in sorted(os.listdir(lipsum)):
        if name.endswith("-Lipsum.utf8.txt"):
            text = open(os.path.join(lipsum, name), encoding="utf-8").read()
            out[name.split("-")[0]] = text.lstrip("\ufeff")
    french = os.path.join(lipsum, "french.utflatin8.txt")
    if os.path.exists(french):
        out["french"] = open(french, encoding="utf-8").read()
    return out


def cut(text, size, enc):
    """The longest prefix of text (from a line start) whose encoding is at most size bytes."""
    lo, hi = 0, min(len(text), size)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if len(text[:mid].encode(enc)) <= size:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo]


def corpus(lipsum):
    """(class, name, encoding, text, bytes) for every file."""
    files = []
    all_texts = texts(lipsum)
    for script, text in all_texts.items():
        # Start each script's pieces at different paragraphs so sizes are not all one prefix.
        for i, size in enumerate(SIZES):
            start = text.find("\n", (i * 997) % max(1, len(text) // 2)) + 1
            body = text[start:] + text[:start]
            for enc in UTF:
                t = cut(body, size, enc)
                cls = "short" if size <= 128 else enc
                files.append((cls, f"{script}-{size}.{enc}", enc, t, t.encode(enc)))
            for enc in LEGACY.get(script, []):
                t = cut(body, size, "utf-8")
                try:
                    data = t.encode(enc)
                except UnicodeEncodeError:
                    continue
                cls = "short" if size <= 128 else "legacy"
                files.append((cls, f"{script}-{size}.{enc}", enc, t, data))
    # Mixed: two scripts in one UTF-8 file.
    names = sorted(all_texts)
    for i, a in enumerate(names):
        b = names[(i + 3) % len(names)]
        for size in [512, 4096, 65536]:
            t = cut(all_texts[a], size // 2, "utf-8") + "\n" + cut(all_texts[b], size // 2, "utf-8")
            for enc in ["utf-8", "utf-16-le"]:
                files.append(("mixed", f"{a}+{b}-{size}.{enc}", enc, t, t.encode(enc)))
    return files


def decodes_to(data, guess, text):
    if not guess:
        return False
    got = decode(data, guess)
    return got is not None and same(got, text)


# Supersets to try when a file's label does not decode it (the label names the family).
WIDER = {
    "shift_jis": ["cp932"], "euc-kr": ["cp949"], "gb2312": ["gbk", "gb18030"],
    "big5": ["cp950", "big5hkscs"], "iso-8859-1": ["cp1252"], "euc-jp": ["euc_jis_2004"],
    "tis-620": ["cp874"],
}


def c1(text):
    return any("\x80" <= c <= "\x9f" for c in text)


# Code points that the CJK standards' tables (Python's, glibc's, the WHATWG's) map differently:
# the same character of the standard, not other text.
VARIANTS = str.maketrans({
    "\uff5e": "\u301c", "\u2225": "\u2016", "\uff0d": "\u2212", "\uffe0": "\u00a2",
    "\uffe1": "\u00a3", "\uffe2": "\u00ac", "\u2015": "\u2014", "\u30fb": "\u00b7",
    "\uffe4": "\u00a6", "\u00a5": "\\", "\u203e": "~", "\u2215": "\uff0f", "\u20a9": "\\",
    "\ufe51": "\uff64", "\u223c": "\u301c", "\u2027": "\u2022",
})


def same(a, b):
    """The same text, up to the standards' variant mappings and canonical equivalence (glibc's
    CP1255 composes Hebrew points that Python's leaves apart)."""
    def norm(t):
        return unicodedata.normalize("NFC", t.lstrip("\ufeff").translate(VARIANTS))
    return norm(a) == norm(b)


def decode(data, name):
    """data decoded by the encoding `name` (Python's codecs, else glibc's iconv), or None."""
    try:
        return data.decode(codecs.lookup(name).name)
    except LookupError:
        pass
    except UnicodeDecodeError:
        return None
    r = subprocess.run(["iconv", "-f", name, "-t", "UTF-8"], input=data, capture_output=True)
    return r.stdout.decode("utf-8") if r.returncode == 0 else None


def real_corpus(root):
    """(class, name, encoding, text, bytes) for each file of a corpus laid out by encoding."""
    files, skipped = [], []
    for folder in sorted(os.listdir(root)):
        full = os.path.join(root, folder)
        if not os.path.isdir(full):
            continue
        label = folder
        # Strip a language: "iso-8859-2-hungarian", "windows-1251-russian".
        parts = folder.split("-")
        if len(parts) > 1 and parts[-1].isalpha() and parts[-1].islower() \
                and parts[-1] not in ("sig", "jp", "kr", "tw", "be", "le"):
            label = "-".join(parts[:-1])
        for name in sorted(os.listdir(full)):
            data = open(os.path.join(full, name), "rb").read()
            # The label's decoding; where it refuses the bytes or makes C1 controls of them
            # (a TIS-620 page with Windows-874's bullets), its superset's.
            text = None
            for enc in [label] + WIDER.get(label.lower(), []):
                got = decode(data, enc)
                if got is not None and (text is None or c1(text) and not c1(got)):
                    text = got
                if text is not None and not c1(text):
                    break
            if text is None:
                skipped.append(f"{folder}/{name}")
                continue
            files.append((label, f"{folder}/{name}", label, text.lstrip("\ufeff"), data))
    return files, skipped


def utf8x_guess(tool, path):
    out = subprocess.run([tool, "detect", path], capture_output=True, text=True).stdout
    line = out.strip()[len(path) + 2:]
    name = line.split(" ")[0]
    # "UTF-8 with N invalid sequences" is UTF-8; names are iconv's, Python knows most.
    return {"WINDOWS-874": "cp874", "UCS-2": "utf-16"}.get(name, name)


def uchardet_guess(path):
    out = subprocess.run(["uchardet", path], capture_output=True, text=True).stdout.strip()
    return out.rsplit(": ", 1)[-1] if ": " in out else out


def normalizer_guesses(paths):
    from charset_normalizer import from_path

    guesses = {}
    for p in paths:
        best = from_path(p).best()
        guesses[p] = best.encoding if best else None
    return guesses


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--utf8x", default=os.path.join(ROOT, "target", "release", "utf8x"))
    ap.add_argument("--lipsum", default=os.environ.get("UTF8X_LIPSUM") or
                    os.path.join(ROOT, "..", "shared", "data", "lipsum"))
    ap.add_argument("--keep", action="store_true", help="keep the corpus directory")
    ap.add_argument("--real", metavar="DIR", help="real files in one folder per encoding")
    args = ap.parse_args()
    if args.real:
        return real(args)
    if not os.path.isdir(args.lipsum):
        sys.exit(f"no lipsum directory at {args.lipsum} (--lipsum DIR or $UTF8X_LIPSUM)")
    if not os.access(args.utf8x, os.X_OK):
        sys.exit(f"no utf8x at {args.utf8x} (cargo build --release -p utf8x-cli, or --utf8x)")
    files = corpus(args.lipsum)
    tmp = tempfile.mkdtemp(prefix="utf8x-detect-")
    paths = []
    for cls, name, enc, text, data in files:
        path = os.path.join(tmp, name)
        with open(path, "wb") as f:
            f.write(data)
        paths.append(path)

    tools = {"utf8x": lambda p: utf8x_guess(args.utf8x, p)}
    if shutil.which("uchardet"):
        tools["uchardet"] = uchardet_guess
    else:
        print("uchardet: not installed, skipped", file=sys.stderr)
    try:
        normalized = normalizer_guesses(paths)
        tools["charset-normalizer"] = normalized.get
    except ImportError:
        print("charset-normalizer: not installed, skipped", file=sys.stderr)

    right = defaultdict(lambda: defaultdict(int))
    count = defaultdict(int)
    misses = defaultdict(list)
    for (cls, name, enc, text, data), path in zip(files, paths):
        count[cls] += 1
        for tool, guess in tools.items():
            g = guess(path)
            if decodes_to(data, g, text):
                right[tool][cls] += 1
            elif tool == "utf8x":
                misses[cls].append(f"{name}: {g}")

    # fix on a copy of each file: unchanged, or the text in UTF-8; never anything else.
    wrong, fixed = [], 0
    fixdir = os.path.join(tmp, "fix")
    os.mkdir(fixdir)
    for (cls, name, enc, text, data), path in zip(files, paths):
        copy = os.path.join(fixdir, name)
        shutil.copyfile(path, copy)
        subprocess.run([args.utf8x, "fix", copy], capture_output=True)
        after = open(copy, "rb").read()
        if after == data:
            continue
        if after.decode("utf-8", "replace").lstrip("\ufeff") == text:
            fixed += 1
        else:
            wrong.append(name)

    classes = sorted(count)
    print(f"{len(files)} files from {args.lipsum}\n")
    print("| class | files | " + " | ".join(tools) + " |")
    print("|---|---|" + "---|" * len(tools))
    for cls in classes + ["all"]:
        n = sum(count.values()) if cls == "all" else count[cls]
        cells = []
        for tool in tools:
            r = sum(right[tool].values()) if cls == "all" else right[tool][cls]
            cells.append(f"{100 * r / n:.1f} %")
        print(f"| {cls} | {n} | " + " | ".join(cells) + " |")
    print(f"\nutf8x fix: {fixed} files converted to the right UTF-8, "
          f"{len(files) - fixed - len(wrong)} left unchanged, {len(wrong)} wrong")
    for name in wrong:
        print(f"  wrong: {name}")
    for cls in classes:
        for m in misses[cls][:5]:
            print(f"  utf8x miss ({cls}): {m}", file=sys.stderr)
    if args.keep:
        print(f"corpus kept in {tmp}")
    else:
        shutil.rmtree(tmp)
    return 1 if wrong else 0


def confident(tool, path):
    """Whether `utf8x detect` is sure of its answer (no "low confidence", not binary)."""
    line = subprocess.run([tool, "detect", path], capture_output=True, text=True).stdout
    return "low confidence" not in line and "invalid sequence" not in line \
        and not line.rstrip().endswith(": binary")


def real(args):
    if not os.access(args.utf8x, os.X_OK):
        sys.exit(f"no utf8x at {args.utf8x} (cargo build --release -p utf8x-cli, or --utf8x)")
    files, skipped = real_corpus(args.real)
    paths = [os.path.join(args.real, name) for _, name, _, _, _ in files]
    tools = {"utf8x": lambda p: utf8x_guess(args.utf8x, p)}
    if shutil.which("uchardet"):
        tools["uchardet"] = uchardet_guess
    try:
        tools["charset-normalizer"] = normalizer_guesses(paths).get
    except ImportError:
        print("charset-normalizer: not installed, skipped", file=sys.stderr)
    right = defaultdict(int)
    sure_wrong, misses = [], []
    for (cls, name, enc, text, data), path in zip(files, paths):
        for tool, guess in tools.items():
            g = guess(path)
            if decodes_to(data, g, text):
                right[tool] += 1
            elif tool == "utf8x":
                misses.append(f"{name}: {g}")
                if confident(args.utf8x, path):
                    sure_wrong.append(f"{name}: {g}")
    # fix and -f auto: the right text, or refused (non-zero exit, file unchanged).
    tmp = tempfile.mkdtemp(prefix="utf8x-real-")
    wrong, converted, refused = [], 0, 0
    for i, ((cls, name, enc, text, data), path) in enumerate(zip(files, paths)):
        copy = os.path.join(tmp, str(i))
        shutil.copyfile(path, copy)
        r = subprocess.run([args.utf8x, "fix", copy], capture_output=True)
        after = open(copy, "rb").read()
        auto = subprocess.run([args.utf8x, "-f", "auto", "-t", "UTF-8", path], capture_output=True)
        for how, code, out in [("fix", r.returncode, after), ("-f auto", auto.returncode, auto.stdout)]:
            if how == "fix" and after == data:
                refused += r.returncode != 0
                continue
            if how == "-f auto" and code != 0:
                continue
            if same(out.decode("utf-8", "replace"), text):
                converted += how == "fix"
            else:
                wrong.append(f"{how}: {name}")
    shutil.rmtree(tmp)
    n = len(files)
    print(f"{n} files from {args.real} ({len(skipped)} that their label does not decode left out)\n")
    print("| tool | right text |")
    print("|---|---|")
    for tool in tools:
        print(f"| {tool} | {right[tool]} ({100 * right[tool] / n:.1f} %) |")
    print(f"\nutf8x detect: {len(sure_wrong)} confident answers wrong")
    print(f"utf8x fix: {converted} files converted to the right UTF-8, {refused} refused; "
          f"fix and -f auto: {len(wrong)} wrong")
    for line in sure_wrong:
        print(f"  confident and wrong: {line}")
    for line in wrong:
        print(f"  wrong: {line}")
    for line in skipped:
        print(f"  left out: {line}", file=sys.stderr)
    for line in misses:
        print(f"  utf8x miss: {line}", file=sys.stderr)
    return 1 if wrong or sure_wrong else 0


if __name__ == "__main__":
    sys.exit(main())

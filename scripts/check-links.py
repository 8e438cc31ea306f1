#!/usr/bin/env python3
"""Checks that every relative link in README.md and docs/*.md resolves: the file (or folder)
exists, and a `#anchor` names a heading of the file it points to (GitHub's anchors: lowercase,
punctuation dropped, spaces as hyphens, repeats numbered); and that no file names itself in
prose instead of linking a section. Links to web addresses are not fetched. Prints each broken
link with its file and line; exit status 1 when there is one.

Usage: scripts/check-links.py [FILE.md...]   (default: README.md docs/*.md)
"""

import bisect
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# [text](target) and [text]: target, outside code spans; images too.
INLINE = re.compile(r"!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE = re.compile(r"(?m)^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
ANCHOR_TAG = re.compile(r"<a\s+(?:name|id)=\"([^\"]+)\"")


def slug(heading: str) -> str:
    """GitHub's anchor for a heading."""
    text = re.sub(r"`([^`]*)`", r"\1", heading)
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = re.sub(r"<[^>]+>", "", text)
    text = text.strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def lines_outside_code(path: Path):
    """(number, line) of the lines outside fenced code blocks, code spans blanked."""
    fence = None
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        stripped = line.lstrip()
        marker = re.match(r"(`{3,}|~{3,})", stripped)
        if marker:
            if fence is None:
                fence = marker.group(1)[0] * len(marker.group(1))
            elif stripped.startswith(fence):
                fence = None
            continue
        if fence is None:
            yield number, re.sub(r"`[^`]*`", "", line)


_anchors: dict[Path, set[str]] = {}


def anchors(path: Path) -> set[str]:
    if path not in _anchors:
        found: set[str] = set()
        seen: dict[str, int] = {}
        for _, line in lines_outside_code(path):
            found.update(ANCHOR_TAG.findall(line))
            heading = HEADING.match(line)
            if not heading:
                continue
            base = slug(heading.group(2))
            n = seen.get(base, 0)
            seen[base] = n + 1
            found.add(base if n == 0 else f"{base}-{n}")
        _anchors[path] = found
    return _anchors[path]


def check(path: Path) -> list[str]:
    broken = []
    numbered = list(lines_outside_code(path))
    # Link text may run over several lines: the links are found in the text as a whole.
    text = "\n".join(line for _, line in numbered)
    starts = []
    offset = 0
    for _, line in numbered:
        starts.append(offset)
        offset += len(line) + 1
    found = [(m.start(1), m.group(1)) for m in INLINE.finditer(text)]
    found += [(m.start(1), m.group(1)) for m in REFERENCE.finditer(text)]
    # A file that names itself in prose ("see docs/cli.md" inside docs/cli.md) sends the reader
    # to the top of the page they are on: it should link the section.
    own = re.compile(r"(?<![\w/.])" + re.escape(str(path.relative_to(ROOT))) + r"(?![\w#])")
    for number, line in numbered:
        if own.search(re.sub(r"\]\([^)]*\)", "]()", line)):
            broken.append(f"{path.relative_to(ROOT)}:{number}: names its own file, not a section")
    for at, target in sorted(found):
        number = numbered[bisect.bisect_right(starts, at) - 1][0]
        if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I):
            continue  # https:, mailto:, ...
        file_part, _, anchor = target.partition("#")
        dest = path if not file_part else (path.parent / file_part).resolve()
        where = f"{path.relative_to(ROOT)}:{number}: {target}"
        if not dest.exists():
            broken.append(f"{where}: no such file")
        elif anchor and dest.suffix == ".md" and anchor not in anchors(dest):
            broken.append(f"{where}: no heading #{anchor} in {dest.relative_to(ROOT)}")
    return broken


def main() -> int:
    files = [Path(a).resolve() for a in sys.argv[1:]] or [
        ROOT / "README.md",
        *sorted((ROOT / "docs").glob("*.md")),
    ]
    broken = [b for f in files for b in check(f)]
    for b in broken:
        print(b)
    print(f"{len(broken)} broken links in {len(files)} files", file=sys.stderr)
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())

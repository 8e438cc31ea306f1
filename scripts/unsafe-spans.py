#!/usr/bin/env python3
"""The longest `unsafe { ... }` block and the longest `fn` body of every Rust file under a directory.

    usage: scripts/unsafe-spans.py [DIR_OR_FILE...]   (default: src)

Prints, per .rs file, the longest unsafe block and the longest function body (in lines, from the
line of the opening brace to that of the closing one, counted brace-aware: braces in strings, raw
strings, character literals and comments do not count), then every unsafe block longer than
MAX_UNSAFE lines and every function body longer than MAX_FN lines with file:line (the line of the
`unsafe` or `fn` keyword) and length, and exits 1 if there is any. Short steps keep each unsafe
block's obligations small enough to check by reading; a long one is split, not excused.
"""

import os
import sys

MAX_UNSAFE = 60
MAX_FN = 150


def tokens(text):
    """Yields (kind, value, line) for the tokens that matter here: identifiers ("ident"), the
    punctuation `{ } ( ) [ ] ;` ("punct"); strings, characters and comments are skipped."""
    i, n, line = 0, len(text), 1
    while i < n:
        c = text[i]
        if c == "\n":
            line += 1
            i += 1
        elif c.isspace():
            i += 1
        elif text.startswith("//", i):
            end = text.find("\n", i)
            i = n if end < 0 else end
        elif text.startswith("/*", i):
            depth, i = 1, i + 2  # block comments nest in Rust
            while i < n and depth:
                if text.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                elif text.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                else:
                    line += text[i] == "\n"
                    i += 1
        elif c == '"':
            i, line = skip_string(text, i + 1, line)
        elif c == "'":
            # A character literal ('x', '\n', '\u{7B}', '{') or a lifetime/label ('a, 'outer).
            if i + 1 < n and text[i + 1] == "\\":
                j = i + 2
                while j < n and text[j] != "'":
                    j += 1
                i = j + 1
            elif i + 2 < n and text[i + 2] == "'":
                i += 3
            else:
                i += 1
        elif c.isalpha() or c == "_":
            j = i
            while j < n and (text[j].isalnum() or text[j] == "_"):
                j += 1
            word = text[i:j]
            if word in ("r", "br", "cr") and j < n and text[j] in '#"':
                k = j
                while k < n and text[k] == "#":
                    k += 1
                if k < n and text[k] == '"':  # raw string: ends at `"` and as many `#`
                    close = '"' + "#" * (k - j)
                    end = text.find(close, k + 1)
                    end = n if end < 0 else end + len(close)
                    line += text.count("\n", k, end)
                    i = end
                    continue
            if word in ("b", "c") and j < n and text[j] == '"':
                i, line = skip_string(text, j + 1, line)
                continue
            if word == "b" and j < n and text[j] == "'":
                i = j  # the byte character is skipped as a character literal
                continue
            yield "ident", word, line
            i = j
        elif c in "{}()[];":
            yield "punct", c, line
            i += 1
        else:
            i += 1


def skip_string(text, i, line):
    """The index after the string whose first character is at `i`, and the line there."""
    n = len(text)
    while i < n and text[i] != '"':
        if text[i] == "\\":
            i += 1
        if i < n and text[i] == "\n":
            line += 1
        i += 1
    return i + 1, line


def spans(text):
    """(kind, keyword line, length in lines) of every unsafe block ("unsafe") and fn body ("fn")."""
    toks = list(tokens(text))
    stack = []  # per open brace: (kind or None, keyword line, brace line)
    pending = None  # ("unsafe" | "fn", keyword line), waiting for its brace
    depth = 0  # () and [] nesting since a pending fn's keyword (its parameters, return type)
    out = []
    for idx, (kind, value, line) in enumerate(toks):
        if kind == "ident":
            if value == "unsafe":
                nxt = toks[idx + 1] if idx + 1 < len(toks) else None
                if nxt and nxt[1] == "{":
                    pending, depth = ("unsafe", line), 0
            elif value == "fn" and pending is None:
                pending, depth = ("fn", line), 0
            continue
        if value in "([":
            depth += 1
        elif value in ")]":
            depth -= 1
            if depth < 0:
                pending = None  # a fn pointer type inside an expression's parentheses
        elif value == ";":
            if pending and pending[0] == "fn" and depth == 0:
                pending = None  # a declaration without a body, a fn pointer type
        elif value == "{":
            if pending and depth == 0:
                stack.append((pending[0], pending[1], line))
                pending = None
            else:
                stack.append((None, line, line))
        elif value == "}" and stack:
            if pending and pending[0] == "fn":
                pending = None  # a fn pointer type as a struct's last field
            what, at, start = stack.pop()
            if what:
                out.append((what, at, line - start + 1))
    return out


def rust_files(paths):
    for path in paths:
        if os.path.isfile(path):
            yield path
            continue
        for root, dirs, files in os.walk(path):
            dirs.sort()
            for name in sorted(files):
                if name.endswith(".rs"):
                    yield os.path.join(root, name)


def main(argv):
    paths = argv[1:] or ["src"]
    offenders = []
    for path in rust_files(paths):
        with open(path, encoding="utf-8") as f:
            found = spans(f.read())
        longest = {}
        for what, at, length in found:
            if what not in longest or length > longest[what][1]:
                longest[what] = (at, length)
            limit = MAX_UNSAFE if what == "unsafe" else MAX_FN
            if length > limit:
                offenders.append(f"{path}:{at}: {what} {'block' if what == 'unsafe' else 'body'}"
                                 f" of {length} lines (limit {limit})")
        cells = []
        for what in ("unsafe", "fn"):
            if what in longest:
                at, length = longest[what]
                cells.append(f"longest {what} {length} lines at line {at}")
            else:
                cells.append(f"no {what}")
        print(f"{path}: {', '.join(cells)}")
    if offenders:
        print(f"\n{len(offenders)} over the limits (unsafe blocks {MAX_UNSAFE} lines, "
              f"functions {MAX_FN}):")
        for o in offenders:
            print(o)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

#!/usr/bin/env python3
"""Finds import circles between the modules of a Rust crate: module A uses B and B uses A,
directly or through others.

    scripts/circles.py src          # the library
    scripts/circles.py cli/src      # the CLI

A module is a file (`lib.rs`/`main.rs` is the crate root, `x/mod.rs` and `x.rs` are `x`). A
module uses another when its code names it: `use` trees, and paths in the code (`crate::a::b`,
`super::x`, `self::x`, a child module's name, `$crate::` in macros). A path to an item that a
module re-exports (`pub use ...`) counts as a use of the module the item comes from, so that
the crate root's re-exports make no circles of their own. Declaring a child (`mod x;`) is not a
use, and neither is a module's use of its own ancestors (`super::T`, `crate::f` at the root): a
folder's `mod.rs` is its files' namespace, which declares them and holds what they share, so a
circle is one between modules neither of which contains the other (with whatever modules lie on
the way). Comments and string literals are ignored.

Prints each circle (a strongly connected component of the use graph, with one edge per pair and
the line it comes from) and exits 1 when there is one; exits 0 and prints nothing otherwise.
"""

import re
import sys
from pathlib import Path

IDENT = r"[A-Za-z_][A-Za-z0-9_]*"


def strip(text):
    """`text` with comments and string/char literals blanked, line breaks kept."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            out.append("\n" * text.count("\n", i, j))
            i = j
        elif c == "r" and re.match(r'r#*"', text[i:]) and not re.match(r"\w", text[i - 1 : i] or " "):
            hashes = re.match(r"r(#*)\"", text[i:]).group(1)
            end = text.find('"' + hashes, i + 2 + len(hashes))
            end = n if end < 0 else end + 1 + len(hashes)
            out.append("\n" * text.count("\n", i, end))
            i = end
        elif c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append("\n" * text.count("\n", i, j))
            i = j + 1
        elif c == "'" and re.match(r"'(\\.|[^\\'])'|'\\u\{[0-9a-fA-F]+\}'|'\\x..'", text[i:]):
            m = re.match(r"'(\\.|[^\\'])'|'\\u\{[0-9a-fA-F]+\}'|'\\x..'", text[i:])
            i += len(m.group(0))
        else:
            out.append(c)
            i += 1
    return "".join(out)


def use_trees(code):
    """Every `use` item of `code`: (line, is_pub, [paths]) with each path a list of segments
    (a glob ends in `*`; `x as y` is kept as `x`)."""
    for m in re.finditer(r"\b(pub(\([^)]*\))?\s+)?use\s+([^;]*);", code):
        line = code.count("\n", 0, m.start()) + 1
        yield line, bool(m.group(1)), list(expand(m.group(3)))


def expand(tree):
    """The paths of a use tree such as `a::{b, c::{d as e, *}}`."""
    tree = re.sub(r"\s+as\s+" + IDENT, "", tree)
    tree = re.sub(r"\s+", "", tree)

    def parse(s, i, prefix):
        # Reads one tree from s[i:]; returns (paths, next index).
        paths, seg = [], ""
        while i < len(s):
            c = s[i]
            if c == "{":
                base = prefix + [x for x in seg.split("::") if x]
                i += 1
                while s[i] != "}":
                    sub, i = parse(s, i, base)
                    paths += sub
                    if s[i] == ",":
                        i += 1
                return paths, i + 1
            if c in ",}":
                break
            seg += c
            i += 1
        if seg:
            paths.append(prefix + [x for x in seg.split("::") if x])
        return paths, i

    out, i = [], 0
    while i < len(tree):
        sub, i = parse(tree, i, [])
        out += sub
        if i < len(tree) and tree[i] == ",":
            i += 1
    return [[p.strip() for p in path if p.strip()] for path in out]


class Crate:
    def __init__(self, root):
        self.root = Path(root)
        self.files = {}  # module path (tuple) -> file
        for f in sorted(self.root.rglob("*.rs")):
            rel = f.relative_to(self.root).with_suffix("").parts
            if rel[-1] in ("mod", "lib", "main"):
                rel = rel[:-1]
            if rel and rel[-1] == "build":
                continue
            self.files.setdefault(tuple(rel), f)
        self.code = {m: strip(f.read_text()) for m, f in self.files.items()}
        self.reexports = {m: self.pub_uses(m) for m in self.files}

    def module_of(self, path):
        """The longest prefix of an absolute path that is a module, and the rest."""
        for k in range(len(path), -1, -1):
            if tuple(path[:k]) in self.files:
                return tuple(path[:k]), path[k:]
        return (), path

    def absolute(self, module, path):
        """An absolute path for `path` as written in `module`, or None (std, core, other crates,
        and names that are not modules)."""
        if not path:
            return None
        head = path[0]
        if head in ("crate", "$crate"):
            return list(path[1:])
        if head == "self":
            return list(module) + path[1:]
        if head == "super":
            base, rest = list(module), list(path)
            while rest and rest[0] == "super":
                base, rest = base[:-1], rest[1:]
            return base + rest
        if tuple(module) + (head,) in self.files:
            return list(module) + list(path)
        return None

    def pub_uses(self, module):
        """What `module` re-exports: name -> absolute path."""
        out = {}
        for _, is_pub, paths in use_trees(self.code[module]):
            if not is_pub:
                continue
            for p in paths:
                a = self.absolute(module, p)
                if a and p[-1] != "*":
                    out[p[-1]] = a
        return out

    def target(self, module, path):
        """The module an absolute path names, through re-exports."""
        seen = set()
        while True:
            m, rest = self.module_of(path)
            if rest and rest[0] in self.reexports.get(m, {}) and (m, rest[0]) not in seen:
                seen.add((m, rest[0]))
                path = self.reexports[m][rest[0]] + rest[1:]
                continue
            return m

    def uses(self):
        """(from, to) -> first line, for every use between two different modules."""
        edges = {}
        for module, code in self.code.items():
            refs = []
            for line, _, paths in use_trees(code):
                refs += [(line, p) for p in paths]
            path_re = re.compile(r"(?<![\w:])((?:\$crate|crate|self|super|" + IDENT + r")(?:::" + IDENT + r")+)")
            for m in path_re.finditer(code):
                refs.append((code.count("\n", 0, m.start()) + 1, m.group(1).split("::")))
            for line, p in refs:
                a = self.absolute(module, p)
                if a is None:
                    continue
                t = self.target(module, a)
                if t != module and t in self.files and not is_parent(t, module):
                    edges.setdefault((module, t), line)
        return edges


def is_parent(a, b):
    return len(a) < len(b) and tuple(b[: len(a)]) == tuple(a)


def components(nodes, edges):
    """Strongly connected components with more than one module (Tarjan)."""
    graph = {n: [] for n in nodes}
    for a, b in edges:
        graph[a].append(b)
    index, low, stack, on, out, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(nodes):
        if v not in index:
            visit(v)
    return out


def name(module):
    return "crate::" + "::".join(module) if module else "crate"


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    crate = Crate(sys.argv[1])
    edges = crate.uses()
    circles = components(crate.files, edges)
    for comp in circles:
        print("circle: " + ", ".join(name(m) for m in comp))
        members = set(comp)
        for (a, b), line in sorted(edges.items()):
            if a in members and b in members:
                rel = crate.files[a].relative_to(crate.root)
                print(f"  {name(a)} uses {name(b)} ({crate.root / rel}:{line})")
    sys.exit(1 if circles else 0)


if __name__ == "__main__":
    main()

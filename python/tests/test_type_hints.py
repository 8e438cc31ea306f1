"""Every public function of the package has its types written down: the ones of the compiled
module in ``_utf8x.pyi``, the ones written in Python in their own signatures. Read from the
sources (no import), so that a name added to ``__all__`` without types fails here."""

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "utf8x"


def functions(tree):
    return {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}


def test_every_public_function_is_typed():
    init = ast.parse((PACKAGE / "__init__.py").read_text(encoding="utf-8"))
    stub = ast.parse((PACKAGE / "_utf8x.pyi").read_text(encoding="utf-8"))
    compiled = {
        alias.asname or alias.name
        for node in init.body
        if isinstance(node, ast.ImportFrom) and node.module == "_utf8x"
        for alias in node.names
    }
    public = next(
        ast.literal_eval(node.value)
        for node in init.body
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", None) == "__all__"
    )
    stubbed = functions(stub).keys() | {
        n.name for n in stub.body if isinstance(n, ast.ClassDef)
    } | {
        t.id
        for n in stub.body
        if isinstance(n, (ast.AnnAssign, ast.Assign))
        for t in ([n.target] if isinstance(n, ast.AnnAssign) else n.targets)
        if isinstance(t, ast.Name)
    }
    written = functions(init)
    untyped = []
    for name in public:
        if name in compiled:
            if name not in stubbed:
                untyped.append(f"{name}: not in _utf8x.pyi")
        elif name in written:
            f = written[name]
            args = f.args.posonlyargs + f.args.args + f.args.kwonlyargs
            missing = [a.arg for a in args if a.annotation is None]
            if missing or f.returns is None:
                untyped.append(f"{name}: no types for {missing or 'the result'}")
    assert untyped == []

"""The package's import structure: no import cycles, and each layer imports only from below.

The graph is read from the source with ``ast``, so it sees every import the code can run:
at the top of a module and inside functions alike. Imports under ``if TYPE_CHECKING:``
are left out (they never run). Importing ``a.b.c`` also runs the packages ``a.b`` and
``a``, so the importer depends on those too, unless it is inside them itself.
"""

from __future__ import annotations

import ast
from pathlib import Path

import tabletop

ROOT = Path(tabletop.__file__).parent

# The layers, lowest first. A module may import from its own top-level package and from
# packages of a lower rank; packages of the same rank do not import each other.
RANK = {
    "core": 0,  # the state contract, RNG, data helpers, the game registry
    "fast": 0,  # loads the compiled build of other modules by file; imports none of them
    "i18n": 1,  # words as data (games write their logs through it)
    "games": 2,
    "bots": 3,
    "analysis": 4,
    "research": 4,
    "web": 4,
    "cli": 5,  # the command puts everything together
}


def module_files(root: Path, package: str) -> dict[str, Path]:
    """Every module of the package under ``root``, by dotted name (packages by their name)."""
    out = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join([package, *parts])] = path
    return out


def _type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or \
        (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _runtime_imports(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    """Import statements that can run: anywhere but the body of ``if TYPE_CHECKING:``."""
    found: list[ast.Import | ast.ImportFrom] = []
    todo: list[ast.AST] = [tree]
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.append(node)
        elif isinstance(node, ast.If) and _type_checking(node.test):
            todo.extend(node.orelse)  # the else branch does run
        else:
            todo.extend(ast.iter_child_nodes(node))
    return found


def _imported_names(module: str, is_package: bool, node: ast.Import | ast.ImportFrom,
                    known: dict[str, Path]) -> list[str]:
    """The modules an import statement names (their parent packages are added by the caller):
    ``from pkg import sub`` names the submodule ``pkg.sub``, ``from pkg import thing`` names
    ``pkg`` itself (the thing is defined there)."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if node.level:  # relative: from the importer's package, one level up per extra dot
        base = module.split(".") if is_package else module.split(".")[:-1]
        base = base[:len(base) - (node.level - 1)]
        source = ".".join(base + ([node.module] if node.module else []))
    else:
        source = node.module or ""
    names = []
    for alias in node.names:
        sub = f"{source}.{alias.name}"
        names.append(sub if sub in known else source)
    return names


def import_graph(root: Path, package: str) -> dict[str, set[str]]:
    """Module -> the package's modules it imports (directly, or as a parent package)."""
    files = module_files(root, package)
    graph: dict[str, set[str]] = {name: set() for name in files}
    for module, path in files.items():
        is_package = path.name == "__init__.py"
        for node in _runtime_imports(ast.parse(path.read_text(encoding="utf-8"))):
            for name in _imported_names(module, is_package, node, files):
                parts = name.split(".")
                for i in range(len(parts), 0, -1):  # the module and every package above it
                    target = ".".join(parts[:i])
                    if target not in files or target == module:
                        continue
                    if i < len(parts) and module.startswith(target + "."):
                        continue  # a parent package the importer is inside of is no new dependency
                    graph[module].add(target)
    return graph


def tangles(graph: dict[str, set[str]]) -> list[set[str]]:
    """The groups of two or more modules that import each other, directly or through others
    (the strongly connected components, by Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = set()
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.add(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(group)

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return groups


def a_cycle(graph: dict[str, set[str]], group: set[str]) -> list[str]:
    """The shortest way from the group's first module back to itself: ``[a, b, ..., a]``."""
    start = min(group)
    came_from = {start: start}
    queue = [start]
    while queue:
        v = queue.pop(0)
        if start in graph[v]:
            path = [start]
            while v != start:
                path.append(v)
                v = came_from[v]
            return [start, *reversed(path[1:]), start]
        for w in sorted(graph[v] & group):
            if w not in came_from:
                came_from[w] = v
                queue.append(w)
    raise AssertionError(f"no cycle through {start}")  # a tangle always has one


def _show(graph: dict[str, set[str]], groups: list[set[str]]) -> str:
    return "\n".join(f"{len(g)} modules, e.g. " + " -> ".join(a_cycle(graph, g)) for g in groups)


GRAPH = import_graph(ROOT, "tabletop")


def test_the_graph_reader_sees_lazy_imports_and_skips_type_checking(tmp_path: Path) -> None:
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "sub" / "__init__.py").write_text("from pkg import low\n")
    (pkg / "low.py").write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from pkg import high\nelse:\n    import json\n")
    (pkg / "high.py").write_text("def f():\n    from pkg.sub import deep\n    from .low import x\n")
    (pkg / "sub" / "deep.py").write_text("from pkg.sub import other\n")
    (pkg / "sub" / "other.py").write_text("from pkg.sub import NAME\n")
    graph = import_graph(pkg, "pkg")
    assert graph["pkg.low"] == set()  # TYPE_CHECKING only; json is outside the package
    assert graph["pkg.high"] == {"pkg.sub.deep", "pkg.sub", "pkg.low"}  # inside a function
    assert graph["pkg.sub.deep"] == {"pkg.sub.other"}  # not its own package pkg.sub ...
    assert graph["pkg.sub.other"] == {"pkg.sub"}  # ... unless it takes a name from it
    assert graph["pkg.sub"] == {"pkg.low"}
    assert tangles(graph) == []
    (pkg / "low.py").write_text("def g():\n    import pkg.high\n")
    graph = import_graph(pkg, "pkg")
    (group,) = tangles(graph)  # high -> low -> high, and high -> sub.deep -> sub.other -> sub -> low
    assert group == {"pkg.high", "pkg.low", "pkg.sub", "pkg.sub.deep", "pkg.sub.other"}
    assert a_cycle(graph, group) == ["pkg.high", "pkg.low", "pkg.high"]


def test_every_top_level_package_has_a_layer() -> None:
    tops = {p.name for p in ROOT.iterdir() if (p / "__init__.py").exists()}
    assert tops == set(RANK)


def test_each_layer_imports_only_from_below() -> None:
    wrong = []
    for module, targets in GRAPH.items():
        if module == "tabletop":
            continue
        top = module.split(".")[1]
        for target in sorted(targets):
            other = target.split(".")[1] if target != "tabletop" else top
            if other != top and RANK[other] >= RANK[top]:
                wrong.append(f"{module} ({top}) imports {target} ({other})")
    assert not wrong, "imports against the layers:\n" + "\n".join(wrong)


def test_no_import_cycles() -> None:
    found = tangles(GRAPH)
    assert not found, "import cycles:\n" + _show(GRAPH, found)

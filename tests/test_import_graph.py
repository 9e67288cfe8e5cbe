"""No import circle among the product's modules: the static import graph of every module under ludo_bot, read from
the source (an import at the top of a module or inside a function; not one under `if TYPE_CHECKING:`, which never
runs), has no cycle. A circle held together by an import placed at the bottom of a file, or inside a function,
works until someone moves a line; it also means the modules are one piece that reads as several."""

from __future__ import annotations

import ast
from collections import deque
from itertools import pairwise
from pathlib import Path

import ludo_bot

Graph = dict[str, dict[str, int]]  # module -> {module it imports: the line of its first such import}


def modules_of(root: Path, package: str) -> dict[str, Path]:
    """Every module of the package at `root` by dotted name; a package's `__init__.py` is the package itself."""
    found: dict[str, Path] = {}
    for path in sorted(root.rglob("*.py")):
        parts = [package, *path.relative_to(root).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _type_checking(test: ast.expr) -> bool:
    """`TYPE_CHECKING` or `typing.TYPE_CHECKING`."""
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    """The imports anywhere in `tree` (functions, classes, try blocks) but in the body of `if TYPE_CHECKING:`."""
    found: list[ast.Import | ast.ImportFrom] = []
    todo: list[ast.AST] = [tree]
    while todo:
        node = todo.pop()
        if isinstance(node, ast.Import | ast.ImportFrom):
            found.append(node)
        elif isinstance(node, ast.If) and _type_checking(node.test):
            todo.extend(node.orelse)
        else:
            todo.extend(ast.iter_child_nodes(node))
    return found


def _known(name: str, modules: dict[str, Path]) -> str | None:
    """The longest prefix of the dotted `name` that is one of `modules` (`a.b.c` for a name `a.b.c.thing`)."""
    parts = name.split(".")
    while parts:
        if ".".join(parts) in modules:
            return ".".join(parts)
        parts.pop()
    return None


def targets(node: ast.Import | ast.ImportFrom, module: str, is_package: bool,
            modules: dict[str, Path]) -> list[str]:
    """The modules of `modules` that the import `node`, written in `module`, names: `from a.b import c` is the
    module `a.b.c` when there is one, else `a.b`; relative imports are resolved from `module`'s package."""
    if isinstance(node, ast.Import):
        return [t for alias in node.names if (t := _known(alias.name, modules))]
    base = node.module or ""
    if node.level:
        package = module.split(".") if is_package else module.split(".")[:-1]
        package = package[:len(package) - (node.level - 1)]
        base = ".".join([*package, base] if base else package)
    found: list[str] = []
    for alias in node.names:
        submodule = f"{base}.{alias.name}"
        target = submodule if submodule in modules else _known(base, modules)
        if target:
            found.append(target)
    return found


def import_graph(root: Path, package: str) -> Graph:
    """Who imports whom among the modules of the package at `root` (a module importing itself left out)."""
    modules = modules_of(root, package)
    graph: Graph = {}
    for module, path in modules.items():
        edges = graph.setdefault(module, {})
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in sorted(_imports(tree), key=lambda n: n.lineno):
            for target in targets(node, module, path.name == "__init__.py", modules):
                if target != module:
                    edges.setdefault(target, node.lineno)
    return graph


def _components(graph: Graph) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work: list[tuple[str, list[str]]] = [(start, sorted(graph[start]))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, rest = work[-1]
            if rest:
                nxt = rest.pop(0)
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, sorted(graph.get(nxt, {}))))
                elif nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component: list[str] = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return sorted(found)


def _shortest_cycle(graph: Graph, start: str, within: set[str]) -> list[str]:
    """The shortest way from `start` back to itself through `within`: [start, ..., start]."""
    came: dict[str, str] = {}
    todo = deque([start])
    while todo:
        node = todo.popleft()
        for nxt in sorted(graph[node]):
            if nxt not in within:
                continue
            if nxt == start:
                way = [node]  # back from the last step to start
                while way[-1] != start:
                    way.append(came[way[-1]])
                return [*reversed(way), start]
            if nxt not in came:
                came[nxt] = node
                todo.append(nxt)
    raise AssertionError(f"{start} is in no cycle of {sorted(within)}")


def cycles(graph: Graph) -> list[list[str]]:
    """Import cycles, each as a chain [a, b, ..., a]: per circle of modules (strongly connected component), the
    shortest cycle through each of its modules, once each, so that every module of a circle is shown in one."""
    found: list[list[str]] = []
    for component in _components(graph):
        within = set(component)
        seen: set[tuple[str, ...]] = set()
        for module in component:
            cycle = _shortest_cycle(graph, module, within)
            ring = cycle[:-1]
            turn = ring.index(min(ring))
            key = tuple(ring[turn:] + ring[:turn])
            if key not in seen:
                seen.add(key)
                found.append([*key, key[0]])
    return found


def chain(graph: Graph, cycle: list[str]) -> str:
    """A cycle as it reads: `a -> b (line 12 of a) -> a (line 40 of b)`, each step with the line of its import."""
    steps = [cycle[0]]
    for before, after in pairwise(cycle):
        steps.append(f"{after} (line {graph[before][after]} of {before})")
    return " -> ".join(steps)


ROOT = Path(ludo_bot.__file__).parent


def test_no_import_cycle_among_the_products_modules() -> None:
    graph = import_graph(ROOT, "ludo_bot")
    assert len(graph) > 100 and "ludo_bot.bot.app" in graph["ludo_bot.bot.cli"]
    found = cycles(graph)
    assert not found, f"{len(found)} import cycles:\n" + "\n".join(chain(graph, cycle) for cycle in found)


def test_the_cycle_finder(tmp_path: Path) -> None:
    root = tmp_path / "pkg"
    (root / "sub").mkdir(parents=True)
    files = {
        "__init__.py": "from pkg.a import A\n",
        "a.py": "from pkg import b\nfrom .sub import c\nA = 1\n",
        "b.py": "def later() -> None:\n    from pkg.a import A\n",  # a -> b -> a, closed inside a function
        "sub/__init__.py": "",
        "sub/c.py": ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg import a\n"
                     "else:\n    import pkg.sub\n"),  # only the else branch runs: no a -> c -> a
    }
    for name, text in files.items():
        (root / name).write_text(text, encoding="utf-8")
    graph = import_graph(root, "pkg")
    assert graph == {"pkg": {"pkg.a": 1}, "pkg.a": {"pkg.b": 1, "pkg.sub.c": 2}, "pkg.b": {"pkg.a": 2},
                     "pkg.sub": {}, "pkg.sub.c": {"pkg.sub": 5}}
    assert cycles(graph) == [["pkg.a", "pkg.b", "pkg.a"]]
    assert chain(graph, cycles(graph)[0]) == "pkg.a -> pkg.b (line 1 of pkg.a) -> pkg.a (line 2 of pkg.b)"

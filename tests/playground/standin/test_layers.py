"""The stand-in's modules import each other without a circle (an import in a function or a TYPE_CHECKING block counts
too): each part imports only the parts before it (in the order the package's docstring names them) and Discord's
rules, and only the bot runner names `StandIn`'s module (besides the package's front door): the parts get the world
and the other parts they use, never the whole stand-in."""

from __future__ import annotations

import ast
from pathlib import Path

from ludo_bot.playground import standin

ROOT = Path(standin.__file__).parent
PACKAGE = "ludo_bot.playground.standin"
ORDER = ("records", "exchanges", "signals", "settings", "wire", "world", "payloads", "gateway", "broadcast", "posting",
         "waits", "interactions", "acting", "rest.handlers", "rest.application", "rest.channels", "rest.callbacks",
         "rest.api", "server", "runner")
RULES = ("limits", "ratelimits", "openapi", "schemacheck")  # Discord's rules: they import only records and each other
MODULES = {".".join(p.relative_to(ROOT).with_suffix("").parts): p for p in sorted(ROOT.rglob("*.py"))
           if p.name != "__init__.py"}  # by name within the package


def imports(module: str, path: Path) -> set[str]:
    """The stand-in's modules (by name within the package) that `module` imports, anywhere in it."""
    package = f"{PACKAGE}.{module}".rsplit(".", 1)[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.rsplit(".", node.level - 1)[0]
                base = f"{parent}.{base}" if base else parent
            found |= {base, *(f"{base}.{alias.name}" for alias in node.names)}
    return {name.removeprefix(PACKAGE + ".") for name in found} & set(MODULES)


GRAPH = {module: imports(module, path) for module, path in MODULES.items()}


def circle() -> list[str]:
    """One import circle among the modules (the modules on it, the first again at the end), or [] when none."""
    done: set[str] = set()

    def visit(module: str, trail: list[str]) -> list[str]:
        if module in trail:
            return [*trail[trail.index(module):], module]
        if module in done:
            return []
        for imported in sorted(GRAPH[module]):
            found = visit(imported, [*trail, module])
            if found:
                return found
        done.add(module)
        return []

    return next((found for module in sorted(GRAPH) if (found := visit(module, []))), [])


def test_the_check_sees_every_module_and_their_imports() -> None:
    assert set(GRAPH) == {*ORDER, *RULES}
    assert "world" in GRAPH["rest.handlers"] and "rest.handlers" in GRAPH["rest.api"]
    assert {"limits", "payloads"} <= GRAPH["rest.application"]  # `from .. import limits, payloads`


def test_no_import_circle_among_the_modules() -> None:
    assert circle() == [], " -> ".join(circle())


def test_each_part_imports_only_the_parts_before_it_and_the_rules() -> None:
    later = {part: sorted(GRAPH[part] & set(ORDER[index:])) for index, part in enumerate(ORDER)}
    assert {part: names for part, names in later.items() if names} == {}
    assert {rule: sorted(GRAPH[rule] - {*RULES, "records"}) for rule in RULES} == {rule: [] for rule in RULES}


def test_only_the_runner_imports_the_stand_in_itself() -> None:
    assert sorted(module for module, imported in GRAPH.items() if "server" in imported) == ["runner"]

"""The engine is pure standard library (DESIGN.md), and every example in its docstrings holds."""

from __future__ import annotations

import ast
import doctest
import importlib
import pkgutil
import sys
from pathlib import Path

import pytest

from ludo_bot import engine
from tests.imports import package_of

ENGINE_DIR = Path(engine.__file__).parent
MODULES = sorted(path for path in ENGINE_DIR.rglob("*.py"))
MODULE_NAMES = sorted(
    {"ludo_bot.engine"} | {info.name for info in pkgutil.walk_packages(engine.__path__, prefix="ludo_bot.engine.")})


def imported_roots(path: Path) -> set[str]:
    """Top-level names of every absolute import in a module (relative imports count as the engine)."""
    roots: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            roots.update(package_of(alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0 and node.module:
                roots.add(package_of(node.module))
            elif node.level:
                roots.add("ludo_bot.engine")
    return roots


def test_the_engine_has_modules_to_check() -> None:
    assert len(MODULES) >= 8
    names = {"ludo_bot.engine.rules", "ludo_bot.engine.game", "ludo_bot.engine.moves", "ludo_bot.engine.state"}
    assert names <= set(MODULE_NAMES)


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_engine_imports_only_the_standard_library(path: Path) -> None:
    allowed = set(sys.stdlib_module_names) | {"ludo_bot.engine", "__future__"}
    outside = sorted(imported_roots(path) - allowed)
    assert not outside, f"{path.name} imports {', '.join(outside)}"


def test_the_import_check_catches_a_third_party_import(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("import os\nfrom PIL import Image\nfrom . import rules\nimport redis.client\n")
    assert imported_roots(sample) - set(sys.stdlib_module_names) - {"ludo_bot.engine"} == {"PIL", "redis"}


@pytest.mark.parametrize("name", MODULE_NAMES)
def test_engine_doctests_pass(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module)
    assert result.failed == 0, f"{result.failed} of {result.attempted} doctests failed in {name}"

"""ludo_bot/render/ imports only the standard library, Pillow (and isal, the PNG writer's deflate; regex, for grapheme
clusters) and the engine (DESIGN.md), and its doctests hold. (The font packages are data, found by
`importlib.resources`, never imported.)"""

from __future__ import annotations

import ast
import doctest
import importlib
import pkgutil
import sys
from pathlib import Path

import pytest

from ludo_bot import render
from tests.imports import package_of

RENDER_DIR = Path(render.__file__).parent
MODULES = sorted(RENDER_DIR.rglob("*.py"))
MODULE_NAMES = sorted({"ludo_bot.render"}
                      | {info.name for info in pkgutil.walk_packages(render.__path__, prefix="ludo_bot.render.")})


def imported_roots(path: Path) -> set[str]:
    roots: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            roots.update(package_of(alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(package_of(node.module))
    return roots


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_render_imports_only_pillow_and_the_engine(path: Path) -> None:
    allowed = set(sys.stdlib_module_names) | {"PIL", "isal", "regex", "ludo_bot.engine", "ludo_bot.render",
                                              "__future__"}
    outside = sorted(imported_roots(path) - allowed)
    assert not outside, f"{path.name} imports {', '.join(outside)}"


@pytest.mark.parametrize("name", MODULE_NAMES)
def test_render_doctests_pass(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0, f"{result.failed} of {result.attempted} doctests failed in {name}"

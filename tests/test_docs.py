"""The front door and the manual: README.md stays short and its links work, the manual (mkdocs.yml, docs/) builds
strictly, and a strict build fails on what a reader would meet as broken."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"


def build(folder: Path) -> subprocess.CompletedProcess[str]:
    """`mkdocs build --strict` of a copy of the manual in `folder`."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    return subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(folder / "site")],
                          cwd=folder, env=env, capture_output=True, text=True, timeout=120)


def copy_of_the_manual(folder: Path) -> Path:
    shutil.copy(ROOT / "mkdocs.yml", folder)
    shutil.copy(ROOT / "SECURITY.md", folder)
    shutil.copytree(ROOT / "docs", folder / "docs")
    return folder


def test_readme_is_a_short_front_door_whose_links_work() -> None:
    text = README.read_text(encoding="utf-8")
    assert len(text.encode()) <= 10 * 1024
    targets = [link.split("#")[0] for link in re.findall(r"\]\(([^)\s]+)\)", text) if "://" not in link]
    assert targets, "the README links into docs/"
    assert [target for target in targets if not (ROOT / target).exists()] == []


def test_ci_runs_the_readme_test_command() -> None:
    command = re.search(r"## Test it\s+```sh\n(.+)\n```", README.read_text(encoding="utf-8"))
    assert command is not None
    ci_lines = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert command[1] in ci_lines


def test_the_manual_builds_strictly(tmp_path: Path) -> None:
    done = build(copy_of_the_manual(tmp_path))
    assert done.returncode == 0, done.stderr
    security = (tmp_path / "site" / "security" / "index.html").read_text(encoding="utf-8")
    assert "Reporting a problem" in security  # SECURITY.md itself, included
    assert "Every setting" in (tmp_path / "site" / "operators" / "settings" / "index.html").read_text(encoding="utf-8")


def test_a_strict_build_fails_on_a_page_out_of_the_nav_a_broken_link_or_a_missing_page(tmp_path: Path) -> None:
    folder = copy_of_the_manual(tmp_path)
    (folder / "docs" / "players" / "stray.md").write_text("# A page nobody can reach\n", encoding="utf-8")
    with (folder / "docs" / "players" / "commands.md").open("a", encoding="utf-8") as page:
        page.write("\n[gone](nowhere.md) and [no such part](presets.md#no-such-heading)\n")
    (folder / "docs" / "players" / "alerts.md").unlink()  # in the navigation, and linked from other pages
    done = build(folder)
    assert done.returncode != 0
    assert "players/stray.md" in done.stderr  # not in the navigation
    assert "'nowhere.md'" in done.stderr  # a link to no page
    assert "'#no-such-heading'" in done.stderr  # a link to no heading
    assert "'players/alerts.md'" in done.stderr  # the navigation names a page that is gone


def test_a_strict_build_fails_when_security_md_is_gone(tmp_path: Path) -> None:
    folder = copy_of_the_manual(tmp_path)
    (folder / "SECURITY.md").unlink()
    done = build(folder)
    assert done.returncode != 0
    assert "SECURITY.md" in done.stderr + done.stdout

"""The settings an operator reads about: every setting described, `.env.example` in step with the model, and the
operators' table (docs/operators/settings.md) written from the model as it is now."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ludo_bot.bot import settings_doc
from ludo_bot.bot.settings import BotSettings

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / ".env.example"
PAGE = ROOT / settings_doc.PAGE


def example_values() -> dict[str, str]:
    """`NAME=value` lines of .env.example (comments and blank lines skipped)."""
    pairs = (re.fullmatch(r"([A-Za-z_][A-Za-z0-9_]*)=(.*)", line.strip())
             for line in EXAMPLE.read_text(encoding="utf-8").splitlines() if not line.lstrip().startswith("#"))
    return {found[1]: found[2] for found in pairs if found}


def test_every_setting_has_a_description() -> None:
    undescribed = [name for name, info in BotSettings.model_fields.items() if not (info.description or "").strip()]
    assert undescribed == []


def test_env_example_lists_every_setting_and_no_other() -> None:
    listed = set(example_values())
    known = {settings_doc.env_name(name) for name in BotSettings.model_fields}
    assert sorted(known - listed) == [], "settings missing from .env.example"
    assert sorted(listed - known) == [], ".env.example names settings the bot does not read"


def test_env_example_values_are_the_defaults(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in BotSettings.model_fields:
        monkeypatch.delenv(settings_doc.env_name(name), raising=False)
    from_example = BotSettings(_env_file=EXAMPLE)  # type: ignore[call-arg]
    defaults = BotSettings(_env_file=None)  # type: ignore[call-arg]
    differing = {name: (getattr(from_example, name), getattr(defaults, name)) for name in BotSettings.model_fields
                 if getattr(from_example, name) != getattr(defaults, name)}
    assert differing == {}
    # and a setting with no default is left empty there, so that copying the file sets nothing by accident
    values = example_values()
    assert [name for name, info in BotSettings.model_fields.items()
            if info.default is None and values[settings_doc.env_name(name)]] == []


def test_the_settings_page_is_written_from_the_model() -> None:
    page = PAGE.read_text(encoding="utf-8")
    assert page == settings_doc.table(), "docs/operators/settings.md is stale: run python -m ludo_bot.bot.settings_doc"
    for name, info in BotSettings.model_fields.items():
        assert f"| `{settings_doc.env_name(name)}` |" in page
        assert (info.description or "") in page


def test_the_check_fails_on_a_stale_page(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    stale = tmp_path / "settings.md"
    stale.write_text(settings_doc.table().replace("`COOLDOWN_BOARD`", "`COOLDOWN_BORED`"), encoding="utf-8")
    assert settings_doc.main(["--check", "--page", str(stale)]) == 1
    assert "stale" in capsys.readouterr().err
    assert settings_doc.main(["--page", str(stale)]) == 0
    assert settings_doc.main(["--check", "--page", str(stale)]) == 0
    assert "`COOLDOWN_BOARD`" in stale.read_text(encoding="utf-8")


def test_the_page_says_what_each_setting_accepts() -> None:
    rows = {line.split("|")[1].strip(" `"): line.split("|")[3].strip() for line in settings_doc.table().splitlines()
            if line.startswith("| `")}
    assert rows["TIMEOUT_ACTION"] == "`ai`, `skip`, `forfeit`"
    assert rows["MAX_CONCURRENT_CLICKS"] == "whole number, 1 to 60"
    assert rows["IDLE_END_DAYS"] == "number, more than 0, at most 365"
    assert rows["SHARD_IDS"] == "whole numbers, separated by commas"

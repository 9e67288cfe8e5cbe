"""The operator's settings: the embedded server's memory cap, the idle end and the retention, from the environment."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from ludo_bot.bot.settings import BotSettings


def test_memory_idle_end_and_retention_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    defaults = BotSettings(_env_file=None)  # type: ignore[call-arg]
    assert (defaults.maxmemory(), defaults.idle_end_days, defaults.game_retention_days) == ("512mb", 7.0, 30.0)
    monkeypatch.setenv("REDIS_MAXMEMORY", "2GB")
    monkeypatch.setenv("IDLE_END_DAYS", "2.5")
    monkeypatch.setenv("GAME_RETENTION_DAYS", "90")
    chosen = BotSettings(_env_file=None)  # type: ignore[call-arg]
    assert (chosen.maxmemory(), chosen.idle_end_days, chosen.game_retention_days) == ("2GB", 2.5, 90.0)
    monkeypatch.setenv("REDIS_MAXMEMORY", "0")
    assert BotSettings(_env_file=None).maxmemory() is None  # type: ignore[call-arg]  # no cap
    for wrong in ("lots", "-1mb", "5 tb"):
        monkeypatch.setenv("REDIS_MAXMEMORY", wrong)
        with pytest.raises(ValidationError, match="redis_maxmemory"):
            BotSettings(_env_file=None)  # type: ignore[call-arg]
    monkeypatch.setenv("REDIS_MAXMEMORY", "1gb")
    monkeypatch.setenv("IDLE_END_DAYS", "0")
    with pytest.raises(ValidationError, match="idle_end_days"):
        BotSettings(_env_file=None)  # type: ignore[call-arg]

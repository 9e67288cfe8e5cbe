"""The `ludo-bot` command line: one-line errors for a bad token, and the deliberate command sync."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from ludo_bot.__main__ import main
from ludo_bot.playground.standin import StandIn


def test_a_missing_token_is_one_line(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "")
    assert main([]) == 1
    err = capsys.readouterr().err.strip()
    assert "DISCORD_TOKEN is not set" in err and len(err.splitlines()) == 1


async def test_a_rejected_token_is_one_line(standin: StandIn, monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "not-the-token")
    assert await asyncio.to_thread(main, ["sync"]) == 1
    standin.take_violations("unauthorized")
    err = capsys.readouterr().err.strip()
    assert err == "ludo-bot: Discord rejected the token in DISCORD_TOKEN"


async def test_sync_registers_the_ludo_group_in_one_guild(standin: StandIn, monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", standin.token)
    assert await asyncio.to_thread(main, ["sync", "--guild", str(standin.guild.id)]) == 0
    registered = standin.commands.get(standin.guild.id, {}).values()
    assert [c["name"] for c in registered] == ["ludo"]
    subcommands = {o["name"] for c in registered for o in c.get("options", [])}
    assert {"start", "board", "rules", "leave", "end", "stats", "leaderboard", "settings"} <= subcommands
    assert standin.commands.get(None, {}) == {}  # nothing global: the sync was for one guild
    assert "synced 1 command group(s) to guild" in capsys.readouterr().out


def test_the_example_settings_file_as_it_is_reads(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / ".env").write_text((Path(__file__).parents[2] / ".env.example").read_text())
    monkeypatch.chdir(tmp_path)
    for name in ("DISCORD_TOKEN", "METRICS_PORT", "DEV_GUILD_ID", "SHARD_COUNT", "SHARD_IDS", "REDIS_URL"):
        monkeypatch.delenv(name, raising=False)
    assert main([]) == 1  # the optional settings left empty are unset; only the token is missing
    assert "DISCORD_TOKEN is not set" in capsys.readouterr().err


async def test_a_data_folder_the_bot_cannot_use_is_named_as_a_storage_error(
        standin: StandIn, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """As with a volume owned by another user: the embedded Redis cannot keep its files, and the one line says so
    (it once said `cannot reach Discord`), with Discord answering fine."""
    (tmp_path / "taken").write_text("a file where the folder should be")
    monkeypatch.setenv("DISCORD_TOKEN", standin.token)
    monkeypatch.delenv("REDIS_URL", raising=False)
    monkeypatch.setenv("LUDO_DATA_DIR", str(tmp_path / "taken" / "data"))
    assert await asyncio.to_thread(main, []) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"ludo-bot: storage could not start: cannot use the data folder {tmp_path}/taken/data: "), err
    assert "Discord" not in err and len(err.splitlines()) == 1

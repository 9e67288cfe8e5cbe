"""The operators' table of every setting (docs/operators/settings.md), written from `BotSettings` so that it cannot
drift from the model: `python -m ludo_bot.bot.settings_doc` (run in the checkout) writes the page,
`python -m ludo_bot.bot.settings_doc --check` exits 1 when the committed page is stale (tests/bot/test_settings_doc.py
runs the same check). The page is the checkout's, not the package's: an installed bot has no docs/ beside it."""

from __future__ import annotations

import argparse
import sys
import types
import typing
from pathlib import Path
from typing import Any, Literal

import annotated_types
from pydantic.fields import FieldInfo

from ludo_bot.bot.settings import BotSettings

PAGE = Path("docs") / "operators" / "settings.md"  # (from the checkout's root)

HEAD = """# Every setting

<!-- Written by `python -m ludo_bot.bot.settings_doc` from the settings model (ludo_bot/bot/settings.py): edit the
     model, not this page. The tests fail when this page is stale. -->

The bot reads its settings from the environment or from a `.env` file in the folder it starts in: copy
`.env.example` to `.env` and fill it in. A setting left empty keeps its default. The names are the same in
`compose.yaml`, a systemd unit or a shell.

| Setting | Default | Values | What it does |
|---|---|---|---|
"""

FOOT = """
The defaults for turns (`TURN_DEADLINE`, `REMINDER_BEFORE`, `TIMEOUT_ACTION`, `FORFEIT_AFTER`) apply to servers
that never used `/ludo settings`; a server's own choice wins. [Limits and cooldowns](limits.md) explains the lobby
limits and the waits, [Redis and its sizing](redis.md) the memory limit, and
[Several processes and Redis Cluster](scaling.md) the shards.

Rating seasons are a server's own choice, with no setting here: `/ludo settings season:monthly` (or `quarterly`)
and `season_channel`. Seasons are calendar months or quarters in UTC, the same for every server; at a season's end
the [season worker](workers.md) of one process posts its final top ten in that channel, once, and keeps it for two
years (`/ludo leaderboard season:previous`). Turning seasons on needs no restart and no migration: a server's
settings saved before seasons existed read as seasons off.
"""


def env_name(field: str) -> str:
    """The environment variable of a field (pydantic-settings matches names without a prefix, any case)."""
    return field.upper()


def default_text(value: object) -> str:
    """A default as an operator would write it in `.env`; empty for none."""
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _bounds(info: FieldInfo) -> str:
    low = high = ""
    for rule in info.metadata:
        if isinstance(rule, annotated_types.Ge):
            low = f"{default_text(rule.ge)} or more"
        elif isinstance(rule, annotated_types.Gt):
            low = f"more than {default_text(rule.gt)}"
        elif isinstance(rule, annotated_types.Le):
            high = default_text(rule.le)
    if low.endswith(" or more") and high:
        return f"{low.removesuffix(' or more')} to {high}"
    return ", ".join(part for part in (low, f"at most {high}" if high else "") if part)


def values_text(info: FieldInfo) -> str:
    """What a setting accepts, from its type and bounds."""
    kind: Any = info.annotation
    if typing.get_origin(kind) in (typing.Union, types.UnionType):
        kind = next(arg for arg in typing.get_args(kind) if arg is not type(None))
    if typing.get_origin(kind) is typing.Annotated:
        kind = typing.get_args(kind)[0]
    if typing.get_origin(kind) in (typing.Union, types.UnionType):
        kind = next(arg for arg in typing.get_args(kind) if arg is not type(None))
    if typing.get_origin(kind) is Literal:
        return ", ".join(f"`{choice}`" for choice in typing.get_args(kind))
    if typing.get_origin(kind) is list:
        return "whole numbers, separated by commas"
    bounds = _bounds(info)
    name = {int: "whole number", float: "number", str: "text"}.get(kind, "secret text")
    return f"{name}, {bounds}" if bounds else name


def table() -> str:
    """The page: one row per setting, in the model's order."""
    rows = []
    for field, info in BotSettings.model_fields.items():
        default = default_text(info.default)
        rows.append(f"| `{env_name(field)}` | {f'`{default}`' if default else 'unset'} | {values_text(info)} | "
                    f"{(info.description or '').replace('|', '/')} |")
    return HEAD + "\n".join(rows) + "\n" + FOOT


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ludo_bot.bot.settings_doc", description=__doc__)
    parser.add_argument("--check", action="store_true", help="exit 1 when the committed page differs")
    parser.add_argument("--page", type=Path, default=PAGE, help=f"the page to write or check (default: {PAGE})")
    args = parser.parse_args(argv)
    page: Path = args.page
    wanted = table()
    if args.check:
        if not page.exists() or page.read_text(encoding="utf-8") != wanted:
            print(f"{page} is stale: run python -m ludo_bot.bot.settings_doc", file=sys.stderr)
            return 1
        return 0
    page.parent.mkdir(parents=True, exist_ok=True)
    page.write_text(wanted, encoding="utf-8")
    print(f"wrote {page}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

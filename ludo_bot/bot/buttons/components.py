"""The persistent buttons: `discord.ui.DynamicItem`s whose custom_id carries only keys.

Templates (all under 100 characters):
- ``ludo:l:<lobby id>:<verb>``: lobby buttons (join, leave, ai0-ai2, start, cancel, c0-c3: choose a colour;
  ai3, master, is no longer shown but still routed, so that an old lobby message's button is answered);
- ``ludo:g:<game id>:<ply>:<action>``: a legal action at the position `ply` of the game;
- ``ludo:r:<game id>``: a finished game's replay;
- ``ludo:m:<game id>``: a finished game's rematch (a lobby for the same game again);
- ``ludo:t:<game id>:<ply>``: Time's up, on the live message of a game delivered through interactions: settles the
  turn at `ply` once its deadline passed (`bot.buttons.game.GameMessage.late`);
- ``ludo:s:<game id>``: Spectate, on the live game message: a private view of the board for anyone;
- ``ludo:v:<game id>``: Refresh, on that private view: the board as it is now;
- ``ludo:n:<tournament id>:<version>:<verb>``: a tournament's sign-up buttons (join, leave, start) on its message as of
  the record's `version` (a version never stored is a forged button; an older one, a message that is behind).
A click that none of them takes (an old format, a forged id) is answered by `bot.app.LudoBot`.
State is read from storage on every click, so buttons work after a restart and from any bot process.
Labels are written in the language the view is built for (`service.words.i18n`); a click does not depend on them.
The callbacks hand over to the bot's handlers (`bot.clicks.handlers_of`): the modules beside this one (lobby, game,
spectate, review, rematch, tourney), which run inside the one error path (`bot.clicks`).
"""

from __future__ import annotations

import re
from typing import Any

import discord

from ludo_bot.bot.clicks import handlers_of
from ludo_bot.service.seats import AI_LEVELS, OFFERED_LEVELS
from ludo_bot.service.words.i18n import DEFAULT, colour, translate

ID = r"[0-9a-z]{1,40}"
BUTTONS_PER_ROW = 5
COLOUR_EMOJI = ("🔴", "🟢", "🟡", "🔵")  # by seat: red, green, yellow, blue
COLOUR_VERBS = ("c0", "c1", "c2", "c3")  # lobby buttons choosing a colour, by seat

LOBBY_STYLES = {"join": discord.ButtonStyle.success, "leave": discord.ButtonStyle.secondary,
                "ai0": discord.ButtonStyle.secondary, "ai1": discord.ButtonStyle.secondary,
                "ai2": discord.ButtonStyle.secondary, "ai3": discord.ButtonStyle.secondary,
                "start": discord.ButtonStyle.primary,
                "cancel": discord.ButtonStyle.danger}  # the label of a verb is the key "button.<verb>"


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                  template=rf"ludo:l:(?P<lobby>{ID}):(?P<verb>join|leave|ai[0-3]|start|cancel|c[0-3])"):
    """A lobby button; ``c<n>`` chooses the colour of seat n."""

    def __init__(self, lobby_id: str, verb: str, lang: str = DEFAULT) -> None:
        custom_id = f"ludo:l:{lobby_id}:{verb}"
        if verb in COLOUR_VERBS:
            seat = COLOUR_VERBS.index(verb)
            button = discord.ui.Button[Any](label=colour(lang, seat).capitalize(), emoji=COLOUR_EMOJI[seat],
                                            style=discord.ButtonStyle.secondary, custom_id=custom_id)
        else:
            button = discord.ui.Button(label=translate(lang, f"button.{verb}"), style=LOBBY_STYLES[verb],
                                       custom_id=custom_id)
        super().__init__(button)
        self.lobby_id, self.verb = lobby_id, verb

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> LobbyButton:
        return cls(match["lobby"], match["verb"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await handlers_of(interaction).lobby.click(interaction, self.lobby_id, self.verb)


class GameButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                 template=rf"ludo:g:(?P<game>{ID}):(?P<ply>[0-9]{{1,9}}):(?P<action>[A-Z][0-9]{{0,2}})"):
    """One legal action of the player to act, valid at one position (`ply`) of one game."""

    def __init__(self, game_id: str, ply: int, action: str, label: str = "") -> None:
        style = discord.ButtonStyle.primary if action == "R" else discord.ButtonStyle.secondary
        super().__init__(discord.ui.Button(label=(label or action)[:80], style=style,
                                           custom_id=f"ludo:g:{game_id}:{ply}:{action}"))
        self.game_id, self.ply, self.action = game_id, ply, action

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> GameButton:
        label = item.label if isinstance(item, discord.ui.Button) else None
        return cls(match["game"], int(match["ply"]), match["action"], label or "")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await handlers_of(interaction).game.click(interaction, self.game_id, self.ply, self.action)


class LateButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                 template=rf"ludo:t:(?P<game>{ID}):(?P<ply>[0-9]{{1,9}})"):
    """Time's up: someone else in the game settles the turn at `ply` once its deadline passed."""

    def __init__(self, game_id: str, ply: int, lang: str = DEFAULT) -> None:
        super().__init__(discord.ui.Button(label=translate(lang, "button.times_up"), emoji="⏰",
                                           style=discord.ButtonStyle.secondary, custom_id=f"ludo:t:{game_id}:{ply}"))
        self.game_id, self.ply = game_id, ply

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> LateButton:
        return cls(match["game"], int(match["ply"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await handlers_of(interaction).game.late(interaction, self.game_id, self.ply)


_AFTER_LOOKS = {"r": ("button.replay", "🎞️", discord.ButtonStyle.secondary),
                "m": ("button.rematch", "🔁", discord.ButtonStyle.primary),
                "a": ("button.review", "📈", discord.ButtonStyle.secondary),
                "p": ("button.post_review", "📣", discord.ButtonStyle.secondary)}


class AfterButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"ludo:(?P<kind>[rmap]):(?P<game>{ID})"):
    """A finished game's buttons: its animated replay (``r``), a rematch (``m``: a lobby for the same game again),
    its review (``a``: privately) and, on a private review, posting it in the channel (``p``)."""

    def __init__(self, game_id: str, kind: str, lang: str = DEFAULT) -> None:
        key, emoji, style = _AFTER_LOOKS[kind]
        super().__init__(discord.ui.Button(label=translate(lang, key), emoji=emoji, style=style,
                                           custom_id=f"ludo:{kind}:{game_id}"))
        self.game_id, self.kind = game_id, kind

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> AfterButton:
        return cls(match["game"], match["kind"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if self.kind == "r":
            await handlers_of(interaction).watching.replay(interaction, self.game_id)
        elif self.kind in "ap":
            await handlers_of(interaction).review.answer(interaction, self.game_id, public=self.kind == "p")
        else:
            await handlers_of(interaction).rematch.click(interaction, self.game_id)


class SpectateButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"ludo:(?P<kind>[sv]):(?P<game>{ID})"):
    """Spectate (``s``, on the live game message) or Refresh (``v``, on a spectator's private view)."""

    def __init__(self, game_id: str, kind: str = "s", lang: str = DEFAULT) -> None:
        key, emoji = ("button.spectate", "👁️") if kind == "s" else ("button.refresh", "🔄")
        super().__init__(discord.ui.Button(label=translate(lang, key), emoji=emoji, style=discord.ButtonStyle.secondary,
                                           custom_id=f"ludo:{kind}:{game_id}"))
        self.game_id, self.kind = game_id, kind

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> SpectateButton:
        return cls(match["game"], match["kind"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await handlers_of(interaction).watching.spectate(interaction, self.game_id, refresh=self.kind == "v")


TOURNEY_STYLES = {"join": discord.ButtonStyle.success, "leave": discord.ButtonStyle.secondary,
                  "start": discord.ButtonStyle.primary}  # the label of a verb is the key "button.<verb>"


class TourneyButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                    template=rf"ludo:n:(?P<tourney>{ID}):(?P<version>[0-9]{{1,9}}):(?P<verb>join|leave|start)"):
    """A tournament's sign-up button, made for the record at `version`."""

    def __init__(self, tournament_id: str, version: int, verb: str, lang: str = DEFAULT) -> None:
        super().__init__(discord.ui.Button(label=translate(lang, f"button.{verb}"), style=TOURNEY_STYLES[verb],
                                           custom_id=f"ludo:n:{tournament_id}:{version}:{verb}"))
        self.tournament_id, self.version, self.verb = tournament_id, version, verb

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> TourneyButton:
        return cls(match["tourney"], int(match["version"]), match["verb"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await handlers_of(interaction).tourney.click(interaction, self.tournament_id, self.version, self.verb)


DYNAMIC_ITEMS = (LobbyButton, GameButton, LateButton, AfterButton, SpectateButton, TourneyButton)


def handled(custom_id: str, message: discord.Message | None) -> bool:
    """True when discord.py will hand this click to one of our buttons: the id fits a template and
    stands on the clicked message (discord.py silently drops any other click)."""
    if not any(item.__discord_ui_compiled_template__.fullmatch(custom_id) for item in DYNAMIC_ITEMS):
        return False
    return message is not None and any(
        getattr(child, "custom_id", None) == custom_id for row in message.components
        for child in getattr(row, "children", ()))


AI_VERBS = tuple(f"ai{AI_LEVELS.index(name)}" for name in OFFERED_LEVELS)  # the Add AI buttons (not master, ai3)


def lobby_view(lobby_id: str, lang: str = DEFAULT) -> discord.ui.View:
    """The lobby's buttons: a row to join, leave, start and cancel, a row of colours, a row to add AI seats."""
    view = discord.ui.View(timeout=None)
    rows = (("join", "leave", "start", "cancel"), COLOUR_VERBS, AI_VERBS)
    for row, verbs in enumerate(rows):
        for verb in verbs:
            button = LobbyButton(lobby_id, verb, lang)
            button.item.row = row
            view.add_item(button)
    return view


def signup_view(tournament_id: str, version: int, lang: str = DEFAULT) -> discord.ui.View:
    """A tournament's sign-up buttons: Join, Leave, Start (the organiser's)."""
    view = discord.ui.View(timeout=None)
    for verb in ("join", "leave", "start"):
        view.add_item(TourneyButton(tournament_id, version, verb, lang))
    return view


def game_view(game_id: str, ply: int, actions: list[tuple[str, str]], lang: str = DEFAULT, *,
              late: bool = False) -> discord.ui.View:
    """Buttons for (action text, label) pairs, five to a row (a move offers at most ten); with `late`, Time's up
    beside Spectate."""
    view = discord.ui.View(timeout=None)
    shown = actions[: BUTTONS_PER_ROW * 4]
    for i, (action, label) in enumerate(shown):
        button = GameButton(game_id, ply, action, label)
        button.item.row = i // BUTTONS_PER_ROW
        view.add_item(button)
    spectate = SpectateButton(game_id, "s", lang)  # last, on a row of its own
    spectate.item.row = (len(shown) - 1) // BUTTONS_PER_ROW + 1 if shown else 0
    view.add_item(spectate)
    if late:
        times_up = LateButton(game_id, ply, lang)
        times_up.item.row = spectate.item.row
        view.add_item(times_up)
    return view


def spectator_view(game_id: str, lang: str = DEFAULT) -> discord.ui.View:
    """A spectator's private view: its Refresh button."""
    view = discord.ui.View(timeout=None)
    view.add_item(SpectateButton(game_id, "v", lang))
    return view


def finished_view(game_id: str, lang: str = DEFAULT) -> discord.ui.View:
    """A finished game's message: its replay, its rematch and its review."""
    view = discord.ui.View(timeout=None)
    for kind in "rma":
        view.add_item(AfterButton(game_id, kind, lang))
    return view


def review_view(game_id: str, lang: str = DEFAULT) -> discord.ui.View:
    """A private review's button: post it in the channel."""
    view = discord.ui.View(timeout=None)
    view.add_item(AfterButton(game_id, "p", lang))
    return view

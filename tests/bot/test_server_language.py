"""The server's language (issue 25): chosen in /ludo settings (default: the server's Discord locale), stored as a
code; public messages and pictures speak it, private answers speak the asker's Discord locale where the bot has a
catalogue for it, else the server's language. And a whole game in a Brazilian server whose players write their
names in five scripts."""

from __future__ import annotations

import json
import re

import pytest

from ludo_bot.bot.app import LudoBot
from ludo_bot.playground.standin import StandIn
from ludo_bot.service import Refused
from ludo_bot.service.words.i18n import CATALOGUES, translate
from ludo_bot.storage import GuildSettings, keys
from ludo_bot.storage.records import read_record
from tests.bot.helpers import (
    PNG_MAGIC,
    click,
    lobby_button,
    play_out_in_any_language,
    private_text,
    slash,
    start_in_any_language,
)

PT = CATALOGUES["pt"]  # whichever Portuguese catalogue is there: the sentences are read from it
# five scripts among four players: Latin with marks, Devanagari, Arabic, Cyrillic with CJK and emoji
NAMES = ("Zoë Ştefan", "अर्जुन शर्मा", "فاطمة الزهراء", "Дима 小明 🎲👍🏽🇧🇷")


def portuguese(key: str) -> str:
    template = PT[key]
    assert isinstance(template, str)
    return template


def before(key: str, field: str) -> str:
    """The Portuguese words of `key` before its `{field}`."""
    return portuguese(key).split("{" + field + "}")[0]


def lobby_head(host: int, seats: int) -> str:
    return translate("pt-BR", "lobby.head", host=host, rules="clássico", extra="", seats=seats)  # (its name there)


def label_pattern(*keys: str) -> re.Pattern[str]:
    """Any label these Portuguese button templates make (each placeholder: some text)."""
    return re.compile("|".join(re.sub(r"\\\{\w+\\\}", ".+", re.escape(portuguese(key))) for key in keys))


async def test_the_language_is_chosen_stored_as_a_code_and_spoken_in_public(standin: StandIn,
                                                                            ludo: LudoBot) -> None:
    assert ludo.handlers is not None and ludo.storage is not None
    saved = private_text(await slash(standin, ludo, standin.owner, standin.channel, "settings", language="pt"))
    assert saved.startswith("Ludo settings: preset **classic**")  # the owner's own language: English
    assert "turns of 1 day, reminder 1 hour before" in saved  # (it said "turns of 1,440 min, reminder 60 min")
    assert "The bot's messages in this server: **Português (Brasil)**." in saved
    raw = await ludo.storage.redis.hget(keys.guild_settings(standin.guild.id), "rec")
    assert raw is not None and json.loads(raw)["language"] == "pt"  # a code, never a sentence
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    opened = await slash(standin, ludo, alice, standin.channel, "start", seats=2)  # alice's Discord: English
    lobby = await opened.result()
    assert lobby is not None and lobby.content.splitlines()[0] == lobby_head(alice.id, 2)
    assert lobby.labels()[:4] == [PT["button.join"], PT["button.leave"], PT["button.start"], PT["button.cancel"]]
    # private answers: the asker's language where the bot has it (English, German), else the server's (Japanese)
    answers = {}
    for locale in ("en-US", "de", "ja"):
        answer = await click(standin, ludo, alice, lobby, custom_id=lobby_button(lobby, "join"), locale=locale)
        answers[locale] = private_text(answer)
    assert answers == {"en-US": translate("en", "refused.already_in"), "de": translate("de", "refused.already_in"),
                       "ja": PT["refused.already_in"]}
    await click(standin, ludo, bob, lobby, custom_id=lobby_button(lobby, "join"))
    await click(standin, ludo, alice, lobby, custom_id=lobby_button(lobby, "start"))
    record = await ludo.handlers.service.archive.channel_game(standin.channel.id)
    assert record.locale == "pt"  # the game keeps the language it was opened in


async def test_without_a_choice_the_server_speaks_its_discord_locale(standin: StandIn, ludo: LudoBot) -> None:
    alice = standin.add_user("alice")
    standin.guild.locale = "pt-BR"
    lobby = await (await slash(standin, ludo, alice, standin.channel, "start", seats=2)).result()
    assert lobby is not None and lobby.content.splitlines()[0] == lobby_head(alice.id, 2)
    other = standin.add_channel(standin.guild, "other")
    standin.guild.locale = "ja"  # a locale the bot has no catalogue for: English
    lobby = await (await slash(standin, ludo, alice, other, "start", seats=2)).result()
    assert lobby is not None and "**Ludo lobby**" in lobby.content


async def test_a_server_that_chose_a_language_can_follow_its_discord_locale_again(standin: StandIn,
                                                                                 ludo: LudoBot) -> None:
    assert ludo.storage is not None
    standin.guild.locale = "de"
    await slash(standin, ludo, standin.owner, standin.channel, "settings", language="pt")
    back = private_text(await slash(standin, ludo, standin.owner, standin.channel, "settings", language="discord"))
    assert translate("en", "settings.follows", language="Deutsch") in back  # the owner reads English
    raw = await ludo.storage.redis.hget(keys.guild_settings(standin.guild.id), "rec")
    assert raw is not None and json.loads(raw).get("language") is None  # as before any choice
    alice = standin.add_user("alice")
    lobby = await (await slash(standin, ludo, alice, standin.channel, "start", seats=2)).result()
    assert lobby is not None and "**Ludo-Lobby**" in lobby.content  # the server's Discord locale again
    choices = next(o for o in ludo.tree.get_command("ludo").get_command("settings").parameters  # type: ignore[union-attr]
                   if o.name == "language").choices
    assert [c.value for c in choices][-1] == "discord" and "Deutsch" in [c.name for c in choices]


async def test_a_new_language_says_that_the_open_lobby_keeps_its_own(standin: StandIn, ludo: LudoBot) -> None:
    """Issue 44, item 8: the lobby open when the language changes goes on in the language it opened in (its game
    keeps it to the end), and the answer to /ludo settings says so."""
    standin.guild.locale = "en-US"
    alice = standin.add_user("alice")
    lobby = await (await slash(standin, ludo, alice, standin.channel, "start", seats=2)).result()
    assert lobby is not None and "**Ludo lobby**" in lobby.content
    saved = private_text(await slash(standin, ludo, standin.owner, standin.channel, "settings", language="pt"))
    assert saved.endswith("The bot's messages in this server: **Português (Brasil)**. Lobbies, games and tournaments "
                          "already open go on in their language; new ones speak this one.")
    await click(standin, ludo, alice, lobby, label="Add AI (random)")
    assert "**Ludo lobby**" in lobby.content  # the open lobby: English still
    fresh = await (await slash(standin, ludo, alice, standin.add_channel(standin.guild, "other"), "start")).result()
    assert fresh is not None and "**Sala de Ludo**" in fresh.content  # a new lobby: Portuguese
    unasked = private_text(await slash(standin, ludo, standin.owner, standin.channel, "settings", turn_minutes=30))
    assert "already open" not in unasked  # said when the language is what changes


async def test_a_language_the_bot_does_not_speak_is_refused_and_changes_nothing(ludo: LudoBot) -> None:
    assert ludo.handlers is not None
    guilds = ludo.handlers.service.guilds
    with pytest.raises(Refused) as refused:
        await guilds.update(77, {"language": "xx"})
    assert refused.value.key == "refused.settings"
    assert (await guilds.settings(77)).language is None


def test_settings_stored_before_languages_read_as_the_discord_locale() -> None:
    old = json.dumps({"schema_version": 1, "guild_id": 5, "preset": "star"})
    settings = read_record(GuildSettings, "k", old, version=3)
    assert (settings.language, settings.preset, settings.schema_version) == (None, "star", GuildSettings.SCHEMA)
    assert settings.season == "off"  # (and, through schema 2, no seasons)
    with pytest.raises(ValueError):
        GuildSettings(guild_id=5, language="Português")  # a code, never a name or a sentence


async def test_a_brazilian_server_plays_a_game_to_its_end_with_names_in_five_scripts(standin: StandIn,
                                                                                      ludo: LudoBot) -> None:
    standin.guild.locale = "pt-BR"
    players = [standin.add_user(f"player{i}") for i in range(4)]
    for player, name in zip(players, NAMES, strict=True):
        player.global_name = name
    lobby = await start_in_any_language(standin, ludo, players[0], tuple(players[1:]), locale="pt-BR",
                                        preset="star", turn_limit=6)
    assert before("game.order", "rolls") in lobby.content and all(name in lobby.content for name in NAMES)
    seen, final = await play_out_in_any_language(standin, ludo, locale="pt-BR")
    assert portuguese("status.over") in final.content and PT["button.replay"] in final.labels()
    spoken = label_pattern("button.roll", "button.spectate", "button.enter", "button.move", "button.pair",
                           "button.die_first", "button.enter_any", "button.move_any", "button.pair_any")
    for message in seen:
        assert all(spoken.fullmatch(label) for label in message.labels), message.labels
        assert before("status.turn", "who") in message.content
    picture = final.file("board.png")
    assert picture.data.startswith(PNG_MAGIC)
    assert picture.description is not None and before("describe.over", "ranking") in picture.description
    assert all(name in picture.description for name in NAMES)  # the alt text names every player as written

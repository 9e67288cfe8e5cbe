"""Right-to-left sentences (issue 25): in Arabic and Urdu every value filled into a sentence sits in directional
isolates (FSI U+2068 ... PDI U+2069) placed around its markup, never inside it; left-to-right languages get none.

What the isolates change is measured with the Unicode Bidirectional Algorithm (python-bidi): the order a reader
sees the values in, and the direction of a paragraph that begins with a name."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator

import pytest
from bidi import get_base_level, get_display  # type: ignore[import-untyped]  # python-bidi has no type information

from ludo_bot.bot.app import LudoBot
from ludo_bot.playground.standin import StandIn
from ludo_bot.service.words import languages as registry
from ludo_bot.service.words.i18n import CATALOGUES, FSI, PDI, translate, translate_for_picture
from ludo_bot.service.words.locales.forms import Plural
from tests.bot.helpers import play_out_in_any_language, private_text, slash, start_in_any_language

MENTION = re.compile(r"<@(\d+)>")
# test-made Arabic for the sentences below, where the Arabic catalogue has not landed (every other key: English)
ARABIC = {
    "game.remind": "⏰ <@{user}>، حان دورك في لعبة لودو `{id}`: ينتهي دورك <t:{at}:R>.",
    "event.rolled": "🎲 رمى {who} {dice}.",
    "event.resigned": "{who} غادر اللعبة.",
    "status.turn": "الدور على {who} ({colour}): {doing}{deadline}.",
    "game.header": "🎲 **لودو — {rules}**{extra} · اللعبة `{id}`",
}


@pytest.fixture
def arabic(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Arabic's catalogue with the sentences above (where Arabic's own has not landed: English for the rest)."""
    table = CATALOGUES.get("ar")
    if table is None:
        categories = registry.categories("ar")
        table = {key: Plural(entry.count, {c: entry.forms["other"] for c in categories})
                 if isinstance(entry, Plural) else entry for key, entry in CATALOGUES["en"].items()}
        monkeypatch.setitem(registry.SPOKEN, "ar", next(lang for lang in registry.LANGUAGES if lang.code == "ar"))
    monkeypatch.setitem(CATALOGUES, "ar", {**table, **ARABIC})
    registry.known.cache_clear()
    yield "ar"
    registry.known.cache_clear()


def test_values_sit_in_isolates_outside_their_mention_and_code_span(arabic: str) -> None:
    text = translate(arabic, "game.remind", user=123456789012345678, id="ab12cd34", at=int(time.time()) + 600)
    assert f"{FSI}<@123456789012345678>{PDI}" in text  # the mention whole: Discord still reads it
    assert f"{FSI}`ab12cd34`{PDI}" in text  # a copied id has no invisible character
    # Discord's client has no Arabic, so the bot writes the time itself, in Arabic (tests/service/test_languages.py)
    assert "<t:" not in text and f"{FSI}خلال 10 دقائق{PDI}" in text
    assert MENTION.findall(text) == ["123456789012345678"] and text.count(FSI) == text.count(PDI) == 3
    assert re.findall(r"`([^`]*)`", text) == ["ab12cd34"]


def test_left_to_right_languages_get_no_isolates() -> None:
    for locale in ("en-US", "de", "pt-BR"):
        text = translate(locale, "game.remind", user=42, id="ab12cd34", at=1700000000)
        assert FSI not in text and PDI not in text, locale


def test_the_isolates_keep_values_in_the_order_an_arabic_reader_reads_them(arabic: str) -> None:
    """Unisolated, a Latin name and the dice after it run together left to right ("Ann 6, 5"), so an Arabic reader,
    reading from the right, meets the dice before the name; isolated, the name comes first and each value keeps its
    own order."""
    template = CATALOGUES[arabic]["event.rolled"]
    assert isinstance(template, str)
    plain = template.format(who="Ann", dice="6, 5")
    isolated = translate(arabic, "event.rolled", who="Ann", dice="6, 5")
    shown_plain, shown = get_display(plain, base_dir="R"), get_display(isolated, base_dir="R")
    assert shown_plain.index("Ann") < shown_plain.index("6, 5")  # left of the dice: read after them
    assert shown.index("6, 5") < shown.index("Ann")  # right of the dice: read first
    # a paragraph beginning with a name in Latin letters takes its direction from the Arabic words, not the name
    resigned = CATALOGUES[arabic]["event.resigned"]
    assert isinstance(resigned, str)
    assert get_base_level(resigned.format(who="Ann")) == 0  # left to right: the sentence's words out of order
    assert get_base_level(translate(arabic, "event.resigned", who="Ann")) == 1


def test_markdown_around_a_value_still_holds(arabic: str) -> None:
    text = translate(arabic, "game.header", rules="classic", extra="", id="ab12cd34")
    assert re.search(rf"\*\*[^*]*{FSI}classic{PDI}\*\*", text) and f"{FSI}`ab12cd34`{PDI}" in text


def test_a_sentence_for_a_picture_has_no_isolates(arabic: str) -> None:
    for_discord = translate(arabic, "seat.ai", colour="x", level="y")
    assert FSI in for_discord
    pictured = translate_for_picture(arabic, "seat.ai", colour="x", level="y")
    assert pictured == for_discord.replace(FSI, "").replace(PDI, "")


async def test_an_arabic_server_plays_with_whole_mentions_and_plain_button_ids(standin: StandIn, ludo: LudoBot,
                                                                               arabic: str) -> None:
    """The server chose Arabic: its game messages carry isolates around every mention, which stay whole (the player
    to act is pinged); no button id carries one."""
    assert ludo.handlers is not None
    await ludo.handlers.service.guilds.update(standin.guild.id, {"language": arabic})
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    alice.global_name, bob.global_name = "علي", "Bob 5"
    lobby = await start_in_any_language(standin, ludo, alice, (bob,), locale="ar", preset="star", turn_limit=4)
    assert f"{FSI}علي{PDI}" in lobby.content and f"{FSI}Bob 5{PDI}" in lobby.content  # the turn order's names
    seen, final = await play_out_in_any_language(standin, ludo)
    game_id = next(c for c in final.custom_ids() if c.startswith("ludo:r:")).split(":")[2]
    assert (await ludo.handlers.service.archive.guild_game(standin.guild.id, game_id)).locale == arabic
    for message in seen:
        assert all(re.fullmatch(r"[\x21-\x7e]{1,100}", c) for c in message.custom_ids), message.custom_ids
        assert FSI in message.content and message.content.count(FSI) == message.content.count(PDI)
        assert "<@" not in MENTION.sub("", message.content)  # every mention whole
        assert MENTION.findall(message.content) and set(MENTION.findall(message.content)) <= {str(alice.id),
                                                                                              str(bob.id)}


async def test_right_to_left_names_are_isolated_in_every_language_so_a_number_stays_beside_its_name(
        standin: StandIn, ludo: LudoBot) -> None:
    """In an English server the turn-order roll puts each roll after its player's name; unisolated, an Arabic name
    would show its roll on its left, beside the previous name ("5 فاطمة; Bob 6"). A name in Latin letters needs no
    isolates there."""
    fatima, bob = standin.add_user("fatima"), standin.add_user("bob")
    fatima.global_name, bob.global_name = "فاطمة", "Bob"
    lobby = await start_in_any_language(standin, ludo, fatima, (bob,))
    line = next(line for line in lobby.content.splitlines() if line.startswith("Turn-order roll: "))
    assert f"{FSI}فاطمة{PDI} " in line and "Bob " in line and f"{FSI}Bob" not in line
    roll = re.search(f"{FSI}فاطمة{PDI} ([1-6])", line)
    assert roll is not None
    shown = get_display(line, base_dir="L").replace(FSI, "").replace(PDI, "")
    unisolated = get_display(line.replace(FSI, "").replace(PDI, ""), base_dir="L")
    assert f"ةمطاف {roll[1]}" in shown  # the roll right of the name, read after it
    assert f"{roll[1]} ةمطاف" in unisolated  # unisolated: the roll shown before the name


async def test_a_name_with_a_direction_override_turns_no_sentence_around(standin: StandIn, ludo: LudoBot) -> None:
    """U+202E (RIGHT-TO-LEFT OVERRIDE) in a display name would show every character after it backwards, the rest
    of the English sentence too ("Eve 4; boB 6" read as "6 boB ;4 evE"): names lose their direction controls, so
    the turn-order line reads in order, with no control character left in the message."""
    eve, bob = standin.add_user("eve"), standin.add_user("bob")
    eve.global_name, bob.global_name = "Eve\u202e\u2066", "Bob"
    lobby = await start_in_any_language(standin, ludo, eve, (bob,))
    line = next(line for line in lobby.content.splitlines() if line.startswith("Turn-order roll: "))
    assert not any(c in lobby.content for c in "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f")
    shown = get_display(line, base_dir="L")
    assert shown == line and re.fullmatch(r"Turn-order roll: (Eve|Bob) [1-6]; (Eve|Bob) [1-6].*", shown), shown
    stats = private_text(await slash(standin, ludo, bob, standin.channel, "stats", user=eve))
    assert "\u202e" not in stats

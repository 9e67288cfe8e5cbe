"""Display names in public text: a name is shown as the player chose it, never as Discord markup (a masked link,
bold, a mention pill, @everyone), and messages ping only whom the bot means, even when the bot may mention
everyone; the board's alt text reads the name unescaped."""

from __future__ import annotations

import re

import pytest

from ludo_bot.bot.app import LudoBot
from ludo_bot.playground.standin import Message, StandIn
from ludo_bot.playground.standin.records import MENTION_EVERYONE
from tests.bot.helpers import (
    click,
    finished_game,
    live_message,
    play_to_end,
    private_text,
    slash,
    start_game,
    to_act,
)

pytestmark = pytest.mark.usefixtures("no_click_in_flight")  # (each answer awaited before the next action)

MASKED_LINK = re.compile(r"(?<!\\)\[[^\]\n]+\]\(\s*<?https?://")  # what Discord shows as a link under other words
PILL = re.compile(r"<@!?(\d+)>")  # what Discord shows as a user's mention
ESCAPE = re.compile(r"\\([^\sA-Za-z0-9])")
ANGLE_MARKUP = re.compile(r"(?<!\\)<(@&|#|a?:\w+:|t:)")  # a role or channel mention, a custom emoji, a time
BARE_LINK = re.compile(r"(?:https?|steam)://[^\s<]", re.IGNORECASE)  # what Discord links by itself, unmasked
# Names `python -m benchmarks.fuzz` found printed raw in a shared review
FUZZ_NAMES = ("<:e:1>~~", "**\u0489張偉<@&1><#1>", "\u200b张伟__\u0336", "Ana *bold* [link](https://x.y)")


def shown(content: str) -> str:
    """The words a user reads: escaped markdown characters as themselves, zero-width spaces unseen."""
    return ESCAPE.sub(r"\1", content).replace("\u200b", "")


def check_public(standin: StandIn, meant: set[int]) -> list[Message]:
    """Every public message so far: no masked link, no @everyone, mention pills only of players (`meant`)."""
    messages = [m for m in standin.message_log.values() if not m.ephemeral]
    for message in messages:
        assert not MASKED_LINK.search(message.content), message.content
        assert not re.search(r"@(everyone|here)", message.content), message.content
        assert {int(u) for u in PILL.findall(message.content)} <= meant, message.content
        assert not message.mention_everyone
    return messages


async def test_display_names_show_as_written_and_ping_nobody(standin: StandIn, ludo: LudoBot) -> None:
    next(r for r in standin.guild.roles.values() if r.managed).permissions |= MENTION_EVERYONE  # an admin bot
    carol = standin.add_user("carol")  # a bystander, whose mention a name fakes
    eve, mallory, trudy = standin.add_user("eve"), standin.add_user("mallory"), standin.add_user("trudy")
    names = {eve: "[nitro](https://evil.example)", mallory: "@everyone **loud**", trudy: f"<@{carol.id}>"}
    for user, name in names.items():
        user.global_name = name
    players = {eve.id, mallory.id, trudy.id}
    live = await start_game(standin, ludo, eve, (mallory, trudy), preset="classic")
    assert live is not None
    order = "\n".join(m.content for m in check_public(standin, players) if "Turn-order roll" in m.content)
    assert all(name in shown(order) for name in names.values()), order  # the names, as written
    rolled = await click(standin, ludo, to_act(standin, live), live, label="Roll")
    assert rolled.response_record is not None and rolled.response_record.message is not None
    told = rolled.response_record.message
    assert " rolled " in told.content and any(f"{name} rolled" in shown(told.content) for name in names.values())
    alt = told.file("board.png").description or ""
    assert any(name in alt for name in names.values()) and "\\" not in alt  # read aloud as written
    for leaver in (mallory, trudy):
        await slash(standin, ludo, leaver, standin.channel, "leave")
    assert live_message(standin, standin.channel) is None
    final = next(m for m in check_public(standin, players) if "Game over" in m.content)
    assert f"{names[trudy]} (left)" in shown(final.content) and f"{names[mallory]} (left)" in shown(final.content)
    history = (await slash(standin, ludo, carol, standin.channel, "history")).response_record
    assert history is not None and history.content is not None and names[eve] in shown(history.content)
    check_public(standin, players)
    stats = private_text(await slash(standin, ludo, carol, standin.channel, "stats", user=eve))
    assert shown(stats).startswith(f"**{names[eve]}**") and not MASKED_LINK.search(stats)
    assert standin.notifications(carol) == []  # nobody was pinged by a name
    assert all(not m.notified - players for m in standin.message_log.values())


async def test_a_review_shows_the_players_names_as_written(standin: StandIn, ludo: LudoBot) -> None:
    """The review's lines name every player between `**`: raw, names with markup broke that bold, drew a role and a
    channel mention, an emoji, a masked link; privately and once posted in the channel, they read as written."""
    users = [standin.add_user(f"player{i}") for i in range(len(FUZZ_NAMES))]
    for user, name in zip(users, FUZZ_NAMES, strict=True):
        user.global_name = name
    host, *others = users
    await start_game(standin, ludo, host, tuple(others), preset="star", turn_limit=2)
    await play_to_end(standin, ludo)
    final = next(m for m in standin.messages(standin.channel) if "Review" in m.labels())
    answer = await (await standin.click(host, final, label="Review")).wait_followup(timeout=30.0)
    shared = await (await standin.click(host, answer, label="Post in the channel")).wait_followup(timeout=30.0)
    assert "shares this review" in shared.content and not shared.ephemeral
    for text in (answer.content, shared.content):
        for name in FUZZ_NAMES:
            assert name.replace("\u200b", "") in shown(text) and name not in text, (name, text)
        assert not MASKED_LINK.search(text) and not ANGLE_MARKUP.search(text), text
    check_public(standin, {user.id for user in users})


async def test_a_link_for_a_name_is_not_clickable(standin: StandIn, ludo: LudoBot) -> None:
    """Issue 43: a display name that is a bare link reads as written in the game's messages and the history, and
    Discord links it nowhere (the name's characters after it escaped as any name's)."""
    eve, carol = standin.add_user("eve"), standin.add_user("carol")
    eve.global_name = "https://evil.gg/x_y*z*"
    await finished_game(standin, ludo, eve)
    history = (await slash(standin, ludo, carol, standin.channel, "history")).response_record
    assert history is not None and history.content is not None
    final = next(m for m in standin.messages(standin.channel) if "Game over" in m.content)
    for text in (final.content, history.content):
        assert eve.global_name in shown(text) and not BARE_LINK.search(text), text
    assert not any(BARE_LINK.search(m.content) for m in check_public(standin, {eve.id}))

"""Quieter game messages, through Discord, in English and German: the live message shows the start of the dice
commitment (the whole one comes with the seed at the end and in /ludo verify); a message that tells a person it is
their turn says what happened since their own turn, the others' turns included, in 8 lines at most after a line
saying how many earlier ones were left out."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

import pytest

from ludo_bot import engine
from ludo_bot.bot.app import LudoBot
from ludo_bot.bot.messages import dice_line
from ludo_bot.engine.verify import commitment
from ludo_bot.playground.standin import StandIn, User
from ludo_bot.service.words.i18n import translate
from ludo_bot.storage import Seat, new_record
from tests.bot.helpers import Clock, answered, click, game_id_of, live_message, private_text, slash, start_game


@dataclass(frozen=True)
class Words:
    """What the game messages of a language say."""

    join: str
    start: str
    turn: re.Pattern[str]  # the player to act
    rolled: str  # the start of a roll's line, for a name
    committed: str  # the start of the commitment, before its hex digits
    more: re.Pattern[str]  # the line saying how many earlier lines were left out


LANGUAGES = {
    "en-US": Words("Join", "Start", re.compile(r"It is <@(\d+)>'s turn"), "🎲 {name} rolled ", "🔒 Dice seed locked: `",
                   re.compile(r"… and \d+ more before")),
    "de": Words("Beitreten", "Starten", re.compile(r"<@(\d+)> ist am Zug"), "🎲 {name} würfelt ",
                "🔒 Würfel-Seed versiegelt: `", re.compile(r"… und \d+ mehr davor")),
}
DIGEST = re.compile(r"[0-9a-f]{64}")


async def three_people(standin: StandIn, ludo: LudoBot, locale: str) -> tuple[User, User, User]:
    """A game of classic between alice, bob and carol in a guild speaking `locale` (forced moves not played for
    them, so that every line of an account comes from a click or a roll)."""
    words = LANGUAGES[locale]
    standin.guild.locale = locale
    alice, bob, carol = standin.add_user("alice"), standin.add_user("bob"), standin.add_user("carol")
    opened = await answered(await standin.slash(alice, standin.channel, "ludo", "start",
                                                options={"seats": 3, "preset": "classic", "auto_single": False}), ludo)
    lobby = await opened.result()
    assert lobby is not None
    for player in (bob, carol):
        await click(standin, ludo, player, lobby, label=words.join)
    await click(standin, ludo, alice, lobby, label=words.start)
    return alice, bob, carol


def account_lines(content: str) -> list[str]:
    """The lines of a game message between its dice line and its status line."""
    lines = content.split("\n")
    return lines[next(i for i, line in enumerate(lines) if line.startswith("🔒")) + 1:-1]


@pytest.mark.parametrize("locale", LANGUAGES)
async def test_the_person_told_of_their_turn_reads_the_others_turns_since_their_own(standin: StandIn, ludo: LudoBot,
                                                                                    locale: str) -> None:
    words = LANGUAGES[locale]
    await three_people(standin, ludo, locale)

    clicks: list[User] = []  # who clicked, in order
    checked = 0  # messages telling someone of their turn after turns of both others
    for _ in range(45):
        live = live_message(standin, standin.channel)
        assert live is not None
        found = words.turn.search(live.content)
        assert found, live.content
        mover = standin.users[int(found[1])]
        response = (await click(standin, ludo, mover, live, custom_id=live.custom_ids()[0])).response_record
        assert response is not None and response.message is not None and response.content is not None
        clicks.append(mover)
        content = response.content
        start = content.index(words.committed)
        assert re.match(r"`[0-9a-f]{12}…` \([^)]*/ludo verify\)", content[start + len(words.committed) - 1:]), content
        assert not DIGEST.search(content)  # the whole commitment waits for the end of the game
        told = words.turn.search(content)
        if response.message.id == live.id or told is None or int(told[1]) == mover.id:
            continue  # the clicker goes on (edited in place): the click's own account
        said = account_lines(content)
        assert len(said) <= 9 and (len(said) < 9 or words.more.fullmatch(said[0])), said
        player = standin.users[int(told[1])]
        since = clicks[len(clicks) - clicks[::-1].index(player):] if player in clicks else clicks
        others = {user for user in since if user is not player}
        if not words.more.match(said[0] if said else ""):  # nothing left out: every other player's roll is there
            for other in others:
                assert words.rolled.format(name=other.global_name) in content, (other, content)
            checked += len(others) == 2
    assert checked >= 3, "too few turns came back to a player after both others played"


@pytest.mark.parametrize("locale", ["en-US", "de"])
def test_the_dice_line_is_short_while_the_game_runs_and_whole_at_the_end(locale: str) -> None:
    record = new_record("game1", guild_id=1, channel_id=2, host_id=3, rules=engine.Rules.preset("classic"),
                        seats=[Seat(seat=0, user_id=5), Seat(seat=2, ai_level=1)], seed=77)
    record = record.model_copy(update={"locale": locale})
    state = engine.from_text(record.state)
    digest = commitment(77)
    running = dice_line(record, state)
    assert running == translate(locale, "game.commitment", digest=digest[:12])
    assert f"`{digest[:12]}…` (" in running and "/ludo verify)" in running and digest not in running
    rng = random.Random(1)
    while not state.over:
        state, _ = engine.apply(state, rng.choice(engine.legal_actions(state)))
    final = dice_line(record, state)
    assert f"`{digest}`" in final and "77" in final and "/ludo verify game1" in final


@pytest.mark.parametrize("locale", LANGUAGES)
async def test_a_reminder_tells_again_what_happened_since_the_players_last_turn(standin: StandIn, ludo: LudoBot,
                                                                                clock: Clock, locale: str) -> None:
    """The reminder posts the live message again (and the old one goes): it keeps the account the old one gave."""
    words = LANGUAGES[locale]
    await slash(standin, ludo, standin.owner, standin.channel, "settings", turn_minutes=2, reminder_minutes=1)
    players = await three_people(standin, ludo, locale)
    for _ in range(45):
        live = live_message(standin, standin.channel)
        assert live is not None
        said = account_lines(live.content)
        if sum(any(line.startswith(words.rolled.format(name=p.global_name)) for line in said) for p in players) == 2:
            break  # the player to act is told of both others' rolls
        found = words.turn.search(live.content)
        assert found, live.content
        await click(standin, ludo, standin.users[int(found[1])], live, custom_id=live.custom_ids()[0])
    else:
        raise AssertionError("no message told of two players' turns")
    clock.advance(61)
    reminder = await standin.wait_for_message(standin.channel, lambda m: "⏰" in m.content)
    assert account_lines(reminder.content)[:-1] == said  # (then the reminder's own line)


async def test_verify_on_a_running_game_shows_the_whole_commitment_in_the_users_language(standin: StandIn,
                                                                                        ludo: LudoBot) -> None:
    alice = standin.add_user("alice")
    live = await start_game(standin, ludo, alice, ai=1)
    assert live is not None
    record = await ludo.handlers.service.games.load(game_id_of(live))  # type: ignore[union-attr]
    digest = commitment(record.seed)
    for locale, words in (("en-US", "Its commitment: `"), ("de", "Sein Siegel: `")):
        early = await answered(await standin.slash(alice, standin.channel, "ludo", "verify", options={
            "game": record.id}, locale=locale), ludo)
        assert f"{words}{digest}`" in private_text(early) and str(record.seed) not in private_text(early)
        assert f"`{digest[:12]}…` (" in live.content  # what the game message shows of it

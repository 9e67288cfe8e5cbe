"""Issue 43: a game or a tournament starts only where the bot may do what it will do there. `/ludo start`, a lobby's
Start, `/ludo tournament create` and a tournament's Start read the bot's permissions from the interaction and say
privately, in the asker's language, which are missing; nothing is posted and Discord refuses nothing. Where the bot is
no member (a user install) nothing is checked: tests/bot/test_user_installs.py."""

from __future__ import annotations

from ludo_bot.bot.app import LudoBot
from ludo_bot.playground.standin import StandIn
from ludo_bot.playground.standin.records import (
    ATTACH_FILES,
    CREATE_PUBLIC_THREADS,
    READ_MESSAGE_HISTORY,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
)
from tests.bot.helpers import answered, click, open_lobby, private_text, slash, start_game
from tests.bot.tourney_helpers import button, create, join, stored, tables_of_round, tournament_id, tourney
from tests.bot.tourney_helpers import start as tourney_start


async def test_start_names_what_the_bot_lacks_and_opens_nothing(standin: StandIn, ludo: LudoBot) -> None:
    alice = standin.add_user("alice")
    await standin.set_overwrite(standin.channel, standin.bot_user, deny=ATTACH_FILES)
    refused = private_text(await slash(standin, ludo, alice, standin.channel, "start", seats=2))
    assert refused == ("I am missing permissions in this channel that a game needs: Attach Files. Ask a moderator to "
                       "give them to me here, then start again.")
    assert standin.messages(standin.channel) == []
    german = await answered(await standin.slash(alice, standin.channel, "ludo", "start", locale="de"), ludo)
    assert "Dateien anhängen" in private_text(german)  # as the German client names it

    await standin.set_overwrite(standin.channel, standin.bot_user)  # given back: the game starts
    assert await start_game(standin, ludo, alice, ai=1) is not None


async def test_in_a_thread_the_thread_permission_is_the_one_asked_for(standin: StandIn, ludo: LudoBot) -> None:
    alice = standin.add_user("alice")
    thread = standin.add_thread(standin.channel, "games")
    await standin.set_overwrite(standin.channel, standin.bot_user, deny=SEND_MESSAGES_IN_THREADS)
    refused = private_text(await slash(standin, ludo, alice, thread, "start", seats=2, thread=True))
    assert "a game needs: Send Messages in Threads." in refused and standin.messages(thread) == []
    assert (await slash(standin, ludo, alice, standin.channel, "start", seats=2)).response_record is not None
    assert "Ludo lobby" in standin.messages(standin.channel)[0].content  # (beside it, the channel itself is open)


async def test_a_lobby_whose_channel_was_closed_to_the_bot_does_not_start(standin: StandIn, ludo: LudoBot) -> None:
    alice = standin.add_user("alice")
    lobby = await open_lobby(standin, ludo, alice, seats=2)
    await click(standin, ludo, alice, lobby, label="Add AI (random)")
    await standin.set_overwrite(standin.channel, standin.bot_user, deny=SEND_MESSAGES | READ_MESSAGE_HISTORY)
    refused = private_text(await click(standin, ludo, alice, lobby, label="Start"))
    assert "a game needs: Send Messages and Read Message History." in refused
    assert "Start" in lobby.labels() and len(standin.messages(standin.channel)) == 1  # the lobby as it was

    await standin.set_overwrite(standin.channel, standin.bot_user)
    started = await click(standin, ludo, alice, lobby, label="Start")
    assert started.response_record is not None and not started.response_record.ephemeral
    assert "Start" not in lobby.labels()


async def test_a_tournament_is_created_only_where_it_can_run(standin: StandIn, ludo: LudoBot) -> None:
    await standin.set_overwrite(standin.channel, standin.bot_user, deny=ATTACH_FILES | CREATE_PUBLIC_THREADS)
    refused = private_text(await tourney(standin, ludo, standin.owner, standin.channel, "create", format="swiss"))
    assert "a tournament needs (its standing here, each table in a thread of its own): Attach Files and Create " \
           "Public Threads." in refused
    assert standin.messages(standin.channel) == []
    await standin.set_overwrite(standin.channel, standin.bot_user)
    await create(standin, ludo, standin.owner, format="swiss", rounds=1)  # given back: created


async def test_a_tournament_starts_only_where_its_tables_can_open(standin: StandIn, ludo: LudoBot) -> None:
    ann, bob = standin.add_user("ann"), standin.add_user("bob")
    signup = await create(standin, ludo, standin.owner, format="swiss", rounds=1)
    await join(standin, ludo, signup, ann, bob)
    await standin.set_overwrite(standin.channel, standin.bot_user, deny=CREATE_PUBLIC_THREADS)  # taken away since
    start = button(signup, "start")
    refused = private_text(await click(standin, ludo, standin.owner, signup, custom_id=start))
    assert refused.endswith(": Create Public Threads. Ask a moderator to give them to me here.")
    assert (await stored(ludo, tournament_id(signup))).status == "signup" and standin.threads(standin.channel) == []

    await standin.set_overwrite(standin.channel, standin.bot_user)
    await tourney_start(standin, ludo, standin.owner, signup)
    await tables_of_round(standin, standin.channel, 1)

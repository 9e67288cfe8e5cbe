"""The lobby: `/ludo start` with options, joining and leaving, AI seats, host-only buttons, one game per channel,
cancel, and starting (also into a thread of its own)."""

from __future__ import annotations

import asyncio

import pytest

from ludo_bot import engine
from ludo_bot.bot import errors
from ludo_bot.bot.app import LudoBot
from ludo_bot.playground.standin import StandIn
from ludo_bot.playground.standin.records import MANAGE_CHANNELS
from tests.bot.helpers import (
    answered,
    board_messages,
    click,
    forged_message,
    live_message,
    lobby_button,
    open_lobby,
    private_text,
    slash,
    start_game,
)


async def test_start_with_options_shows_the_seats_and_the_rules(standin: StandIn, ludo: LudoBot) -> None:
    alice = standin.add_user("alice")
    lobby = await open_lobby(standin, ludo, alice, preset="twodice", seats=3, turn_minutes=5)
    assert "**twodice** for 3 players" in lobby.content
    assert f"1. <@{alice.id}>" in lobby.content and lobby.content.count("(open)") == 2
    assert lobby.labels() == ["Join", "Leave", "Start", "Cancel", "Red", "Green", "Yellow", "Blue", "Add AI (random)",
                              "Add AI (greedy)", "Add AI (expert)"]  # master is offered no more
    assert all(len(c) <= 100 and c.startswith("ludo:l:") for c in lobby.custom_ids())
    assert not lobby.notified  # the lobby pings nobody


async def test_impossible_options_are_refused_privately(standin: StandIn, ludo: LudoBot) -> None:
    alice = standin.add_user("alice")
    refused = await slash(standin, ludo, alice, standin.channel, "start", preset="classic", end_path=4)
    assert "end_path" in private_text(refused)
    assert standin.messages(standin.channel) == []


async def test_join_leave_and_add_ai(standin: StandIn, ludo: LudoBot) -> None:
    alice, bob, carol = standin.add_user("alice"), standin.add_user("bob"), standin.add_user("carol")
    lobby = await open_lobby(standin, ludo, alice, seats=3)
    joined = await click(standin, ludo, bob, lobby, label="Join")
    assert joined.response_record is not None and joined.response_record.type == 7  # the lobby is edited in place
    assert f"2. <@{bob.id}>" in lobby.content
    assert "already in" in private_text(await click(standin, ludo, bob, lobby, label="Join"))
    assert "not in this game" in private_text(await click(standin, ludo, carol, lobby, label="Leave"))
    assert "host cannot leave" in private_text(await click(standin, ludo, alice, lobby, label="Leave"))
    await click(standin, ludo, bob, lobby, label="Leave")
    assert f"<@{bob.id}>" not in lobby.content
    await click(standin, ludo, alice, lobby, label="Add AI (expert)")
    assert "2. AI (expert)" in lobby.content
    await click(standin, ludo, carol, lobby, label="Join")
    assert "full" in private_text(await click(standin, ludo, bob, lobby, label="Join"))
    assert "full" in private_text(await click(standin, ludo, alice, lobby, label="Add AI (random)"))
    assert f"3. <@{carol.id}>" in lobby.content and "(open)" not in lobby.content


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_an_old_lobby_messages_master_button_is_refused_privately_and_changes_nothing(
        standin: StandIn, ludo: LudoBot, lang: str) -> None:
    """Master is offered no more (it plays at the expert's level): a lobby message posted while it was still shows
    its button, `ai3`; a click on it is answered privately, naming the strongest level offered."""
    alice = standin.add_user("alice")
    lobby = await open_lobby(standin, ludo, alice, seats=3)
    assert not any(c.endswith(":ai3") for c in lobby.custom_ids())
    ai3 = lobby_button(lobby, "ai2")[:-1] + "3"
    lobby_id = ai3.split(":")[2]
    old = forged_message(standin, standin.channel, ai3)  # as the bot drew the lobby before
    before = (lobby.content, lobby.edits)
    assert ludo.handlers is not None
    players = (await ludo.handlers.service.lobbies.load(lobby_id)).players
    refused = await click(standin, ludo, alice, old, custom_id=ai3, locale="de" if lang == "de" else "en-US")
    says = {"en": "no longer offered; the strongest you can add now is AI (expert).",
            "de": "die stärkste, die du hinzufügen kannst, ist jetzt „Experte“."}[lang]
    assert says in private_text(refused)
    assert (lobby.content, lobby.edits) == before and old.content == "forged"
    assert (await ludo.handlers.service.lobbies.load(lobby_id)).players == players


async def test_host_only_buttons_refuse_others_privately(standin: StandIn, ludo: LudoBot) -> None:
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    lobby = await open_lobby(standin, ludo, alice, seats=2)
    await click(standin, ludo, bob, lobby, label="Join")
    before = (lobby.content, lobby.edits)
    for label, says in [("Start", "Only the host can start"), ("Cancel", "Only the host can cancel"),
                        ("Add AI (greedy)", "Only the host can add AI")]:
        refused = await click(standin, ludo, bob, lobby, label=label)
        assert says in private_text(refused)
    assert (lobby.content, lobby.edits) == before and "Start" in lobby.labels()
    assert live_message(standin, standin.channel) is None


async def test_the_host_alone_cannot_start(standin: StandIn, ludo: LudoBot) -> None:
    alice = standin.add_user("alice")
    lobby = await open_lobby(standin, ludo, alice, seats=2)
    assert "at least 2 players" in private_text(await click(standin, ludo, alice, lobby, label="Start"))


async def test_a_second_start_in_the_channel_is_refused_with_the_game(standin: StandIn, ludo: LudoBot) -> None:
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    lobby = await open_lobby(standin, ludo, alice, seats=2)
    lobby_id = lobby.custom_ids()[0].split(":")[2]
    refused = private_text(await slash(standin, ludo, bob, standin.channel, "start"))
    assert "already has a Ludo game" in refused and lobby_id in refused
    await click(standin, ludo, bob, lobby, label="Join")
    await click(standin, ludo, alice, lobby, label="Start")
    refused = private_text(await slash(standin, ludo, bob, standin.channel, "start", preset="star"))
    assert "already has a Ludo game" in refused and lobby_id in refused  # the game keeps the lobby's id
    # another channel is free
    other = standin.add_channel(standin.guild, "other")
    assert "Ludo lobby" in (await open_lobby(standin, ludo, bob, other)).content


async def test_cancel_by_the_host_or_a_channel_manager_frees_the_channel(standin: StandIn, ludo: LudoBot) -> None:
    moderator_role = standin.add_role(standin.guild, "mods", MANAGE_CHANNELS)
    alice, mod = standin.add_user("alice"), standin.add_user("mod", roles=[moderator_role])
    lobby = await open_lobby(standin, ludo, alice)
    await click(standin, ludo, mod, lobby, label="Cancel")
    assert "cancelled" in lobby.content and not lobby.buttons()
    lobby = await open_lobby(standin, ludo, alice)
    await click(standin, ludo, alice, lobby, label="Cancel")
    assert "cancelled" in lobby.content
    await open_lobby(standin, ludo, alice)


@pytest.mark.parametrize("host_first", [True, False])
async def test_start_shows_the_turn_order_and_tells_the_first_player(standin: StandIn, ludo: LudoBot,
                                                                      host_first: bool) -> None:
    seed = next(s for s in range(100) if (engine.new_game(engine.Rules.preset("strict"), engine.rules.default_seats(2),
                                                          seed=s).current == 0) == host_first)
    ludo.handlers.service.games.new_seed = lambda: seed  # type: ignore[union-attr]
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    first = await start_game(standin, ludo, alice, (bob,), preset="strict")
    lobby = standin.messages(standin.channel)[0]
    assert first is not None and first.labels() == ["Roll", "Spectate"]
    if host_first:  # alice clicked Start and acts first: the lobby message became the game, nobody is pinged
        assert first is lobby and not first.notified and "Turn-order roll:" in first.content
        assert f"<@{alice.id}>'s turn" in first.content and len(standin.messages(standin.channel)) == 1
    else:  # bob must be told: a new message mentions him, the lobby message keeps the turn order
        assert first is not lobby and first.notified == {bob.id} and f"<@{bob.id}>'s turn" in first.content
        assert "Turn-order roll:" in lobby.content and "Order:" in lobby.content and not lobby.buttons()


async def test_thread_option_moves_the_game_into_a_thread(standin: StandIn, ludo: LudoBot) -> None:
    alice = standin.add_user("alice")
    await start_game(standin, ludo, alice, ai=1, thread=True)
    (thread,) = standin.threads(standin.channel)
    assert live_message(standin, standin.channel) is None
    live = live_message(standin, thread)
    assert live is not None and live.labels() == ["Roll", "Spectate"]
    another = await slash(standin, ludo, alice, standin.channel, "start")  # the parent channel is free again
    assert "Ludo lobby" in (another.response_record.content or "")  # type: ignore[union-attr]


async def test_two_fast_start_clicks_start_one_game(standin: StandIn, ludo: LudoBot) -> None:
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    lobby = await open_lobby(standin, ludo, alice, seats=2)
    await click(standin, ludo, bob, lobby, label="Join")
    first, second = await asyncio.gather(standin.click(alice, lobby, label="Start"),
                                         standin.click(alice, lobby, label="Start"))
    await answered(first, ludo)
    await answered(second, ludo)
    answers = [r.response_record for r in (first, second)]
    assert sorted(a.ephemeral for a in answers if a is not None) == [False, True]
    refused = next(r for r in (first, second) if r.response_record and r.response_record.ephemeral)
    assert any(words in private_text(refused) for words in ("lobby is closed", "same moment"))
    assert len(board_messages(standin, standin.channel)) == 1
    assert live_message(standin, standin.channel) is not None


@pytest.mark.usefixtures("no_click_in_flight")  # (its /ludo board after every click answered)
async def test_a_start_saved_but_not_shown_says_the_game_started(standin: StandIn, ludo: LudoBot,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    alice = standin.add_user("alice")
    lobby = await open_lobby(standin, ludo, alice, seats=2)
    await click(standin, ludo, alice, lobby, label="Add AI (random)")
    monkeypatch.setattr(errors, "DEFER_AFTER", 0.0)  # a busy bot: the click is deferred at once
    start = await standin.click(alice, lobby, label="Start")
    assert (await start.response()).type == 6
    await standin.delete_message(lobby)  # a moderator removes the lobby message as the game starts
    await answered(start, ludo)
    (answer,) = start.followups
    assert answer.ephemeral and "The game has started, but" in answer.content and "`/ludo board`" in answer.content
    board = await (await slash(standin, ludo, alice, standin.channel, "board")).result()  # (by a player)
    assert board is not None and live_message(standin, standin.channel) is board and "Roll" in board.labels()

"""Choosing a colour in the lobby through the Discord stand-in: a member takes a free colour with its button (joining
by it), a taken colour is refused privately, AI seats and players who just join take a free one, two players sit
opposite each other, the colours carry into the game, and two members choosing one colour at once: one wins, the
other is told. In English and German."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from ludo_bot.bot.app import LudoBot
from ludo_bot.playground.standin import InteractionRecord, Message, StandIn, User
from ludo_bot.storage import LobbyRecord
from tests.bot.helpers import answered, click, live_message, open_lobby, private_text

LABELS = {"en": ("Red", "Green", "Yellow", "Blue"), "de": ("Rot", "Grün", "Gelb", "Blau")}  # the colour buttons
ROWS = {"en": ("red", "green", "yellow", "blue"), "de": LABELS["de"]}  # colours in the lobby's seat rows
WORDS = {  # what a player reads, per language
    "en": {"join": "Join", "start": "Start", "taken": "The colour blue is taken already",
           "yours": "You play green already", "full": "This game is full", "opposite": "sit opposite each other"},
    "de": {"join": "Beitreten", "start": "Starten", "taken": "Die Farbe Blau ist schon vergeben",
           "yours": "Du spielst schon Grün", "full": "Dieses Spiel ist voll",
           "opposite": "sitzen sich die Spieler gegenüber"},
}


async def open_in(standin: StandIn, ludo: LudoBot, host: User, lang: str, **options: Any) -> Message:
    """`/ludo start` by `host` in a guild speaking `lang`: the lobby message."""
    standin.guild.locale = lang
    opened = await answered(await standin.slash(host, standin.channel, "ludo", "start", options=options,
                                                locale=lang), ludo)
    lobby = await opened.result()
    assert lobby is not None and lobby.custom_ids(), lobby
    return lobby


def lobby_id(lobby: Message) -> str:
    return lobby.custom_ids()[0].split(":")[2]


async def colours(ludo: LudoBot, lobby: Message) -> dict[int | None, int]:
    """Who holds which colour in the stored lobby (AI seats under None: the last one)."""
    stored: LobbyRecord = await ludo.handlers.service.lobbies.load(lobby_id(lobby))  # type: ignore[union-attr]
    return {p.user_id: p.colour for p in stored.players}


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_members_choose_free_colours_and_the_game_plays_them(standin: StandIn, ludo: LudoBot,
                                                                   lang: str) -> None:
    words, name, row = WORDS[lang], LABELS[lang], ROWS[lang]
    alice, bob, carol, dave = (standin.add_user(n) for n in ("alice", "bob", "carol", "dave"))
    lobby = await open_in(standin, ludo, alice, lang, seats=3)
    game_id = lobby_id(lobby)
    assert f"1. <@{alice.id}> — {row[0]}" in lobby.content  # the host starts as red

    joined = await click(standin, ludo, bob, lobby, label=name[3], locale=lang)  # bob joins by choosing blue
    assert joined.response_record is not None and joined.response_record.type == 7  # the lobby, edited in place
    assert f"2. <@{bob.id}> — {row[3]}" in lobby.content
    await click(standin, ludo, alice, lobby, label=name[1], locale=lang)  # alice changes to green
    assert f"1. <@{alice.id}> — {row[1]}" in lobby.content
    assert words["yours"] in private_text(await click(standin, ludo, alice, lobby, label=name[1], locale=lang))
    assert words["taken"] in private_text(await click(standin, ludo, carol, lobby, label=name[3], locale=lang))
    assert f"<@{carol.id}>" not in lobby.content  # a refused choice joined nobody
    await click(standin, ludo, carol, lobby, label=words["join"], locale=lang)  # joining takes a free colour
    assert await colours(ludo, lobby) == {alice.id: 1, bob.id: 3, carol.id: 0}
    assert words["full"] in private_text(await click(standin, ludo, dave, lobby, label=name[2], locale=lang))

    await click(standin, ludo, alice, lobby, label=words["start"])
    record = await ludo.handlers.service.games.load(game_id)  # type: ignore[union-attr]
    assert {s.user_id: s.seat for s in record.seats} == {alice.id: 1, bob.id: 3, carol.id: 0}
    assert live_message(standin, standin.channel) is not None


async def test_ai_seats_and_players_who_just_join_take_free_colours(standin: StandIn, ludo: LudoBot) -> None:
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    lobby = await open_lobby(standin, ludo, alice)
    game_id = lobby_id(lobby)
    await click(standin, ludo, alice, lobby, label="Yellow")
    await click(standin, ludo, alice, lobby, label="Add AI (greedy)")  # the second seat sits opposite the first
    assert "2. AI (greedy) — red" in lobby.content
    await click(standin, ludo, bob, lobby, label="Join")
    await click(standin, ludo, alice, lobby, label="Add AI (random)")
    assert f"3. <@{bob.id}> — green" in lobby.content and "4. AI (random) — blue" in lobby.content
    await click(standin, ludo, alice, lobby, label="Start")
    record = await ludo.handlers.service.games.load(game_id)  # type: ignore[union-attr]
    assert sorted((s.seat, s.user_id, s.ai_level) for s in record.seats) == [
        (0, None, 1), (1, bob.id, None), (2, alice.id, None), (3, None, 0)]


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_two_players_side_by_side_are_asked_to_sit_opposite(standin: StandIn, ludo: LudoBot,
                                                                   lang: str) -> None:
    words, name = WORDS[lang], LABELS[lang]
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    lobby = await open_in(standin, ludo, alice, lang, seats=2)
    game_id = lobby_id(lobby)
    await click(standin, ludo, bob, lobby, label=name[1], locale=lang)  # green, next to red
    assert words["opposite"] in lobby.content  # everyone sees why the game cannot start yet
    refused = await click(standin, ludo, alice, lobby, label=words["start"], locale=lang)
    assert words["opposite"] in private_text(refused)
    await click(standin, ludo, alice, lobby, label=name[3], locale=lang)  # blue faces green
    assert words["opposite"] not in lobby.content
    await click(standin, ludo, alice, lobby, label=words["start"], locale=lang)
    record = await ludo.handlers.service.games.load(game_id)  # type: ignore[union-attr]
    assert {s.user_id: s.seat for s in record.seats} == {alice.id: 3, bob.id: 1}
    assert live_message(standin, standin.channel) is not None  # green and blue play


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_two_side_by_side_with_a_seat_open_are_told_if_only_they_play_and_who_moves_where(
        standin: StandIn, ludo: LudoBot, lang: str) -> None:
    """Issue 44, item 7: red and green taken, a third seat open. The lobby said "Two players sit opposite each other
    ...: one of you, choose the colour across from the other's", which read as false (a third may still join) and
    named nobody: it says the condition, who should move (the one who sat down beside the first) and to which
    colour."""
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    lobby = await open_in(standin, ludo, alice, lang, seats=3)
    await click(standin, ludo, bob, lobby, label=LABELS[lang][1], locale=lang)  # green, beside red
    said = {"en": f"⚠️ If only these two play, they must sit opposite each other (red and yellow, or green and blue): "
                  f"<@{bob.id}>, choose yellow, unless a third player joins.",
            "de": f"⚠️ Spielen nur diese beiden, sitzen sich die Spieler gegenüber (Rot und Gelb oder Grün und Blau): "
                  f"<@{bob.id}>, wähle Gelb, außer es kommt noch ein dritter Spieler dazu."}
    assert said[lang] in lobby.content.splitlines()
    await click(standin, ludo, bob, lobby, label=LABELS[lang][2], locale=lang)  # bob takes yellow: red faces him
    assert "⚠️" not in lobby.content


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_two_members_choosing_one_colour_at_once_one_wins_the_other_is_told(
        standin: StandIn, ludo: LudoBot, monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    """Bob (speaking `lang`) chooses blue: his lobby is read, then Carol's choice of blue lands and is saved before
    Bob's save: his compare-and-set fails, and is made again on the lobby as Carol left it, where blue is taken."""
    alice, bob, carol = standin.add_user("alice"), standin.add_user("bob"), standin.add_user("carol")
    lobby = await open_lobby(standin, ludo, alice)
    store = ludo.handlers.service.storage.lobbies  # type: ignore[union-attr]
    load, rival = store.load_lobby, {"armed": True}

    async def load_then_rival(wanted: str) -> LobbyRecord:
        found = await load(wanted)
        if rival.pop("armed", False):
            carols = await standin.click(carol, lobby, label="Blue", locale=lang)
            await carols.response()
        return found

    monkeypatch.setattr(store, "load_lobby", load_then_rival)
    bobs = await click(standin, ludo, bob, lobby, label="Blue", locale=lang)  # the guild speaks English
    assert WORDS[lang]["taken"] in private_text(bobs)
    assert await colours(ludo, lobby) == {alice.id: 0, carol.id: 3}
    assert f"<@{carol.id}> — blue" in lobby.content and f"<@{bob.id}>" not in lobby.content


async def test_two_members_clicking_one_colour_together_give_it_to_one(standin: StandIn, ludo: LudoBot) -> None:
    alice, bob, carol = standin.add_user("alice"), standin.add_user("bob"), standin.add_user("carol")
    lobby = await open_lobby(standin, ludo, alice)
    records: list[InteractionRecord] = list(await asyncio.gather(
        standin.click(bob, lobby, label="Green"), standin.click(carol, lobby, label="Green", locale="de")))
    for record in records:
        await answered(record, ludo)
    public = [r for r in records if not r.response_record.ephemeral]  # type: ignore[union-attr]
    assert len(public) == 1
    winner, loser = (bob, carol) if public[0] is records[0] else (carol, bob)
    told = private_text(records[1] if loser is carol else records[0])
    assert ("Die Farbe Grün ist schon vergeben" if loser is carol else "The colour green is taken already") in told
    assert await colours(ludo, lobby) == {alice.id: 0, winner.id: 1}


async def test_with_teams_joining_alternates_sides_and_a_colour_chooses_one(standin: StandIn, ludo: LudoBot) -> None:
    alice, bob, carol = standin.add_user("alice"), standin.add_user("bob"), standin.add_user("carol")
    lobby = await open_lobby(standin, ludo, alice, teams=True)
    await click(standin, ludo, bob, lobby, label="Join")
    assert f"2. <@{bob.id}> — green" in lobby.content  # the other side
    await click(standin, ludo, carol, lobby, label="Yellow")  # alice's partner
    await click(standin, ludo, alice, lobby, label="Add AI (random)")
    assert "4. AI (random) — blue" in lobby.content

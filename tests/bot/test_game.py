"""Playing through Discord: the real bot against the local stand-in, with a real Redis. A human player's clicks,
the button labels and the board picture, notifications, AI turns shown as one update."""

from __future__ import annotations

import io
import re
import time
from typing import Any

import pytest
from PIL import Image

from ludo_bot.bot import errors, messages
from ludo_bot.bot.app import LudoBot
from ludo_bot.playground.standin import Message, StandIn, User
from tests.bot.helpers import (
    PNG_MAGIC,
    board_messages,
    click,
    game_id_of,
    live_message,
    settle,
    slash,
    start_game,
    to_act,
)

LABEL = re.compile(r"^(Roll|Enter token [1-4]|Enter a token \([1-4](/[1-4])+\)|Token [1-4]: \d+ → (\d+|home)"
                   r"|A token \([1-4](/[1-4])+\): \d+ → (\d+|home)|Die [1-6] first"
                   r"|Pair [1-4]\+[1-4]: \d+ → (\d+|home))$")


def game_message(standin: StandIn) -> Message:
    return next(m for m in reversed(standin.messages(standin.channel)) if "board.png" in
                {a.filename for a in m.attachments})


async def test_start_join_and_play_a_first_roll(standin: StandIn, ludo: LudoBot) -> None:
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    started = await standin.slash(alice, standin.channel, "ludo", "start", options={"preset": "classic", "seats": 2})
    lobby = await started.result()
    assert lobby is not None and "Ludo lobby" in lobby.content and "Join" in lobby.labels()
    joined = await standin.click(bob, lobby, label="Join")
    assert (await joined.result()) is not None
    assert f"<@{bob.id}>" in standin.messages(standin.channel)[0].content
    await (await standin.click(alice, lobby, label="Start")).result()
    await ludo.handlers.drain(5.0)  # type: ignore[union-attr]
    board = live_message(standin, standin.channel)
    assert board is not None and board.labels() == ["Roll", "Spectate"] and board.attachments
    mover: User = alice if f"<@{alice.id}>" in board.content.split("It is ")[1] else bob
    if mover is alice:  # the host who clicked Start acts first: the lobby message became the game, no ping
        assert board is lobby and not standin.notifications(alice)
    else:  # bob must be told: a new message mentions him; the lobby keeps the turn-order roll
        assert board is not lobby and board in standin.notifications(bob) and "Turn-order roll" in lobby.content
    rolled = await standin.click(mover, board, label="Roll")
    await rolled.result()
    after = await standin.wait_for_message(standin.channel, lambda m: "rolled" in m.content, include_existing=True)
    assert "rolled" in after.content
    await ludo.handlers.drain(5.0)  # type: ignore[union-attr]


async def test_a_human_plays_by_labelled_buttons_on_a_board_picture(standin: StandIn, ludo: LudoBot) -> None:
    alice = standin.add_user("alice")
    first = await start_game(standin, ludo, alice, ai=1, ai_level="greedy", preset="classic", auto_single=False)
    assert first is not None
    png = first.file("board.png").data
    assert png.startswith(PNG_MAGIC)
    with Image.open(io.BytesIO(png)) as image:
        image.verify()
        assert image.format == "PNG" and min(image.size) >= 200
    seen: set[str] = set()
    for _ in range(300):
        live = live_message(standin, standin.channel)
        assert live is not None, "the game ended before every kind of button was seen"
        assert to_act(standin, live) is alice and f"game `{game_id_of(live)}`" in live.content
        assert live.labels()[-1] == "Spectate"  # anyone's private view of the board, after the moves
        labels = live.labels()[:-1]
        assert labels and all(LABEL.match(label) for label in labels), labels
        assert len(set(live.custom_ids())) == len(labels) + 1 and all(len(c) <= 100 for c in live.custom_ids())
        if labels != ["Roll"]:
            rolled = re.findall(r"Alice rolled (\d)\.", live.content)
            assert rolled, live.content
            die = int(rolled[-1])
            for label in labels:
                moved = re.match(r"Token \d: (\d+) → (\d+)$", label)
                if moved:  # the label tells the move: start and end differ by the die
                    assert int(moved.group(2)) - int(moved.group(1)) == die, (label, die)
            assert "move a token with the" in live.content
            seen.update(label.split(" ")[0] + (" token" if label.startswith("Enter") else "") for label in labels)
        record = await click(standin, ludo, alice, live, custom_id=live.custom_ids()[-2])  # the last move
        response = record.response_record
        assert response is not None and not response.ephemeral
        # every state shown carries a fresh board picture
        assert response.message is not None and response.message.file("board.png").data.startswith(PNG_MAGIC)
        if {"Enter token", "Token"} <= seen:
            break
    else:
        raise AssertionError(f"saw only {seen}")


async def test_a_turn_passing_to_another_person_is_a_new_message_that_notifies_and_the_old_one_goes(
        standin: StandIn, ludo: LudoBot) -> None:
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    first = await start_game(standin, ludo, alice, (bob,), preset="classic")
    assert first is not None
    passed = 0
    for _ in range(80):
        live = live_message(standin, standin.channel)
        assert live is not None
        mover = to_act(standin, live)
        record = await click(standin, ludo, mover, live, custom_id=live.custom_ids()[0])
        response = record.response_record
        now = live_message(standin, standin.channel)
        assert response is not None and now is not None
        assert len(board_messages(standin, standin.channel)) == 1  # at rest: one board, with the buttons
        if now is live:  # the mover acts again: the click's answer updated its message, nothing else was sent
            assert response.type == 7 and to_act(standin, now) is mover
            continue
        other = to_act(standin, now)
        assert other is not mover and now in standin.notifications(other)
        assert now.notified == {other.id}  # only the player to act is pinged
        assert response.type == 4 and response.message is now  # the click's own answer is the new message
        assert live.deleted and live not in standin.notifications(other)
        passed += 1
        if passed == 3:
            break
    else:
        raise AssertionError("the turn did not pass three times")


async def test_a_game_against_ais_is_one_message_updated_in_place(standin: StandIn, ludo: LudoBot) -> None:
    alice = standin.add_user("alice")
    first = await start_game(standin, ludo, alice, ai=3, preset="classic")
    assert first is not None
    requests = len(standin.requests)
    saw_ai = False
    for _ in range(60):
        live = live_message(standin, standin.channel)
        if live is None:
            break
        assert live is first and to_act(standin, live) is alice
        record = await click(standin, ludo, alice, live, custom_id=live.custom_ids()[0])
        assert record.response_record is not None and record.response_record.type == 7
        saw_ai = saw_ai or "AI (random) rolled" in first.content  # three AI turns shown in one update
    assert saw_ai
    assert len(standin.messages(standin.channel)) == 1  # the lobby became the game: no other message at all
    calls = [str(r) for r in standin.requests[requests:] if not r.path.endswith("/callback")]
    assert not calls, calls  # nothing but the clicks' answers reached Discord


async def test_a_click_answered_too_late_is_logged_as_expired_not_as_a_failure(
        standin: StandIn, ludo: LudoBot, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    real = getattr(messages, "render_board")  # noqa: B009

    def stalled(*args: Any) -> bytes:
        time.sleep(3.2)  # an overloaded machine, and no deferral: Discord's 3 s run out
        picture: bytes = real(*args)
        return picture

    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    live = await start_game(standin, ludo, alice, (bob,), auto_single=False)
    assert live is not None
    monkeypatch.setattr(errors, "DEFER_AFTER", 60.0)
    monkeypatch.setattr(messages, "render_board", stalled)
    record = await standin.click(to_act(standin, live), live, label="Roll")
    await standin.wait_until(lambda: record.failed, timeout=5.0, what="the click to expire")
    await settle(ludo)
    assert [v.kind for v in standin.take_violations()] == ["unanswered", "late-response"]
    assert any("expired before its answer" in r.getMessage() for r in caplog.records if r.levelname == "WARNING")
    assert not [r for r in caplog.records if r.levelname == "ERROR"]  # (the bot fixture fails on errors too)
    monkeypatch.setattr(messages, "render_board", real)
    live = live_message(standin, standin.channel)  # the game still shows the click: updated, or posted anew
    assert live is not None and "rolled" in live.content
    await click(standin, ludo, to_act(standin, live), live, custom_id=live.custom_ids()[0])


@pytest.mark.usefixtures("no_click_in_flight")  # (its /ludo board after every click answered)
async def test_slow_pictures_are_deferred_and_still_delivered(standin: StandIn, ludo: LudoBot,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    real = getattr(messages, "render_board")  # noqa: B009

    def slow(*args: Any) -> bytes:
        busy = time.thread_time() + 0.4  # a heavy picture: more CPU than the bot waits for before deferring
        while time.thread_time() < busy:
            pass
        picture: bytes = real(*args)
        return picture

    monkeypatch.setattr(errors, "DEFER_AFTER", 0.1)
    monkeypatch.setattr(messages, "render_board", slow)
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    live = await start_game(standin, ludo, alice, (bob,), auto_single=False)
    assert live is not None
    rolled = await click(standin, ludo, to_act(standin, live), live, label="Roll")
    assert rolled.response_record is not None and rolled.response_record.deferred
    now = live_message(standin, standin.channel)
    assert now is not None and "rolled" in now.content  # the deferred click is still shown:
    assert (now is live and live.edits >= 1) or (now in rolled.followups and live.deleted)  # in place, or anew
    live = now

    labels = live.labels()
    reposted = await slash(standin, ludo, alice, standin.channel, "board")
    assert reposted.response_record is not None and reposted.response_record.deferred
    assert not reposted.response_record.ephemeral
    new = await reposted.result()
    assert new is not None and not new.ephemeral and new.file("board.png").data.startswith(PNG_MAGIC)
    assert new.labels() == labels and live.deleted
    assert live_message(standin, standin.channel) is new

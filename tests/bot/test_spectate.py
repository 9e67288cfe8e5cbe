"""Issue 7 through Discord: anyone may Spectate a game from its live message and gets a private view of the board,
which their Refresh button brings up to date; the players' message is never touched by it."""

from __future__ import annotations

from ludo_bot.bot.app import LudoBot
from ludo_bot.playground.standin import StandIn
from tests.bot.helpers import PNG_MAGIC, click, live_message, play_to_end, start_game, to_act


async def test_spectate_gives_a_private_refreshable_board(standin: StandIn, ludo: LudoBot) -> None:
    alice, bob, eve = standin.add_user("alice"), standin.add_user("bob"), standin.add_user("eve")
    live = await start_game(standin, ludo, alice, (bob,))
    assert live is not None and live.labels() == ["Roll", "Spectate"]
    before = (live.content, live.edits, live.custom_ids())

    watched = await click(standin, ludo, eve, live, label="Spectate")
    view = await watched.result()
    assert view is not None and view.ephemeral and view.labels() == ["Refresh"]
    assert "Spectating Ludo" in view.content and "It is <@" in view.content
    assert view.file("board.png").data.startswith(PNG_MAGIC)
    assert (live.content, live.edits, live.custom_ids()) == before  # the players' message is untouched
    assert not standin.notifications(eve)
    first_board, first_live_board = view.file("board.png").data, live.file("board.png").data

    for _ in range(40):  # the players play on until their board looks different (rolls without a 6 may not show)
        now = live_message(standin, standin.channel)
        assert now is not None
        await click(standin, ludo, to_act(standin, now), now, custom_id=now.custom_ids()[0])
        now = live_message(standin, standin.channel)
        assert now is not None
        if now.file("board.png").data != first_live_board:
            break
    now = live_message(standin, standin.channel)
    assert now is not None
    players_view = (now.content, now.edits)
    refreshed = await click(standin, ludo, eve, view, label="Refresh")
    assert refreshed.response_record is not None and refreshed.response_record.message is view  # edited in place
    assert view.file("board.png").data != first_board and view.labels() == ["Refresh"]
    assert (now.content, now.edits) == players_view
    turn = now.content[now.content.index("It is "):].split("\n")[0]
    assert turn in view.content  # the same player to act as on the live message


async def test_a_spectator_view_of_a_finished_game_has_no_refresh(standin: StandIn, ludo: LudoBot) -> None:
    alice, eve = standin.add_user("alice"), standin.add_user("eve")
    live = await start_game(standin, ludo, alice, ai=1, preset="star", turn_limit=2)
    assert live is not None
    view = await (await click(standin, ludo, eve, live, label="Spectate")).result()
    assert view is not None and view.labels() == ["Refresh"]
    await play_to_end(standin, ludo)
    await click(standin, ludo, eve, view, label="Refresh")
    assert "Game over" in view.content and not view.buttons()

"""/ludo board: a player posts the live game again at the bottom of the channel; anyone else gets a private view
of the board and changes nothing. A move made while a player reposts is saved and shown: the channel comes to rest
with one board with buttons, showing the position after the move."""

from __future__ import annotations

import asyncio

import pytest

from ludo_bot.bot.app import LudoBot
from ludo_bot.bot.buttons import game
from ludo_bot.bot.buttons.game import GameMessage
from ludo_bot.playground.standin import InteractionRecord, StandIn
from ludo_bot.service import GameRecord, state_of
from tests.bot.conftest import Launch
from tests.bot.helpers import (
    PNG_MAGIC,
    answered,
    game_id_of,
    live_message,
    private_text,
    slash,
    start_game,
    to_act,
)


async def test_a_member_who_does_not_play_gets_a_private_board(standin: StandIn, ludo: LudoBot) -> None:
    alice, bob, eve = standin.add_user("alice"), standin.add_user("bob"), standin.add_user("eve")
    live = await start_game(standin, ludo, alice, (bob,))
    assert live is not None
    before = (live.content, live.edits, live.custom_ids())
    record = ludo.handlers.service.storage.games  # type: ignore[union-attr]
    version = (await record.load_game(game_id_of(live))).version
    messages = len(standin.messages(standin.channel))

    viewed = await slash(standin, ludo, eve, standin.channel, "board")
    view = await viewed.result()
    assert view is not None and view.ephemeral and view.labels() == ["Refresh"]
    assert "Spectating Ludo" in view.content and view.file("board.png").data.startswith(PNG_MAGIC)
    assert not live.deleted and (live.content, live.edits, live.custom_ids()) == before  # the players' message
    assert live_message(standin, standin.channel) is live and len(standin.messages(standin.channel)) == messages
    assert (await record.load_game(game_id_of(live))).version == version


async def test_a_move_made_while_a_player_reposts_is_saved_and_shown(standin: StandIn, launch: Launch,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    clicks: list[asyncio.Future[InteractionRecord]] = []
    settle = GameMessage._settle

    async def once_the_click_is_done(self: GameMessage, posted: GameRecord, message_id: int) -> None:
        """The repost settles `REPOST_SETTLE` (3 s) later, by when the click made on the old message has been answered
        there and handled: here as soon as it has (not 3 s of waiting at each of the eight reposts)."""
        await (await clicks[-1]).response()
        await self.clicks.idle(10.0)
        await settle(self, posted, message_id)

    monkeypatch.setattr(game, "REPOST_SETTLE", 0.0)
    monkeypatch.setattr(GameMessage, "_settle", once_the_click_is_done)
    ludo = await launch(cooldown_board=0)  # the players repost as often as this test needs
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    live = await start_game(standin, ludo, alice, (bob,), auto_single=False)
    assert live is not None
    game_id = game_id_of(live)
    games = ludo.handlers.service.storage.games  # type: ignore[union-attr]
    for delay in (0.0, 0.0, 0.005, 0.02, 0.05, 0.0, 0.01, 0.1):
        live = live_message(standin, standin.channel)
        assert live is not None
        mover = to_act(standin, live)
        before = await games.load_game(game_id)
        clicked = asyncio.ensure_future(standin.click(mover, live, custom_id=live.custom_ids()[0]))
        clicks.append(clicked)
        await asyncio.sleep(delay)
        reposted = await standin.slash(alice if mover is bob else bob, standin.channel, "ludo", "board")
        click = await clicked
        await answered(click, ludo)
        await answered(reposted, ludo)
        assert click.response_record is not None and not click.response_record.ephemeral, private_text(click)
        after = await games.load_game(game_id)
        assert after.log_length > before.log_length  # the move is saved ...
        shown = live_message(standin, standin.channel)  # ... and the one board with buttons shows it
        assert shown is not None and int(shown.custom_ids()[0].split(":")[3]) == state_of(after).ply, delay
        assert after.message_id == shown.id

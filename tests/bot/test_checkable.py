"""Issue 7 through Discord: dice anyone can check. The game message publishes the seed's commitment at the start
and reveals the seed at the end; /ludo export gives the game file, /ludo verify replays it and checks every roll."""

from __future__ import annotations

import io
import json

import pytest
from PIL import Image

from ludo_bot.bot.app import LudoBot
from ludo_bot.engine.notation import parse_rules
from ludo_bot.engine.verify import commitment, verify_game
from ludo_bot.playground.standin import StandIn
from ludo_bot.render.board import static_board
from ludo_bot.render.geometry import layout, metrics
from ludo_bot.render.palette import rgb
from tests.bot.helpers import (
    click,
    game_id_of,
    live_message,
    play_to_end,
    private_text,
    slash,
    start_game,
    to_act,
)

pytestmark = pytest.mark.usefixtures("no_click_in_flight")  # (each answer awaited before the next action)


async def test_commitment_at_the_start_seed_at_the_end_export_and_verify(standin: StandIn, ludo: LudoBot) -> None:
    alice = standin.add_user("alice")
    first = await start_game(standin, ludo, alice, ai=1, preset="star", turn_limit=3)
    assert first is not None
    game_id = game_id_of(first)
    sessions = ludo.handlers.service  # type: ignore[union-attr]
    seed = (await sessions.games.load(game_id)).seed
    digest = commitment(seed)
    # short while the game runs
    assert f"🔒 Dice seed locked: `{digest[:12]}…` (check it after the game with /ludo verify)" in first.content
    assert str(seed) not in first.content and digest not in first.content

    for command in ("export", "verify"):  # the seed stays secret while the game runs
        early = await slash(standin, ludo, alice, standin.channel, command, game=game_id)
        assert "is not finished" in private_text(early) and f"Its commitment: `{digest}`" in private_text(early)

    final = await play_to_end(standin, ludo)
    assert f"Dice seed `{seed}`" in final.content and f"/ludo verify {game_id}" in final.content
    assert f"sha256 `{digest}` as committed" in final.content  # the whole commitment, to compare with the start

    exported = await (await slash(standin, ludo, alice, standin.channel, "export", game=game_id)).result()
    assert exported is not None and not exported.ephemeral
    data = json.loads(exported.file(f"ludo-{game_id}.json").data)
    assert data["format"] == "ludo-game/1" and data["seed"] == seed and data["commitment"] == commitment(seed)
    assert data["log"] and verify_game(data).ok

    checked = await (await slash(standin, ludo, alice, standin.channel, "verify", game=game_id)).result()
    assert checked is not None and "✅ Every roll checks out" in checked.content
    assert "verified: every check passed" in checked.content and f"commitment `{digest}`" in checked.content

    # a stored seed changed after the fact no longer replays to the stored game
    record = await sessions.storage.games.load_game(game_id)
    await sessions.storage.games.save_game(record.model_copy(update={"seed": seed + 1}))
    bob = standin.add_user("bob")  # (Alice waits a while before her next verification)
    tampered = await (await slash(standin, ludo, bob, standin.channel, "verify", game=game_id)).result()
    assert tampered is not None and "NOT check out" in tampered.content and "NOT verified" in tampered.content


async def test_export_and_verify_refuse_unknown_games_and_other_servers_games(standin: StandIn,
                                                                            ludo: LudoBot) -> None:
    alice = standin.add_user("alice")
    for game in ("nosuchgame", "{bad id}"):
        refused = await slash(standin, ludo, alice, standin.channel, "verify", game=game)
        assert "There is no Ludo game" in private_text(refused)
    first = await start_game(standin, ludo, alice, ai=1, preset="star", turn_limit=2)
    assert first is not None
    game_id = game_id_of(first)
    await play_to_end(standin, ludo)
    other = standin.add_guild("other")
    bob = standin.add_user("bob", guild=other)
    elsewhere = await slash(standin, ludo, bob, standin.text_channel(other), "export", game=game_id)
    assert "There is no Ludo game" in private_text(elsewhere)


async def test_a_game_ended_early_reveals_its_seed_and_its_board_offers_no_move(standin: StandIn,
                                                                                ludo: LudoBot) -> None:
    """Issue 44: a game ended with /ludo end said "Dice seed locked… check it after the game" and its board showed
    the die and the landing marks of a move nobody could make any more. It is shown as over: the seed revealed (and
    checkable with /ludo verify and /ludo export), the board's middle bare, no move on offer, and its alt text says
    nobody's turn."""
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    live = await start_game(standin, ludo, alice, (bob,), preset="classic")
    assert live is not None
    game_id = game_id_of(live)
    for _ in range(60):  # roll until a token has a move to make
        live = live_message(standin, standin.channel)
        assert live is not None
        if set(live.labels()) - {"Roll", "Spectate"}:
            break
        await click(standin, ludo, to_act(standin, live), live, label="Roll")
    else:
        raise AssertionError("no move on offer in 60 rolls")
    sessions = ludo.handlers.service  # type: ignore[union-attr]
    record = await sessions.games.load(game_id)
    offered = Image.open(io.BytesIO(live.attachments[-1].data)).convert("RGB")
    label = rgb("label")  # the colour of the moves on offer: the frames of their squares and their badges
    assert label in {colour for _, colour in offered.getcolors(1 << 16) or []}
    await slash(standin, ludo, alice, standin.channel, "end")
    seed, digest = record.seed, commitment(record.seed)
    assert not live.buttons() and "Dice seed locked" not in live.content
    assert f"Dice seed `{seed}`" in live.content and f"sha256 `{digest}` as committed" in live.content
    said = live.attachments[-1].description or ""  # the picture in words: nobody is to act
    assert "Alice" in said and " to move with " not in said and " to roll" not in said, said
    board = Image.open(io.BytesIO(live.attachments[-1].data)).convert("RGB")
    assert label not in {colour for _, colour in board.getcolors(1 << 16) or []}, "a move on offer"
    rules = parse_rules(record.rules)
    centre = metrics(layout(rules).n, board.size).box_px(layout(rules).centre)
    empty = static_board(rules, board.size).convert("RGB")
    assert board.crop(centre).tobytes() == empty.crop(centre).tobytes(), "the middle is bare: no die"
    exported = await (await slash(standin, ludo, alice, standin.channel, "export", game=game_id)).result()
    assert exported is not None and verify_game(json.loads(exported.file(f"ludo-{game_id}.json").data)).ok

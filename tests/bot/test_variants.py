"""Issue 7 through Discord: the quick variants as /ludo start options (quick, kill_to_unlock, teams), from the
lobby's options to the game's rules."""

from __future__ import annotations

from ludo_bot import engine
from ludo_bot.bot.app import LudoBot
from ludo_bot.playground.standin import StandIn
from tests.bot.helpers import click, game_id_of, open_lobby, play_to_end, private_text, slash, start_game


async def _rules_of(ludo: LudoBot, game_id: str) -> engine.Rules:
    record = await ludo.handlers.service.games.load(game_id)  # type: ignore[union-attr]
    return engine.notation.parse_rules(record.rules)


async def test_quick_and_kill_to_unlock_flow_from_the_lobby_into_the_game(standin: StandIn, ludo: LudoBot) -> None:
    alice = standin.add_user("alice")
    lobby = await open_lobby(standin, ludo, alice, seats=2, quick=True, kill_to_unlock=True)
    assert "(quick, kill to unlock)" in lobby.content
    await click(standin, ludo, alice, lobby, label="Add AI (random)")
    await click(standin, ludo, alice, lobby, label="Start")
    live = standin.messages(standin.channel)[-1]
    game_id = game_id_of(live)
    assert "(quick, kill to unlock)" in live.content
    rules = await _rules_of(ludo, game_id)
    assert rules.quick and rules.kill_to_unlock and not rules.teams
    told = private_text(await slash(standin, ludo, alice, standin.channel, "rules"))
    assert "quick" in told and "only after its player has captured" in told
    final = await play_to_end(standin, ludo)
    assert "Game over" in final.content and "🥇" in final.content


async def test_teams_need_four_seats_and_play_two_against_two(standin: StandIn, ludo: LudoBot) -> None:
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    refused = await slash(standin, ludo, alice, standin.channel, "start", seats=3, teams=True)
    assert "need 4 seats, not 3" in private_text(refused)
    assert not standin.messages(standin.channel)  # no lobby was opened
    lobby = await open_lobby(standin, ludo, alice, teams=True)
    assert "(teams)" in lobby.content
    await click(standin, ludo, bob, lobby, label="Join")
    early = await click(standin, ludo, alice, lobby, label="Start")
    assert "all 4 seats must be filled (now 2)" in private_text(early)
    for _ in range(2):
        await click(standin, ludo, alice, lobby, label="Add AI (random)")
    await click(standin, ludo, alice, lobby, label="Start")
    assert "Turn-order roll" in lobby.content and not any(c.startswith("ludo:l:") for c in lobby.custom_ids())
    live = [m for m in standin.messages(standin.channel) if "game `" in m.content][-1]
    rules = await _rules_of(ludo, game_id_of(live))
    assert rules.teams and not rules.quick
    told = private_text(await slash(standin, ludo, alice, standin.channel, "rules"))
    assert "2 against 2" in told


async def test_a_quick_teams_game_is_played_to_the_end(standin: StandIn, ludo: LudoBot) -> None:
    alice = standin.add_user("alice")
    first = await start_game(standin, ludo, alice, ai=3, quick=True, teams=True)
    if first is not None:
        final = await play_to_end(standin, ludo)
    else:  # the AI seats finished it
        final = [m for m in standin.messages(standin.channel) if "Replay" in m.labels()][-1]
    assert "Game over" in final.content

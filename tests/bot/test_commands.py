"""The other /ludo commands during a game: board (repost), rules, leave (forfeit, or an AI takes over), end
(host or Manage Channels), stats, leaderboard and settings."""

from __future__ import annotations

import pytest

from ludo_bot.bot.app import LudoBot
from ludo_bot.playground.standin import StandIn
from ludo_bot.playground.standin.records import MANAGE_CHANNELS, MANAGE_GUILD, SEND_MESSAGES
from tests.bot.helpers import (
    PNG_MAGIC,
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

AFTER_BUTTONS = ["Replay", "Rematch", "Review"]  # a finished game's message


async def test_board_reposts_the_live_game_and_the_old_message_goes(standin: StandIn,
                                                                               ludo: LudoBot) -> None:
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    old = await start_game(standin, ludo, alice, (bob,))
    assert old is not None
    labels = old.labels()
    reposted = await slash(standin, ludo, bob, standin.channel, "board")
    new = await reposted.result()
    assert new is not None and not new.ephemeral and new is not old
    assert new.labels() == labels and new.file("board.png").data.startswith(PNG_MAGIC)
    assert old.deleted  # one board with buttons at rest
    assert live_message(standin, standin.channel) is new
    assert not new.notified  # a repost pings nobody
    mover = to_act(standin, new)
    record = await click(standin, ludo, mover, new, label="Roll")  # the reposted buttons work
    assert not record.response_record.ephemeral  # type: ignore[union-attr]
    assert live_message(standin, standin.channel) is not None


async def test_board_leave_and_end_without_a_game_are_refused(standin: StandIn, ludo: LudoBot) -> None:
    alice = standin.add_user("alice")
    for command in ("board", "leave", "end"):
        assert "no Ludo game in this channel" in private_text(await slash(standin, ludo, alice, standin.channel,
                                                                          command))
    await slash(standin, ludo, alice, standin.channel, "start")
    assert "lobby, not a game" in private_text(await slash(standin, ludo, alice, standin.channel, "board"))


async def test_rules_of_the_game_in_play_or_of_a_preset(standin: StandIn, ludo: LudoBot) -> None:
    alice = standin.add_user("alice")
    await start_game(standin, ludo, alice, ai=1, preset="twodice", game_end="all")
    in_play = private_text(await slash(standin, ludo, alice, standin.channel, "rules"))
    assert "**twodice**" in in_play and "48-square track" in in_play and "2 dice" in in_play
    assert "play goes on for every place" in in_play  # the lobby's option, not only the preset
    star = private_text(await slash(standin, ludo, alice, standin.channel, "rules", preset="star"))
    assert "**star**" in star and "pair" in star


async def test_rules_without_a_game_explain_what_a_start_here_plays(standin: StandIn, ludo: LudoBot) -> None:
    """No game and no preset: the rules a /ludo start here plays when it names no preset (classic, until the
    server's settings choose another), said to be that, with a pointer to the `preset` option."""
    alice = standin.add_user("alice")
    here = private_text(await slash(standin, ludo, alice, standin.channel, "rules"))
    assert here.startswith("No game in this channel, so here are the rules /ludo start plays here"), here
    assert "**classic**" in here and "52-square track" in here and "`preset` option" in here
    await slash(standin, ludo, standin.owner, standin.channel, "settings", preset="star")
    starred = private_text(await slash(standin, ludo, alice, standin.channel, "rules"))
    assert "**star**" in starred and "pair" in starred and "No game in this channel" in starred
    await slash(standin, ludo, alice, standin.channel, "start")  # a lobby is no game yet: it is still said so
    assert "lobby, not a game" in private_text(await slash(standin, ludo, alice, standin.channel, "rules"))


async def test_rules_in_the_bots_dm_explain_the_default_rules(standin: StandIn, ludo: LudoBot) -> None:
    alice = standin.install_app(standin.add_user("alice", join=False))
    answer = private_text(await slash(standin, ludo, alice, standin.dm_channel(alice), "rules"))
    assert answer.startswith("Ludo is played in a server channel or a group DM"), answer
    assert "**classic**" in answer and "`preset` option" in answer


async def test_rules_of_a_preset_that_is_no_choice_is_refused_privately(standin: StandIn, ludo: LudoBot) -> None:
    """A modified client may send any text for a choice (found by the fuzz): a clear answer, no error logged."""
    alice = standin.add_user("alice")
    refused = private_text(await slash(standin, ludo, alice, standin.channel, "rules", preset="nonsense"))
    assert "there is no preset `nonsense`" in refused and "classic" in refused


async def test_leave_forfeits_and_the_game_ends_for_two(standin: StandIn, ludo: LudoBot) -> None:
    alice, bob, eve = standin.add_user("alice"), standin.add_user("bob"), standin.add_user("eve")
    live = await start_game(standin, ludo, alice, (bob,))
    assert live is not None
    assert "not playing" in private_text(await slash(standin, ludo, eve, standin.channel, "leave"))
    left = await slash(standin, ludo, bob, standin.channel, "leave")
    assert "You left the game" in private_text(left)
    assert live_message(standin, standin.channel) is None and live.labels() == AFTER_BUTTONS  # updated in place
    final = standin.messages(standin.channel)[-1]
    assert final is live
    assert "Game over" in final.content and "Bob (left)" in final.content and final.labels() == AFTER_BUTTONS
    assert "games: 1, wins: 1," in private_text(await slash(standin, ludo, alice, standin.channel, "stats"))
    assert "games: 1, wins: 0," in private_text(await slash(standin, ludo, alice, standin.channel, "stats", user=bob))
    await slash(standin, ludo, alice, standin.channel, "start")  # the channel is free again


async def test_leave_with_ai_takeover_lets_an_ai_play_on(standin: StandIn, ludo: LudoBot) -> None:
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    live = await start_game(standin, ludo, alice, (bob,), ai_takeover=True)
    assert live is not None
    await slash(standin, ludo, bob, standin.channel, "leave")
    now = live_message(standin, standin.channel)
    assert now is not None and to_act(standin, now) is alice  # bob's seat is played by an AI
    assert live.deleted or now is live  # a new message only if the turn passed to alice
    final = await play_to_end(standin, ludo)
    assert "AI (greedy)" in final.content and "(left)" not in final.content
    assert "has not finished a Ludo game" in private_text(
        await slash(standin, ludo, alice, standin.channel, "stats", user=bob))


async def test_end_by_the_host_or_a_manager_not_by_other_players(standin: StandIn, ludo: LudoBot) -> None:
    mods = standin.add_role(standin.guild, "mods", MANAGE_CHANNELS)
    alice, bob, mod = standin.add_user("alice"), standin.add_user("bob"), standin.add_user("mod", roles=[mods])
    live = await start_game(standin, ludo, alice, (bob,))
    assert live is not None
    game_id = game_id_of(live)
    refused = await slash(standin, ludo, bob, standin.channel, "end")
    assert "Only the host or someone who can manage this channel" in private_text(refused)
    assert live.labels() == ["Roll", "Spectate"]
    ended = await slash(standin, ludo, alice, standin.channel, "end")
    message = await ended.result()
    assert message is not None and not message.ephemeral and f"`{game_id}` was ended" in message.content
    assert not live.buttons()
    assert "has not finished" in private_text(await slash(standin, ludo, alice, standin.channel, "stats"))
    # a channel manager may end someone else's game (in another channel: no waiting out the edits the first spent)
    other = standin.add_channel(standin.guild, "other")
    live = await start_game(standin, ludo, alice, (bob,), channel=other)
    assert live is not None
    await slash(standin, ludo, mod, other, "end")
    assert not live.buttons() and live_message(standin, other) is None


async def test_leaderboard_orders_players_by_wins(standin: StandIn, ludo: LudoBot) -> None:
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    empty = await slash(standin, ludo, alice, standin.channel, "leaderboard")
    assert "No games yet" in (empty.response_record.content or "")  # type: ignore[union-attr]
    for number, leaver in enumerate((bob, alice, bob)):  # a channel each: none waits out Discord's 5 edits per 5 s
        room = standin.add_channel(standin.guild, f"game{number}")  # of a channel that the one before spent
        await start_game(standin, ludo, alice, (bob,), channel=room)
        await slash(standin, ludo, leaver, room, "leave")
    board = (await slash(standin, ludo, bob, standin.channel, "leaderboard")).response_record
    assert board is not None and not board.ephemeral and board.message is not None
    assert not board.message.notified  # the leaderboard mentions players without pinging them
    assert board.content is not None and board.content.index(f"<@{alice.id}> — 2 wins") < board.content.index(
        f"<@{bob.id}> — 1 win")


async def test_settings_need_manage_server(standin: StandIn, ludo: LudoBot) -> None:
    admins = standin.add_role(standin.guild, "admins", MANAGE_GUILD)
    alice, admin = standin.add_user("alice"), standin.add_user("admin", roles=[admins])
    refused = await slash(standin, ludo, alice, standin.channel, "settings", preset="star")
    assert "manage this server" in private_text(refused)
    saved = private_text(await slash(standin, ludo, admin, standin.channel, "settings", preset="star",
                                     turn_minutes=30, reminder_minutes=5, timeout_action="forfeit", forfeit_after=2))
    assert "preset **star**" in saved and "turns of 30 minutes," in saved and "forfeit (after 2 misses)" in saved
    lobby = await slash(standin, ludo, alice, standin.channel, "start")
    assert "**star**" in ((await lobby.result()) or standin.messages(standin.channel)[-1]).content


async def test_leaving_twice_gets_a_clear_answer_and_changes_nothing(standin: StandIn, ludo: LudoBot) -> None:
    alice, bob, carol = standin.add_user("alice"), standin.add_user("bob"), standin.add_user("carol")
    live = await start_game(standin, ludo, alice, (bob, carol))
    assert live is not None
    leaver = next(u for u in (alice, bob, carol) if u is not to_act(standin, live))
    assert "You left the game" in private_text(await slash(standin, ludo, leaver, standin.channel, "leave"))
    before = live_message(standin, standin.channel)
    assert before is not None
    content = before.content
    again = private_text(await slash(standin, ludo, leaver, standin.channel, "leave"))
    assert "You have left this game already" in again and "went wrong" not in again
    assert live_message(standin, standin.channel) is before and before.content == content


async def test_a_leave_saved_but_not_shown_says_it_counted(standin: StandIn, ludo: LudoBot) -> None:
    alice, bob, carol = standin.add_user("alice"), standin.add_user("bob"), standin.add_user("carol")
    live = await start_game(standin, ludo, alice, (bob, carol))
    assert live is not None
    leaver = to_act(standin, live)  # the turn passes on: a new message must tell the next player
    for role in (standin.guild.everyone, next(r for r in standin.guild.roles.values() if r.managed)):
        role.permissions &= ~SEND_MESSAGES  # the bot may no longer post in the channel
    left = await slash(standin, ludo, leaver, standin.channel, "leave")
    assert "You left the game" in private_text(left)
    (told,) = left.followups
    assert told.ephemeral and "You left the game, but" in told.content and "`/ludo board`" in told.content
    assert "nothing was changed" not in told.content
    assert [v.detail for v in standin.take_violations("forbidden")] == ["Missing Permissions (code 50013)"]
    board = await (await slash(standin, ludo, alice, standin.channel, "board")).result()
    assert board is not None and to_act(standin, board) is not leaver  # the leave counted

"""Issue 33, tournaments: a round's time running out settles a stalled table as it stands (its thread says so), and
the tournament goes on; a table ended by a process that died before showing its end (another's worker shows it);
a bot process restarting in the middle of a round, and two processes seeing a round's last
table end at once (the round advances exactly once)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from ludo_bot.bot import live as bot_live
from ludo_bot.bot import tourney
from ludo_bot.bot.app import LudoBot
from ludo_bot.playground.standin import Channel, StandIn, User
from ludo_bot.service.games import FINISH, FINISH_AFTER
from ludo_bot.service.tournaments.plan import placed
from ludo_bot.storage import Deadline, Storage, StorageUnavailable
from tests.bot.conftest import Launch
from tests.bot.helpers import Clock, game_messages, live_message, looking_every, play_to_end, settle, to_act
from tests.bot.tourney_helpers import (
    create,
    join,
    play_tables,
    start,
    stored,
    tables_of_round,
    tournament_id,
    until,
)
from tests.bot.tourney_helpers import tourney as command

QUICK = looking_every(deadlines=0.1)  # (the worker looks often: the test waits for it)


async def one_table(standin: StandIn, ludo: LudoBot, prefix: str) -> tuple[str, Channel, list[User]]:
    """A swiss tournament of two people (named `prefix`0 and 1), two rounds of an hour, started: its id, its first
    round's one table and the two."""
    players = [standin.add_user(f"{prefix}{i}") for i in range(2)]
    signup = await create(standin, ludo, standin.owner, format="swiss", rounds=2, round_hours=1, preset="star")
    await join(standin, ludo, signup, *players)
    await start(standin, ludo, standin.owner, signup)
    return tournament_id(signup), (await tables_of_round(standin, standin.channel, 1))[0], players


async def test_the_rounds_deadline_settles_a_stalled_table_as_it_stands(
        standin: StandIn, launch: Launch, clock: Clock) -> None:
    ludo = await launch(timings=QUICK)
    players = [standin.add_user(f"r{i}") for i in range(8)]
    signup = await create(standin, ludo, standin.owner, format="knockout", round_hours=1, preset="star",
                          turn_limit=2)
    tid = tournament_id(signup)
    await join(standin, ludo, signup, *players)
    await start(standin, ludo, standin.owner, signup)
    played, stalled = await tables_of_round(standin, standin.channel, 2)
    await play_to_end(standin, ludo, played)
    assert live_message(standin, stalled) is not None  # nobody plays here

    clock.advance(3601)  # the round's hour is over (the turns' own deadlines are a day)
    record = await until(ludo, tid, lambda r: len(r.played) == 2, what="the final")
    settled = record.played[0].tables[1]
    assert settled.ended == "settled" and settled.places is not None
    await standin.wait_until(lambda: live_message(standin, stalled) is None, what="the table settled")
    end = standin.messages(stalled)[-1]
    assert "⏰ The round's time ran out: this table is settled as it stood." in end.content
    names = [standin.users[u].global_name for u in placed(settled)]
    shown = end.content.split("Places at this table:\n")[1].splitlines()  # 1., 2., ... as it stood (with its scores)
    assert [line.split(" — ")[0] for line in shown] == [f"{i + 1}. {name}" for i, name in enumerate(names)]
    went_through = {*placed(record.played[0].tables[0])[:2], *placed(settled)[:2]}  # the settled table's first two too
    assert set(record.played[1].tables[0].user_ids) == went_through

    final = await tables_of_round(standin, standin.channel, 1, after=2)
    await play_tables(standin, ludo, final)
    await until(ludo, tid, lambda r: r.status == "finished" and r.champion is not None)


@pytest.mark.parametrize("how", ["settled", "abandoned"])
async def test_a_table_ended_by_a_process_that_died_before_showing_it_loses_its_buttons(
        standin: StandIn, launch: Launch, clock: Clock, monkeypatch: pytest.MonkeyPatch, how: str) -> None:
    """The fuzz's find: a table settled at the round's deadline (or abandoned by a cancel) kept offering its moves
    when the process that ended it died before editing its message. The game's follow-up shows it all the same."""
    died: list[str] = []

    async def dies_first(self: tourney.TourneyWork, outcome: object) -> None:  # the end saved, nothing shown
        died.append(how)

    monkeypatch.setattr(tourney.TourneyWork, "_show_end", dies_first)
    ludo = await launch(timings=QUICK)
    tid, table, _ = await one_table(standin, ludo, "d")
    if how == "settled":
        clock.advance(3601)  # the round's hour is over, nobody played
        await until(ludo, tid, lambda r: r.played[0].tables[0].ended == "settled", what="the table settled")
    else:
        await command(standin, ludo, standin.owner, standin.channel, "cancel")
        await until(ludo, tid, lambda r: r.status == "cancelled")
    await standin.wait_until(lambda: died or None, what="the end saved")
    service = ludo.handlers.service  # type: ignore[union-attr]
    game = await service.games.load((await stored(ludo, tid)).played[0].tables[0].game_id)
    assert game.status == how
    assert live_message(standin, table) is not None  # its moves still offered: the process died before the edit

    clock.advance(FINISH_AFTER + 1)  # the game's follow-up falls due: any process's worker shows the end
    await standin.wait_until(lambda: live_message(standin, table) is None, what="the table's end shown")
    end = standin.messages(table)[-1]
    assert ("settled as it stood" if how == "settled" else "ended as abandoned") in end.content
    await asyncio.sleep(0.3)
    assert await service.storage.deadlines.due_at(Deadline(FINISH, game.id)) is None  # shown, then settled


async def test_a_table_settled_while_a_clicks_new_board_was_being_remembered_shows_its_end_there(
        standin: StandIn, launch: Launch, clock: Clock, monkeypatch: pytest.MonkeyPatch) -> None:
    """A click passes the turn (its answer is a new board) just as the round's time runs out: the table is settled
    and its end shown on the board storage still names, which is going; the new board, remembered after that with
    storage not answering at first, shows the end once it does, and offers no moves."""
    monkeypatch.setattr(bot_live, "REMEMBER_AFTER", 0.05)
    ludo = await launch(timings=QUICK)
    tid, table, _ = await one_table(standin, ludo, "b")
    games = ludo.handlers.service.games  # type: ignore[union-attr]
    real_replace, real_load = games.replace_message, games.load
    held, released, failed = asyncio.Event(), asyncio.Event(), list[str]()

    async def replace_later(record: Any, message_id: int) -> Any:  # the new board's remembering waits
        held.set()
        await released.wait()
        return await real_replace(record, message_id)

    async def unavailable_once(game_id: str, **kwargs: Any) -> Any:
        if released.is_set() and not failed:
            failed.append(game_id)
            raise StorageUnavailable("Redis is unavailable (read the game): timed out")
        return await real_load(game_id, **kwargs)

    monkeypatch.setattr(games, "replace_message", replace_later)
    monkeypatch.setattr(games, "load", unavailable_once)
    for _ in range(100):  # click until an answer is a new board (the turn passes to the other player)
        live = live_message(standin, table)
        assert live is not None
        record = await standin.click(to_act(standin, live), live, custom_id=live.custom_ids()[0])
        await standin.wait_until(lambda: record.response_record is not None, what="the answer")  # noqa: B023
        if len(game_messages(standin, table)) > 1:  # the old board goes once the new one is remembered
            await asyncio.wait_for(held.wait(), 5.0)
            break
    else:
        raise AssertionError("no answer passed the turn")
    clock.advance(3601)  # the round's hour is over: the table is settled meanwhile
    await until(ludo, tid, lambda r: r.played[0].tables[0].ended == "settled", what="the table settled")
    released.set()
    await standin.wait_until(lambda: failed or None, what="storage not answering")
    await standin.wait_until(lambda: live_message(standin, table) is None, what="no moves offered")
    clock.advance(FINISH_AFTER + 1)
    await asyncio.sleep(0.5)
    assert live_message(standin, table) is None
    assert "settled as it stood" in standin.messages(table)[-1].content


@pytest.mark.parametrize("how", ["settled", "forfeited"])
async def test_a_click_answered_in_place_after_its_table_ended_does_not_bring_its_moves_back(
        standin: StandIn, launch: Launch, clock: Clock, monkeypatch: pytest.MonkeyPatch, how: str) -> None:
    """A click saved just before its table ends without a click (the round's time runs out; the other player leaves
    the tournament) is answered in place (the same player goes on) after the end was shown: its answer puts the old
    position's moves back on the message, and the end is shown there again a moment later, for good (the fuzz's
    find: a settled table offering moves at rest)."""
    monkeypatch.setattr(bot_live, "ANSWERED_WITHIN", 0.5)
    ludo = await launch(timings=QUICK)
    tid, table, players = await one_table(standin, ludo, "p")
    real_edit = bot_live.edit_clicked
    held, released = asyncio.Event(), asyncio.Event()

    async def edit_later(interaction: Any, **kwargs: Any) -> Any:  # the first answer in place waits
        if not held.is_set():
            held.set()
            await released.wait()
        return await real_edit(interaction, **kwargs)

    monkeypatch.setattr(bot_live, "edit_clicked", edit_later)
    for _ in range(100):  # click until an answer is in place (a roll that leaves a move to choose)
        live = live_message(standin, table)
        assert live is not None
        clicked, player = live, to_act(standin, live)
        click = await standin.click(player, live, custom_id=live.custom_ids()[0])
        await standin.wait_until(lambda: held.is_set() or click.response_record is not None,  # noqa: B023
                                 what="an answer")
        if held.is_set():
            break
        await settle(ludo)  # (a new board: the old one goes)
    else:
        raise AssertionError("no answer was in place")
    if how == "settled":  # the round's hour is over: the table is settled and its end shown, the answer still held
        clock.advance(3601)
        await until(ludo, tid, lambda r: r.played[0].tables[0].ended == "settled", what="the table settled")
    else:  # the other player leaves: their table is forfeited, the clicker wins it
        other = next(user for user in players if user.id != player.id)
        await standin.slash(other, standin.channel, "ludo", "tournament", "leave")
    await standin.wait_until(lambda: live_message(standin, table) is None, what="the end shown")
    released.set()  # the click's answer lands now, with the moves of the position it saved
    await standin.wait_until(lambda: live_message(standin, table) is clicked or None, what="the late answer")
    assert "Places at this table" not in clicked.content
    await standin.wait_until(lambda: live_message(standin, table) is None, what="the end shown again")
    assert "Places at this table" in clicked.content
    assert ("settled as it stood" if how == "settled" else "(left)") in clicked.content


async def test_a_restart_in_the_middle_of_a_round(standin: StandIn, launch: Launch) -> None:
    first = await launch()
    players = [standin.add_user(f"s{i}") for i in range(4)]
    signup = await create(standin, first, standin.owner, format="swiss", rounds=2, preset="star", turn_limit=2)
    tid = tournament_id(signup)
    await join(standin, first, signup, *players)
    await start(standin, first, standin.owner, signup)
    table = (await tables_of_round(standin, standin.channel, 1))[0]
    live = live_message(standin, table)
    assert live is not None
    await first.close()  # the process stops in the middle of the round: nothing is kept in its memory

    again = await launch()
    await play_to_end(standin, again, table)  # the same buttons, served by the new process
    second = await tables_of_round(standin, standin.channel, 1, after=1)
    await play_tables(standin, again, second)
    record = await until(again, tid, lambda r: r.status == "finished" and r.announced)
    assert len(record.played) == 2 and record.champion is not None


async def test_two_processes_see_the_last_table_end_and_the_round_advances_once(
        standin: StandIn, launch: Launch, storage: Storage) -> None:
    bots = (await launch(), await launch())
    players = [standin.add_user(f"t{i}") for i in range(8)]
    signup = await create(standin, bots, standin.owner, format="knockout", preset="star", turn_limit=2)
    tid = tournament_id(signup)
    await join(standin, bots, signup, *players)
    await start(standin, bots, standin.owner, signup)
    tables = await tables_of_round(standin, standin.channel, 2)
    await play_tables(standin, bots, tables)
    await tables_of_round(standin, standin.channel, 1, after=2)
    await asyncio.sleep(1.0)  # both processes' workers look again, several times
    record = await stored(bots, tid)
    assert len(record.played) == 2 and len(record.played[1].tables) == 1  # one final, seated once
    assert len(standin.threads(standin.channel)) == 3  # and one thread for it

    # both processes hand the same table's end over at the same moment: one save wins, the other changes nothing
    service = [b.handlers.service for b in bots if b.handlers is not None]
    game = record.played[0].tables[0].game_id
    places = record.played[0].tables[0].places
    assert places is not None
    saved = await asyncio.gather(*(s.rounds.place(tid, game, list(reversed(places)), "played") for s in service))
    assert all(s.version == record.version for s in saved) and (await stored(bots, tid)).played == record.played

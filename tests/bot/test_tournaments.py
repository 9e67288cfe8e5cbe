"""Issue 33, tournaments, through Discord as players use them: a knockout of eight people played to its champion,
a swiss of five with AI seats over two rounds, and what `/ludo stats` counts after them."""

from __future__ import annotations

import re

from ludo_bot.bot.app import LudoBot
from ludo_bot.playground.standin import StandIn
from ludo_bot.service.tournaments.plan import placed, scores
from tests.bot.helpers import PNG_MAGIC, private_text, slash
from tests.bot.tourney_helpers import create, join, play_tables, start, stored, tables_of_round, tournament_id, until


async def test_a_knockout_of_eight_plays_to_its_champion(standin: StandIn, ludo: LudoBot) -> None:
    organiser = standin.owner
    players = [standin.add_user(f"player{i}") for i in range(8)]
    signup = await create(standin, ludo, organiser, format="knockout", preset="star", turn_limit=2)
    tid = tournament_id(signup)
    assert "knockout" in signup.content and "Nobody has joined yet." in signup.content
    await join(standin, ludo, signup, *players)
    assert "**Players (8/64)**" in signup.content and f"8. {players[7].global_name}" in signup.content
    await start(standin, ludo, organiser, signup)

    first = await tables_of_round(standin, standin.channel, 2)
    assert [t.name for t in first] == ["Round 1 · table 1", "Round 1 · table 2"]
    for thread in first:  # each table's first message mentions its four players, and notifies only them
        intro = standin.messages(thread)[0]
        seated = {int(u) for u in re.findall(r"<@(\d+)>", intro.content)}
        assert len(seated) == 4 and {u.id for u in intro.mentions} == seated == intro.notified
    await play_tables(standin, ludo, first)

    final = await tables_of_round(standin, standin.channel, 1, after=2)
    assert final[0].name == "Final · table 1"  # as the standing calls the round (issue 44: "Round 2 · table 1")
    record = await until(ludo, tid, lambda r: len(r.played) == 2)
    went_through = set(record.played[1].tables[0].user_ids)
    for table in record.played[0].tables:  # two from each table, the best placed two
        assert table.places is not None
        ranked = placed(table)
        assert set(ranked[:2]) <= went_through and not set(ranked[2:]) & went_through
    await play_tables(standin, ludo, final)

    record = await until(ludo, tid, lambda r: r.status == "finished" and r.announced)
    assert record.champion in went_through
    champion = standin.users[record.champion]
    announced = await standin.wait_until(lambda: [m for m in standin.messages(standin.channel)
                                                  if "is the champion" in m.content], what="the announcement")
    assert announced[0].content.startswith(f"🏆 <@{champion.id}> is the champion")  # named once: the mention
    assert announced[0].notified == {champion.id}
    assert announced[0].attachments and announced[0].attachments[0].data.startswith(PNG_MAGIC)
    standing = await standin.wait_until(lambda: signup if "Champion" in signup.content else None)
    assert "**Final**" in standing.content and standing.attachments

    stats = private_text(await slash(standin, ludo, champion, standin.channel, "stats"))
    assert "Tournaments: 1 played, 1 won." in stats



async def test_a_swiss_of_five_with_ai_seats_plays_two_rounds(standin: StandIn, ludo: LudoBot) -> None:
    organiser = standin.owner
    players = [standin.add_user(f"swiss{i}") for i in range(5)]
    signup = await create(standin, ludo, organiser, format="swiss", rounds=2, fill_with_ai=True, preset="star",
                          turn_limit=2)
    tid = tournament_id(signup)
    assert "swiss, 2 rounds" in signup.content and "short tables filled with AI players" in signup.content
    await join(standin, ludo, signup, *players)
    await start(standin, ludo, organiser, signup)

    first = await tables_of_round(standin, standin.channel, 2)
    record = await stored(ludo, tid)
    humans = sorted(len(t.user_ids) for t in record.played[0].tables)
    assert humans == [2, 3] and all(len(t.seats) == 4 for t in record.played[0].tables)  # AI seats fill to four
    assert "and 1 AI player" in standin.messages(first[0])[0].content + standin.messages(first[1])[0].content
    await play_tables(standin, ludo, first)

    second = await tables_of_round(standin, standin.channel, 2, after=2)
    assert [t.name for t in second] == ["Round 2 of 2 · table 1", "Round 2 of 2 · table 2"]
    record = await stored(ludo, tid)
    after_one = scores(record.model_copy(update={"played": record.played[:1]}))
    assert set(record.played[1].tables[0].user_ids) == {s.user_id for s in after_one[:3]}  # seated by standings
    await play_tables(standin, ludo, second)

    record = await until(ludo, tid, lambda r: r.status == "finished" and r.announced)
    final = scores(record)
    for score in final:  # 6/4/2/0 by place at a table of four, AI seats included among the places
        won = [t.place_of(score.user_id) for r in record.played for t in r.tables if score.user_id in t.user_ids]
        assert score.points == sum((6, 4, 2, 0)[p - 1] for p in won if p) and score.played == 2
    assert record.champion == final[0].user_id
    standing = await standin.wait_until(lambda: signup if "Champion" in signup.content else None)
    champion = standin.users[final[0].user_id]
    assert "**Round 2 of 2**" in standing.content and "**Standings**" in standing.content
    assert f"1. {champion.global_name}: {final[0].points} point" in standing.content
    assert standing.attachments[0].data.startswith(PNG_MAGIC)
    table_end = standin.messages(second[0])[-1]  # an ordinary game: its final message offers replay and review
    assert "Places at this table:" in table_end.content and {"Replay", "Review"} <= set(table_end.labels())
    seated = standin.users[record.played[1].tables[0].user_ids[0]]  # a table's game reviews and replays like any
    reviewed = await standin.click(seated, table_end, label="Review")
    answer = await reviewed.wait_followup(timeout=20.0)
    assert answer.ephemeral and f"Review of game `{record.played[1].tables[0].game_id}`" in answer.content
    replayed = await standin.click(seated, table_end, label="Replay")
    assert (await replayed.wait_followup(timeout=20.0)).attachments[0].data.startswith(b"GIF8")


async def test_a_turn_of_a_day_reads_as_a_day(standin: StandIn, ludo: LudoBot) -> None:
    """Issue 44: the sign-up said "turns of 1,440 minutes"; a length reads in its largest whole unit."""
    signup = await create(standin, ludo, standin.owner, format="knockout", preset="star", turn_minutes=1440)
    assert "1 day a turn" in signup.content and "1,440" not in signup.content
    quick = await create(standin, ludo, standin.owner, standin.add_channel(standin.guild, "quick"),
                         format="knockout", preset="star", turn_minutes=90)
    assert "90 minutes a turn" in quick.content

"""Issue 33, tournaments: every refusal a player or an organiser can meet, answered privately and losing nothing;
leaving before and after the start; cancelling; the standing shown privately anywhere in the server."""

from __future__ import annotations

import pytest

from ludo_bot.bot.app import LudoBot
from ludo_bot.playground.standin import StandIn
from ludo_bot.playground.standin.records import CREATE_PUBLIC_THREADS, MANAGE_CHANNELS, MANAGE_EVENTS, USE_EXTERNAL_APPS
from tests.bot.helpers import PNG_MAGIC, click, forged_message, live_message, play_to_end, private_text, slash
from tests.bot.tourney_helpers import (
    button,
    create,
    join,
    start,
    stored,
    tables_of_round,
    tournament_id,
    tourney,
    until,
)

pytestmark = pytest.mark.usefixtures("no_click_in_flight")  # (each answer awaited before the next action)


async def test_who_may_create_a_tournament_and_where(standin: StandIn, ludo: LudoBot) -> None:
    member = standin.add_user("member")
    refused = private_text(await tourney(standin, ludo, member, standin.channel, "create", format="knockout"))
    assert refused == "Only members with Manage Server or Manage Events can create a tournament."
    assert not [m for m in standin.messages(standin.channel) if "Ludo tournament" in m.content]  # nothing posted

    events = standin.add_user("events", roles=[standin.add_role(standin.guild, "events", MANAGE_EVENTS)])
    signup = await create(standin, ludo, events, format="swiss")
    busy = private_text(await tourney(standin, ludo, standin.owner, standin.channel, "create", format="knockout"))
    assert busy == (f"This channel runs tournament `{tournament_id(signup)}` already: one tournament at a time per "
                    "channel.")

    other = standin.add_channel(standin.guild, "cup")  # a server may run several, in different channels
    await create(standin, ludo, standin.owner, other, format="knockout")
    thread = standin.add_thread(other, "a thread")
    inside = private_text(await tourney(standin, ludo, standin.owner, thread, "create", format="knockout"))
    assert inside == "A tournament runs in a channel, not in a thread: create it in the channel itself."

    closed = standin.add_channel(standin.guild, "no-threads")
    await standin.set_overwrite(closed, standin.bot_user, deny=CREATE_PUBLIC_THREADS)
    no_threads = private_text(await tourney(standin, ludo, standin.owner, closed, "create", format="knockout"))
    assert no_threads == ("I am missing permissions in this channel that a tournament needs (its standing here, each "
                          "table in a thread of its own): Create Public Threads. Ask a moderator to give them to me "
                          "here.")

    outside = standin.add_guild("No bot", bot_member=False)  # a user install, in a server without the bot
    owner = standin.install_app(standin.add_user("host", guild=outside))
    where = standin.text_channel(outside)
    await standin.set_overwrite(where, outside.roles[outside.id], allow=USE_EXTERNAL_APPS)
    elsewhere = private_text(await tourney(standin, ludo, owner, where, "create", format="knockout"))
    assert elsewhere == ("Tournaments need threads, so they run only in the channels of a server the bot is a "
                         "member of.")


async def test_the_sign_up_refuses_privately_and_loses_nothing(standin: StandIn, ludo: LudoBot) -> None:
    ann, bob, cy = standin.add_user("ann"), standin.add_user("bob"), standin.add_user("cy")
    signup = await create(standin, ludo, standin.owner, format="knockout", max_players=2, preset="star",
                          turn_limit=2)
    tid = tournament_id(signup)
    early = private_text(await click(standin, ludo, standin.owner, signup, custom_id=button(signup, "start")))
    assert early == "A tournament needs at least two players to start."
    await join(standin, ludo, signup, ann)
    twice = private_text(await click(standin, ludo, ann, signup, custom_id=button(signup, "join")))
    assert twice == "You have already joined."
    not_in = private_text(await click(standin, ludo, cy, signup, custom_id=button(signup, "leave")))
    assert not_in == "You are not playing in this tournament."
    await join(standin, ludo, signup, bob)
    full = private_text(await click(standin, ludo, cy, signup, custom_id=button(signup, "join")))
    assert full == "The tournament is full: 2 players."
    forged = forged_message(standin, standin.channel, f"ludo:n:{tid}:999:join", f"ludo:n:{tid}:1:start",
                            "ludo:n:nosuchcup:1:join")
    assert private_text(await click(standin, ludo, cy, forged, label="b0")) == (
        "That button is not one of this tournament's.")
    not_yours = private_text(await click(standin, ludo, ann, forged, label="b1"))
    assert not_yours == f"Only the organiser, <@{standin.owner.id}>, can start the tournament."
    unknown = private_text(await click(standin, ludo, cy, forged, label="b2"))
    assert unknown == "There is no tournament `nosuchcup` in this server (or it ended long ago)."
    record = await stored(ludo, tid)
    assert [e.user_id for e in record.entrants] == [ann.id, bob.id] and record.status == "signup"

    stale = forged_message(standin, standin.channel, button(signup, "join"), button(signup, "leave"))
    await start(standin, ludo, standin.owner, signup)
    assert not [c for c in signup.custom_ids() if c.startswith("ludo:n:")]  # the standing has no sign-up buttons
    late = private_text(await click(standin, ludo, cy, stale, label="b0"))
    assert late == "This tournament has started: joining is closed."
    leave = private_text(await click(standin, ludo, ann, stale, label="b1"))
    assert leave == ("This tournament has started: /ludo tournament leave takes you out (you forfeit your "
                     "current game).")
    again = private_text(await click(standin, ludo, standin.owner, forged, label="b1"))
    assert again == "This tournament has started: joining is closed."
    assert len((await stored(ludo, tid)).played) == 1  # started once

    unknown_id = private_text(await tourney(standin, ludo, cy, standin.channel, "standings", id="nosuchcup"))
    assert unknown_id == "There is no tournament `nosuchcup` in this server (or it ended long ago)."


async def test_leaving_before_and_after_the_start_and_the_standing_anywhere(standin: StandIn, ludo: LudoBot) -> None:
    players = [standin.add_user(f"p{i}") for i in range(5)]
    signup = await create(standin, ludo, standin.owner, format="knockout", preset="star", turn_limit=2)
    tid = tournament_id(signup)
    await join(standin, ludo, signup, *players)
    off = private_text(await tourney(standin, ludo, players[4], standin.channel, "leave"))
    assert off == f"You are off the list of tournament `{tid}`."
    await standin.wait_until(lambda: "**Players (4/64)**" in signup.content, what="the sign-up without p4")
    await start(standin, ludo, standin.owner, signup)

    table = (await tables_of_round(standin, standin.channel, 1))[0]
    gone = players[0]
    out = private_text(await tourney(standin, ludo, gone, table, "leave"))  # from the table's thread
    assert out == (f"You left tournament `{tid}`: you forfeit your current game (you place last at your table) "
                   "and play no further rounds.")
    await play_to_end(standin, ludo, table)
    record = await until(ludo, tid, lambda r: r.status == "finished")
    final = record.played[0].tables[0]
    assert final.place_of(gone.id) == 4 and record.champion != gone.id  # placed last, and not champion
    again = private_text(await tourney(standin, ludo, gone, standin.channel, "leave", id=tid))
    assert again == "This tournament is over."
    unnamed = private_text(await tourney(standin, ludo, gone, standin.channel, "leave"))  # the channel runs none now
    assert unnamed == "There is no tournament here: give its id."

    elsewhere = standin.add_channel(standin.guild, "elsewhere")  # the standing, privately, anywhere in the server
    shown = await tourney(standin, ludo, players[1], elsewhere, "standings", id=tid)
    assert "Champion" in private_text(shown)
    message = await shown.result()
    assert message is not None and message.ephemeral and message.attachments[0].data.startswith(PNG_MAGIC)


async def test_the_organiser_cancels_and_the_tables_end_as_abandoned(standin: StandIn, ludo: LudoBot) -> None:
    players = [standin.add_user(f"c{i}") for i in range(6)]
    signup = await create(standin, ludo, standin.owner, format="swiss", rounds=3)
    tid = tournament_id(signup)
    await join(standin, ludo, signup, *players)
    await start(standin, ludo, standin.owner, signup)
    tables = await tables_of_round(standin, standin.channel, 2)
    refused = private_text(await tourney(standin, ludo, players[0], standin.channel, "cancel"))
    assert refused == (f"Only the organiser, <@{standin.owner.id}>, or a member with Manage Server can cancel the "
                       "tournament.")
    done = private_text(await tourney(standin, ludo, standin.owner, tables[0], "cancel"))
    assert done == f"Tournament `{tid}` is cancelled: its tables still playing end as abandoned."
    await standin.wait_until(lambda: all(live_message(standin, t) is None for t in tables), what="tables ended")
    for thread in tables:
        assert "ended as abandoned" in standin.messages(thread)[-1].content
    standing = await standin.wait_until(lambda: signup if "cancelled by" in signup.content else None)
    assert f"❌ This tournament was cancelled by <@{standin.owner.id}>." in standing.content
    record = await stored(ludo, tid)
    assert record.status == "cancelled" and len(record.played) == 1
    anew = await create(standin, ludo, standin.owner, format="knockout")  # the channel is free again
    assert tournament_id(anew) != tid


async def test_an_id_no_tournament_could_have_is_refused_plainly(standin: StandIn, ludo: LudoBot) -> None:
    """Issue 43: text typed as a tournament's id that names another of the bot's keys (the channel's running
    tournament, `c:<channel>`) is answered as an unknown tournament, not as an unexpected error; an id pasted as the
    standing shows it (in its code span, in capitals) still finds the tournament."""
    ann = standin.add_user("ann")
    signup = await create(standin, ludo, standin.owner, format="knockout", preset="star", turn_limit=2)
    tid = tournament_id(signup)
    await join(standin, ludo, signup, ann)
    other_key = f"c:{standin.channel.id}"
    for command in ("standings", "leave", "cancel"):
        answer = private_text(await tourney(standin, ludo, standin.owner, standin.channel, command, id=other_key))
        assert answer == f"There is no tournament `{other_key}` in this server (or it ended long ago).", command
    shown = private_text(await tourney(standin, ludo, ann, standin.channel, "standings", id=f"`{tid.upper()}`"))
    assert tid in shown
    assert [e.user_id for e in (await stored(ludo, tid)).entrants] == [ann.id]  # nothing left or cancelled


async def test_an_organiser_at_a_table_cannot_end_it_as_it_stands(standin: StandIn, ludo: LudoBot) -> None:
    """Issue 43: a table is ranked as it stood when it is ended, so nobody who plays at it ends it, not even its host
    (the organiser, who plays in their own tournament and may manage every channel); a channel manager who does not
    play there still can, and the table is placed as it stood."""
    ann = standin.add_user("ann")
    mod = standin.add_user("mod", roles=[standin.add_role(standin.guild, "mods", MANAGE_CHANNELS)])
    signup = await create(standin, ludo, standin.owner, format="knockout", preset="star", turn_limit=20)
    tid = tournament_id(signup)
    await join(standin, ludo, signup, standin.owner, ann)
    await start(standin, ludo, standin.owner, signup)
    table = (await tables_of_round(standin, standin.channel, 1))[0]
    for player in (standin.owner, ann):
        refused = private_text(await slash(standin, ludo, player, table, "end"))
        assert refused == ("You play at this table, so you cannot end it: it goes on to its end or until the round's "
                           "time runs out."), refused
    assert live_message(standin, table) is not None  # the game goes on
    assert not (await stored(ludo, tid)).played[0].tables[0].over
    ended = await slash(standin, ludo, mod, table, "end")
    assert ended.response_record is not None and not ended.response_record.ephemeral
    record = await until(ludo, tid, lambda r: r.status == "finished")
    assert record.played[0].tables[0].ended == "ended"

"""Games are shown only to members who can see them: /ludo history, /ludo replay, /ludo verify, /ludo export and the
Replay, Spectate and Refresh buttons answer a game of another server, or of a channel (or thread, a private one
included) the member cannot view, exactly as a game that does not exist, and show it to members who can view its
channel, privately unless they ask in the game's own channel."""

from __future__ import annotations

from ludo_bot.bot.app import LudoBot
from ludo_bot.playground.standin import StandIn, User
from ludo_bot.playground.standin.records import MANAGE_THREADS, PRIVATE_THREAD, VIEW_CHANNEL
from tests.bot.conftest import Launch
from tests.bot.helpers import (
    answered,
    click,
    finished_game,
    forged_message,
    game_id_of,
    private_text,
    slash,
    start_game,
)

PUBLIC_COMMANDS = ("history", "replay", "verify", "export")

COMMANDS = ("replay", "verify", "export")
BUTTONS = ("r", "s", "v")  # Replay, Spectate, Refresh


async def unseen(standin: StandIn, bot: LudoBot, user: User, game_id: str) -> None:
    """Every way of reaching a game by its id answers `user` as for a game that does not exist."""
    where = standin.channel
    for command in COMMANDS:
        answer = private_text(await slash(standin, bot, user, where, command, game=game_id))
        unknown = private_text(await slash(standin, bot, user, where, command, game="zzzzzzzzzz"))
        assert answer == unknown.replace("zzzzzzzzzz", game_id), (command, answer)
    forged = forged_message(standin, where, *(f"ludo:{kind}:{game_id}" for kind in BUTTONS))
    for kind in BUTTONS:
        answer = private_text(await click(standin, bot, user, forged, custom_id=f"ludo:{kind}:{game_id}"))
        assert answer == "This game no longer exists.", (kind, answer)
    listed = (await slash(standin, bot, user, where, "history")).response_record
    assert listed is not None and game_id not in (listed.content or "")


async def test_games_of_hidden_channels_and_threads_and_of_other_servers_stay_hidden(
        standin: StandIn, launch: Launch) -> None:
    guild = standin.guild
    staff = standin.add_role(guild, "staff")
    alice, eve = standin.add_user("alice", roles=[staff]), standin.add_user("eve")
    room = standin.add_channel(guild, "staff-room")
    other = standin.add_guild("other")
    bob = standin.add_user("bob", guild=other)
    standin.add_member(other, eve)
    bot = await launch(cooldown_replay=0, cooldown_verify=0, cooldown_export=0)
    await standin.set_overwrite(room, guild.everyone, deny=VIEW_CHANNEL)
    await standin.set_overwrite(room, staff, allow=VIEW_CHANNEL)
    await standin.set_overwrite(room, standin.bot_user, allow=VIEW_CHANNEL)  # the bot plays there

    public = await finished_game(standin, bot, alice, standin.channel)
    hidden = await finished_game(standin, bot, alice, room)
    abroad = await finished_game(standin, bot, bob, standin.text_channel(other))
    live_hidden = await start_game(standin, bot, alice, ai=1, channel=standin.add_channel(guild, "later"))
    assert live_hidden is not None
    later = standin.text_channel(guild, "later")
    await standin.set_overwrite(later, eve, deny=VIEW_CHANNEL)  # a live game: only Spectate shows it

    for game_id in (hidden, abroad):
        await unseen(standin, bot, eve, game_id)
    await unseen(standin, bot, alice, abroad)  # another server's game, even for its own channel's viewers
    forged = forged_message(standin, standin.channel, f"ludo:s:{game_id_of(live_hidden)}")
    assert private_text(await click(standin, bot, eve, forged, label="b0")) == "This game no longer exists."

    # those who can view the channel get the game, from any channel of the server (privately: see below)
    for command in COMMANDS:
        shown = await slash(standin, bot, alice, standin.channel, command, game=hidden)
        message = await shown.wait_followup() if command == "replay" else await shown.result()
        assert message is not None and message.ephemeral and hidden in message.content, command
    view = await (await click(standin, bot, alice, forged, label="b0")).result()
    assert view is not None and view.ephemeral and view.labels() == ["Refresh"]
    listed = private_text(await slash(standin, bot, alice, standin.channel, "history"))
    assert hidden in listed and public in listed
    mine = (await slash(standin, bot, eve, standin.channel, "history")).response_record
    assert mine is not None and public in (mine.content or "") and hidden not in (mine.content or "")
    replayed = await slash(standin, bot, eve, standin.channel, "replay", game=public)
    assert (await replayed.wait_followup()).attachments[0].filename == f"ludo-{public}.gif"


async def test_a_game_in_an_archived_thread_of_a_hidden_channel_stays_hidden(standin: StandIn,
                                                                             launch: Launch) -> None:
    guild = standin.guild
    staff = standin.add_role(guild, "staff")
    alice, eve = standin.add_user("alice", roles=[staff]), standin.add_user("eve")
    room = standin.add_channel(guild, "staff-room")
    bot = await launch(cooldown_verify=0)
    await standin.set_overwrite(room, guild.everyone, deny=VIEW_CHANNEL)
    await standin.set_overwrite(room, staff, allow=VIEW_CHANNEL)
    await standin.set_overwrite(room, standin.bot_user, allow=VIEW_CHANNEL)  # the bot plays there
    thread = standin.add_thread(room, "a game")
    await standin.broadcast(guild.id, "THREAD_CREATE", thread.payload(bot_id=standin.bot_user.id), intent=1)
    game_id = await finished_game(standin, bot, alice, thread)
    thread.archived = True  # archived threads leave discord.py's cache: the bot asks Discord for its parent
    await standin.broadcast(guild.id, "THREAD_UPDATE", thread.payload(bot_id=standin.bot_user.id), intent=1)
    cached = bot.get_guild(guild.id)
    await standin.wait_until(lambda: cached is not None and cached.get_thread(thread.id) is None,
                             what="the archived thread to leave the cache")

    for _ in range(2):  # (the second time from what the bot remembers of the thread)
        assert "There is no Ludo game" in private_text(await slash(standin, bot, eve, standin.channel, "verify",
                                                                   game=game_id))
        assert game_id in private_text(await slash(standin, bot, alice, standin.channel, "verify", game=game_id))
    fetched = [r for r in standin.requests if r.method == "GET" and r.path.endswith(f"/channels/{thread.id}")]
    assert len(fetched) == 1


async def test_a_game_of_a_hidden_channel_is_shown_privately_elsewhere(standin: StandIn, launch: Launch) -> None:
    """Issue 43: /ludo history, replay, verify and export show a game of a channel the others present may not view
    only to the member who asked (in their own language), and for everyone in the game's own channel."""
    guild = standin.guild
    staff = standin.add_role(guild, "staff")
    alice = standin.add_user("alice", roles=[staff])
    room = standin.add_channel(guild, "staff-room")
    bot = await launch(cooldown_replay=0, cooldown_verify=0, cooldown_export=0)
    await standin.set_overwrite(room, guild.everyone, deny=VIEW_CHANNEL)
    await standin.set_overwrite(room, staff, allow=VIEW_CHANNEL)
    await standin.set_overwrite(room, standin.bot_user, allow=VIEW_CHANNEL)
    hidden = await finished_game(standin, bot, alice, room)

    for command in PUBLIC_COMMANDS:
        options = {} if command == "history" else {"game": hidden}
        asked = await answered(await standin.slash(alice, standin.channel, "ludo", command, locale="de",
                                                   options=options), bot)
        shown = await asked.wait_followup() if command == "replay" else await asked.result()
        assert shown is not None and shown.ephemeral, (command, shown)
        assert hidden in shown.content and "Spiel" in shown.content, (command, shown.content)  # in German
        assert not [m for m in standin.messages(standin.channel)
                    if hidden in m.content or any(hidden in a.filename for a in m.attachments)], command
        here = await answered(await standin.slash(alice, room, "ludo", command, options=options), bot)
        told = await here.wait_followup() if command == "replay" else await here.result()
        assert told is not None and not told.ephemeral and hidden in told.content, (command, told)


async def test_a_game_in_a_private_thread_is_seen_by_its_members_and_thread_managers_only(standin: StandIn,
                                                                                          launch: Launch) -> None:
    """Issue 43: a private thread of a channel everyone sees is judged as Discord shows it: its games reach the
    members added to it and those who may manage threads, and are unknown to everyone else; also once the thread is
    archived and out of the bot's cache."""
    guild = standin.guild
    alice, eve = standin.add_user("alice"), standin.add_user("eve")
    mod = standin.add_user("mod", roles=[standin.add_role(guild, "mods", MANAGE_THREADS)])
    bot = await launch(cooldown_replay=0, cooldown_verify=0, cooldown_export=0)
    thread = standin.add_thread(standin.channel, "just us", PRIVATE_THREAD)
    thread.member_ids.add(alice.id)
    await standin.broadcast(guild.id, "THREAD_CREATE", thread.payload(bot_id=standin.bot_user.id), intent=1)
    game_id = await finished_game(standin, bot, alice, thread)

    await unseen(standin, bot, eve, game_id)
    for member in (alice, mod):
        assert game_id in private_text(await slash(standin, bot, member, standin.channel, "verify", game=game_id))
    thread.archived = True  # out of discord.py's cache: the bot fetches the thread (once) and learns it is private
    await standin.broadcast(guild.id, "THREAD_UPDATE", thread.payload(bot_id=standin.bot_user.id), intent=1)
    cached = bot.get_guild(guild.id)
    await standin.wait_until(lambda: cached is not None and cached.get_thread(thread.id) is None,
                             what="the archived thread to leave the cache")
    assert "There is no Ludo game" in private_text(await slash(standin, bot, eve, standin.channel, "verify",
                                                               game=game_id))
    assert game_id in private_text(await slash(standin, bot, alice, standin.channel, "verify", game=game_id))

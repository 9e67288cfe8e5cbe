"""Rules of Discord the stand-in keeps: threads (one per message, none inside a thread, none without the permission
to create it) and who @everyone pings."""

from __future__ import annotations

from ludo_bot.playground.standin import StandIn
from ludo_bot.playground.standin.records import CREATE_PRIVATE_THREADS, CREATE_PUBLIC_THREADS, MENTION_EVERYONE
from tests.playground.standin.test_ratelimits import post, raw


async def test_thread_creation_follows_discords_rules(standin: StandIn) -> None:
    channel = standin.channel
    async with raw(standin) as session:
        async with post(session, channel.id, "lobby") as created:
            message_id = (await created.json())["id"]
        under = f"channels/{channel.id}/messages/{message_id}/threads"
        async with session.post(under, json={"name": "game"}) as first:
            thread = await first.json()
            assert first.status == 201 and thread["id"] == message_id and thread["type"] == 11
        async with session.post(under, json={"name": "again"}) as second:
            assert (second.status, (await second.json())["code"]) == (400, 160004)
        async with post(session, int(thread["id"]), "in the thread") as inside:
            in_thread = (await inside.json())["id"]
        nested = f"channels/{thread['id']}/messages/{in_thread}/threads"
        async with session.post(nested, json={"name": "nested"}) as deeper:
            body = await deeper.json()
            assert (deeper.status, body["code"]) == (400, 50024)
            assert body["message"] == "Cannot execute action on this channel type"
        for role in (standin.guild.everyone, next(r for r in standin.guild.roles.values() if r.managed)):
            role.permissions &= ~(CREATE_PUBLIC_THREADS | CREATE_PRIVATE_THREADS)
        async with post(session, channel.id, "another lobby") as created:
            other = (await created.json())["id"]
        async with session.post(f"channels/{channel.id}/messages/{other}/threads", json={"name": "x"}) as refused:
            assert (refused.status, (await refused.json())["code"]) == (403, 50013)
        async with session.post(f"channels/{channel.id}/threads", json={"name": "private"}) as private:
            assert (private.status, (await private.json())["code"]) == (403, 50013)
    assert len(standin.take_violations("invalid-request")) == 2
    assert len(standin.take_violations("forbidden")) == 2
    assert [t.name for t in standin.threads(channel)] == ["game"]


async def test_everyone_is_pinged_only_when_allowed_and_permitted(standin: StandIn) -> None:
    alice = standin.add_user("alice")
    everyone = {"content": "@everyone look"}
    async with raw(standin) as session:
        async def send(**extra: object) -> dict[str, object]:
            async with session.post(f"channels/{standin.channel.id}/messages", json={**everyone, **extra}) as sent:
                assert sent.status == 200
                found: dict[str, object] = await sent.json()
                return found

        assert (await send())["mention_everyone"] is False  # the bot may not mention everyone
        next(r for r in standin.guild.roles.values() if r.managed).permissions |= MENTION_EVERYONE
        assert (await send(allowed_mentions={"parse": []}))["mention_everyone"] is False
        assert (await send(content="@\u200beveryone look"))["mention_everyone"] is False  # escaped
        pinged = await send(allowed_mentions={"parse": ["everyone"]})
        assert pinged["mention_everyone"] is True
    assert [str(m.id) for m in standin.notifications(alice)] == [pinged["id"]]

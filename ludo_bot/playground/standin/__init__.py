"""A local stand-in for Discord's HTTP API and gateway, for end-to-end tests of the discord.py bot and for the
playground (`ludo-bot playground`, which shows its channels in a browser page: ludo_bot/playground/web.py).

One `StandIn` serves REST (`/api/v10/...`) and the gateway websocket on 127.0.0.1 (a free port) and, while it
runs, points discord.py at itself (`discord.http.Route.BASE`, `DiscordWebSocket.DEFAULT_GATEWAY`; restored on
stop). Fixtures: `standin` and `bots` in tests/bot/conftest.py.

Its parts, each importing only the parts named before it and Discord's rules (no circle:
tests/playground/standin/test_layers.py): records.py and exchanges.py (Discord's numbers and the plain records),
signals.py (changes and violations), settings.py, wire.py (REST bodies, answers, refusals), world.py (who and what
is where, who may do what), payloads.py (the JSON that joins records), gateway.py (the websocket), broadcast.py
(events to the sessions that would hear them), posting.py (messages made, edited, deleted), waits.py,
interactions.py (dispatch, deadlines, `InteractionRecord`), acting.py (the tests' users acting), rest/ (the HTTP
API), server.py (`StandIn`, which composes them) and runner.py (bots started against it). Discord's rules, which
import only each other and records.py: limits.py, ratelimits.py, openapi.py, schemacheck.py.
Discord's client side for an Activity (an embedded app's SDK and RPC, which a user's client speaks to the app's
frame) will be a part of its own beside acting.py: users acting through their client, on the same world and
broadcaster.

The world: `standin.guild` / `standin.channel` (a default guild and its #general; the bot is a member with a
managed role), `add_user(name, guild=, roles=)`, `add_guild(name, shard=(id, count))` (an id that Discord routes
to that shard), `add_channel`, `add_role(guild, name, permissions)`, `add_member`. Build it before starting the bot
(changes made later are not pushed over the gateway, except messages, threads and overwrites).
Permissions are Discord's: `await set_overwrite(channel, role_or_user, allow=, deny=)` (the guild's id is @everyone's
role), `permissions_in(channel, user_id)` (a thread takes its parent's overwrites; a private thread is there only
for its members, `thread.member_ids`, and those who may manage threads); an interaction carries the
member's and the bot's permissions in its channel, a user cannot act in a channel they cannot view, and the bot's
sends, bulk deletes and channel reads are refused without the permission (every request to a channel it may not
view: 403 Missing Access). `await delete_channel(channel_or_thread)` deletes one, a channel with its threads
(CHANNEL_DELETE or THREAD_DELETE to the bots); requests to it are then 404 Unknown Channel.

Acting as users (each returns an `InteractionRecord` once INTERACTION_CREATE went to the owning shard):
    await standin.slash(user, channel, "ludo", "start", options={"preset": "classic", "player": bob})
    await standin.click(user, message, custom_id)   /  click(user, message, label="Join")
    await standin.forged_click(user, message, "any id")   (a modified client: any custom_id, of any length)
    await standin.select(user, message, custom_id, ["a"]);  await standin.submit_modal(user, opened, {"id": "v"})
    await standin.say(user, channel, "text")        (a plain user message, MESSAGE_CREATE)
    Every interaction carries the user's `locale` (keyword `locale=` of slash/click/select, default "en-US")
    and its guild's `guild_locale` (`guild.locale`).
What the bot did:
    response = await record.response()   -> Response(type 4/5/6/7/9, elapsed, ephemeral, content, embeds,
                                            components, files=[Attachment(filename, data: bytes, size)], message)
    message = await record.result()      -> the visible outcome, also after a defer (edit of @original/followup)
    record.followups, record.original, record.failed (no answer within `response_deadline`), record.refused
    standin.messages(channel), last_message(channel), message(id), threads(channel), notifications(user)
    standin.direct_messages(user): the bot's DMs to `user` (POST /users/@me/channels, then the DM channel's
    messages, under the same rate limits and checks); `user.dms = "closed"` (their settings refuse DMs: sending is
    refused, 403 code 50007) or "blocked" (they blocked the bot: opening the DM channel is refused, 400 code 50007)
    await standin.wait_for_message(channel, predicate), wait_for_edit(message, predicate), wait_until(fn)
    Message: content, embeds, components, buttons(), labels(), custom_ids(), attachments, file(name), flags,
             ephemeral, edits, notified (users a real client would notify: mentioned at creation only; @everyone and
             @here notify every member when the allowed mentions let them and the bot may mention everyone)
Gateway: standin.sessions() (shard, intents, events, resumes), wait_for_sessions(n), reconnect(s), drop(s).
Rules: every refusal is answered with Discord's status/code/JSON and recorded in `standin.violations`;
`take_violations(kind)` takes the expected ones (the `standin` fixture fails the test on any left over).
Request bodies are also held to Discord's OpenAPI description (openapi.py; refusals are "schema" violations).
Rate limits (ratelimits.py) are on unless `StandIn(rate_limits=False)`: per-route buckets and the global one, with
Discord's headers and 429s, so discord.py's own waiting and retrying runs. `standin.buckets["channel_create"] =
BucketSpec(2, 1.0)` changes a bucket; `standin.rate_limited` lists the 429s given (no violation);
`request_counts(since)` and `max_global_per_second(since)` (since a `traffic_mark()`) report the traffic.
"""

from .exchanges import Attachment, Message, Response, Violation
from .gateway import GatewaySession, shard_for
from .interactions import InteractionRecord
from .limits import FieldError
from .payloads import OptionValue
from .ratelimits import BucketSpec, RateLimitHit
from .records import EPHEMERAL, Channel, Guild, Member, Overwrite, Role, User
from .rest.api import RequestLog
from .runner import BotRunner, RunningBot
from .server import StandIn

__all__ = [
    "EPHEMERAL",
    "Attachment",
    "BotRunner",
    "BucketSpec",
    "Channel",
    "FieldError",
    "GatewaySession",
    "Guild",
    "InteractionRecord",
    "Member",
    "Message",
    "OptionValue",
    "Overwrite",
    "RateLimitHit",
    "RequestLog",
    "Response",
    "Role",
    "RunningBot",
    "StandIn",
    "User",
    "Violation",
    "shard_for",
]

"""The fuzz's invariants, checked after every round for every lane (and once more at the end):

- answered: every interaction got exactly one first response within Discord's 3 s (a private "try again" while
  Redis is down is an answer); a "thinking..." response was completed later;
- discord: nothing the bot sent was refused by the stand-in (a second response, a late one, a bad body, ...);
- traceback: no error logged by the bot's loggers or by discord.py, and no exception left to asyncio's handler;
- replay: every game's log replays to its stored state, and no logged action was rewritten;
- permitted: every action a game's log gained was played by an AI, played for a player by the rules (a forced
  move), clicked (that game, that ply, that action) by the member holding the seat, a resignation by a member who
  ran `/ludo leave` there, or made after its turn's deadline; a game was started by its host, ended by its host or
  a member who may manage the channel, and a seat went to an AI only after its member left;
- worker: the bots' background task and workers (deadlines, the takeover beat) running, none restarted after a
  crash;
- rest (at the end, the bots idle): a game's buttons are offered on one message while it is played, on none once
  it is over;
- tournaments (`benchmarks.fuzz.tournaments`): nobody who joined is lost, every round seated as its format says,
  every table that ended handed over and every table of a running round opened, one announcement at most;
- refusals (the attacker lane, `benchmarks.fuzz.attacks`): Discord refuses the bot in a channel closed to it or
  deleted, and is not asked again there until the channel changes; a game there that the bot was refused for is, at
  rest, over or answered by interaction only, and no game elsewhere is either by the bot's doing (ended by nobody,
  moved to interactions). What the stand-in refuses there is judged by this, not by `discord`; boards the bot could
  not clean up before the channel refused it stay as they are.
"""

from __future__ import annotations

import collections
import functools
import logging
import re
import time
import traceback
from dataclasses import dataclass

from benchmarks.fuzz.attacks import Attacks
from benchmarks.fuzz.faults import Faults
from benchmarks.fuzz.ledger import Failure, Ledger, patiently
from benchmarks.fuzz.names import broken
from benchmarks.fuzz.tournaments import TourneyChecks, still_wrong
from benchmarks.fuzz.world import TRAIL, Lane, World, worker_problems
from ludo_bot import engine
from ludo_bot.engine.notation import parse_rules
from ludo_bot.playground.standin import InteractionRecord
from ludo_bot.playground.standin.records import MANAGE_CHANNELS, MANAGE_GUILD
from ludo_bot.render.sprites import text_sprite
from ludo_bot.render.view import BoardView
from ludo_bot.storage import CorruptRecord, GameRecord, NotFound, Seat, check_replay

THINKING_DONE_WITHIN = 20.0  # seconds in which a "thinking..." response must be completed
INTERACTION = re.compile(r"interaction[= ](\d+)")
ATTACKED_ROUTE = re.compile(r"/channels/(\d+)")


@dataclass
class Seen:
    """A game as the last check found it."""

    version: int
    log: list[str]
    state: engine.GameState
    status: str
    seats: list[Seat]
    turn_deadline: float | None
    delivery: str = "channel"


class Checks:
    """The invariants over a run; `failures` holds what broke."""

    def __init__(self, world: World, faults: Faults, attacks: Attacks | None = None) -> None:
        self.world = world
        self.faults = faults
        self.attacks = attacks
        self.ledger = Ledger()
        self.failures: list[Failure] = []
        self.tourneys = TourneyChecks(world, self.ledger, self.fail, attacks)
        self.games: dict[str, Seen] = {}
        self.lane_clock: dict[int, float] = {}  # the service clock at a lane's last check
        self.thinking: list[InteractionRecord] = []
        self.answers: collections.Counter[str] = collections.Counter()  # public, or the private text's start
        self._violations = 0
        self._logged = 0
        self._loop_errors = 0
        self._dead: set[str] = set()
        self._looked: set[tuple[int, int]] = set()  # (message id, edits) whose names were checked

    def fail(self, invariant: str, where: str, detail: str) -> None:
        self.failures.append(Failure(invariant, where, detail))

    # -- interactions -----------------------------------------------------------------------------------------
    async def answered(self, records: list[InteractionRecord], where: str) -> None:
        """Wait until each interaction got its first response or Discord's time ran out; fail the latter."""
        standin = self.world.standin
        limit = standin.response_deadline + 1.0
        for record in records:
            left = record.dispatched_at + limit - time.monotonic()
            if record.response_record is None and not record.failed and left > 0:
                await standin.wait_until(functools.partial(_over, record), timeout=left, what="an answer")
            response = record.response_record
            if response is None:
                self.fail("answered", where, f"{record!r} got no answer within {standin.response_deadline:g} s"
                                             + self.faults.during(record.dispatched_at))
            else:
                self.answers["public" if not response.ephemeral else (response.content or "(deferred)")[:48]] += 1
                if response.type == 5:
                    self.thinking.append(record)

    def completed(self, where: str, *, final: bool = False) -> None:
        """A "thinking..." response completed in time (by an edit of it or a follow-up)."""
        waiting = []
        for record in self.thinking:
            original = record.original
            if record.followups or (original is not None and not original.loading):
                continue
            if final or time.monotonic() - record.dispatched_at > THINKING_DONE_WITHIN:
                self.fail("answered", where, f"{record!r} still shows \"thinking...\" "
                                             f"{time.monotonic() - record.dispatched_at:.0f} s later")
            else:
                waiting.append(record)
        self.thinking = waiting

    # -- the bots ---------------------------------------------------------------------------------------------
    def bots(self, where: str) -> None:
        """Refusals by the stand-in, errors logged, exceptions nobody retrieved, workers that stopped."""
        world = self.world
        for violation in world.standin.violations[self._violations:]:
            if self._attacked(violation.route):
                continue  # (judged by `refusals`)
            if violation.kind not in ("unanswered", "late-response"):  # (counted by `answered`)
                record = world.standin.interactions.get(violation.interaction_id or 0)
                self.fail("discord", where, str(violation)[:600] + (f" answering {_told(record)}" if record else ""))
        self._violations = len(world.standin.violations)
        for problem in self.attacks.refusals() if self.attacks is not None else []:
            self.fail("refusals", where, problem)
        self.logs(where)
        for shard, bot in enumerate(world.bots):
            for problem in worker_problems(bot):
                if f"{shard}: {problem}" not in self._dead:  # (once each)
                    self._dead.add(f"{shard}: {problem}")
                    self.fail("worker", where, f"bot {shard}: {problem}")

    def _attacked(self, route: str | None) -> bool:
        """Whether a refused request was about a channel the attacker changed."""
        found = ATTACKED_ROUTE.search(route or "")
        return self.attacks is not None and found is not None and self.attacks.attacked(int(found[1]))

    def logs(self, where: str) -> None:
        """Errors logged (with the interaction they answered) and exceptions left to asyncio's handler."""
        world = self.world
        for record in world.runner.logged_errors[self._logged:]:
            trace = "".join(traceback.format_exception(*record.exc_info)) if record.exc_info else ""
            text = record.getMessage()
            found = INTERACTION.search(text)
            answering = world.standin.interactions.get(int(found[1])) if found else None
            self.fail("traceback", where, f"{record.name} {logging.getLevelName(record.levelno)}: {text}"
                      + (f" answering {_told(answering)}" if answering else "") + f"\n{trace}".rstrip())
        self._logged = len(world.runner.logged_errors)
        for error in world.runner.loop_errors[self._loop_errors:]:
            self.fail("traceback", where, f"asyncio: {error}")
        self._loop_errors = len(world.runner.loop_errors)

    # -- games ------------------------------------------------------------------------------------------------
    async def lane(self, lane: Lane, where: str, *, full: bool = False) -> None:
        """Check every game of the lane that changed since its last check (`full`: replay each from its start)."""
        standin = self.world.standin
        channels = {lane.channel.id, *(t.id for t in standin.threads(lane.channel)), *lane.gone}
        if self.attacks is not None:  # (deleted threads and channels of the lane, whose games are still stored)
            channels |= {c for c, attacked in self.attacks.channels.items() if attacked.lane == lane.number}
        now = self.world.clock()
        since = self.lane_clock.get(lane.number, now)
        for game_id in sorted(lane.games):
            try:
                head = await patiently(functools.partial(self.world.checker.games.load_game, game_id))
            except NotFound:
                if game_id in self.games:
                    self.fail("replay", where, f"game {game_id} is gone")
                continue  # a lobby (or a forged id)
            except CorruptRecord as error:
                self.fail("replay", where, f"game {game_id}: {error}")
                continue
            if head.channel_id not in channels:
                continue  # another lane's game (a spectator view of it shown here): that lane checks it
            seen = self.games.get(game_id)
            if seen is not None and seen.version == head.version and not full:
                continue
            try:
                record = await patiently(functools.partial(self.world.checker.games.load_game, game_id,
                                                           with_log=True))
                if full:
                    check_replay(record)
            except CorruptRecord as error:
                self.fail("replay", where, f"game {game_id}: {error}")
                continue
            self.game(record, seen, where, since=since, now=now)
        self.lane_clock[lane.number] = now
        await self.tourneys.lane(lane, where)

    def names(self, lane: Lane, where: str) -> None:
        """No member's name breaks a message of the lane's channels (markup or a mention working), notifies someone
        who plays nowhere (a guild's owner, mentioned in names), or breaks a picture (see `benchmarks.fuzz.names`);
        each message is looked at once a version."""
        standin = self.world.standin
        members = {*(user for other in self.world.lanes for user in other.names),  # (players of any lane can join)
                   *(bot.user.id for bot in self.world.bots if bot.user is not None)}
        names = sorted(set(lane.names.values()))
        for channel in [lane.channel, *standin.threads(lane.channel)]:
            for message in standin.messages(channel):
                version = (message.id, message.edits)
                if version in self._looked:
                    continue
                self._looked.add(version)
                for problem in broken(message, names, members, _fits):
                    self.fail("names", where, problem)

    async def at_rest(self, lane: Lane, where: str) -> None:
        """Once the bots are done: the lane's channels offer buttons of a game only while it is being played, on
        one message (a game that is over shows none; see docs/maintainers/channel.md); its tournaments owe
        nothing (`TourneyChecks.at_rest`, which gives the workers their time first). A deadline worker may still
        be in the middle of a step the last clock jump made due (its item claimed, so no longer due: a new board
        sent, the old one's removal not yet), so the buttons get the same time to come to rest (`still_wrong`)."""
        await self.tourneys.at_rest(lane, where)
        for problem in await still_wrong(functools.partial(self._restless, lane)):
            self.fail("rest", where, problem)
        for problem in await self.attacks.still_played(lane) if self.attacks is not None else []:
            self.fail("refusals", where, problem)  # (the waits above gave the workers their time)

    async def _restless(self, lane: Lane) -> list[str]:
        """What `at_rest` finds wrong now."""
        problems: list[str] = []
        standin = self.world.standin
        boards: dict[str, list[int]] = collections.defaultdict(list)
        lobbies: dict[str, list[int]] = collections.defaultdict(list)
        for channel in [lane.channel, *standin.threads(lane.channel)]:
            for message in standin.messages(channel):
                if message.content == "forged":
                    continue
                if self.attacks is not None and self.attacks.left_over(channel.id, message.id):
                    continue  # (made before the channel refused the bot: left as it is)
                for custom_id in message.custom_ids():
                    kind, _, ident = custom_id.removeprefix("ludo:").partition(":")
                    shown = boards if kind == "g" else lobbies if kind == "l" else None
                    if shown is not None and message.id not in shown[ident.split(":")[0]]:
                        shown[ident.split(":")[0]].append(message.id)
        for lobby_id, messages in sorted(lobbies.items()):
            try:
                await patiently(functools.partial(self.world.checker.lobbies.load_lobby, lobby_id))
            except NotFound:
                try:
                    game = await patiently(functools.partial(self.world.checker.games.load_game, lobby_id))
                    became = f"started: its game is {game.status}, its live message {game.message_id}"
                except (NotFound, CorruptRecord):
                    became = "cancelled"
                problems.append(f"messages {messages} offer buttons of lobby {lobby_id}, which was {became}")
        for game_id, messages in sorted(boards.items()):
            try:
                record = await patiently(functools.partial(self.world.checker.games.load_game, game_id))
            except (NotFound, CorruptRecord) as error:
                problems.append(f"messages {messages} offer buttons of game {game_id}: {error}")
                continue
            if not record.active and record.delivery == "interaction" and self.attacks is not None \
                    and self.attacks.attacked(record.channel_id):
                continue  # (moved to clicks when its channel refused the bot: its last board is left as it is)
            if not record.active:
                trail = "".join(f"\n    {line}" for line in TRAIL.about(game_id, *map(str, messages)))
                whose = (f"a table of tournament {record.tournament.id}" if record.tournament is not None
                          else "a game of its own")
                problems.append(f"messages {messages} offer buttons of game {game_id}, which is {record.status} (its "
                                f"live message: {record.message_id}, version {record.version}, {whose}; the bots' "
                                f"warnings about it:{trail or ' none'})")
            elif len(messages) > 1:
                problems.append(f"{len(messages)} messages offer buttons of game {game_id}: {messages} (its live "
                                f"message: {record.message_id})")
        return problems

    def game(self, record: GameRecord, seen: Seen | None, where: str, *, since: float, now: float) -> None:
        game = f"game {record.id}"
        if seen is None:
            state = engine.new_game(parse_rules(record.rules), record.seat_numbers, record.seed)
            seats, status, start, deadline = record.seats, "active", 0, None
            started = record.tournament.id if record.tournament is not None else record.id  # (a table: its tournament)
            if record.host_id not in self.ledger.starts.get(started, set()):
                self.fail("permitted", where, f"{game} was started without a Start click by its host")
        else:
            state, seats, status, start, deadline = seen.state, seen.seats, seen.status, len(seen.log), \
                seen.turn_deadline
            if record.log[:start] != seen.log:
                self.fail("replay", where, f"{game}: logged actions were rewritten")
                return
        may_time_out = (deadline is not None and deadline <= now) or now - since >= (record.turn_seconds or 30)
        left = set(self.ledger.commands.get(("leave", record.channel_id), set()))
        if record.tournament is not None:  # a table: who left its tournament forfeits it (anywhere they said so)
            left |= self.ledger.ran("tournament leave")
        taken_over = {s.seat for s in record.seats if s.ai_level is not None}
        for text in record.log[start:]:
            try:
                action = engine.parse_action(text)
                choices = engine.distinct_actions(state) if not state.over else []  # one choice a position
                seat = action.seat if isinstance(action, engine.Resign) else state.current
                user = next((s.user_id for s in seats if s.seat == seat), None)
                forced = record.auto_single and len(choices) == 1 and not isinstance(choices[0][0], engine.Roll)
                clicked = user in self.ledger.clicks.get((record.id, state.ply, text), ())
                # a member who ran /ludo leave resigns, or an AI takes the seat over (`_seats` checks that)
                gone = user in left and (isinstance(action, engine.Resign) or seat in taken_over)
                if not (user is None or forced or clicked or gone or may_time_out):
                    self.fail("permitted", where, f"{game} ply {state.ply}: {text} for seat {seat} (user {user}) "
                                                  "though that member did not click it and no deadline was due")
                state, _ = engine.apply(state, action)
            except (engine.InvalidAction, engine.IllegalAction) as error:
                self.fail("replay", where, f"{game}: {text} does not replay: {error}")
                return
        if engine.to_text(state) != record.state:
            self.fail("replay", where, f"{game}: the log replays to {engine.to_text(state)!r}, "
                                       f"stored {record.state!r}")
        self._seats(record, seats, left, where)
        attacked = self.attacks is not None and self.attacks.attacked(record.channel_id)
        if seen is not None and seen.delivery != record.delivery and not attacked:
            self.fail("refusals", where, f"{game} went from {seen.delivery} to {record.delivery} delivery in a "
                                         "channel that never refused the bot")
        if record.status == "ended" and status != "ended" and record.ended_by is None and attacked:
            pass  # ended by the bot, its channel having refused it (`refusals` at rest)
        elif record.status == "ended" and status != "ended":
            enders = self.ledger.commands.get(("end", record.channel_id), set())
            guild = self.world.standin.guilds[record.guild_id]
            may = record.ended_by == record.host_id or bool(
                guild.permissions_of(record.ended_by or 0) & MANAGE_CHANNELS)
            # or `/ludo end member:` for one of its people, by a member who manages the server
            of_member = bool(guild.permissions_of(record.ended_by or 0) & MANAGE_GUILD) and any(
                (record.ended_by, person) in self.ledger.ended_members
                for person in {record.host_id, *(s.user_id for s in record.seats if s.user_id is not None)})
            if not of_member and (record.ended_by not in enders or not may):
                self.fail("permitted", where, f"{game} was ended by {record.ended_by}, who may not end it "
                                              "(or did not run /ludo end there)")
        self.games[record.id] = Seen(record.version, list(record.log), state, record.status, list(record.seats),
                                     record.turn_deadline, record.delivery)

    def _seats(self, record: GameRecord, before: list[Seat], left: set[int], where: str) -> None:
        now = {s.seat: s for s in record.seats}
        for seat in before:
            after = now.get(seat.seat)
            if after is None or after.user_id == seat.user_id:
                continue
            if seat.user_id is None or after.user_id is not None or seat.user_id not in left:
                self.fail("permitted", where, f"game {record.id}: seat {seat.seat} went from {seat} to {after}")


NAME_ROOM = 150  # pixels: about a name's room in the panel


@functools.lru_cache(maxsize=256)
def _fits(name: str) -> bool:
    """`name` drawn as the panel draws it, cut to `NAME_ROOM`, stays in it."""
    return text_sprite(BoardView(names=(name,)).name(0), 18, max_width=NAME_ROOM).size[0] <= NAME_ROOM + 2


def _over(record: InteractionRecord) -> bool:
    return record.response_record is not None or record.failed


def _told(record: InteractionRecord) -> str:
    """An interaction as a failure tells it: what was used, with which options, by whom, where."""
    options = record.data.get("options") or []
    given = {o["name"]: o.get("value") for o in (options[0].get("options") or [])} if options else {}
    return f"{record!r}{given or ''} in channel {record.channel_id}"

"""What a lane's members do, drawn at random: press buttons of the lane's messages (mostly the player to act on the
live game, a table's in its thread among them), several at the same moment, press buttons of earlier turns, forged
buttons (an unknown game, a wrong ply or action, garbage, over 100 characters) and buttons of another lane's games
(another guild), sign up for tournaments (Join, Leave, and Start mostly by the organiser), and run every `/ludo`
command the bot registered, `/ludo tournament`'s too, with options drawn from its registered schema (now and then out
of range).

Each move returns the interactions it dispatched; one whose message went meanwhile (a click on a board the bot just
deleted) dispatches nothing."""

from __future__ import annotations

import asyncio
import random
import re
import string
from collections.abc import Awaitable, Callable
from typing import Any

from benchmarks.fuzz.world import Lane, World
from ludo_bot.playground.standin import InteractionRecord, Message, OptionValue, User
from ludo_bot.service.words.i18n import CATALOGUES, translate
from tests.bot.helpers import TURN, forged_message

GAME, LOBBY, SIGNUP = "ludo:g:", "ludo:l:", "ludo:n:"
FORGED = "forged"  # the content of the messages made for forged clicks (tests.bot.helpers.forged_message)
MENTION = re.compile(r"<@(\d+)>")
LOOKED_AT = 40  # newest messages of a channel a member looks at
OVER = {translate(lang, key) for lang in CATALOGUES for key in ("refused.over", "refused.no_game")}
ID_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"
OPTIONS_MADE = ("start", "tournament create")  # commands whose options are mostly drawn to make games that end
BY_MODERATORS = ("end", "settings", "tournament create", "tournament cancel")  # run by a lane's moderator often
Records = list[InteractionRecord]


def seen(world: World, lane: Lane) -> list[Message]:
    """What a lane's members see, newest first: the newest messages of its channel and of its threads (their own
    private ones too), and the lobbies and game messages with buttons they saw before, however far up."""
    found: list[Message] = []
    for channel in [lane.channel, *world.standin.threads(lane.channel)]:
        found += [m for m in reversed(world.standin.world.channel_log.get(channel.id, [])[-LOOKED_AT:])
                  if not m.deleted]
    shown = {m.id for m in found}
    found += [m for m in reversed(lane.boards.values()) if not m.deleted and m.id not in shown]
    return found


class Moves:
    """Draws and makes one lane's moves."""

    def __init__(self, world: World, lane: Lane, rng: random.Random) -> None:
        self.world, self.lane, self.rng = world, lane, rng
        self.standin = world.standin
        self.forged: list[Message] = []  # messages made for forged clicks, removed once the clicks are answered

    # -- looking ----------------------------------------------------------------------------------------------
    def messages(self) -> list[Message]:
        """What the lane's members see (`seen`); the buttons on it are remembered for later (`Lane.stale`)."""
        for gone in [key for key, message in self.lane.boards.items() if message.deleted]:
            del self.lane.boards[gone]
        found = seen(self.world, self.lane)
        for message in found:
            if message.content != FORGED:
                self.lane.remember(message)
        return found

    def with_buttons(self, prefix: str, lane: Lane | None = None) -> list[Message]:
        """The public messages of the lane (or of another) with buttons of a kind, the forged ones aside, and those
        the lane learnt are of a game that is over."""
        pool = self.messages() if lane is None else seen(self.world, lane)
        over = (lane or self.lane).over
        return [m for m in pool if not m.ephemeral and any(c.startswith(prefix) for c in m.custom_ids())
                and m.content != FORGED and m.id not in over]

    def learn(self, records: Records) -> None:
        """A member told that the game of a board is over (or gone) clicks it no more, as a person would not."""
        for record in records:
            response = record.response_record
            if record.message is not None and response is not None and response.content in OVER:
                self.lane.over.add(record.message.id)

    def member(self) -> User:
        return self.rng.choice(self.lane.everyone)

    def clicker(self, message: Message) -> User:
        """Who clicks a message: its owner for a private one; on a game message mostly the player it names."""
        if message.ephemeral and message.interaction is not None:
            return message.interaction.user
        named = TURN.search(message.content)
        if named and self.rng.random() < 0.75:
            user = self.standin.users.get(int(named[1]))
            if user is not None and user in self.lane.everyone:
                return user
        return self.member()

    def locale(self) -> str:
        return "de" if self.rng.random() < 0.1 else "en-US"

    # -- moving -----------------------------------------------------------------------------------------------
    async def step(self) -> list[tuple[str, Records]]:
        """The lane's step of a round: 1 move, or 2-3 at the same moment."""
        count = 1 if self.rng.random() < 0.75 else self.rng.randint(2, 3)
        return list(await asyncio.gather(*(self.move() for _ in range(count))))

    async def move(self) -> tuple[str, Records]:
        """One random move: its kind and the interactions it dispatched."""
        busy = bool(self.with_buttons(GAME) or self.with_buttons(LOBBY) or self.with_buttons(SIGNUP))
        kinds: dict[str, tuple[float, Callable[[], Awaitable[Records]]]] = {
            "play": (40, self.play), "lobby": (14, self.lobby), "signup": (12, self.signup), "button": (8, self.button),
            "burst": (5, self.burst), "stale": (5, self.stale), "forged": (6, self.forged_id),
            "foreign": (3, self.foreign), "command": (18 if busy else 60, self.command)}
        names = list(kinds)
        kind = self.rng.choices(names, weights=[kinds[n][0] for n in names])[0]
        try:
            return kind, await kinds[kind][1]()
        except LookupError:  # the message went (or lost the button) as the member reached for it
            return kind, []

    async def click(self, user: User, message: Message, custom_id: str) -> InteractionRecord:
        return await self.standin.click(user, message, custom_id=custom_id, locale=self.locale())

    async def play(self) -> Records:
        live = self.with_buttons(GAME)
        if not live:
            return await self.lobby()
        message = self.rng.choice(live)
        ids = message.custom_ids()
        game = [c for c in ids if c.startswith(GAME)]
        custom_id = self.rng.choice(game if game and self.rng.random() < 0.92 else ids)
        return [await self.click(self.clicker(message), message, custom_id)]

    async def lobby(self) -> Records:
        lobbies = self.with_buttons(LOBBY)
        if not lobbies:
            return await self.command("start")
        message = self.rng.choice(lobbies)
        verbs = {c.rsplit(":", 1)[1]: c for c in message.custom_ids()}
        weights = {"join": 4, "leave": 1, "start": 3, "cancel": 0.4, "ai0": 1, "ai1": 1, "ai2": 0.5}
        verb = self.rng.choices(list(verbs), weights=[weights.get(v, 1) for v in verbs])[0]
        named = MENTION.search(message.content)  # a lobby names its host first
        host = self.standin.users.get(int(named[1])) if named else None
        user = host if host in self.lane.everyone and verb != "join" and self.rng.random() < 0.6 else self.member()
        assert user is not None
        return [await self.click(user, message, verbs[verb])]

    async def signup(self) -> Records:
        """A tournament sign-up's button: mostly Join; Start, mostly by its organiser; Leave now and then. With no
        sign-up open, a tournament is created now and then."""
        signups = self.with_buttons(SIGNUP)
        if not signups:  # (a channel runs one tournament at a time: while one plays, its tables are played)
            return await (self.command("tournament create") if self.rng.random() < 0.3 else self.play())
        message = self.rng.choice(signups)
        verbs = {c.rsplit(":", 1)[1]: c for c in message.custom_ids() if c.startswith(SIGNUP)}
        weights = {"join": 5, "leave": 1, "start": 3}
        verb = self.rng.choices(list(verbs), weights=[weights.get(v, 1) for v in verbs])[0]
        named = MENTION.search(message.content)  # a sign-up names its organiser first
        organiser = self.standin.users.get(int(named[1])) if named else None
        user = organiser if organiser in self.lane.everyone and verb == "start" and self.rng.random() < 0.8 \
            else self.member()
        assert user is not None
        return [await self.click(user, message, verbs[verb])]

    async def button(self) -> Records:
        pool = [m for m in self.messages() if m.custom_ids()]
        if not pool:
            return await self.command()
        message = self.rng.choice(pool)
        custom_id = self.rng.choice(message.custom_ids())
        if custom_id.startswith("ludo:r:") and self.rng.random() < 0.7:  # a replay is a second of drawing
            return []
        user = message.interaction.user if message.ephemeral and message.interaction else self.member()
        return [await self.click(user, message, custom_id)]

    async def burst(self) -> Records:
        """One button pressed 2-6 times at the same moment, by one member or by several."""
        pool = self.with_buttons(GAME) or self.with_buttons(LOBBY) or self.with_buttons(SIGNUP)
        if not pool:
            return await self.command()
        message = self.rng.choice(pool)
        custom_id = self.rng.choice([c for c in message.custom_ids() if c.startswith((GAME, LOBBY, SIGNUP))])
        same = self.clicker(message)
        users = [same if self.rng.random() < 0.5 else self.member() for _ in range(self.rng.randint(2, 6))]
        return list(await asyncio.gather(*(self.click(user, message, custom_id) for user in users)))

    async def stale(self) -> Records:
        """A button of an earlier turn or a closed lobby, on a message that still shows it (not a button shown now:
        Discord gives a click the message it was made on, so no real client presses a copy of a live button)."""
        shown = {c for m in self.messages() if m.content != FORGED for c in m.custom_ids()}
        stale = [custom_id for custom_id in self.lane.stale if custom_id not in shown]
        if not stale:
            return await self.play()
        return await self.on_forged(self.rng.choice(stale))

    async def foreign(self) -> Records:
        """A button of another lane's game or lobby (another channel, often another guild)."""
        others = [lane for lane in self.world.lanes if lane is not self.lane]
        if not others:
            return await self.forged_id()
        other = self.rng.choice(others)
        pool = self.with_buttons(GAME, other) or self.with_buttons(LOBBY, other) or self.with_buttons(SIGNUP, other)
        if not pool:
            return await self.forged_id()
        return await self.on_forged(self.rng.choice(self.rng.choice(pool).custom_ids()))

    async def forged_id(self) -> Records:
        return await self.on_forged(self.forge())

    def forge(self) -> str:
        """A custom_id no button of this game carries now."""
        rng = self.rng
        live = self.with_buttons(GAME)
        game, ply, action = "0" * 10, 0, "R"
        if live:
            _, _, game, ply_text, action = rng.choice([c for c in rng.choice(live).custom_ids()
                                                       if c.startswith(GAME)]).split(":")
            ply = int(ply_text)
        kind = rng.randrange(10)
        if kind == 0:
            return f"ludo:g:{self.any_id()}:{rng.randint(0, 400)}:{action}"
        if kind == 1:
            return f"ludo:g:{game}:{rng.choice([ply - 1, ply + 1, ply + 2, max(0, ply - 7), 999_999_999])}:{action}"
        if kind == 2:
            return f"ludo:g:{game}:{ply}:{rng.choice(['M9', 'M0', 'P12', 'D7', 'K', 'R0', 'S', 'X99', 'Z'])}"
        if kind == 3:
            return f"ludo:{rng.choice('lsvr')}:{rng.choice([game, self.any_id()])}:{rng.choice(['join', 'start', 'x'])}"
        if kind == 4:
            return rng.choice(["ludo:g:::", "ludo:g:ABC:0:R", "ludo:g:abc:-1:R", "ludo:", "ludo:l:", "ludo:s:",
                               "ludo:r:" + "z" * 41, "🎲" * 25, " ", "ludo:g:" + game + ":" + str(ply)])
        if kind == 5:  # over Discord's 100 characters
            return f"ludo:g:{game}:{ply}:{action}" + "x" * rng.randint(90, 4000)
        if kind == 6:
            return "".join(rng.choice(string.printable) for _ in range(rng.randint(1, 100)))
        if kind == 7:
            return f"ludo:g:{game}:{ply}:{action}{rng.randint(0, 99)}"
        if kind == 8:  # a sign-up's button of a version never stored, of no tournament, or of no verb
            tournament = rng.choice([*self.lane.tournaments, self.any_id()])
            return f"ludo:n:{tournament}:{rng.choice([0, 1, 2, 50, 999_999_999])}:{rng.choice(['join', 'start', 'x'])}"
        return ""  # no custom_id at all

    def any_id(self) -> str:
        return "".join(self.rng.choice(ID_ALPHABET) for _ in range(self.rng.randint(1, 40)))

    async def on_forged(self, custom_id: str) -> Records:
        """A member clicks `custom_id`: on a message that carries it when Discord would allow such a button (1-100
        characters), else sent by a modified client with a click on another button."""
        valid = 1 <= len(custom_id) <= 100 and custom_id.strip() == custom_id and custom_id != ""
        message = forged_message(self.standin, self.lane.channel, custom_id if valid else "ludo:x:dummy")
        self.forged.append(message)
        user = self.member()
        if valid:
            return [await self.click(user, message, custom_id)]
        return [await self.standin.forged_click(user, message, custom_id, locale=self.locale())]

    def tidy(self) -> None:
        """Remove the forged messages (their clicks were answered)."""
        for message in self.forged:
            message.deleted = True
        self.forged.clear()

    # -- commands ---------------------------------------------------------------------------------------------
    async def command(self, name: str | None = None) -> Records:
        subcommands = self.world.commands()
        if name is None:
            free = not (self.with_buttons(GAME) or self.with_buttons(LOBBY))
            weights = {"start": 5 if free else 1, "board": 2, "rules": 1, "leave": 1.2,
                       "end": 0.8, "stats": 1, "leaderboard": 1, "settings": 0.8, "export": 0.8, "verify": 0.8,
                       "history": 1, "replay": 0.25, "tournament create": 1.5 if free else 0.5,
                       "tournament standings": 0.6, "tournament leave": 0.3, "tournament cancel": 0.12}
            names = sorted(subcommands)
            name = self.rng.choices(names, weights=[weights.get(n, 1) for n in names])[0]
        odds = 0.1 if name in OPTIONS_MADE else 0.3  # (each of their many options, and most lobbies open)
        options = {o["name"]: self.value(o) for o in subcommands[name]
                   if o.get("required") or self.rng.random() < odds}
        if name == "start":
            options.update(self.start_options())
        elif name == "tournament create":
            options.update(self.tournament_options())
        user = self.lane.moderator if name in BY_MODERATORS and self.rng.random() < 0.6 else self.member()
        channels = [self.lane.channel, *self.standin.threads(self.lane.channel)]
        where = self.lane.channel if name == "tournament create" and self.rng.random() < 0.8 else \
            self.rng.choice(channels)
        return [await self.standin.slash(user, where, "ludo", *name.split(), options=options,
                                         locale=self.locale())]

    def start_options(self) -> dict[str, OptionValue]:
        """Games that end in a few dozen clicks, some with a short turn (the clock jumps make it time out)."""
        chosen: dict[str, OptionValue] = {}
        if self.rng.random() < 0.7:
            chosen["turn_limit"] = self.rng.randint(2, 15)
        if self.rng.random() < 0.3:
            chosen["turn_minutes"] = self.rng.randint(1, 3)
        return chosen

    def tournament_options(self) -> dict[str, OptionValue]:
        """Tournaments whose tables end in a few dozen clicks, some with rounds of an hour (the clock's jumps run them
        out), some with AI seats."""
        rng = self.rng
        chosen: dict[str, OptionValue] = {}
        if rng.random() < 0.8:
            chosen.update(preset="star", turn_limit=rng.randint(2, 6))
        if rng.random() < 0.5:
            chosen["fill_with_ai"] = rng.random() < 0.7
        if rng.random() < 0.4:
            chosen["round_hours"] = 1
        if rng.random() < 0.3:
            chosen["max_players"] = rng.randint(2, 6)
        if rng.random() < 0.5:
            chosen["rounds"] = rng.randint(1, 3)
        if rng.random() < 0.2:
            chosen["turn_minutes"] = rng.randint(1, 3)
        return chosen

    def value(self, option: dict[str, Any]) -> OptionValue:
        """A value for a registered option: one of its choices, a number in its range (sometimes just outside),
        a member, the lane's channel, a known game id or garbage."""
        rng = self.rng
        if option.get("choices"):
            return str(rng.choice(option["choices"])["value"]) if rng.random() < 0.97 else "nonsense"
        kind = int(option["type"])
        if kind == 5:
            return rng.random() < 0.5
        if kind == 6:
            return rng.choice(self.lane.everyone)
        if kind == 7:  # (Discord resolves a channel option: its value is always a channel of the server)
            return self.lane.channel
        if kind in (4, 10):
            low, high = int(option.get("min_value", -1000)), int(option.get("max_value", 1000))
            if rng.random() < 0.04:
                return rng.choice([low - 1, high + 1, -2**31])
            return rng.randint(low, min(high, low + 60)) if rng.random() < 0.7 else rng.randint(low, high)
        known = [c.split(":")[2] for c in self.lane.stale if c.count(":") >= 2 and c.split(":")[2]]
        if known and rng.random() < 0.8:
            return rng.choice(known)
        return "".join(rng.choice(string.printable) for _ in range(rng.randint(1, 60)))

"""What the bot posts: the lobby message and the live game message (content, board picture, buttons).

The lobby and game messages are public: they speak the language stored in their record (the guild's,
see `service.words.i18n`); the spectator view is private and speaks the language it is given."""

from __future__ import annotations

import asyncio
import concurrent.futures
import functools
import io
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import discord

from ludo_bot import engine
from ludo_bot.bot.buttons import components
from ludo_bot.engine.describe import PHRASES, describe_position
from ludo_bot.engine.verify import commitment
from ludo_bot.render import WORDS, BoardView, render_board, render_thumbnail
from ludo_bot.service import (
    GameRecord,
    LobbyRecord,
    Outcome,
    Standing,
    level_name,
    lobby_rules,
    seat_names,
    seat_user,
    state_of,
)
from ludo_bot.service.seats import beside_colour, lobby_seats, picture_names, side_by_side, to_face
from ludo_bot.service.words.i18n import DEFAULT, colour, directionless, isolated, templates, translate
from ludo_bot.service.words.text import (
    account,
    action_label,
    clip,
    dice_text,
    image_label,
    preset_name,
    ranking_lines,
    variants,
)

NO_PINGS = discord.AllowedMentions.none()


@dataclass(slots=True)
class Post:
    """A message to send or to edit into place."""

    content: str
    view: discord.ui.View  # an empty view takes the buttons off
    board: bytes | None = None
    mention: int | None = None  # the user the message is for (a new message notifies them)
    alt: str | None = None  # the board in words: the attachment's description, read by screen readers

    def files(self) -> list[discord.File]:
        """The board as an attachment (a new File each time: a File is consumed by sending it)."""
        if not self.board:
            return []
        return [discord.File(io.BytesIO(self.board), filename="board.png", description=alt_text(self.alt))]

    @property
    def allowed_mentions(self) -> discord.AllowedMentions:
        """Only the player to act is notified."""
        if self.mention is None:
            return NO_PINGS
        return discord.AllowedMentions(everyone=False, roles=False, users=[discord.Object(self.mention)])


@functools.lru_cache(maxsize=4096)  # the same few names go into every message of a game
def plain(text: str) -> str:
    """Text a user chose (a display name) shown as it is in a message: Discord's markdown, masked links and
    mentions escaped, and every "<" too (discord.py escapes neither a channel's `<#1>` nor a short `<@&1>`, and
    Discord draws those as mentions, `<:e:1>` as an emoji, `<t:0>` as a time). Escaping is Discord markup, so it
    lives in the adapter, where names go into message text: records and the service keep names as given, and the
    board picture and its alt text (no markup) show them unescaped. Direction controls are dropped (names kept before
    they were, too): no name turns the sentence around it (`service.words.i18n.directionless`). A bare link
    (`https://evil.gg/x`) is broken by the zero-width space `escape_mentions` puts after an "@", in its "://", so
    Discord does not link it; before the markdown is escaped, which leaves a link's characters as they are."""
    unlinked = directionless(text).replace("://", ":\u200b//")
    return discord.utils.escape_mentions(discord.utils.escape_markdown(unlinked)).replace("<", "\\<")


def text_names(record: GameRecord, lang: str) -> dict[int, str]:
    """The seats' names for message text (see `plain`), in directional isolates where they need them
    (`service.words.i18n.isolated`)."""
    return {seat: isolated(lang, plain(name)) for seat, name in seat_names(record, lang).items()}


ALT_LIMIT = 1024  # Discord's limit on an attachment's description


def alt_text(text: str | None) -> str | None:
    """An attachment description within Discord's limit."""
    return clip(text, ALT_LIMIT) if text else None


def board_alt(record: GameRecord, state: engine.GameState, lang: str = DEFAULT, limit: int = ALT_LIMIT - 24) -> str:
    """The position in words (engine.describe) for a board picture's alt text."""
    return describe_position(state, seat_names(record, lang), limit=limit,
                             phrases=templates(lang, "describe.", PHRASES), ended=not record.active)


def _tag(rules: engine.Rules, lang: str) -> str:
    """" (quick, teams)" for the variants on, or ""."""
    tag = variants(rules, lang)
    return f" ({tag})" if tag else ""


# -- lobby --------------------------------------------------------------------------------------------
def lobby_post(lobby: LobbyRecord) -> Post:
    """The lobby: rules, seats with their colours, and the Join / Leave / colour / Add AI / Start / Cancel
    buttons; a rematch's lobby names its game and the players invited back who have not joined yet."""
    lang = lobby.locale
    rules = lobby_rules(lobby)
    seats = lobby_seats(lobby)
    rows = []
    for i, player in enumerate(lobby.players):
        who = (f"<@{player.user_id}>" if player.user_id is not None
               else translate(lang, "lobby.ai", level=translate(lang, "ai." + level_name(player.ai_level or 0))))
        rows.append(f"{i + 1}. {translate(lang, 'lobby.coloured', who=who, colour=colour(lang, player.colour))}")
    rows += [f"{i + 1}. {translate(lang, 'lobby.open')}" for i in range(len(lobby.players), seats)]
    if side_by_side([p.colour for p in lobby.players]) and not rules.teams:  # teams wait for four players
        mover, across = to_face(lobby)
        rows.append(translate(lang, "lobby.side_by_side", who=f"<@{mover}>", colour=colour(lang, across)))
    lines = [translate(lang, "lobby.head", host=lobby.host_id, rules=preset_name(rules.name), extra=_tag(rules, lang),
                       seats=seats)]
    if lobby.rematch_of:
        lines.append(translate(lang, "lobby.rematch", id=lobby.rematch_of))
        tournament = lobby.options.get("tournament")
        if isinstance(tournament, str):  # a table's rematch, maybe in the tournament's thread: not one of its games
            lines.append(translate(lang, "lobby.not_tournament", id=tournament))
        waiting = invited_missing(lobby)
        if waiting:
            lines.append(translate(lang, "lobby.invited", players=" ".join(f"<@{u}>" for u in waiting)))
    content = "\n".join([*lines, *rows, translate(lang, "lobby.foot")])
    return Post(clip(content), components.lobby_view(lobby.id, lang))


def invited_missing(lobby: LobbyRecord) -> list[int]:
    """The players of a rematch's game who have not joined its lobby yet."""
    joined = {p.user_id for p in lobby.players}
    return [user for user in lobby.invited if user not in joined]


# -- game -----------------------------------------------------------------------------------------------
def game_buttons(record: GameRecord, state: engine.GameState) -> discord.ui.View | None:
    """One button per choice of the player to act (legal actions that lead to the same position are one button,
    which plays the first of them: `engine.distinct_actions`), and Spectate (only Spectate while an AI thinks; none
    once the game is over)."""
    if state.over or not record.active:
        return None
    person = seat_user(record, state.current) is not None
    groups = engine.distinct_actions(state) if person else []
    return components.game_view(record.id, state.ply, [(engine.action_text(g[0]), action_label(state, g[0],
                                                        record.locale, g)) for g in groups], record.locale,
                                late=person and record.delivery == "interaction" and record.turn_deadline is not None)


def _board_view(record: GameRecord, state: engine.GameState, events: list[engine.Event], lang: str) -> BoardView:
    names = picture_names(record, lang)
    labels: dict[engine.Action, str] = {}
    if seat_user(record, state.current) is not None and not state.over and record.active:
        said = ((g[0], image_label(g[0], g)) for g in engine.distinct_actions(state))
        labels = {action: label for action, label in said if label}
    # (no caption: the message's header names the game; the picture keeps its square, render.view.DEFAULT_SIZE)
    return BoardView(names=tuple(names.get(s, "") for s in range(4)), events=tuple(events), labels=labels,
                     words=templates(lang, "board.", WORDS), ended=not record.active and not state.over)


# Pictures are drawn on the event loop while they are quick, on one drawing thread once one was slow. A board takes
# 0.8 ms of CPU (`benchmarks.render`), less than the rest of a click's Python on the loop, and handing it to a thread
# cost 5-11 % of a bot process's CPU (A/B in `benchmarks.load`: the submit, the wake-ups and the GIL changing hands).
# A drawing that took more than SLOWDRAWING of CPU sends the next ones to the thread until one is quick again, so that
# a slow picture cannot hold the loop past the moment a click must be deferred. CPU time, not wall time: on a busy
# machine a quick picture may wait for a core for longer than that, and the thread, which waits for one as the loop
# does, only added its hand-offs (3.6 % of a bot process's samples under `benchmarks.load` with other work running,
# py-spy). One thread: drawing holds the GIL most of the time, so more threads only took turns with each other and
# with the event loop.
SLOWDRAWING = 0.02  # seconds of the drawing thread's CPU time
DRAWING = concurrent.futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix="ludo-draw")
_last_drawing = [0.0]  # seconds of CPU the last picture took


def _timed(work: Callable[[engine.GameState, BoardView], bytes], state: engine.GameState, view: BoardView) -> bytes:
    start = time.thread_time()
    try:
        return work(state, view)
    finally:
        _last_drawing[0] = time.thread_time() - start


async def _drawn(work: Callable[[engine.GameState, BoardView], bytes], state: engine.GameState,
                 view: BoardView) -> bytes:
    if _last_drawing[0] < SLOWDRAWING:
        return _timed(work, state, view)
    return await asyncio.get_running_loop().run_in_executor(DRAWING, _timed, work, state, view)


async def draw(record: GameRecord, state: engine.GameState, events: list[engine.Event], lang: str) -> bytes:
    """The board PNG (on the event loop while pictures are quick, see SLOWDRAWING)."""
    return await _drawn(render_board, state, _board_view(record, state, events, lang))


async def draw_thumbnail(record: GameRecord, state: engine.GameState, lang: str) -> bytes:
    """A small picture of the board alone (a direct message's)."""
    return await _drawn(render_thumbnail, state, _board_view(record, state, [], lang))


def _ended(record: GameRecord, lang: str) -> str:
    """How a game that is over ended."""
    if record.status == "ended":
        if record.ended_by is not None:
            return translate(lang, "status.ended_by", who=f"<@{record.ended_by}>")
        return translate(lang, "status.ended_early")
    if record.status == "abandoned":
        return translate(lang, "status.abandoned", at=int(record.last_human_at))
    if record.status == "settled":
        return translate(lang, "status.settled")
    return translate(lang, "status.over")


def _status(record: GameRecord, state: engine.GameState, lang: str, names: dict[int, str]) -> str:
    if record.tournament is not None and not record.active:  # a table's places go to its tournament: 1., 2., ...
        return "\n".join([_ended(record, lang), translate(lang, "status.table_places"),
                          *ranking_lines(state, names, lang, numbered=True)])
    if not record.active or state.over:
        places = ranking_lines(state, names, lang) if record.status == "finished" else []
        return "\n".join([_ended(record, lang), *places])
    user = seat_user(record, state.current)
    who = f"<@{user}>" if user is not None else beside_colour(record, names, lang)[state.current]  # (its colour after)
    if user is None:  # an AI that thinks (see `service.games`): its moves follow in this message
        doing = translate(lang, "status.thinking")
    elif state.phase == "roll":
        doing = translate(lang, "status.roll")
    elif state.phase == "choose":
        doing = translate(lang, "status.choose", dice=dice_text(state.dice, lang))
    else:
        doing = translate(lang, "status.move", die=state.dice[0])
    late = "status.deadline_late" if record.delivery == "interaction" else "status.deadline"
    deadline = translate(lang, late, at=int(record.turn_deadline)) if record.turn_deadline and user else ""
    return translate(lang, "status.turn", who=who, colour=colour(lang, state.current), doing=doing, deadline=deadline)


async def game_post(record: GameRecord, state: engine.GameState | None = None,
                    events: list[engine.Event] | None = None, *, notify: bool = False, note: str = "",
                    since: list[engine.Event] | None = None, notes: Sequence[tuple[int, str]] = ()) -> Post:
    """The live game message after `events` (drawn on the board): board, an account in words of `since` (default:
    `events`) with `notes` among its lines where they happened (`service.words.text.account`), then `note`, whose turn,
    the buttons."""
    lang = record.locale
    state = state or state_of(record)
    events = events or []
    names = text_names(record, lang)
    header = translate(lang, "game.header", rules=preset_name(state.rules.name), extra=_tag(state.rules, lang),
                       id=record.id)
    shown = events if since is None else since
    if record.status == "finished" and shown and shown[-1].kind == engine.events.GAME_OVER:
        shown = shown[:-1]  # "Game over: Bob wins!": the status below says it, with every place
    said = account(shown, names, lang=lang, notes=notes)
    told = "\n".join(part for part in (header, dice_line(record, state), said, note) if part)
    buttons = game_buttons(record, state)
    mention = seat_user(record, state.current) if notify and buttons is not None else None
    view = components.finished_view(record.id, lang) if state.over else buttons or discord.ui.View(timeout=None)
    return Post(clip(f"{told}\n{_status(record, state, lang, names)}"), view, await draw(record, state, events, lang),
                mention, board_alt(record, state, lang))


COMMITMENT_SHOWN = 12  # hex digits of the commitment a running game's message shows (/ludo verify shows it whole)


def dice_line(record: GameRecord, state: engine.GameState) -> str:
    """Checkable dice: while the game runs, the start of the commitment to its seed; once it is over or was ended
    (nobody plays it any more), the seed itself and the whole commitment."""
    digest = commitment(record.seed)
    if state.over or not record.active:
        return translate(record.locale, "game.seed", seed=record.seed, digest=digest, id=record.id)
    return translate(record.locale, "game.commitment", digest=digest[:COMMITMENT_SHOWN])


async def outcome_post(outcome: Outcome, *, notify: bool, note: str = "") -> Post:
    """The game message for an operation's outcome, told in the order things happened: `note` (a time-out, the turn
    order) before the operation's steps, and a forced move the bot played said so before that move (once a
    seat)."""
    lang = outcome.record.locale
    names = text_names(outcome.record, lang)
    since = outcome.told if notify and outcome.told is not None else outcome.events
    at = len(since) - len(outcome.events)  # where the operation's own events begin
    notes = [(at, note)] if note else []
    forced: set[int] = set()
    for step in outcome.steps:
        if step.by == "auto" and step.seat not in forced:
            forced.add(step.seat)
            notes.append((at, translate(lang, "game.forced", who=names[step.seat])))
        at += len(step.events)
    return await game_post(outcome.record, outcome.state, outcome.events, notify=notify, since=since, notes=notes)


async def spectator_post(record: GameRecord, now: float, lang: str = DEFAULT) -> Post:
    """A spectator's private view of a game, in their language: the board as it is, whose turn, and a Refresh
    button."""
    state = state_of(record)
    header = translate(lang, "spectate.header", rules=preset_name(state.rules.name), extra=_tag(state.rules, lang),
                       id=record.id, now=int(now))
    live = record.active and not state.over
    status = _status(record, state, lang, text_names(record, lang))
    content = "\n".join((header, status, translate(lang, "spectate.only_you") if live else ""))
    view = components.spectator_view(record.id, lang) if live else discord.ui.View(timeout=None)
    return Post(clip(content.strip()), view, await draw(record, state, [], lang), alt=board_alt(record, state, lang))


def order_text(record: GameRecord, state: engine.GameState) -> str:
    """The turn-order roll in words."""
    lang = record.locale
    names = text_names(record, lang)
    rounds = ["; ".join(f"{names[s]} {v}" for s, v in r) for r in state.order_rolls]
    return translate(lang, "game.order", rolls=translate(lang, "game.reroll").join(rounds),
                     order=" → ".join(names[s] for s in state.order))


def standings_text(lang: str, standings: list[Standing]) -> str:
    """A season's board, a line per player, as /ludo leaderboard writes it (and the season worker posts it)."""
    return "\n".join(translate(lang, "leaderboard.rated", place=i + 1, user=s.user_id, wins=s.wins,
                               ordinal=s.ordinal) for i, s in enumerate(standings))

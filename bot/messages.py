"""What the bot posts: the lobby message and the live game message (content, board picture, buttons)."""

from __future__ import annotations

import asyncio
import io
from dataclasses import dataclass

import discord

import engine
from bot import components
from bot.sessions import AI_LEVELS, Outcome, lobby_rules, seat_names, seat_user
from bot.text import account, action_label, clip, image_label, ranking_lines, variants
from engine.describe import describe_position
from engine.verify import commitment
from render import BoardView, render_board
from storage import GameRecord, LobbyRecord
from storage.replay import state_of

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


ALT_LIMIT = 1024  # Discord's limit on an attachment's description


def alt_text(text: str | None) -> str | None:
    """An attachment description within Discord's limit."""
    return clip(text, ALT_LIMIT) if text else None


def board_alt(record: GameRecord, state: engine.GameState) -> str:
    """The position in words (engine.describe) for a board picture's alt text."""
    return describe_position(state, seat_names(record), limit=ALT_LIMIT - 24)


# -- lobby --------------------------------------------------------------------------------------------
def lobby_post(lobby: LobbyRecord) -> Post:
    """The lobby: rules, seats and the Join / Leave / Add AI / Start / Cancel buttons."""
    rules = lobby_rules(lobby)
    wanted = lobby.options.get("seats", 4)
    seats = wanted if isinstance(wanted, int) else 4
    rows = []
    for i, player in enumerate(lobby.players):
        colour = engine.COLOURS[engine.rules.default_seats(len(lobby.players))[i]] if len(lobby.players) > 1 else ""
        who = f"<@{player.user_id}>" if player.user_id is not None else f"AI ({AI_LEVELS[player.ai_level or 0]})"
        rows.append(f"{i + 1}. {who}" + (f" — {colour}" if colour else ""))
    rows += [f"{i + 1}. (open)" for i in range(len(lobby.players), seats)]
    extra = f" ({variants(rules)})" if variants(rules) else ""
    content = (f"🎲 **Ludo lobby** — <@{lobby.host_id}> is hosting **{rules.name}**{extra} for {seats} players.\n"
               + "\n".join(rows) + "\nJoin, then the host starts the game (2 players at least).")
    return Post(clip(content), components.lobby_view(lobby.id))


# -- game -----------------------------------------------------------------------------------------------
def game_buttons(record: GameRecord, state: engine.GameState) -> discord.ui.View | None:
    """One button per legal action of the player to act (none when an AI or nobody acts)."""
    if state.over or not record.active or seat_user(record, state.current) is None:
        return None
    return components.game_view(record.id, state.ply,
                                [(engine.action_text(a), action_label(state, a)) for a in engine.legal_actions(state)])


def _board_view(record: GameRecord, state: engine.GameState, events: list[engine.Event]) -> BoardView:
    names = seat_names(record)
    labels: dict[engine.Action, str] = {}
    if seat_user(record, state.current) is not None and not state.over:
        labels = {a: image_label(a) for a in engine.legal_actions(state) if image_label(a)}
    return BoardView(names=tuple(names.get(s, "") for s in range(4)), events=tuple(events), labels=labels,
                     caption=f"game {record.id} · move {state.ply}")


async def draw(record: GameRecord, state: engine.GameState, events: list[engine.Event]) -> bytes:
    """The board PNG, drawn off the event loop."""
    return await asyncio.to_thread(render_board, state, _board_view(record, state, events))


def _status(record: GameRecord, state: engine.GameState) -> str:
    names = seat_names(record)
    if record.status == "ended":
        return f"⏹️ This game was {record.ended_reason or 'ended'}."
    if state.over:
        return "🏆 **Game over**\n" + "\n".join(ranking_lines(state, names))
    user = seat_user(record, state.current)
    who = f"<@{user}>" if user is not None else names[state.current]
    colour = engine.COLOURS[state.current]
    if state.phase == "roll":
        doing = "roll the dice"
    elif state.phase == "choose":
        doing = f"choose which die to play first ({' and '.join(map(str, state.dice))})"
    else:
        doing = f"move a token with the {state.dice[0]}"
    deadline = f" (turn ends <t:{int(record.turn_deadline)}:R>)" if record.turn_deadline and user else ""
    return f"It is {who}'s turn ({colour}): {doing}{deadline}."


async def game_post(record: GameRecord, state: engine.GameState | None = None,
                    events: list[engine.Event] | None = None, *, notify: bool = False, note: str = "") -> Post:
    """The live game message after `events`: board, an account in words, whose turn, the buttons."""
    state = state or state_of(record)
    events = events or []
    names = seat_names(record)
    extra = f" ({variants(state.rules)})" if variants(state.rules) else ""
    header = f"🎲 **Ludo — {state.rules.name}**{extra} · game `{record.id}`"
    told = account(events, {s: n for s, n in names.items()})
    content = "\n".join(part for part in (header, dice_line(record, state), told, note, _status(record, state))
                         if part)
    buttons = game_buttons(record, state)
    mention = seat_user(record, state.current) if notify and buttons is not None else None
    view = components.finished_view(record.id) if state.over else buttons or discord.ui.View(timeout=None)
    return Post(clip(content), view, await draw(record, state, events), mention, board_alt(record, state))


def dice_line(record: GameRecord, state: engine.GameState) -> str:
    """Checkable dice: while the game runs, the commitment to its seed; once it is over, the seed itself."""
    digest = commitment(record.seed)
    if state.over:
        return (f"🔓 Dice seed `{record.seed}` (sha256 `{digest[:16]}…` as committed): "
                f"check every roll with `/ludo verify {record.id}`.")
    return f"🔒 Dice commitment (sha256 of the secret seed): `{digest}`"


async def outcome_post(outcome: Outcome, *, notify: bool) -> Post:
    """The game message for an operation's outcome; forced moves the bot played are said so."""
    names = seat_names(outcome.record)
    forced = dict.fromkeys(step.seat for step in outcome.steps if step.by == "auto")
    note = "\n".join(f"▶️ {names[seat]} had only one possible move, so the bot played it." for seat in forced)
    return await game_post(outcome.record, outcome.state, outcome.events, notify=notify, note=note)


async def spectator_post(record: GameRecord, now: float) -> Post:
    """A spectator's private view of a game: the board as it is, whose turn, and a Refresh button."""
    state = state_of(record)
    extra = f" ({variants(state.rules)})" if variants(state.rules) else ""
    header = f"👁️ **Spectating Ludo — {state.rules.name}**{extra} · game `{record.id}` · as of <t:{int(now)}:T>"
    live = record.active and not state.over
    content = "\n".join((header, _status(record, state),
                         "Only you see this view; Refresh shows the board as it is now." if live else ""))
    view = components.spectator_view(record.id) if live else discord.ui.View(timeout=None)
    return Post(clip(content.strip()), view, await draw(record, state, []), alt=board_alt(record, state))


def order_text(record: GameRecord, state: engine.GameState) -> str:
    """The turn-order roll in words."""
    names = seat_names(record)
    rounds = ["; ".join(f"{names[s]} {v}" for s, v in r) for r in state.order_rolls]
    order = " → ".join(names[s] for s in state.order)
    return "Turn-order roll: " + " | re-roll: ".join(rounds) + f"\nOrder: {order}"

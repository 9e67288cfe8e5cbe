"""What the bot posts for a tournament: its public message (the sign-up, then the live standing with a picture), a
table's first message in its thread, and the champion's announcement. Public texts speak the tournament's language
(the guild's, kept in its record); names are shown as written (`bot.messages.plain`), never as pings."""

from __future__ import annotations

import io
from dataclasses import dataclass, field

import discord

from ludo_bot.bot.buttons import components
from ludo_bot.bot.messages import NO_PINGS, plain
from ludo_bot.service import Round, Table, TournamentRecord, level_name
from ludo_bot.service.tournaments.organise import rules_of
from ludo_bot.service.tournaments.plan import Score, is_final, scores, through
from ludo_bot.service.words.i18n import duration, isolated, translate
from ludo_bot.service.words.text import clip, listed, preset_name, variants

TABLES_SHOWN = 16  # tables of a round the message lists (a knockout of 64 starts with 16; the picture holds all)
SCORES_SHOWN = 16  # standing lines of a swiss (the picture holds everyone)


@dataclass(slots=True)
class TourneyPost:
    """A tournament message: its text, its buttons (none: an empty view takes them off), its picture, and the users
    it may notify (none: nobody)."""

    content: str
    view: discord.ui.View = field(default_factory=lambda: discord.ui.View(timeout=None))
    picture: bytes | None = None
    pinged: tuple[int, ...] = ()

    def files(self) -> list[discord.File]:
        if self.picture is None:
            return []
        return [discord.File(io.BytesIO(self.picture), filename="standing.png")]

    @property
    def allowed_mentions(self) -> discord.AllowedMentions:
        if not self.pinged:
            return NO_PINGS
        return discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                       users=[discord.Object(u) for u in self.pinged])


def name_of(record: TournamentRecord, user_id: int, lang: str) -> str:
    """An entrant's name for message text (as they signed up; escaped, isolated where it needs it)."""
    entrant = record.entrant(user_id)
    return isolated(lang, plain(entrant.name if entrant and entrant.name else str(user_id)))


def seat_name(record: TournamentRecord, table: Table, colour: int, lang: str) -> str:
    seat = next(s for s in table.seats if s.colour == colour)
    if seat.user_id is not None:
        return name_of(record, seat.user_id, lang)
    return translate(lang, "lobby.ai", level=translate(lang, "ai." + level_name(seat.ai_level or 0)))


def head(record: TournamentRecord, lang: str) -> list[str]:
    """The title and the rules line of a tournament's message."""
    form = (translate(lang, "tourney.format.swiss", rounds=record.rounds) if record.format == "swiss"
            else translate(lang, "tourney.format.knockout"))
    extra = variants_of(record, lang)
    turn = (translate(lang, "tourney.turn", time=duration(lang, record.turn_seconds)) if record.turn_seconds
            else translate(lang, "tourney.turn_server"))
    hours = translate(lang, "tourney.round_hours", hours=record.round_seconds // 3600)
    fill = translate(lang, "tourney.fill") if record.fill_with_ai else ""
    return [translate(lang, "tourney.title", id=record.id, format=form),
            translate(lang, "tourney.rules", organiser=record.organiser_id, preset=preset_name(record.preset),
                      extra=extra, turn=turn, round=hours, fill=fill)]


def variants_of(record: TournamentRecord, lang: str) -> str:
    """" (quick)" for the variants the tables play, or ""."""
    tag = variants(rules_of(record), lang)
    return f" ({tag})" if tag else ""


def signup_post(record: TournamentRecord) -> TourneyPost:
    """The sign-up: format, rules, the entrants by name, and Join / Leave / Start."""
    lang = record.locale
    lines = head(record, lang)
    lines.append(translate(lang, "tourney.entrants", count=len(record.entrants), most=record.max_players))
    if record.entrants:
        lines.append(" · ".join(f"{i + 1}. {name_of(record, e.user_id, lang)}" for i, e in enumerate(record.entrants)))
    else:
        lines.append(translate(lang, "tourney.nobody"))
    lines.append(translate(lang, "tourney.signup_foot"))
    return TourneyPost(clip("\n".join(lines)), components.signup_view(record.id, record.version, lang))


def standing_text(record: TournamentRecord, lang: str) -> str:
    """The live standing in words: the round, its tables with links to their threads and who went through (or the
    points), the swiss standings, and how it ended."""
    lines = head(record, lang)
    current = record.current
    if current is not None:
        lines.append(round_title(record, current, lang, markup=True))
        shown = current.tables[:TABLES_SHOWN]
        lines += [table_line(record, current, i + 1, t, lang) for i, t in enumerate(shown)]
        if len(current.tables) > len(shown):
            lines.append(translate(lang, "tourney.more_tables", count=len(current.tables) - len(shown)))
        if record.format == "knockout" and any(t.over for t in current.tables) and not is_final(current):
            lines.append(translate(lang, "tourney.legend_through"))
    if record.format == "swiss" and current is not None:
        lines.append(translate(lang, "tourney.standings_head"))
        ranked = scores(record)
        lines += [score_line(record, i + 1, s, lang) for i, s in enumerate(ranked[:SCORES_SHOWN])]
    lines.append(ending(record, lang))
    return clip("\n".join(line for line in lines if line))


def round_title(record: TournamentRecord, round_: Round, lang: str, *, markup: bool) -> str:
    """"Round 2 of 3", "Final", "Round 1" (bold in a message, with when it ends while it runs)."""
    if record.format == "swiss":
        title = translate(lang, "tourney.round_of", round=round_.number, rounds=record.rounds)
    elif is_final(round_):
        title = translate(lang, "tourney.final")
    else:
        title = translate(lang, "tourney.round", round=round_.number)
    if not markup:
        return title
    ends = (translate(lang, "tourney.round_ends", at=int(round_.deadline))
            if record.status == "running" and not round_.over else "")
    return f"**{title}**{ends}"


def table_line(record: TournamentRecord, round_: Round, number: int, table: Table, lang: str) -> str:
    where = f"<#{table.thread_id}>" if table.thread_id else translate(lang, "tourney.opening")
    if table.places is None:
        names = ", ".join(seat_name(record, table, s.colour, lang) for s in table.seats)
        players = translate(lang, "tourney.playing", players=names)
    else:
        gone = set(through(record, round_, table)) if record.format == "knockout" else set()
        owner = {s.colour: s.user_id for s in table.seats}
        marks = []
        for place, colour in enumerate(table.places):
            mark = " ✅" if owner[colour] in gone else ""
            marks.append(f"{place + 1}. {seat_name(record, table, colour, lang)}{mark}")
        players = " · ".join(marks)
        if table.ended not in (None, "played"):
            players += translate(lang, f"tourney.ended.{table.ended}")
    return translate(lang, "tourney.table", table=number, where=where, players=players)


def score_line(record: TournamentRecord, rank: int, score: Score, lang: str) -> str:
    left = translate(lang, "ranking.left") if score.out else ""
    return translate(lang, "tourney.score", rank=rank, name=name_of(record, score.user_id, lang),
                     points=translate(lang, "tourney.points", points=score.points),
                     wins=translate(lang, "tourney.wins", wins=score.wins)) + left


def ending(record: TournamentRecord, lang: str) -> str:
    """How the tournament stands: open for sign-up, playing, its champion, or cancelled."""
    if record.status == "cancelled":
        return translate(lang, "tourney.cancelled", who=record.cancelled_by or record.organiser_id)
    if record.status == "finished":
        if record.champion is None:
            return translate(lang, "tourney.no_champion")
        return translate(lang, "tourney.champion", name=name_of(record, record.champion, lang))
    return ""


def standing_post(record: TournamentRecord, picture: bytes | None, lang: str | None = None) -> TourneyPost:
    """The tournament's message: at sign-up the sign-up, after it the standing and its picture (in `lang`, by
    default the tournament's own language; a sign-up shown privately has no buttons)."""
    if record.status == "signup":
        post = signup_post(record)
        return post if lang is None else TourneyPost(post.content)
    return TourneyPost(standing_text(record, lang or record.locale), picture=picture)


def thread_name(record: TournamentRecord, round_number: int, table: int) -> str:
    """A table's thread, its round named as the standing names it: "Round 1 · table 2", "Final · table 1", "Round 2
    of 3 · table 1" (Discord: 1 to 100 characters)."""
    title = round_title(record, record.played[round_number - 1], record.locale, markup=False)
    return clip(translate(record.locale, "tourney.thread", round=title, table=table), 100)


def table_intro(record: TournamentRecord, round_: Round, number: int, table: Table) -> TourneyPost:
    """A table's first message in its thread: it mentions the table's players (and nobody else: only they are
    notified)."""
    lang = record.locale
    players = [f"<@{u}>" for u in table.user_ids]
    ai = len(table.seats) - len(players)
    if ai:
        players.append(translate(lang, "tourney.ai_seats", count=ai))
    text = translate(lang, "tourney.intro", id=record.id, round=round_title(record, round_, lang, markup=False),
                     table=number, players=listed(players, lang), at=int(round_.deadline))
    return TourneyPost(clip(text), pinged=tuple(table.user_ids))


def champion_post(record: TournamentRecord, picture: bytes | None) -> TourneyPost:
    """The end, announced in the tournament's channel with the final picture (the champion notified)."""
    lang = record.locale
    if record.champion is None:
        return TourneyPost(translate(lang, "tourney.announce_none", id=record.id), picture=picture)
    return TourneyPost(translate(lang, "tourney.announce", id=record.id, user=record.champion),
                       picture=picture, pinged=(record.champion,))


"""A tournament's standing as a picture (`render.standings`): a knockout's bracket of tables, a swiss tournament's
table of points, in the tournament's language, the names as the players wrote them."""

from __future__ import annotations

from ludo_bot.render.standings import WORDS, Bracket, Row, Seat, SwissTable, Table, bracket_png, swiss_png
from ludo_bot.render.standings import Round as Drawn
from ludo_bot.service.seats import level_name
from ludo_bot.service.tournaments.plan import is_final, scores, through
from ludo_bot.service.words.i18n import templates, translate_for_picture
from ludo_bot.storage import TournamentRecord
from ludo_bot.storage.tourney_records import Round
from ludo_bot.storage.tourney_records import Table as Seated

HEADERS = ("rank", "player", "points", "wins", "played")  # the swiss table's columns: keys "standing.<header>"


def round_title(record: TournamentRecord, round_: Round, lang: str) -> str:
    """"Round 2 of 3", "Final", "Round 1", as a picture writes it."""
    if record.format == "swiss":
        return translate_for_picture(lang, "tourney.round_of", round=round_.number, rounds=record.rounds)
    if is_final(round_):
        return translate_for_picture(lang, "tourney.final")
    return translate_for_picture(lang, "tourney.round", round=round_.number)


def entrant_name(record: TournamentRecord, user_id: int) -> str:
    entrant = record.entrant(user_id)
    return entrant.name if entrant is not None and entrant.name else str(user_id)


def _table(record: TournamentRecord, round_: Round, table: Seated, lang: str) -> Table:
    gone = set(through(record, round_, table))
    seats = []
    for seat in table.seats:
        place = table.places.index(seat.colour) + 1 if table.places is not None else None
        if seat.user_id is not None:
            seats.append(Seat(entrant_name(record, seat.user_id), place, seat.user_id in gone, False))
        else:
            level = translate_for_picture(lang, "ai." + level_name(seat.ai_level or 0))
            seats.append(Seat(translate_for_picture(lang, "lobby.ai", level=level), place, False, True))
    return Table(tuple(seats))


def bracket(record: TournamentRecord, lang: str) -> Bracket:
    """A knockout's rounds so far."""
    rounds = tuple(Drawn(round_title(record, r, lang), tuple(_table(record, r, t, lang) for t in r.tables))
                   for r in record.played)
    champion = entrant_name(record, record.champion) if record.champion is not None else None
    return Bracket(rounds, champion, record.status == "cancelled")


def swiss_table(record: TournamentRecord, lang: str) -> SwissTable:
    """A swiss tournament's standings as they are."""
    current = record.current
    title = (translate_for_picture(lang, "tourney.final_standings") if record.status == "finished" or current is None
             else round_title(record, current, lang))
    rows = tuple(Row(i + 1, entrant_name(record, s.user_id), str(s.points), s.wins, s.played, s.out)
                 for i, s in enumerate(scores(record)))
    champion = entrant_name(record, record.champion) if record.champion is not None else None
    return SwissTable(title, tuple(translate_for_picture(lang, f"standing.{h}") for h in HEADERS), rows, champion,
                      record.status == "cancelled")


def standing_png(record: TournamentRecord, lang: str | None = None) -> bytes:
    """The standing's picture (PNG bytes) in `lang` (by default the tournament's own language)."""
    lang = lang or record.locale
    words = templates(lang, "standing.", WORDS)
    if record.format == "knockout":
        return bracket_png(bracket(record, lang), words=words)
    return swiss_png(swiss_table(record, lang), words=words)

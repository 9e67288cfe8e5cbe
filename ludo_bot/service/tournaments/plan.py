"""The pure planning of a tournament: how a round is seated, who goes through, the points and the standings. Functions
of records and numbers, without storage or Discord (`service.tournaments` saves what they decide).

Choices written down here (docs: the players' page repeats them):
- A round of n entrants plays at ceil(n / 4) tables whose sizes differ by at most one (2 to 4 seats, the larger
  tables first); with `fill_with_ai` every table has four seats, the empty ones AI seats. AI seats are no entrants:
  they take places at their table but never go through and score nothing in the standings.
- Round one is seated by a shuffle seeded with the tournament's seed (friends who sign up together do not meet at
  once); swiss rounds after it by the standings (similar points together, the best at the first table); knockout
  rounds after it deal those who went through round robin over the tables, table winners first, so that two players
  who went through one table sit at different tables where there are several.
- knockout: from every table of a round the same number goes through: 2 when every table has at least 3 seats, else
  1 (a table of two sends one); they go through in the table's order of places, entrants who left skipped. The
  field shrinks until one table of at most four is left: its best placed entrant is the champion.
- swiss: everyone plays every round (`rounds` of them); a place p at a table of n seats scores 6 (n - p) / (n - 1)
  points (6/4/2/0 at four, 6/3/0 at three, 6/0 at two: whole numbers, so no fraction drifts); the final order is by
  points, then wins (first places), then opponents' points (the sum of the points of every entrant met, each time
  met), then sign-up order. The first of it who did not leave is the champion.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ludo_bot.service.seats import offered_level
from ludo_bot.storage.tourney_records import Round, Table, TableSeat, TournamentRecord

SEATS = 4  # the most seats at a table
TOP_POINTS = 6  # points for a first place (a last place scores 0)


def table_sizes(entrants: int) -> list[int]:
    """The table sizes of a round of `entrants` (at least 2): ceil(n / 4) tables, sizes differing by at most one,
    the larger first."""
    if entrants < 2:
        raise ValueError(f"a round needs two entrants, not {entrants}")
    count = -(-entrants // SEATS)
    base, extra = divmod(entrants, count)
    return [base + 1] * extra + [base] * (count - extra)


def swiss_points(place: int, seats: int) -> int:
    """Swiss points for `place` (1 = first) at a table of `seats`: 6 (n - p) / (n - 1), a whole number for 2-4 seats."""
    if not 2 <= seats <= SEATS or not 1 <= place <= seats:
        raise ValueError(f"no place {place} at a table of {seats}")
    won, rest = divmod(TOP_POINTS * (seats - place), seats - 1)
    assert rest == 0
    return won


def going_through_per_table(round_: Round) -> int:
    """How many entrants go through from each table of a knockout round: 2 when every table has at least 3 seats."""
    return 2 if all(len(t.seats) >= 3 for t in round_.tables) else 1


def still_in(record: TournamentRecord, user_id: int, round_number: int) -> bool:
    """Whether an entrant was still in the tournament at the end of round `round_number` (had not left by then)."""
    entrant = record.entrant(user_id)
    return entrant is not None and (entrant.left is None or entrant.left > round_number)


def placed(table: Table) -> list[int]:
    """The table's entrants in its order of places (AI seats left out); [] before it is over."""
    owner = {s.colour: s.user_id for s in table.seats}
    return [user for colour in table.places or [] if (user := owner.get(colour)) is not None]


def through(record: TournamentRecord, round_: Round, table: Table) -> list[int]:
    """The entrants going through from a knockout table that is over, in its order of places ([] before); from the
    final, the champion alone."""
    eligible = [u for u in placed(table) if still_in(record, u, round_.number)]
    return eligible[:1 if is_final(round_) else going_through_per_table(round_)]


def is_final(round_: Round) -> bool:
    """A knockout round of one table is the final."""
    return len(round_.tables) == 1


# -- standings (swiss) -----------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Score:
    """An entrant's standing in a swiss tournament."""

    user_id: int
    points: int
    wins: int
    played: int  # tables over that they sat at
    opponents: int  # the points of every entrant met, each time met
    order: int  # sign-up order, from 0
    out: bool  # left the tournament


def scores(record: TournamentRecord) -> list[Score]:
    """Every entrant's standing, best first: points, wins, opponents' points, sign-up order."""
    total = {e.user_id: 0 for e in record.entrants}
    wins = dict.fromkeys(total, 0)
    played = dict.fromkeys(total, 0)
    met: dict[int, list[int]] = {user: [] for user in total}
    for round_ in record.played:
        for table in round_.tables:
            if not table.over:
                continue
            for user in table.user_ids:
                place = table.place_of(user)
                if user not in total or place is None:
                    continue
                total[user] += swiss_points(place, len(table.seats))
                wins[user] += place == 1
                played[user] += 1
                met[user] += [other for other in table.user_ids if other != user and other in total]
    found = [Score(e.user_id, total[e.user_id], wins[e.user_id], played[e.user_id],
                   sum(total[o] for o in met[e.user_id]), i, e.left is not None)
             for i, e in enumerate(record.entrants)]
    return sorted(found, key=lambda s: (-s.points, -s.wins, -s.opponents, s.order))


# -- seating ------------------------------------------------------------------------------------------------------
def shuffled(record: TournamentRecord, users: Sequence[int]) -> list[int]:
    """`users` in the order of a shuffle seeded by the tournament (round one's seating)."""
    found = list(users)
    random.Random(record.seed).shuffle(found)
    return found


def in_turn(users: Sequence[int], sizes: Sequence[int]) -> list[list[int]]:
    """Consecutive groups of `sizes` (similar standings together)."""
    groups, at = [], 0
    for size in sizes:
        groups.append(list(users[at:at + size]))
        at += size
    return groups


def dealt(users: Sequence[int], sizes: Sequence[int]) -> list[list[int]]:
    """`users` dealt round robin over tables of `sizes`, a full table skipped."""
    groups: list[list[int]] = [[] for _ in sizes]
    table = 0
    for user in users:
        while len(groups[table]) >= sizes[table]:
            table = (table + 1) % len(sizes)
        groups[table].append(user)
        table = (table + 1) % len(sizes)
    return groups


def table_of(users: Sequence[int], game_id: str, *, fill: bool, ai_level: int) -> Table:
    """A table of these entrants: two sit opposite (red and yellow), more in colour order; with `fill` AI seats take
    the colours left."""
    colours = list(range(SEATS)) if fill else ([0, 2] if len(users) == 2 else list(range(len(users))))
    seats = [TableSeat(colour=c, user_id=u) for c, u in zip(colours, users, strict=False)]
    seats += [TableSeat(colour=c, ai_level=ai_level) for c in colours[len(users):]]
    return Table(game_id=game_id, seats=seats)


def seat_round(record: TournamentRecord, groups: Sequence[Sequence[int]], number: int, at: float,
               new_id: Callable[[], str]) -> Round:
    """A round of tables of `groups`, starting at `at`."""
    level = offered_level(record.ai_level)  # (never master, which is offered no more: `service.seats.OFFERED_LEVELS`)
    tables = [table_of(g, new_id(), fill=record.fill_with_ai, ai_level=level) for g in groups]
    return Round(number=number, tables=tables, started_at=at, deadline=at + record.round_seconds)


@dataclass(frozen=True, slots=True)
class Next:
    """What follows a round that is over: the groups of the next round's tables, or the end (with its champion)."""

    groups: list[list[int]] | None
    champion: int | None = None


def first_round(record: TournamentRecord) -> list[list[int]]:
    """Round one's tables: every entrant, shuffled."""
    users = shuffled(record, [e.user_id for e in record.entrants])
    return in_turn(users, table_sizes(len(users)))


def next_round_or_champion(record: TournamentRecord) -> Next:
    """What follows the record's current round, which is over."""
    last = record.current
    if last is None or not last.over:
        raise ValueError("the round is not over")
    if record.format == "knockout":
        return _knockout_next(record, last)
    return _swiss_next(record, last)


def _knockout_next(record: TournamentRecord, last: Round) -> Next:
    per_table = [through(record, last, t) for t in last.tables]
    if is_final(last):
        return Next(None, per_table[0][0] if per_table[0] else None)
    qualifiers = [group[rank] for rank in range(SEATS) for group in per_table if len(group) > rank]
    if len(qualifiers) < 2:
        return Next(None, qualifiers[0] if qualifiers else None)
    return Next(dealt(qualifiers, table_sizes(len(qualifiers))))


def _swiss_next(record: TournamentRecord, last: Round) -> Next:
    standing = [s for s in scores(record) if not s.out]
    if last.number >= record.rounds or len(standing) < 2:
        return Next(None, standing[0].user_id if standing else None)
    users = [s.user_id for s in standing]
    return Next(in_turn(users, table_sizes(len(users))))

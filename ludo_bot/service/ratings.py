"""Skill ratings per guild with openskill (Plackett-Luce): who played whom, in which order. No Discord here.

Only human seats are rated: AI seats are left out of the rating (a game with fewer than two rated sides
changes no rating). In a teams game each team is one side, ranked by its best place; otherwise every
player is a side of their own, ranked by their place. Players are ranked by the ordinal mu - 3 sigma
(`storage.Rating.ordinal`), which starts at 0 and grows as the rating becomes surer.
"""

from __future__ import annotations

from collections.abc import Mapping

from openskill.models import PlackettLuce

from ludo_bot import engine
from ludo_bot.storage import GameRecord, Rating

MODEL = PlackettLuce()
Side = tuple[list[int], int]  # the users of a side, and its rank (1 best)


def rated_sides(record: GameRecord, state: engine.GameState) -> list[Side]:
    """The rated sides of a finished game: human users and rank; [] when fewer than two sides have humans."""
    place = {seat: i + 1 for i, seat in enumerate(state.ranking)}
    humans = {s.seat: s.user_id for s in record.seats if s.user_id is not None}
    if state.rules.teams:
        groups = [tuple(s for s in (a, a + 2) if s in place) for a in (0, 1)]
    else:
        groups = [(seat,) for seat in sorted(place)]
    sides = [([humans[s] for s in group if s in humans], min(place[s] for s in group)) for group in groups if group]
    sides = [(users, rank) for users, rank in sides if users]
    return sides if len(sides) >= 2 else []


def rate(sides: list[Side], current: Mapping[int, Rating | None]) -> dict[int, tuple[Rating | None, Rating]]:
    """Each rated user's (rating before, rating after) the game."""
    if not sides:
        return {}
    teams = [[MODEL.rating(mu=r.mu, sigma=r.sigma) if (r := current.get(user)) else MODEL.rating()
              for user in users] for users, _ in sides]
    rated = MODEL.rate(teams, ranks=[float(rank) for _, rank in sides])
    return {user: (current.get(user), Rating(after.mu, after.sigma))
            for (users, _), team in zip(sides, rated, strict=True) for user, after in zip(users, team, strict=True)}

"""The pure planning of a tournament (issue 33): table sizes, points by place, who goes through a knockout table,
the swiss standings and their tie-breaks, and how rounds are seated."""

from __future__ import annotations

import itertools

import pytest

from ludo_bot.service.tournaments.plan import (
    dealt,
    first_round,
    going_through_per_table,
    next_round_or_champion,
    scores,
    seat_round,
    swiss_points,
    table_sizes,
    through,
)
from ludo_bot.storage.tourney_records import Entrant, Round, TournamentRecord


def tournament(users: int, *, format: str = "knockout", fill: bool = False, rounds: int = 3) -> TournamentRecord:
    return TournamentRecord(id="cup", guild_id=1, channel_id=2, organiser_id=3, format=format,  # type: ignore[arg-type]
                            fill_with_ai=fill, rounds=rounds, round_seconds=3600, seed=7,
                            entrants=[Entrant(user_id=100 + i, name=f"p{i}") for i in range(users)])


def ids() -> itertools.count[int]:
    return itertools.count()


def seated(record: TournamentRecord, groups: list[list[int]]) -> TournamentRecord:
    counter = ids()
    new = seat_round(record, groups, len(record.played) + 1, 0.0, lambda: f"g{next(counter)}{len(record.played)}")
    return record.model_copy(update={"played": [*record.played, new]})


def finish_round(record: TournamentRecord, order: dict[int, list[int]] | None = None) -> TournamentRecord:
    """Every table of the current round over: in `order` (table index -> colours first to last), else in seating
    order."""
    current = record.current
    assert current is not None
    tables = [t.model_copy(update={"places": (order or {}).get(i, [s.colour for s in t.seats]), "ended": "played"})
              for i, t in enumerate(current.tables)]
    return record.model_copy(update={"played": [*record.played[:-1], current.model_copy(update={"tables": tables})]})


@pytest.mark.parametrize("entrants", range(2, 65))
def test_tables_of_a_round_are_as_even_as_can_be(entrants: int) -> None:
    sizes = table_sizes(entrants)
    assert len(sizes) == -(-entrants // 4) and sum(sizes) == entrants
    assert all(2 <= s <= 4 for s in sizes) and max(sizes) - min(sizes) <= 1 and sizes == sorted(sizes, reverse=True)


def test_one_entrant_is_no_round() -> None:
    with pytest.raises(ValueError, match="two entrants"):
        table_sizes(1)


def test_points_by_place_are_whole_numbers() -> None:
    assert [swiss_points(p, 4) for p in range(1, 5)] == [6, 4, 2, 0]
    assert [swiss_points(p, 3) for p in range(1, 4)] == [6, 3, 0]
    assert [swiss_points(p, 2) for p in range(1, 3)] == [6, 0]
    with pytest.raises(ValueError):
        swiss_points(5, 4)


@pytest.mark.parametrize("entrants", [2, 3, 4, 5, 6, 7, 8, 9, 13, 16, 17, 33, 64])
@pytest.mark.parametrize("fill", [False, True])
def test_a_knockout_shrinks_to_one_final_table_and_its_winner(entrants: int, fill: bool) -> None:
    record = tournament(entrants, fill=fill)
    record = seated(record, first_round(record))
    assert sorted(u for t in record.played[0].tables for u in t.user_ids) == [e.user_id for e in record.entrants]
    while True:
        if fill:
            assert all(len(t.seats) == 4 for t in record.played[-1].tables)
        record = finish_round(record)
        following = next_round_or_champion(record)
        if following.groups is None:
            break
        assert sum(map(len, following.groups)) < sum(len(t.user_ids) for t in record.played[-1].tables)
        record = seated(record, following.groups)
    final = record.played[-1]
    assert len(final.tables) == 1 and len(final.tables[0].user_ids) <= 4
    assert following.champion == final.tables[0].user_ids[0]  # (seated first, placed first)
    assert len(record.played) <= 5


def test_the_same_number_goes_through_every_table_in_the_order_of_places() -> None:
    record = seated(tournament(7), [[100, 101, 102, 103], [104, 105, 106]])
    assert going_through_per_table(record.played[0]) == 2
    record = finish_round(record, {0: [3, 2, 1, 0], 1: [2, 0, 1]})
    assert [through(record, record.played[0], t) for t in record.played[0].tables] == [[103, 102], [106, 104]]
    following = next_round_or_champion(record)
    assert following.groups == [[103, 106, 102, 104]]  # table winners first, dealt round robin

    fives = seated(tournament(5), [[100, 101, 102], [103, 104]])  # a table of two: one goes through each table
    assert going_through_per_table(fives.played[0]) == 1
    fives = finish_round(fives, {1: [2, 0]})
    assert next_round_or_champion(fives).groups == [[100, 104]]


def test_an_entrant_who_left_is_skipped_and_ai_seats_never_go_through() -> None:
    record = seated(tournament(6, fill=True), [[100, 101, 102], [103, 104, 105]])
    left = [e.model_copy(update={"left": 1}) if e.user_id == 101 else e for e in record.entrants]
    record = finish_round(record.model_copy(update={"entrants": left}), {0: [3, 1, 0, 2], 1: [3, 0, 1, 2]})
    first, second = record.played[0].tables
    assert first.seats[3].ai_level is not None  # the AI placed first at both tables
    assert through(record, record.played[0], first) == [100, 102]  # the AI and the one who left are skipped
    assert through(record, record.played[0], second) == [103, 104]


def test_the_final_crowns_its_best_placed_entrant() -> None:
    record = finish_round(seated(tournament(3, fill=True), [[100, 101, 102]]), {0: [3, 2, 0, 1]})
    following = next_round_or_champion(record)
    assert following.groups is None and following.champion == 102  # the AI won the table: the best person is champion


def test_swiss_points_and_tie_breaks() -> None:
    record = tournament(6, format="swiss", rounds=2)
    record = finish_round(seated(record, [[100, 101, 102], [103, 104, 105]]), {0: [0, 1, 2], 1: [0, 1, 2]})
    first = scores(record)
    # 100 and 103 won (6 each; 100 signed up first), 101 and 104 second (3 each), the others 0
    assert [(s.user_id, s.points, s.wins) for s in first] == [(100, 6, 1), (103, 6, 1), (101, 3, 0), (104, 3, 0),
                                                              (102, 0, 0), (105, 0, 0)]
    following = next_round_or_champion(record)
    assert following.groups == [[100, 103, 101], [104, 102, 105]]  # similar points together
    record = finish_round(seated(record, following.groups), {0: [2, 1, 0], 1: [1, 0, 2]})
    # 101: 3 + 6 = 9 (1 win); 103: 6 + 3 = 9 (1 win): wins tie, opponents' points decide
    final = {s.user_id: s for s in scores(record)}
    assert (final[101].points, final[103].points, final[101].wins, final[103].wins) == (9, 9, 1, 1)
    assert (final[101].opponents, final[103].opponents) == (6 + 6 + 6 + 9, 6 + 0 + 6 + 9)  # everyone met, each time
    # 100, 102 and 104 have 6: 104 has no win; 100 met stronger opponents (33) than 102 (21)
    assert [s.user_id for s in scores(record)] == [101, 103, 100, 102, 104, 105]
    assert next_round_or_champion(record).groups is None and next_round_or_champion(record).champion == 101


def test_swiss_ties_all_round_fall_to_sign_up_order() -> None:
    record = finish_round(seated(tournament(4, format="swiss", rounds=1), [[100, 101], [102, 103]]),
                          {0: [2, 0], 1: [0, 2]})
    assert [s.user_id for s in scores(record)] == [101, 102, 100, 103]  # 6, 6 (same opponents' points), then 0, 0


def test_round_one_is_a_seeded_shuffle_and_dealing_spreads_the_first() -> None:
    record = tournament(8)
    assert first_round(record) == first_round(record) != [[100, 101, 102, 103], [104, 105, 106, 107]]
    assert first_round(record) != first_round(record.model_copy(update={"seed": 8}))
    assert dealt([1, 2, 3, 4, 5, 6], [3, 3]) == [[1, 3, 5], [2, 4, 6]]
    assert dealt([1, 2, 3, 4, 5], [3, 2]) == [[1, 3, 5], [2, 4]]


def test_two_people_sit_opposite_and_an_ai_fills_the_rest() -> None:
    record = seated(tournament(2), [[100, 101]])
    assert [(s.colour, s.user_id) for s in record.played[0].tables[0].seats] == [(0, 100), (2, 101)]
    filled = seated(tournament(2, fill=True), [[100, 101]])
    assert [(s.colour, s.user_id, s.ai_level) for s in filled.played[0].tables[0].seats] == [
        (0, 100, None), (1, 101, None), (2, None, 1), (3, None, 1)]
    # a tournament stored with master's level fills with the expert: master is offered no more (OFFERED_LEVELS)
    master = seated(tournament(2, fill=True).model_copy(update={"ai_level": 3}), [[100, 101]])
    assert [s.ai_level for s in master.played[0].tables[0].seats if s.user_id is None] == [2, 2]
    with pytest.raises(ValueError, match="not over"):
        next_round_or_champion(record)
    assert isinstance(record.played[0], Round)

"""The rules model: the geometry and options table of RULES.md per preset, and validation errors."""

from __future__ import annotations

from typing import Any

import pytest

from ludo_bot.engine import PRESETS, Rules, RulesError, new_game, position
from ludo_bot.engine.rules import check_seats, default_seats


@pytest.mark.parametrize(("preset", "overrides", "track", "last", "home", "finish"), [
    ("classic", {}, 52, 50, 5, 56),
    ("star", {}, 52, 50, 5, 56),
    ("strict", {}, 52, 50, 5, 56),
    ("strict", {"end_path": 5}, 52, 50, 5, 56),
    ("strict", {"end_path": 4}, 44, 42, 4, 47),
    ("twodice", {}, 48, 47, 5, 53),
])
def test_geometry_per_preset(preset: str, overrides: dict[str, Any], track: int, last: int, home: int,
                             finish: int) -> None:
    rules = Rules.preset(preset, **overrides)
    assert (rules.track_length, rules.last_track_step, rules.home_length, rules.finish_step) == (
        track, last, home, finish)
    # Seat s starts at absolute square s * track_length / 4.
    assert [rules.start_square(s) for s in range(4)] == [s * track // 4 for s in range(4)]


# One row per option of the options table: classic, star, strict, twodice.
OPTIONS_TABLE: dict[str, tuple[Any, Any, Any, Any]] = {
    "dice": (1, 1, 1, 2),
    "enter_on": (6, 6, 6, 6),
    "bonus_on_six": (True, True, False, True),
    "third_six_ends_turn": (True, True, False, False),
    "capture_bonus": (False, True, False, False),
    "safe_offsets": ((), (0, 8), (), ()),
    "stacking": ("forbidden", "block", "allowed", "block"),
    "pair_moves": (False, True, False, False),
    "turn_order": ("clockwise", "clockwise", "by_roll", "clockwise"),
    "game_end": ("first", "all", "first", "first"),
    "turn_limit": (0, 50, 0, 0),
    "scoring": (False, True, False, False),
    "reroll_six_no_move": (False, False, False, True),
}


@pytest.mark.parametrize("option", sorted(OPTIONS_TABLE))
def test_options_table(option: str) -> None:
    values = tuple(getattr(Rules.preset(name), option) for name in ("classic", "star", "strict", "twodice"))
    assert values == OPTIONS_TABLE[option]


def test_presets_are_the_four_of_rules_md() -> None:
    assert set(PRESETS) == {"classic", "star", "strict", "twodice"}
    for name in PRESETS:
        assert Rules.preset(name).name == name


def test_strict_allows_two_dice_and_overrides_are_kept() -> None:
    rules = Rules.preset("strict", dice=2)
    assert rules.dice == 2
    assert rules.stacking == "allowed"
    classic_all = Rules.preset("classic", game_end="all")
    assert classic_all.game_end == "all" and classic_all.stacking == "forbidden"


def test_safe_squares_of_the_star_preset() -> None:
    rules = Rules.preset("star")
    safe = [square for square in range(52) if rules.is_safe_square(square)]
    # Every start square and the star 8 steps after it.
    assert safe == [0, 8, 13, 21, 26, 34, 39, 47]
    assert not any(Rules.preset("classic").is_safe_square(square) for square in range(52))


def test_safe_offsets_take_any_set_of_offsets() -> None:
    rules = Rules.preset("classic", safe_offsets=(8, 3, 8))
    assert rules.safe_offsets == (3, 8)
    assert [sq for sq in range(52) if rules.is_safe_square(sq)] == [3, 8, 16, 21, 29, 34, 42, 47]


def _error(call: Any) -> RulesError:
    with pytest.raises(RulesError) as info:
        call()
    return info.value


@pytest.mark.parametrize(("call", "option"), [
    (lambda: Rules.preset("star", safe_offsets=(13,)), "safe_offsets"),
    (lambda: Rules.preset("star", safe_offsets=(-1,)), "safe_offsets"),
    (lambda: Rules.preset("classic", dice=3), "dice"),
    (lambda: Rules.preset("classic", dice=0), "dice"),
    (lambda: Rules.preset("strict", end_path=6), "end_path"),
    (lambda: Rules.preset("strict", end_path=3), "end_path"),
    (lambda: Rules.preset("classic", end_path=4), "end_path"),
    (lambda: Rules.preset("chess"), "preset"),
    (lambda: Rules.preset("classic", colour="red"), "colour"),
    (lambda: Rules.preset("classic", pair_moves=True), "pair_moves"),
    (lambda: Rules.preset("classic", reroll_six_no_move=True), "reroll_six_no_move"),
    (lambda: Rules.preset("classic", enter_on=7), "enter_on"),
    (lambda: Rules.preset("classic", track_length=50), "track_length"),
    (lambda: Rules.preset("classic", last_track_step=52), "last_track_step"),
    (lambda: Rules.preset("classic", home_length=0), "home_length"),
    (lambda: Rules.preset("classic", stacking="sometimes"), "stacking"),
    (lambda: Rules.preset("classic", turn_order="random"), "turn_order"),
    (lambda: Rules.preset("classic", game_end="never"), "game_end"),
    (lambda: Rules.preset("star", turn_limit=-1), "turn_limit"),
])
def test_validation_errors_name_the_option(call: Any, option: str) -> None:
    error = _error(call)
    assert error.option == option
    assert str(error).startswith(f"{option}: ")


def test_error_messages_say_what_is_wrong() -> None:
    assert "3" in str(_error(lambda: Rules.preset("classic", dice=3)))
    assert "13" in str(_error(lambda: Rules.preset("star", safe_offsets=(13,))))
    assert "6" in str(_error(lambda: Rules.preset("strict", end_path=6)))


@pytest.mark.parametrize("seats", [(0, 1, 2, 3, 0), (0, 1, 2, 3, 4), (0,), (), (0, 0), (1, 4)])
def test_seat_validation(seats: tuple[int, ...]) -> None:
    assert _error(lambda: check_seats(seats)).option == "seats"
    assert _error(lambda: new_game(Rules.preset("classic"), seats, seed=1)).option == "seats"


def test_five_players_are_refused_with_the_count() -> None:
    error = _error(lambda: new_game(Rules.preset("classic"), (0, 1, 2, 3, 4), seed=1))
    assert "5" in str(error)
    with pytest.raises(RulesError):
        position(Rules.preset("classic"), {0: (-1,) * 4}, current=0)


def test_default_seats_put_two_players_opposite() -> None:
    assert default_seats(2) == (0, 2)
    assert default_seats(3) == (0, 1, 2)
    assert default_seats(4) == (0, 1, 2, 3)
    assert _error(lambda: default_seats(5)).option == "seats"


def test_colours_follow_the_seats() -> None:
    state = new_game(Rules.preset("classic"), (0, 1, 2, 3), seed=1)
    assert [state.colour(seat) for seat in range(4)] == ["red", "green", "yellow", "blue"]


@pytest.mark.parametrize("rules", [Rules.preset(p) for p in PRESETS] + [Rules.preset("strict", end_path=4)],
                         ids=lambda r: f"{r.name}-{r.track_length}")
def test_one_square_per_step_everywhere(rules: Rules) -> None:
    """`Rules.square` is the one step-to-square rule: the board's routes, the states and the AI read it."""
    from ludo_bot.engine.board import tables
    from ludo_bot.engine.features import feature_tables

    for seat in range(4):
        route = rules.route(seat)
        assert len(route) == rules.last_track_step + 1 and len(set(route)) == len(route)
        assert route[0] == rules.start_square(seat) and tables(rules).routes[seat] == route
        for step in range(-1, rules.finish_step + 1):
            square = rules.square(seat, step)
            assert square == (route[step] if 0 <= step <= rules.last_track_step else None)
            steps = [-1] * 16
            steps[seat * 4] = step
            state = new_game(rules, (0, 1, 2, 3), seed=1)._replace(steps=tuple(steps))
            assert state.square_of(seat * 4) == square
            if square is not None:
                assert feature_tables(rules).step_at[seat][square] == step

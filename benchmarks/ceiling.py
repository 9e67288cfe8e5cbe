"""The ceiling of master by the experts' own rollouts: how much a player that simulates the experts it faces gains.

The ceiling player plays the expert's move unless full rollouts say otherwise. At each of its decisions with two or
more distinct actions (`engine.distinct_actions`: moves that lead to the same position merged) it plays `--rollouts`
games to the end from the position after each action, every seat played by the expert, and compares the actions on
common random numbers: rollout r of every action rolls the same dice, drawn per seat, per turn of that seat and per
roll within the turn (a hash of those and the decision), so a bonus roll after one action shifts no other roll. It
plays the action with the most wins when its paired difference against the expert's action is above `Z` standard
errors, else the expert's. No time limit.

Games: the ceiling player in seat game % 4 against three experts, on held-out seeds (`--seed-base`, default 300000),
and the same game with an expert in its seat (the same dice: only its own choices differ). Each finished game is a
line of `<out>/<preset>.games.jsonl`, each decision a line of `<out>/<preset>.decisions.jsonl`; a run started again
with the same `--out` goes on where it stopped (the decisions already taken are replayed, not searched again).
`--report` prints, per preset: the win rate with a 95 % Wilson interval, the paired count against the expert in the
same seat with a one-sided sign test, and the decisions: how many were searched, how many overruled the expert, the
rollouts' own estimate of the win chance gained per game (biased upwards: the best of noisy estimates), and the
seconds per decision.

Run: `python -m benchmarks.ai --ceiling [--presets ...] [--games 400] [--rollouts 1000] [--out DIR] [--shard I/N]
[--report]` (`--shard`: N processes, on one machine or several sharing DIR, each playing the games I modulo N).
"""

from __future__ import annotations

import argparse
import json
import math
import time
from pathlib import Path

from ludo_bot.engine import PRESETS, Rules, action_text, apply, distinct_actions, legal_actions, new_game, parse_action
from ludo_bot.engine.ai import choose
from ludo_bot.engine.expert import expert_choose
from ludo_bot.engine.game import roll_with
from ludo_bot.engine.state import GameState

SEATS = (0, 1, 2, 3)
Z = 1.96  # the paired difference (in standard errors) by which an action must beat the expert's to be played
MASK = (1 << 64) - 1


def _mix(x: int) -> int:
    """splitmix64's finaliser: a well-spread 64-bit hash of `x`."""
    x = (x + 0x9E3779B97F4A7C15) & MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & MASK
    return x ^ (x >> 31)


def die(key: int, seat: int, turn: int, roll: int, which: int) -> int:
    """The die `which` (0, 1) of roll `roll` within turn `turn` of `seat`, for the rollout named by `key`."""
    h = _mix(key ^ _mix((((seat * 4096 + turn) * 16 + roll) * 2 + which) & MASK))
    return 1 + h % 6  # the bias of 2^64 mod 6 is below 1e-18


def rollout(state: GameState, key: int, rolls: list[tuple[int, int, int, tuple[int, ...]]] | None = None
            ) -> GameState:
    """The end of the game played on from `state` by the expert in every seat, on the dice of rollout `key`;
    `rolls` (if given) gets each roll as (seat, its turn, the roll within the turn, the dice)."""
    count = state.rules.dice
    last_turn: tuple[int, int] = (-1, -1)
    roll_in_turn = 0
    while not state.over:
        if state.phase == "roll":
            seat = state.current
            turn = (seat, state.turns[seat])
            roll_in_turn = roll_in_turn + 1 if turn == last_turn else 0
            last_turn = turn
            values = tuple(die(key, seat, turn[1], roll_in_turn, i) for i in range(count))
            if rolls is not None:
                rolls.append((seat, turn[1], roll_in_turn, values))
            state = roll_with(state, values).state
            continue
        actions = legal_actions(state)
        state = apply(state, actions[0] if len(actions) == 1 else expert_choose(state, actions)).state
    return state


def decide(state: GameState, rollouts: int, key: int) -> dict[str, object]:
    """The ceiling player's decision in `state`: the action, and what the rollouts found (per distinct action: its
    first action and wins; the expert's group, the best, the paired difference and its standard error)."""
    me = state.current
    actions = legal_actions(state)
    usual = expert_choose(state, actions) if len(actions) > 1 else actions[0]
    groups = distinct_actions(state)
    if len(groups) == 1:
        return {"action": action_text(usual), "searched": False}
    expert_group = next(i for i, group in enumerate(groups) if usual in group)
    wins: list[list[int]] = []
    for group in groups:
        after = apply(state, group[0]).state
        wins.append([int(rollout(after, _mix(key * 1_000_003 + r)).ranking[0] == me) for r in range(rollouts)])
    best = max(range(len(groups)), key=lambda i: (sum(wins[i]), i == expert_group, -i))
    diffs = [a - b for a, b in zip(wins[best], wins[expert_group], strict=True)]
    mean = sum(diffs) / rollouts
    var = sum((d - mean) ** 2 for d in diffs) / max(1, rollouts - 1)
    se = math.sqrt(var / rollouts)
    overrule = best != expert_group and mean > Z * se
    return {"action": action_text(groups[best][0] if overrule else usual), "searched": True,
            "groups": [action_text(g[0]) for g in groups], "wins": [sum(w) for w in wins],
            "expert": expert_group, "best": best, "gain": mean, "se": se, "overruled": overrule}


def play(preset: str, game: int, seed_base: int, rollouts: int, out: Path, known: dict[int, str]) -> dict[str, object]:
    """One game of the ceiling player (seat game % 4) against three experts, logging each decision; `known` holds
    the actions (texts) of decisions already taken, by ply."""
    seat = game % 4
    rules = Rules.preset(preset)
    state = new_game(rules, SEATS, seed=seed_base + game)
    log = out / f"{preset}.decisions.jsonl"
    while not state.over:
        actions = legal_actions(state)
        if state.current == seat and len(actions) > 1:
            text = known.get(state.ply)
            if text is None:
                start = time.perf_counter()
                found = decide(state, rollouts, _mix((seed_base + game) * 100_003 + state.ply))
                found.update(game=game, ply=state.ply, seconds=time.perf_counter() - start)
                with log.open("a") as file:
                    file.write(json.dumps(found) + "\n")
                text = str(found["action"])
            action = parse_action(text)
        else:
            action = actions[0] if len(actions) == 1 else choose(state, "expert")
        state = apply(state, action).state
    base = new_game(rules, SEATS, seed=seed_base + game)
    while not base.over:
        base = apply(base, choose(base, "expert")).state
    return {"game": game, "seat": seat, "won": state.ranking[0] == seat, "expert_won": base.ranking[0] == seat}


def _lines(path: Path) -> list[dict[str, object]]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def run(presets: list[str], games: int, seed_base: int, rollouts: int, out: Path, shard: tuple[int, int] = (0, 1)
        ) -> None:
    """Play the games not yet in `out`, presets in turn game by game (so partial figures cover every preset); with
    `shard` (i, n) only the games whose number is i modulo n, so that n processes share a run (each line is one
    appending write)."""
    out.mkdir(parents=True, exist_ok=True)
    for game in range(shard[0], games, shard[1]):
        for preset in presets:
            path = out / f"{preset}.games.jsonl"
            if any(line["game"] == game for line in _lines(path)):
                continue
            known = {int(str(d["ply"])): str(d["action"]) for d in _lines(out / f"{preset}.decisions.jsonl")
                     if d["game"] == game}
            result = play(preset, game, seed_base, rollouts, out, known)
            with path.open("a") as file:
                file.write(json.dumps(result) + "\n")
            print(f"{preset} game {game}: {result}", flush=True)


def report(presets: list[str], out: Path) -> None:
    """The figures so far, per preset (see the module docstring)."""
    from benchmarks.ai import sign_test, wilson

    for preset in presets:
        results = _lines(out / f"{preset}.games.jsonl")
        decisions = [d for d in _lines(out / f"{preset}.decisions.jsonl") if d.get("searched")]
        n = len(results)
        if n:
            wins = sum(bool(r["won"]) for r in results)
            gained = sum(bool(r["won"]) and not r["expert_won"] for r in results)
            lost = sum(bool(r["expert_won"]) and not r["won"] for r in results)
            low, high = wilson(wins, n)
            base = 100 * sum(bool(r["expert_won"]) for r in results) / n
            print(f"{preset:8} ceiling vs 3 expert: {100 * wins / n:5.1f}% (95% CI {100 * low:.1f}-{100 * high:.1f}%, "
                  f"{n} games); expert in its seat {base:.1f}%: {gained} won that the expert lost, {lost} lost that "
                  f"it won (sign test p = {sign_test(gained, lost):.3g}, one-sided)")
        else:
            print(f"{preset:8} ceiling vs 3 expert: no game finished yet")
        if decisions:
            over = [d for d in decisions if d["overruled"]]
            games_seen = len({d["game"] for d in decisions})
            estimate = 100 * sum(float(str(d["gain"])) for d in over) / games_seen
            seconds = sorted(float(str(d["seconds"])) for d in decisions)
            print(f"{preset:8} decisions searched: {len(decisions)} in {games_seen} games, {len(over)} overruled the "
                  f"expert; the rollouts' own estimate of the chance gained: {estimate:.1f} points per game; "
                  f"{seconds[len(seconds) // 2]:.0f} s per decision median, {seconds[-1]:.0f} s max")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--presets", nargs="+", choices=PRESETS, default=list(PRESETS))
    parser.add_argument("--games", type=int, default=400, help="games per preset (default 400)")
    parser.add_argument("--rollouts", type=int, default=1000, help="rollouts per distinct action (default 1000)")
    parser.add_argument("--seed-base", type=int, default=300_000, help="first seed (default 300000, held out)")
    parser.add_argument("--out", type=Path, default=Path("ceiling-run"), help="folder of the run's logs")
    parser.add_argument("--shard", default="0/1", help="I/N: play only games I modulo N (N processes, one run)")
    parser.add_argument("--report", action="store_true", help="print the figures so far and stop")
    args = parser.parse_args(argv)
    index, count = (int(part) for part in args.shard.split("/"))
    if not 0 <= index < count:
        parser.error(f"--shard {args.shard}: I must be 0 to N - 1")
    if not args.report:
        run(args.presets, args.games, args.seed_base, args.rollouts, args.out, (index, count))
    report(args.presets, args.out)


if __name__ == "__main__":
    main()

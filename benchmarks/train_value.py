"""Train the learned value (`benchmarks.master.value`) of one preset by TD(lambda) self-play, TD-Gammon style.

Four seats play by the network: each decision takes the line of the rest of the roll (`value.lines`)
whose position after it the network rates best for the mover, or with chance `--epsilon` a random one.
`--batch` games are played at once, their candidate positions rated in one numpy call. When a game ends,
each of its chosen positions gets a lambda-return target (the next chosen position's chances, and at the
end the winner) and the network takes Adam steps on the cross-entropy between its chances (softmax of the
seats' scores) and those targets. Every `--eval-every` games it plays `--eval-games` games against three
experts (seat g % 4 of game g, seeds from 700,000: apart from the benchmarks' and from training, whose dice
come from the script's own generator) and prints the learning curve. Checkpoints go to `--out`
(out/value/<preset> by default, not kept by git); `--resume` continues from the latest. Everything follows
from `--seed`. `--export` writes the latest checkpoint's weights into benchmarks/master/value_weights.json, and
`--from-engine` starts a run from them (a run split over sessions, whose checkpoints are not kept).
Needs numpy (the `bench` extra). Run: `python -m benchmarks.train_value --preset classic --games 20000`.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import time
from dataclasses import dataclass, field
from pathlib import Path

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # tiny matrices: one thread, and the other core stays free
import numpy as np

from benchmarks.master.value import INPUTS, WEIGHTS, _contenders, _one_hot, _row, lines, seat_blocks
from ludo_bot.engine import PRESETS, Rules, apply, legal_actions, new_game, roll_with
from ludo_bot.engine.ai import choose
from ludo_bot.engine.state import GameState

SEATS = (0, 1, 2, 3)
EVAL_SEED = 700_000
OWN = 0  # where a seat's own block starts in its row
MATERIAL, THREAT = 16, 13  # own material and expected loss to captures, in the block
Array = np.ndarray


@dataclass
class Model:
    """The network's weights (the shapes `benchmarks.master.value.Net` reads) and Adam's moments."""

    linear: Array
    hidden: Array
    hidden_bias: Array
    out: Array
    moments: dict[str, tuple[Array, Array]] = field(default_factory=dict)
    steps: int = 0

    @classmethod
    def fresh(cls, hidden: int, rng: np.random.Generator) -> Model:
        linear = np.zeros(INPUTS)
        linear[OWN + MATERIAL], linear[OWN + THREAT] = 4.0, -4.0  # start near the expert's liking
        return cls(linear, rng.normal(0.0, 0.3, (hidden, INPUTS)), np.zeros(hidden), rng.normal(0.0, 0.05, hidden))

    def params(self) -> dict[str, Array]:
        return {"linear": self.linear, "hidden": self.hidden, "hidden_bias": self.hidden_bias, "out": self.out}

    def scores(self, rows: Array) -> tuple[Array, Array]:
        hidden = np.tanh(rows @ self.hidden.T + self.hidden_bias)
        return rows @ self.linear + hidden @ self.out, hidden

    def step(self, rows: Array, groups: Array, targets: Array, lr: float) -> float:
        """One Adam step on the cross-entropy of the softmax over each group's rows against `targets`."""
        scores, hidden = self.scores(rows)
        count = int(groups.max()) + 1
        top = np.full(count, -np.inf)
        np.maximum.at(top, groups, scores)
        exp = np.exp(scores - top[groups])
        total = np.zeros(count)
        np.add.at(total, groups, exp)
        chances = exp / total[groups]
        loss = -float(np.sum(targets * np.log(chances + 1e-12))) / count
        grad = (chances - targets) / count  # d loss / d score
        back = (grad[:, None] * self.out) * (1.0 - hidden * hidden)
        grads = {"linear": rows.T @ grad, "out": hidden.T @ grad, "hidden": back.T @ rows,
                 "hidden_bias": back.sum(axis=0)}
        self.steps += 1
        for name, g in grads.items():
            m, v = self.moments.get(name, (np.zeros_like(g), np.zeros_like(g)))
            m = 0.9 * m + 0.1 * g
            v = 0.999 * v + 0.001 * g * g
            self.moments[name] = (m, v)
            m_hat, v_hat = m / (1 - 0.9 ** self.steps), v / (1 - 0.999 ** self.steps)
            param = self.params()[name]
            param -= lr * m_hat / (np.sqrt(v_hat) + 1e-8)
        return loss


def position_rows(state: GameState) -> tuple[tuple[int, ...], list[list[float]]]:
    """The contenders of a position and their input rows."""
    seats = _contenders(state)
    blocks = seat_blocks(state)
    return seats, [_row(state, blocks, seat) for seat in seats]


def rate(model: Model, positions: list[GameState]) -> list[tuple[float, ...]]:
    """Each position's four chances by the network (finished games: their winner)."""
    found: list[tuple[float, ...] | None] = []
    rows: list[list[float]] = []
    groups: list[tuple[int, tuple[int, ...]]] = []
    for state in positions:
        fixed = _fixed(state)
        found.append(fixed)
        if fixed is None:
            seats, seat_rows = position_rows(state)
            groups.append((len(rows), seats))
            rows.extend(seat_rows)
    if rows:
        scores, _ = model.scores(np.asarray(rows))
        it = iter(groups)
        for i, known in enumerate(found):
            if known is None:
                start, seats = next(it)
                s = scores[start:start + len(seats)]
                e = np.exp(s - s.max())
                e /= e.sum()
                four = [0.0] * 4
                for seat, chance in zip(seats, e, strict=True):
                    four[seat] = float(chance)
                found[i] = tuple(four)
    return [f for f in found if f is not None]


def _fixed(state: GameState) -> tuple[float, ...] | None:
    """The chances of a position decided without the network (over, or one contender left)."""
    if state.over:
        return _one_hot(state.ranking[0])
    if not state.rules.scoring and state.finished:
        return _one_hot(state.finished[0])
    seats = _contenders(state)
    return _one_hot(seats[0]) if len(seats) == 1 else None


def decide(model: Model, states: list[GameState], rng: random.Random, epsilon: float
           ) -> list[tuple[GameState, tuple[float, ...]]]:
    """For each position with a choice, the position after the mover's chosen line, and its chances."""
    options = [lines(state) for state in states]
    flat = [after for found in options for _, after in found]
    chances = rate(model, flat)
    chosen: list[tuple[GameState, tuple[float, ...]]] = []
    k = 0
    for state, found in zip(states, options, strict=True):
        mover = state.current
        mine = [chances[k + i][mover] for i in range(len(found))]
        if epsilon and rng.random() < epsilon:
            best = rng.randrange(len(found))
        else:  # the best line (an action is worth its best line)
            best = max(range(len(found)), key=lambda i: (mine[i], -i))
        chosen.append((found[best][1], chances[k + best]))
        k += len(found)
    return chosen


def advance(state: GameState, rng: random.Random) -> GameState:
    """Play rolls (dice from `rng`) and forced moves until a choice or the end."""
    dice = state.rules.dice
    while not state.over:
        if state.phase == "roll":
            state = roll_with(state, tuple(rng.randint(1, 6) for _ in range(dice))).state
            continue
        actions = legal_actions(state)
        if len(actions) > 1:
            return state
        state = apply(state, actions[0]).state
    return state


def targets(chain: list[tuple[float, ...]], outcome: tuple[float, ...], lam: float) -> list[tuple[float, ...]]:
    """Lambda-returns of a game's chosen positions (`chain`: their chances as rated when chosen)."""
    found: list[tuple[float, ...]] = []
    g = outcome
    nxt = outcome
    for values in reversed(chain):
        g = tuple((1 - lam) * a + lam * b for a, b in zip(nxt, g, strict=True))
        found.append(g)
        nxt = values
    return found[::-1]


def train_games(model: Model, preset: str, games: int, rng: random.Random, args: argparse.Namespace,
                log: list[float]) -> None:
    """Play `games` self-play games, `args.batch` at a time, learning from each as it ends."""
    rules = Rules.preset(preset)
    started = 0
    live: list[tuple[GameState, list[GameState], list[tuple[float, ...]]]] = []
    rows: list[list[float]] = []
    groups: list[int] = []
    wanted: list[float] = []
    count = 0
    while started < games or live:
        while len(live) < args.batch and started < games:
            live.append((new_game(rules, SEATS, seed=rng.randrange(2**31)), [], []))
            started += 1
        states = [advance(state, rng) for state, _, _ in live]
        done = [i for i, state in enumerate(states) if state.over]
        for i in sorted(done, reverse=True):
            _, chain, values = live.pop(i)
            outcome = _one_hot(states[i].ranking[0])
            states.pop(i)
            for state, target in zip(chain, targets(values, outcome, args.lam), strict=True):
                seats, seat_rows = position_rows(state)
                total = sum(target[s] for s in seats) or 1.0
                rows.extend(seat_rows)
                groups.extend([count] * len(seats))
                wanted.extend(target[s] / total for s in seats)
                count += 1
        if count >= args.update:
            log.append(learn(model, rows, groups, wanted, rng, args))
            rows, groups, wanted, count = [], [], [], 0
        if not states:
            continue
        for i, (after, value) in enumerate(decide(model, states, rng, args.epsilon)):
            _, chain, vals = live[i]
            if not after.over and _fixed(after) is None:
                chain.append(after)
                vals.append(value)
            live[i] = (after, chain, vals)
    if count:
        log.append(learn(model, rows, groups, wanted, rng, args))


def learn(model: Model, rows: list[list[float]], groups: list[int], wanted: list[float], rng: random.Random,
          args: argparse.Namespace) -> float:
    """Adam steps over the positions in minibatches of `args.minibatch` positions; the mean loss."""
    x, g, t = np.asarray(rows), np.asarray(groups), np.asarray(wanted)
    positions = int(g.max()) + 1
    order = list(range(positions))
    rng.shuffle(order)
    rank = np.empty(positions, dtype=int)
    rank[order] = np.arange(positions)
    batch_of = rank[g] // args.minibatch
    losses = []
    for b in range(int(batch_of.max()) + 1):
        mask = batch_of == b
        _, local = np.unique(g[mask], return_inverse=True)
        losses.append(model.step(x[mask], local, t[mask], args.lr))
    return float(np.mean(losses))


def eval_play(model: Model, preset: str, game: int) -> bool:
    """One game against three experts, the network at seat game % 4; True when it wins."""
    seat = game % 4
    state = new_game(Rules.preset(preset), SEATS, seed=EVAL_SEED + game)
    while not state.over:
        actions = legal_actions(state)
        if len(actions) == 1:
            state = apply(state, actions[0]).state
        elif state.current == seat:
            state = decide(model, [state], random.Random(0), 0.0)[0][0]
        else:
            state = apply(state, choose(state, "expert")).state
    return state.ranking[0] == seat


def save(path: Path, model: Model, games: int, rng: random.Random, curve: list[str]) -> None:
    path.mkdir(parents=True, exist_ok=True)
    arrays = {f"p_{k}": v for k, v in model.params().items()}
    for k, (m, v) in model.moments.items():
        arrays[f"m_{k}"], arrays[f"v_{k}"] = m, v
    meta = {"games": games, "steps": model.steps, "rng": rng.getstate(), "curve": curve}
    file = path / f"games-{games:07d}.npz"
    arrays["meta"] = np.array(json.dumps(meta))
    np.savez(file, **arrays)  # type: ignore[arg-type]  # numpy's stub reads the keywords as savez's own flag
    (path / "latest").write_text(file.name)


def load(path: Path) -> tuple[Model, int, random.Random, list[str]]:
    data = np.load(path / (path / "latest").read_text().strip())
    meta = json.loads(str(data["meta"]))
    model = Model(data["p_linear"], data["p_hidden"], data["p_hidden_bias"], data["p_out"], steps=meta["steps"])
    for k in model.params():
        if f"m_{k}" in data:
            model.moments[k] = (data[f"m_{k}"], data[f"v_{k}"])
    rng = random.Random()
    state = meta["rng"]
    rng.setstate((state[0], tuple(state[1]), state[2]))
    return model, meta["games"], rng, meta["curve"]


def export(model: Model, preset: str, target: Path) -> None:
    """Write the weights into a weights file (`benchmarks.master.value`'s; other presets kept), rounded to 5
    significant digits."""
    data = json.loads(target.read_text()) if target.exists() else {"presets": {}}
    data["presets"][preset] = {k: np.vectorize(lambda w: float(f"{w:.5g}"))(v).tolist()
                               for k, v in model.params().items()}
    target.write_text(json.dumps(data, separators=(",", ":")) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--preset", choices=PRESETS, default="classic")
    parser.add_argument("--games", type=int, default=20000, help="self-play games in all (default 20000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hidden", type=int, default=48)
    parser.add_argument("--batch", type=int, default=32, help="games played at once")
    parser.add_argument("--lam", type=float, default=0.7)
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--epsilon", type=float, default=0.03)
    parser.add_argument("--update", type=int, default=2000, help="positions per learning round")
    parser.add_argument("--minibatch", type=int, default=128, help="positions per Adam step")
    parser.add_argument("--eval-every", type=int, default=1000)
    parser.add_argument("--eval-games", type=int, default=200)
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--resume", action="store_true", help="continue from the latest checkpoint in --out")
    parser.add_argument("--from-engine", action="store_true",
                        help="start from the preset's weights in benchmarks/master (a run of an earlier session)")
    parser.add_argument("--export", action="store_true",
                        help="write the latest checkpoint to benchmarks/master and stop")
    args = parser.parse_args()
    out = args.out or Path("out/value") / args.preset
    if args.export:
        model, games, _, _ = load(out)
        export(model, args.preset, WEIGHTS)
        print(f"exported {args.preset} after {games} games")
        return
    if args.resume:
        model, games, rng, curve = load(out)
    elif args.from_engine:
        shipped = json.loads(WEIGHTS.read_text())
        weights = {k: np.asarray(v, dtype=float) for k, v in shipped["presets"][args.preset].items()}
        model = Model(weights["linear"], weights["hidden"], weights["hidden_bias"], weights["out"])
        games, rng, curve = 0, random.Random(args.seed), []
    else:
        model = Model.fresh(args.hidden, np.random.default_rng(args.seed))
        games, rng, curve = 0, random.Random(args.seed), []
    while games < args.games:
        chunk = min(args.eval_every - games % args.eval_every, args.games - games)
        start = time.perf_counter()
        losses: list[float] = []
        train_games(model, args.preset, chunk, rng, args, losses)
        games += chunk
        spent = time.perf_counter() - start
        line = f"{args.preset} {games} games: loss {np.mean(losses) if losses else float('nan'):.4f}, " \
               f"{chunk / spent:.1f} games/s"
        if games % args.eval_every == 0 and args.eval_games:
            wins = sum(eval_play(model, args.preset, g) for g in range(args.eval_games))
            line += f"; against 3 experts {100 * wins / args.eval_games:.1f}% of {args.eval_games}"
        curve.append(line)
        print(line, flush=True)
        save(out, model, games, rng, curve)


if __name__ == "__main__":
    main()

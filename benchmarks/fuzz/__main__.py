"""`python -m benchmarks.fuzz [--seed S] [--interactions N] [--games G] [--no-faults] [--no-attacks]`: see
`benchmarks.fuzz`."""

from __future__ import annotations

import argparse
import logging
import signal

from benchmarks.fuzz import run
from ludo_bot.bot.cli import run_async


def main() -> None:
    parser = argparse.ArgumentParser(description="Fuzz the bot through the Discord stand-in, with Redis faults.")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--interactions", type=int, default=10_000, help="interactions to make, over every lane")
    parser.add_argument("--games", type=int, default=6, help="lanes playing at the same time, a channel each")
    parser.add_argument("--no-faults", action="store_true", help="no Redis faults and no clock jumps")
    parser.add_argument("--no-attacks", action="store_true", help="nobody takes the bot's permissions away or "
                        "deletes channels")
    arguments = parser.parse_args()
    signal.signal(signal.SIGTERM, signal.default_int_handler)  # stop Redis on the way out
    logging.basicConfig(level=logging.ERROR, handlers=[logging.NullHandler()])  # errors are failures, printed by
    # the run
    report = run_async(run(seed=arguments.seed, interactions=arguments.interactions, games=arguments.games,
                           faults=not arguments.no_faults, attacks=not arguments.no_attacks))
    raise SystemExit(1 if report.failures else 0)


if __name__ == "__main__":
    main()

"""Entry point of the `ludo-bot` console script."""

import sys


def main() -> int:
    """Start the bot. The Discord adapter is not built yet, so this says so and fails."""
    print("ludo-bot: the Discord bot is not implemented yet (engine only for now).", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())

"""`ludo-bot` (or `python -m ludo_bot`): the console script."""

from __future__ import annotations

import sys

from ludo_bot.bot.__main__ import main

if __name__ == "__main__":
    sys.exit(main())

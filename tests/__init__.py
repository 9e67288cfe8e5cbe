"""The tests. `benchmarks` is imported first: it puts an installed build of ludo-bot ahead of this checkout's
sources, so that `pip install ".[dev]" && pytest` tests what ships (see benchmarks/__init__.py)."""

import benchmarks  # noqa: F401

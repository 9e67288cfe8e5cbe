"""What a module's imports name, for the tests that hold each layer to what it may import."""

from __future__ import annotations


def package_of(module: str) -> str:
    """The package an import names: `ludo_bot.<layer>` for the game's own (`ludo_bot.engine.rules` ->
    `ludo_bot.engine`), else the top-level name (`PIL.Image` -> `PIL`).

    >>> package_of("ludo_bot.storage.keys"), package_of("redis.asyncio"), package_of("ludo_bot")
    ('ludo_bot.storage', 'redis', 'ludo_bot')
    """
    parts = module.split(".")
    return ".".join(parts[:2]) if parts[0] == "ludo_bot" else parts[0]

"""ludo-bot: a Discord bot that hosts Ludo games, under one name.

- `ludo_bot.engine`: the rules and the AI, pure standard-library Python.
- `ludo_bot.render`: the pictures (Pillow), pure functions of a game.
- `ludo_bot.storage`: Redis, the only package that touches it.
- `ludo_bot.service`: what a command or a click does, between storage and the adapters.
- `ludo_bot.bot`: the Discord adapter, the only package that touches Discord.
- `ludo_bot.playground`: a local Discord stand-in and a web page to try the bot without Discord.
"""

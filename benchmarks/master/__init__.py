"""The `master` AI level, retired from the bot, kept for its experiments: the player (`player`), the value learned in
self-play (`value`, trained by `benchmarks.train_value`), the experts' value (`expert_value`, fitted by
`benchmarks.fit_expert_value`) and the look-ahead on it (`lookahead`), with their weights as data beside them.
`benchmarks.ai` measures master against three experts; docs/proof/ai.md has the figures.

The bot offers master no more and plays a stored master seat as the expert (`ludo_bot.service.seats.PLAYED_AS`).
"""

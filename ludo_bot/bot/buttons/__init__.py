"""The buttons and what answers their clicks: the persistent buttons and the views made of them (`components`), and
one handler per kind, each held by the bot's handlers (`bot.handlers`): a lobby's buttons (`lobby`), a game's
(`game`: a move, Time's up, and /ludo board's repost), Spectate, Refresh and Replay (`spectate`), Review and its Post
(`review`), Rematch (`rematch`) and a tournament's sign-up (`tourney`)."""

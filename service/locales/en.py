"""English: the catalogue every other language translates, key for key (`str.format` templates; a sentence whose
words follow a count is a `plural(count, one=..., other=...)`, its form picked by the value `count` names).

The alt text's sentences ("describe.") and the picture's words ("board.") are the English defaults of
`engine.describe.PHRASES` and `render.WORDS`, taken from there; those with a count are made counted below them.
"""

from __future__ import annotations

from engine.describe import PHRASES
from render import WORDS
from service.locales.forms import Plural, plural

# the words every catalogue translates Ludo's terms by (each language's GLOSSARY maps these to its own)
GLOSSARY: dict[str, str] = {
    "token": "token", "yard": "yard", "start square": "start square", "track": "track", "home column": "home column",
    "finish": "finish", "safe square": "safe square", "star": "star", "roll": "roll", "die": "die",
    "capture": "capture", "block": "block", "pair": "pair", "turn": "turn", "move": "move", "lobby": "lobby",
    "rematch": "rematch", "seat": "seat", "preset": "preset",
}

TEXTS: dict[str, str | Plural] = {
    # colours of the seats, in sentences (lower case; capitalized at the start of a name)
    "colour.red": "red", "colour.green": "green", "colour.yellow": "yellow", "colour.blue": "blue",
    "word.and": "{a} and {b}",
    "ai.random": "random", "ai.greedy": "greedy", "ai.expert": "expert", "ai.master": "master",
    "seat.ai": "{colour} AI ({level})",
    # buttons
    "button.roll": "Roll", "button.die_first": "Die {value} first", "button.enter": "Enter token {token}",
    "button.move": "Token {token}: {start} → {end}", "button.pair": "Pair {a}+{b}: {start} → {end}",
    "button.enter_any": "Enter a token ({tokens})",
    "button.move_any": "A token ({tokens}): {start} → {end}",
    "button.pair_any": "A pair ({pairs}): {start} → {end}",
    "button.home": "home",
    "button.join": "Join", "button.leave": "Leave", "button.start": "Start", "button.cancel": "Cancel",
    "button.ai0": "Add AI (random)", "button.ai1": "Add AI (greedy)", "button.ai2": "Add AI (expert)",
    "button.ai3": "Add AI (master)",
    "button.spectate": "Spectate", "button.refresh": "Refresh", "button.replay": "Replay",
    "button.rematch": "Rematch",
    # what happened
    "event.rolled": "🎲 {who} rolled {dice}.",
    "event.entered": "{who} entered token {token}.",
    "event.moved": "{who} moved token {token} from {start} to {end}.",
    "event.captured": "💥 {who} captured {victims}.",
    "event.victim": "{owner}'s token {token}",
    "event.bonus_roll": "{who} rolls again.",
    "event.third_six": "Third 6 in a row: {who}'s turn is over.",
    "event.die_forfeited": "{who} cannot use the {die}.",
    "event.token_home": "🏠 {who}'s token {token} is home.",
    "event.finished": "🏁 {who} has finished!",
    "event.out_of_turns": "{who} has used all their turns.",
    "event.resigned": "{who} left the game.",
    "event.skipped": "{who}'s turn was skipped.",
    "event.game_over": "🏆 Game over: {who} wins!",
    "ranking.points": plural("points", one=" — {points} point", other=" — {points} points"), "ranking.left": " (left)",
    # /ludo rules
    "rules.head": plural("home", one="**{name}**: {track}-square track, {home} home square, {dice}.",
                         other="**{name}**: {track}-square track, {home} home squares, {dice}."),
    "rules.one_die": "1 die", "rules.dice": plural("n", one="{n} die", other="{n} dice"),
    "rules.enter": "Enter a token with a {value}.", "rules.enter_either": "Enter a token with a {value} on either die.",
    "rules.bonus_on_six": "a 6 earns another roll", "rules.third_six": "a third 6 in a row ends the turn",
    "rules.capture_bonus": "a capture earns another roll",
    "rules.safe_starts": "start squares and stars are safe", "rules.safe_stars": "stars are safe",
    "rules.stacking_forbidden": "you may not end on your own token",
    "rules.stacking_allowed": "your tokens may share a square",
    "rules.stacking_block": "two of your tokens on a square form a block nobody passes",
    "rules.pairs": "a block may move as a pair with an even roll",
    "rules.scoring": "every square scores a point; each token home multiplies the score",
    "rules.turn_limit": plural("n", one="{n} turn each at most", other="{n} turns each at most"),
    "rules.kill_to_unlock": "a token enters its home column only after its player has captured",
    "rules.teams": "2 against 2: red and yellow against green and blue; partners never capture each other, "
                   "a team wins when both partners are home",
    "rules.quick": "quick: a player is home with their first token home",
    "rules.first_wins": "first player home wins", "rules.all_places": "play goes on for every place",
    "rules.default_here": "No game in this channel, so here are the rules /ludo start plays here when no preset is "
                          "picked. The `preset` option of /ludo rules explains the others.",
    "rules.default_dm": "Ludo is played in a server channel or a group DM; there, /ludo start plays these rules "
                        "unless a preset is picked or the server chose another. The `preset` option of /ludo rules "
                        "explains the others.",
    "variant.quick": "quick", "variant.kill_to_unlock": "kill to unlock", "variant.teams": "teams",
    # the lobby
    "lobby.head": plural("seats", one="🎲 **Ludo lobby** — <@{host}> is hosting **{rules}**{extra} for {seats} player.",
                        other="🎲 **Ludo lobby** — <@{host}> is hosting **{rules}**{extra} for {seats} players."),
    "lobby.ai": "AI ({level})", "lobby.coloured": "{who} — {colour}", "lobby.open": "(open)",
    "lobby.foot": "Join (or choose your colour), then the host starts the game (2 players at least).",
    "lobby.side_by_side": "⚠️ Two players sit opposite each other, red and yellow or green and blue: one of you, "
                          "choose the colour across from the other's.",
    "lobby.rematch": "🔁 Rematch of game `{id}`.",
    "lobby.invited": "{players}: press **Join** or your colour to play again.",
    "rematch.opened_there": "The rematch lobby is open in <#{channel}>.",
    "lobby.started": "🎲 The game has started.\n{order}",
    "lobby.cancelled": "This Ludo lobby was cancelled.",
    # the game message
    "game.header": "🎲 **Ludo — {rules}**{extra} · game `{id}`",
    "game.caption": "game {id} · move {ply}",
    "game.seed": "🔓 Dice seed `{seed}` (sha256 `{digest}` as committed): check every roll with `/ludo verify {id}`.",
    "game.commitment": "🔒 Dice seed locked: `{digest}…` (check it after the game with /ludo verify)",
    "account.more": plural("n", one="… and {n} more before", other="… and {n} more before"),
    "game.forced": "▶️ {who} had only one possible move, so the bot played it.",
    "game.order": "Turn-order roll: {rolls}\nOrder: {order}", "game.reroll": " | re-roll: ",
    "game.remind": "⏰ <@{user}>, it is your turn in Ludo game `{id}`: it ends <t:{at}:R>.",
    "game.timed_out": "⌛ {who} ran out of time.",
    "status.turn": "It is {who}'s turn ({colour}): {doing}{deadline}.",
    "status.roll": "roll the dice", "status.thinking": "thinking…",
    "status.choose": "choose which die to play first ({dice})",
    "status.move": "move a token with the {die}", "status.deadline": " (turn ends <t:{at}:R>)",
    "status.over": "🏆 **Game over**",
    "status.ended_by": "⏹️ This game was ended by {who}.",
    "status.ended_early": "⏹️ This game was ended.",
    "status.abandoned": "⏹️ This game was ended as abandoned: nobody had played since <t:{at}:f>. It counts in "
                        "nobody's stats.",
    "spectate.header": "👁️ **Spectating Ludo — {rules}**{extra} · game `{id}` · as of <t:{now}:T>",
    "spectate.only_you": "Only you see this view; Refresh shows the board as it is now.",
    "replay.alt": plural("actions", one="Animated replay of Ludo game {id}, {actions} action. Final position: ",
                         other="Animated replay of Ludo game {id}, {actions} actions. Final position: "),
    "replay.private": "Replay of game `{id}`", "replay.public": "🎞️ Replay of Ludo game `{id}`",
    # replies to commands
    "reply.left": "You left the game.",
    "reply.ended": "⏹️ Ludo game `{id}` was ended by {who}.",
    "reply.export": "📄 Game `{id}`: check it with `python -m engine.verify ludo-{id}.json`.",
    # /ludo games (private)
    "games.head": "🎲 **Your Ludo games in this server** ({count}), yours to play first:",
    "games.line": "• {turn} · **{rules}** · game `{id}`{ends} · {link}",
    "games.yours": "**your turn**", "games.theirs": "{who}'s turn", "games.ends": " · turn ends <t:{at}:R>",
    "games.more": plural("n", one="… and {n} more.", other="… and {n} more."),
    "games.none": "You are not playing a Ludo game in this server right now: /ludo start opens one.",
    "stats.none": "{who} has not finished a Ludo game here yet.",
    "stats.rating": "rating **{ordinal:.1f}** (μ {mu:.1f}, σ {sigma:.1f})",
    "stats.unrated": "not rated yet (only games against other people are rated)",
    "stats.favourite": ", favourite preset **{preset}**",
    "stats.line": "**{name}**: {rating}; games: {games}, wins: {wins}, average place: {average:.2f}, "
                  "captures: {captures}{favourite}.",
    "leaderboard.head": "🏆 **Ludo leaderboard** (by skill rating; games against AIs only are not rated)",
    "leaderboard.rated": plural("wins", one="{place}. <@{user}> — {wins} win · rating **{ordinal:.1f}**",
                                other="{place}. <@{user}> — {wins} wins · rating **{ordinal:.1f}**"),
    "leaderboard.unrated": plural("wins", one="{place}. <@{user}> — {wins} win · not rated yet",
                                  other="{place}. <@{user}> — {wins} wins · not rated yet"),
    "leaderboard.empty": "No games yet.",
    # rating seasons (/ludo settings season, /ludo leaderboard season, the final top ten posted at the end)
    "opt.settings.season": "Rating seasons: a fresh leaderboard every month or quarter (UTC)",
    "opt.settings.season_channel": "The channel where each season's final top ten is posted",
    "choice.season.off": "off",
    "choice.season.monthly": "monthly",
    "choice.season.quarterly": "quarterly",
    "opt.leaderboard.season": "This season's ratings, last season's final standings, or all time",
    "choice.board.current": "this season",
    "choice.board.previous": "last season",
    "choice.board.all": "all time",
    "leaderboard.season_head": ("🏆 **Ludo leaderboard, season `{season}`** (ratings since the season began; games "
                                "against AIs only are not rated)"),
    "leaderboard.season_final": "🏁 **Final standings of season `{season}`**",
    "leaderboard.season_none": "No rated games in this season.",
    "leaderboard.all_time_head": ("🏆 **Ludo leaderboard, all time** (by skill rating; games against AIs only are not "
                                  "rated)"),
    "settings.season": "Rating seasons: **{length}**; each season's final top ten is posted in <#{channel}>.",
    "settings.season_unposted": ("Rating seasons: **{length}**; pick a season_channel to have each season's final top"
                                 " ten posted."),
    "settings.season_off": "Rating seasons: off (the leaderboard counts all time).",
    "season.over": ("🏁 **Season `{season}` is over!** Here is its final top ten. A new season starts now, and "
                    "everyone's rating starts afresh."),
    "refused.no_seasons": ("This server does not play rating seasons, so its leaderboard counts all time. A server "
                           "manager can turn seasons on in /ludo settings."),
    "refused.board_choice": "That is not a leaderboard: choose this season, last season or all time.",
    "settings.saved": "Ludo settings: preset **{preset}**, turns of {turn} min, reminder {reminder} min before, at "
                      "the deadline: {action}.",
    "settings.language": "The bot's messages in this server: **{language}**.",
    "settings.after": plural("misses", one=" (after {misses} miss)", other=" (after {misses} misses)"),
    "verify.ok": "✅ Every roll checks out: game `{id}`, seed `{seed}`, commitment `{commitment}`.",
    "verify.bad": "❌ This game does NOT check out: game `{id}`, seed `{seed}`, commitment `{commitment}`.",
    "history.head": "📜 **Recent Ludo games** (`/ludo replay <id>`, `/ludo verify <id>`)",
    "history.then": " · then {others}", "history.empty": "No finished Ludo games here yet.",
    # refusals and errors (private)
    "refused.rules": "Those rules do not work together: {error}",
    "refused.settings": "Those settings are not possible: {error}",
    "refused.settings_race": "The settings changed at the same moment; please try again.",
    "refused.channel_busy": "This channel already has a Ludo game ({holder}): finish or end it first.",
    "refused.lobby_closed": "This lobby is closed.",
    "refused.already_in": "You are already in this game.",
    "refused.full": "This game is full.",
    "refused.host_leaves": "The host cannot leave; cancel the lobby instead.",
    "refused.not_in": "You are not in this game.",
    "refused.host_adds_ai": "Only the host can add AI players.",
    "refused.ai_levels": "AI levels are 0 to {top}.",
    "refused.lobby_race": "The lobby changed at the same moment; please try again.",
    "refused.host_cancels": "Only the host can cancel this game.",
    "refused.host_starts": "Only the host can start the game.",
    "refused.two_players": "A game needs at least 2 players: invite someone or add an AI.",
    "refused.teams_seats": "Teams play 2 against 2: all 4 seats must be filled (now {now}); invite players or add AIs.",
    "refused.seats": plural("most", one="A game has 2 to {most} seat, not {seats}.",
                            other="A game has 2 to {most} seats, not {seats}."),
    "refused.turn_length": plural("high", one="A turn lasts {low} to {high} minute, not {minutes}.",
                                  other="A turn lasts {low} to {high} minutes, not {minutes}."),
    "refused.teams_option": "Teams play 2 against 2, so they need 4 seats, not {seats}: leave seats at 4.",
    "refused.colour_taken": "The colour {colour} is taken already: choose a free one.",
    "refused.colour_yours": "You play {colour} already.",
    "refused.side_by_side": "In a game of two the players sit opposite each other (red and yellow, or green and "
                            "blue): one of you, choose the colour across from the other's.",
    "refused.rematch_not_over": "This game is not over yet.",
    "refused.rematch_players": "Only the players of this game can ask for its rematch.",
    "refused.rematch_open": "A rematch of this game is already open in <#{channel}>: join it there.",
    "refused.rematch_playing": "The rematch of this game is already being played in <#{channel}>.",
    "refused.rematch_opening": "The rematch of this game is being opened at this moment: its lobby appears shortly.",
    "refused.rematch_not_posted": "I could not post the rematch lobby in <#{channel}> (I may not send messages "
                                  "there), so it was not opened.",
    "refused.no_game": "This game no longer exists.",
    "refused.over": "This game is over.",
    "refused.moved_on": "The game has moved on since this button was made: use the newest game message.",
    "refused.moved_on_reposted": ("The game had moved on without this message showing it, "
                                  "so the newest game message was posted again below."),
    "refused.not_playing": "You are not playing in this game.",
    "refused.left_already": "You have left this game already (or finished it): there is nothing to leave.",
    "refused.thread_member": "You cannot create threads in this channel, so the game cannot have a thread of its "
                             "own: start it without `thread`.",
    "refused.thread_bot": "I may not create threads and post in them in this channel (Create Public Threads, Send "
                          "Messages in Threads): start the game without `thread`, or ask a moderator.",
    "refused.not_your_turn": "It is not your turn: {colour} is to play.",
    "refused.other_channel": "That button belongs to a game in another channel.",
    "refused.foreign_button": "That button is not one of this game's.",
    "refused.illegal": "Not allowed: {error}.",
    "refused.already_over": "This game is already over.",
    "refused.host_ends": "Only the host or someone who can manage this channel can end the game.",
    "refused.game_race": "The game changed at the same moment; please try again.",
    "refused.channel_has_game": "This channel already has a Ludo game.",
    "refused.act_race": "Someone acted on this game at the same moment: the game has moved on.",
    "refused.no_channel_game": "There is no Ludo game in this channel: start one with /ludo start.",
    "refused.lobby_not_game": "This channel has a lobby, not a game yet: the host starts it with its Start button.",
    "refused.manage_server": "Only members who can manage this server can change its Ludo settings.",
    "refused.settings_no_server": "Only a server has Ludo settings, and nobody manages a group DM or a DM: here, each "
                                  "game takes its rules from the options of /ludo start.",
    "refused.unknown_game": "There is no Ludo game `{id}` in this server (finished games are kept 30 days): "
                            "see /ludo history.",
    "refused.not_finished": "Game `{id}` is not finished: its dice seed stays secret until the end "
                            "(games ended early are not revealed). Its commitment: `{commitment}`",
    "refused.still_playing": "Game `{id}` is still being played: its replay comes when it is over.",
    "refused.user_open": plural(
        "most", one="You already have {most} Ludo lobby open in this server, as many as one player may host at "
                    "once: start or cancel it, then try again.",
        other="You already have {most} Ludo lobbies open in this server, as many as one player may host at once: "
              "start or cancel one of them, then try again."),
    "refused.guild_open": plural(
        "most", one="This server already has {most} Ludo lobby or game open, as many as it may have at once: finish "
                    "or end the game (/ludo end) or cancel the lobby, then try again.",
        other="This server already has {most} Ludo lobbies and games open at once, as many as it may have: finish or "
              "end a game (/ludo end) or cancel a lobby, then try again."),
    "refused.user_burst": "You are opening Ludo lobbies faster than the bot allows: try again <t:{at}:R>.",
    "refused.guild_burst": "Ludo lobbies are being opened in this server faster than the bot allows: try again "
                           "<t:{at}:R>.",
    "refused.wait_replay": "You asked for a replay a moment ago; drawing one is heavy work for the bot, so the next "
                           "one can come <t:{at}:R> (in {seconds} s).",
    "refused.wait_verify": "You used /ludo verify a moment ago: try again <t:{at}:R> (in {seconds} s).",
    "refused.wait_export": "You used /ludo export a moment ago: try again <t:{at}:R> (in {seconds} s).",
    "refused.wait_board": "You used /ludo board a moment ago: try again <t:{at}:R> (in {seconds} s).",
    "refused.replays_busy": "The bot is drawing many replays right now: please ask again in a minute.",
    "button.review": "Review", "button.post_review": "Post in the channel",
    "cmd.review": "A finished game's review: what the dice did, what the choices did, the costliest decisions",
    "refused.review_playing": "Game `{id}` is still being played: its review comes when it is over.",
    "refused.reviews_busy": "The bot is reviewing many games right now: please ask again in a minute.",
    "refused.wait_review": "You asked for a review a moment ago: try again <t:{at}:R> (in {seconds} s).",
    "refused.wait_review_post": "You posted a review a moment ago: try again <t:{at}:R> (in {seconds} s).",
    "review.head": plural(
        "error", one="📈 **Review of game `{id}`**: win chances by the engine (within about ±{error} point)",
        other="📈 **Review of game `{id}`**: win chances by the engine (within about ±{error} points)"),
    "review.player": "**{who}** ({colour}): {start} % → {end} % · dice {dice} · own choices {choices} · others' "
                     "choices {others} · {accuracy}",
    "review.accuracy": plural("decisions", one="accuracy {share} % of {decisions} decision",
                              other="accuracy {share} % of {decisions} decisions"),
    "review.no_choices": "no real choice all game",
    "review.costliest": "Costliest decisions of **{who}** (marked 1-3 on the chart):",
    "review.decision": plural("cost", one="{n}. move {move}: played {played}; better {best} (−{cost} point)",
                              other="{n}. move {move}: played {played}; better {best} (−{cost} points)"),
    "review.no_mistakes": "**{who}** made no costly decision.",
    "review.shared": "<@{user}> shares this review:",
    "review.chart_alt": "Chart of each player's chance to win over Ludo game {id}",
    "review.best_label": "best", "review.played_label": "played",
    "review.caption": "decision {n} · move {move}",
    "review.decision_alt": "The position of costly decision {n}, at move {move}: the move played and the better one "
                           "are marked",
    "reply.saved_after_all": "Your move was saved after all: the game message is posted again below.",
    "reply.move_not_shown": "Your move counted, but Discord did not take the updated game message: "
                            "`/ludo board` shows the game as it is now.",
    "reply.start_not_shown": "The game has started, but Discord did not take its message: `/ludo board` in the "
                             "game's channel (or its thread) shows it.",
    "reply.leave_not_shown": "You left the game, but Discord did not take the updated game message: "
                             "`/ludo board` shows the game as it is now.",
    "error.storage": "Storage is unavailable right now: try again in a moment. If your move was saved just before, "
                     "the game message shows it once storage answers again.",
    "error.unexpected": "Sorry, something went wrong on our side and nothing was changed (reference `{reference}`).",
    "error.outdated": "This button is outdated: use the newest game message.",
    "error.command": "That command could not run: {error}",
    # turn alerts by direct message (/ludo notify)
    "notify.on": "🔔 Turn alerts are on: I will send you a direct message when it is your turn in a Ludo game, and "
                 "at the turn's reminder. `/ludo notify alerts:off` turns them off. Discord must let me message you "
                 "(Privacy Settings: direct messages from server members).",
    "notify.off": "🔕 Turn alerts are off: no more direct messages about your turns.",
    "alert.turn": "🎲 It is your turn in Ludo game `{id}` ({rules}): {link}",
    "alert.remind": "⏰ Reminder: your turn in Ludo game `{id}` ({rules}) ends <t:{at}:R>: {link}",
    "alert.deadline": "Your turn ends <t:{at}:R>.",
    "alert.stop": "-# `/ludo notify alerts:off` stops these messages.",
    "alert.alt": "The board of Ludo game {id}: ",
    "alert.refused": "🔕 Your Ludo turn alerts were switched off: Discord did not let me send you a direct message "
                     "(your privacy settings may not allow direct messages from this server's members). Allow them, "
                     "then turn alerts on again with `/ludo notify alerts:on`.",
    "cmd.notify": "A direct message when it is your turn in a Ludo game: on or off",
    "opt.notify.alerts": "on: a DM when it is your turn (and at its reminder); off: none",
    "choice.notify.on": "on", "choice.notify.off": "off",
    # the commands, as Discord shows them (descriptions and choice names: at most 100 characters)
    "cmd.ludo": "Play Ludo in this channel",
    "cmd.start": "Open a Ludo lobby in this channel",
    "cmd.board": "Post the live game message here again",
    "cmd.games": "Your Ludo games in this server, with links: yours to play first",
    "cmd.rules": "The rules of the game in this channel, or of a preset",
    "cmd.leave": "Leave the game in this channel (forfeit)",
    "cmd.end": "End the game in this channel (host or Manage Channels)",
    "cmd.stats": "A player's Ludo results in this server",
    "cmd.leaderboard": "The server's best Ludo players, by skill rating",
    "cmd.settings": "This server's defaults for new games (Manage Server)",
    "cmd.export": "The file of a finished game (rules, seats, seed, log) to check anywhere",
    "cmd.verify": "Replay a finished game from its revealed seed and check every roll",
    "cmd.history": "This server's most recently finished Ludo games",
    "cmd.replay": "The animated replay of a finished game",
    "opt.start.preset": "Rule set (default: the server's)", "opt.start.seats": "Seats, 2 to 4",
    "opt.start.turn_minutes": "Minutes each turn may take", "opt.start.thread": "Play in a thread of its own",
    "opt.start.dice": "strict only: one or two dice", "opt.start.end_path": "strict only: 4 or 5",
    "opt.start.bonus_on_six": "A 6 earns another roll",
    "opt.start.third_six_ends_turn": "A third 6 in a row ends the turn",
    "opt.start.capture_bonus": "A capture earns another roll", "opt.start.stacking": "Two own tokens on one square",
    "opt.start.game_end": "first: first player home wins; all: play on for every place",
    "opt.start.turn_limit": "Turns per player (0: none)",
    "opt.start.ai_takeover": "An AI takes the seat of a player who leaves",
    "opt.start.auto_single": "Play forced moves automatically",
    "opt.start.quick": "Quick game: the first token home wins",
    "opt.start.kill_to_unlock": "A token enters its home column only after a capture",
    "opt.start.teams": "2 against 2 (red+yellow against green+blue; needs 4 seats)",
    "opt.rules.preset": "A preset's rules instead of this channel's game",
    "opt.stats.user": "Whose results (default: yours)",
    "opt.settings.language": "The language of the bot's messages in this server (default: the server's own)",
    "opt.settings.preset": "Default rule set", "opt.settings.turn_minutes": "Minutes a turn may take",
    "opt.settings.reminder_minutes": "Remind the player this many minutes before the deadline (0: never)",
    "opt.settings.timeout_action": "At the deadline: an AI plays the turn, skip it, or forfeit after misses",
    "opt.settings.forfeit_after": "With forfeit: missed turns in a row before the player is out",
    "opt.game": "The game's id (see /ludo history)",
    "choice.stacking.forbidden": "forbidden", "choice.stacking.allowed": "allowed", "choice.stacking.block": "block",
    "choice.game_end.first": "first", "choice.game_end.all": "all",
    "choice.timeout_action.ai": "ai", "choice.timeout_action.skip": "skip", "choice.timeout_action.forfeit": "forfeit",
    **{"describe." + key: text for key, text in PHRASES.items()},
    **{"board." + key: text for key, text in WORDS.items()},
    # the alt text's and the picture's counted ones
    "describe.home": plural("n", one="{n} home", other="{n} home"),
    "describe.in_yard": plural("n", one="{n} in the yard", other="{n} in the yard"),
    "describe.on_track": plural("n", one="{n} on the track", other="{n} on the track"),
    "describe.in_columns": plural("n", one="{n} in the home column", other="{n} in the home column"),
    "describe.turns_left": plural("n", one="{n} turn left", other="{n} turns left"),
    "describe.in_column": plural("left", one="token {n} in the home column, {left} from the finish",
                                 other="token {n} in the home column, {left} from the finish"),
    "board.chart_title": plural("moves", one="win chances over {moves} move", other="win chances over {moves} moves"),
    # user installs
    "button.times_up": "Time's up",
    "status.deadline_late": " (turn ends <t:{at}:R>; after that the others can press Time's up)",
    "refused.not_late": "This turn is not over yet: it ends <t:{at}:R>. After that you can press Time's up.",
    "refused.late_yours": "It is your turn: make your move.",
    "refused.no_games_here": "Ludo games are played in a server channel or a group DM: start one there.",
    "refused.thread_here": "A game gets a thread of its own only in a server that added the bot; here it plays in "
                           "this chat.",
    "start.private_here": "This server lets apps that members added themselves answer only privately, so a game "
                          "cannot be played here with me. A moderator can allow Use External Apps in this channel, "
                          "or add me to the server: {link}",
    # /ludo history's lines; /ludo settings back to the server's Discord language
    "choice.language.discord": "the server's Discord language",
    "history.line": "`{id}` · <t:{at}:d> · **{rules}**{extra} · 🥇 {winners}{then}",
    "settings.follows": "The bot's messages in this server follow its Discord language, now **{language}**.",
}
